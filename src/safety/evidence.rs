//! What a rule found in a request: its signs, each certain or ambiguous, and whether together
//! they are sure enough to strike.

use super::Field;

/// Signs found for one rule: the words as the user wrote them, each with the field it is in,
/// its span in the text read, and whether it is only an ambiguous sign.
#[derive(Debug, Default)]
pub(super) struct Evidence {
    pub(super) signs: Vec<Sign>,
}

#[derive(Debug, Clone)]
pub(super) struct Sign {
    pub(super) word: String,
    pub(super) field: Field,
    pub(super) span: (usize, usize),
    pub(super) ambiguous: bool,
    /// Ambiguous, and no stated adult age lets it through: a child named as someone's (`the
    /// mother of a 13-year-old`, `lists/kin.txt`), not drawn; or a child's word with an adult
    /// age right after it («девочка лет тридцати»), slang for an adult or a costume.
    pub(super) held: bool,
    /// A pupil or school year set aside (`lists/school_aside.txt`: long past, a costume, a
    /// teacher's class): ambiguous, and two of them are no surer than one ("taught eighth grade
    /// at my middle school").
    pub(super) aside: bool,
}

impl Evidence {
    pub(super) fn add(&mut self, sign: Sign) {
        if let Some(known) = self.signs.iter_mut().find(|s| s.word == sign.word) {
            known.ambiguous &= sign.ambiguous;
            known.aside &= sign.aside;
        } else {
            self.signs.push(sign);
        }
    }

    /// Every sign of `other` added to these.
    pub(super) fn merge(&mut self, other: Evidence) {
        for sign in other.signs {
            self.add(sign);
        }
    }

    /// Whether a certain sign of these covers the same words as a certain sign of `other`.
    pub(super) fn certain_with(&self, other: &Evidence) -> bool {
        self.signs.iter().filter(|s| !s.ambiguous).any(|s| {
            other
                .signs
                .iter()
                .any(|o| !o.ambiguous && o.span.0 < s.span.1 && s.span.0 < o.span.1)
        })
    }

    pub(super) fn found(&self) -> bool {
        !self.signs.is_empty()
    }

    /// A certain sign, or two ambiguous ones that do not overlap; a child named as someone's
    /// is never sure, however it is described.
    pub(super) fn sure(&self) -> bool {
        let weak: Vec<(usize, usize)> = self
            .signs
            .iter()
            .filter(|s| s.ambiguous && !s.held && !s.aside)
            .map(|s| s.span)
            .collect();
        self.signs.iter().any(|s| !s.ambiguous)
            || weak
                .iter()
                .any(|a| weak.iter().any(|b| a.1 <= b.0 || b.1 <= a.0))
    }

    /// An animal and sex acts, which only count together: sure when the animal is and an act
    /// is certain, or two ambiguous acts are and one stands `near` the animal
    /// (`Read::act_near_animal`). "Erotic" and "on the bed" far from a dog say a scene, not
    /// that the dog takes part. When not sure, every sign is given the span of them all, so
    /// that they count as one ambiguous sign together.
    pub(super) fn both(animals: Evidence, acts: Evidence, near: bool) -> Evidence {
        let certain = acts.signs.iter().any(|s| !s.ambiguous);
        let sure = animals.sure() && (certain || near && acts.sure());
        let signs: Vec<Sign> = animals.signs.into_iter().chain(acts.signs).collect();
        let all = (
            signs.iter().map(|s| s.span.0).min().unwrap_or(0),
            signs.iter().map(|s| s.span.1).max().unwrap_or(0),
        );
        Evidence {
            signs: signs
                .into_iter()
                .map(|s| Sign {
                    ambiguous: !sure,
                    span: if sure { s.span } else { all },
                    ..s
                })
                .collect(),
        }
    }
}
