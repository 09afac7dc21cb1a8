//! The offline test checkout behind the processor port, answering as Stripe's checkout
//! sessions do (`billing/session.rs`), so test mode exercises the real path.

use async_trait::async_trait;

use super::{KEEP_SESSION, TestPayments, TestSession, corrupt, token};
use crate::billing::processor::{
    CHECKOUT_PLACEHOLDER, NewSubscription, Processor, Returned, Started, SubscriptionInfo,
};
use crate::billing::session::{self, SessionInfo};
use crate::billing::{BillingError, ProviderError};
use crate::store::Subscription;

#[async_trait]
impl Processor for TestPayments {
    fn name(&self) -> &'static str {
        "test"
    }

    async fn start(&self, new: &NewSubscription) -> Result<Started, ProviderError> {
        let repeat = format!("idempotency:{}", new.idempotency_key);
        if let Some(open) = self.open_session_for(&repeat).await? {
            return Ok(self.started(open));
        }
        let id = token("cs");
        let session = TestSession {
            info: SessionInfo {
                id: id.clone(),
                status: "open".into(),
                payment_status: "unpaid".into(),
                client_reference_id: Some(new.uid.clone()),
                customer: new.earlier.as_ref().and_then(|s| s.customer_id.clone()),
                subscription: None,
            },
            email: new.email.clone(),
            success_url: new.success_url.replace(CHECKOUT_PLACEHOLDER, &id),
            cancel_url: new.cancel_url.clone(),
        };
        self.save_session(&session).await?;
        let json = serde_json::to_string(&id).map_err(|e| corrupt(&repeat, e))?;
        if !self.ledger.put(&repeat, &json, KEEP_SESSION, true).await? {
            // A concurrent repeat got here first, and saved its session before its key.
            if let Some(open) = self.open_session_for(&repeat).await? {
                return Ok(self.started(open));
            }
            self.write(&repeat, &id, KEEP_SESSION).await?;
        }
        Ok(self.started(id))
    }

    async fn confirm_return(
        &self,
        uid: &str,
        checkout_id: &str,
        _record: Option<&Subscription>,
    ) -> Result<Returned, BillingError> {
        session::confirm_return(self, self.session(checkout_id).await?, uid).await
    }

    async fn subscription(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError> {
        self.read(&format!("subscription:{id}")).await
    }

    async fn cancel(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError> {
        let Some(mut sub) = self.subscription(id).await? else {
            return Ok(None);
        };
        if sub.status != "canceled" {
            sub.status = "canceled".into();
            self.save_subscription(&sub).await?;
        }
        Ok(Some(sub))
    }

    /// The test checkout's own portal page.
    async fn manage_link(
        &self,
        record: &Subscription,
        return_url: &str,
    ) -> Result<String, BillingError> {
        let customer = record
            .customer_id
            .as_deref()
            .ok_or(BillingError::NoSubscription)?;
        let return_url =
            url::form_urlencoded::byte_serialize(return_url.as_bytes()).collect::<String>();
        Ok(format!(
            "{}/checkout/test/portal/{customer}?return_url={return_url}",
            self.public_url
        ))
    }
}
