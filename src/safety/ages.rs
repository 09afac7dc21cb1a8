//! Stated ages under 18 and school grades, read from a text's plain words (`normalize::plain`):
//! `15 year old`, `15-year-old`, `15yo`, `15 y/o`, `15yrs`, `aged 14`, `age 14`,
//! `fifteen-year-old`, `15歳`, `7th grade`, `grade 7`, `7th grader`. Ranges count by their ends
//! (`12-14 year old`). Only with a word that says it is an age: a bare number is a number
//! (`10 cats`), and an age of 18 or more passes.

use super::normalize::Reading;

/// The first age under 18 or school grade in `words`: the indexes of its first and last word.
pub fn minor_age(words: &Reading) -> Option<(usize, usize)> {
    (0..words.len()).find_map(|i| age_at(words, i).or_else(|| grade_at(words, i)))
}

const NUMBER_WORDS: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];

/// Suffixes fused to a number that make it an age (`15yo`, `15y`, `15歳`).
const FUSED: [&str; 9] = [
    "yo", "y", "yr", "yrs", "yro", "yearold", "yearsold", "歳", "才",
];

/// A number written in digits or words (up to nineteen), and whether an age suffix was fused
/// to its digits.
fn number(word: &str) -> Option<(u32, bool)> {
    if let Some(n) = NUMBER_WORDS.iter().position(|w| *w == word) {
        return u32::try_from(n).ok().map(|n| (n, false));
    }
    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let n: u32 = digits.parse().ok()?;
    match &word[digits.len()..] {
        "" => Some((n, false)),
        rest if FUSED.contains(&rest) => Some((n, true)),
        _ => None,
    }
}

/// Words after a number that make it an age, as runs of plain words.
const AFTER: [&[&str]; 10] = [
    &["year", "old"],
    &["years", "old"],
    &["yr", "old"],
    &["yrs", "old"],
    &["years", "of", "age"],
    &["yo"],
    &["y", "o"],
    &["yrs"],
    &["yr"],
    &["歳"],
];

/// Words before a number that make it an age.
const BEFORE: [&str; 3] = ["aged", "age", "ages"];

fn age_at(words: &Reading, i: usize) -> Option<(usize, usize)> {
    let (n, fused) = number(words.word(i))?;
    if n >= 18 {
        return None;
    }
    if fused {
        return Some((i, i));
    }
    if i > 0 && BEFORE.contains(&words.word(i - 1)) {
        return Some((i - 1, i));
    }
    AFTER.iter().find_map(|after| {
        let matches = after
            .iter()
            .enumerate()
            .all(|(k, w)| words.word(i + 1 + k) == *w);
        matches.then(|| (i, i + after.len()))
    })
}

const ORDINALS: [&str; 12] = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth",
];

/// A school grade: `7th grade`, `7th grader`, `seventh grade`, `grade 7`.
fn grade_at(words: &Reading, i: usize) -> Option<(usize, usize)> {
    let word = words.word(i);
    let next = words.word(i + 1);
    let ordinal = ORDINALS.contains(&word)
        || ["st", "nd", "rd", "th"].iter().any(|suffix| {
            word.strip_suffix(suffix)
                .and_then(|n| n.parse::<u32>().ok())
                .is_some_and(|n| (1..=12).contains(&n))
        });
    if ordinal && matches!(next, "grade" | "grader" | "graders") {
        return Some((i, i + 1));
    }
    let grade =
        next.parse::<u32>().is_ok_and(|n| (1..=12).contains(&n)) || ORDINALS.contains(&next);
    (word == "grade" && grade).then_some((i, i + 1))
}

#[cfg(test)]
mod tests {
    use super::super::normalize::plain;
    use super::*;

    fn finds(text: &str) -> bool {
        minor_age(&plain(text)).is_some()
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
        ] {
            assert!(finds(text), "{text}");
        }
    }

    #[test]
    fn adult_ages_and_plain_numbers_are_not_ages() {
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
        ] {
            assert!(!finds(text), "{text}");
        }
    }
}
