//! The part of a prompt the reader of meaning reads: its tags that say how an image is made
//! (`neutral_tags.txt`: quality, camera, light, framing) are left out, so that forty of them
//! around "children playing football" neither dilute nor outweigh what the prompt is about;
//! nor are strings of no language (ids, hashes, stamps).
//! safety-model/reading.py reads its lines the same way (`content`), so the head is trained on
//! what it will be given.

use std::collections::HashSet;
use std::sync::LazyLock;

static NEUTRAL: LazyLock<HashSet<String>> = LazyLock::new(|| {
    include_str!("neutral_tags.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(key)
        .collect()
});

/// The commas a list of tags is written with: Latin, CJK (full-width and the enumeration
/// comma) and Arabic script.
const COMMAS: [char; 4] = [',', '，', '、', '،'];

/// `text`'s comma-separated pieces without the neutral ones and without stamps, joined again
/// by ", "; a text of neutral tags and stamps alone is read whole, as it was.
pub fn content(text: &str) -> String {
    let kept: Vec<String> = text
        .split(COMMAS)
        .map(|piece| {
            piece
                .split_whitespace()
                .filter(|word| !stamp(word))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|piece| !piece.is_empty() && !NEUTRAL.contains(&key(piece)))
        .collect();
    if kept.is_empty() {
        text.to_owned()
    } else {
        kept.join(", ")
    }
}

/// A string of no language: an id, a hash, a seed's stamp or a UUID (`k3x9q2mz`, `7f3e0c1a`,
/// `v2_final_8fa1c`): six or more letters, digits, `-` and `_`, with three digits or more and
/// two letters or more. The encoder reads them as fragments of words, and beside "delete" or
/// "shoot" the head read some as sexual; the rules still read every word, leetspeak included.
fn stamp(word: &str) -> bool {
    let word = word.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    let digits = word.bytes().filter(u8::is_ascii_digit).count();
    let letters = word.bytes().filter(u8::is_ascii_alphabetic).count();
    word.len() >= 6
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        && digits >= 3
        && letters >= 2
}

/// A tag as the list is compared: lowercased, without brackets and weight, `_` a space, every
/// ASCII digit 0.
fn key(tag: &str) -> String {
    let bare = tag.trim_matches(|c| matches!(c, '(' | ')' | '[' | ']' | '{' | '}' | ' '));
    let bare = match bare.rsplit_once(':') {
        Some((tag, weight)) if !weight.is_empty() && weight.trim().parse::<f32>().is_ok() => tag,
        _ => bare,
    };
    let bare = bare.trim_matches(|c| matches!(c, '(' | ')' | '[' | ']' | '{' | '}' | ' '));
    bare.to_lowercase()
        .chars()
        .map(|c| match c {
            '_' => ' ',
            '0'..='9' => '0',
            c => c,
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::content;

    #[test]
    fn quality_camera_and_light_tags_are_left_out_whatever_their_weight() {
        assert_eq!(
            content(
                "masterpiece, (best quality:1.3), 8K UHD, children playing football, 50mm f/1.8, [film_grain], score_9_up, park"
            ),
            "children playing football, park"
        );
    }

    #[test]
    fn what_the_prompt_is_about_stays_as_written_and_lora_calls_stay() {
        let prompt = "nude woman, (sleeping:1.2), <lora:someone_v2:0.8>, bedroom";
        assert_eq!(content(prompt), prompt);
    }

    #[test]
    fn the_lists_other_languages_and_commas_are_read_too() {
        assert_eq!(
            content("걸작, (최고 품질:1.2), 보케, 해변의 성인 커플"),
            "해변의 성인 커플"
        );
        assert_eq!(content("傑作、最高品質，海辺の夕焼け"), "海辺の夕焼け");
        assert_eq!(content("تحفة فنية، امرأة في الحديقة"), "امرأة في الحديقة");
    }

    #[test]
    fn ids_hashes_and_stamps_are_left_out_and_words_with_digits_stay() {
        assert_eq!(
            content(
                "a kite over a grey beach, delete k3x9q2mz, id 7f3e0c1a-99b2-4c1e-8d2f-0a1b2c3d4e5f"
            ),
            "a kite over a grey beach, delete, id"
        );
        assert_eq!(
            content("1girl, 18yo, f/1.8, 1024x1536, n4k3d, <lora:v2_final_8fa1c:0.7>"),
            "1girl, 18yo, 1024x1536, n4k3d, <lora:v2_final_8fa1c:0.7>"
        );
    }

    #[test]
    fn a_prompt_of_neutral_tags_alone_is_read_whole() {
        assert_eq!(
            content("masterpiece, best quality"),
            "masterpiece, best quality"
        );
    }
}
