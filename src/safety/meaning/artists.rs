//! A painter or photographer named for how an image looks (`in the style of Egon Schiele`,
//! `alla maniera di Caravaggio`, `Mucha style`) is left out of what the reader of meaning
//! reads: the head took those names for a real person in an explicit request, and an image in
//! a painter's manner is no picture of the painter. Only names on `artists.txt`, and only
//! beside a style word; the rules still read every word. safety-model/reading.py reads its lines
//! the same way (`unnamed`).

use std::sync::LazyLock;

static ARTISTS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut names: Vec<String> = include_str!("artists.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_lowercase)
        .collect();
    // The longest first, so that `sandro botticelli` goes whole before `botticelli` is tried.
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    names
});

/// The style words written before a name, and after it (with the space or hyphen that joins
/// them, none for `風`), lowercase: `style_words.json`, which safety-model/reading.py reads too.
#[derive(serde::Deserialize)]
struct StyleWords {
    before: Vec<String>,
    after: Vec<String>,
}

static STYLE_WORDS: LazyLock<StyleWords> = LazyLock::new(|| {
    serde_json::from_str(include_str!("style_words.json")).expect("style_words.json is valid")
});

/// `text` without its style references to listed artists (a style word and the name).
pub fn unnamed(text: &str) -> String {
    let mut text = text.to_owned();
    while let Some((start, end)) = reference(&text) {
        text.replace_range(start..end, "");
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The byte span of the first style reference in `text`: a listed name with a style word
/// right before or after it, each a whole word. Matched in the lowercased text, whose offsets
/// are the text's unless lowercasing changed a length (Turkish `İ`): then none is found.
fn reference(text: &str) -> Option<(usize, usize)> {
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        return None;
    }
    for name in ARTISTS.iter() {
        for (at, _) in lower.match_indices(name.as_str()) {
            let end = at + name.len();
            if !boundary(&lower, at, end) {
                continue;
            }
            let before = lower[..at].trim_end();
            if let Some(marker) = STYLE_WORDS.before.iter().find(|m| word_ending(before, m)) {
                return Some((before.len() - marker.len(), end));
            }
            let after = &lower[end..];
            if let Some(marker) = STYLE_WORDS.after.iter().find(|m| {
                after.starts_with(m.as_str())
                    && !after[m.len()..]
                        .chars()
                        .next()
                        .is_some_and(char::is_alphanumeric)
            }) {
                return Some((at, end + marker.len()));
            }
        }
    }
    None
}

/// Whether `text[at..end]` is a whole word or words.
fn boundary(text: &str, at: usize, end: usize) -> bool {
    !text[..at]
        .chars()
        .next_back()
        .is_some_and(char::is_alphanumeric)
        && !text[end..]
            .chars()
            .next()
            .is_some_and(char::is_alphanumeric)
}

/// Whether `text` ends with the words `marker`, not inside a longer word.
fn word_ending(text: &str, marker: &str) -> bool {
    text.strip_suffix(marker)
        .is_some_and(|rest| !rest.chars().next_back().is_some_and(char::is_alphanumeric))
}

#[cfg(test)]
mod tests {
    use super::unnamed;

    #[test]
    fn a_painter_named_for_a_manner_is_left_out() {
        assert_eq!(
            unnamed("nude woman reclining, in the style of Egon Schiele, gouache"),
            "nude woman reclining, , gouache"
        );
        assert_eq!(
            unnamed("Nascita di Venere alla maniera di Botticelli, nudo"),
            "Nascita di Venere , nudo"
        );
        assert_eq!(
            unnamed("Mucha style nude, art nouveau"),
            "nude, art nouveau"
        );
        assert_eq!(
            unnamed("Akt ve stylu Alfonse Muchy, nahá žena s květinami"),
            "Akt , nahá žena s květinami"
        );
        assert_eq!(
            unnamed("i stil med Anders Zorn, naken kvinna badar"),
            ", naken kvinna badar"
        );
        assert_eq!(unnamed("akt w stylu Klimta"), "akt");
        assert_eq!(
            unnamed("Γλυπτό γυμνής Αφροδίτης σε ύφος Πραξιτέλη, μάρμαρο"),
            "Γλυπτό γυμνής Αφροδίτης , μάρμαρο"
        );
        assert_eq!(
            unnamed("naken kvinna i skogen, John Bauer-stil"),
            "naken kvinna i skogen,"
        );
    }

    #[test]
    fn a_name_without_a_style_word_or_inside_a_word_stays() {
        for text in [
            "Rembrandt, nude",
            "nude portrait of Caravaggio",
            "bymunch and others",
            "nude, in the style of David Hamilton",
            "after work, Frida Kahlo nude",
        ] {
            assert_eq!(unnamed(text), text);
        }
    }
}
