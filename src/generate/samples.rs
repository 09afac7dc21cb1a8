//! The styles' samples for their tiles (`backend::builtin::style_sample`), each drawn once per
//! process on first ask: a few milliseconds of CPU, then memory.

use bytes::Bytes;

use super::{GenerateError, Generator, backend::builtin};

impl Generator {
    /// The sample PNG of style `id`.
    pub async fn style_sample(&self, id: &str) -> Result<Bytes, GenerateError> {
        let style = self
            .catalog
            .style(id)
            .ok_or(GenerateError::NotFound("style"))?
            .clone();
        self.samples
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
