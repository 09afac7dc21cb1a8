//! The marks an image carries from the moment it is stored: `png_meta`'s XMP (and A1111's
//! `parameters` on the original), then C2PA Content Credentials where the deployer gave a
//! certificate. Written once when the image is stored, so that serving it is reading it.

use std::sync::Arc;

use super::content_credentials::ContentCredentials;
use super::png_meta::{self, Provenance};

#[derive(Debug, thiserror::Error)]
pub enum MarkError {
    #[error("the image is not a PNG")]
    NotPng,
    #[error("signing Content Credentials: {0}")]
    Signing(String),
}

/// Marks images; cheap to clone.
#[derive(Clone, Default)]
pub struct Marker {
    credentials: Option<Arc<ContentCredentials>>,
}

impl Marker {
    pub fn new(credentials: Option<Arc<ContentCredentials>>) -> Self {
        Self { credentials }
    }

    /// `png` marked as made by `creator_tool`, with `parameters` if given, and signed. On the
    /// blocking pool: signing hashes the whole image.
    pub async fn mark(
        &self,
        png: impl AsRef<[u8]> + Send + 'static,
        creator_tool: String,
        parameters: Option<String>,
    ) -> Result<Vec<u8>, MarkError> {
        let credentials = self.credentials.clone();
        tokio::task::spawn_blocking(move || {
            let provenance = Provenance {
                creator_tool: &creator_tool,
                parameters: parameters.as_deref(),
            };
            let marked =
                png_meta::with_provenance(png.as_ref(), provenance).ok_or(MarkError::NotPng)?;
            match credentials {
                Some(credentials) => credentials
                    .sign(&marked, &creator_tool)
                    .map_err(MarkError::Signing),
                None => Ok(marked),
            }
        })
        .await
        .map_err(|e| MarkError::Signing(e.to_string()))?
    }
}
