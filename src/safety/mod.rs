//! The content gate every request that makes an image from a prompt passes, before a place in
//! line or a credit: a refusal costs nothing and says why.
//!
//! A request is explicit when its style is NSFW or its prompt (or look) asks for nudity or
//! sex. Refused, never overridable:
//! - `minor`: in an explicit request, any sign of a person under 18 (a minor word, a young
//!   person, an age under 18, a school grade) in the prompt, or a negative prompt that asks
//!   for no adults; and in any request, a sign of a minor with sexual-harm words;
//! - `real_person`: an explicit request naming a real person;
//! - `non_consent` and `bestiality`: in an explicit request.
//!
//! The negative prompt never counts against a request except for the adults rule: a user
//! keeping minors out of an image writes minor words there. Matching is on whole words of
//! every reading of the text (`normalize`), so evasions are read and look-alike words pass.

mod ages;
mod lists;
pub mod moderation;
pub mod normalize;
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
}

/// A request the rules let through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Passed {
    /// It asks for explicit imagery: the moderation service checks it and its images too.
    pub explicit: bool,
}

/// What the gate reads of a request.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub prompt: &'a str,
    /// As the user wrote it (a style's own default is not theirs).
    pub negative_prompt: &'a str,
    /// The chosen look's text, from the catalog.
    pub look: &'a str,
    /// The style is NSFW.
    pub nsfw_style: bool,
}

pub struct Gate {
    lists: Lists,
}

/// A text as the gate read it: its readings and every hit in each.
struct Read<'a> {
    original: &'a str,
    plain: Reading,
    hits: Vec<(Reading, Vec<Hit>)>,
}

impl<'a> Read<'a> {
    fn new(lists: &Lists, original: &'a str) -> Self {
        let readings = read(original);
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
            plain: readings.plain,
            hits,
        }
    }

    /// The original words of every hit on `list`, once each.
    fn on(&self, list: List) -> Vec<String> {
        let mut words: Vec<String> = Vec::new();
        for (reading, hits) in &self.hits {
            for hit in hits.iter().filter(|h| h.on(list)) {
                let quoted = self.quote(reading, hit.first, hit.last);
                if !words.contains(&quoted) {
                    words.push(quoted);
                }
            }
        }
        words
    }

    fn quote(&self, reading: &Reading, first: usize, last: usize) -> String {
        self.original[reading.words[first].start..reading.words[last].end].to_owned()
    }

    /// Signs of a minor: listed words, ages under 18, school grades.
    fn minor(&self) -> Vec<String> {
        let mut words = self.on(List::Minor);
        if let Some((first, last)) = ages::minor_age(&self.plain) {
            words.push(self.quote(&self.plain, first, last));
        }
        words
    }
}

impl Gate {
    pub fn new(lists: Lists) -> Self {
        Self { lists }
    }

    /// The built-in lists, or the deployer's where `dir` has them. The built-in gate is made
    /// once per process and shared (its automaton takes a moment to build).
    pub fn load(dir: Option<&Path>) -> Result<Arc<Self>, ListError> {
        static BUILT_IN: OnceLock<Arc<Gate>> = OnceLock::new();
        match dir {
            Some(dir) => Ok(Arc::new(Self::new(Lists::load(Some(dir))?))),
            None => Ok(Arc::clone(BUILT_IN.get_or_init(|| {
                Arc::new(Self::new(
                    Lists::load(None).expect("the built-in lists are compiled in"),
                ))
            }))),
        }
    }

    pub fn lists(&self) -> &Lists {
        &self.lists
    }

    /// `Ok` when the request may be made; otherwise why not.
    pub fn check(&self, request: &Request<'_>) -> Result<Passed, Refusal> {
        let prompt = Read::new(&self.lists, request.prompt);
        let look = Read::new(&self.lists, request.look);
        let explicit = request.nsfw_style
            || !prompt.on(List::Explicit).is_empty()
            || !look.on(List::Explicit).is_empty();
        let refuse = |category, field, words: Vec<String>| {
            if words.is_empty() {
                Ok(Passed { explicit })
            } else {
                Err(Refusal {
                    category,
                    field,
                    words,
                    flagged: Vec::new(),
                })
            }
        };

        let minor = prompt.minor();
        if !minor.is_empty() && (explicit || !prompt.on(List::Harm).is_empty()) {
            return refuse(Category::Minor, Field::Prompt, minor);
        }
        if !explicit {
            return Ok(Passed { explicit });
        }
        let negative = Read::new(&self.lists, request.negative_prompt);
        refuse(
            Category::Minor,
            Field::NegativePrompt,
            negative.on(List::AdultInNegative),
        )?;
        refuse(
            Category::RealPerson,
            Field::Prompt,
            prompt.on(List::RealPeople),
        )?;
        refuse(
            Category::NonConsent,
            Field::Prompt,
            prompt.on(List::NonConsent),
        )?;
        let mut bestiality = prompt.on(List::Bestiality);
        let animals = prompt.on(List::Animals);
        if !animals.is_empty() {
            let acts = prompt.on(List::SexActs);
            if !acts.is_empty() {
                bestiality.extend(animals.into_iter().chain(acts));
            }
        }
        refuse(Category::Bestiality, Field::Prompt, bestiality)
    }
}
