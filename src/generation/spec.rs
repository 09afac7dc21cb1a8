//! The request a job carries once admission checked it, and what its backend is sent: built
//! once here for the worker's render and for the gate, so that the gate judges what the model
//! receives.

use super::catalog::{Look, Size, Style};
use super::controls::SAMPLERS;
use super::source::SourceSpec;
use crate::safety::normalize::clean;

/// In UTF-16 code units, as the browser's textarea counts.
pub const PROMPT_MAX: usize = 500;
pub const STEPS_DEFAULT: u32 = 30;
pub const STEPS_MAX_FREE: u32 = 30;
pub const STEPS_MAX_PRO: u32 = 50;
/// Images one request may ask for.
pub const COUNT_MAX_FREE: u32 = 1;
pub const COUNT_MAX_PRO: u32 = 4;

/// A request that passed every check, with defaults filled in.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Spec {
    pub prompt: String,
    /// What the user typed, or the style's default when empty.
    pub negative_prompt: String,
    pub style: Style,
    pub look: Option<Look>,
    /// Before `enhance` doubles it. Jobs queued before sizes existed were all 512 x 512.
    #[serde(default)]
    pub size: Size,
    /// Jobs queued before guidance could be picked were drawn at 7 with the first sampler.
    #[serde(default = "super::catalog::default_cfg")]
    pub cfg: f32,
    #[serde(default = "first_sampler")]
    pub sampler: String,
    /// `None`: the gateway (or the backend) picks one and reports it.
    pub seed: Option<u32>,
    pub steps: u32,
    pub enhance: bool,
    pub count: u32,
    /// The content rules found it explicit: the moderation service, when there is one, checks
    /// each finished image before it is stored.
    #[serde(default)]
    pub explicit: bool,
    /// The content rules found it explicit on a checkpoint that can draw it: its images are
    /// served only to adults. `None` in a job queued before this was decided.
    #[serde(default)]
    pub adult_only: Option<bool>,
    /// The image it is drawn from, once the gateway has found it.
    #[serde(default)]
    pub source: Option<SourceSpec>,
}

fn first_sampler() -> String {
    SAMPLERS[0].id.to_owned()
}

/// Kept out of every image of a style whose checkpoint the catalog says cannot draw nudity
/// (`nudity: false`): a style sold as safe stays safe whatever its prompt asks.
pub const SAFE_NEGATIVE: &str = "nsfw, nude, naked, nipples, genitals, sex, sexual, underwear";

/// The texts a backend is sent, exactly: built here once, for the backend's request
/// (`worker::render_of`) and for the content gate (`admission::judge`), so that the gate judges what
/// the model receives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawn {
    /// The prompt, the style's extra text and the look, cleaned.
    pub prompt: String,
    /// The user's negative prompt or the style's, and [`SAFE_NEGATIVE`] on a safe checkpoint.
    pub negative_prompt: String,
}

/// The prompt a backend is sent: the user's words, then the style's and the look's texts,
/// each cleaned, the empty ones left out. A variation's sources are judged as this too.
pub fn drawn_prompt(prompt: &str, style_text: Option<&str>, look_text: Option<&str>) -> String {
    let mut parts = vec![clean(prompt)];
    parts.extend(style_text.into_iter().chain(look_text).map(clean));
    parts.retain(|p| !p.is_empty());
    parts.join(", ")
}

impl Spec {
    /// What the backend is asked to draw.
    pub fn drawn(&self) -> Drawn {
        let look = self.look.as_ref().map(|l| l.text.as_str());
        let mut negative = clean(&self.negative_prompt);
        if !self.style.nudity {
            if !negative.is_empty() {
                negative.push_str(", ");
            }
            negative.push_str(SAFE_NEGATIVE);
        }
        Drawn {
            prompt: drawn_prompt(&self.prompt, Some(&self.style.prompt_plus), look),
            negative_prompt: negative,
        }
    }
}
