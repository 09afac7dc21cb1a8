//! The styles and looks users pick from. A data file (`catalog.json`, compiled in) because
//! checkpoint names depend on what the backend has installed; `LUCENT_CATALOG` points at
//! another file with the same shape.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::controls::Controls;

const BUILT_IN: &str = include_str!("catalog.json");

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Style {
    pub id: String,
    pub label: String,
    /// The A1111 checkpoint title, `name.safetensors [hash]`.
    pub checkpoint: String,
    pub hash: String,
    /// Added to the user's prompt (the first catalog's `Prompt_Plus`).
    pub prompt_plus: String,
    /// Used when the user gives no negative prompt.
    pub negative_prompt: String,
    /// Pro's "custom model" benefit.
    pub pro: bool,
    /// Needs the profile's 18+ confirmation.
    pub nsfw: bool,
    /// Its checkpoint can draw nudity (every community Stable Diffusion checkpoint can, so
    /// this is the default). A style that says it cannot is sold as safe: nudity is kept out
    /// through its negative prompt (`request::SAFE_NEGATIVE`), and explicit words on it make
    /// no explicit request, though the content rules refuse them beside a minor, a real
    /// person or an animal as anywhere.
    #[serde(default = "can_draw_nudity")]
    pub nudity: bool,
    #[serde(default)]
    pub default: bool,
    /// ComfyUI only: an API-format workflow file for this style, relative to the catalog
    /// file, with `{{placeholders}}` (see the README); without it, the built-in graph.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comfy_workflow: Option<PathBuf>,
    /// The image sizes the checkpoint draws well, the first the default; a catalog that gives
    /// none offers the one size Lucent always made, 512 x 512.
    #[serde(default = "one_square")]
    pub sizes: Vec<Size>,
    /// The guidance scale (CFG) the style is drawn at unless the user picks another.
    #[serde(default = "default_cfg")]
    pub cfg: f32,
}

fn can_draw_nudity() -> bool {
    true
}

/// Guidance scales users may pick: from [`CFG_MIN`] to [`CFG_MAX`] in steps of [`CFG_STEP`].
pub const CFG_MIN: f32 = 1.0;
pub const CFG_MAX: f32 = 20.0;
pub const CFG_STEP: f32 = 0.5;

/// Whether `cfg` is one of the scales users may pick.
pub fn cfg_allowed(cfg: f32) -> bool {
    (CFG_MIN..=CFG_MAX).contains(&cfg) && (cfg / CFG_STEP).fract() == 0.0
}

/// What Stable Diffusion front ends default to: a style's guidance when its catalog entry
/// gives none, and what jobs queued before guidance could be picked were drawn at.
pub fn default_cfg() -> f32 {
    7.0
}

/// One image size a style offers, in pixels: multiples of 64 (what Stable Diffusion's latent
/// space divides by 8, in blocks of 8), at most [`SIDE_MAX`]; `enhance` doubles both sides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Size {
    /// `square`, `portrait`, `landscape`, …: unique within its style.
    pub id: String,
    pub label: String,
    pub width: u32,
    pub height: u32,
}

/// Largest side a style may offer: doubled by `enhance`, it is the largest image accepted
/// from a backend.
pub const SIDE_MAX: u32 = 2048;

impl Default for Size {
    fn default() -> Self {
        Self {
            id: "square".into(),
            label: "Square".into(),
            width: 512,
            height: 512,
        }
    }
}

fn one_square() -> Vec<Size> {
    vec![Size::default()]
}

impl Style {
    /// The size `id`, or the style's default for none.
    pub fn size(&self, id: Option<&str>) -> Option<&Size> {
        match id {
            None | Some("") => self.sizes.first(),
            Some(id) => self.sizes.iter().find(|s| s.id == id),
        }
    }

    fn check_sizes(&self) -> Result<(), String> {
        let style = &self.id;
        if !cfg_allowed(self.cfg) {
            return Err(format!(
                "style {style}: cfg must be {CFG_MIN} to {CFG_MAX} in steps of {CFG_STEP}"
            ));
        }
        if self.sizes.is_empty() {
            return Err(format!("style {style}: sizes is empty"));
        }
        for (i, size) in self.sizes.iter().enumerate() {
            let sides_fit = [size.width, size.height]
                .iter()
                .all(|&side| (64..=SIDE_MAX).contains(&side) && side % 64 == 0);
            if !sides_fit {
                return Err(format!(
                    "style {style}, size {}: width and height must be multiples of 64 from 64 to {SIDE_MAX}",
                    size.id
                ));
            }
            if self.sizes[..i].iter().any(|other| other.id == size.id) {
                return Err(format!("style {style}: size {} is listed twice", size.id));
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Look {
    pub id: String,
    pub label: String,
    /// The preset text (the first catalog's `model_type`).
    pub text: String,
    /// Pro's "modify the look" benefit.
    pub pro: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    pub styles: Vec<Style>,
    pub looks: Vec<Look>,
    /// The styles' `comfyWorkflow` documents, read when the catalog is loaded.
    #[serde(skip)]
    pub workflows: BTreeMap<String, serde_json::Value>,
    /// Whether users may pick the guidance scale and the sampler: not on a backend that
    /// takes neither.
    #[serde(skip)]
    pub guidance: bool,
    /// Whether users may vary and upscale their images: not on a backend that cannot draw
    /// from an image.
    #[serde(skip)]
    pub img2img: bool,
}

impl Catalog {
    pub fn built_in() -> Self {
        Self::parse(BUILT_IN).expect("the built-in catalog is valid")
    }

    pub fn load(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut catalog = Self::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let dir = path.parent().unwrap_or(Path::new("."));
        for style in &catalog.styles {
            let Some(file) = &style.comfy_workflow else {
                continue;
            };
            let file = dir.join(file);
            let document = std::fs::read_to_string(&file)
                .map_err(|e| e.to_string())
                .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
                .map_err(|e| format!("{}: {e}", file.display()))?;
            catalog.workflows.insert(style.id.clone(), document);
        }
        Ok(catalog)
    }

    fn parse(text: &str) -> Result<Self, String> {
        let mut catalog: Catalog = serde_json::from_str(text).map_err(|e| e.to_string())?;
        catalog.guidance = true;
        catalog.img2img = true;
        let defaults = catalog.styles.iter().filter(|s| s.default).count();
        if defaults != 1 {
            return Err(format!(
                "exactly one style must be the default, found {defaults}"
            ));
        }
        if catalog.styles.iter().any(|s| s.pro && s.default) {
            return Err("the default style cannot be pro-only".into());
        }
        for style in &catalog.styles {
            style.check_sizes()?;
        }
        Ok(catalog)
    }

    /// What users may pick on a backend with `controls`: each style's default size only on
    /// one that draws one size whatever it is asked; no guidance or sampler on one that takes
    /// neither.
    pub fn for_backend(mut self, controls: Controls) -> Self {
        if !controls.any_size {
            for style in &mut self.styles {
                style.sizes.truncate(1);
            }
        }
        self.guidance = controls.guidance;
        self.img2img = controls.img2img;
        self
    }

    /// Whether any style makes explicit images: an NSFW one, or a checkpoint that can draw
    /// nudity when asked in words.
    pub fn can_draw_explicit(&self) -> bool {
        self.styles.iter().any(|s| s.nsfw || s.nudity)
    }

    pub fn style(&self, id: &str) -> Option<&Style> {
        self.styles.iter().find(|s| s.id == id)
    }

    pub fn default_style(&self) -> &Style {
        self.styles
            .iter()
            .find(|s| s.default)
            .unwrap_or(&self.styles[0])
    }

    pub fn look(&self, id: &str) -> Option<&Look> {
        self.looks.iter().find(|l| l.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_catalog_has_the_four_styles_and_two_looks() {
        let c = Catalog::built_in();
        let ids: Vec<_> = c
            .styles
            .iter()
            .filter(|s| !s.pro)
            .map(|s| s.id.as_str())
            .collect();
        assert_eq!(ids, ["real-v1.1", "real-v1.2", "anime-v1", "nsfw-v1.1"]);
        assert_eq!(c.default_style().id, "real-v1.1");
        assert!(c.style("nsfw-v1.1").unwrap().nsfw);
        assert_eq!(c.look("korean").unwrap().text, "Korean Girl");
        assert!(c.looks.iter().any(|l| l.pro) && c.styles.iter().any(|s| s.pro));
    }

    #[test]
    fn every_built_in_style_offers_square_portrait_and_landscape_square_first() {
        for style in Catalog::built_in().styles {
            let sizes: Vec<_> = style
                .sizes
                .iter()
                .map(|s| (s.id.as_str(), s.width, s.height))
                .collect();
            assert_eq!(
                sizes,
                [
                    ("square", 512, 512),
                    ("portrait", 512, 768),
                    ("landscape", 768, 512)
                ],
                "{}",
                style.id
            );
        }
    }

    #[test]
    fn a_catalog_without_sizes_offers_the_one_square() {
        let mut without: serde_json::Value = serde_json::from_str(BUILT_IN).unwrap();
        for style in without["styles"].as_array_mut().unwrap() {
            style.as_object_mut().unwrap().remove("sizes");
        }
        let catalog = Catalog::parse(&without.to_string()).unwrap();
        assert_eq!(catalog.default_style().sizes, [Size::default()]);
    }

    #[test]
    fn sizes_that_a_checkpoint_cannot_draw_are_refused() {
        for (width, height) in [(500, 512), (0, 512), (512, 4096)] {
            let mut catalog: serde_json::Value = serde_json::from_str(BUILT_IN).unwrap();
            catalog["styles"][0]["sizes"][1]["width"] = width.into();
            catalog["styles"][0]["sizes"][1]["height"] = height.into();
            let error = Catalog::parse(&catalog.to_string()).unwrap_err();
            assert!(
                error.contains("multiples of 64"),
                "{width}x{height}: {error}"
            );
        }
        let mut twice: serde_json::Value = serde_json::from_str(BUILT_IN).unwrap();
        twice["styles"][0]["sizes"][1]["id"] = "square".into();
        assert!(
            Catalog::parse(&twice.to_string())
                .unwrap_err()
                .contains("twice")
        );
    }

    #[test]
    fn a_backend_of_one_size_is_offered_each_style_s_default_only() {
        let legacy = Controls {
            any_size: false,
            guidance: false,
            img2img: false,
        };
        let catalog = Catalog::built_in().for_backend(legacy);
        assert!(catalog.styles.iter().all(|s| s.sizes.len() == 1));
        assert_eq!(catalog.default_style().sizes[0].id, "square");
        assert!(!catalog.guidance);
        assert!(!catalog.img2img);
        assert!(Catalog::built_in().guidance);
        assert!(Catalog::built_in().img2img);
    }

    #[test]
    fn guidance_scales_are_whole_or_half_steps_from_1_to_20() {
        for cfg in [1.0, 1.5, 7.0, 19.5, 20.0] {
            assert!(cfg_allowed(cfg), "{cfg}");
        }
        for cfg in [0.5, 20.5, 7.25, f32::NAN] {
            assert!(!cfg_allowed(cfg), "{cfg}");
        }
        let mut catalog: serde_json::Value = serde_json::from_str(BUILT_IN).unwrap();
        catalog["styles"][0]["cfg"] = 25.into();
        assert!(
            Catalog::parse(&catalog.to_string())
                .unwrap_err()
                .contains("cfg")
        );
        assert_eq!(Catalog::built_in().default_style().cfg, 7.0);
    }

    #[test]
    fn a_catalog_without_a_single_default_is_refused() {
        let text = BUILT_IN.replace("\"default\": true", "\"default\": false");
        assert!(Catalog::parse(&text).unwrap_err().contains("default"));
    }
}
