//! Reading `ages.txt` and `numbers.txt` into [`AgeRules`]: each line's kind, its words as the
//! readings have them, and what is looked up for every word.

use super::*;
use crate::safety::lists::lines;
use crate::safety::normalize::{entry, plain};

fn words(text: &str) -> Vec<String> {
    let e = entry(text);
    let reading = plain(&e);
    (0..reading.len())
        .map(|i| reading.word(i).to_owned())
        .collect()
}

impl AgeRules {
    pub fn parse(ages: &str, numbers: &str) -> Self {
        let mut rules = AgeRules::default();
        rules.add_numbers(numbers);
        for line in lines(ages) {
            rules.add_rule(line);
        }
        rules.finish();
        rules
    }

    /// `numbers.txt`: number words by their first word, longest first, and stems.
    fn add_numbers(&mut self, numbers: &str) {
        for line in lines(numbers) {
            let Some((word, value)) = line.rsplit_once(char::is_whitespace) else {
                continue;
            };
            if let Ok(value) = value.trim().parse::<u32>() {
                if let Some(stem) = word.strip_prefix("stem ") {
                    self.stems
                        .extend(words(stem).first().map(|s| (s.clone(), value)));
                    continue;
                }
                let key = words(word);
                if let Some(first) = key.first() {
                    let phrases = self.numbers.entry(first.clone()).or_default();
                    phrases.push((key, value));
                    phrases.sort_by_key(|(p, _)| std::cmp::Reverse(p.len()));
                }
            }
        }
    }

    /// One line of `ages.txt`: `<kind> <words>`.
    fn add_rule(&mut self, line: &str) {
        let Some((kind, rest)) = line.split_once(char::is_whitespace) else {
            return;
        };
        let phrase = words(rest.trim());
        if phrase.is_empty() {
            return;
        }
        // `era <year before its first> <words>`, `grade-last <year> <words>`.
        let numbered = || {
            let (n, rest) = rest.trim().split_once(char::is_whitespace)?;
            Some((n.parse::<i64>().ok()?, words(rest.trim())))
        };
        match kind {
            "era" => self.era.extend(
                numbered()
                    .filter(|(_, p)| !p.is_empty())
                    .map(|(n, p)| (p, n)),
            ),
            "era-after" => self.era_after.extend(
                numbered()
                    .filter(|(_, p)| !p.is_empty())
                    .map(|(n, p)| (p, n)),
            ),
            "grade-last" => self.grade_last.extend(
                numbered()
                    .filter(|(_, p)| !p.is_empty())
                    .and_then(|(n, p)| Some((u32::try_from(n).ok()?, p))),
            ),
            "fused" => self.fused.push(phrase.concat()),
            "after" => self.after.push(phrase),
            "before" => self.before.push(phrase),
            "limit" => self.limit.push(phrase),
            "limit-after" => self.limit_after.push(phrase),
            "limit-age" => self.limit_age.push(phrase),
            "date" => self.date.push(phrase),
            "date-link" => self.date_link.push(phrase),
            "university" => self.university.push(phrase),
            "university-after" => self.university_after.push(phrase),
            "born" => self.born.push(phrase),
            "born-after" => self.born_after.push(phrase),
            "left-school" => self.left_school.push(phrase),
            "left-school-after" => self.left_school_after.push(phrase),
            "class-of" => self.class_of.push(phrase),
            "ago" => self.ago.push(phrase),
            "then" => self.then.push(phrase),
            "person" => self.person.push(phrase),
            "ago-around" => {
                if let Some((before, unit)) = rest.split_once(" _ ") {
                    let (before, unit) = (words(before.trim()), words(unit.trim()));
                    if !before.is_empty() && !unit.is_empty() {
                        self.ago_around.push((before, unit));
                    }
                }
            }
            "left-school-ago" => self.left_school_ago.push(phrase),
            "left-school-ago-after" => self.left_school_ago_after.push(phrase),
            "grade" => self.grade.push(phrase),
            "grade-before" => self.grade_before.push(phrase),
            "adult" => self.adult.push(phrase),
            "grown" => self.grown.push(phrase),
            _ => {}
        }
    }

    /// The suffixes every number takes, and what is looked up for every word.
    fn finish(&mut self) {
        self.born_unspaced = (self.born.iter())
            .filter(|p| {
                p.len() == 1 && p[0].chars().all(|c| ('\u{0E00}'..='\u{0E7F}').contains(&c))
            })
            .map(|p| p[0].clone())
            .collect();
        for suffix in ["yo", "y", "yr", "yrs", "yro", "yearold", "yearsold"] {
            if !self.fused.iter().any(|f| f == suffix) {
                self.fused.push(suffix.to_owned());
            }
        }
        self.adult_first = (self.adult.iter().chain(&self.grown))
            .filter_map(|p| p.first().cloned())
            .collect();
        self.fused_words = (self.fused.iter())
            .filter(|s| s.chars().count() >= 3)
            .cloned()
            .collect();
    }
}
