//! A request's text as the gate reads it: every reading and every hit in each, and the signs
//! of each rule found in them.

use super::evidence::{Evidence, Sign};
use super::lists::{Hit, List, Lists};
use super::normalize::{Reading, read};
use super::{Field, Gate, ages, school};

/// A text as the gate read it: its readings and every hit in each.
pub(super) struct Read<'a> {
    pub(super) original: &'a str,
    /// Bytes at the start that are the source image's prompt.
    source_len: usize,
    pub(super) plain: Reading,
    pub(super) hits: Vec<(Reading, Vec<Hit>)>,
    /// The readings ages are read from (`normalize::Readings::numeric`).
    numeric: Vec<usize>,
}

impl<'a> Read<'a> {
    pub(super) fn new(lists: &Lists, original: &'a str, source_len: usize) -> Self {
        let readings = read(original);
        let numeric = readings.numeric;
        let hits = readings
            .all
            .into_iter()
            .map(|reading| {
                let hits = lists.hits(&reading);
                (reading, hits)
            })
            .collect();
        Self {
            original,
            source_len,
            plain: readings.plain,
            hits,
            numeric,
        }
    }

    /// The signs on `list` that `keep` keeps, once each.
    pub(super) fn evidence(
        &self,
        list: List,
        keep: impl Fn(&Reading, &[Hit], &Hit) -> bool,
    ) -> Evidence {
        self.weighed(list, keep, |_, _, _| false)
    }

    /// The signs on `list` that `keep` keeps, once each; those `weak` sets aside are ambiguous
    /// ([`Sign::aside`]).
    fn weighed(
        &self,
        list: List,
        keep: impl Fn(&Reading, &[Hit], &Hit) -> bool,
        weak: impl Fn(&Reading, &[Hit], &Hit) -> bool,
    ) -> Evidence {
        let mut evidence = Evidence::default();
        for (reading, hits) in &self.hits {
            // Only the word right before, with no mark between: "editorial style, hidden
            // camera" is no style of one.
            let weakened = |hit: &Hit| {
                list.weakened_by().is_some_and(|by| {
                    hits.iter().any(|h| {
                        h.on(by)
                            && h.last + 1 == hit.first
                            && !h.on(list)
                            && self.adjacent(reading, h.last, hit.first)
                    })
                })
            };
            for hit in hits
                .iter()
                .filter(|h| h.on(list) && !ordinary_phrase(hits, h.first, h.last))
            {
                if keep(reading, hits, hit) {
                    let aside = weak(reading, hits, hit);
                    let ambiguous = hit.ambiguous(list) || weakened(hit) || aside;
                    let sign = self.sign(reading, hit.first, hit.last, ambiguous);
                    evidence.add(Sign { aside, ..sign });
                }
            }
        }
        evidence
    }

    pub(super) fn on(&self, list: List) -> Evidence {
        self.evidence(list, |_, _, _| true)
    }

    /// The sign words `first..=last` of `reading` make, quoted from the original.
    fn sign(&self, reading: &Reading, first: usize, last: usize, ambiguous: bool) -> Sign {
        self.sign_at(
            (reading.words[first].start, reading.words[last].end),
            ambiguous,
        )
    }

    /// The sign the original's bytes `start..end` make.
    fn sign_at(&self, (start, end): (usize, usize), ambiguous: bool) -> Sign {
        Sign {
            word: self.original[start..end].to_owned(),
            field: if start < self.source_len {
                Field::Source
            } else {
                Field::Prompt
            },
            span: (start, end),
            ambiguous,
            held: false,
            aside: false,
        }
    }

    /// Whether only spaces or hyphens stand between words `a` and `b` of `reading`.
    pub(super) fn adjacent(&self, reading: &Reading, a: usize, b: usize) -> bool {
        let (from, to) = (reading.words[a].end, reading.words[b].start);
        from <= to
            && self.original[from..to]
                .chars()
                .all(|c| c.is_whitespace() || c == '-')
    }

    /// Whether a hit on `list` starts within two words after word `last`.
    pub(super) fn followed_by(hits: &[Hit], list: List, last: usize) -> bool {
        hits.iter()
            .any(|h| h.on(list) && (h.first == last + 1 || h.first == last + 2))
    }

    /// Marks the signs a kin word (`mother of`, `annesi`) holds or stands beside, in the same
    /// clause: before the sign with at most [`KIN_BEFORE`] characters between (`la mère
    /// d'un lycéen de seize ans`: the child and what is said of it), or after it with at most
    /// [`KIN_AFTER`] (`on beş yaşında bir kızın annesi`). Characters, not words: Korean and
    /// Chinese readings split words finer than spaces do.
    fn mark_kin(&self, evidence: &mut Evidence) {
        let kin = self.plain_spans(List::Kin);
        // A kin word may hold the child's word itself, as the joined reading has it: `petitenfant`,
        // a grandchild, is `petit-enfant` and no `petit enfant`.
        let holding: Vec<(usize, usize)> = self
            .hits
            .iter()
            .flat_map(|(reading, hits)| spans(reading, hits, List::Kin))
            .collect();
        for sign in &mut evidence.signs {
            let (start, end) = sign.span;
            if holding
                .iter()
                .any(|&(k_start, k_end)| k_start <= start && end <= k_end)
                || kin.iter().any(|&(k_start, k_end)| {
                    (k_end <= start
                        && self
                            .clause_gap(k_end, start)
                            .is_some_and(|g| g <= KIN_BEFORE))
                        || (k_start >= end
                            && self
                                .clause_gap(end, k_start)
                                .is_some_and(|g| g <= KIN_AFTER))
                })
            {
                sign.ambiguous = true;
                sign.held = true;
            }
        }
    }

    /// Holds the baby's words (`lists/babies.txt`) in a request with a mother nursing in it
    /// (`lists/nursing.txt`): the baby is drawn, so with nudity the request is refused, but the
    /// nudity is the mother's, and the refusal asks to rephrase without a strike. An older
    /// child's signs, an age or a school year, are not held.
    fn mark_nursing(&self, evidence: &mut Evidence) {
        if self.plain_spans(List::Nursing).is_empty() {
            return;
        }
        let babies = self.plain_spans(List::Babies);
        for sign in &mut evidence.signs {
            if babies
                .iter()
                .any(|&(start, end)| start <= sign.span.0 && sign.span.1 <= end)
            {
                sign.ambiguous = true;
                sign.held = true;
            }
        }
    }

    /// The byte spans in the original of the hits on `list` in the plain reading only: the
    /// others join words across marks, and a joined word's span would reach over the comma
    /// that ends a clause.
    fn plain_spans(&self, list: List) -> Vec<(usize, usize)> {
        self.hits.first().map_or_else(Vec::new, |(reading, hits)| {
            spans(reading, hits, list).collect()
        })
    }

    /// Holds the certain signs an adult age of `ages` (byte spans) follows right after, in
    /// their clause («девочка лет тридцати», `little girl aged 25`): the child's
    /// word may be slang for the adult, or her costume, so it is refused without a strike, and
    /// the age does not let it through.
    fn hold_aged(&self, evidence: &mut Evidence, ages: &[(usize, usize)]) {
        for sign in evidence.signs.iter_mut().filter(|s| !s.ambiguous) {
            let aged = ages.iter().any(|&(start, end)| {
                start >= sign.span.1
                    && self.clause_gap(sign.span.1, end).is_some()
                    && (self.original.get(sign.span.1..start))
                        .is_some_and(|gap| gap.chars().count() <= AGE_AFTER)
            });
            if aged {
                sign.ambiguous = true;
                sign.held = true;
            }
        }
    }

    /// The characters of the original between byte offsets `from` and `to`, or `None` when a
    /// comma, full stop, colon or bracket ends the clause between them.
    pub(super) fn clause_gap(&self, from: usize, to: usize) -> Option<usize> {
        let between = self.original.get(from..to)?;
        let breaks = [
            ',', '.', ';', ':', '(', ')', '[', ']', '|', '，', '。', '、', '；', '：', '،',
        ];
        (!between.contains(breaks)).then(|| between.chars().count())
    }

    /// Signs of a minor: listed words and slang, ages under 18, school years; a school word
    /// before an adult occupation is a workplace, and a stated adult age makes ambiguous signs
    /// an adult's. With them, whether an age of [`GROWN`] or more is stated in numbers.
    pub(super) fn minor(&self, gate: &Gate) -> (Evidence, bool) {
        let mut evidence = self.weighed(
            List::Minor,
            |reading, hits, hit| !self.school_at_work(gate, reading, hits, hit),
            |reading, hits, hit| {
                gate.pupil(reading, hit)
                    && self.set_aside_pupil(gate, reading, hits, hit.first, hit.last)
            },
        );
        for (span, certain) in school::korean_school_years(self.original) {
            evidence.add(self.sign_at(span, !certain));
        }
        for span in self.milestones_ahead() {
            evidence.add(self.sign_at(span, true));
        }
        let mut adult = false;
        let mut grown = false;
        // Where adult ages stated in numbers stand, as byte spans of the original (an age's
        // words may start before its number: `kluk, 18+`).
        let mut adult_ages = Vec::new();
        // `n00d 12 y34r 0ld` states its age in the leetspeak reading.
        for (reading, hits) in self.numeric.iter().map(|&i| &self.hits[i]) {
            let mut things = vec![false; reading.len()];
            for hit in hits.iter().filter(|h| h.on(List::AgedThings)) {
                things[hit.first..=hit.last]
                    .iter_mut()
                    .for_each(|t| *t = true);
            }
            let alone = ages::alone(self.original, reading);
            for age in gate.ages.find(reading, &things, &alone, current_year()) {
                match age.kind {
                    ages::AgeKind::Adult => {
                        adult = true;
                        grown |= age.years.is_some_and(|years| years >= GROWN);
                        if age.years.is_some() {
                            adult_ages.push((
                                reading.words[age.first].start,
                                reading.words[age.last].end,
                            ));
                        }
                    }
                    ages::AgeKind::Grown => {
                        adult = true;
                        grown = true;
                    }
                    ages::AgeKind::Minor { certain } => {
                        if !(age.school && self.at_work(reading, hits, age.first, age.last)) {
                            let past = age.school
                                && self.set_aside_pupil(gate, reading, hits, age.first, age.last);
                            let sign = self.sign(reading, age.first, age.last, !certain || past);
                            evidence.add(Sign {
                                aside: past,
                                ..sign
                            });
                        }
                    }
                }
            }
        }
        self.hold_aged(&mut evidence, &adult_ages);
        // A pupil long past who has an occupation now (`była gimnazjalistka, dziś księgowa`)
        // is an adult, as one whose age is stated; no other sign of a minor may stand beside.
        // With no sign at all, an occupation now still says the person drawn is grown
        // (`cewek angkatan 2015, sekarang kerja jadi teller`).
        if evidence.signs.iter().all(|s| s.aside) && self.grown_now() {
            evidence = Evidence::default();
            adult = true;
            grown = true;
        }
        self.mark_kin(&mut evidence);
        self.mark_nursing(&mut evidence);
        // Inside A1111's prompt editing or alternation (`[teen:adult:0.5]`, `[teen|adult]`) an
        // adult's words may be drawn only for some steps: the early ones settle the body.
        if swaps(self.original) {
            return (evidence, false);
        }
        // Only where nothing else in the text may be young: "a 24 year old and a shy
        // schoolgirl" lets the rules read the costume as the adult's, not the model's sense
        // of youth as well.
        let grown = grown && evidence.signs.is_empty();
        if adult && evidence.signs.iter().all(|s| s.ambiguous && !s.held) {
            return (Evidence::default(), grown);
        }
        (evidence, grown)
    }

    /// A real person: a listed name, a misspelling of one (ambiguous), or words that point at
    /// one without a name (`lists/real_pointers.txt`: a photo attached, a first lady; ambiguous).
    pub(super) fn real_people(&self, gate: &Gate) -> Evidence {
        let mut evidence = self.on(List::RealPeople);
        evidence.merge(self.on(List::RealPointers));
        // The plain reading's ordinary phrases are no misspelt name either (`the weekend`).
        let plain_hits = self
            .hits
            .first()
            .map_or(&[][..], |(_, hits)| hits.as_slice());
        if !evidence.found()
            && let Some((first, last)) = gate.names.find(&self.plain, |first, last| {
                ordinary_phrase(plain_hits, first, last)
            })
        {
            evidence.add(self.sign(&self.plain, first, last, true));
        }
        evidence
    }
}

/// The age from which a stated age outweighs the reader of meaning's sense of youth
/// (`Passed::adult`). Not 18: the limits a person under age is described by are written with
/// 18 and 19 ("not yet 18", "henüz on sekiz yaşına girmemiş", "until she turns 19"), and a
/// language whose limit words the rules lack would read them as an adult's age. Nor an adult
/// word: "an explicit adult photo" says what the picture is, not who is in it; a `grown` word
/// of ages.txt is ("after his military service", "a doctoral student": what no one under 18 has
/// done).
const GROWN: i64 = 20;

/// Whether words `first..=last` stand inside an ordinary phrase of `innocent.txt` among `hits`
/// (`naked eye`): a listed word there is that phrase.
fn ordinary_phrase(hits: &[Hit], first: usize, last: usize) -> bool {
    hits.iter()
        .any(|h| h.on(List::Innocent) && h.first <= first && h.last >= last)
}

/// Whether `text` holds a bracket with A1111's prompt editing or alternation in it.
fn swaps(text: &str) -> bool {
    text.split('[').skip(1).any(|after| {
        after
            .split(']')
            .next()
            .is_some_and(|inside| inside.contains([':', '|']))
    })
}

/// How many characters may stand between a child's word and the adult age after it
/// (`Read::hold_aged`).
const AGE_AFTER: usize = 3;

/// How far a kin word may stand from the child it names (`Read::mark_kin`).
const KIN_BEFORE: usize = 24;
const KIN_AFTER: usize = 24;

fn current_year() -> i32 {
    use chrono::Datelike;
    chrono::Utc::now().year()
}

/// The byte spans in the original of `reading`'s hits on `list`.
fn spans<'a>(
    reading: &'a Reading,
    hits: &'a [Hit],
    list: List,
) -> impl Iterator<Item = (usize, usize)> + 'a {
    hits.iter()
        .filter(move |h| h.on(list))
        .map(|h| (reading.words[h.first].start, reading.words[h.last].end))
}
