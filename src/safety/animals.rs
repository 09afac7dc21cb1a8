//! Animals in a request: which ones count beside a sex act. An animal asleep or grazing in a
//! clause of its own takes no part in the act said elsewhere.

use super::lists::{Hit, List};
use super::normalize::Reading;
use super::{Evidence, Read};

/// How many words after an animal the words that set it aside may start (`a small spaniel
/// asleep`, `the dog is asleep`, `horses grazing outside`, `the perro is knocked out asleep`).
const ASIDE_WITHIN: usize = 4;

/// How many characters may stand between an animal and an act near it
/// (`Read::act_near_animal`).
const NEAR: usize = 40;

impl Read<'_> {
    /// Animals, but not anthropomorphic characters (`anthro wolf`, `horse girl`), nor an animal
    /// set aside from the act (`lists/animals_aside.txt`: `the dog asleep in the next room`).
    pub(super) fn animals(&self) -> Evidence {
        self.evidence(List::Animals, |reading, hits, hit| {
            self.animal(reading, hits, hit)
        })
    }

    /// Whether the animal `hit` is one: not an anthropomorphic character, nor set aside.
    fn animal(&self, reading: &Reading, hits: &[Hit], hit: &Hit) -> bool {
        let anthro = hits.iter().any(|h| {
            h.on(List::Anthro)
                && ((h.last + 1 == hit.first && self.adjacent(reading, h.last, hit.first))
                    || (h.first == hit.last + 1 && self.adjacent(reading, hit.last, h.first)))
        });
        !anthro
            && !hits
                .iter()
                .any(|aside| self.sets_aside(reading, hits, hit, aside))
    }

    /// Whether every word for sex with an animal in `bestiality` names its animal, as a breeding
    /// word does ("vom Hengst gedeckt"), and another animal stands apart from them all: the
    /// mare a stallion covers is husbandry, and the word says nothing sexual of a person there
    /// (`Gate::check_one`). "Bestiality with a dog" names none, so it is no husbandry; a breed
    /// right after the word is its own animal ("quan hệ với chó becgie").
    pub(super) fn husbandry(&self, bestiality: &Evidence) -> bool {
        let blank = |from: usize, to: usize| {
            self.original
                .get(from..to)
                .is_some_and(|between| between.trim().is_empty())
        };
        let apart = |animal: (usize, usize), word: (usize, usize)| {
            animal.1 <= word.0 || (word.1 <= animal.0 && !blank(word.1, animal.0))
        };
        let animals = self.animals();
        bestiality.found()
            && bestiality.signs.iter().all(|word| {
                animals
                    .signs
                    .iter()
                    .any(|animal| animal.span.0 < word.span.1 && word.span.0 < animal.span.1)
            })
            && animals.signs.iter().any(|animal| {
                bestiality
                    .signs
                    .iter()
                    .all(|word| apart(animal.span, word.span))
            })
    }

    /// Whether a sex act stands near an animal ([`Read::animals`]): at most [`NEAR`]
    /// characters from it, before or after, whatever marks stand between ("great dane mounting
    /// her", "in bed with her great dane", tags: "女性と大型犬、ベッド、親密"). Characters, not
    /// words: Chinese and Japanese readings split every character.
    pub(super) fn act_near_animal(&self) -> bool {
        let Some((reading, hits)) = self.hits.first() else {
            return false;
        };
        let span = |h: &Hit| (reading.words[h.first].start, reading.words[h.last].end);
        let near = |(a_end, b_start): (usize, usize)| {
            a_end <= b_start
                && self
                    .original
                    .get(a_end..b_start)
                    .is_some_and(|between| between.chars().count() <= NEAR)
        };
        hits.iter()
            .filter(|h| h.on(List::Animals) && self.animal(reading, hits, h))
            .any(|animal| {
                hits.iter().filter(|h| h.on(List::SexActs)).any(|act| {
                    let (animal, act) = (span(animal), span(act));
                    near((animal.1, act.0)) || near((act.1, animal.0))
                })
            })
    }

    /// Words of non-consent, but not the sleep of an animal set aside (`their golden retriever
    /// asleep in its bed`, `the cat passed out in the bedroom`): the animal sleeps, not a
    /// person. A pet of `pets.txt` counts here, though it is no animal beside a sex act.
    pub(super) fn non_consent(&self) -> Evidence {
        self.evidence(List::NonConsent, |reading, hits, hit| {
            !hits.iter().any(|animal| {
                (animal.on(List::Animals) || animal.on(List::Pets))
                    && self.sets_aside(reading, hits, animal, hit)
            })
        })
    }

    /// Whether `aside` (words of `animals_aside.txt`) starts within [`ASIDE_WITHIN`] words after
    /// `animal`, in its clause, and no certain sex act stands in that clause: "having sex with
    /// the dog sleeping beside her" keeps the dog in the act, but a closeness word that is only
    /// ambiguous (`?bedroom`) does not: "the retriever snoozing behind the closed bedroom door".
    fn sets_aside(&self, reading: &Reading, hits: &[Hit], animal: &Hit, aside: &Hit) -> bool {
        aside.on(List::AnimalsAside)
            && aside.first > animal.last
            && aside.first <= animal.last + ASIDE_WITHIN
            && self.one_clause(reading, animal.last, aside.first)
            && !hits.iter().any(|act| {
                act.on(List::SexActs)
                    && !act.ambiguous(List::SexActs)
                    && self.one_clause(
                        reading,
                        act.first.min(animal.first),
                        act.last.max(animal.last),
                    )
            })
    }

    /// Whether no clause mark stands between words `a` and `b` (`a` before `b`) of `reading`.
    pub(super) fn one_clause(&self, reading: &Reading, a: usize, b: usize) -> bool {
        a >= b
            || self
                .clause_gap(reading.words[a].end, reading.words[b].start)
                .is_some()
    }
}
