//! School words in a request: a school before an adult's occupation is a workplace
//! (`kindergarten teacher`), and a pupil long past or in costume is only an ambiguous sign
//! (`my former Year 9 student`, `déguisée en collégienne`).

use super::lists::{Hit, List};
use super::normalize::Reading;
use super::{Gate, Read};

impl Read<'_> {
    /// Whether the school words `first..=last` are a workplace: an adult occupation one or two
    /// words after them (`kindergarten teacher`), or right before them, alone or with one word
    /// of [`WORKPLACE_LINKS`] and at most one of [`WORKPLACE_ARTICLES`] (`juf van groep 1`,
    /// `guro sa kindergarten`, `Referendarin an einer Grundschule`), nothing else between.
    pub(super) fn at_work(
        &self,
        reading: &Reading,
        hits: &[Hit],
        first: usize,
        last: usize,
    ) -> bool {
        let linked = |role_last: usize| {
            let link = role_last + 1;
            let through_article =
                link + 2 == first && WORKPLACE_ARTICLES.contains(&reading.word(link + 1));
            WORKPLACE_LINKS.contains(&reading.word(link))
                && (link + 1 == first || through_article)
                && (role_last..first).all(|i| self.adjacent(reading, i, i + 1))
        };
        Self::followed_by(hits, List::AdultRoles, last)
            || hits.iter().any(|h| {
                h.on(List::AdultRoles)
                    && (h.last + 1 == first && self.adjacent(reading, h.last, first)
                        || (h.last + 2 <= first && linked(h.last)))
            })
    }

    /// Whether words of `lists/school_aside.txt` stand right before the pupil's words
    /// `first..=last` (an article between at most: `dressed as a schoolgirl`, `my former Year 9
    /// student`) or right after them (`Schulmädchen-Outfit`): a stage long past, or a costume.
    pub(super) fn set_aside_school(
        reading: &Reading,
        hits: &[Hit],
        first: usize,
        last: usize,
    ) -> bool {
        hits.iter().any(|h| {
            h.on(List::SchoolAside)
                && (h.last + 1 == first
                    || h.last + 2 == first
                        && WORKPLACE_ARTICLES.contains(&reading.word(h.last + 1))
                    || h.first == last + 1)
        })
    }
}

impl Gate {
    /// Whether `hit` names a school or a school level.
    pub(super) fn school(&self, reading: &Reading, hit: &Hit) -> bool {
        let covered = &reading.text[reading.words[hit.first].at.0..reading.words[hit.last].at.1];
        self.schools.iter().any(|w| covered.contains(w.as_str()))
    }

    /// Whether `hit` names a school, a school level or a pupil (`collégienne`, `uczennica`).
    pub(super) fn pupil(&self, reading: &Reading, hit: &Hit) -> bool {
        let covered = &reading.text[reading.words[hit.first].at.0..reading.words[hit.last].at.1];
        self.school(reading, hit) || self.pupils.iter().any(|w| covered.contains(w.as_str()))
    }
}

/// The words that join an occupation written first to its workplace (`maestra de primaria`,
/// `teacher at kindergarten`, `juf van groep 1`, `guro sa kindergarten`), as readings write
/// them. Only these: "teacher and kindergartener" joins two people.
const WORKPLACE_LINKS: [&str; 22] = [
    "of", "at", "in", "from", "de", "del", "da", "do", "di", "du", "des", "d", "van", "von", "an",
    "der", "sa", "ng", "w", "v", "na", "i",
];

/// Articles that may stand between a workplace link and the school (`an einer`, `at a`).
const WORKPLACE_ARTICLES: [&str; 16] = [
    "a", "an", "the", "einer", "einem", "der", "dem", "la", "le", "l", "el", "une", "un", "una",
    "uma", "um",
];

/// Words of a school or a school level: before an adult occupation (`middle school teacher`,
/// `kindergarten teacher`) they name a workplace. Only these: `loli teacher` is no workplace.
pub(super) const SCHOOL_WORDS: [&str; 46] = [
    "school",
    "kindergarten",
    "preschool",
    "nursery",
    "elementary",
    "primary",
    "middle",
    "junior high",
    "high",
    "daycare",
    "grade",
    "escuela",
    "colegio",
    "primaria",
    "secundaria",
    "escola",
    "fundamental",
    "ecole",
    "college",
    "lycee",
    "maternelle",
    "schule",
    "grundschule",
    "gymnasium",
    "scuola",
    "elementare",
    "media",
    "basisschool",
    "middelbare",
    "szkola",
    "podstawowa",
    "liceum",
    "школ",
    "okul",
    "ilkokul",
    "ortaokul",
    "学校",
    "中学",
    "小学",
    "高校",
    "幼稚園",
    "幼儿园",
    "학교",
    "초등",
    "유치원",
    "어린이집",
];

/// Words of a pupil, besides [`SCHOOL_WORDS`]: after a word of `lists/school_aside.txt` they are
/// a stage long past or a costume (`Gate::pupil`). Stems, read within a sign's words.
pub(super) const PUPIL_WORDS: &[&str] = &[
    "student",
    "pupil",
    "schoolgirl",
    "schoolboy",
    "collegien",
    "lyceen",
    "alumn",
    "schuler",
    "schulm",
    "scolar",
    "leerling",
    "scholier",
    "elev",
    "zak",
    "uczen",
    "uczni",
    "учени",
    "школяр",
    "учн",
    "ogrenci",
    "siswa",
    "murid",
    "hoc sinh",
    "μαθητ",
    "תלמיד",
    "طالب",
    "دانش آموز",
    "छात्र",
    "ছাত্র",
    "tanulo",
    "diak",
    "oppilas",
    "生徒",
    "学生",
    "학생",
    "jk",
];
