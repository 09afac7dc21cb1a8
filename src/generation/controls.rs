//! What users may choose beyond the prompt and the seed, as the backends and the catalog both
//! see it: which controls a backend takes, and the samplers with the name each backend knows
//! them by. Its own file so the catalog and the backends take it from here, not from each other.

/// What a backend lets users choose beyond the prompt and the seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Controls {
    /// It draws the width and height it is asked for.
    pub any_size: bool,
    /// It takes the guidance scale and the sampler.
    pub guidance: bool,
    /// It draws from a source image (variations and upscales).
    pub img2img: bool,
}

impl Controls {
    pub const ALL: Self = Self {
        any_size: true,
        guidance: true,
        img2img: true,
    };
}

/// A sampler users may pick, by our id, with the name each backend knows it by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sampler {
    pub id: &'static str,
    pub label: &'static str,
    /// A1111's `sampler_name`.
    pub a1111: &'static str,
    /// ComfyUI's `KSampler` `sampler_name` (`comfy/samplers.py`, `KSAMPLER_NAMES`).
    pub comfyui: &'static str,
}

/// The short list both GPU backends have; the first is the default.
pub const SAMPLERS: [Sampler; 5] = [
    Sampler {
        id: "dpmpp-2m",
        label: "DPM++ 2M",
        a1111: "DPM++ 2M",
        comfyui: "dpmpp_2m",
    },
    Sampler {
        id: "euler-a",
        label: "Euler a",
        a1111: "Euler a",
        comfyui: "euler_ancestral",
    },
    Sampler {
        id: "euler",
        label: "Euler",
        a1111: "Euler",
        comfyui: "euler",
    },
    Sampler {
        id: "dpmpp-sde",
        label: "DPM++ SDE",
        a1111: "DPM++ SDE",
        comfyui: "dpmpp_sde",
    },
    Sampler {
        id: "ddim",
        label: "DDIM",
        a1111: "DDIM",
        comfyui: "ddim",
    },
];

/// The sampler `id`; the default for an id no longer known (a job queued before a change).
pub fn sampler(id: &str) -> &'static Sampler {
    SAMPLERS.iter().find(|s| s.id == id).unwrap_or(&SAMPLERS[0])
}
