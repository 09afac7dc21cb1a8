//! A prompt's phrases. An image prompt is mostly a list of tags, and a whole text's embedding
//! is the mean of its words: one forbidden phrase among twenty quality tags weighs a twentieth.
//! The reader of meaning therefore also reads each phrase of an explicit request for the
//! forbidden signs (the head was trained on phrases too: safety-model/reading.py's `parts`,
//! which this mirrors character for character).

use crate::safety::clip_text::whitespace_clean;

/// The marks a phrase ends at.
const MARKS: &[char] = &[
    ',', '.', ';', ':', '!', '?', '|', '(', ')', '[', ']', '{', '}', '\n', '、', '。', '，', '；',
    '：', '！', '？', '·',
];

/// At most this many phrases are read; past it, neighbours are joined in pairs, so that a
/// prompt of a hundred one-word tags costs a dozen short embeddings, not a hundred.
pub const MAX_PARTS: usize = 12;

/// The phrases of `text` (a cleaned reading), each once, none equal to the whole; none for a
/// text of one phrase.
pub fn parts(text: &str) -> Vec<String> {
    let mut segments: Vec<String> = text
        .split(MARKS)
        .map(whitespace_clean)
        .filter(|s| !s.is_empty())
        .collect();
    if segments.len() < 2 {
        return Vec::new();
    }
    while segments.len() > MAX_PARTS {
        segments = segments.chunks(2).map(|pair| pair.join(", ")).collect();
    }
    let mut out: Vec<String> = Vec::with_capacity(segments.len());
    for segment in segments {
        if segment != text && !out.contains(&segment) {
            out.push(segment);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_of_tags_is_read_tag_by_tag() {
        assert_eq!(
            parts("masterpiece, best quality, (a girl:1.2); 8k"),
            ["masterpiece", "best quality", "a girl", "1", "2", "8k"]
        );
        assert_eq!(parts("少女、海辺。夕焼け"), ["少女", "海辺", "夕焼け"]);
    }

    #[test]
    fn one_phrase_has_no_parts_and_a_phrase_is_read_once() {
        assert!(parts("a woman on a beach").is_empty());
        assert!(parts("a woman on a beach,").is_empty());
        assert_eq!(parts("nude, nude, woman"), ["nude", "woman"]);
    }

    #[test]
    fn past_twelve_phrases_neighbours_are_joined() {
        let tags: Vec<String> = (0..30).map(|i| format!("tag{i}")).collect();
        let read = parts(&tags.join(", "));
        assert!(read.len() <= MAX_PARTS, "{read:?}");
        assert_eq!(read[0], "tag0, tag1, tag2, tag3");
        assert!(read.last().unwrap().ends_with("tag29"));
    }
}
