//! A user's image records as the image routes read them: kept a while, so an image seen again,
//! or answered with a 304, costs no database read. A deletion goes through [`Users::changed`],
//! which drops them here and on every other instance.

use std::sync::atomic::Ordering;

use super::Users;
use crate::store::{GenerationRecord, StoreResult};

impl Users {
    /// `uid`'s image `id`, from this process's memory or the store.
    pub async fn generation(&self, uid: &str, id: &str) -> StoreResult<Option<GenerationRecord>> {
        let key = (uid.to_owned(), id.to_owned());
        if let Some(record) = self.caches.generations.get(&key).await {
            return Ok(Some(record));
        }
        let mark = self.caches.mark();
        self.reads.fetch_add(1, Ordering::Relaxed);
        let record = self.store.get_generation(uid, id).await?;
        if let Some(record) = &record {
            self.caches.keep_generation(uid, record, mark).await;
        }
        Ok(record)
    }
}
