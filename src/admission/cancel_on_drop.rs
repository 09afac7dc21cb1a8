//! A client that stops waiting for a job still in line takes it out (and gets its credits
//! back); once the job runs, the cancel is refused and it runs to its end.

use std::sync::Arc;

use super::Admission;
use crate::jobs::Cancel;

/// Cancels the job when dropped, unless [`CancelOnDrop::disarm`]ed first.
pub struct CancelOnDrop(Option<(Arc<Admission>, String, String)>);

impl CancelOnDrop {
    pub(super) fn new(admission: Arc<Admission>, uid: &str, id: &str) -> Self {
        Self(Some((admission, uid.to_owned(), id.to_owned())))
    }

    pub fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some((admission, uid, id)) = self.0.take() {
            tokio::spawn(async move {
                match admission.cancel(&uid, &id).await {
                    Ok(Cancel::Canceled(_)) => {
                        tracing::info!(job = %id, "the client left: canceled")
                    }
                    Ok(_) => {}
                    Err(e) => {
                        tracing::warn!(job = %id, error = %e, "canceling a job the client left")
                    }
                }
            });
        }
    }
}
