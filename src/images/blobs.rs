//! Image bytes in an object store (`LUCENT_IMAGE_STORE`): a local directory by default,
//! `gs://bucket/prefix` or `s3://bucket/prefix` at scale (credentials from the environment, as
//! the object_store crate reads them).

use std::sync::Arc;

use bytes::Bytes;
use futures_util::StreamExt;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use url::Url;

#[derive(Debug, thiserror::Error)]
#[error("image store: {0}")]
pub struct BlobError(String);

#[derive(Clone)]
pub struct Blobs {
    store: Arc<dyn ObjectStore>,
    prefix: Path,
}

impl Blobs {
    pub fn open(url: &Url) -> Result<Self, BlobError> {
        let err = |e: object_store::Error| BlobError(e.to_string());
        let (store, prefix): (Arc<dyn ObjectStore>, Path) = match url.scheme() {
            "file" => {
                let dir = url
                    .to_file_path()
                    .map_err(|()| BlobError(format!("{url} is not a local path")))?;
                std::fs::create_dir_all(&dir)
                    .map_err(|e| BlobError(format!("{}: {e}", dir.display())))?;
                let local =
                    object_store::local::LocalFileSystem::new_with_prefix(&dir).map_err(err)?;
                (Arc::new(local), Path::default())
            }
            "gs" => {
                let gcs = object_store::gcp::GoogleCloudStorageBuilder::from_env()
                    .with_url(url.as_str())
                    .build()
                    .map_err(err)?;
                (
                    Arc::new(gcs),
                    Path::from(url.path().trim_start_matches('/')),
                )
            }
            "s3" => {
                let s3 = object_store::aws::AmazonS3Builder::from_env()
                    .with_url(url.as_str())
                    .build()
                    .map_err(err)?;
                (Arc::new(s3), Path::from(url.path().trim_start_matches('/')))
            }
            other => return Err(BlobError(format!("unsupported scheme {other}"))),
        };
        Ok(Self { store, prefix })
    }

    fn path(&self, key: &str) -> Path {
        key.split('/')
            .fold(self.prefix.clone(), |p, part| p.join(part))
    }

    pub async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), BlobError> {
        self.store
            .put(&self.path(key), PutPayload::from(bytes))
            .await
            .map(drop)
            .map_err(|e| BlobError(e.to_string()))
    }

    /// `None` when there is no such blob.
    pub async fn get(&self, key: &str) -> Result<Option<Bytes>, BlobError> {
        match self.store.get(&self.path(key)).await {
            Ok(result) => result
                .bytes()
                .await
                .map(Some)
                .map_err(|e| BlobError(e.to_string())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(BlobError(e.to_string())),
        }
    }

    /// Deleting what is already gone succeeds: deletes are retried after partial failures.
    pub async fn delete(&self, key: &str) -> Result<(), BlobError> {
        match self.store.delete(&self.path(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(BlobError(e.to_string())),
        }
    }

    /// Deletes every blob whose key starts with the path segment `prefix` (an account's
    /// images, those a record names and any a record no longer names).
    pub async fn delete_under(&self, prefix: &str) -> Result<(), BlobError> {
        let under = self.path(prefix);
        let mut listed = self.store.list(Some(&under));
        while let Some(meta) = listed.next().await {
            let meta = meta.map_err(|e| BlobError(e.to_string()))?;
            match self.store.delete(&meta.location).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
                Err(e) => return Err(BlobError(e.to_string())),
            }
        }
        Ok(())
    }

    /// A metadata read of a key that need not exist: proves the store answers and the
    /// credentials work, and writes nothing (readiness runs often).
    pub async fn check(&self) -> Result<(), BlobError> {
        match self.store.head(&self.path(".lucent-ready")).await {
            Ok(_) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(BlobError(e.to_string())),
        }
    }
}
