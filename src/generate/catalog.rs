//! The styles and looks users pick from. A data file (`catalog.json`, compiled in) because
//! checkpoint names depend on what the backend has installed; `LUCENT_CATALOG` points at
//! another file with the same shape.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

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
    #[serde(default)]
    pub default: bool,
    /// ComfyUI only: an API-format workflow file for this style, relative to the catalog
    /// file, with `{{placeholders}}` (see the README); without it, the built-in graph.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comfy_workflow: Option<PathBuf>,
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
        let catalog: Catalog = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let defaults = catalog.styles.iter().filter(|s| s.default).count();
        if defaults != 1 {
            return Err(format!(
                "exactly one style must be the default, found {defaults}"
            ));
        }
        if catalog.styles.iter().any(|s| s.pro && s.default) {
            return Err("the default style cannot be pro-only".into());
        }
        Ok(catalog)
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
    fn a_catalog_without_a_single_default_is_refused() {
        let text = BUILT_IN.replace("\"default\": true", "\"default\": false");
        assert!(Catalog::parse(&text).unwrap_err().contains("default"));
    }
}
