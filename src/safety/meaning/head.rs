//! The classifier trained on the embeddings (`head.json`, written by safety-model/train.py,
//! whose report is safety-model/REPORT.md): a hidden layer the signs share, then one logistic
//! regression per sign over it, each with the threshold the training chose. A file without the
//! hidden layer regresses on the embedding itself, as the linear heads before it did.

use serde::Deserialize;

use crate::safety::Category;

/// The signs the head reads, in the order of [`Scores`].
pub const SIGNS: [&str; 5] = ["sexual", "minor", "real_person", "non_consent", "animal"];

/// Where the sense of youth stands in [`Scores`].
pub const MINOR: usize = 1;

/// The forbidden company of a sexual request, each with the rule it is.
const FORBIDDEN: [(usize, Category); 4] = [
    (MINOR, Category::Minor),
    (2, Category::RealPerson),
    (3, Category::NonConsent),
    (4, Category::Bestiality),
];

/// Each sign's probability, in the order of [`SIGNS`].
pub type Scores = [f32; 5];

#[derive(Debug, Deserialize)]
struct File {
    model: Model,
    prefix: String,
    dim: usize,
    #[serde(default)]
    hidden: Option<Layer>,
    heads: std::collections::HashMap<String, Regression>,
}

/// A layer of rectified units over the embedding: `max(0, w·e + b)`, one row of `w` per unit.
#[derive(Debug, Deserialize)]
struct Layer {
    w: Vec<Vec<f32>>,
    b: Vec<f32>,
}

/// The embedding file the head was trained on; the gateway's must be the same.
#[derive(Debug, Clone, Deserialize)]
pub struct Model {
    pub package: String,
    pub version: String,
    pub file: String,
    pub sha256: String,
}

#[derive(Debug, Clone, Deserialize)]
struct Regression {
    w: Vec<f32>,
    b: f32,
    threshold: f32,
}

pub struct Head {
    pub model: Model,
    /// The hidden layer's weights, a unit's `dim` weights after another's, and its biases.
    hidden: Option<(Vec<f32>, Vec<f32>)>,
    regressions: Vec<Regression>,
}

impl Head {
    /// The head shipped with the gateway.
    pub fn built_in() -> Self {
        Self::parse(include_str!("head.json")).expect("the built-in head is valid")
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        let file: File = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if file.prefix != "query: " || file.dim != lucent_e5::DIM {
            return Err(format!(
                "a head for {:?} embeddings of {} dimensions",
                file.prefix, file.dim
            ));
        }
        let hidden = file
            .hidden
            .map(|layer| layer.flattened(file.dim))
            .transpose()?;
        let inputs = hidden.as_ref().map_or(file.dim, |(_, b)| b.len());
        let regressions = SIGNS
            .iter()
            .map(|sign| {
                let r = file.heads.get(*sign).ok_or(format!("no head for {sign}"))?;
                if r.w.len() == inputs {
                    Ok(r.clone())
                } else {
                    Err(format!("the {sign} head has {} weights", r.w.len()))
                }
            })
            .collect::<Result<_, String>>()?;
        Ok(Self {
            model: file.model,
            hidden,
            regressions,
        })
    }

    pub fn scores(&self, embedding: &[f32; lucent_e5::DIM]) -> Scores {
        let units: Vec<f32>;
        let inputs: &[f32] = match &self.hidden {
            None => embedding,
            Some((w, b)) => {
                units = w
                    .chunks_exact(embedding.len())
                    .zip(b)
                    .map(|(row, b)| (b + dot(row, embedding)).max(0.0))
                    .collect();
                &units
            }
        };
        let mut scores = [0.0; 5];
        for (score, r) in scores.iter_mut().zip(&self.regressions) {
            let z = r.b + dot(&r.w, inputs);
            *score = 1.0 / (1.0 + (-z).exp());
        }
        scores
    }

    /// Whether the image would be explicit: the style makes every image so, or the text reads
    /// as sexual.
    pub fn explicit(&self, scores: &Scores, explicit_style: bool) -> bool {
        explicit_style || scores[0] >= self.regressions[0].threshold
    }

    /// The rule a request breaks as the head reads it: sexual (or on an explicit style)
    /// together with a minor, a real person, non-consent or an animal; the surest of those.
    pub fn decide(&self, scores: &Scores, explicit_style: bool) -> Option<Category> {
        let over = |i: usize| scores[i] - self.regressions[i].threshold;
        if !self.explicit(scores, explicit_style) {
            return None;
        }
        FORBIDDEN
            .iter()
            .filter(|(i, _)| over(*i) >= 0.0)
            .max_by(|a, b| over(a.0).total_cmp(&over(b.0)))
            .map(|(_, category)| *category)
    }
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(a, b)| a * b).sum()
}

impl Layer {
    fn flattened(self, dim: usize) -> Result<(Vec<f32>, Vec<f32>), String> {
        if self.w.len() != self.b.len() || self.w.iter().any(|row| row.len() != dim) {
            return Err(format!(
                "a hidden layer of {} biases and {} rows that should each have {dim} weights",
                self.b.len(),
                self.w.len()
            ));
        }
        Ok((self.w.concat(), self.b))
    }
}

#[cfg(test)]
mod tests;
