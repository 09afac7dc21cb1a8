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

/// A word of a reading: where it is in the reading's text, and the byte span of the original
/// text it was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word {
    pub at: (usize, usize),
    pub start: usize,
    pub end: usize,
}

/// One way of reading a text: its words, one space apart in `text` (which the lists' automaton
/// searches as it is).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reading {
    pub text: String,
    pub words: Vec<Word>,
}

impl Reading {
    pub fn word(&self, i: usize) -> &str {
        self.words.get(i).map_or("", |w| &self.text[w.at.0..w.at.1])
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    fn push(&mut self, word: &str, start: usize, end: usize) {
        if !self.text.is_empty() {
            self.text.push(' ');
        }
        let from = self.text.len();
        self.text.push_str(word);
        self.words.push(Word {
            at: (from, self.text.len()),
            start,
            end,
        });
    }

    /// The reading with every word that `needs` it through `change`; `None` when no word
    /// needs it (most prompts: nothing is built then).
    fn map(&self, needs: impl Fn(&str) -> bool, change: impl Fn(&str) -> String) -> Option<Self> {
        if !(0..self.len()).any(|i| needs(self.word(i))) {
            return None;
        }
        let mut out = Reading {
            text: String::with_capacity(self.text.len()),
            words: Vec::with_capacity(self.words.len()),
        };
        for (i, w) in self.words.iter().enumerate() {
            let word = self.word(i);
            if needs(word) {
                out.push(&change(word), w.start, w.end);
            } else {
                out.push(word, w.start, w.end);
            }
        }
        Some(out)
    }
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
    if c.is_ascii() {
        out.push(c.to_ascii_lowercase());
        return;
    }
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

/// Words split at every mark, and the mark that followed each.
fn split(folded: &[Folded]) -> (Reading, Vec<Option<char>>) {
    let mut reading = Reading::default();
    let mut after: Vec<Option<char>> = Vec::new();
    let mut current = String::new();
    let (mut start, mut end) = (0, 0);
    for f in folded {
        if in_word(f.c) {
            if current.is_empty() {
                start = f.start;
            }
            current.push(f.c);
            end = f.end;
        } else if !current.is_empty() {
            reading.push(&current, start, end);
            after.push(Some(f.c));
            current.clear();
        } else if let Some(last) = after.last_mut()
            && last.is_some_and(joiner)
            && !joiner(f.c)
        {
            // A mark then a space ("mr. smith"): not a split word.
            *last = Some(' ');
        }
    }
    if !current.is_empty() {
        reading.push(&current, start, end);
        after.push(None);
    }
    (reading, after)
}

/// The words joined where a mark split one word (`lo-li`, `l.o.l.i`), or where single
/// letters stand in a row (`l o l i`); `None` when nothing is joined.
fn joined(split: &Reading, after: &[Option<char>]) -> Option<Reading> {
    let single = |i: usize| i < split.len() && split.word(i).chars().nth(1).is_none();
    let glue_after = |i: usize| {
        after[i].is_some_and(joiner) || (single(i) && single(i + 1) && after[i].is_some())
    };
    if !(0..split.len().saturating_sub(1)).any(glue_after) {
        return None;
    }
    let mut joined = Reading::default();
    let mut current = String::new();
    let mut start = 0;
    for (i, w) in split.words.iter().enumerate() {
        if current.is_empty() {
            start = w.start;
        }
        current.push_str(split.word(i));
        if i + 1 == split.len() || !glue_after(i) {
            joined.push(&current, start, w.end);
            current.clear();
        }
    }
    Some(joined)
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

/// A word leetspeak may hide a letter in: letters and digits, or `@` and `$`; a word of
/// digits stays a number.
fn mixes_leet(word: &str) -> bool {
    let letters = word.chars().any(char::is_alphabetic);
    let digits = word.bytes().any(|b| b.is_ascii_digit());
    (letters && digits) || word.contains(['@', '$'])
}

fn unleet(reading: &Reading, one: char) -> Option<Reading> {
    reading.map(mixes_leet, |word| {
        word.chars().map(|c| leet(c, one)).collect()
    })
}

fn has_run_of_three(word: &str) -> bool {
    let mut chars = word.chars();
    let (Some(mut a), Some(mut b)) = (chars.next(), chars.next()) else {
        return false;
    };
    for c in chars {
        if a == b && b == c {
            return true;
        }
        (a, b) = (b, c);
    }
    false
}

/// Runs of three or more of one letter cut to `keep` (1 or 2).
fn unrepeat(reading: &Reading, keep: usize) -> Option<Reading> {
    reading.map(has_run_of_three, |word| {
        let chars: Vec<char> = word.chars().collect();
        let mut text = String::with_capacity(word.len());
        let mut run = 0;
        for (i, &c) in chars.iter().enumerate() {
            run = if i > 0 && chars[i - 1] == c {
                run + 1
            } else {
                1
            };
            let run_len = run + chars[i + 1..].iter().take_while(|&&n| n == c).count();
            if run_len < 3 || run <= keep {
                text.push(c);
            }
        }
        text
    })
}

/// A text as the gate reads it.
pub struct Readings {
    /// Split at every mark, no leetspeak read: ages and school grades are read from this.
    pub plain: Reading,
    /// Every reading the lists are matched against, `plain` first; only those that differ
    /// (most prompts have one or two).
    pub all: Vec<Reading>,
}

pub fn read(text: &str) -> Readings {
    let (plain, after) = split(&fold(text));
    let mut bases = vec![plain.clone()];
    bases.extend(joined(&plain, &after));
    let mut spelled = Vec::with_capacity(bases.len() * 3);
    for base in bases {
        if let Some(as_i) = unleet(&base, 'i') {
            spelled.push(as_i);
            if base
                .words
                .iter()
                .enumerate()
                .any(|(i, _)| base.word(i).contains('1'))
            {
                spelled.extend(unleet(&base, 'l'));
            }
        }
        spelled.push(base);
    }
    let mut all = Vec::with_capacity(spelled.len() * 3);
    for reading in spelled {
        all.extend(unrepeat(&reading, 2));
        all.extend(unrepeat(&reading, 1));
        all.push(reading);
    }
    // `plain` first, so that a hit found in several readings is quoted from it.
    if let Some(at) = all.iter().position(|r| *r == plain) {
        all.swap(0, at);
    }
    Readings { plain, all }
}

/// The words of `text` split at every mark, as they stand.
pub fn plain(text: &str) -> Reading {
    split(&fold(text)).0
}

/// A list entry in the form the readings have: lowercase plain words, one space apart.
pub fn entry(text: &str) -> String {
    plain(text).text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn readings(text: &str) -> Vec<Reading> {
        read(text).all
    }

    fn texts(reading: &Reading) -> Vec<&str> {
        (0..reading.len()).map(|i| reading.word(i)).collect()
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
        let girl = &words.words[4];
        assert_eq!(&"a 15 year old, Ｇirl"[girl.start..girl.end], "Ｇirl");
        assert!(readings("15 year old").iter().all(|r| r.word(0) == "15"));
    }

    #[test]
    fn ordinary_sentences_are_not_glued() {
        assert!(!read_as("I am a cat", &["iamacat"]));
        assert!(readings("mr. smith").iter().all(|r| r.len() == 2));
    }
}
