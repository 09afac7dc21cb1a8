//! The styles' samples for their tiles (`backend::builtin::style_sample`), each drawn once per
//! process on first ask: a few milliseconds of CPU, then memory. Not part of a job's life: the
//! catalog's pictures, not anyone's images.

use bytes::Bytes;

use super::catalog::Catalog;
use super::{GenerateError, backend::builtin};

#[derive(Clone)]
pub struct Samples {
    catalog: Catalog,
    /// The tiles drawn so far, by style id.
    drawn: moka::future::Cache<String, Bytes>,
}

impl Samples {
    pub fn new(catalog: Catalog) -> Self {
        Self {
            catalog,
            drawn: moka::future::Cache::new(64),
        }
    }

    /// The sample PNG of style `id`.
    pub async fn of(&self, id: &str) -> Result<Bytes, GenerateError> {
        let style = self
            .catalog
            .style(id)
            .ok_or(GenerateError::NotFound("style"))?
            .clone();
        self.drawn
            .try_get_with(style.id.clone(), async move {
                tokio::task::spawn_blocking(move || builtin::style_sample(&style))
                    .await
                    .map_err(|e| e.to_string())?
                    .map(Bytes::from)
                    .map_err(|e| e.to_string())
            })
            .await
            .map_err(|e| GenerateError::Internal(e.to_string()))
    }
}
