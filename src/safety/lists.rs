//! The gate's word lists, compiled into one Aho-Corasick automaton: every reading of a text is
//! searched once for every list, and a hit counts only when it covers whole words, so a listed
//! word is never found inside another (`pegboard`, `Scunthorpe`, `grapes`, `babydoll`).
//!
//! The lists ship in `src/safety/lists/*.txt`; a deployer replaces any of them with a file of
//! the same name in the directory `LUCENT_SAFETY_LISTS` names. One entry per line, `#` starts
//! a comment; entries are read with the same normalisation as prompts, and each also matches
//! in its plural, written as one word (`little girl`, `littlegirl`, `#taylorswift`) and with a
//! word split by a mark joined (`dog's bed` as `dogs bed`, as the reading that joins split
//! words has it). An entry written `?word` is an ambiguous sign: often innocent, so that a
//! refusal resting on it alone asks the user to rephrase and does not count against the
//! account (`super::evidence::Evidence`).

use std::collections::HashMap;
use std::path::Path;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

use super::normalize::{Reading, entry, joined_entry};

/// Which list an entry is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum List {
    Explicit,
    Minor,
    Harm,
    AdultInNegative,
    ConsentInNegative,
    NonConsent,
    Bestiality,
    Animals,
    SexActs,
    RealPeople,
    AgedThings,
    AdultRoles,
    Anthro,
    Denials,
    Consent,
    Kin,
    Innocent,
    AnimalsAside,
    Pets,
    Nursing,
    Babies,
    SchoolAside,
    Teaching,
    RealPointers,
    Now,
    Careers,
    Milestones,
    Ahead,
}

impl List {
    const ALL: [List; 28] = [
        List::Explicit,
        List::Minor,
        List::Harm,
        List::AdultInNegative,
        List::ConsentInNegative,
        List::NonConsent,
        List::Bestiality,
        List::Animals,
        List::SexActs,
        List::RealPeople,
        List::AgedThings,
        List::AdultRoles,
        List::Anthro,
        List::Denials,
        List::Consent,
        List::Kin,
        List::Innocent,
        List::AnimalsAside,
        List::Pets,
        List::Nursing,
        List::Babies,
        List::SchoolAside,
        List::Teaching,
        List::RealPointers,
        List::Now,
        List::Careers,
        List::Milestones,
        List::Ahead,
    ];

    /// The file it is read from.
    pub fn file(self) -> &'static str {
        match self {
            List::Explicit => "explicit.txt",
            List::Minor => "minor.txt",
            List::Harm => "harm.txt",
            List::AdultInNegative => "adult_in_negative.txt",
            List::ConsentInNegative => "consent_in_negative.txt",
            List::NonConsent => "non_consent.txt",
            List::Bestiality => "bestiality.txt",
            List::Animals => "animals.txt",
            List::SexActs => "sex_acts.txt",
            List::RealPeople => "real_people.txt",
            List::AgedThings => "aged_things.txt",
            List::AdultRoles => "adult_roles.txt",
            List::Anthro => "anthro.txt",
            List::Denials => "denials.txt",
            List::Consent => "consent.txt",
            List::Kin => "kin.txt",
            List::Innocent => "innocent.txt",
            List::AnimalsAside => "animals_aside.txt",
            List::Pets => "pets.txt",
            List::Nursing => "nursing.txt",
            List::Babies => "babies.txt",
            List::SchoolAside => "school_aside.txt",
            List::Teaching => "teaching.txt",
            List::RealPointers => "real_pointers.txt",
            List::Now => "now.txt",
            List::Careers => "careers.txt",
            List::Milestones => "milestones.txt",
            List::Ahead => "ahead.txt",
        }
    }

    pub fn built_in(self) -> &'static str {
        match self {
            List::Explicit => include_str!("lists/explicit.txt"),
            List::Minor => include_str!("lists/minor.txt"),
            List::Harm => include_str!("lists/harm.txt"),
            List::AdultInNegative => include_str!("lists/adult_in_negative.txt"),
            List::ConsentInNegative => include_str!("lists/consent_in_negative.txt"),
            List::NonConsent => include_str!("lists/non_consent.txt"),
            List::Bestiality => include_str!("lists/bestiality.txt"),
            List::Animals => include_str!("lists/animals.txt"),
            List::SexActs => include_str!("lists/sex_acts.txt"),
            List::RealPeople => include_str!("lists/real_people.txt"),
            List::AgedThings => include_str!("lists/aged_things.txt"),
            List::AdultRoles => include_str!("lists/adult_roles.txt"),
            List::Anthro => include_str!("lists/anthro.txt"),
            List::Denials => include_str!("lists/denials.txt"),
            List::Consent => include_str!("lists/consent.txt"),
            List::Kin => include_str!("lists/kin.txt"),
            List::Innocent => include_str!("lists/innocent.txt"),
            List::AnimalsAside => include_str!("lists/animals_aside.txt"),
            List::Pets => include_str!("lists/pets.txt"),
            List::Nursing => include_str!("lists/nursing.txt"),
            List::Babies => include_str!("lists/babies.txt"),
            List::SchoolAside => include_str!("lists/school_aside.txt"),
            List::Teaching => include_str!("lists/teaching.txt"),
            List::RealPointers => include_str!("lists/real_pointers.txt"),
            List::Now => include_str!("lists/now.txt"),
            List::Careers => include_str!("lists/careers.txt"),
            List::Milestones => include_str!("lists/milestones.txt"),
            List::Ahead => include_str!("lists/ahead.txt"),
        }
    }

    /// Names and the little words that qualify others are not pluralised.
    fn plurals(self) -> bool {
        !matches!(
            self,
            List::RealPeople
                | List::Denials
                | List::Consent
                | List::Kin
                | List::AnimalsAside
                | List::SchoolAside
                | List::Teaching
                | List::RealPointers
                | List::Now
        )
    }

    /// The list whose words, right before a sign on this one, make it only an ambiguous sign:
    /// a denial before a minor word (`no one underage`), a word of consent before a non-consent
    /// word (`consensual voyeur roleplay`). The text encoder reads the sign all the same, so the
    /// request is still refused unless an adult age is stated, but it does not strike.
    pub fn weakened_by(self) -> Option<List> {
        match self {
            List::Minor => Some(List::Denials),
            List::NonConsent => Some(List::Consent),
            _ => None,
        }
    }

    fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

/// A file that is not a word list: its name, and its built-in text.
pub const AGES: (&str, &str) = ("ages.txt", include_str!("lists/ages.txt"));
pub const NUMBERS: (&str, &str) = ("numbers.txt", include_str!("lists/numbers.txt"));

/// The deployer's file of `name` in `dir` where there is one, or the built-in text.
pub fn read_file(dir: Option<&Path>, name: &str, built_in: &str) -> Result<String, ListError> {
    match dir.map(|d| d.join(name)) {
        Some(path) if path.exists() => std::fs::read_to_string(&path).map_err(|error| ListError {
            file: path.display().to_string(),
            error,
        }),
        _ => Ok(built_in.to_owned()),
    }
}

/// The lines of a list file that hold something: trimmed, without comments.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

#[derive(Debug, thiserror::Error)]
#[error("LUCENT_SAFETY_LISTS: {file}: {error}")]
pub struct ListError {
    file: String,
    error: std::io::Error,
}

/// The compiled lists.
pub struct Lists {
    automaton: AhoCorasick,
    /// Per pattern, the lists it is on (bits of [`List::bit`]), and those of them where it is
    /// only an ambiguous sign (an entry written `?word`).
    owners: Vec<(u32, u32)>,
    /// Entries per list, for the log at start.
    pub counts: HashMap<List, usize>,
}

/// A hit: which lists, and the words of the reading it covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    lists: u32,
    ambiguous: u32,
    pub first: usize,
    pub last: usize,
}

impl Hit {
    pub fn on(&self, list: List) -> bool {
        self.lists & list.bit() != 0
    }

    /// On `list` as an ambiguous sign only: alone, it asks the user to rephrase.
    pub fn ambiguous(&self, list: List) -> bool {
        self.ambiguous & list.bit() != 0
    }
}

impl Lists {
    /// The built-in lists, each replaced by a file of its name in `dir` where there is one.
    pub fn load(dir: Option<&Path>) -> Result<Self, ListError> {
        let mut texts = Vec::with_capacity(List::ALL.len());
        for list in List::ALL {
            texts.push((list, read_file(dir, list.file(), list.built_in())?));
        }
        Ok(Self::compile(&texts))
    }

    fn compile(texts: &[(List, String)]) -> Self {
        // Per form: the lists it is on, and those where every entry giving it is ambiguous.
        let mut owners: HashMap<String, (u32, u32)> = HashMap::new();
        let mut counts = HashMap::new();
        for (list, text) in texts {
            let mut n = 0;
            for line in lines(text) {
                let (ambiguous, line) = match line.strip_prefix('?') {
                    Some(rest) => (true, rest),
                    None => (false, line),
                };
                let e = entry(line);
                if e.is_empty() {
                    continue;
                }
                n += 1;
                let clitics = clitic_forms(*list, line);
                let joined = joined_entry(line).map(|j| forms(&j, list.plurals()));
                let all = forms(&e, list.plurals())
                    .into_iter()
                    .chain(joined.into_iter().flatten());
                for form in all.chain(clitics) {
                    let (on, weak) = owners.entry(form).or_default();
                    let already_certain = *on & list.bit() != 0 && *weak & list.bit() == 0;
                    *on |= list.bit();
                    if ambiguous && !already_certain {
                        *weak |= list.bit();
                    } else {
                        *weak &= !list.bit();
                    }
                }
            }
            counts.insert(*list, n);
        }
        let (patterns, owners): (Vec<String>, Vec<(u32, u32)>) = owners.into_iter().unzip();
        // A DFA: a few MiB for these lists, built once at start, and the fastest search.
        let automaton = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .kind(Some(AhoCorasickKind::DFA))
            .build(&patterns)
            .expect("the lists are plain words, well within the automaton's limits");
        Self {
            automaton,
            owners,
            counts,
        }
    }

    /// Every hit in `reading` that covers whole words.
    pub fn hits(&self, reading: &Reading) -> Vec<Hit> {
        let words = &reading.words;
        self.automaton
            .find_overlapping_iter(&reading.text)
            .filter_map(|m| {
                let first = words.binary_search_by_key(&m.start(), |w| w.at.0).ok()?;
                let last = words.binary_search_by_key(&m.end(), |w| w.at.1).ok()?;
                let (lists, ambiguous) = self.owners[m.pattern().as_usize()];
                Some(Hit {
                    lists,
                    ambiguous,
                    first,
                    last,
                })
            })
            .collect()
    }
}

/// An entry as it is matched: itself, its plural, and each written as one word.
fn forms(entry: &str, plurals: bool) -> Vec<String> {
    let mut forms = vec![entry.to_owned()];
    if plurals && let Some(plural) = plural(entry) {
        forms.push(plural);
    }
    for i in 0..forms.len() {
        if forms[i].contains(' ') {
            forms.push(forms[i].replace(' ', ""));
        }
    }
    forms
}

/// Arabic and Hebrew write the article, their prepositions and "and" on the next word
/// (`الحصان`, "the horse"; `والحصان`, "and the horse"; `לכלב`, "to the dog"; `لهيفاء وهبي`, "of
/// Haifa Wehbe"): an animal or a name written in either script is also listed with each of
/// them before it.
fn clitic_forms(list: List, line: &str) -> Vec<String> {
    const ARABIC_NAME: [&str; 4] = ["ل", "ب", "و", "ك"];
    const ARABIC_NOUN: [&str; 8] = ["ال", "وال", "بال", "لل", "كال", "و", "ب", "ل"];
    const HEBREW: [&str; 8] = ["ה", "ו", "וה", "ב", "ל", "כ", "מ", "ש"];
    let Some(first) = line.chars().next() else {
        return Vec::new();
    };
    let arabic = ('\u{0620}'..='\u{064A}').contains(&first);
    let hebrew = ('\u{05D0}'..='\u{05EA}').contains(&first);
    let clitics: &[&str] = match list {
        List::RealPeople if arabic => &ARABIC_NAME,
        List::Animals if arabic && !line.starts_with("ال") => &ARABIC_NOUN,
        List::RealPeople | List::Animals if hebrew => &HEBREW,
        _ => &[],
    };
    clitics
        .iter()
        .map(|clitic| entry(&format!("{clitic}{line}")))
        .collect()
}

/// The plural of an entry's last word, when it is an English-looking word.
fn plural(entry: &str) -> Option<String> {
    let (head, last) = match entry.rsplit_once(' ') {
        Some((head, last)) => (format!("{head} "), last),
        None => (String::new(), entry),
    };
    if last.len() < 3 || !last.chars().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    let irregular = [
        ("child", "children"),
        ("woman", "women"),
        ("man", "men"),
        ("person", "people"),
        ("calf", "calves"),
        ("wolf", "wolves"),
    ];
    let plural = if let Some((_, p)) = irregular.iter().find(|(s, _)| *s == last) {
        (*p).to_owned()
    } else if ["s", "x", "ch", "sh"].iter().any(|e| last.ends_with(e)) {
        format!("{last}es")
    } else if let Some(stem) = last.strip_suffix('y')
        && !stem.ends_with(['a', 'e', 'o', 'u'])
    {
        format!("{stem}ies")
    } else {
        format!("{last}s")
    };
    Some(format!("{head}{plural}"))
}
