//! What a person is now: "a former Year 9 pupil, now a lawyer" tells the pupil's years are
//! over, as a stated age does.

use super::Read;
use super::lists::List;

/// How many words after a word of `lists/now.txt` the occupation may start (`dziś księgowa`,
/// `now a senior tax lawyer`).
const OCCUPATION_WITHIN: usize = 3;

impl Read<'_> {
    /// Whether a word of `lists/now.txt` stands before an occupation (`lists/careers.txt`,
    /// `lists/adult_roles.txt`), within [`OCCUPATION_WITHIN`] words and in its clause. Read in
    /// the plain reading only, where clause marks are where they were written.
    pub(super) fn grown_now(&self) -> bool {
        let Some((reading, hits)) = self.hits.first() else {
            return false;
        };
        hits.iter().filter(|h| h.on(List::Now)).any(|now| {
            hits.iter().any(|job| {
                (job.on(List::Careers) || job.on(List::AdultRoles))
                    && job.first > now.last
                    && job.first <= now.last + OCCUPATION_WITHIN
                    && self.one_clause(reading, now.last, job.first)
            })
        })
    }
}
