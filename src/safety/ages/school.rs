//! School years: a number with its grade words (`grade 7`, `7. Klasse`, `lớp 7`), an ordinal
//! (`7th grade`), a school's last year (ambiguous: a pupil may be 18) and a university's (no age).

use super::*;

/// English ordinals, for `seventh grade`.
const ORDINALS: [&str; 12] = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth",
];

/// Suffixes that make digits an ordinal (`7th`, `4eme`, `2nd`, `1ere`, `7o` from `7º`, `8e`).
const ORDINAL_SUFFIXES: [&str; 12] = [
    "st", "nd", "rd", "th", "eme", "e", "er", "ere", "o", "a", "te", "ste",
];

/// Where a school year stops being certainly a minor's: the last year of school may be 18.
const LAST_SCHOOL_YEARS: u32 = 12;

impl AgeRules {
    /// A school year around the number `n` at `i..=last`: `grade 7`, `year 8`, `7 klasse`.
    pub(super) fn grade(&self, words: &Reading, i: usize, last: usize, n: u32) -> Option<Age> {
        if !(1..=LAST_SCHOOL_YEARS + 1).contains(&n) {
            return None;
        }
        let (first, end) = match Self::starts(&self.grade, words, last + 1) {
            Some(end) => (i, end),
            None => {
                let first = Self::ends_before(&self.grade, words, i)
                    .or_else(|| Self::ends_before(&self.grade_before, words, i))?;
                // "year 8" is a school year; "8 year old" is read as an age.
                let after = words.word(last + 1);
                if after == "old" || after == "olds" {
                    return None;
                }
                (first, last)
            }
        };
        (!self.university(words, first, end)).then_some(Age {
            years: None,
            first,
            last: end,
            kind: AgeKind::Minor {
                certain: n < LAST_SCHOOL_YEARS
                    && !self.last_year(words, (i, last), (first, end), n),
            },
            school: true,
        })
    }

    /// Whether the school year `n`, its number at `number` and the whole at `year`, is its
    /// school's last (`高校3年生`, `11 класс`, `w 4 klasie liceum`): a grade-last phrase of `n`
    /// ends just before the number or the whole, or starts just after either.
    pub(super) fn last_year(
        &self,
        words: &Reading,
        number: (usize, usize),
        year: (usize, usize),
        n: u32,
    ) -> bool {
        self.grade_last
            .iter()
            .filter(|(last, _)| *last == n)
            .any(|(_, phrase)| {
                let phrases = std::slice::from_ref(phrase);
                [number, year].iter().any(|&(first, last)| {
                    Self::ends_before(phrases, words, first).is_some()
                        || Self::starts(phrases, words, last + 1).is_some()
                })
            })
    }

    /// Whether the school year at `first..=last` is a university's: a university word written
    /// right before it (`大学4年生`, `대학교 2학년`) or right after it (`year 2 of university`),
    /// with at most a space between (`大学、4年生の少女` is two things).
    pub(super) fn university(&self, words: &Reading, first: usize, last: usize) -> bool {
        let close = |a: usize, b: usize| {
            let (Some(a), Some(b)) = (words.words.get(a), words.words.get(b)) else {
                return false;
            };
            b.start >= a.end && b.start - a.end <= 1
        };
        let before = Self::ends_before(&self.university, words, first)
            .is_some_and(|_| first > 0 && close(first - 1, first));
        let after = Self::starts(&self.university_after, words, last + 1)
            .is_some_and(|_| close(last, last + 1));
        before || after
    }

    /// `7th grade`, `seventh grade`, `4eme classe`: an ordinal, then a school-year word.
    pub(super) fn ordinal_grade(&self, words: &Reading, i: usize) -> Option<Age> {
        let word = words.word(i);
        let n = match ORDINALS.iter().position(|o| *o == word) {
            Some(k) => u32::try_from(k).ok()? + 1,
            None => {
                let (digits, rest) = split_digits(word);
                if digits.is_empty() || !ORDINAL_SUFFIXES.contains(&rest) {
                    return None;
                }
                digits.parse().ok()?
            }
        };
        // `her 13th birthday`: the age she turns.
        if matches!(words.word(i + 1), "birthday" | "bday" | "birthdays") {
            return (n < 18).then_some(Age {
                years: None,
                first: i,
                last: i + 1,
                kind: AgeKind::Minor { certain: true },
                school: false,
            });
        }
        let end = Self::starts(&self.grade, words, i + 1)?;
        ((1..=LAST_SCHOOL_YEARS + 1).contains(&n) && !self.university(words, i, end)).then_some(
            Age {
                years: None,
                first: i,
                last: end,
                school: true,
                kind: AgeKind::Minor {
                    certain: n < LAST_SCHOOL_YEARS && !self.last_year(words, (i, i), (i, end), n),
                },
            },
        )
    }
}
