//! A user's data to take along (`GET /api/v1/me/export`): a ZIP of `profile.json`,
//! `generations.json` (every parameter of every image) and `images/{id}.png` as the user may
//! have them, originals for pro and previews otherwise, marked as AI-made as every served
//! image is. Written as it streams: at most one image is held at a time, never the archive.

use std::io::Write;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use futures_util::Stream;
use serde_json::{Value, json};
use tokio::sync::mpsc;
use zip::write::{SimpleFileOptions, StreamWriter};
use zip::{CompressionMethod, ZipWriter};

use crate::generate::gallery::Viewer;
use crate::generate::{GenerateError, Generator};
use crate::store::{GenerationRecord, Store, StoreError, now_ms};

/// Records read per page.
const PAGE: usize = 200;
/// Parts of the archive waiting for the client: past this the writer waits for it.
const AHEAD: usize = 2;

#[derive(Debug, thiserror::Error)]
enum ExportError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Image(#[from] GenerateError),
    #[error("writing the archive: {0}")]
    Zip(#[from] zip::result::ZipError),
    #[error("writing the archive: {0}")]
    Io(#[from] std::io::Error),
    #[error("the client left")]
    Gone,
}

/// What an export reads.
#[derive(Clone)]
pub struct Export {
    pub store: Arc<dyn Store>,
    pub generator: Arc<Generator>,
}

/// The archive's bytes written since they were last sent.
#[derive(Clone, Default)]
struct Pending(Arc<Mutex<Vec<u8>>>);

impl Write for Pending {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

struct Archive {
    zip: ZipWriter<StreamWriter<Pending>>,
    pending: Pending,
    out: mpsc::Sender<std::io::Result<Bytes>>,
}

impl Archive {
    async fn file(&mut self, name: &str, bytes: &[u8]) -> Result<(), ExportError> {
        let stored = SimpleFileOptions::default()
            .compression_method(CompressionMethod::Stored)
            .large_file(bytes.len() > u32::MAX as usize);
        self.zip.start_file(name, stored)?;
        self.zip.write_all(bytes)?;
        self.send().await
    }

    /// Writes the central directory and sends the rest.
    async fn finish(self) -> Result<(), ExportError> {
        self.zip.finish()?;
        send(&self.pending, &self.out).await
    }

    async fn send(&mut self) -> Result<(), ExportError> {
        send(&self.pending, &self.out).await
    }
}

async fn send(
    pending: &Pending,
    out: &mpsc::Sender<std::io::Result<Bytes>>,
) -> Result<(), ExportError> {
    let chunk = std::mem::take(
        &mut *pending
            .0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?,
    );
    if chunk.is_empty() {
        return Ok(());
    }
    out.send(Ok(Bytes::from(chunk)))
        .await
        .map_err(|_| ExportError::Gone)
}

impl Export {
    /// The archive of `uid`'s data, as it is written; `viewer` decides originals or previews,
    /// and whether explicit images are in it.
    /// A failure halfway ends the stream with an error, so the client never takes a cut
    /// archive for a whole one.
    pub fn stream(
        &self,
        uid: String,
        viewer: Viewer,
    ) -> impl Stream<Item = std::io::Result<Bytes>> + Send + 'static {
        let (out, mut rx) = mpsc::channel(AHEAD);
        let export = self.clone();
        tokio::spawn(async move {
            let pending = Pending::default();
            let archive = Archive {
                zip: ZipWriter::new_stream(pending.clone()),
                pending,
                out: out.clone(),
            };
            match export.write(&uid, viewer, archive).await {
                Ok(()) | Err(ExportError::Gone) => {}
                Err(e) => {
                    tracing::warn!(%uid, error = %e, "an export failed halfway");
                    let _ = out.send(Err(std::io::Error::other(e.to_string()))).await;
                }
            }
        });
        futures_util::stream::poll_fn(move |cx| rx.poll_recv(cx))
    }

    async fn write(
        &self,
        uid: &str,
        viewer: Viewer,
        mut archive: Archive,
    ) -> Result<(), ExportError> {
        let pro = viewer.pro;
        let profile = json!({
            "exportedAt": now_ms(),
            "profile": self.store.get_user(uid).await?,
            "plan": if pro { "pro" } else { "free" },
        });
        archive
            .file(
                "profile.json",
                &serde_json::to_vec_pretty(&profile).map_err(std::io::Error::other)?,
            )
            .await?;
        let records = self.records(uid).await?;
        let withheld = |r: &GenerationRecord| self.generator.may_see(r, viewer.adult).is_err();
        let listed: Vec<Value> = records.iter().map(|r| listed(r, withheld(r))).collect();
        archive
            .file(
                "generations.json",
                &serde_json::to_vec_pretty(&listed).map_err(std::io::Error::other)?,
            )
            .await?;
        for record in records.iter().filter(|r| !withheld(r)) {
            match self.generator.served(record, pro).await {
                Ok(png) => archive.file(&file_of(record), &png).await?,
                // Deleted since it was listed.
                Err(GenerateError::NotFound(_)) => {}
                Err(e) => return Err(e.into()),
            }
        }
        archive.finish().await
    }

    /// Every record of `uid`'s, newest first.
    async fn records(&self, uid: &str) -> Result<Vec<GenerationRecord>, StoreError> {
        let mut all: Vec<GenerationRecord> = Vec::new();
        loop {
            let before = all.last().map(|r| r.id.clone());
            let page = self
                .store
                .list_generations(uid, before.as_deref(), PAGE)
                .await?;
            let done = page.len() < PAGE;
            all.extend(page);
            if done {
                return Ok(all);
            }
        }
    }
}

fn file_of(record: &GenerationRecord) -> String {
    format!("images/{}.png", record.id)
}

/// A record as the export lists it: every parameter, and its file in the archive instead of
/// the store's keys; none, and why, for an explicit image withheld from an unverified owner.
fn listed(record: &GenerationRecord, withheld: bool) -> Value {
    let mut value = serde_json::to_value(record).unwrap_or(Value::Null);
    if let Some(fields) = value.as_object_mut() {
        fields.remove("blobKey");
        fields.remove("previewKey");
        if withheld {
            fields.insert("file".into(), Value::Null);
            fields.insert("withheld".into(), "age_check_required".into());
        } else {
            fields.insert("file".into(), Value::String(file_of(record)));
        }
    }
    value
}
