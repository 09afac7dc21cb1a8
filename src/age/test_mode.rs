//! Offline age checks for the local stack: the gateway plays Persona. The hosted flow is a
//! page the gateway serves, clearly marked TEST MODE, with three answers (an adult, a
//! 17-year-old, declined). Choosing one decides the inquiry here and delivers a webhook signed
//! with the local secret, in Persona's format, to the same code that takes Persona's: the
//! account's status is then read back from this provider as it would be from Persona.
//! Inquiries live in the test checkout's [`Ledger`]: in memory on one machine, in Redis when
//! instances share state. Never on a real (non demo-) project: anyone could approve themselves.

use std::time::Duration;

use async_trait::async_trait;
use chrono::{Months, NaiveDate, Utc};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::{Inquiry, Provider, ProviderError, Started};
use crate::billing::signature;
use crate::billing::test_mode::Ledger;
use crate::store::now_ms;

/// The secret test mode signs its webhooks with (it never leaves the process).
pub const SECRET: &str = "wbhsec_lucent_test_mode";
/// Persona expires an unfinished inquiry after a day by default.
const KEEP: Duration = Duration::from_secs(24 * 3600);

/// What the page lets a tester answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    /// Approved, born 30 years ago.
    Adult,
    /// Approved, born 17 years ago: the gateway makes it a minor's result.
    Minor,
    /// Declined by the provider.
    Decline,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct TestInquiry {
    uid: String,
    status: String,
    birthdate: Option<NaiveDate>,
    return_to: String,
    decided_at: Option<i64>,
}

pub struct TestAgeChecks {
    ledger: Box<dyn Ledger>,
    public_url: String,
}

fn key(id: &str) -> String {
    format!("age:{id}")
}

/// The inquiries started for an account, as Persona lists them by reference id.
fn index_key(uid: &str) -> String {
    format!("age-of:{uid}")
}

fn unavailable(e: impl std::fmt::Display) -> ProviderError {
    ProviderError::Unavailable(format!("test-mode age checks: {e}"))
}

impl TestAgeChecks {
    pub fn new(public_url: &str, ledger: Box<dyn Ledger>) -> Self {
        Self {
            ledger,
            public_url: public_url.trim_end_matches('/').to_owned(),
        }
    }

    async fn read(&self, id: &str) -> Result<Option<TestInquiry>, ProviderError> {
        let Some(raw) = self.ledger.get(&key(id)).await.map_err(unavailable)? else {
            return Ok(None);
        };
        serde_json::from_str(&raw).map(Some).map_err(unavailable)
    }

    async fn save(&self, id: &str, inquiry: &TestInquiry) -> Result<(), ProviderError> {
        let raw = serde_json::to_string(inquiry).map_err(unavailable)?;
        self.ledger
            .put(&key(id), &raw, KEEP, false)
            .await
            .map_err(unavailable)?;
        Ok(())
    }

    /// Whether `id` is an inquiry still waiting for an answer, for the page.
    pub async fn open(&self, id: &str) -> Result<Option<bool>, ProviderError> {
        Ok(self.read(id).await?.map(|i| i.decided_at.is_none()))
    }

    /// Decides `id` as `answer`: the webhook's body and `Persona-Signature` header to deliver,
    /// and where the page sends the user back. `None` for an unknown inquiry.
    pub async fn answer(
        &self,
        id: &str,
        answer: Answer,
    ) -> Result<Option<(Vec<u8>, String, String)>, ProviderError> {
        let Some(mut inquiry) = self.read(id).await? else {
            return Ok(None);
        };
        let today = Utc::now().date_naive();
        let born = |years: u32| today.checked_sub_months(Months::new(12 * years));
        (inquiry.status, inquiry.birthdate) = match answer {
            Answer::Adult => ("approved".into(), born(30)),
            Answer::Minor => ("approved".into(), born(17)),
            Answer::Decline => ("declined".into(), None),
        };
        inquiry.decided_at = Some(now_ms());
        self.save(id, &inquiry).await?;
        let event = json!({
            "data": {
                "type": "event",
                "id": format!("evt_test_{}", token()),
                "attributes": {
                    "name": format!("inquiry.{}", inquiry.status),
                    "created-at": Utc::now().to_rfc3339(),
                    "payload": { "data": {
                        "type": "inquiry",
                        "id": id,
                        "attributes": { "status": inquiry.status, "reference-id": inquiry.uid },
                    }},
                },
            },
        });
        let body = serde_json::to_vec(&event).map_err(unavailable)?;
        let header = signature::sign(&body, SECRET, now_ms() / 1000);
        Ok(Some((body, header, inquiry.return_to)))
    }
}

fn token() -> String {
    let mut rng = rand::rng();
    (0..20)
        .map(|_| char::from(b"abcdefghijklmnopqrstuvwxyz0123456789"[rng.random_range(0..36)]))
        .collect()
}

#[async_trait]
impl Provider for TestAgeChecks {
    fn name(&self) -> &'static str {
        "test"
    }

    async fn start(
        &self,
        uid: &str,
        resume: Option<&str>,
        return_to: &str,
    ) -> Result<Started, ProviderError> {
        let id = resume.map_or_else(|| format!("inq_test_{}", token()), str::to_owned);
        let inquiry = TestInquiry {
            uid: uid.to_owned(),
            status: "created".into(),
            birthdate: None,
            return_to: return_to.to_owned(),
            decided_at: None,
        };
        self.save(&id, &inquiry).await?;
        let mut ids = self.inquiries_of(uid).await?;
        if !ids.contains(&id) {
            ids.push(id.clone());
            let raw = serde_json::to_string(&ids).map_err(unavailable)?;
            self.ledger
                .put(&index_key(uid), &raw, KEEP, false)
                .await
                .map_err(unavailable)?;
        }
        Ok(Started {
            url: format!("{}/age-check/test/{id}", self.public_url),
            reference: id,
        })
    }

    async fn inquiry(&self, id: &str) -> Result<Inquiry, ProviderError> {
        let inquiry = self
            .read(id)
            .await?
            .ok_or_else(|| ProviderError::Refused(format!("no inquiry {id}")))?;
        Ok(Inquiry {
            id: id.to_owned(),
            reference_id: inquiry.uid,
            status: inquiry.status,
            birthdate: inquiry.birthdate,
            decided_at: inquiry.decided_at,
            template: None,
        })
    }

    async fn redact(&self, id: &str) -> Result<(), ProviderError> {
        if let Some(mut inquiry) = self.read(id).await? {
            inquiry.birthdate = None;
            self.save(id, &inquiry).await?;
        }
        Ok(())
    }

    async fn inquiries_of(&self, uid: &str) -> Result<Vec<String>, ProviderError> {
        match self
            .ledger
            .get(&index_key(uid))
            .await
            .map_err(unavailable)?
        {
            Some(raw) => serde_json::from_str(&raw).map_err(unavailable),
            None => Ok(Vec::new()),
        }
    }
}
