//! Ages and school years, read from a text's plain words (`normalize::plain`) with the rules of
//! `lists/ages.txt` and the number words of `lists/numbers.txt`, in every language they list:
//! - a stated age: `15 year old`, `15-year-old`, `15yo`, `aged 14`, `fifteen-year-old`,
//!   `15 años`, `15-jährige`, `15 лет`, `15歳`, `十五岁`, `15살`;
//! - an age as a limit: `under 18`, `not yet 18`, `menos de 18 años`, `18歳未満`;
//! - a birth year that makes the person under 18 this year: `born in 2012`, `2012年生まれ`,
//!   with a date around it (`born on 5 March 2012`, `born 12.03.2012`, `2012年3月5日生まれ`)
//!   or counted in an era (`平成24年生まれ`, `民國100年出生`);
//! - a school year: `7th grade`, `grade 7`, `year 8`, `8. Klasse`, `2年生`, `3학년`; not a
//!   university's (`大学4年生`, `대학교 2학년`), and ambiguous in a school's last year
//!   (`高校3年生`, `11 класс`).
//!
//! Only with words that say it is an age: a bare number is a number (`10 cats`, `1girl`), a
//! weight is a decimal (`(low quality:1.8)` is one word, `1.8`), and an age followed by a thing
//! (`12 year old whisky`, `aged_things.txt`) is the thing's. An age of 18 or more is read too:
//! it makes an ambiguous sign of youth (`?teen`) an adult's.

use rustc_hash::{FxHashMap, FxHashSet};

use super::normalize::Reading;

mod rules;
mod school;
mod tags;
mod years;

pub use tags::alone;

/// An age or school year found in a text: the words it covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Age {
    pub first: usize,
    pub last: usize,
    pub kind: AgeKind,
    /// A school year (`7th grade`), which an adult occupation after it makes a workplace.
    pub school: bool,
    /// The age in years, where a number or a birth year says it.
    pub years: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgeKind {
    /// Under 18; `certain` unless it could be 18 (the last school year).
    Minor { certain: bool },
    /// 18 or more, stated.
    Adult,
    /// Grown by what they have done, which no one under 18 has (served their military
    /// service, a master's student): an adult, and like a stated age of 20 or more.
    Grown,
}

/// Word sequences, each an entry's plain words.
type Phrases = Vec<Vec<String>>;

/// The rules of `ages.txt` and the numbers of `numbers.txt`.
#[derive(Debug, Default)]
pub struct AgeRules {
    /// Number words by their first word: the whole phrase and its value, longest first.
    numbers: FxHashMap<String, Vec<(Vec<String>, u32)>>,
    /// Forms a number takes inside a word, read only with an age suffix stuck to them:
    /// `czternasto` in `czternastolatka`, `quattordic` in `quattordicenne`.
    stems: FxHashMap<String, u32>,
    fused: Vec<String>,
    /// The suffixes of [`Self::fused`] that may follow a number word: a short one makes words
    /// of numbers (`trey` is no three-year-old). Kept apart once, as every word is tried.
    fused_words: Vec<String>,
    /// The first words of [`Self::adult`]'s and [`Self::grown`]'s phrases, which every word
    /// is tried against.
    adult_first: FxHashSet<String>,
    after: Phrases,
    before: Phrases,
    limit: Phrases,
    limit_after: Phrases,
    /// Limits whose words say it is an age (`under the age of`): certain without age words.
    limit_age: Phrases,
    born: Phrases,
    born_after: Phrases,
    /// Birth words of Thai, written without spaces, so that they end the word before a year
    /// (`เด็กผู้ชายที่เกิดปี พ.ศ. 2554`, a boy born in BE 2554).
    born_unspaced: Vec<String>,
    /// Words before or after the year a person left secondary school (`Abitur 2015`).
    left_school: Phrases,
    left_school_after: Phrases,
    /// Words before the year a class leaves school (`class of 2029`): only a year still to come
    /// says anything, that whoever is in it is at school now.
    class_of: Phrases,
    /// Words after a number of years that make it a time past, not an age (`12 years ago`,
    /// `15 anni fa`), and the words around one that do (`il y a 12 ans`: `il y a`, `ans`).
    ago: Phrases,
    ago_around: Vec<(Vec<String>, Vec<String>)>,
    /// Words after an age and before a year it was had in (`15 años allá por 1996`).
    then: Phrases,
    /// A person's words, before a number that stands alone as a tag: her age (`nude girl, 14`,
    /// `vrouw (28)`).
    person: Phrases,
    /// Words before or after such a time past that someone left school or university then
    /// (`bac il y a 12 ans`, `vor 10 Jahren ihr Abitur gemacht`).
    left_school_ago: Phrases,
    left_school_ago_after: Phrases,
    /// Eras and the year before their first (`平成` 1988: `平成24年` is 2012).
    era: Vec<(Vec<String>, i64)>,
    /// Eras written after the year (`١٤٣٣ هـ`, `১৪১৮ বঙ্গাব্দ`), the same way.
    era_after: Vec<(Vec<String>, i64)>,
    /// Words of a date (`march`, `月`) and words that stand inside one (`on`, `the`, `de`).
    date: Phrases,
    date_link: Phrases,
    grade: Phrases,
    grade_before: Phrases,
    /// Words next to a school year that make it a university's (`大学`, `of university`).
    university: Phrases,
    university_after: Phrases,
    /// A school's last year and its words (`3 高校`): that year may be 18, so it is ambiguous.
    grade_last: Vec<(u32, Vec<String>)>,
    /// Words that say a person is grown without a number (`adult`, `erwachsene`, `성인`).
    adult: Phrases,
    /// Words of what only a grown person has done (`after his military service`, `군필`).
    grown: Phrases,
}

/// A word's leading ASCII digits and the rest.
fn split_digits(word: &str) -> (&str, &str) {
    let at = word
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(word.len());
    word.split_at(at)
}

/// Kanji digits written one per place, as years are (`九五年生`, born in '95; `二〇一二年`): a run
/// of them is one number, and none of them starts a number of its own (`九五年生` is no
/// `五年生`, a fifth-year pupil).
fn kanji_digit(word: &str) -> Option<u32> {
    let digit = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
        .iter()
        .position(|d| *d == word)
        .or_else(|| (word == "零").then_some(0))?;
    u32::try_from(digit).ok()
}

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

/// A day or month written in digits inside a date: `5`, `05`, `5th`, `1er`.
fn day_number(word: &str) -> bool {
    let (digits, rest) = split_digits(word);
    !digits.is_empty()
        && digits.len() <= 2
        && (1..=31).contains(&digits.parse::<u32>().unwrap_or(0))
        && ["", "st", "nd", "rd", "th", "er", "e", "o", "a"].contains(&rest)
}

/// The year of a date written as one word with dots (`12.03.2012`, `2012.03.12`), which the
/// words keep whole as they keep a decimal.
fn dotted_year(word: &str) -> Option<u32> {
    let parts: Vec<&str> = word.split('.').collect();
    if parts.len() != 3
        || !parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let day_month =
        |a: &str, b: &str| a.len() <= 2 && b.len() <= 2 && day_number(a) && day_number(b);
    match (parts[0].len(), parts[2].len()) {
        (_, 4) if day_month(parts[0], parts[1]) => parts[2].parse().ok(),
        (4, _) if day_month(parts[1], parts[2]) => parts[0].parse().ok(),
        _ => None,
    }
}

impl AgeRules {
    /// Every age and school year in `words`; `things[i]` says word `i` names a thing that has
    /// an age (`aged_things.txt`), `alone[i]` that it is a number standing alone as a tag
    /// ([`alone`]: `nude girl, 14`).
    pub fn find(&self, words: &Reading, things: &[bool], alone: &[bool], year: i32) -> Vec<Age> {
        let mut found = Vec::new();
        let mut i = 0;
        while i < words.len() {
            match self
                .at(words, things, year, i)
                .or_else(|| self.tagged(words, things, alone, i))
            {
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
        if let Some(first) = kanji_digit(word) {
            if i > 0 && kanji_digit(words.word(i - 1)).is_some() {
                return None;
            }
            let mut value = first;
            let mut last = i;
            while last - i < 3
                && let Some(next) = kanji_digit(words.word(last + 1))
            {
                value = value * 10 + next;
                last += 1;
            }
            // Two neighbours are a span unless a year follows: 七八岁 is "seven or eight".
            let span = last == i + 1 && value % 10 == first + 1 && words.word(last + 1) != "年";
            if span {
                return Some((first, last, false));
            }
            if last > i {
                return Some((value, last, false));
            }
        }
        let (digits, rest) = split_digits(word);
        if !digits.is_empty() && digits.len() <= 4 {
            let n: u32 = digits.parse().ok()?;
            return match rest {
                "" => Some((n, i, false)),
                rest if self.fused.iter().any(|f| f == rest) => Some((n, i, true)),
                // An era's mark stuck to a year (`١٤٣٢هـ`) only beside birth words: the plain
                // reading takes `ه` for `o`, as it takes the `º` of `6º ano`.
                rest if self.era_fused(rest).is_some()
                    && self.born_around(words, i, i).is_some() =>
                {
                    Some((n, i, false))
                }
                _ => None,
            };
        }
        let whole = self.numbers.get(word).and_then(|phrases| {
            phrases.iter().find_map(|(phrase, n)| {
                let whole = phrase
                    .iter()
                    .enumerate()
                    .all(|(k, w)| words.word(i + k) == w);
                whole.then(|| (*n, i + phrase.len() - 1, false))
            })
        });
        whole.or_else(|| self.fused_number(word).map(|n| (n, i, true)))
    }

    /// A number word with an age suffix stuck to it: `vierzehnjahrige`, `fjortonaring`,
    /// `czternastolatka`, `quattordicenne`.
    fn fused_number(&self, word: &str) -> Option<u32> {
        self.fused_words.iter().find_map(|suffix| {
            let number = word.strip_suffix(suffix.as_str())?;
            self.stems.get(number).copied().or_else(|| {
                self.numbers
                    .get(number)?
                    .iter()
                    .find_map(|(phrase, n)| (phrase.len() == 1).then_some(*n))
            })
        })
    }

    /// The end of the first of `phrases` that starts at word `i`.
    fn starts(phrases: &[Vec<String>], words: &Reading, i: usize) -> Option<usize> {
        phrases
            .iter()
            .filter(|p| p.iter().enumerate().all(|(k, w)| words.word(i + k) == w))
            .map(|p| i + p.len() - 1)
            .max()
    }

    /// The start of the first of `phrases` that ends at word `i - 1`.
    fn ends_before(phrases: &[Vec<String>], words: &Reading, i: usize) -> Option<usize> {
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
        if self.adult_first.contains(words.word(i)) {
            let grown = Self::starts(&self.grown, words, i).map(|last| (last, AgeKind::Grown));
            let adult = || Self::starts(&self.adult, words, i).map(|last| (last, AgeKind::Adult));
            if let Some((last, kind)) = grown.or_else(adult) {
                return Some(Age {
                    years: None,
                    first: i,
                    last,
                    school: false,
                    kind,
                });
            }
        }
        if let Some(grade) = self.ordinal_grade(words, i) {
            return Some(grade);
        }
        if let Some(found) = self.hebrew_birth_at(words, i, year) {
            return found;
        }
        // A birth date written as one word: `born 12.03.2012`.
        if let Some(born) = dotted_year(words.word(i)) {
            let years = i64::from(year) - i64::from(born);
            let (first, last) = self.born_around(words, i, i)?;
            return (0..120)
                .contains(&years)
                .then(|| Self::of_age(first, last, years));
        }
        let (n, last, fused) = self.number(words, i)?;
        if n == 0 {
            return None;
        }
        if let Some(found) = self.year_at(words, things, year, (i, last), n) {
            return found;
        }
        if let Some(found) = self.limit_at(words, (i, last), n) {
            return found;
        }
        self.years_at(words, things, year, (i, last), n, fused)
    }

    /// An age of `years` at `first..=last`, unless it is a thing's: "a 12 year old (single
    /// malt) whisky", "whisky aged 12".
    fn stated(
        words: &Reading,
        things: &[bool],
        first: usize,
        last: usize,
        years: i64,
    ) -> Option<Age> {
        let thing = (last + 1..(last + 3).min(words.len()))
            .take_while(|&k| !CONNECTORS.contains(&words.word(k)))
            .any(|k| things[k])
            || (first > 0 && things[first - 1]);
        (!thing && years < 120).then(|| Self::of_age(first, last, years))
    }

    /// An age stated as a limit before it: "under 18" is a minor, "under 21" need not be;
    /// without words saying it is an age it is ambiguous ("under 18 degrees" is a temperature).
    fn limit_at(&self, words: &Reading, (i, last): (usize, usize), n: u32) -> Option<Option<Age>> {
        let limit_age = Self::ends_before(&self.limit_age, words, i);
        let first = limit_age.or_else(|| Self::ends_before(&self.limit, words, i))?;
        let years = Self::starts(&self.after, words, last + 1);
        if n > 18 || (years.is_none() && UNITS.contains(&words.word(last + 1))) {
            return Some(None);
        }
        Some(Some(Age {
            years: None,
            first,
            last: years.unwrap_or(last),
            school: false,
            kind: AgeKind::Minor {
                certain: years.is_some() || limit_age.is_some(),
            },
        }))
    }

    /// The number `n` at `i..=last` as years: with an age suffix, age words or a limit after
    /// it, age words before it; else perhaps a school year.
    fn years_at(
        &self,
        words: &Reading,
        things: &[bool],
        year: i32,
        (i, last): (usize, usize),
        n: u32,
        fused: bool,
    ) -> Option<Age> {
        let n64 = i64::from(n);
        let under = |limit: usize| {
            (n <= 18).then_some(Age {
                years: None,
                first: i,
                last: limit,
                school: false,
                kind: AgeKind::Minor { certain: true },
            })
        };
        if fused {
            return Self::stated(words, things, i, last, n64);
        }
        let end = Self::starts(&self.after, words, last + 1);
        if let Some(limit) = end.and_then(|end| Self::starts(&self.limit_after, words, end + 1)) {
            return under(limit);
        }
        if let Some(past) = self.ago_at(words, things, (i, last), end.unwrap_or(last), n64) {
            return past;
        }
        if let Some(end) = end {
            if let Some(then) = self.had_then(words, year, (i, end), n64) {
                return Some(then);
            }
            return Self::stated(words, things, i, end, n64);
        }
        if let Some(limit) = Self::starts(&self.limit_after, words, last + 1) {
            return under(limit);
        }
        if let Some(first) = Self::ends_before(&self.before, words, i) {
            return Self::stated(words, things, first, last, n64);
        }
        self.grade(words, i, last, n)
    }

    fn of_age(first: usize, last: usize, years: i64) -> Age {
        Age {
            years: Some(years),
            first,
            last,
            school: false,
            kind: if years < 18 {
                AgeKind::Minor { certain: true }
            } else {
                AgeKind::Adult
            },
        }
    }
}

#[cfg(test)]
mod tests;
