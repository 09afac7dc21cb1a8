//! School words in a request: a school before an adult's occupation is a workplace
//! (`kindergarten teacher`), and a pupil long past or in costume is only an ambiguous sign
//! (`my former Year 9 student`, `déguisée en collégienne`).

use super::lists::{Hit, List};
use super::normalize::Reading;
use super::{Gate, Read};

impl Read<'_> {
    /// Whether the school words `first..=last` are a workplace: an adult occupation one or two
    /// words after them (`kindergarten teacher`), or right before them, alone or with one word
    /// of [`WORKPLACE_LINKS`] or [`PLACE_LINKS`] and at most one of [`WORKPLACE_ARTICLES`] (`juf
    /// van groep 1`, `guro sa kindergarten`, `Referendarin an einer Grundschule`), nothing else
    /// between.
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
            links(&WORKPLACE_LINKS, reading.word(link))
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

    /// Whether `hit` is a school at work ([`Read::at_work`]), itself or as part of a school's
    /// longer words that are: `petite` in `maîtresse de petite section de maternelle` is the
    /// section the teacher teaches.
    pub(super) fn school_at_work(
        &self,
        gate: &Gate,
        reading: &Reading,
        hits: &[Hit],
        hit: &Hit,
    ) -> bool {
        enclosing_minor(hits, hit.first, hit.last)
            .any(|h| gate.school(reading, h) && self.at_work(reading, hits, h.first, h.last))
    }

    /// Whether words of `lists/school_aside.txt` stand right before the pupil's words
    /// `first..=last` (an article between at most: `dressed as a schoolgirl`, `my former Year 9
    /// student`) or right after them (`Schulmädchen-Outfit`): a stage long past, or a costume.
    /// A teacher's verb (`lists/teaching.txt`) reaches further, over its clause: "who taught
    /// eighth-grade science at my middle school" names the teacher's classes and school.
    pub(super) fn set_aside_school(
        &self,
        reading: &Reading,
        hits: &[Hit],
        first: usize,
        last: usize,
    ) -> bool {
        // Right before, overlapping by a word (`carrière en` and `en CM2` share their `en`),
        // through an article or a word that says where from (`exalumna de sexto`, `oud-leerling
        // uit groep 8`), or right after.
        hits.iter().any(|h| {
            let teaching = h.on(List::Teaching);
            (teaching || h.on(List::SchoolAside))
                && (h.last + 1 == first
                    || (h.first < first && (first..=last).contains(&h.last))
                    || h.last + 2 == first
                        && (WORKPLACE_ARTICLES.contains(&reading.word(h.last + 1))
                            || links(&ASIDE_LINKS, reading.word(h.last + 1)))
                    || h.first == last + 1)
                || teaching
                    && h.last < first
                    && first <= h.last + TEACHING_WITHIN
                    && self.one_clause(reading, h.last, first)
        })
    }

    /// Whether the pupil's words `first..=last` are set aside ([`Read::set_aside_school`]),
    /// themselves or as part of a pupil's longer words that are: `CP` in `ancienne élève de
    /// CP` is the same school year as the words around it.
    pub(super) fn set_aside_pupil(
        &self,
        gate: &Gate,
        reading: &Reading,
        hits: &[Hit],
        first: usize,
        last: usize,
    ) -> bool {
        self.set_aside_school(reading, hits, first, last)
            || enclosing_minor(hits, first, last).any(|h| {
                gate.pupil(reading, h) && self.set_aside_school(reading, hits, h.first, h.last)
            })
    }
}

impl Gate {
    /// Whether `hit` names a school or a school level and no pupil: `中学生` holds `中学`, but
    /// "中学生が先生と" is a pupil with her teacher, not a middle school's teacher.
    pub(super) fn school(&self, reading: &Reading, hit: &Hit) -> bool {
        let covered = covered(reading, hit);
        self.schools.iter().any(|w| covered.contains(w.as_str()))
            && !self.pupils.iter().any(|w| covered.contains(w.as_str()))
    }

    /// Whether `hit` names a school, a school level or a pupil (`collégienne`, `uczennica`).
    pub(super) fn pupil(&self, reading: &Reading, hit: &Hit) -> bool {
        let covered = covered(reading, hit);
        self.schools
            .iter()
            .chain(&self.pupils)
            .any(|w| covered.contains(w.as_str()))
    }
}

/// The minor hits that hold the words `first..=last`: a school's or a pupil's longer words.
fn enclosing_minor(hits: &[Hit], first: usize, last: usize) -> impl Iterator<Item = &Hit> {
    hits.iter()
        .filter(move |h| h.on(List::Minor) && h.first <= first && last <= h.last)
}

/// The text of `reading` that `hit` covers.
fn covered<'a>(reading: &'a Reading, hit: &Hit) -> &'a str {
    &reading.text[reading.words[hit.first].at.0..reading.words[hit.last].at.1]
}

/// Words that say where someone is or was, in every language the lists cover: both links
/// below begin with these.
const PLACE_LINKS: [&str; 12] = [
    "of", "at", "in", "from", "de", "del", "da", "do", "di", "du", "des", "van",
];

/// The words that join an occupation written first to its workplace (`maestra de primaria`,
/// `teacher at kindergarten`, `juf van groep 1`, `guro sa kindergarten`, `juf op een
/// basisschool`): [`PLACE_LINKS`] and these. Only these: "teacher and kindergartener" joins
/// two people.
const WORKPLACE_LINKS: [&str; 11] = [
    "d", "von", "an", "der", "sa", "ng", "w", "v", "na", "i", "op",
];

/// Words that say where a former pupil was one, between the words that set her aside and the
/// school year (`exalumna de sexto de primaria`, `ex alunna delle elementari`, `gamla elev från
/// mellanstadiet`), as the gate reads them (accents off): [`PLACE_LINKS`] and these.
const ASIDE_LINKS: [&str; 7] = ["delle", "della", "dalla", "uit", "fran", "z", "з"];

/// Whether `word` is one of [`PLACE_LINKS`] or of `more`.
fn links(more: &[&str], word: &str) -> bool {
    PLACE_LINKS.contains(&word) || more.contains(&word)
}

/// How many words after a teacher's verb its school words may start.
const TEACHING_WITHIN: usize = 8;

/// Articles that may stand between a workplace link and the school (`an einer`, `at a`,
/// `op dezelfde`).
const WORKPLACE_ARTICLES: [&str; 18] = [
    "a", "an", "the", "einer", "einem", "der", "dem", "la", "le", "l", "el", "une", "un", "una",
    "uma", "um", "dezelfde", "een",
];

/// Words of a school or a school level: before an adult occupation (`middle school teacher`,
/// `kindergarten teacher`) they name a workplace. Only these: `loli teacher` is no workplace.
pub(super) const SCHOOL_WORDS: [&str; 53] = [
    "school",
    "kindergarten",
    "preschool",
    "pre k",
    "prek",
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
    "petite section",
    "moyenne section",
    "grande section",
    "schule",
    "grundschule",
    "gymnasium",
    "scuola",
    "elementare",
    "media",
    "basisschool",
    "hogstadie",
    "mellanstadie",
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
    "ecolier",
    "lyceen",
    "cp",
    "cm1",
    "cm2",
    "ce1",
    "ce2",
    "alumn",
    "alunn",
    "schuler",
    "schulm",
    "scolar",
    "leerling",
    "scholier",
    "elev",
    "zak",
    "uczen",
    "uczni",
    "gimnazjal",
    "licealist",
    "maturzyst",
    "gimnazist",
    "гимназист",
    "учени",
    "школяр",
    "учн",
    "ogrenci",
    "liseli",
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
    "高生",
    "학생",
    "여고생",
    "남고생",
    "여중생",
    "jk",
];

/// Korean school years written as Koreans write them, the level's syllable fused to its year
/// (`초6`, `중2`, `고1`), with their spans and whether they are certain (`고3`, the last year,
/// may be 18). Read from the original, not a reading: the readings part digits from letters, so
/// `최고 1위` ("the very best, first place") and `그 중 2명` ("two of them") would read the same.
/// The syllable must start its word and the year end it or lead a word that is no counter
/// (`고1위`, `중2명` are no school years), and a teacher's or a past time's word may not follow
/// (`고1 담임`, `중2 때`).
pub(super) fn korean_school_years(text: &str) -> Vec<((usize, usize), bool)> {
    let hangul = |c: char| ('\u{AC00}'..='\u{D7A3}').contains(&c);
    let mut found = Vec::new();
    for (i, level) in text.char_indices() {
        let last_year = match level {
            '초' => 6,
            '중' | '고' => 3,
            _ => continue,
        };
        if text[..i].chars().next_back().is_some_and(hangul) {
            continue;
        }
        let after = &text[i + level.len_utf8()..];
        let Some(year) = after.chars().next().and_then(|d| d.to_digit(10)) else {
            continue;
        };
        let rest = &after[1..];
        let next = rest.chars().next();
        if !(1..=last_year).contains(&year)
            || next.is_some_and(|c| c.is_ascii_digit() || KOREAN_COUNTERS.contains(&c))
            || KOREAN_NOT_A_PUPIL
                .iter()
                .any(|w| rest.trim_start().starts_with(w))
        {
            continue;
        }
        let end = i + level.len_utf8() + 1;
        found.push(((i, end), !(level == '고' && year == last_year)));
    }
    found
}

/// Counters a number takes in Korean: `1위` is first place, `2명` two people, `3개` three things.
const KOREAN_COUNTERS: [char; 14] = [
    '위', '명', '개', '등', '층', '시', '분', '회', '차', '번', '호', '년', '월', '일',
];

/// Words after a school year that say it is a teacher's class or a time long past (`고1 담임`,
/// the homeroom teacher of a first-year class; `중2 때`, back in the second year).
const KOREAN_NOT_A_PUPIL: [&str; 6] = ["담임", "선생", "교사", "쌤", "때", "시절"];

#[cfg(test)]
mod tests {
    use super::korean_school_years;

    fn years(text: &str) -> Vec<(&str, bool)> {
        korean_school_years(text)
            .into_iter()
            .map(|((start, end), certain)| (&text[start..end], certain))
            .collect()
    }

    #[test]
    fn a_korean_school_year_is_its_level_fused_to_its_year() {
        assert_eq!(years("초6 조카"), [("초6", true)]);
        assert_eq!(years("(고1:1.2), 중2"), [("고1", true), ("중2", true)]);
        assert_eq!(years("고3 여학생"), [("고3", false)]);
    }

    #[test]
    fn ranks_counts_teachers_and_times_past_are_no_school_years() {
        for text in [
            "최고 1위",
            "최고1위",
            "그 중 2명",
            "중2명",
            "고1 담임 선생님",
            "중2 때 첫사랑",
            "초7",
            "고12",
        ] {
            assert!(years(text).is_empty(), "{text}");
        }
    }
}
