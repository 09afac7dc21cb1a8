//! The gate's reading against what the real libraries make (tests/fixtures/encoder-reading:
//! ftfy 6.3.1 and CPython 3.11 over generated strings, with the script that made them).

use super::*;

#[derive(serde::Deserialize)]
struct Case {
    class: String,
    input: String,
    hf: String,
    open_clip: String,
}

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/encoder-reading/cases.jsonl"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn every_text_the_tokenizers_make_is_among_the_readings() {
    let cases = cases();
    assert!(cases.len() > 2000, "{} cases", cases.len());
    let mut missed = Vec::new();
    for case in &cases {
        let read = readings(&case.input);
        assert_eq!(read.len(), READINGS);
        for (who, expected) in [("hf", &case.hf), ("open_clip", &case.open_clip)] {
            if !read.contains(expected) {
                missed.push(format!(
                    "{} {who}: {:?} -> {:?}, read {:?}",
                    case.class, case.input, expected, read
                ));
            }
        }
    }
    assert!(
        missed.is_empty(),
        "{} missed:\n{}",
        missed.len(),
        missed.join("\n")
    );
}

#[test]
fn where_no_repair_changes_anything_the_first_readings_are_the_tokenizers_own() {
    let mut wrong = Vec::new();
    let mut compared = 0;
    for case in &cases() {
        let read = readings(&case.input);
        if read.chunks(2).any(|pair| pair != &read[..2]) {
            continue;
        }
        compared += 1;
        if read[0] != case.hf || read[1] != case.open_clip {
            wrong.push(format!(
                "{}: {:?} -> hf {:?} open_clip {:?}, read {:?} {:?}",
                case.class, case.input, case.hf, case.open_clip, read[0], read[1]
            ));
        }
    }
    assert!(compared > 2000, "{compared} compared");
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn character_references_are_read_as_the_letters_they_spell() {
    for (written, read) in [
        (
            "&#110;&#117;&#100;&#101; &#99;&#104;&#105;&#108;&#100;",
            "nude child",
        ),
        ("&#x6E;&#X75;de", "nude"),
        ("&amp;#110;ude", "nude"),
        ("nude&nbsp;child", "nude\u{a0}child"),
        ("a&Tab;b&NewLine;c", "a b c"),
        ("&lt;lora:x:1&gt;", "<lora:x:1>"),
        ("&ampx", "&x"),
    ] {
        assert_eq!(open_clip(written), whitespace_clean(read), "{written}");
    }
}

#[test]
fn plain_ascii_is_only_trimmed() {
    assert_eq!(
        readings("  a  red\tapple "),
        vec!["a red apple".to_owned(); READINGS]
    );
}
