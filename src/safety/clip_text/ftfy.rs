//! ftfy 6.3.1's `fix_text` with its default settings, which Hugging Face's CLIPTokenizer and
//! open_clip run over every prompt: per line, until nothing changes, HTML references (unless the
//! text holds a `<`), mojibake, C1 controls read as Windows-1252, Latin ligatures and full-width
//! forms undone, curly quotes straightened, line breaks unified, terminal escapes and control
//! characters dropped, NFC.
//!
//! Mojibake is where ftfy guesses: it repairs a text only when a heuristic finds it "bad", with
//! the first of ten code pages that fits. The gate does not guess: [`fix_text`] takes the repair
//! to make ([`Repair`]), and the gate reads the text under each, so whichever ftfy chose is read.

use std::collections::HashMap;
use std::sync::OnceLock;

use unicode_normalization::UnicodeNormalization;

use super::{entities, html, tables};

/// How mojibake is read: UTF-8 bytes that were shown in a single-byte code page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repair {
    /// Left as written.
    None,
    /// Read back through the code page's bytes (a C1 control is the byte of its value, as in
    /// Latin-1): every run of characters the page can write whose bytes are UTF-8 becomes what
    /// they spell. Once per round of ftfy's fixes, or (`deep`) until nothing changes, which is
    /// what ftfy does when the whole line is one page's mojibake; it repairs only some pieces of
    /// a line once per round.
    Page {
        page: &'static [char; 128],
        deep: bool,
    },
}

/// ftfy's code pages, Latin-1 aside (Windows-1252's page with C1 controls read as bytes).
const PAGES: [&[char; 128]; 9] = [
    &tables::WINDOWS_1252,
    &tables::WINDOWS_1251,
    &tables::WINDOWS_1250,
    &tables::WINDOWS_1253,
    &tables::WINDOWS_1254,
    &tables::WINDOWS_1257,
    &tables::ISO_8859_2,
    &tables::MAC_ROMAN,
    &tables::CP437,
];

impl Repair {
    /// None first, then each page once per round and until nothing changes.
    pub fn all() -> impl Iterator<Item = Repair> {
        std::iter::once(Repair::None).chain(
            PAGES
                .into_iter()
                .flat_map(|page| [false, true].map(|deep| Repair::Page { page, deep })),
        )
    }

    pub const COUNT: usize = 1 + 2 * PAGES.len();
}

impl Repair {
    /// Whether the repair can change `text`: some character the page writes as a UTF-8 lead
    /// byte is followed by one it writes as a continuation byte (or a space, or U+FFFD, which a
    /// repair may read as one). Most text, every CJK prompt among it, has none, and then the
    /// repair is the text as written.
    pub fn applies_to(self, text: &str) -> bool {
        let Repair::Page { page, .. } = self else {
            return false;
        };
        let mut lead = false;
        for c in text.chars() {
            if lead
                && (c == ' ' || c == '\u{FFFD}' || matches!(byte_of(page, c), Some(0x80..=0xBF)))
            {
                return true;
            }
            lead = byte_of(page, c).and_then(sequence_len).is_some();
        }
        false
    }
}

/// ftfy's `fix_text`, with `repair` standing for its mojibake guess.
pub fn fix_text(text: &str, repair: Repair) -> String {
    let mut out = String::with_capacity(text.len());
    // ftfy's "auto": once a line holds `<`, it and every later line are taken for HTML.
    let mut markup = false;
    for segment in text.split_inclusive('\n') {
        markup |= segment.contains('<');
        out.push_str(&fix_segment(segment, !markup, repair));
    }
    out
}

/// ftfy's `fix_and_explain` on one line: its fixes again until the text stands still.
fn fix_segment(segment: &str, unescape: bool, repair: Repair) -> String {
    let mut text = segment.to_owned();
    // ftfy loops until nothing changes; each round only shortens or settles the text, but a
    // bound keeps a pathological input from costing more than a few rounds.
    for round in 0..8 {
        let before = text.clone();
        if unescape {
            text = unescape_html(&text);
        }
        if round == 0 || matches!(repair, Repair::Page { deep: true, .. }) {
            text = repaired(&text, repair);
        }
        text = fix_c1_controls(&text);
        text = text.chars().flat_map(unligature).collect();
        text = text.chars().flat_map(full_width).collect();
        text = uncurl_quotes(&text);
        text = fix_line_breaks(&text);
        text = remove_terminal_escapes(&text);
        text.retain(|c| !control(c));
        text = text.nfc().collect();
        if text == before {
            break;
        }
    }
    text
}

/// ftfy's own reference reading: only `&name;` and `&#…;` with their `;`, names from its table.
fn unescape_html(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let candidate = &rest[at..];
        let numeric = candidate[1..].starts_with('#');
        let body = &candidate[1 + usize::from(numeric)..];
        let run = body.bytes().take_while(u8::is_ascii_alphanumeric).count();
        if (1..=24).contains(&run) && body[run..].starts_with(';') {
            let end = 1 + usize::from(numeric) + run + 1;
            let reference = &candidate[..end];
            match ftfy_entity(reference) {
                Some(value) => out.push_str(value),
                None if numeric => {
                    let read = html::unescape(reference);
                    out.push_str(if read.contains(';') { reference } else { &read });
                }
                None => out.push_str(reference),
            }
            rest = &candidate[end..];
        } else {
            out.push('&');
            rest = &candidate[1..];
        }
    }
    out.push_str(rest);
    out
}

/// ftfy's `HTML_ENTITIES[reference]` (`reference` is `&name;`): the HTML5 names with `;`, and
/// the all-lowercase ones written in capitals where that is no other reference (`&EACUTE;` is
/// `É`).
fn ftfy_entity(reference: &str) -> Option<&'static str> {
    static TABLE: OnceLock<HashMap<String, String>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            let mut table = HashMap::new();
            for (name, value) in entities::all() {
                if !name.ends_with(';') {
                    continue;
                }
                table.insert(format!("&{name}"), value.to_owned());
                if name == name.to_lowercase() {
                    let upper = format!("&{}", name.to_uppercase());
                    if html::unescape(&upper) == upper {
                        table.insert(upper, value.to_uppercase());
                    }
                }
            }
            table
        })
        .get(reference)
        .map(String::as_str)
}

/// The byte `page` writes `c` as, if it writes it; a C1 control is the byte of its value.
fn byte_of(page: &[char; 128], c: char) -> Option<u8> {
    if c.is_ascii() {
        return Some(c as u8);
    }
    match page.iter().position(|&p| p == c) {
        Some(i) => Some(0x80 + i as u8),
        None => matches!(c, '\u{80}'..='\u{9F}').then_some(c as u8),
    }
}

/// How long the UTF-8 sequence that `lead` starts is, if it starts one.
fn sequence_len(lead: u8) -> Option<usize> {
    match lead {
        0xC2..=0xDF => Some(2),
        0xE0..=0xEF => Some(3),
        0xF0..=0xF4 => Some(4),
        _ => None,
    }
}

/// The text with every UTF-8 sequence in `repair`'s bytes read as what it spells, and
/// everything else as written.
fn repaired(text: &str, repair: Repair) -> String {
    let Repair::Page { page, deep } = repair else {
        return text.to_owned();
    };
    let mut text = repair_once(text, page, deep);
    for _ in 0..usize::from(deep) * 3 {
        let again = repair_once(&text, page, deep);
        if again == text {
            break;
        }
        text = again;
    }
    text
}

fn repair_once(text: &str, page: &[char; 128], lossy: bool) -> String {
    let chars: Vec<char> = text.chars().collect();
    let bytes: Vec<Option<u8>> = chars.iter().map(|&c| byte_of(page, c)).collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if let Some(len) = bytes[i].and_then(sequence_len)
            && i + len <= chars.len()
            && let Some(read) = sequence(&chars[i..i + len], &bytes[i..i + len], lossy)
        {
            out.push_str(&read);
            i += len;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// What a UTF-8 sequence shown as `chars` (their bytes `bytes`, the lead first) spells:
/// - its character, if the bytes are one;
/// - or with a no-break space that became a plain one put back, where ftfy's `restore_byte_a0`
///   does (`ALTERED_UTF8_RE`: after the few leads where that makes a likely character);
/// - or, when `lossy`, U+FFFD where a byte was already lost to one (ftfy's
///   `replace_lossy_sequences`, which it applies when it decodes a whole line at once).
fn sequence(chars: &[char], bytes: &[Option<u8>], lossy: bool) -> Option<String> {
    let raw: Option<Vec<u8>> = bytes.iter().copied().collect();
    if let Some(raw) = &raw
        && let Ok(read) = std::str::from_utf8(raw)
    {
        return Some(read.to_owned());
    }
    let continuation = |b: &Option<u8>| matches!(b, Some(0x80..=0xBF));
    let lost = chars[1..].iter().filter(|&&c| c == '\u{FFFD}').count();
    if lossy
        && lost > 0
        && bytes[1..]
            .iter()
            .zip(&chars[1..])
            .all(|(b, &c)| c == '\u{FFFD}' || continuation(b))
    {
        return Some("\u{FFFD}".to_owned());
    }
    let mut raw = raw?;
    let spaces: Vec<usize> = (1..raw.len()).filter(|&k| raw[k] == b' ').collect();
    let [space] = spaces[..] else {
        return None;
    };
    let likely_after = |b: u8| matches!(b, 0x80..=0x84 | 0x86..=0x9F | 0xA1..=0xBF);
    let restorable = match (raw[0], raw.len(), space) {
        (0xC2 | 0xC3 | 0xC5 | 0xCE | 0xD0 | 0xD9, 2, 1) => true,
        (0xE2 | 0xE3, 3, 1) => likely_after(raw[2]),
        (0xE0..=0xE3, 3, 2) => likely_after(raw[1]),
        (0xF0, 4, _) => true,
        _ => false,
    };
    if !restorable {
        return None;
    }
    raw[space] = 0xA0;
    String::from_utf8(raw).ok()
}

/// C1 controls read as the Windows-1252 characters of their bytes, as browsers do.
fn fix_c1_controls(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{80}'..='\u{9F}' => tables::WINDOWS_1252[c as usize - 0x80],
            c => c,
        })
        .collect()
}

/// ftfy's `LIGATURES`: Latin ligatures and digraphs as their letters.
fn unligature(c: char) -> Vec<char> {
    let letters = match c {
        'Ĳ' => "IJ",
        'ĳ' => "ij",
        'ŉ' => "ʼn",
        'Ǳ' => "DZ",
        'ǲ' => "Dz",
        'ǳ' => "dz",
        'Ǆ' => "DŽ",
        'ǅ' => "Dž",
        'ǆ' => "dž",
        'Ǉ' => "LJ",
        'ǈ' => "Lj",
        'ǉ' => "lj",
        'Ǌ' => "NJ",
        'ǋ' => "Nj",
        'ǌ' => "nj",
        'ﬀ' => "ff",
        'ﬁ' => "fi",
        'ﬂ' => "fl",
        'ﬃ' => "ffi",
        'ﬄ' => "ffl",
        'ﬅ' => "ſt",
        'ﬆ' => "st",
        c => return vec![c],
    };
    letters.chars().collect()
}

/// ftfy's `WIDTH_MAP`: half- and full-width forms as their usual width (NFKC of U+FF01 to
/// U+FFEF, `￣` is a space and a combining macron), and the ideographic space as a space.
fn full_width(c: char) -> Vec<char> {
    match c {
        '\u{3000}' => vec![' '],
        '\u{FF01}'..='\u{FFEF}' => std::iter::once(c).nfkc().collect(),
        c => vec![c],
    }
}

fn uncurl_quotes(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{02BC}' | '\u{2018}'..='\u{201B}' => '\'',
            '\u{201C}'..='\u{201F}' => '"',
            c => c,
        })
        .collect()
}

/// CRLF, CR, the line and paragraph separators and NEXT LINE as `\n`.
fn fix_line_breaks(text: &str) -> String {
    text.replace("\r\n", "\n")
        .chars()
        .map(|c| match c {
            '\r' | '\u{2028}' | '\u{2029}' | '\u{85}' => '\n',
            c => c,
        })
        .collect()
}

/// Python's `\d`: any decimal digit (`٣` as well as `3`).
fn decimal_digit(c: char) -> bool {
    c.is_ascii_digit()
        || (!c.is_ascii()
            && tables::DECIMAL_DIGITS
                .binary_search_by(|&(from, to)| {
                    if to < c {
                        std::cmp::Ordering::Less
                    } else if from > c {
                        std::cmp::Ordering::Greater
                    } else {
                        std::cmp::Ordering::Equal
                    }
                })
                .is_ok())
}

/// ANSI escapes: ESC `[`, digits and `;`, an ASCII letter.
fn remove_terminal_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("\u{1B}[") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let params = after
            .chars()
            .take_while(|c| *c == ';' || decimal_digit(*c))
            .map(char::len_utf8)
            .sum::<usize>();
        match after[params..].chars().next() {
            Some(c) if c.is_ascii_alphabetic() => rest = &after[params + 1..],
            _ => {
                out.push('\u{1B}');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// ftfy's `CONTROL_CHARS`.
fn control(c: char) -> bool {
    matches!(c,
        '\u{00}'..='\u{08}' | '\u{0B}' | '\u{0E}'..='\u{1F}' | '\u{7F}'
        | '\u{206A}'..='\u{206F}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFC}')
}
