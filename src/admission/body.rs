//! The generation body, checked field by field: every refusal names the field (422), or says
//! which plan or confirmation it needs (403).

use serde::Deserialize;

use super::source::{self, SourceBody};
use crate::generation::GenerateError;
use crate::generation::catalog::{
    CFG_MAX, CFG_MIN, CFG_STEP, Catalog, Look, Size, Style, cfg_allowed,
};
use crate::generation::controls::SAMPLERS;
use crate::generation::spec::{
    COUNT_MAX_FREE, COUNT_MAX_PRO, PROMPT_MAX, STEPS_DEFAULT, STEPS_MAX_FREE, STEPS_MAX_PRO, Spec,
};
use crate::safety::pasted;
use crate::store::SourceMode;
use crate::users::Caller;

/// The web app's seed and step fields are free text; a JSON number, a numeric string, `""` or
/// `null` all arrive here.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Loose {
    #[schema(value_type = u32)]
    Number(serde_json::Number),
    Text(String),
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GenerationBody {
    /// At most 500 characters (UTF-16 code units, as a browser counts).
    pub prompt: String,
    #[serde(default)]
    pub negative_prompt: Option<String>,
    /// A style id from the catalog; empty for the default.
    #[serde(default)]
    pub style: Option<String>,
    #[serde(default)]
    pub look: Option<String>,
    /// A whole number, as a number or text; empty, null or -1 (as in A1111) for a random one.
    #[serde(default)]
    pub seed: Option<Loose>,
    /// A whole number, as a number or text; empty or null for the default.
    #[serde(default)]
    pub steps: Option<Loose>,
    #[serde(default)]
    pub enhance: Option<bool>,
    /// Images to make (1, or up to 4 for pro users).
    #[serde(default)]
    pub count: Option<u32>,
    /// One of the style's size ids (the catalog's `sizes`); empty for the style's first.
    #[serde(default)]
    pub size: Option<String>,
    /// The guidance scale (CFG): 1 to 20 in steps of 0.5; empty for the style's.
    #[serde(default)]
    pub cfg: Option<f32>,
    /// A sampler id from the catalog's `samplers`; empty for the first.
    #[serde(default)]
    pub sampler: Option<String>,
    /// One of the caller's images to vary or upscale (the catalog's `sourceModes`); the
    /// result has its size, so `size` and `enhance` are left out.
    #[serde(default)]
    pub source: Option<SourceBody>,
}

/// Counted as the browser's textarea counts (`maxlength` uses UTF-16 code units).
/// `asked` is the `typed` negative prompt with the one pasted after the prompt, cleaned.
fn negative_checked(typed: &str, asked: String) -> Result<String, GenerateError> {
    if utf16_len(typed) > PROMPT_MAX {
        return Err(GenerateError::invalid(
            "negativePrompt",
            format!("negativePrompt is at most {PROMPT_MAX} characters"),
        ));
    }
    Ok(asked)
}

fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
}

fn integer(field: &'static str, value: Option<&Loose>) -> Result<Option<u64>, GenerateError> {
    let text = match value {
        None => return Ok(None),
        Some(Loose::Number(n)) => n.to_string(),
        Some(Loose::Text(t)) => t.trim().to_owned(),
    };
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<u64>().map(Some).map_err(|_| {
        GenerateError::invalid(
            field,
            format!("{field} must be a whole number, or empty for the default"),
        )
    })
}

/// A1111's `-1`: a random seed, as every A1111 client writes it.
fn random_seed(value: &Loose) -> bool {
    match value {
        Loose::Number(n) => n.as_i64() == Some(-1),
        Loose::Text(t) => t.trim() == "-1",
    }
}

/// What the checks of a body found: every field at fault, so that the user fixes them all at
/// once, and the first refusal of what valid fields ask (a Premium style, say), which is told
/// only once the fields are right.
#[derive(Default)]
struct Findings {
    fields: Vec<(&'static str, String)>,
    refusal: Option<GenerateError>,
}

impl Findings {
    fn take<T>(&mut self, checked: Result<T, GenerateError>) -> Option<T> {
        match checked {
            Ok(value) => Some(value),
            Err(GenerateError::Invalid { field, message }) => {
                self.fields.push((field, message));
                None
            }
            Err(refusal) => {
                self.refusal.get_or_insert(refusal);
                None
            }
        }
    }

    fn refuse(&mut self, refusal: Option<GenerateError>) {
        if let Some(refusal) = refusal {
            self.refusal.get_or_insert(refusal);
        }
    }

    fn end(mut self) -> Result<(), GenerateError> {
        match (self.fields.len(), self.refusal) {
            (0, None) => Ok(()),
            (0, Some(refusal)) => Err(refusal),
            (1, _) => {
                let (field, message) = self.fields.remove(0);
                Err(GenerateError::Invalid { field, message })
            }
            _ => Err(GenerateError::InvalidFields(self.fields)),
        }
    }
}

/// A body checked: its spec, the mode of its source when there is one, and the negative
/// prompt as the user asked for it, which the content rules read (the spec's is the style's
/// own when the user's is empty).
#[derive(Debug)]
pub struct Validated {
    pub spec: Spec,
    pub source_mode: Option<SourceMode>,
    pub asked_negative: String,
}

/// Each field's value, `None` where it was refused.
struct Checked<'c> {
    prompt: Option<String>,
    negative: Option<String>,
    style: Option<&'c Style>,
    source_mode: Option<Option<SourceMode>>,
    size: Option<&'c Size>,
    guidance: Option<(f32, String)>,
    look: Option<Option<&'c Look>>,
    seed: Option<Option<u32>>,
    steps: Option<u32>,
    count: Option<u32>,
}

impl Checked<'_> {
    /// The spec, once [`Findings::end`] found nothing refused.
    fn spec(self, enhance: Option<bool>) -> Result<Validated, GenerateError> {
        let missing = || GenerateError::Internal("a checked field has no value".into());
        let style = self.style.ok_or_else(missing)?;
        let source_mode = self.source_mode.ok_or_else(missing)?;
        let (cfg, sampler) = self.guidance.ok_or_else(missing)?;
        let asked_negative = self.negative.ok_or_else(missing)?;
        let spec = Spec {
            negative_prompt: negative_for(style, asked_negative.clone()),
            prompt: self.prompt.ok_or_else(missing)?,
            style: style.clone(),
            look: self.look.ok_or_else(missing)?.cloned(),
            size: self.size.ok_or_else(missing)?.clone(),
            cfg,
            sampler,
            seed: self.seed.ok_or_else(missing)?,
            steps: self.steps.ok_or_else(missing)?,
            enhance: enhance.unwrap_or(source_mode.is_none()),
            count: self.count.ok_or_else(missing)?,
            // The content rules decide it next.
            explicit: false,
            adult_only: None,
            // Its record is read next.
            source: None,
        };
        Ok(Validated {
            spec,
            source_mode,
            asked_negative,
        })
    }
}

impl GenerationBody {
    /// Every field but the source's record, which [`source::find`] reads. Every field is
    /// checked before any is refused.
    pub fn validate(&self, catalog: &Catalog, caller: &Caller) -> Result<Validated, GenerateError> {
        let mut found = Findings::default();
        let typed_negative = self.negative_prompt.as_deref().unwrap_or_default();
        let (prompt, negative) = pasted::sent(&self.prompt, typed_negative);
        // In the body's order, which is the order the refused fields are listed in.
        let prompt = found.take(self.prompt_checked(prompt));
        let negative = found.take(negative_checked(typed_negative, negative));
        let style = found.take(self.style_checked(catalog));
        let source_mode = found.take(self.source_mode(catalog, caller));
        let size = style.and_then(|style| found.take(self.size_checked(style)));
        let guidance = style.and_then(|style| found.take(self.guidance(catalog, style)));
        let look = found.take(self.look_checked(catalog));
        let seed = found.take(self.seed_checked());
        let steps = found.take(self.steps_checked(caller));
        let count = found.take(self.count_checked());
        let checked = Checked {
            prompt,
            negative,
            style,
            source_mode,
            size,
            guidance,
            look,
            seed,
            steps,
            count,
        };
        if let (Some(style), Some(look), Some(count)) = (style, look, count) {
            found.refuse(premium_asked(caller, style, look, count));
        }
        if let Some(style) = style.filter(|s| s.nsfw && !caller.age_confirmed) {
            found.refuse(Some(GenerateError::AgeConfirmationRequired(format!(
                "the {} style needs you to confirm you are 18 or older",
                style.label
            ))));
        }
        found.end()?;
        checked.spec(self.enhance)
    }

    /// `sent` is the prompt as a backend is sent it: cleaned, without a negative prompt pasted
    /// after it (see `pasted`).
    fn prompt_checked(&self, sent: String) -> Result<String, GenerateError> {
        if utf16_len(&self.prompt) > PROMPT_MAX {
            return Err(GenerateError::invalid(
                "prompt",
                format!("prompt is at most {PROMPT_MAX} characters"),
            ));
        }
        if sent.is_empty() {
            return Err(GenerateError::invalid("prompt", "prompt is required"));
        }
        Ok(sent)
    }

    fn style_checked<'c>(&self, catalog: &'c Catalog) -> Result<&'c Style, GenerateError> {
        match self.style.as_deref() {
            None | Some("") => Ok(catalog.default_style()),
            Some(id) => catalog.style(id).ok_or_else(|| {
                GenerateError::invalid("style", format!("style {id:?} does not exist"))
            }),
        }
    }

    fn size_checked<'c>(&self, style: &'c Style) -> Result<&'c Size, GenerateError> {
        style.size(self.size.as_deref()).ok_or_else(|| {
            let offered: Vec<&str> = style.sizes.iter().map(|s| s.id.as_str()).collect();
            GenerateError::invalid(
                "size",
                format!(
                    "size {:?} is not one the {} style offers ({})",
                    self.size.as_deref().unwrap_or_default(),
                    style.label,
                    offered.join(", ")
                ),
            )
        })
    }

    fn look_checked<'c>(&self, catalog: &'c Catalog) -> Result<Option<&'c Look>, GenerateError> {
        match self.look.as_deref() {
            None | Some("") => Ok(None),
            Some(id) => catalog.look(id).map(Some).ok_or_else(|| {
                GenerateError::invalid("look", format!("look {id:?} does not exist"))
            }),
        }
    }

    fn seed_checked(&self) -> Result<Option<u32>, GenerateError> {
        integer("seed", self.seed.as_ref().filter(|s| !random_seed(s)))?
            .map(|s| {
                u32::try_from(s)
                    .map_err(|_| GenerateError::invalid("seed", "seed is at most 4294967295"))
            })
            .transpose()
    }

    fn steps_checked(&self, caller: &Caller) -> Result<u32, GenerateError> {
        let steps_max = if caller.pro() {
            STEPS_MAX_PRO
        } else {
            STEPS_MAX_FREE
        };
        match integer("steps", self.steps.as_ref())? {
            None => Ok(STEPS_DEFAULT),
            Some(s) if (1..=u64::from(STEPS_MAX_PRO)).contains(&s) && s > u64::from(steps_max) => {
                Err(GenerateError::ProRequired(format!(
                    "more than {steps_max} steps (high quality) is a Premium feature"
                )))
            }
            Some(s) if (1..=u64::from(steps_max)).contains(&s) => Ok(s as u32),
            Some(_) => Err(GenerateError::invalid(
                "steps",
                format!("steps must be 1 to {steps_max}"),
            )),
        }
    }

    fn count_checked(&self) -> Result<u32, GenerateError> {
        let count = self.count.unwrap_or(1);
        if !(1..=COUNT_MAX_PRO).contains(&count) {
            return Err(GenerateError::invalid(
                "count",
                format!("count must be 1 to {COUNT_MAX_PRO}"),
            ));
        }
        Ok(count)
    }

    fn source_mode(
        &self,
        catalog: &Catalog,
        caller: &Caller,
    ) -> Result<Option<SourceMode>, GenerateError> {
        self.source
            .as_ref()
            .map(|body| {
                source::check(
                    body,
                    catalog.img2img,
                    caller,
                    self.size.as_deref(),
                    self.enhance,
                )
            })
            .transpose()
    }
}

impl GenerationBody {
    /// The guidance scale and the sampler id: the style's and the first unless the user
    /// picked others, which a backend without them refuses.
    fn guidance(&self, catalog: &Catalog, style: &Style) -> Result<(f32, String), GenerateError> {
        let sampler = self.sampler.as_deref().filter(|s| !s.is_empty());
        if !catalog.guidance {
            for (field, picked) in [("cfg", self.cfg.is_some()), ("sampler", sampler.is_some())] {
                if picked {
                    return Err(GenerateError::invalid(
                        field,
                        format!(
                            "{field} cannot be chosen: this image backend draws with its own settings"
                        ),
                    ));
                }
            }
        }
        let cfg = match self.cfg {
            None => style.cfg,
            Some(cfg) if cfg_allowed(cfg) => cfg,
            Some(_) => {
                return Err(GenerateError::invalid(
                    "cfg",
                    format!("cfg must be {CFG_MIN} to {CFG_MAX} in steps of {CFG_STEP}"),
                ));
            }
        };
        let sampler = match sampler {
            None => SAMPLERS[0].id,
            Some(id) => SAMPLERS
                .iter()
                .find(|s| s.id == id)
                .map(|s| s.id)
                .ok_or_else(|| {
                    let known: Vec<&str> = SAMPLERS.iter().map(|s| s.id).collect();
                    GenerateError::invalid(
                        "sampler",
                        format!("sampler {id:?} is not one of {}", known.join(", ")),
                    )
                })?,
        };
        Ok((cfg, sampler.to_owned()))
    }
}

/// What a free caller asked of Premium's, if anything: several images, a pro style, a pro look.
fn premium_asked(
    caller: &Caller,
    style: &Style,
    look: Option<&Look>,
    count: u32,
) -> Option<GenerateError> {
    if caller.pro() {
        return None;
    }
    if count > COUNT_MAX_FREE {
        return Some(GenerateError::ProRequired(
            "several images at once is a Premium feature".into(),
        ));
    }
    if style.pro {
        return Some(GenerateError::ProRequired(format!(
            "the {} style is a Premium feature",
            style.label
        )));
    }
    look.filter(|l| l.pro)
        .map(|_| GenerateError::ProRequired("this look is a Premium feature".into()))
}

/// The negative prompt of a request on `style`: the user's, or the style's without one. An NSFW
/// style's own negative prompt keeps minors out of its images, so there the user's words are
/// added to it, never put in its place (once: a request made again from a record's settings
/// already holds it).
fn negative_for(style: &Style, asked: String) -> String {
    if asked.is_empty() {
        style.negative_prompt.clone()
    } else if style.nsfw && !asked.contains(style.negative_prompt.as_str()) {
        format!("{asked}, {}", style.negative_prompt)
    } else {
        asked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::users::period::CreditPlan;
    use serde_json::json;

    fn caller(pro: bool, age_confirmed: bool) -> Caller {
        Caller {
            uid: "alice".into(),
            email: None,
            plan: if pro {
                CreditPlan::Pro { period_end: None }
            } else {
                CreditPlan::Free
            },
            age_confirmed,
            adult: age_confirmed,
            suspended: false,
        }
    }
    const FREE: (bool, bool) = (false, false);
    const PRO: (bool, bool) = (true, true);

    /// The refusal's kind as the status it becomes, and its message.
    fn check(body: serde_json::Value, (pro, age): (bool, bool)) -> Result<Spec, (u16, String)> {
        let body: GenerationBody = serde_json::from_value(body).unwrap();
        body.validate(&Catalog::built_in(), &caller(pro, age))
            .map(|validated| validated.spec)
            .map_err(|e| {
                let status = match e {
                    GenerateError::Invalid { .. } | GenerateError::InvalidFields(_) => 422,
                    GenerateError::ProRequired(_) | GenerateError::AgeConfirmationRequired(_) => {
                        403
                    }
                    _ => 0,
                };
                (status, e.to_string())
            })
    }

    #[test]
    fn empty_fields_take_their_defaults() {
        let spec = check(json!({"prompt": "a cat", "seed": "", "steps": null}), FREE).unwrap();
        assert_eq!(spec.style.id, "real-v1.1");
        assert_eq!(
            (spec.seed, spec.steps, spec.count, spec.enhance),
            (None, 30, 1, true)
        );
        assert!(spec.negative_prompt.contains("deformed"));
    }

    #[test]
    fn seeds_and_steps_may_be_numbers_or_numeric_text() {
        let spec = check(
            json!({"prompt": "a", "seed": " 4294967295 ", "steps": 12}),
            FREE,
        )
        .unwrap();
        assert_eq!((spec.seed, spec.steps), (Some(4_294_967_295), 12));
        let spec = check(json!({"prompt": "a", "seed": 7, "steps": "50"}), PRO).unwrap();
        assert_eq!((spec.seed, spec.steps), (Some(7), 50));
    }

    #[test]
    fn seed_minus_one_is_a_random_seed_as_in_a1111() {
        for seed in [json!(-1), json!("-1"), json!(" -1 ")] {
            let spec = check(json!({"prompt": "a cat", "seed": seed}), FREE).unwrap();
            assert_eq!(spec.seed, None, "{seed}");
        }
    }

    #[test]
    fn bad_numbers_name_their_field() {
        for (body, field) in [
            (json!({"prompt": "a", "seed": "abc"}), "seed"),
            (json!({"prompt": "a", "seed": -2}), "seed"),
            (json!({"prompt": "a", "seed": 4_294_967_296_u64}), "seed"),
            (json!({"prompt": "a", "seed": 1.5}), "seed"),
            (json!({"prompt": "a", "steps": 0}), "steps"),
            (json!({"prompt": "a", "steps": 51}), "steps"),
            (json!({"prompt": "a", "count": 0}), "count"),
            (json!({"prompt": "a", "count": 5}), "count"),
            (json!({"prompt": "a", "style": "sdxl"}), "style"),
            (json!({"prompt": "a", "look": "martian"}), "look"),
            (json!({"prompt": "a", "size": "poster"}), "size"),
            (json!({"prompt": "a", "cfg": 0.5}), "cfg"),
            (json!({"prompt": "a", "cfg": 7.25}), "cfg"),
            (json!({"prompt": "a", "cfg": 21}), "cfg"),
            (json!({"prompt": "a", "sampler": "plms"}), "sampler"),
        ] {
            let (status, message) = check(body.clone(), PRO).unwrap_err();
            assert_eq!(status, 422, "{body}");
            assert!(message.starts_with(field), "{body}: {message}");
        }
    }

    #[test]
    fn a_size_is_one_of_the_style_s_and_defaults_to_its_first() {
        let spec = check(json!({"prompt": "a"}), FREE).unwrap();
        assert_eq!((spec.size.width, spec.size.height), (512, 512));
        let spec = check(json!({"prompt": "a", "size": "portrait"}), FREE).unwrap();
        assert_eq!((spec.size.width, spec.size.height), (512, 768));
        let spec = check(json!({"prompt": "a", "size": ""}), FREE).unwrap();
        assert_eq!(spec.size.id, "square");

        let (status, message) = check(json!({"prompt": "a", "size": "poster"}), FREE).unwrap_err();
        assert_eq!(status, 422);
        assert!(
            message.contains("square, portrait, landscape"),
            "the refusal says what there is: {message}"
        );
    }

    #[test]
    fn guidance_and_sampler_default_to_the_style_s_and_the_first() {
        let spec = check(json!({"prompt": "a"}), FREE).unwrap();
        assert_eq!((spec.cfg, spec.sampler.as_str()), (7.0, "dpmpp-2m"));
        let spec = check(
            json!({"prompt": "a", "cfg": 4.5, "sampler": "euler-a"}),
            FREE,
        )
        .unwrap();
        assert_eq!((spec.cfg, spec.sampler.as_str()), (4.5, "euler-a"));
    }

    #[test]
    fn a_backend_without_guidance_refuses_a_picked_scale_or_sampler() {
        let catalog = Catalog::built_in().for_backend(crate::generation::controls::Controls {
            any_size: false,
            guidance: false,
            img2img: false,
        });
        let validate = |body: serde_json::Value| {
            let body: GenerationBody = serde_json::from_value(body).unwrap();
            body.validate(&catalog, &caller(false, false))
        };
        assert!(validate(json!({"prompt": "a"})).is_ok());
        for (body, field) in [
            (json!({"prompt": "a", "cfg": 5}), "cfg"),
            (json!({"prompt": "a", "sampler": "euler"}), "sampler"),
        ] {
            let error = validate(body).unwrap_err().to_string();
            assert!(error.starts_with(field), "{error}");
        }
    }

    #[test]
    fn the_prompt_is_counted_like_the_browser_counts() {
        let emoji_249 = "😀".repeat(250);
        assert_eq!(
            check(json!({"prompt": emoji_249}), FREE).map(|_| ()),
            Ok(())
        );
        let (status, message) =
            check(json!({"prompt": format!("{}x", "😀".repeat(250))}), FREE).unwrap_err();
        assert_eq!((status, message.starts_with("prompt")), (422, true));
        let (status, _) = check(json!({"prompt": " \n\u{7} "}), FREE).unwrap_err();
        assert_eq!(status, 422);
    }

    #[test]
    fn control_characters_are_the_spaces_the_model_reads() {
        let spec = check(
            json!({"prompt": "a\u{0}b\nc\u{1b}[31m", "negativePrompt": "x\ty"}),
            FREE,
        )
        .unwrap();
        assert_eq!(spec.prompt, "a b c [31m");
        assert_eq!(spec.negative_prompt, "x y");
    }

    #[test]
    fn a_negative_prompt_pasted_after_the_prompt_is_sent_as_one() {
        let body = json!({"prompt": "a castle\nNegative prompt: teen", "negativePrompt": "blurry"});
        let spec = check(body, FREE).unwrap();
        assert_eq!(spec.prompt, "a castle");
        assert_eq!(spec.negative_prompt, "blurry, teen");
        let only_negative = json!({"prompt": "Negative prompt: teen"});
        assert_eq!(check(only_negative, FREE).unwrap_err().0, 422);
    }

    #[test]
    fn the_nsfw_styles_negative_prompt_stays_beside_the_users() {
        let style = |id: &str| Catalog::built_in().style(id).unwrap().clone();
        let nsfw = style("nsfw-v1.1");
        let own = nsfw.negative_prompt.clone();
        assert!(own.contains("underage"));
        let asked = negative_for(&nsfw, "blurry".to_owned());
        assert_eq!(asked, format!("blurry, {own}"));
        assert_eq!(negative_for(&nsfw, asked.clone()), asked);
        assert_eq!(negative_for(&nsfw, String::new()), own);
        let real = style("real-v1.1");
        assert_eq!(negative_for(&real, "blurry".to_owned()), "blurry");
    }

    #[test]
    fn premium_options_need_premium() {
        for body in [
            json!({"prompt": "a", "count": 2}),
            json!({"prompt": "a", "steps": 31}),
            json!({"prompt": "a", "style": "studio-pro"}),
            json!({"prompt": "a", "look": "cinematic"}),
        ] {
            assert_eq!(check(body.clone(), FREE).unwrap_err().0, 403, "{body}");
            assert!(check(body, PRO).is_ok());
        }
    }

    #[test]
    fn the_nsfw_style_needs_the_age_confirmation() {
        let body = json!({"prompt": "a", "style": "nsfw-v1.1"});
        let (status, message) = check(body.clone(), (true, false)).unwrap_err();
        assert_eq!(status, 403);
        assert!(message.contains("18"));
        assert!(check(body, (false, true)).is_ok());
    }

    #[test]
    fn the_full_prompt_carries_the_style_text_and_the_look() {
        let spec = check(
            json!({"prompt": "a girl", "style": "anime-v1", "look": "korean"}),
            FREE,
        )
        .unwrap();
        assert_eq!(
            spec.drawn().prompt,
            format!("a girl, {}, Korean Girl", spec.style.prompt_plus)
        );
    }
}
