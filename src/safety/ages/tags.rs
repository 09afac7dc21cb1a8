//! Ages written alone as a tag after a person's words, the way tag lists give them: `nude
//! girl, 14`, `vrouw (28)`, `1girl, 14`.

use super::*;

impl AgeRules {
    /// The number at `i` as the age of the person whose words end right before it, when
    /// `alone[i]` says it stands alone as a tag ([`alone`]).
    pub(super) fn tagged(
        &self,
        words: &Reading,
        things: &[bool],
        alone: &[bool],
        i: usize,
    ) -> Option<Age> {
        if !alone.get(i).copied().unwrap_or(false) {
            return None;
        }
        let first = Self::ends_before(&self.person, words, i)?;
        Self::stated(words, things, first, i, words.word(i).parse().ok()?)
    }
}

/// Which words of `words` (a reading of `original`) are a number of one or two digits that
/// stands alone as a tag: after a space, a comma or an opening bracket at most, and before a
/// mark that ends a tag or the end of the text (`nude girl, 14`, `vrouw (28)`), for
/// [`AgeRules::find`]. Not with a word after it (`girl, 2 cats`), nor a ratio's or a size's
/// number (`16:9`, `8k`), nor a year.
pub fn alone(original: &str, words: &Reading) -> Vec<bool> {
    let between = |from: usize, to: usize| original.get(from..to).unwrap_or("x");
    (0..words.len())
        .map(|k| {
            let w = &words.words[k];
            let word = words.word(k);
            if word.len() > 2 || !word.chars().all(|c| c.is_ascii_digit()) {
                return false;
            }
            let before = k
                .checked_sub(1)
                .map(|p| between(words.words[p].end, w.start));
            let next = words.words.get(k + 1);
            let after = next
                .map_or(original.get(w.end..).unwrap_or("x"), |next| {
                    between(w.end, next.start)
                })
                .trim_start_matches([' ', '\t']);
            before.is_some_and(|b| {
                b.chars().filter(|c| !c.is_whitespace()).count() <= 1
                    && b.chars()
                        .all(|c| c.is_whitespace() || matches!(c, ',' | '(' | '，' | '、'))
            }) && ((next.is_none() && after.is_empty())
                || after.starts_with([',', ')', ';', '|', '.', '，', '、', '\n']))
        })
        .collect()
}
