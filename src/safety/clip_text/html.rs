//! CPython's `html.unescape` (3.11, `Lib/html/__init__.py`), which open_clip's tokenizer runs
//! twice over every prompt: numeric references with or without `;`, named ones from the HTML5
//! table, and the legacy names that HTML5 lets stand without `;` taken as the longest prefix of
//! a longer run (`&ampx` is `&x`).

use super::entities;

/// What CPython gives for a numeric reference to one of these: the HTML5 parser's table of
/// Windows-1252 stand-ins for C1 controls, a NUL and a carriage return.
fn invalid_charref(n: u32) -> Option<&'static str> {
    Some(match n {
        0x00 => "\u{FFFD}",
        0x0D => "\r",
        0x80 => "\u{20AC}",
        0x81 => "\u{81}",
        0x82 => "\u{201A}",
        0x83 => "\u{0192}",
        0x84 => "\u{201E}",
        0x85 => "\u{2026}",
        0x86 => "\u{2020}",
        0x87 => "\u{2021}",
        0x88 => "\u{02C6}",
        0x89 => "\u{2030}",
        0x8A => "\u{0160}",
        0x8B => "\u{2039}",
        0x8C => "\u{0152}",
        0x8D => "\u{8D}",
        0x8E => "\u{017D}",
        0x8F => "\u{8F}",
        0x90 => "\u{90}",
        0x91 => "\u{2018}",
        0x92 => "\u{2019}",
        0x93 => "\u{201C}",
        0x94 => "\u{201D}",
        0x95 => "\u{2022}",
        0x96 => "\u{2013}",
        0x97 => "\u{2014}",
        0x98 => "\u{02DC}",
        0x99 => "\u{2122}",
        0x9A => "\u{0161}",
        0x9B => "\u{203A}",
        0x9C => "\u{0153}",
        0x9D => "\u{9D}",
        0x9E => "\u{017E}",
        0x9F => "\u{0178}",
        _ => return None,
    })
}

/// Code points a numeric reference to which CPython drops.
fn dropped(n: u32) -> bool {
    matches!(n, 0x01..=0x08 | 0x0B | 0x0E..=0x1F | 0x7F..=0x9F | 0xFDD0..=0xFDEF)
        || (n & 0xFFFE == 0xFFFE && n <= 0x10FFFF)
}

/// The character a numeric reference stands for, as CPython writes it.
pub(super) fn numeric(digits: &str, radix: u32, out: &mut String) {
    let trimmed = digits.trim_start_matches('0');
    // Longer than any code point: CPython's big integer is over 0x10FFFF.
    let n = if trimmed.len() > 8 {
        u32::MAX
    } else {
        u32::from_str_radix(if trimmed.is_empty() { "0" } else { trimmed }, radix)
            .unwrap_or(u32::MAX)
    };
    if let Some(s) = invalid_charref(n) {
        out.push_str(s);
    } else if (0xD800..=0xDFFF).contains(&n) || n > 0x10FFFF {
        out.push('\u{FFFD}');
    } else if !dropped(n) {
        out.extend(char::from_u32(n));
    }
}

/// A run of digits of `radix` at the start of `s`, and its length in bytes.
fn digits(s: &str, radix: u32) -> usize {
    s.bytes()
        .take_while(|b| (*b as char).is_digit(radix))
        .count()
}

/// Characters a reference's name may not hold (the regex's `[^\t\n\f <&#;]`).
fn ends_name(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | ' ' | '<' | '&' | '#' | ';')
}

/// The reference at the start of `rest` (just after its `&`): what replaces it and how many
/// bytes of `rest` it takes; `None` when nothing there is one.
fn reference(rest: &str) -> Option<(String, usize)> {
    let mut out = String::new();
    if let Some(after) = rest.strip_prefix('#') {
        let (radix, skip) = match after.as_bytes().first() {
            Some(b'x' | b'X') => (16, 1),
            _ => (10, 0),
        };
        let body = &after[skip..];
        let n = digits(body, radix);
        if n == 0 {
            return None;
        }
        numeric(&body[..n], radix, &mut out);
        let semi = usize::from(body[n..].starts_with(';'));
        return Some((out, 1 + skip + n + semi));
    }
    let name_len: usize = rest
        .chars()
        .take_while(|c| !ends_name(*c))
        .take(32)
        .map(char::len_utf8)
        .sum();
    if name_len == 0 {
        return None;
    }
    let taken = name_len + usize::from(rest[name_len..].starts_with(';'));
    let name = &rest[..taken];
    if let Some(value) = entities::html5(name) {
        out.push_str(value);
        return Some((out, taken));
    }
    // The longest name at least two characters long that the table knows, the rest as written.
    let bounds: Vec<usize> = name.char_indices().map(|(i, _)| i).skip(2).collect();
    for &end in bounds.iter().rev() {
        if let Some(value) = entities::html5(&name[..end]) {
            out.push_str(value);
            out.push_str(&name[end..]);
            return Some((out, taken));
        }
    }
    out.push('&');
    out.push_str(name);
    Some((out, taken))
}

/// `html.unescape(text)`.
pub fn unescape(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        match reference(after) {
            Some((value, taken)) => {
                out.push_str(&value);
                rest = &after[taken..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}
