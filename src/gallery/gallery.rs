//! A user's images after they are made: history, the image (blurred unless pro), download and
//! delete (pro). Someone else's generation is indistinguishable from none.

use bytes::Bytes;

use crate::generation::GenerateError;
use crate::generation::catalog::Catalog;
use crate::generation::parameters;
use crate::generation::spec::{PROMPT_MAX, drawn_prompt};
use crate::generation::view::GenerationView;
use crate::images::blobs::Blobs;
use crate::images::mark::Marker;
use crate::images::png_meta;
use crate::metrics::Metrics;
use crate::safety::Gate;
use crate::safety::Request;
use crate::store::Store;
use crate::store::{GenerationRecord, now_ms, push_id};
use crate::users::Users;
use std::sync::Arc;

pub const PAGE_DEFAULT: usize = 20;
pub const PAGE_MAX: usize = 100;

/// How many records one filtered page reads at most; past that it answers with what it found
/// and a cursor to read on from, so a rare match costs several short requests, never a long one.
const SCAN_MAX: usize = 1000;

/// What a history page keeps: every image, or those that match all that is set.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub favorite: bool,
    pub style: Option<String>,
    /// Found in the prompt, whatever the case.
    pub text: Option<String>,
}

impl Filter {
    fn is_empty(&self) -> bool {
        !self.favorite && self.style.is_none() && self.text.is_none()
    }

    fn keeps(&self, record: &GenerationRecord) -> bool {
        (!self.favorite || record.favorite)
            && self
                .style
                .as_ref()
                .is_none_or(|style| &record.style == style)
            && self
                .text
                .as_ref()
                .is_none_or(|text| record.prompt.to_lowercase().contains(&text.to_lowercase()))
    }
}

/// Who is looking at their own images.
#[derive(Debug, Clone, Copy)]
pub struct Viewer {
    pub pro: bool,
    /// May see explicit images (src/age/mod.rs).
    pub adult: bool,
}

/// Which of an image's stored files is served.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Pro viewers and downloads.
    Original,
    /// Blurred, for everyone else.
    Preview,
}

/// An image someone may be served, before its bytes are read.
#[derive(Debug, Clone)]
pub struct Served {
    pub record: GenerationRecord,
    pub variant: Variant,
}

impl Served {
    fn of(record: GenerationRecord, pro: bool) -> Self {
        let variant = if pro {
            Variant::Original
        } else {
            Variant::Preview
        };
        Self { record, variant }
    }

    /// Names these bytes for caches: an image's stored files never change once marked, so
    /// the id and the variant are the bytes' identity, known without reading them. A plan
    /// change changes the variant, and so the tag.
    pub fn tag(&self) -> String {
        let variant = match self.variant {
            Variant::Original => "original",
            Variant::Preview => "preview",
        };
        format!("\"{}.{variant}\"", self.record.id)
    }
}

/// One page of history, newest first, and the cursor of the next page when there may be one.
#[derive(Debug)]
pub struct Page {
    pub items: Vec<GenerationView>,
    pub next_cursor: Option<String>,
}

/// A user's images after they are made. Not part of a job's life: the worker stores an image
/// and is done with it; from then on it is the gallery's.
#[derive(Clone)]
pub struct Gallery {
    /// Styles, to tell which are explicit.
    catalog: Catalog,
    /// The content rules, to tell which prompts are explicit.
    safety: Arc<Gate>,
    /// Generation records.
    store: Arc<dyn Store>,
    /// Plans and age, to choose what a viewer is served.
    users: Users,
    /// Originals and previews.
    blobs: Blobs,
    /// Marks images stored before images were marked when stored.
    marker: Marker,
    metrics: Arc<Metrics>,
    /// Marked images lately served, by blob key.
    served: moka::future::Cache<String, Bytes>,
}

/// How many bytes of lately served images a process keeps: a gallery's pages seen again cost
/// no read of the image store, and the memory stays bounded.
const SERVED_BYTES: u64 = 128 * 1024 * 1024;

impl Gallery {
    pub fn new(
        catalog: Catalog,
        safety: Arc<Gate>,
        store: Arc<dyn Store>,
        users: Users,
        blobs: Blobs,
        marker: Marker,
        metrics: Arc<Metrics>,
    ) -> Self {
        Self {
            catalog,
            safety,
            store,
            users,
            blobs,
            marker,
            metrics,
            served: moka::future::Cache::builder()
                .weigher(|_, png: &Bytes| u32::try_from(png.len()).unwrap_or(u32::MAX))
                .max_capacity(SERVED_BYTES)
                .build(),
        }
    }

    pub async fn history(
        &self,
        uid: &str,
        cursor: Option<&str>,
        limit: Option<usize>,
        filter: &Filter,
    ) -> Result<Page, GenerateError> {
        if filter
            .text
            .as_ref()
            .is_some_and(|t| t.chars().count() > PROMPT_MAX)
        {
            return Err(GenerateError::invalid(
                "q",
                format!("q is at most {} characters", PROMPT_MAX),
            ));
        }
        let pro = self.users.is_pro(uid).await?;
        self.page(uid, cursor, limit, filter, |r| {
            GenerationView::new(r, pro, self.is_explicit(r))
        })
        .await
    }

    /// Marks or unmarks the caller's image a favourite.
    pub async fn set_favorite(
        &self,
        uid: &str,
        id: &str,
        favorite: bool,
    ) -> Result<(), GenerateError> {
        if !push_id::is_generation_id(id) || !self.store.set_favorite(uid, id, favorite).await? {
            return Err(GenerateError::NotFound("generation"));
        }
        Ok(())
    }

    /// `uid`'s history as support staff see it: every image blurred, whatever the plan.
    pub async fn history_for_staff(
        &self,
        uid: &str,
        cursor: Option<&str>,
        limit: Option<usize>,
    ) -> Result<Page, GenerateError> {
        self.page(uid, cursor, limit, &Filter::default(), |r| {
            GenerationView::for_staff(r, uid, self.is_explicit(r))
        })
        .await
    }

    async fn page(
        &self,
        uid: &str,
        cursor: Option<&str>,
        limit: Option<usize>,
        filter: &Filter,
        view: impl Fn(&GenerationRecord) -> GenerationView,
    ) -> Result<Page, GenerateError> {
        let limit = limit.unwrap_or(PAGE_DEFAULT);
        if !(1..=PAGE_MAX).contains(&limit) {
            return Err(GenerateError::invalid(
                "limit",
                format!("limit must be 1 to {PAGE_MAX}"),
            ));
        }
        if cursor.is_some_and(|c| !push_id::is_generation_id(c)) {
            return Err(GenerateError::invalid(
                "cursor",
                "cursor is not one this API gave out",
            ));
        }
        // Unfiltered, one read of the page itself; filtered, reads of the most a page may
        // hold until the page is full, the history ends, or the scan reaches its bound.
        let batch = if filter.is_empty() { limit } else { PAGE_MAX };
        let mut items = Vec::new();
        let mut after = cursor.map(str::to_owned);
        let mut scanned = 0;
        loop {
            let records = self
                .store
                .list_generations(uid, after.as_deref(), batch)
                .await?;
            for record in &records {
                scanned += 1;
                after = Some(record.id.clone());
                if filter.keeps(record) {
                    items.push(view(record));
                    if items.len() == limit {
                        return Ok(Page {
                            items,
                            next_cursor: after,
                        });
                    }
                }
            }
            if records.len() < batch {
                return Ok(Page {
                    items,
                    next_cursor: None,
                });
            }
            if scanned >= SCAN_MAX {
                return Ok(Page {
                    items,
                    next_cursor: after,
                });
            }
        }
    }

    /// `uid`'s image `id`, or not found. Read through the users' memory: a deletion anywhere
    /// drops it there (`remove`), so it is never found after.
    pub async fn own(&self, uid: &str, id: &str) -> Result<GenerationRecord, GenerateError> {
        if !push_id::is_generation_id(id) {
            return Err(GenerateError::NotFound("generation"));
        }
        self.users
            .generation(uid, id)
            .await?
            .ok_or(GenerateError::NotFound("generation"))
    }

    /// The original for pro callers, the blurred preview for everyone else; an explicit one
    /// for adults only.
    pub async fn image(&self, uid: &str, id: &str) -> Result<Served, GenerateError> {
        let record = self.own(uid, id).await?;
        let viewer = self.viewer(uid).await?;
        self.may_see(&record, viewer.adult)?;
        Ok(Served::of(record, viewer.pro))
    }

    /// Who `uid` is to the gallery: pro, and adult (src/age/mod.rs).
    pub async fn viewer(&self, uid: &str) -> Result<Viewer, GenerateError> {
        let user = self.users.get(uid).await?;
        Ok(Viewer {
            pro: user.as_ref().is_some_and(|u| u.is_pro(now_ms())),
            adult: user.as_ref().is_some_and(|u| self.users.adult(u)),
        })
    }

    /// Explicit images are only for adults: served, downloaded, exported or varied.
    pub fn may_see(&self, record: &GenerationRecord, adult: bool) -> Result<(), GenerateError> {
        if !adult && self.is_explicit(record) {
            return Err(GenerateError::AgeCheckRequired);
        }
        Ok(())
    }

    /// Whether `record` is explicit: as the rules found it when it was made, or, for a record
    /// from before that was kept, as they judge its drawn text now (a style gone from the
    /// catalog counts as NSFW: the strictest reading).
    pub fn is_explicit(&self, record: &GenerationRecord) -> bool {
        record.explicit.unwrap_or_else(|| {
            let style = self.catalog.style(&record.style);
            let look = record.look.as_deref().and_then(|id| self.catalog.look(id));
            let prompt = drawn_prompt(
                &record.prompt,
                style.map(|s| s.prompt_plus.as_str()),
                look.map(|l| l.text.as_str()),
            );
            let request = Request {
                prompt: &prompt,
                source_len: 0,
                negative_prompt: &record.negative_prompt,
                nsfw_style: style.is_none_or(|s| s.nsfw),
                nudity: style.is_none_or(|s| s.nudity),
            };
            self.safety
                .check(&request)
                .map_or(true, |passed| passed.explicit)
        })
    }

    /// `uid`'s image blurred, whatever their plan: all support staff ever see of it.
    pub async fn preview(&self, uid: &str, id: &str) -> Result<Bytes, GenerateError> {
        let record = self.own(uid, id).await?;
        self.stored(&Served::of(record, false)).await
    }

    /// `record`'s image as its owner is served it: the original for pro, else the preview.
    pub async fn served(
        &self,
        record: &GenerationRecord,
        pro: bool,
    ) -> Result<Bytes, GenerateError> {
        self.stored(&Served::of(record.clone(), pro)).await
    }

    /// The bytes of `served` as stored: marked when they were stored (`worker.rs`). An image
    /// stored before images were marked there is marked now, once: written back, so it is
    /// never served unmarked nor marked twice. Kept in memory a while after: a stored image
    /// never changes once marked, and its record is read before its bytes are asked for, so a
    /// deleted image is never served from here.
    pub async fn stored(&self, served: &Served) -> Result<Bytes, GenerateError> {
        let key = match served.variant {
            Variant::Original => &served.record.blob_key,
            Variant::Preview => &served.record.preview_key,
        };
        if let Some(png) = self.served.get(key).await {
            return Ok(png);
        }
        let png = self.read_marked(served, key).await?;
        self.served.insert(key.clone(), png.clone()).await;
        Ok(png)
    }

    async fn read_marked(&self, served: &Served, key: &str) -> Result<Bytes, GenerateError> {
        let record = &served.record;
        let stored = self
            .blobs
            .get(key)
            .await?
            .ok_or(GenerateError::NotFound("image"))?;
        if png_meta::is_marked(&stored) {
            return Ok(stored);
        }
        let style = self.catalog.style(&record.style);
        let parameters =
            (served.variant == Variant::Original).then(|| parameters::a1111(record, style));
        let marked = self
            .marker
            .mark(stored, parameters::creator_tool(record), parameters)
            .await
            .map_err(|e| GenerateError::Internal(format!("marking {key}: {e}")))?;
        self.metrics.marked("first_serve");
        self.blobs.put(key, marked.clone()).await?;
        Ok(Bytes::from(marked))
    }

    /// The original, which carries A1111's `parameters` for other image tools; pro only.
    pub async fn download(&self, uid: &str, id: &str) -> Result<Served, GenerateError> {
        let record = self.own(uid, id).await?;
        let viewer = self.viewer(uid).await?;
        if !viewer.pro {
            return Err(GenerateError::ProRequired(
                "downloading is a Premium feature".into(),
            ));
        }
        self.may_see(&record, viewer.adult)?;
        Ok(Served::of(record, true))
    }

    /// Removes the record, then its bytes, on any plan: a person may erase what they made
    /// (download and sharp pixels stay Premium's). Not while staff review the account.
    pub async fn delete(&self, uid: &str, id: &str) -> Result<(), GenerateError> {
        let record = self.own(uid, id).await?;
        let user = self.users.get(uid).await?;
        if user.as_ref().is_some_and(|u| u.suspension.is_some()) {
            return Err(GenerateError::Held);
        }
        self.remove(uid, &record).await
    }

    /// Removes `record` of `uid`, then its bytes, whatever the owner's plan (support staff
    /// acting on an abuse report).
    pub async fn remove(&self, uid: &str, record: &GenerationRecord) -> Result<(), GenerateError> {
        // The record goes first: a failure after it leaves unreachable bytes, never a
        // dangling record.
        let deleted = self.store.delete_generation(uid, &record.id).await?;
        // Told either way: a record this process kept may be one another instance deleted.
        self.users.changed(uid).await;
        if !deleted {
            return Err(GenerateError::NotFound("generation"));
        }
        for key in [&record.blob_key, &record.preview_key] {
            if let Err(e) = self.blobs.delete(key).await {
                tracing::warn!(key, error = %e, "deleting an image blob failed; it is unreachable now");
            }
        }
        Ok(())
    }
}
