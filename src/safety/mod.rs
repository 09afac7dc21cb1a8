//! The content gate every request that makes an image from a prompt passes, before a place in
//! line or a credit: a refusal costs nothing and says why.
//!
//! It reads what the model receives, not what the user typed: the prompt as the backend's
//! request carries it (the user's words, the style's and the look's text, cleaned as the
//! backend's text is: `generation::spec::Drawn`), and for a variation the source image's
//! prompt with it, under the stricter of the two styles.
//!
//! A request asks for explicit imagery when its style is NSFW or its text asks for nudity,
//! undress or sex in any listed wording (a word for sex with an animal included), in any
//! supported language. Refused, never overridable:
//! - `minor`: in such a request, any sign of a person under 18 (a minor word or slang, an age
//!   under 18, an age limit, a birth year, a school year) in the prompt, or a negative prompt
//!   that asks for no adults; and in any request, a sign of a minor with sexual-harm words;
//! - `real_person`: such a request naming a real person (or a misspelling of one);
//! - `non_consent` and `bestiality`: in such a request.
//!
//! Whether the style's checkpoint can draw nudity does not change what is refused; it decides
//! whether a request the rules let through is explicit (`Passed`).
//!
//! No strike without certainty: a sign is certain or ambiguous (a `?` entry, a misspelt name,
//! the last school year); a refusal whose reason or whose explicitness rests on one ambiguous
//! sign asks the user to rephrase and does not count against the account (`Refusal::strike`).
//! A stated adult age makes ambiguous signs of youth an adult's; a school word before an adult
//! occupation (`middle school teacher`) is a workplace; an animal word beside a character word
//! (`anthro wolf woman`, `horse girl`) is an adult anthropomorphic character, allowed.
//!
//! The negative prompt never counts against a request except for the adults rule and its twin
//! for consent (an explicit request whose negative asks for no one awake or consenting asks
//! for the opposite): a user keeping minors out of an image writes minor words there. Matching is on whole words of
//! every reading of the text (`normalize`), so evasions are read and look-alike words pass.

mod ages;
mod animals;
pub mod clip_text;
mod lists;
pub mod meaning;
pub mod moderation;
mod names;
pub mod normalize;
mod now;
pub mod pasted;
mod school;
pub mod strikes;

#[cfg(test)]
mod battery;

use std::path::Path;
use std::sync::{Arc, OnceLock};

use lists::Hit;
pub use lists::List;
pub use lists::{ListError, Lists};
use normalize::{Reading, read};

/// Why a request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Minor,
    RealPerson,
    NonConsent,
    Bestiality,
}

impl Category {
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Minor => "minor",
            Category::RealPerson => "real_person",
            Category::NonConsent => "non_consent",
            Category::Bestiality => "bestiality",
        }
    }

    /// What the user reads.
    pub fn reason(self) -> &'static str {
        match self {
            Category::Minor => {
                "Lucent never makes sexual or explicit images of anyone under 18, or that suggest it"
            }
            Category::RealPerson => "Lucent never makes explicit images of real people",
            Category::NonConsent => "Lucent never makes explicit images of sex without consent",
            Category::Bestiality => "Lucent never makes sexual images involving animals",
        }
    }
}

/// The field the refused words are in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Prompt,
    NegativePrompt,
    /// The prompt of the image a variation is drawn from.
    Source,
}

impl Field {
    /// As the API names it.
    pub fn as_str(self) -> &'static str {
        match self {
            Field::Prompt => "prompt",
            Field::NegativePrompt => "negativePrompt",
            Field::Source => "source",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub category: Category,
    pub field: Field,
    /// The words that decided it, as the user wrote them; none when the moderation service
    /// decided.
    pub words: Vec<String>,
    /// The moderation service's categories that decided it (src/safety/moderation.rs); none
    /// when our own rules did.
    pub flagged: Vec<String>,
    /// It counts against the account. False when it rests on one ambiguous sign: the user is
    /// asked to rephrase.
    pub strike: bool,
}

/// A request the rules let through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Passed {
    /// Its images may be explicit: an NSFW style, or explicit words on a checkpoint that can
    /// draw them.
    pub explicit: bool,
    /// It asks for explicit imagery (an NSFW style or explicit words, whatever the checkpoint):
    /// the moderation service checks it and its images too.
    pub moderate: bool,
    /// It surely asks for explicit imagery (an NSFW style or a word no innocent request uses):
    /// the reader of meaning then looks only for the forbidden company, which twenty other tags
    /// around "nude" would otherwise dilute in its reading of the whole.
    pub surely_explicit: bool,
    /// It states an age of 20 or more in numbers (`24 anyos`, `born in 1995`) and
    /// names no sign of a minor, not even an ambiguous one (`petite`, `schoolgirl`): the
    /// reader of meaning's sense of youth is then the only ambiguous sign, which a stated
    /// adult age makes an adult's, as the rules' own.
    pub adult: bool,
}

/// What the gate reads of a request: the texts as the model receives them.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The prompt the backend is sent, with the style's and look's text; for a variation, the
    /// source image's prompt first.
    pub prompt: &'a str,
    /// How many bytes at the start of `prompt` are the source image's prompt (0 without one).
    pub source_len: usize,
    /// The negative prompt the backend is sent.
    pub negative_prompt: &'a str,
    /// The style is NSFW.
    pub nsfw_style: bool,
    /// The style's checkpoint can draw nudity (the catalog's `nudity`).
    pub nudity: bool,
}

pub struct Gate {
    lists: Lists,
    ages: ages::AgeRules,
    names: names::Names,
    /// [`school::SCHOOL_WORDS`] as the readings write them.
    schools: Vec<String>,
    /// [`school::PUPIL_WORDS`] as the readings write them.
    pupils: Vec<String>,
}

/// Signs found for one rule: the words as the user wrote them, each with the field it is in,
/// its span in the text read, and whether it is only an ambiguous sign.
#[derive(Debug, Default)]
struct Evidence {
    signs: Vec<Sign>,
}

#[derive(Debug, Clone)]
struct Sign {
    word: String,
    field: Field,
    span: (usize, usize),
    ambiguous: bool,
    /// Ambiguous, and no stated adult age lets it through: a child named as someone's (`the
    /// mother of a 13-year-old`, `lists/kin.txt`), not drawn; or a child's word with an adult
    /// age right after it («девочка лет тридцати»), slang for an adult or a costume.
    held: bool,
    /// A pupil or school year set aside (`lists/school_aside.txt`: long past, a costume, a
    /// teacher's class): ambiguous, and two of them are no surer than one ("taught eighth grade
    /// at my middle school").
    aside: bool,
}

impl Evidence {
    fn add(&mut self, sign: Sign) {
        if let Some(known) = self.signs.iter_mut().find(|s| s.word == sign.word) {
            known.ambiguous &= sign.ambiguous;
            known.aside &= sign.aside;
        } else {
            self.signs.push(sign);
        }
    }

    /// Every sign of `other` added to these.
    fn merge(&mut self, other: Evidence) {
        for sign in other.signs {
            self.add(sign);
        }
    }

    fn found(&self) -> bool {
        !self.signs.is_empty()
    }

    /// A certain sign, or two ambiguous ones that do not overlap; a child named as someone's
    /// is never sure, however it is described.
    fn sure(&self) -> bool {
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
    fn both(animals: Evidence, acts: Evidence, near: bool) -> Evidence {
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

/// A text as the gate read it: its readings and every hit in each.
struct Read<'a> {
    original: &'a str,
    /// Bytes at the start that are the source image's prompt.
    source_len: usize,
    plain: Reading,
    hits: Vec<(Reading, Vec<Hit>)>,
    /// The readings ages are read from (`normalize::Readings::numeric`).
    numeric: Vec<usize>,
}

impl<'a> Read<'a> {
    fn new(lists: &Lists, original: &'a str, source_len: usize) -> Self {
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
    fn evidence(&self, list: List, keep: impl Fn(&Reading, &[Hit], &Hit) -> bool) -> Evidence {
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
            // A listed word inside an ordinary phrase (`naked eye`) is that phrase.
            let phrases: Vec<&Hit> = hits.iter().filter(|h| h.on(List::Innocent)).collect();
            let innocent = |hit: &Hit| {
                phrases
                    .iter()
                    .any(|h| h.first <= hit.first && h.last >= hit.last)
            };
            let weakened = |hit: &Hit| {
                list.weakened_by().is_some_and(|by| {
                    hits.iter()
                        .any(|h| h.on(by) && h.last + 1 == hit.first && !h.on(list))
                })
            };
            for hit in hits.iter().filter(|h| h.on(list) && !innocent(h)) {
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

    fn on(&self, list: List) -> Evidence {
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
    fn adjacent(&self, reading: &Reading, a: usize, b: usize) -> bool {
        let (from, to) = (reading.words[a].end, reading.words[b].start);
        from <= to
            && self.original[from..to]
                .chars()
                .all(|c| c.is_whitespace() || c == '-')
    }

    /// Whether a hit on `list` starts within two words after word `last`.
    fn followed_by(hits: &[Hit], list: List, last: usize) -> bool {
        hits.iter()
            .any(|h| h.on(list) && (h.first == last + 1 || h.first == last + 2))
    }

    /// Marks the signs a kin word (`mother of`, `annesi`) stands beside, in the same clause:
    /// before the sign with at most [`KIN_BEFORE`] characters between (`la mère
    /// d'un lycéen de seize ans`: the child and what is said of it), or after it with at most
    /// [`KIN_AFTER`] (`on beş yaşında bir kızın annesi`). Characters, not words: Korean and
    /// Chinese readings split words finer than spaces do.
    fn mark_kin(&self, evidence: &mut Evidence) {
        // The plain reading only: the others join words across marks, and a joined word's
        // span would reach over the comma that ends the clause.
        let Some((reading, hits)) = self.hits.first() else {
            return;
        };
        let kin: Vec<(usize, usize)> = hits
            .iter()
            .filter(|h| h.on(List::Kin))
            .map(|h| (reading.words[h.first].start, reading.words[h.last].end))
            .collect();
        for sign in &mut evidence.signs {
            let (start, end) = sign.span;
            if kin.iter().any(|&(k_start, k_end)| {
                (k_end <= start
                    && self
                        .clause_gap(k_end, start)
                        .is_some_and(|g| g <= KIN_BEFORE))
                    || (k_start >= end
                        && self
                            .clause_gap(end, k_start)
                            .is_some_and(|g| g <= KIN_AFTER))
            }) {
                sign.ambiguous = true;
                sign.held = true;
            }
        }
    }

    /// Holds the certain signs an adult age of `ages` (byte spans) follows right after, in
    /// their clause («девочка лет тридцати», `little girl aged 25`): the child's
    /// word may be slang for the adult, or her costume, so it is refused without a strike, and
    /// the age does not let it through.
    fn hold_aged(&self, evidence: &mut Evidence, ages: &[(usize, usize)]) {
        for sign in evidence.signs.iter_mut().filter(|s| !s.ambiguous) {
            let aged = ages.iter().any(|&(start, end)| {
                start >= sign.span.1
                    && self
                        .clause_gap(sign.span.1, start)
                        .is_some_and(|gap| gap <= AGE_AFTER)
                    && self.clause_gap(sign.span.1, end).is_some()
            });
            if aged {
                sign.ambiguous = true;
                sign.held = true;
            }
        }
    }

    /// The characters of the original between byte offsets `from` and `to`, or `None` when a
    /// comma, full stop, colon or bracket ends the clause between them.
    fn clause_gap(&self, from: usize, to: usize) -> Option<usize> {
        let between = self.original.get(from..to)?;
        let breaks = [
            ',', '.', ';', ':', '(', ')', '[', ']', '|', '，', '。', '、', '；', '：', '،',
        ];
        (!between.contains(breaks)).then(|| between.chars().count())
    }

    /// Signs of a minor: listed words and slang, ages under 18, school years; a school word
    /// before an adult occupation is a workplace, and a stated adult age makes ambiguous signs
    /// an adult's. With them, whether an age of [`GROWN`] or more is stated in numbers.
    fn minor(&self, gate: &Gate) -> (Evidence, bool) {
        let mut evidence = self.weighed(
            List::Minor,
            |reading, hits, hit| {
                !(gate.school(reading, hit) && self.at_work(reading, hits, hit.first, hit.last))
            },
            |reading, hits, hit| {
                gate.pupil(reading, hit)
                    && self.set_aside_school(reading, hits, hit.first, hit.last)
            },
        );
        for (span, certain) in school::korean_school_years(self.original) {
            evidence.add(self.sign_at(span, !certain));
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
            for age in gate.ages.find(reading, &things, current_year()) {
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
                                && self.set_aside_school(reading, hits, age.first, age.last);
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
    fn real_people(&self, gate: &Gate) -> Evidence {
        let mut evidence = self.on(List::RealPeople);
        evidence.merge(self.on(List::RealPointers));
        if !evidence.found()
            && let Some((first, last)) = gate.names.find(&self.plain)
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

impl Gate {
    pub fn new(lists: Lists, ages: &str, numbers: &str, real_people: &str) -> Self {
        Self {
            lists,
            ages: ages::AgeRules::parse(ages, numbers),
            names: names::Names::new(real_people),
            schools: school::SCHOOL_WORDS
                .iter()
                .map(|w| normalize::entry(w))
                .collect(),
            pupils: school::PUPIL_WORDS
                .iter()
                .map(|w| normalize::entry(w))
                .collect(),
        }
    }

    /// The built-in lists, or the deployer's where `dir` has them. The built-in gate is made
    /// once per process and shared (its automaton takes a moment to build).
    pub fn load(dir: Option<&Path>) -> Result<Arc<Self>, ListError> {
        static BUILT_IN: OnceLock<Arc<Gate>> = OnceLock::new();
        let build = |dir: Option<&Path>| -> Result<Self, ListError> {
            let read = |(name, text): (&str, &str)| lists::read_file(dir, name, text);
            Ok(Self::new(
                Lists::load(dir)?,
                &read(lists::AGES)?,
                &read(lists::NUMBERS)?,
                &read((List::RealPeople.file(), List::RealPeople.built_in()))?,
            ))
        };
        match dir {
            Some(dir) => Ok(Arc::new(build(Some(dir))?)),
            None => Ok(Arc::clone(BUILT_IN.get_or_init(|| {
                Arc::new(build(None).expect("the built-in lists are compiled in"))
            }))),
        }
    }

    pub fn lists(&self) -> &Lists {
        &self.lists
    }

    /// `Ok` when the request may be made; otherwise why not. The texts are read as the model's
    /// tokenizer cleans them (`clip_text`) as well as written: a request passes only if every
    /// reading does, and is explicit if any reading is.
    pub fn check(&self, request: &Request<'_>) -> Result<Passed, Refusal> {
        let mut passed = self.check_one(request)?;
        for cleaned in encoder_readings(request) {
            let more = self.check_one(&cleaned.request(request))?;
            passed.explicit |= more.explicit;
            passed.moderate |= more.moderate;
            passed.surely_explicit |= more.surely_explicit;
            passed.adult &= more.adult;
        }
        Ok(passed)
    }

    fn check_one(&self, request: &Request<'_>) -> Result<Passed, Refusal> {
        let prompt = Read::new(&self.lists, request.prompt, request.source_len);
        let mut words = prompt.on(List::Explicit);
        let mut bestiality = prompt.on(List::Bestiality);
        // A word for sex with an animal says sex as plainly as any explicit word; one that is
        // often something else (`?zoo`) does not make a request explicit.
        for sign in bestiality.signs.iter().filter(|s| !s.ambiguous) {
            words.add(sign.clone());
        }
        let asks = request.nsfw_style || words.found();
        let sure_asks = request.nsfw_style || words.sure();
        // `adult` only where no sign of a minor was found (`Read::minor`).
        let (minor, adult) = prompt.minor(self);
        let passed = Passed {
            explicit: request.nsfw_style || (request.nudity && words.found()),
            moderate: asks,
            surely_explicit: sure_asks,
            adult,
        };
        let mut refusals = Vec::new();
        if minor.found() {
            let harm = prompt.on(List::Harm);
            if asks || harm.found() {
                refusals.extend(refusal(
                    Category::Minor,
                    minor,
                    sure_asks || harm.sure(),
                    None,
                ));
            }
        }
        if asks {
            let negative = Read::new(&self.lists, request.negative_prompt, 0);
            let animals = prompt.animals();
            if animals.found() {
                let acts = prompt.on(List::SexActs);
                if acts.found() {
                    bestiality.merge(Evidence::both(animals, acts, prompt.act_near_animal()));
                }
            }
            refusals.extend(
                [
                    refusal(
                        Category::Minor,
                        negative.on(List::AdultInNegative),
                        sure_asks,
                        Some(Field::NegativePrompt),
                    ),
                    refusal(
                        Category::RealPerson,
                        prompt.real_people(self),
                        sure_asks,
                        None,
                    ),
                    refusal(Category::NonConsent, prompt.non_consent(), sure_asks, None),
                    refusal(
                        Category::NonConsent,
                        negative.on(List::ConsentInNegative),
                        sure_asks,
                        Some(Field::NegativePrompt),
                    ),
                    refusal(Category::Bestiality, bestiality, sure_asks, None),
                ]
                .into_iter()
                .flatten(),
            );
        }
        // The first refusal that strikes, else the first: an ambiguous sign read first (an
        // office, a misspelt name) must not hide a certain one after it.
        if refusals.is_empty() {
            return Ok(passed);
        }
        let chosen = refusals.iter().position(|r| r.strike).unwrap_or(0);
        Err(refusals.swap_remove(chosen))
    }
}

/// The refusal `evidence` makes, if it holds any sign: a strike when it is sure and the request
/// surely asks for explicit imagery (`context`).
fn refusal(
    category: Category,
    evidence: Evidence,
    context: bool,
    field: Option<Field>,
) -> Option<Refusal> {
    let first = evidence.signs.first()?.field;
    Some(Refusal {
        category,
        field: field.unwrap_or(first),
        strike: evidence.sure() && context,
        words: evidence.signs.into_iter().map(|s| s.word).collect(),
        flagged: Vec::new(),
    })
}

/// A request's texts as the tokenizer cleans them.
struct Cleaned {
    prompt: String,
    source_len: usize,
    negative_prompt: String,
}

impl Cleaned {
    fn request<'a>(&'a self, asked: &Request<'_>) -> Request<'a> {
        Request {
            prompt: &self.prompt,
            source_len: self.source_len,
            negative_prompt: &self.negative_prompt,
            ..*asked
        }
    }
}

/// The request under each of the tokenizer's cleanings that changes more than its whitespace,
/// once each. A variation's source is cleaned apart from the new words, as it was written apart.
fn encoder_readings(request: &Request<'_>) -> Vec<Cleaned> {
    let (source, prompt) = request.prompt.split_at(request.source_len);
    let texts = [source, prompt, request.negative_prompt];
    // Most prompts: no cleaning changes more than their whitespace, which the gate reads as the
    // model does already.
    if texts.iter().all(|t| clip_text::plain(t)) {
        return Vec::new();
    }
    let spaced = texts.map(clip_text::whitespace_clean);
    let [sources, prompts, negatives] = texts.map(clip_text::readings);
    let mut out: Vec<Cleaned> = Vec::new();
    for ((source, prompt), negative) in sources.into_iter().zip(prompts).zip(negatives) {
        if [&source, &prompt, &negative].into_iter().eq(spaced.iter()) {
            continue;
        }
        let joined = match (source.is_empty(), prompt.is_empty()) {
            (false, false) => format!("{source} {prompt}"),
            _ => format!("{source}{prompt}"),
        };
        if !out
            .iter()
            .any(|c| c.prompt == joined && c.negative_prompt == negative)
        {
            out.push(Cleaned {
                source_len: if source.is_empty() {
                    0
                } else {
                    source.len() + 1
                },
                prompt: joined,
                negative_prompt: negative,
            });
        }
    }
    out
}
