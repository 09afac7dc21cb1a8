//! Text as the gate reads it, whatever the writer did to hide a word: compatibility forms
//! (full-width letters, ligatures) folded by NFKC, accents taken off, letters from other scripts
//! that look like Latin ones read as those (UTS #39's confusables, for non-ASCII letters only:
//! its skeletons also merge ASCII pairs such as `rn` and `m`, which would make ordinary words
//! collide), invisible and control characters dropped, and everything lowercased.
//!
//! The text is then cut into words at anything that is not a letter or a digit, A1111's prompt
//! syntax included (`(word:1.3)`, `[a:b:0.5]`, `[a|b]`, `<lora:name:0.8>`, `BREAK` is a word).
//! Each word keeps the span of the original it came from, so a refusal can quote the user.
//! A reading is one way of seeing those words; [`readings`] gives every way the gate looks:
//! - words split at `.`, `-`, `_` and `'`, and the same words joined across them (`l.o.l.i`,
//!   `lo-li`) and across runs of single letters (`l o l i`);
//! - with leetspeak read as letters in words that mix letters and digits (`l0l1`, `t33n`,
//!   `k1d`: `1` read as `i` and, in another reading, as `l`);
//! - with letters repeated three times or more read twice and once (`teeeen`, `loooli`).
//!
//! Pure digits stay digits (ages are read from them, see `ages`).

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// A word of a reading, with the byte span of the original text it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    pub start: usize,
    pub end: usize,
}

/// A normalised character and the original character's byte span.
#[derive(Debug, Clone, Copy)]
struct Folded {
    c: char,
    start: usize,
    end: usize,
}

/// Zero-width, bidirectional, variation and tag characters, and controls: invisible in a
/// prompt, and used to break words apart.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}'
            | '\u{17B5}' | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{E0000}'..='\u{E007F}')
}

/// One character as plain lowercase letters: its compatibility form without accents, and a
/// Latin look-alike for a letter of another script.
fn fold_char(c: char, out: &mut Vec<char>) {
    for k in std::iter::once(c).nfkc() {
        for d in std::iter::once(k).nfd().filter(|d| !is_combining_mark(*d)) {
            for l in d.to_lowercase() {
                if l.is_ascii() || !l.is_alphabetic() {
                    out.push(l);
                    continue;
                }
                let skeleton: String = unicode_security::skeleton(&l.to_string()).collect();
                let latin: Vec<char> = skeleton.to_lowercase().chars().collect();
                if !latin.is_empty() && latin.iter().all(char::is_ascii_alphabetic) {
                    out.extend(latin);
                } else {
                    out.push(l);
                }
            }
        }
    }
}

fn fold(text: &str) -> Vec<Folded> {
    let mut folded = Vec::with_capacity(text.len());
    let mut chars = Vec::with_capacity(4);
    for (start, c) in text.char_indices() {
        if invisible(c) {
            continue;
        }
        let end = start + c.len_utf8();
        chars.clear();
        fold_char(c, &mut chars);
        folded.extend(chars.iter().map(|&c| Folded { c, start, end }));
    }
    folded
}

/// Letters, digits, and the symbols leetspeak writes letters with.
fn in_word(c: char) -> bool {
    c.is_alphanumeric() || c == '@' || c == '$'
}

/// Marks inside a word that writers use to split it.
fn joiner(c: char) -> bool {
    matches!(c, '.' | '-' | '_' | '\'')
}

/// Words split at every mark; each with the separator that followed it.
fn split(folded: &[Folded]) -> Vec<(Word, Option<char>)> {
    let mut words: Vec<(Word, Option<char>)> = Vec::new();
    let mut current: Option<Word> = None;
    for f in folded {
        if in_word(f.c) {
            let word = current.get_or_insert_with(|| Word {
                text: String::new(),
                start: f.start,
                end: f.end,
            });
            word.text.push(f.c);
            word.end = f.end;
        } else {
            if let Some(word) = current.take() {
                words.push((word, Some(f.c)));
            } else if let Some(last) = words.last_mut()
                && last.1.is_some_and(joiner)
                && !joiner(f.c)
            {
                // Two marks in a row ("a. b"): not a split word.
                last.1 = Some(' ');
            }
        }
    }
    if let Some(word) = current {
        words.push((word, None));
    }
    words
}

/// The words joined where a mark split one word (`lo-li`, `l.o.l.i`), or where single
/// letters stand in a row (`l o l i`).
fn joined(split: &[(Word, Option<char>)]) -> Vec<Word> {
    let mut words: Vec<Word> = Vec::new();
    let mut glue = false;
    for (i, (word, after)) in split.iter().enumerate() {
        let single = word.text.chars().count() == 1;
        let next_single = split
            .get(i + 1)
            .is_some_and(|(w, _)| w.text.chars().count() == 1);
        match words.last_mut() {
            Some(last) if glue => {
                last.text.push_str(&word.text);
                last.end = word.end;
            }
            _ => words.push(word.clone()),
        }
        glue = after.is_some_and(joiner) || (single && next_single && after.is_some());
    }
    words
}

fn leet(c: char, one: char) -> char {
    match c {
        '0' => 'o',
        '1' => one,
        '3' => 'e',
        '4' | '@' => 'a',
        '5' | '$' => 's',
        '7' => 't',
        '8' => 'b',
        _ => c,
    }
}

/// Leetspeak read as letters in a word that has letters and digits or symbols (`@` and `$`
/// alone are read as letters too); a word of digits stays a number.
fn unleet(words: &[Word], one: char) -> Vec<Word> {
    words
        .iter()
        .map(|w| {
            let letters = w.text.chars().any(char::is_alphabetic);
            let symbols = w.text.contains(['@', '$']);
            if letters || symbols {
                Word {
                    text: w.text.chars().map(|c| leet(c, one)).collect(),
                    ..w.clone()
                }
            } else {
                w.clone()
            }
        })
        .collect()
}

/// Runs of three or more of one letter cut to `keep` (1 or 2).
fn unrepeat(words: &[Word], keep: usize) -> Vec<Word> {
    words
        .iter()
        .map(|w| {
            let mut text = String::with_capacity(w.text.len());
            let mut run = 0;
            let mut last = None;
            let chars: Vec<char> = w.text.chars().collect();
            for (i, &c) in chars.iter().enumerate() {
                run = if last == Some(c) { run + 1 } else { 1 };
                last = Some(c);
                let run_len = run + chars[i + 1..].iter().take_while(|&&n| n == c).count();
                if run_len < 3 || run <= keep {
                    text.push(c);
                }
            }
            Word { text, ..w.clone() }
        })
        .collect()
}

/// The words of `text` as they stand: split at every mark, no leetspeak read. Ages and school
/// grades are read from this one.
pub fn plain(text: &str) -> Vec<Word> {
    split(&fold(text)).into_iter().map(|(w, _)| w).collect()
}

/// Every reading of `text` the gate matches its lists against, without repeats.
pub fn readings(text: &str) -> Vec<Vec<Word>> {
    let split = split(&fold(text));
    let plain: Vec<Word> = split.iter().map(|(w, _)| w.clone()).collect();
    let glued = joined(&split);
    let mut readings: Vec<Vec<Word>> = Vec::with_capacity(12);
    for base in [plain, glued] {
        let leets = [unleet(&base, 'i'), unleet(&base, 'l')];
        for words in std::iter::once(base).chain(leets) {
            let once = unrepeat(&words, 1);
            let twice = unrepeat(&words, 2);
            for reading in [words, twice, once] {
                if !readings.contains(&reading) {
                    readings.push(reading);
                }
            }
        }
    }
    readings
}

/// A list entry in the form the readings have: lowercase plain words, one space apart.
pub fn entry(text: &str) -> String {
    plain(text)
        .into_iter()
        .map(|w| w.text)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(words: &[Word]) -> Vec<&str> {
        words.iter().map(|w| w.text.as_str()).collect()
    }

    fn read_as(text: &str, wanted: &[&str]) -> bool {
        readings(text).iter().any(|r| texts(r) == wanted)
    }

    #[test]
    fn full_width_accented_and_foreign_look_alikes_read_as_plain_letters() {
        assert_eq!(texts(&plain("ＮＵＤＥ")), ["nude"]);
        assert_eq!(texts(&plain("Beyoncé")), ["beyonce"]);
        // Cyrillic а, е and о, Greek ο.
        assert_eq!(texts(&plain("tееn lοli nаkеd")), ["teen", "loli", "naked"]);
    }

    #[test]
    fn invisible_characters_do_not_split_a_word() {
        assert_eq!(texts(&plain("lo\u{200B}li te\u{00AD}en")), ["loli", "teen"]);
    }

    #[test]
    fn a1111_syntax_leaves_its_words() {
        assert_eq!(
            texts(&plain(
                "(loli:1.3) [teen:adult:0.5] [a|b] BREAK <lora:kid_style:0.8>"
            )),
            [
                "loli", "1", "3", "teen", "adult", "0", "5", "a", "b", "break", "lora", "kid",
                "style", "0", "8"
            ]
        );
    }

    #[test]
    fn split_words_and_leetspeak_and_repeats_are_read_whole() {
        assert!(read_as("l.o.l.i", &["loli"]));
        assert!(read_as("l o l i girl", &["loli", "girl"]));
        assert!(read_as("lo-li", &["loli"]));
        assert!(read_as("t_e_e_n", &["teen"]));
        assert!(read_as("l0l1", &["loli"]));
        assert!(read_as("k1d", &["kid"]));
        assert!(read_as("t33n", &["teen"]));
        assert!(read_as("$ch00lgirl", &["schoolgirl"]));
        assert!(read_as("teeeeen", &["teen"]));
        assert!(read_as("looooli", &["loli"]));
    }

    #[test]
    fn numbers_stay_numbers_and_spans_point_at_the_original() {
        let words = plain("a 15 year old, Ｇirl");
        assert_eq!(texts(&words), ["a", "15", "year", "old", "girl"]);
        let girl = &words[4];
        assert_eq!(&"a 15 year old, Ｇirl"[girl.start..girl.end], "Ｇirl");
        assert!(readings("15 year old").iter().all(|r| r[0].text == "15"));
    }

    #[test]
    fn ordinary_sentences_are_not_glued() {
        assert!(!read_as("I am a cat", &["iamacat"]));
        assert!(readings("mr. smith").iter().all(|r| r.len() == 2));
    }
}
