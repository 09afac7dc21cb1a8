//! A user's data to take along (`GET /api/v1/me/export`): a ZIP of `profile.json`,
//! `generations.json` (every parameter of every image) and `images/{id}.png` as the user may
//! have them, originals for pro and previews otherwise, marked as AI-made as every served
//! image is. Written as it streams: at most one image is held at a time, never the archive.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use futures_util::Stream;
use serde_json::{Value, json};
use tokio::sync::mpsc;
use zip::write::{SimpleFileOptions, StreamWriter};
use zip::{CompressionMethod, ZipWriter};

use crate::gallery::{Gallery, Viewer};
use crate::generation::GenerateError;
use crate::store::{GenerationRecord, Store, StoreError, now_ms};
use crate::users::Users;

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
    #[error("the account was deleted during the export")]
    AccountDeleted,
    #[error("the account lost {0} during the export")]
    Lost(&'static str),
    #[error("the client stopped reading for {0:?}")]
    Stalled(Duration),
}

/// How long an export may take: in all, and waiting for a client that stopped reading.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    pub total: Duration,
    pub stall: Duration,
}

impl Bounds {
    /// An hour is 2 GB at a slow 600 KB/s, more than a large account's images; a minute
    /// without reading is a client that is gone or holding the export open.
    pub const DEFAULT: Self = Self {
        total: Duration::from_secs(60 * 60),
        stall: Duration::from_secs(60),
    };
}

/// What an export reads.
#[derive(Clone)]
pub struct Export {
    pub store: Arc<dyn Store>,
    pub gallery: Gallery,
    pub users: Users,
    pub bounds: Bounds,
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
    stall: Duration,
}

impl Archive {
    async fn file(&mut self, name: &str, bytes: &[u8]) -> Result<(), ExportError> {
        self.start(name)?;
        self.write(bytes)?;
        self.send().await
    }

    /// Starts the next file; its bytes follow with `write`. Stored as they are: PNGs do not
    /// compress, and the list is small beside them.
    fn start(&mut self, name: &str) -> Result<(), ExportError> {
        let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
        Ok(self.zip.start_file(name, stored)?)
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), ExportError> {
        Ok(self.zip.write_all(bytes)?)
    }

    /// Writes the central directory and sends the rest.
    async fn finish(self) -> Result<(), ExportError> {
        self.zip.finish()?;
        send(&self.pending, &self.out, self.stall).await
    }

    async fn send(&mut self) -> Result<(), ExportError> {
        send(&self.pending, &self.out, self.stall).await
    }
}

/// Sends what was written since the last send, waiting for the client at most `stall`.
async fn send(
    pending: &Pending,
    out: &mpsc::Sender<std::io::Result<Bytes>>,
    stall: Duration,
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
    match tokio::time::timeout(stall, out.send(Ok(Bytes::from(chunk)))).await {
        Ok(sent) => sent.map_err(|_| ExportError::Gone),
        Err(_) => Err(ExportError::Stalled(stall)),
    }
}

impl Export {
    /// The archive of `uid`'s data, as it is written; `viewer` decides originals or previews,
    /// and whether explicit images are in it.
    /// A failure halfway ends the stream with an error, so the client never takes a cut
    /// archive for a whole one.
    /// `held` (the export's slot, src/limits/streams.rs) is kept until the archive is written
    /// or given up.
    pub fn stream<Held: Send + 'static>(
        &self,
        uid: String,
        viewer: Viewer,
        held: Held,
    ) -> impl Stream<Item = std::io::Result<Bytes>> + Send + 'static {
        let (out, mut rx) = mpsc::channel(AHEAD);
        let export = self.clone();
        tokio::spawn(async move {
            let pending = Pending::default();
            let archive = Archive {
                zip: ZipWriter::new_stream(pending.clone()),
                pending,
                out: out.clone(),
                stall: export.bounds.stall,
            };
            let total = export.bounds.total;
            let written = tokio::time::timeout(total, export.write(&uid, viewer, archive))
                .await
                .unwrap_or_else(|_| {
                    Err(std::io::Error::other(format!("took over {total:?}")).into())
                });
            // The slot goes before the stream ends, so that a client that read to the end
            // may ask again at once.
            drop(held);
            match written {
                Ok(()) | Err(ExportError::Gone) => {}
                // Nobody reads: there is no one to tell.
                Err(e @ ExportError::Stalled(_)) => {
                    tracing::info!(%uid, error = %e, "an export was given up");
                }
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
        let withheld = |r: &GenerationRecord| self.gallery.may_see(r, viewer.adult).is_err();
        // The list first, a page at a time; then the images of what it listed, read again a
        // page at a time: whatever the account's size, a page of records and one image.
        archive.start("generations.json")?;
        archive.write(b"[")?;
        let mut newest: Option<String> = None;
        let mut pages = Pages::new(self.store.as_ref(), uid);
        while let Some(page) = pages.next().await? {
            self.still(uid, viewer).await?;
            for record in &page {
                if newest.is_some() {
                    archive.write(b",")?;
                }
                newest.get_or_insert_with(|| record.id.clone());
                let entry = listed(record, withheld(record));
                archive
                    .write(&serde_json::to_vec_pretty(&entry).map_err(std::io::Error::other)?)?;
            }
            archive.send().await?;
        }
        archive.write(b"]")?;
        let Some(newest) = newest else {
            return archive.finish().await;
        };
        let mut pages = Pages::new(self.store.as_ref(), uid);
        while let Some(page) = pages.next().await? {
            self.still(uid, viewer).await?;
            // Made after the list was written: not in it, so not in the archive.
            let listed = page.iter().filter(|r| r.id <= newest && !withheld(r));
            for record in listed {
                match self.gallery.served(record, pro).await {
                    Ok(png) => archive.file(&file_of(record), &png).await?,
                    // Deleted since it was listed.
                    Err(GenerateError::NotFound(_)) => {}
                    Err(e) => return Err(e.into()),
                }
            }
        }
        // A deletion also takes the records: the pages may end early, and only this says why.
        self.still(uid, viewer).await?;
        archive.finish().await
    }

    /// Whether `uid` still stands where the export began (`viewer`), asked before each page:
    /// an export runs up to an hour, and an account deleted, a subscription ended or an age
    /// check undone in that time ends it with an error rather than serve what is no longer due.
    async fn still(&self, uid: &str, viewer: Viewer) -> Result<(), ExportError> {
        // A deletion takes the images before the profile: its start, not its end, counts.
        if super::deletion::tombstoned(self.store.as_ref(), uid).await? {
            return Err(ExportError::AccountDeleted);
        }
        let record = self
            .store
            .get_user(uid)
            .await?
            .ok_or(ExportError::AccountDeleted)?;
        if viewer.pro && !record.is_pro(now_ms()) {
            return Err(ExportError::Lost("Premium"));
        }
        if viewer.adult && !self.users.adult(&record) {
            return Err(ExportError::Lost("its age check"));
        }
        Ok(())
    }
}

/// A user's records, newest first, a page at a time.
struct Pages<'a> {
    store: &'a dyn Store,
    uid: &'a str,
    after: Option<String>,
    done: bool,
}

impl<'a> Pages<'a> {
    fn new(store: &'a dyn Store, uid: &'a str) -> Self {
        Self {
            store,
            uid,
            after: None,
            done: false,
        }
    }

    async fn next(&mut self) -> Result<Option<Vec<GenerationRecord>>, StoreError> {
        if self.done {
            return Ok(None);
        }
        let page = self
            .store
            .list_generations(self.uid, self.after.as_deref(), PAGE)
            .await?;
        self.done = page.len() < PAGE;
        self.after = page.last().map(|r| r.id.clone());
        Ok((!page.is_empty()).then_some(page))
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
