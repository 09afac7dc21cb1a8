//! What an age-assurance provider does for the gateway: start or resume an inquiry, read one
//! back, and delete what it holds of the person.

use async_trait::async_trait;
use chrono::NaiveDate;

#[derive(Debug, Clone, thiserror::Error)]
pub enum ProviderError {
    /// Down, slow, or answering 5xx or 429: worth asking again later.
    #[error("the age-check provider is unavailable: {0}")]
    Unavailable(String),
    /// It answered, and said no (a bad key, an unknown inquiry, a malformed answer).
    #[error("the age-check provider refused: {0}")]
    Refused(String),
}

/// An inquiry as the provider reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inquiry {
    pub id: String,
    /// The uid the inquiry was made for.
    pub reference_id: String,
    /// The provider's own word: `created`, `pending`, `completed`, `needs_review`,
    /// `approved`, `declined`, `failed`, `expired`.
    pub status: String,
    /// The verified birth date, once there is one.
    pub birthdate: Option<NaiveDate>,
    /// When the provider decided, in milliseconds since the epoch.
    pub decided_at: Option<i64>,
    /// The template it was made from, where the provider has templates.
    pub template: Option<String>,
}

impl Inquiry {
    /// Whether `uid` may go on with it: theirs, and not yet submitted or decided.
    pub fn resumable_by(&self, uid: &str) -> bool {
        self.reference_id == uid && matches!(self.status.as_str(), "created" | "pending")
    }
}

/// An inquiry started or resumed, and the hosted flow's link for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Started {
    pub reference: String,
    pub url: String,
}

#[async_trait]
pub trait Provider: Send + Sync {
    /// `persona` or `test`.
    fn name(&self) -> &'static str;

    /// The template the gateway makes its inquiries from, where the provider has templates: an
    /// inquiry made from another (a weaker one of the same environment, or one a template link
    /// started) proves nothing here.
    fn template(&self) -> Option<&str> {
        None
    }

    /// Resumes `resume` (an inquiry of `uid`'s still under way) or creates one; the link that
    /// continues it sends the user back to `return_to`.
    async fn start(
        &self,
        uid: &str,
        resume: Option<&str>,
        return_to: &str,
    ) -> Result<Started, ProviderError>;

    async fn inquiry(&self, id: &str) -> Result<Inquiry, ProviderError>;

    /// Deletes the inquiry's personal data at the provider.
    async fn redact(&self, id: &str) -> Result<(), ProviderError>;

    /// Every inquiry the provider holds for `uid` (its reference id), whoever started it.
    async fn inquiries_of(&self, uid: &str) -> Result<Vec<String>, ProviderError>;
}
