//! A prompt pasted with its negative prompt, as A1111 writes an image's parameters
//! ("a castle at dusk\nNegative prompt: blurry, lowres\nSteps: 20, ..."). Sent as one prompt,
//! the model would read the words meant to be kept out of the image as words to draw: a
//! negative prompt that keeps minors out would ask for them. So the words after the marker
//! are moved to the negative prompt, where the model and the content rules read them as such.

use super::normalize::clean;

/// The marker, compared without case.
const MARKER: &str = "negative prompt:";

/// `prompt` before the marker, and the words after it when there is one. The marker counts
/// only at the start or after a space or a punctuation mark, so that it is a label and not
/// the end of another word.
pub fn split(prompt: &str) -> (&str, Option<&str>) {
    let lower = prompt.to_ascii_lowercase();
    let found = lower.match_indices(MARKER).map(|(at, _)| at).find(|&at| {
        prompt[..at]
            .chars()
            .next_back()
            .is_none_or(|c| c.is_whitespace() || c.is_ascii_punctuation())
    });
    match found {
        Some(at) => (&prompt[..at], Some(&prompt[at + MARKER.len()..])),
        None => (prompt, None),
    }
}

/// The negative prompt the user typed, with the one pasted into the prompt after it.
pub fn joined(typed: &str, pasted: Option<&str>) -> String {
    match pasted.map(str::trim).filter(|p| !p.is_empty()) {
        Some(pasted) if typed.trim().is_empty() => pasted.to_owned(),
        Some(pasted) => format!("{}, {pasted}", typed.trim_end()),
        None => typed.to_owned(),
    }
}

/// The prompt and negative prompt a backend is sent for `prompt` and the negative prompt
/// `typed`, each cleaned as the request cleans them (`normalize::clean`).
pub fn sent(prompt: &str, typed: &str) -> (String, String) {
    let (prompt, pasted) = split(prompt);
    (clean(prompt), clean(&joined(typed, pasted)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_a1111_parameters_paste_is_split_at_its_negative_prompt() {
        let pasted = "a castle at dusk\nNegative prompt: blurry, lowres\nSteps: 20";
        assert_eq!(
            split(pasted),
            ("a castle at dusk\n", Some(" blurry, lowres\nSteps: 20"))
        );
    }

    #[test]
    fn the_marker_is_found_in_any_case_after_a_sentence() {
        assert_eq!(
            split("soft light. NEGATIVE PROMPT: teen"),
            ("soft light. ", Some(" teen"))
        );
        assert_eq!(split("Negative prompt: x"), ("", Some(" x")));
    }

    #[test]
    fn a_prompt_without_the_marker_is_left_whole() {
        assert_eq!(
            split("a very negative prompt mood"),
            ("a very negative prompt mood", None)
        );
        assert_eq!(split("anegative prompt: x"), ("anegative prompt: x", None));
    }

    #[test]
    fn the_pasted_words_follow_the_typed_ones() {
        assert_eq!(joined("blurry", Some(" teen ")), "blurry, teen");
        assert_eq!(joined("", Some("teen")), "teen");
        assert_eq!(joined("blurry", Some("  ")), "blurry");
        assert_eq!(joined("blurry", None), "blurry");
    }
}
