//! The content gate every request that makes an image from a prompt passes, before a place in
//! line or a credit: a refusal costs nothing and says why.
//!
//! It reads what the model receives, not what the user typed: the prompt as the backend's
//! request carries it (the user's words, the style's and the look's text, cleaned as the
//! backend's text is: `generation::spec::Drawn`), and for a variation the source image's
//! prompt with it, under the stricter of the two styles.
//!
//! A request asks for explicit imagery when its style is NSFW or its text asks for nudity,
//! undress or sex in any listed wording (a word for sex with an animal included, and a word for
//! rape, which is sexual on any style), in any supported language. Refused, never overridable:
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
mod ahead;
mod animals;
pub mod clip_text;
mod evidence;
mod lists;
pub mod meaning;
pub mod moderation;
mod names;
pub mod normalize;
mod now;
pub mod pasted;
mod read;
mod school;
pub mod strikes;

#[cfg(test)]
mod battery;

use std::path::Path;
use std::sync::{Arc, OnceLock};

use evidence::Evidence;
pub use lists::List;
pub use lists::{ListError, Lists};
use read::Read;

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
        // often something else (`?zoo`) does not make a request explicit, nor one said of an
        // animal, off an NSFW style (`Read::husbandry`: a mare covered by a stallion).
        if request.nsfw_style || !prompt.husbandry(&bestiality) {
            for sign in bestiality.signs.iter().filter(|s| !s.ambiguous) {
                words.add(sign.clone());
            }
        }
        let harm = prompt.on(List::Harm);
        let explicit = request.nsfw_style || words.found();
        // Non-consent matters only to an explicit request, or beside a certain word of harm.
        let non_consent = if explicit || harm.signs.iter().any(|s| !s.ambiguous) {
            prompt.non_consent()
        } else {
            Evidence::default()
        };
        // A word for rape, certain in `lists/harm.txt` and `lists/non_consent.txt` both, says
        // the request is sexual on any style ("a woman being raped" on the default style), though
        // not surely explicit: it is refused without a strike.
        let asks = explicit || non_consent.certain_with(&harm);
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
        if minor.found() && (asks || harm.found()) {
            refusals.extend(refusal(
                Category::Minor,
                minor,
                sure_asks || harm.sure(),
                None,
            ));
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
                    refusal(Category::NonConsent, non_consent, sure_asks, None),
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
