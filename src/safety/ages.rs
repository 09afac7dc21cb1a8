//! Ages and school years, read from a text's plain words (`normalize::plain`) with the rules of
//! `lists/ages.txt` and the number words of `lists/numbers.txt`, in every language they list:
//! - a stated age: `15 year old`, `15-year-old`, `15yo`, `aged 14`, `fifteen-year-old`,
//!   `15 años`, `15-jährige`, `15 лет`, `15歳`, `十五岁`, `15살`;
//! - an age as a limit: `under 18`, `not yet 18`, `menos de 18 años`, `18歳未満`;
//! - a birth year that makes the person under 18 this year: `born in 2012`, `2012年生まれ`;
//! - a school year: `7th grade`, `grade 7`, `year 8`, `8. Klasse`, `2年生`, `3학년`.
//!
//! Only with words that say it is an age: a bare number is a number (`10 cats`, `1girl`), a
//! weight is a decimal (`(low quality:1.8)` is one word, `1.8`), and an age followed by a thing
//! (`12 year old whisky`, `aged_things.txt`) is the thing's. An age of 18 or more is read too:
//! it makes an ambiguous sign of youth (`?teen`) an adult's.

use rustc_hash::FxHashMap;

use super::lists::lines;
use super::normalize::{Reading, entry};

/// An age or school year found in a text: the words it covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Age {
    pub first: usize,
    pub last: usize,
    pub kind: AgeKind,
    /// A school year (`7th grade`), which an adult occupation after it makes a workplace.
    pub school: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgeKind {
    /// Under 18; `certain` unless it could be 18 (the last school year).
    Minor { certain: bool },
    /// 18 or more, stated.
    Adult,
}

/// Word sequences, each an entry's plain words.
type Phrases = Vec<Vec<String>>;

/// The rules of `ages.txt` and the numbers of `numbers.txt`.
#[derive(Debug, Default)]
pub struct AgeRules {
    /// Number words by their first word: the whole phrase and its value, longest first.
    numbers: FxHashMap<String, Vec<(Vec<String>, u32)>>,
    fused: Vec<String>,
    after: Phrases,
    before: Phrases,
    limit: Phrases,
    limit_after: Phrases,
    born: Phrases,
    born_after: Phrases,
    grade: Phrases,
    grade_before: Phrases,
}

fn words(text: &str) -> Vec<String> {
    let e = entry(text);
    let reading = super::normalize::plain(&e);
    (0..reading.len())
        .map(|i| reading.word(i).to_owned())
        .collect()
}

/// A word's leading ASCII digits and the rest.
fn split_digits(word: &str) -> (&str, &str) {
    let at = word
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(word.len());
    word.split_at(at)
}

/// English ordinals, for `seventh grade`.
const ORDINALS: [&str; 12] = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth",
];

/// Suffixes that make digits an ordinal (`7th`, `4eme`, `2nd`, `1ere`, `7o` from `7º`, `8e`).
const ORDINAL_SUFFIXES: [&str; 12] = [
    "st", "nd", "rd", "th", "eme", "e", "er", "ere", "o", "a", "te", "ste",
];

/// Words that start another part of a sentence: an age before them is not a thing's
/// (`a 15 year old and her dog`).
const CONNECTORS: [&str; 16] = [
    "and", "with", "her", "his", "their", "y", "con", "et", "avec", "und", "mit", "e", "en", "met",
    "i", "ve",
];

/// Units a limit may be of: `under 18 degrees` is no age.
const UNITS: [&str; 31] = [
    "degrees", "degree", "c", "f", "percent", "kg", "lbs", "pounds", "cm", "mm", "inches", "inch",
    "ft", "feet", "meters", "metres", "km", "miles", "mph", "minutes", "seconds", "hours", "days",
    "dollars", "euros", "usd", "grados", "men", "women", "people", "persons",
];

/// Where a school year stops being certainly a minor's: the last year of school may be 18.
const LAST_SCHOOL_YEARS: u32 = 12;

impl AgeRules {
    pub fn parse(ages: &str, numbers: &str) -> Self {
        let mut rules = AgeRules::default();
        for line in lines(numbers) {
            let Some((word, value)) = line.rsplit_once(char::is_whitespace) else {
                continue;
            };
            if let Ok(value) = value.trim().parse::<u32>() {
                let key = words(word);
                if let Some(first) = key.first() {
                    let phrases = rules.numbers.entry(first.clone()).or_default();
                    phrases.push((key, value));
                    phrases.sort_by_key(|(p, _)| std::cmp::Reverse(p.len()));
                }
            }
        }
        for line in lines(ages) {
            let Some((kind, rest)) = line.split_once(char::is_whitespace) else {
                continue;
            };
            let phrase = words(rest.trim());
            if phrase.is_empty() {
                continue;
            }
            match kind {
                "fused" => rules.fused.push(phrase.concat()),
                "after" => rules.after.push(phrase),
                "before" => rules.before.push(phrase),
                "limit" => rules.limit.push(phrase),
                "limit-after" => rules.limit_after.push(phrase),
                "born" => rules.born.push(phrase),
                "born-after" => rules.born_after.push(phrase),
                "grade" => rules.grade.push(phrase),
                "grade-before" => rules.grade_before.push(phrase),
                _ => {}
            }
        }
        for suffix in ["yo", "y", "yr", "yrs", "yro", "yearold", "yearsold"] {
            if !rules.fused.iter().any(|f| f == suffix) {
                rules.fused.push(suffix.to_owned());
            }
        }
        rules
    }

    /// Every age and school year in `words`; `things[i]` says word `i` names a thing that has
    /// an age (`aged_things.txt`).
    pub fn find(&self, words: &Reading, things: &[bool], year: i32) -> Vec<Age> {
        let mut found = Vec::new();
        let mut i = 0;
        while i < words.len() {
            match self.at(words, things, year, i) {
                Some(age) => {
                    found.push(age);
                    i = age.last + 1;
                }
                None => i += 1,
            }
        }
        found
    }

    /// A number at `i`: its value, its last word, and whether an age suffix was fused to it.
    fn number(&self, words: &Reading, i: usize) -> Option<(u32, usize, bool)> {
        let word = words.word(i);
        let (digits, rest) = split_digits(word);
        if !digits.is_empty() && digits.len() <= 4 {
            let n: u32 = digits.parse().ok()?;
            return match rest {
                "" => Some((n, i, false)),
                rest if self.fused.iter().any(|f| f == rest) => Some((n, i, true)),
                _ => None,
            };
        }
        self.numbers.get(word)?.iter().find_map(|(phrase, n)| {
            let whole = phrase
                .iter()
                .enumerate()
                .all(|(k, w)| words.word(i + k) == w);
            whole.then(|| (*n, i + phrase.len() - 1, false))
        })
    }

    /// The end of the first of `phrases` that starts at word `i`.
    fn starts(phrases: &Phrases, words: &Reading, i: usize) -> Option<usize> {
        phrases
            .iter()
            .filter(|p| p.iter().enumerate().all(|(k, w)| words.word(i + k) == w))
            .map(|p| i + p.len() - 1)
            .max()
    }

    /// The start of the first of `phrases` that ends at word `i - 1`.
    fn ends_before(phrases: &Phrases, words: &Reading, i: usize) -> Option<usize> {
        phrases
            .iter()
            .filter(|p| {
                p.len() <= i
                    && p.iter()
                        .enumerate()
                        .all(|(k, w)| words.word(i - p.len() + k) == w)
            })
            .map(|p| i - p.len())
            .min()
    }

    fn at(&self, words: &Reading, things: &[bool], year: i32, i: usize) -> Option<Age> {
        if let Some(grade) = self.ordinal_grade(words, i) {
            return Some(grade);
        }
        let (n, last, fused) = self.number(words, i)?;
        if n == 0 {
            return None;
        }
        let age = |first: usize, last: usize, years: i64| {
            // "a 12 year old (single malt) whisky", "whisky aged 12": the thing's age.
            let thing = (last + 1..(last + 3).min(words.len()))
                .take_while(|&k| !CONNECTORS.contains(&words.word(k)))
                .any(|k| things[k])
                || (first > 0 && things[first - 1]);
            (!thing && years < 120).then_some(Age {
                first,
                last,
                school: false,
                kind: if years < 18 {
                    AgeKind::Minor { certain: true }
                } else {
                    AgeKind::Adult
                },
            })
        };
        let n64 = i64::from(n);
        // A birth year.
        if (1900..=9999).contains(&n) {
            let years = i64::from(year) - n64;
            if !(0..120).contains(&years) {
                return None;
            }
            if let Some(first) = Self::ends_before(&self.born, words, i) {
                return age(first, last, years);
            }
            if let Some(end) = Self::starts(&self.born_after, words, last + 1) {
                return age(i, end, years);
            }
            return None;
        }
        // An age stated as a limit: "under 18" is a minor, "under 21" need not be; without
        // words saying it is an age it is ambiguous ("under 18 degrees" is a temperature).
        if let Some(first) = Self::ends_before(&self.limit, words, i) {
            let years = Self::starts(&self.after, words, last + 1);
            if n > 18 || (years.is_none() && UNITS.contains(&words.word(last + 1))) {
                return None;
            }
            return Some(Age {
                first,
                last: years.unwrap_or(last),
                school: false,
                kind: AgeKind::Minor {
                    certain: years.is_some(),
                },
            });
        }
        if fused {
            return age(i, last, n64);
        }
        if let Some(end) = Self::starts(&self.after, words, last + 1) {
            if let Some(limit) = Self::starts(&self.limit_after, words, end + 1) {
                return (n <= 18).then_some(Age {
                    first: i,
                    last: limit,
                    school: false,
                    kind: AgeKind::Minor { certain: true },
                });
            }
            return age(i, end, n64);
        }
        if let Some(limit) = Self::starts(&self.limit_after, words, last + 1) {
            return (n <= 18).then_some(Age {
                first: i,
                last: limit,
                school: false,
                kind: AgeKind::Minor { certain: true },
            });
        }
        if let Some(first) = Self::ends_before(&self.before, words, i) {
            return age(first, last, n64);
        }
        self.grade(words, i, last, n)
    }

    /// A school year around the number `n` at `i..=last`: `grade 7`, `year 8`, `7 klasse`.
    fn grade(&self, words: &Reading, i: usize, last: usize, n: u32) -> Option<Age> {
        if !(1..=LAST_SCHOOL_YEARS + 1).contains(&n) {
            return None;
        }
        let kind = AgeKind::Minor {
            certain: n < LAST_SCHOOL_YEARS,
        };
        if let Some(end) = Self::starts(&self.grade, words, last + 1) {
            return Some(Age {
                first: i,
                last: end,
                kind,
                school: true,
            });
        }
        let first = Self::ends_before(&self.grade, words, i)
            .or_else(|| Self::ends_before(&self.grade_before, words, i))?;
        // "year 8" is a school year; "8 year old" is read as an age.
        let after = words.word(last + 1);
        (after != "old" && after != "olds").then_some(Age {
            first,
            last,
            kind,
            school: true,
        })
    }

    /// `7th grade`, `seventh grade`, `4eme classe`: an ordinal, then a school-year word.
    fn ordinal_grade(&self, words: &Reading, i: usize) -> Option<Age> {
        let word = words.word(i);
        let n = match ORDINALS.iter().position(|o| *o == word) {
            Some(k) => u32::try_from(k).ok()? + 1,
            None => {
                let (digits, rest) = split_digits(word);
                if digits.is_empty() || !ORDINAL_SUFFIXES.contains(&rest) {
                    return None;
                }
                digits.parse().ok()?
            }
        };
        // `her 13th birthday`: the age she turns.
        if matches!(words.word(i + 1), "birthday" | "bday" | "birthdays") {
            return (n < 18).then_some(Age {
                first: i,
                last: i + 1,
                kind: AgeKind::Minor { certain: true },
                school: false,
            });
        }
        let end = Self::starts(&self.grade, words, i + 1)?;
        (1..=LAST_SCHOOL_YEARS + 1).contains(&n).then_some(Age {
            first: i,
            last: end,
            school: true,
            kind: AgeKind::Minor {
                certain: n < LAST_SCHOOL_YEARS,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::lists::{AGES, NUMBERS};
    use super::super::normalize::plain;
    use super::*;

    const YEAR: i32 = 2026;

    fn kinds(text: &str) -> Vec<AgeKind> {
        let rules = AgeRules::parse(AGES.1, NUMBERS.1);
        let words = plain(text);
        let things: Vec<bool> = (0..words.len())
            .map(|i| ["whisky", "car", "house"].contains(&words.word(i)))
            .collect();
        rules
            .find(&words, &things, YEAR)
            .into_iter()
            .map(|a| a.kind)
            .collect()
    }

    fn minor(text: &str) -> bool {
        kinds(text)
            .iter()
            .any(|k| matches!(k, AgeKind::Minor { .. }))
    }

    #[test]
    fn ages_under_eighteen_in_every_form_are_found() {
        for text in [
            "a 15 year old girl",
            "15-year-old",
            "15yo",
            "15 yo",
            "16 y/o",
            "16 y.o.",
            "15yrs",
            "17 yrs old",
            "aged 14",
            "age: 14",
            "fifteen-year-old",
            "fifteen year old",
            "12-14 year old",
            "15歳",
            "7th grade",
            "7th grader",
            "seventh grade",
            "grade 7",
            "year 8 student",
            "under 18 years old",
            "not yet 18",
            "born in 2012",
            "2012年生まれ",
            "15 años",
            "15-jährige",
            "15 лет",
            "十五岁",
            "15살",
            "18歳未満",
            "her 13th birthday",
        ] {
            assert!(minor(text), "{text}");
        }
    }

    #[test]
    fn adult_ages_plain_numbers_weights_and_things_are_not_minors() {
        for text in [
            "an 18 year old woman",
            "25yo",
            "a 30-year-old man",
            "aged 40",
            "10 cats",
            "2 girls",
            "1girl",
            "steps 20",
            "1 year anniversary",
            "nineteen year old",
            "grade a steak",
            "(worst quality:1.8), (low quality:1.4)",
            "a 12 year old whisky",
            "a 10 year old car",
            "under 21",
            "born in 1990",
            "year 2030",
        ] {
            assert!(!minor(text), "{text}");
        }
        assert_eq!(kinds("a woman, 35 years old"), [AgeKind::Adult]);
    }
}
