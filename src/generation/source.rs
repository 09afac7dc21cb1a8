//! What a variation or an upscale draws from, as the job carries it: the modes and the
//! source's original, its size and the result's.

use serde::{Deserialize, Serialize};

use crate::store::{SourceMode, SourceRef};

/// Every mode, in the order the catalog offers them.
pub const MODES: [SourceMode; 3] = [
    SourceMode::VarySubtle,
    SourceMode::VaryStrong,
    SourceMode::Upscale,
];

impl SourceMode {
    pub fn id(self) -> &'static str {
        match self {
            Self::VarySubtle => "vary-subtle",
            Self::VaryStrong => "vary-strong",
            Self::Upscale => "upscale",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::VarySubtle => "Vary (subtle)",
            Self::VaryStrong => "Vary (strong)",
            Self::Upscale => "Upscale 2x",
        }
    }

    /// How much of the source is drawn again: Fooocus's strengths for its "Vary (Subtle)",
    /// "Vary (Strong)" and "Upscale (2x)", which users of img2img know.
    pub fn denoise(self) -> f32 {
        match self {
            Self::VarySubtle => 0.5,
            Self::VaryStrong => 0.85,
            Self::Upscale => 0.382,
        }
    }

    /// How many times the source's width and height the result has.
    pub fn scale(self) -> u32 {
        match self {
            Self::Upscale => 2,
            Self::VarySubtle | Self::VaryStrong => 1,
        }
    }

    pub fn pro(self) -> bool {
        self == Self::Upscale
    }

    pub fn parse(id: &str) -> Option<Self> {
        MODES.into_iter().find(|m| m.id() == id)
    }
}

/// What a worker draws from: kept in the job's spec.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceSpec {
    pub generation: String,
    pub mode: SourceMode,
    /// The source's original in the image store.
    pub blob_key: String,
    /// The result's size.
    pub width: u32,
    pub height: u32,
    /// The source's catalog size id, which a variation keeps.
    #[serde(default)]
    pub size: Option<String>,
}

impl SourceSpec {
    pub fn reference(&self) -> SourceRef {
        SourceRef {
            generation: self.generation.clone(),
            mode: self.mode,
        }
    }

    /// The catalog size id the result is recorded at: a variation's is its source's, an
    /// upscale is no size of the catalog.
    pub fn size(&self) -> Option<String> {
        (self.mode.scale() == 1)
            .then(|| self.size.clone())
            .flatten()
    }
}
