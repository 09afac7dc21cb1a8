//! The gate's second layer, which reads meaning where the word lists read words: a request
//! phrased in a way nobody listed ("as God made her", a school year of another country, a
//! language without a list) is judged by what it says. Offline and in-process: the text is
//! embedded by multilingual-e5-small (`lucent-e5`, crates/e5, from the file the install step
//! fetches: scripts/fetch-model.sh) and read by a small trained head ([`head`]).
//!
//! It reads what the user asked as the model's tokenizer cleans it (`clip_text`), and refuses a
//! request it judges sexual (or on an explicit style) together with a minor, a real person,
//! non-consent or an animal, read in the whole text or in one of its phrases ([`parts`]). Such a refusal rests on a model, never on a certain sign: it asks
//! the user to rephrase and never counts against the account.
//!
//! An embedding costs tens of milliseconds of one core, so it runs off the async threads
//! (`spawn_blocking`) with at most `LUCENT_MEANING_CONCURRENCY` at once, and its scores are
//! kept by the cleaned text, so the same prompt again (Try Again, a reload) costs nothing.

mod artists;
pub mod head;
mod parts;
mod tags;

#[cfg(test)]
mod battery;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use lucent_e5::{Encoder, Kind};
use tokio::sync::Semaphore;

use self::head::{Head, MINOR, Scores};
use super::{Category, Passed, clip_text};

/// Said at start when the layer is off.
pub const OFF_WARNING: &str = "the content gate's reader of meaning is off (LUCENT_MEANING=off): \
    requests are judged by the word lists alone, which read words, not meaning";

/// What a refusal this layer decided names as what flagged it (`Refusal::flagged`), where the
/// moderation service's refusals name its categories.
pub const MEANING: &str = "meaning";

/// Scores kept by cleaned text.
const CACHE_ENTRIES: u64 = 20_000;

#[derive(Debug, thiserror::Error)]
pub enum MeaningError {
    #[error("LUCENT_MEANING_MODEL: {0} (scripts/fetch-model.sh fetches it)")]
    Load(String),
    #[error("the content gate's reader of meaning failed: {0}")]
    Failed(String),
}

/// What the layer has done, for `/metrics` and the tests.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Texts embedded.
    pub embedded: usize,
    /// Texts answered from the cache.
    pub cached: usize,
    /// The most embeddings that ran at once.
    pub peak: usize,
}

pub struct Meaning {
    encoder: Arc<Encoder>,
    head: Head,
    permits: Arc<Semaphore>,
    cache: moka::sync::Cache<String, Scores>,
    embedded: AtomicUsize,
    cached: AtomicUsize,
    running: AtomicUsize,
    peak: AtomicUsize,
}

/// Encoders by file and threads: loading one takes a moment and about 160 MB, so every
/// gateway of a process (the tests start hundreds) shares it.
fn shared_encoder(path: &Path, threads: usize) -> Result<Arc<Encoder>, MeaningError> {
    type Loaded = Vec<((PathBuf, usize), Arc<Encoder>)>;
    static LOADED: OnceLock<Mutex<Loaded>> = OnceLock::new();
    let loaded = LOADED.get_or_init(Mutex::default);
    let mut loaded = loaded.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, encoder)) = loaded.iter().find(|((p, t), _)| p == path && *t == threads) {
        return Ok(Arc::clone(encoder));
    }
    let encoder = Encoder::open(path).map_err(|e| MeaningError::Load(e.to_string()))?;
    let encoder = Arc::new(encoder.with_threads(threads));
    loaded.push(((path.to_owned(), threads), Arc::clone(&encoder)));
    Ok(encoder)
}

impl Meaning {
    /// The layer on the model file at `path`, running at most `concurrency` embeddings at once,
    /// each on `threads` threads.
    pub fn open(path: &Path, concurrency: usize, threads: usize) -> Result<Self, MeaningError> {
        let encoder = shared_encoder(path, threads)?;
        Ok(Self {
            encoder,
            head: Head::built_in(),
            permits: Arc::new(Semaphore::new(concurrency.max(1))),
            cache: moka::sync::Cache::new(CACHE_ENTRIES),
            embedded: AtomicUsize::new(0),
            cached: AtomicUsize::new(0),
            running: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        })
    }

    pub fn counts(&self) -> Counts {
        Counts {
            embedded: self.embedded.load(Ordering::Relaxed),
            cached: self.cached.load(Ordering::Relaxed),
            peak: self.peak.load(Ordering::Relaxed),
        }
    }

    /// The rule `asked` (what the user wrote, a variation's sources' words first) breaks as
    /// the layer reads it, after the rules let it through as `passed`: explicit whatever its
    /// whole reads where the rules are sure (an NSFW style, a word they are certain of), and
    /// no minor where it states an adult (`Passed::adult`).
    pub async fn judge(
        self: &Arc<Self>,
        asked: &str,
        passed: Passed,
    ) -> Result<Option<Category>, MeaningError> {
        let surely_explicit = passed.surely_explicit;
        // Where the rules read an adult's age, the sense of youth does not count.
        let decide = |mut scores: Scores| {
            if passed.adult {
                scores[MINOR] = 0.0;
            }
            self.head.decide(&scores, surely_explicit)
        };
        let mut texts: Vec<String> = Vec::new();
        for text in clip_text::readings(asked) {
            let text = tags::content(&artists::unnamed(&text));
            if !text.is_empty() && !texts.contains(&text) {
                texts.push(text);
            }
        }
        for text in texts {
            // On an NSFW style the request is explicit before its whole is read, so the whole
            // and its phrases share one pass of the encoder (each pass packs every weight anew).
            let (mut scores, mut phrases) = if surely_explicit {
                let mut read = self
                    .scores_of(
                        std::iter::once(text.clone())
                            .chain(parts::parts(&text))
                            .collect(),
                    )
                    .await?;
                (read.remove(0), Some(read))
            } else {
                (self.scores(&text).await?, None)
            };
            if let Some(category) = decide(scores) {
                return Ok(Some(category));
            }
            if !self.head.explicit(&scores, surely_explicit) {
                continue;
            }
            // An explicit request: each phrase may carry the forbidden sign its whole dilutes.
            // Whether it is explicit stays the whole text's reading.
            if phrases.is_none() {
                phrases = Some(self.scores_of(parts::parts(&text)).await?);
            }
            for part in phrases.into_iter().flatten() {
                for (most, sign) in scores.iter_mut().zip(part).skip(1) {
                    *most = most.max(sign);
                }
            }
            if let Some(category) = decide(scores) {
                return Ok(Some(category));
            }
        }
        Ok(None)
    }

    /// `text`'s scores, from the cache or the model.
    pub async fn scores(self: &Arc<Self>, text: &str) -> Result<Scores, MeaningError> {
        let [scores] = self.scores_of(vec![text.to_owned()]).await?[..] else {
            unreachable!("one text, one score")
        };
        Ok(scores)
    }

    /// Each text's scores, from the cache or the model: those it has not read run in one
    /// pass of the encoder (`embed_many`), which costs about what their joined length would.
    async fn scores_of(self: &Arc<Self>, texts: Vec<String>) -> Result<Vec<Scores>, MeaningError> {
        let cached = |texts: &[String]| -> Vec<Option<Scores>> {
            texts.iter().map(|t| self.cache.get(t)).collect()
        };
        let mut found = cached(&texts);
        let mut read_now = 0;
        if found.iter().any(Option::is_none) {
            // The permit goes with the blocking task, so that a task whose request has gone
            // still counts against the bound until it ends.
            let permit = Arc::clone(&self.permits)
                .acquire_owned()
                .await
                .map_err(|e| MeaningError::Failed(e.to_string()))?;
            // Another request may have read the same texts while this one waited its turn.
            found = cached(&texts);
            let missing: Vec<String> = texts
                .iter()
                .zip(&found)
                .filter(|(_, f)| f.is_none())
                .map(|(t, _)| t.clone())
                .collect();
            read_now = missing.len();
            let me = Arc::clone(self);
            // The blocking task keeps its results even if the request that asked has gone (a
            // client that left, a timeout): the work is done, and the same text again costs
            // nothing.
            let read = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                let now = me.running.fetch_add(1, Ordering::SeqCst) + 1;
                me.peak.fetch_max(now, Ordering::SeqCst);
                let refs: Vec<&str> = missing.iter().map(String::as_str).collect();
                let embeddings = me.encoder.embed_many(&refs, Kind::Query);
                me.running.fetch_sub(1, Ordering::SeqCst);
                me.embedded.fetch_add(missing.len(), Ordering::Relaxed);
                missing
                    .into_iter()
                    .zip(&embeddings)
                    .map(|(text, embedding)| {
                        let scores = me.head.scores(embedding);
                        me.cache.insert(text, scores);
                        scores
                    })
                    .collect::<Vec<_>>()
            })
            .await
            .map_err(|e| MeaningError::Failed(e.to_string()))?;
            let mut read = read.into_iter();
            for slot in found.iter_mut().filter(|f| f.is_none()) {
                *slot = read.next();
            }
        }
        self.cached
            .fetch_add(texts.len() - read_now, Ordering::Relaxed);
        Ok(found
            .into_iter()
            .map(|f| f.expect("every text read"))
            .collect())
    }
}
