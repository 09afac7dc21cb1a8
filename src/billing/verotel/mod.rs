//! Verotel FlexPay, a processor that accepts adult merchants (`docs/verotel-wire.md` holds the
//! wire format and where each fact comes from). The buyer is sent to a signed `/startorder`
//! URL; Verotel tells us what happened by signed postbacks (`postback.rs`), which alone grant
//! Premium. `/salestatus` reads a sale, `/cancel-subscription` is the subscriber's own page to
//! cancel, and the Control Center API cancels on our side when an account is deleted.

mod postback;
pub mod signature;
mod status;

use std::time::Duration;

use async_trait::async_trait;
use reqwest::StatusCode;
use secrecy::{ExposeSecret, SecretString};
use sha2::{Digest, Sha256};
use url::Url;

use super::processor::{
    CHECKOUT_PLACEHOLDER, NewSubscription, Processor, Returned, Started, SubscriptionInfo,
    is_provider_id,
};
use super::{BillingError, ProviderError};
use crate::store::Subscription;
use signature::{Params, VERSION, signed_url};

/// The monthly plan of `docs/product.md`: $9.99, renewed every month.
const PRICE_AMOUNT: &str = "9.99";
const PRICE_CURRENCY: &str = "USD";
const PERIOD: &str = "P1M";
/// The subscription's text on Verotel's order page (`name`: FlexPay's key for it).
const NAME: &str = "Lucent Premium, monthly subscription";

/// What a deployment's Verotel account is: the website, its key, the brand's base URL, and
/// the Control Center API that cancels on our side.
pub struct VerotelAccount {
    pub shop_id: String,
    pub signature_key: SecretString,
    pub base: Url,
    pub control_center: Url,
    pub api_user: String,
    pub api_password: SecretString,
}

pub struct Verotel {
    http: reqwest::Client,
    account: VerotelAccount,
    /// How long one call to the Control Center may take (`LUCENT_PAYMENTS_TIMEOUT`).
    timeout: Duration,
}

/// The checkout's id is FlexPay's `referenceID`: the uid, then a token that makes it unique as
/// FlexPay asks ("must be unique if provided"), so one person may subscribe again later.
fn reference(uid: &str, idempotency_key: &str) -> String {
    let token = hex::encode(Sha256::digest(idempotency_key.as_bytes()));
    format!("{uid}.{}", &token[..16])
}

/// The uid a `referenceID` names: everything before its last dot (a bare uid names itself).
pub fn uid_of_reference(reference: &str) -> &str {
    reference.rsplit_once('.').map_or(reference, |(uid, _)| uid)
}

fn params<const N: usize>(pairs: [(&str, &str); N]) -> Params {
    pairs
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

impl Verotel {
    pub fn new(http: reqwest::Client, account: VerotelAccount, timeout: Duration) -> Self {
        Self {
            http,
            account,
            timeout,
        }
    }

    pub fn shop_id(&self) -> &str {
        &self.account.shop_id
    }

    fn key(&self) -> &str {
        self.account.signature_key.expose_secret()
    }

    fn url(&self, path: &str, params: &Params) -> String {
        signed_url(
            &self.account.base,
            path,
            self.key(),
            &self.account.shop_id,
            params,
        )
    }

    /// The subscriber's own page to cancel sale `sale_id`.
    pub fn cancel_url(&self, sale_id: &str) -> String {
        self.url(
            "/cancel-subscription",
            &params([("saleID", sale_id), ("version", VERSION)]),
        )
    }

    pub fn is_signed(&self, received: &Params) -> bool {
        signature::is_signed(self.key(), &self.account.shop_id, received)
    }

    async fn send(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<reqwest::Response, ProviderError> {
        request.timeout(self.timeout).send().await.map_err(|e| {
            if e.is_timeout() {
                ProviderError::Timeout
            } else {
                ProviderError::Unavailable(e.to_string())
            }
        })
    }
}

fn refusal(status: StatusCode, said: String) -> ProviderError {
    if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
        ProviderError::Unavailable(format!("{status}: {said}"))
    } else {
        ProviderError::Refused(format!("{status}: {said}"))
    }
}

#[async_trait]
impl Processor for Verotel {
    fn name(&self) -> &'static str {
        "verotel"
    }

    /// A signed FlexPay subscription URL: nothing is asked of Verotel until the buyer opens it.
    async fn start(&self, new: &NewSubscription) -> Result<Started, ProviderError> {
        // Repeats of a click share an order; an order after a sale is a new one.
        let earlier_sale = new
            .earlier
            .as_ref()
            .and_then(|s| s.subscription_id.as_deref());
        let order = format!(
            "{}/{}",
            new.idempotency_key,
            earlier_sale.unwrap_or_default()
        );
        let reference = reference(&new.uid, &order);
        let success = new.success_url.replace(CHECKOUT_PLACEHOLDER, &reference);
        let mut params = params([
            ("type", "subscription"),
            ("version", VERSION),
            ("subscriptionType", "recurring"),
            ("period", PERIOD),
            ("priceAmount", PRICE_AMOUNT),
            ("priceCurrency", PRICE_CURRENCY),
            ("name", NAME),
            ("referenceID", &reference),
            ("successURL", &success),
            ("declineURL", &new.cancel_url),
        ]);
        if let Some(email) = new.email.as_deref().filter(|e| e.len() <= 100) {
            params.insert("email".into(), email.to_owned());
        }
        Ok(Started {
            url: self.url("/startorder", &params),
            checkout_id: reference,
        })
    }

    /// Only the signed postback grants (as Verotel's own plugin does): the return is confirmed
    /// once the record holds the sale that this checkout started.
    async fn confirm_return(
        &self,
        uid: &str,
        checkout_id: &str,
        record: Option<&Subscription>,
    ) -> Result<Returned, BillingError> {
        // Verotel appends its own parameters to the success URL; a browser that read them
        // into ours leaves them after a `?`.
        let checkout_id = checkout_id.split(['?', '&']).next().unwrap_or_default();
        if uid_of_reference(checkout_id) != uid {
            return Err(BillingError::SessionNotYours);
        }
        let Some(record) = record.filter(|r| r.session_id.as_deref() == Some(checkout_id)) else {
            return Err(BillingError::NotFound("checkout session"));
        };
        // The record keeps an earlier, lapsed sale until this checkout's postback replaces it.
        if !record.is_pro(crate::store::now_ms()) {
            return Err(BillingError::PaymentIncomplete {
                status: "open".into(),
                payment_status: "awaiting Verotel's postback".into(),
            });
        }
        Ok(Returned::Recorded)
    }

    /// `/salestatus` by sale.
    async fn subscription(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError> {
        if !is_provider_id(id) {
            return Ok(None);
        }
        let url = self.url(
            "/salestatus",
            &params([("saleID", id), ("version", VERSION)]),
        );
        let response = self.send(self.http.get(url)).await?;
        let status = response.status();
        let body = crate::upstream::read_at_most(response, 64 * 1024)
            .await
            .map_err(|e| ProviderError::Unavailable(e.to_string()))?;
        let body = String::from_utf8_lossy(&body);
        if status == StatusCode::NOT_FOUND {
            return Ok(None);
        }
        if !status.is_success() {
            return Err(refusal(status, body.chars().take(200).collect()));
        }
        status::parse(id, &body)
    }

    /// The Control Center API's cancel: what Verotel's own WooCommerce plugin calls.
    async fn cancel(&self, id: &str) -> Result<Option<SubscriptionInfo>, ProviderError> {
        if !is_provider_id(id) {
            return Ok(None);
        }
        let url = self
            .account
            .control_center
            .join(&format!("api/sale/{id}/cancel"))
            .map_err(|e| ProviderError::Refused(e.to_string()))?;
        let request = self
            .http
            .post(url)
            .basic_auth(
                &self.account.api_user,
                Some(self.account.api_password.expose_secret()),
            )
            .header("accept", "application/json; version=1.5.0");
        let response = self.send(request).await?;
        let status = response.status();
        let body: serde_json::Value = response.json().await.unwrap_or_default();
        let title = body["error"]["title"].as_str().unwrap_or("no message");
        let cancelled = match status {
            StatusCode::OK if body["is_success"].as_bool() == Some(true) => true,
            StatusCode::PRECONDITION_FAILED if title == "This sale is already cancelled." => true,
            StatusCode::NOT_FOUND => return Ok(None),
            _ => return Err(refusal(status, title.to_owned())),
        };
        Ok(cancelled.then(|| SubscriptionInfo {
            id: id.to_owned(),
            customer: String::new(),
            status: "cancelled".into(),
            current_period_end: None,
            uid: None,
        }))
    }

    async fn manage_link(
        &self,
        record: &Subscription,
        _return_url: &str,
    ) -> Result<String, BillingError> {
        let sale = record
            .subscription_id
            .as_deref()
            .ok_or(BillingError::NoSubscription)?;
        Ok(self.cancel_url(sale))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reference_names_its_uid_and_differs_by_click() {
        let a = reference("alice", "checkout-alice-1");
        assert_eq!(uid_of_reference(&a), "alice");
        assert_ne!(a, reference("alice", "checkout-alice-2"));
        assert_eq!(a, reference("alice", "checkout-alice-1"));
        assert_eq!(uid_of_reference("bare"), "bare");
    }
}
