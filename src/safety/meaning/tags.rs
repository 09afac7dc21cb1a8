//! The part of a prompt the reader of meaning reads: its tags that say how an image is made
//! (`neutral_tags.txt`: quality, camera, light, framing) are left out, so that forty of them
//! around "children playing football" neither dilute nor outweigh what the prompt is about.
//! safety-model/train.py reads its lines the same way (`content`), so the head is trained on
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

/// `text`'s comma-separated pieces without the neutral ones, joined again by ", "; a text of
/// neutral tags alone is read whole, as it was.
pub fn content(text: &str) -> String {
    let kept: Vec<&str> = text
        .split(COMMAS)
        .map(str::trim)
        .filter(|piece| !piece.is_empty() && !NEUTRAL.contains(&key(piece)))
        .collect();
    if kept.is_empty() {
        text.to_owned()
    } else {
        kept.join(", ")
    }
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
    fn a_prompt_of_neutral_tags_alone_is_read_whole() {
        assert_eq!(
            content("masterpiece, best quality"),
            "masterpiece, best quality"
        );
    }
}
