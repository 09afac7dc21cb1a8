//! Text as the gate reads it, whatever the writer did to hide a word: compatibility forms
//! (full-width letters, ligatures) folded by NFKC, accents taken off, letters from other scripts
//! that look like Latin ones read as those (UTS #39's confusables, for non-ASCII letters only:
//! its skeletons also merge ASCII pairs such as `rn` and `m`, which would make ordinary words
//! collide), invisible characters (zero-width, bidirectional, variation selectors) dropped, and
//! everything lowercased. Every whitespace and control character breaks a word, as it does for
//! the model (`admission::body` sends them as spaces).
//!
//! The text is then cut into words at anything that is not a letter or a digit, A1111's prompt
//! syntax included (`(word:1.3)`, `[a:b:0.5]`, `[a|b]`, `<lora:name:0.8>`, `BREAK` is a word);
//! a decimal number (`1.8`) stays one word, so a weight is never read as an age. Scripts written
//! without spaces (Chinese, Japanese, Korean) give one word per character, written without a
//! space between neighbours, so a listed word matches anywhere inside a run of them.
//! Each word keeps the span of the original it came from, so a refusal can quote the user.
//! A reading is one way of seeing those words; [`read`] gives every way the gate looks:
//! - words joined across any mark written inside them (`lo-li`, `l.o.l.i`, `nu*de`, `lo🍭li`);
//! - runs of single letters or characters read as one word (`n u d e g i r l`, `幼 女`),
//!   where a listed word matches anywhere inside;
//! - symbols written for letters inside a word read as those letters (`n!pple`, `|oli`, `+een`);
//! - capitals of another script as that script's own letters (`ГОЛАЯ ДЕВОЧКА 12 ЛЕТ`, `НМТ`),
//!   where the other readings take a capital for its Latin look-alike (`ΝUDΕ`);
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

/// One way of reading a text: its words in `text` (which the lists' automaton searches as it
/// is), one space apart except inside a run (see [`Reading::push`]).
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

    /// Adds a word; `glued` writes it without a space after the previous one, so that a list
    /// entry matches across the two.
    fn push(&mut self, word: &str, start: usize, end: usize, glued: bool) {
        if !self.text.is_empty() && !glued {
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

    /// Whether word `i` is written right after word `i - 1`.
    fn glued(&self, i: usize) -> bool {
        i > 0 && self.words[i].at.0 == self.words[i - 1].at.1
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
            let glued = self.glued(i);
            if needs(word) {
                out.push(&change(word), w.start, w.end, glued);
            } else {
                out.push(word, w.start, w.end, glued);
            }
        }
        Some(out)
    }
}

/// Every whitespace and control character as a space, trimmed: what a backend is sent
/// (`generation::spec::Drawn`), and so what the gate reads: a tab must not join two words for
/// one and split them for the other.
pub fn clean(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_whitespace() || c.is_control() {
                ' '
            } else {
                c
            }
        })
        .collect::<String>()
        .trim()
        .to_owned()
}

/// A normalised character and the original character's byte span.
#[derive(Debug, Clone, Copy)]
struct Folded {
    c: char,
    start: usize,
    end: usize,
}

/// Zero-width, bidirectional, variation and tag characters, and the Arabic tatweel (a letter's
/// joining stroke drawn longer, `هـيفـاء`): invisible in a prompt, and used to break words
/// apart. (Controls and spaces are word breaks instead: see the module's note.)
fn invisible(c: char) -> bool {
    !c.is_ascii()
        && matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{0640}' | '\u{115F}' | '\u{1160}' | '\u{17B4}'
        | '\u{17B5}' | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}'
        | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{E0000}'..='\u{E007F}')
}

/// Characters of the scripts written without spaces between words: Han, kana and Hangul.
pub fn unspaced(c: char) -> bool {
    // The gate asks this of every character, and most are below the first of these.
    c >= '\u{1100}'
        && matches!(c,
        '\u{1100}'..='\u{11FF}' | '\u{3005}' | '\u{3007}' | '\u{3040}'..='\u{30FA}' | '\u{30FC}'..='\u{30FF}'
        | '\u{3130}'..='\u{318F}'
        | '\u{31F0}'..='\u{31FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}'
        | '\u{AC00}'..='\u{D7AF}' | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{2FA1F}')
}

/// How [`fold`] reads a text's characters.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fold {
    /// Each as plain lowercase letters ([`fold_char`]).
    Plain,
    /// As `Plain`, and a symbol beside a letter or digit read as the letter it is written for
    /// (see [`symbol_letter`]).
    Symbols,
    /// As `Plain`, but a capital as its own small letter before any look-alike: `Н` is `н`,
    /// not `H`, so that a word of Cyrillic or Greek written in capitals is the listed word.
    Native,
}

/// One character beyond ASCII as plain lowercase letters: its compatibility form without
/// accents, and a Latin look-alike for a letter of another script (for a capital, its own
/// look-alike first unless `native`).
fn fold_char(c: char, native: bool, out: &mut Vec<char>) {
    for k in std::iter::once(c).nfkc() {
        // A Hangul syllable stays whole: its letters would let `세` (an age) match inside `센`.
        if ('\u{AC00}'..='\u{D7AF}').contains(&k) {
            out.push(k);
            continue;
        }
        for d in std::iter::once(k).nfd().filter(|d| !is_combining_mark(*d)) {
            if let Some(digit) = script_digit(d) {
                out.push(digit);
                continue;
            }
            // A capital's look-alike first (`Ε` is `E`), then the small letter's (`ε`).
            if !native
                && d.is_uppercase()
                && let Some(latin) = latin_look_alike(d)
            {
                out.extend(latin);
                continue;
            }
            for l in d.to_lowercase() {
                if l.is_ascii() || !l.is_alphabetic() || unspaced(l) {
                    out.push(l);
                } else if let Some(latin) = latin_look_alike(l) {
                    out.extend(latin);
                } else {
                    out.push(l);
                }
            }
        }
    }
}

/// The zeros of the scripts whose own digits write years and ages (`مواليد ٢٠١٢`, `متولد ۱۳۹۰`,
/// `2068`, `১৪১৮`, `๒๕๕๔`): Arabic-Indic, Persian, Devanagari, Bengali, Gurmukhi, Gujarati,
/// Oriya, Tamil, Telugu, Kannada, Malayalam, Thai, Lao, Tibetan, Myanmar, Khmer. Full-width
/// digits are NFKC's.
const DIGIT_ZEROS: [u32; 16] = [
    0x0660, 0x06F0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66, 0x0E50,
    0x0ED0, 0x0F20, 0x1040, 0x17E0,
];

/// A digit of another script as its ASCII digit.
fn script_digit(c: char) -> Option<char> {
    let code = u32::from(c);
    let zero = DIGIT_ZEROS
        .iter()
        .find(|&&zero| (zero..zero + 10).contains(&code))?;
    char::from_digit(code - zero, 10)
}

/// Small capitals (`ɴᴜᴅᴇ`), which UTS #39 leaves alone, in the order of the Latin alphabet.
const SMALL_CAPITALS: [char; 26] = [
    'ᴀ', 'ʙ', 'ᴄ', 'ᴅ', 'ᴇ', 'ꜰ', 'ɢ', 'ʜ', 'ɪ', 'ᴊ', 'ᴋ', 'ʟ', 'ᴍ', 'ɴ', 'ᴏ', 'ᴘ', 'ǫ', 'ʀ', 'ꜱ',
    'ᴛ', 'ᴜ', 'ᴠ', 'ᴡ', 'x', 'ʏ', 'ᴢ',
];

/// The Latin letters a non-ASCII letter looks like (UTS #39, and small capitals), lowercased;
/// `None` when it looks like none.
fn latin_look_alike(c: char) -> Option<Vec<char>> {
    if c.is_ascii() {
        return None;
    }
    if let Some(at) = SMALL_CAPITALS.iter().position(|&s| s == c) {
        return Some(vec![char::from(b'a' + at as u8)]);
    }
    let skeleton: String = unicode_security::skeleton(&c.to_string()).collect();
    let latin: Vec<char> = skeleton.to_lowercase().chars().collect();
    (!latin.is_empty() && latin.iter().all(char::is_ascii_alphabetic)).then_some(latin)
}

/// A symbol written for a letter (`n!pple`, `|oli`, `+een`, `ni(e`), and whether it stands for
/// one only between two letters (an opening bracket is A1111 syntax anywhere else).
fn symbol_letter(c: char) -> Option<(char, bool)> {
    Some(match c {
        '!' | '¡' => ('i', false),
        '|' | '£' => ('l', false),
        '+' | '†' => ('t', false),
        '(' | '¢' | '©' => ('c', true),
        '€' => ('e', false),
        '¥' => ('y', false),
        '§' => ('s', false),
        '®' => ('r', false),
        'ø' | 'Ø' => ('o', false),
        'µ' => ('u', false),
        '×' => ('x', true),
        _ => return None,
    })
}

/// The text's characters folded as `how` says; `None` when reading symbols as letters or
/// capitals as their own letters would change nothing.
fn fold(text: &str, how: Fold) -> Option<Vec<Folded>> {
    let symbols = how == Fold::Symbols;
    if how == Fold::Native && !text.chars().any(|c| !c.is_ascii() && c.is_uppercase()) {
        return None;
    }
    if symbols && !text.chars().any(|c| symbol_letter(c).is_some()) {
        return None;
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let near = |k: Option<usize>| {
        k.and_then(|k| chars.get(k))
            .is_some_and(|(_, n)| n.is_alphanumeric())
    };
    // Most prompts have no symbol written for a letter: fold them once only.
    let read_as_letter = |k: usize| {
        symbol_letter(chars[k].1).is_some_and(|(_, between)| {
            let (before, after) = (near(k.checked_sub(1)), near(Some(k + 1)));
            (before && after) || (!between && (before || after))
        })
    };
    if symbols && !(0..chars.len()).any(read_as_letter) {
        return None;
    }
    let mut folded = Vec::with_capacity(text.len());
    let mut buffer = Vec::with_capacity(4);
    for (k, &(start, c)) in chars.iter().enumerate() {
        if invisible(c) {
            continue;
        }
        let end = start + c.len_utf8();
        // Most of a prompt: folded without the buffer.
        if c.is_ascii() && !(symbols && symbol_letter(c).is_some()) {
            folded.push(Folded {
                c: c.to_ascii_lowercase(),
                start,
                end,
            });
            continue;
        }
        if symbols && read_as_letter(k) {
            let (letter, _) = symbol_letter(c).expect("read as a letter");
            folded.push(Folded {
                c: letter,
                start,
                end,
            });
            continue;
        }
        buffer.clear();
        fold_char(c, how == Fold::Native, &mut buffer);
        folded.extend(buffer.iter().map(|&c| Folded { c, start, end }));
    }
    Some(folded)
}

/// Letters, digits, and the symbols leetspeak writes letters with.
fn in_word(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '@' || c == '$';
    }
    c.is_alphanumeric() && !unspaced(c)
}

/// A mark written inside a word to split it: anything but a space, a control or A1111's syntax.
fn joiner(c: char) -> bool {
    !(c.is_whitespace()
        || c.is_control()
        || unspaced(c)
        || matches!(
            c,
            '(' | ')' | '[' | ']' | '{' | '}' | '<' | '>' | ':' | ',' | ';' | '"'
        ))
}

/// Words split at every mark, and the mark that followed each.
fn split(folded: &[Folded]) -> (Reading, Vec<Option<char>>) {
    let mut reading = Reading::default();
    let mut after: Vec<Option<char>> = Vec::new();
    let mut current = String::new();
    let (mut start, mut end) = (0, 0);
    // The previous character was an unspaced one, with nothing between.
    let mut in_run = false;
    for (k, f) in folded.iter().enumerate() {
        let decimal = matches!(f.c, '.' | ',')
            && current.ends_with(|c: char| c.is_ascii_digit())
            && folded.get(k + 1).is_some_and(|n| n.c.is_ascii_digit());
        if in_word(f.c) || decimal {
            if current.is_empty() {
                start = f.start;
            }
            current.push(f.c);
            end = f.end;
            continue;
        }
        if !current.is_empty() {
            reading.push(&current, start, end, false);
            after.push(Some(if unspaced(f.c) { ' ' } else { f.c }));
            current.clear();
        } else if let Some(last) = after.last_mut()
            && last.is_some_and(joiner)
            && !joiner(f.c)
        {
            // A mark then a space ("mr. smith"): not a split word.
            *last = Some(' ');
        }
        if unspaced(f.c) {
            let glued = in_run && after.last() == Some(&None);
            let mut buffer = [0; 4];
            reading.push(f.c.encode_utf8(&mut buffer), f.start, f.end, glued);
            after.push(None);
            in_run = true;
        } else {
            in_run = false;
            if let Some(last) = after.last_mut()
                && last.is_none()
            {
                *last = Some(f.c);
            }
        }
    }
    if !current.is_empty() {
        reading.push(&current, start, end, false);
        after.push(None);
    }
    (reading, after)
}

/// The words joined where a mark split one word (`lo-li`, `l.o.l.i`, `nu*de`); `None` when
/// nothing is joined.
fn joined(split: &Reading, after: &[Option<char>]) -> Option<Reading> {
    let glue_after = |i: usize| after[i].is_some_and(joiner) && !split.glued(i + 1);
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
            joined.push(
                &current,
                start,
                w.end,
                split.glued(i) && current == split.word(i),
            );
            current.clear();
        }
    }
    Some(joined)
}

/// Runs of single letters or characters (`n u d e g i r l`, `幼 女`) written as one, so that a
/// listed word matches inside; `None` when the text has none. Three letters at least make a
/// run: `a b` is two words.
fn runs(split: &Reading) -> Option<Reading> {
    let single = |i: usize| split.word(i).chars().nth(1).is_none();
    let cjk = |i: usize| split.word(i).chars().next().is_some_and(unspaced);
    let mut glue = vec![false; split.len()];
    let mut i = 0;
    let mut any = false;
    while i < split.len() {
        let mut j = i;
        while j < split.len() && single(j) {
            j += 1;
        }
        let unspaced_run = (i..j).filter(|&k| cjk(k)).count() >= 2;
        if j - i >= 3 || unspaced_run {
            for g in glue.iter_mut().take(j).skip(i + 1) {
                *g = true;
            }
            any |= (i + 1..j).any(|k| !split.glued(k));
        }
        i = j.max(i + 1);
    }
    if !any {
        return None;
    }
    let mut out = Reading::default();
    for (i, w) in split.words.iter().enumerate() {
        out.push(split.word(i), w.start, w.end, glue[i] || split.glued(i));
    }
    Some(out)
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
        '9' => 'g',
        _ => c,
    }
}

/// A social handle: `@` and then a letter.
fn handle(word: &str) -> bool {
    word.strip_prefix('@')
        .is_some_and(|rest| rest.starts_with(char::is_alphabetic))
}

/// A word leetspeak may hide a letter in: letters and digits, or `@` and `$`; a word of
/// digits stays a number, and so does a booru count tag (`1girl`, `2boys`), which most
/// prompts have.
fn mixes_leet(word: &str) -> bool {
    if !word
        .bytes()
        .any(|b| b.is_ascii_digit() || b == b'@' || b == b'$')
    {
        return false;
    }
    let letters = word.chars().any(char::is_alphabetic);
    let digits = word.bytes().any(|b| b.is_ascii_digit());
    let tag = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let count_tag = tag.len() < word.len()
        && matches!(tag, "girl" | "girls" | "boy" | "boys" | "other" | "others");
    ((letters && digits) || word.contains(['@', '$'])) && !count_tag
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
    /// The indexes in `all` of the readings ages are read from: `plain`, `plain` with its
    /// leetspeak read (`12 y34r 0ld`), and the text with its capitals read as their own letters
    /// (`12 ЛЕТ`); the other readings join or cut words, which ages are never written with.
    pub numeric: Vec<usize>,
}

pub fn read(text: &str) -> Readings {
    let folded = fold(text, Fold::Plain).unwrap_or_default();
    let (plain, after) = split(&folded);
    let leet = unleet(&plain, 'i');
    let mut bases = vec![plain.clone()];
    // A handle (`@amouranth`) names whom its letters name; `@` inside a word stays leetspeak.
    bases.extend(plain.map(handle, |word| word[1..].to_string()));
    bases.extend(joined(&plain, &after));
    bases.extend(runs(&plain));
    // Ages are read from it too: `12 ЛЕТ` is `12 лет`.
    let native = fold(text, Fold::Native)
        .map(|native| split(&native).0)
        .filter(|native| native.text != plain.text);
    bases.extend(native.clone());
    if let Some(symbols) = fold(text, Fold::Symbols) {
        let (words, after) = split(&symbols);
        bases.extend(joined(&words, &after));
        bases.push(words);
    }
    let mut spelled = Vec::with_capacity(bases.len() * 3);
    for (k, base) in bases.into_iter().enumerate() {
        let as_i = match k {
            0 => leet.clone(),
            _ => unleet(&base, 'i'),
        };
        if let Some(as_i) = as_i {
            spelled.push(as_i);
            if (0..base.len()).any(|i| base.word(i).contains('1')) {
                spelled.extend(unleet(&base, 'l'));
            }
        }
        spelled.push(base);
    }
    let mut all: Vec<Reading> = Vec::with_capacity(spelled.len() * 3);
    for reading in spelled {
        // Asked once: most readings have no letter written three times.
        let repeats = (0..reading.len()).any(|i| has_run_of_three(reading.word(i)));
        let cut = |keep| repeats.then(|| unrepeat(&reading, keep)).flatten();
        let cuts = [cut(2), cut(1)];
        for variant in cuts.into_iter().flatten().chain([reading]) {
            if !all.iter().any(|r| r.text == variant.text) {
                all.push(variant);
            }
        }
    }
    // `plain` first, so that a hit found in several readings is quoted from it.
    if let Some(at) = all.iter().position(|r| *r == plain) {
        all.swap(0, at);
    }
    let mut numeric = vec![0];
    numeric.extend(leet.and_then(|leet| all.iter().position(|r| r.text == leet.text)));
    numeric.extend(native.and_then(|native| all.iter().position(|r| r.text == native.text)));
    Readings {
        plain,
        all,
        numeric,
    }
}

/// The words of `text` split at every mark, as they stand.
pub fn plain(text: &str) -> Reading {
    split(&fold(text, Fold::Plain).unwrap_or_default()).0
}

/// A list entry in the form the readings have: lowercase plain words, one space apart (none
/// between characters of an unspaced script).
pub fn entry(text: &str) -> String {
    plain(text).text
}

/// An entry as the reading that joins split words has it (`dog's bed` as `dogs bed`), when that
/// differs: a text is matched in that reading too, so an entry written with a mark inside a word
/// must be found there as well.
pub fn joined_entry(text: &str) -> Option<String> {
    let (split, after) = split(&fold(text, Fold::Plain).unwrap_or_default());
    joined(&split, &after).map(|reading| reading.text)
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
        assert_eq!(texts(&plain("ɴᴜᴅᴇ ʟᴏʟɪ Εmma")), ["nude", "loli", "emma"]);
    }

    #[test]
    fn invisible_characters_do_not_split_a_word() {
        assert_eq!(texts(&plain("lo\u{200B}li te\u{00AD}en")), ["loli", "teen"]);
    }

    #[test]
    fn a_stretched_arabic_word_is_the_word() {
        assert_eq!(texts(&plain("هـيفـاء")), texts(&plain("هيفاء")));
    }

    #[test]
    fn a1111_syntax_leaves_its_words() {
        assert_eq!(
            texts(&plain(
                "(loli:1.3) [teen:adult:0.5] [a|b] BREAK <lora:kid_style:0.8>"
            )),
            [
                "loli", "1.3", "teen", "adult", "0.5", "a", "b", "break", "lora", "kid", "style",
                "0.8"
            ]
        );
    }

    #[test]
    fn split_words_and_leetspeak_and_repeats_are_read_whole() {
        assert!(read_as("l.o.l.i", &["loli"]));
        assert!(
            readings("l o l i girl")
                .iter()
                .any(|r| r.text == "loli girl")
        );
        assert!(readings("幼 女").iter().any(|r| r.text == "幼女"));
        assert!(read_as("nu*de lo🍭li", &["nude", "loli"]));
        assert!(read_as("n!pple |oli +een", &["nipple", "loli", "teen"]));
        assert!(read_as("lo-li", &["loli"]));
        assert!(read_as("t_e_e_n", &["teen"]));
        assert!(read_as("l0l1", &["loli"]));
        assert!(read_as("k1d", &["kid"]));
        assert!(read_as("t33n", &["teen"]));
        assert!(read_as("$ch00lgirl", &["schoolgirl"]));
        assert!(read_as("@amouranth", &["amouranth"]));
        assert!(read_as("@ss", &["ass"]));
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
