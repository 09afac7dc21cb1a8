//! Misspelt real names (`Scarlet Johanson`, `Taylor Swfit`, `#emmawatsen`): the words of a
//! text compared with every name of `real_people.txt` within an edit distance that grows with
//! the name's length (none under 7 letters, 1 up to 12, 2 from 13; a swap of neighbours is one). Guarded against ordinary
//! words: each word must start with the letter the name's word starts with, and a single word
//! is compared only from 9 letters. A misspelt name is an ambiguous sign (it may be
//! somebody else): alone it asks the user to rephrase.

use std::collections::HashMap;

use super::lists::lines;
use super::normalize::{Reading, entry};

/// The shortest single word compared with names.
const ONE_WORD_MIN: usize = 9;

/// Names up to this many words are looked for.
const MAX_WORDS: usize = 3;

pub struct Names {
    /// Each name's words, plain, and the words written as one.
    names: Vec<(Vec<String>, String)>,
    /// Names of more than one word by the first letters of their first and last words and
    /// their word count; names written as one word by their first letter (count 1).
    buckets: HashMap<(char, char, usize), Vec<usize>>,
}

/// Edits allowed for a name of `len` letters.
fn budget(len: usize) -> usize {
    match len {
        0..=6 => 0,
        7..=12 => 1,
        _ => 2,
    }
}

/// The edit distance between `a` and `b` (a swap of two neighbours is one edit, as in
/// `Swfit`) when it is at most `max`.
fn within(a: &[char], b: &[char], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let width = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * width];
    for (j, cell) in d.iter_mut().enumerate().take(width) {
        *cell = j;
    }
    for i in 1..=a.len() {
        d[i * width] = i;
        let mut best = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * width + j - 1] + cost)
                .min(d[(i - 1) * width + j] + 1)
                .min(d[i * width + j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * width + j - 2] + 1);
            }
            d[i * width + j] = v;
            best = best.min(v);
        }
        if best > max {
            return None;
        }
    }
    let distance = d[a.len() * width + b.len()];
    (distance <= max).then_some(distance)
}

fn first(word: &str) -> char {
    word.chars().next().unwrap_or(' ')
}

impl Names {
    pub fn new(list: &str) -> Self {
        let mut names = Vec::new();
        let mut buckets: HashMap<(char, char, usize), Vec<usize>> = HashMap::new();
        for line in lines(list) {
            let e = entry(line.trim_start_matches('?'));
            let words: Vec<String> = e.split(' ').map(str::to_owned).collect();
            let joined = words.concat();
            if words.len() > MAX_WORDS || budget(joined.chars().count()) == 0 {
                continue;
            }
            let at = names.len();
            let (a, z) = (first(&words[0]), first(&words[words.len() - 1]));
            if words.len() > 1 {
                buckets.entry((a, z, words.len())).or_default().push(at);
            }
            buckets.entry((a, ' ', 1)).or_default().push(at);
            names.push((words, joined));
        }
        Self { names, buckets }
    }

    /// The first misspelt name in `words`: its first and last word. An exact name is the word
    /// lists' to find.
    pub fn find(&self, words: &Reading) -> Option<(usize, usize)> {
        let letters = |i: usize| words.word(i).chars().all(char::is_alphabetic);
        for i in 0..words.len() {
            if !letters(i) {
                continue;
            }
            for count in 1..=MAX_WORDS.min(words.len() - i) {
                let last = i + count - 1;
                if !letters(last) {
                    break;
                }
                let key = if count == 1 {
                    (first(words.word(i)), ' ', 1)
                } else {
                    (first(words.word(i)), first(words.word(last)), count)
                };
                let Some(candidates) = self.buckets.get(&key) else {
                    continue;
                };
                let written: Vec<char> = (i..=last).flat_map(|k| words.word(k).chars()).collect();
                // One word is compared only when it is long: short ones are too often ordinary
                // words one letter from a name (`stormy`, `Stormzy`).
                if count == 1 && written.len() < ONE_WORD_MIN {
                    continue;
                }
                let found = candidates.iter().any(|&n| {
                    let (name_words, joined) = &self.names[n];
                    if count > 1
                        && !(i..=last)
                            .zip(name_words)
                            .all(|(k, w)| first(words.word(k)) == first(w))
                    {
                        return false;
                    }
                    let name: Vec<char> = joined.chars().collect();
                    within(&written, &name, budget(name.len())).is_some_and(|d| d > 0)
                });
                if found {
                    return Some((i, last));
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
            assert!(names.find(&plain(text)).is_some(), "{text}");
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
            assert!(names.find(&plain(text)).is_none(), "{text}");
        }
    }
}
