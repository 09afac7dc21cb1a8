//! A prompt as the text encoder reads it. CLIP's tokenizers clean text before they cut it into
//! tokens: Hugging Face's CLIPTokenizer (A1111, ComfyUI) runs ftfy's `fix_text` when ftfy is
//! installed, as A1111 installs it; open_clip runs `fix_text`, then `html.unescape` twice. Both
//! then collapse whitespace. So `&#110;&#117;&#100;&#101;` is `nude` to the model, and the gate
//! must read it so too.
//!
//! [`readings`] gives every text the model may receive from one prompt: both tokenizers' cleaning,
//! under each mojibake repair ftfy might choose (`ftfy::Repair`). tests/fixtures/encoder-reading
//! holds what the real ftfy 6.3.1 and CPython 3.11 make of a few thousand generated strings, and
//! the tests check that each is among these readings (and equal to the first where no mojibake is
//! involved).

mod entities;
mod ftfy;
mod html;
mod tables;

use ftfy::Repair;

/// How many texts [`readings`] gives, always: the same index is the same cleaning, so that the
/// readings of a prompt and of its negative prompt can be taken together.
pub const READINGS: usize = 2 * Repair::COUNT;

/// Python's `str.isspace`, which `str.split()` and `\s` go by: Unicode's White_Space and the
/// four information separators.
fn python_space(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\u{1C}'..='\u{1F}')
}

/// open_clip's `whitespace_clean`: runs of whitespace as one space, trimmed.
pub fn whitespace_clean(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split(python_space).filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Whether no cleaning can change `text` but the whitespace: printable ASCII with no `&`.
pub fn plain(text: &str) -> bool {
    text.bytes()
        .all(|b| (b' '..=b'~').contains(&b) && b != b'&')
}

/// The texts the model may read of `text`, [`READINGS`] of them: for each mojibake repair
/// (none first), Hugging Face's cleaning and open_clip's.
pub fn readings(text: &str) -> Vec<String> {
    if plain(text) {
        return vec![whitespace_clean(text); READINGS];
    }
    let mut out: Vec<String> = Vec::with_capacity(READINGS);
    for repair in Repair::all() {
        // References may spell mojibake too: the repair is tried if either text has some.
        if repair != Repair::None && !repair.applies_to(text) && !repair.applies_to(&out[1]) {
            out.extend_from_within(..2);
            continue;
        }
        let fixed = ftfy::fix_text(text, repair);
        let unescaped = html::unescape(&html::unescape(&fixed));
        out.push(whitespace_clean(&fixed));
        out.push(whitespace_clean(&unescaped));
    }
    out
}

/// open_clip's reading without mojibake repair: the first reading that decodes references.
pub fn open_clip(text: &str) -> String {
    readings(text).swap_remove(1)
}

#[cfg(test)]
mod tests;
