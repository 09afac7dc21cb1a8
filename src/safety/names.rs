//! Misspelt real names (`Scarlet Johanson`, `Taylor Swfit`, `#emmawatsen`): the words of a
//! text compared with every name of `real_people.txt` within an edit distance that grows with
//! the name's length (none under 7 letters, 1 up to 12, 2 from 13; a swap of neighbours is one). Guarded against ordinary
//! words: each word must start with the two letters the name's word starts with, and a single
//! word is compared only from 9 letters. A misspelt name is an ambiguous sign (it may be
//! somebody else): alone it asks the user to rephrase.

use rustc_hash::FxHashMap;

use super::lists::lines;
use super::normalize::{Reading, entry};

/// The shortest single word compared with names.
const ONE_WORD_MIN: usize = 9;

/// Names up to this many words are looked for.
const MAX_WORDS: usize = 3;

pub struct Names {
    /// Each name's words, plain, its letters written as one, and their bins.
    names: Vec<(Vec<String>, Vec<char>, Bins)>,
    /// Names of more than one word by the first two letters of their first and last words
    /// and their word count; every name written as one word by its first two letters (count 1).
    buckets: FxHashMap<([char; 2], [char; 2], usize), Vec<usize>>,
}

/// Edits allowed for a name of `len` letters.
fn edits_allowed(len: usize) -> usize {
    match len {
        0..=6 => 0,
        7..=12 => 1,
        _ => 2,
    }
}

/// Longest name compared, in letters.
const MAX_LETTERS: usize = 48;

/// The edit distance between `a` and `b` (a swap of two neighbours is one edit, as in
/// `Swfit`) when it is at most `max`. Three rows on the stack: this runs for every name near a
/// prompt's words.
fn within(a: &[char], b: &[char], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max || b.len() >= MAX_LETTERS {
        return None;
    }
    // Rows i - 2, i - 1 and i, taken in turn.
    let mut rows = [[0usize; MAX_LETTERS]; 3];
    for (j, cell) in rows[0].iter_mut().enumerate().take(b.len() + 1) {
        *cell = j;
    }
    for i in 1..=a.len() {
        let (now, last, older) = (i % 3, (i - 1) % 3, (i + 1) % 3);
        rows[now][0] = i;
        let mut best = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (rows[last][j - 1] + cost)
                .min(rows[last][j] + 1)
                .min(rows[now][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(rows[older][j - 2] + 1);
            }
            rows[now][j] = v;
            best = best.min(v);
        }
        if best > max {
            return None;
        }
    }
    let distance = rows[a.len() % 3][b.len()];
    (distance <= max).then_some(distance)
}

/// Letters counted in 32 bins. An edit changes at most one count up and one down (a swap none),
/// so the counts' difference bounds the distance from below for a fraction of its cost.
type Bins = [u8; 32];

fn bins(letters: &[char]) -> Bins {
    let mut bins = [0u8; 32];
    for &c in letters {
        let bin = &mut bins[c as usize % 32];
        *bin = bin.saturating_add(1);
    }
    bins
}

/// Whether `a` and `b` are surely more than `max` edits apart.
fn apart(a: &Bins, b: &Bins, max: usize) -> bool {
    let (mut more, mut fewer) = (0, 0);
    for (x, y) in a.iter().zip(b) {
        if x > y {
            more += usize::from(x - y);
        } else {
            fewer += usize::from(y - x);
        }
    }
    more.max(fewer) > max
}

fn first(word: &str) -> char {
    word.chars().next().unwrap_or(' ')
}

/// A word's first two letters: a misspelling keeps them (`Scarlet Johanson`, `Taylor Swfit`).
fn two(word: &str) -> [char; 2] {
    let mut letters = word.chars();
    [letters.next().unwrap_or(' '), letters.next().unwrap_or(' ')]
}

impl Names {
    pub fn new(list: &str) -> Self {
        let mut names = Vec::new();
        let mut buckets: FxHashMap<([char; 2], [char; 2], usize), Vec<usize>> =
            FxHashMap::default();
        for line in lines(list) {
            let e = entry(line.trim_start_matches('?'));
            let words: Vec<String> = e.split(' ').map(str::to_owned).collect();
            let joined: Vec<char> = words.concat().chars().collect();
            if words.len() > MAX_WORDS || edits_allowed(joined.len()) == 0 {
                continue;
            }
            let at = names.len();
            if words.len() > 1 {
                let key = (two(&words[0]), two(&words[words.len() - 1]), words.len());
                buckets.entry(key).or_default().push(at);
            }
            let whole: String = joined.iter().collect();
            buckets
                .entry((two(&whole), [' '; 2], 1))
                .or_default()
                .push(at);
            let counted = bins(&joined);
            names.push((words, joined, counted));
        }
        Self { names, buckets }
    }

    /// The first misspelt name in `words`: its first and last word, unless `ordinary` says those
    /// words are an ordinary phrase (`the weekend`, one letter from The Weeknd). An exact name
    /// is the word lists' to find.
    pub fn find(
        &self,
        words: &Reading,
        ordinary: impl Fn(usize, usize) -> bool,
    ) -> Option<(usize, usize)> {
        // Each word's first letter and length, or none for a word with other than letters.
        let shape: Vec<Option<(char, usize)>> = (0..words.len())
            .map(|i| {
                let word = words.word(i);
                word.chars()
                    .all(char::is_alphabetic)
                    .then(|| (first(word), word.chars().count()))
            })
            .collect();
        for i in 0..words.len() {
            if shape[i].is_none() {
                continue;
            }
            let mut length = 0;
            for count in 1..=MAX_WORDS.min(words.len() - i) {
                let last = i + count - 1;
                let Some((_, n)) = shape[last] else { break };
                length += n;
                // One word is compared only when it is long: short ones are too often
                // ordinary words one letter from a name (`stormy`, `Stormzy`).
                if count == 1 && length < ONE_WORD_MIN {
                    continue;
                }
                let key = if count == 1 {
                    (two(words.word(i)), [' '; 2], 1)
                } else {
                    (two(words.word(i)), two(words.word(last)), count)
                };
                let Some(candidates) = self.buckets.get(&key) else {
                    continue;
                };
                let mut written: Option<(Vec<char>, Bins)> = None;
                for &c in candidates {
                    let (name_words, name, counted) = &self.names[c];
                    if length.abs_diff(name.len()) > edits_allowed(name.len())
                        || (count > 1
                            && !(i..=last)
                                .zip(name_words)
                                .all(|(k, w)| shape[k].map(|s| s.0) == Some(first(w))))
                    {
                        continue;
                    }
                    let (written, written_bins) = written.get_or_insert_with(|| {
                        let letters: Vec<char> =
                            (i..=last).flat_map(|k| words.word(k).chars()).collect();
                        let counted = bins(&letters);
                        (letters, counted)
                    });
                    let max = edits_allowed(name.len());
                    if !apart(written_bins, counted, max)
                        && within(written, name, max).is_some_and(|d| d > 0)
                        && !ordinary(i, last)
                    {
                        return Some((i, last));
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::normalize::plain;
    use super::*;

    fn names() -> Names {
        Names::new("Scarlett Johansson\nTaylor Swift\nEmma Watson\nEmma Stone\nAdele\n")
    }

    #[test]
    fn misspelt_names_are_found_by_a_distance_their_length_allows() {
        let names = names();
        for text in [
            "nude Scarlet Johanson",
            "Taylor Swfit topless",
            "Emma Watsen",
            "#taylorswfit",
            "tailor swift",
        ] {
            assert!(names.find(&plain(text), |_, _| false).is_some(), "{text}");
        }
    }

    proptest::proptest! {
        #[test]
        fn the_bins_never_rule_out_a_name_within_reach(a in "[a-fé]{0,14}", b in "[a-fé]{0,14}") {
            let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            for max in 0..=2 {
                if within(&a, &b, max).is_some() {
                    proptest::prop_assert!(!apart(&bins(&a), &bins(&b), max));
                }
            }
        }
    }

    #[test]
    fn ordinary_words_short_names_and_exact_names_are_not_misspellings() {
        let names = names();
        for text in [
            "Taylor Swift",
            "emma stone",
            "a stone statue of emma",
            "adel",
            "taylor made swifts",
            "tall or swift",
            "scarlet jacket",
        ] {
            assert!(names.find(&plain(text), |_, _| false).is_none(), "{text}");
        }
    }
}
