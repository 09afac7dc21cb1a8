//! A milestone still ahead: an exam, a rite or a paper that comes before 18 ("the GCSEs next
//! year", "bat mitzvah only next year", "konkur in two years") says the person has not reached
//! it, so is younger than it.

use super::Read;
use super::lists::List;

/// How many words may stand between a milestone and the words that put it ahead, either way
/// round (`ein Mädel, das erst nächstes Jahr die Mittlere Reife schreibt`).
const AHEAD_WITHIN: usize = 5;

impl Read<'_> {
    /// The byte spans of the milestones (`lists/milestones.txt`) that words of `lists/ahead.txt`
    /// put ahead, within [`AHEAD_WITHIN`] words and in one clause, in any reading (`НМТ` in
    /// capitals is only `нмт` where capitals are read as their own script's). Each is an
    /// ambiguous sign of a minor: an adult may sit an exam late or have a rite as a grown-up.
    pub(super) fn milestones_ahead(&self) -> Vec<(usize, usize)> {
        let mut spans: Vec<(usize, usize)> = self
            .hits
            .iter()
            .flat_map(|(reading, hits)| {
                hits.iter()
                    .filter(|m| m.on(List::Milestones))
                    .filter(|m| {
                        hits.iter().filter(|a| a.on(List::Ahead)).any(|a| {
                            let (first, last) = if a.first > m.last {
                                (m.last, a.first)
                            } else if m.first > a.last {
                                (a.last, m.first)
                            } else {
                                return false;
                            };
                            last - first <= AHEAD_WITHIN + 1
                                && self.one_clause(reading, first, last)
                        })
                    })
                    .map(|m| (reading.words[m.first].start, reading.words[m.last].end))
            })
            .collect();
        spans.sort_unstable();
        spans.dedup();
        spans
    }
}
