//! A local server speaking Verotel FlexPay's wire format (`docs/verotel-wire.md`): the signed
//! `/startorder`, `/salestatus` and `/cancel-subscription` URLs, refused as FlexPay refuses
//! them when their signature is wrong; the Control Center API's cancel with basic auth and its
//! 412 for a sale already cancelled (as Verotel's WooCommerce plugin reads it); and the
//! postbacks Verotel sends: GET queries signed with the website's key.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use lucent::billing::verotel::signature::{Params, request_signature, sign_incoming};
use serde_json::json;
use wiremock::matchers::{header_exists, method, path, path_regex};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

pub const SHOP_ID: &str = "123456";
pub const KEY: &str = "lucent-flexpay-test-key";
pub const API_USER: &str = "lucent-api";
pub const API_PASSWORD: &str = "lucent-api-password";

#[derive(Clone, Default)]
struct Sales {
    /// `/salestatus` answers by sale.
    status: Arc<Mutex<HashMap<String, String>>>,
    cancelled: Arc<Mutex<HashSet<String>>>,
}

pub struct FakeVerotel {
    pub server: MockServer,
    sales: Sales,
}

fn query(request: &Request) -> Params {
    request.url.query_pairs().into_owned().collect()
}

/// Whether a request we received carries FlexPay's signature over its signed keys.
fn signed(params: &Params) -> bool {
    let mut rest = params.clone();
    let Some(signature) = rest.remove("signature") else {
        return false;
    };
    request_signature(KEY, SHOP_ID, &rest) == signature
}

fn invalid() -> ResponseTemplate {
    ResponseTemplate::new(400).set_body_string("ERROR - Invalid signature!")
}

/// The order page or the cancel page: shown only for a signed URL.
struct Page(&'static str);

impl Respond for Page {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        if !signed(&query(request)) {
            return invalid();
        }
        ResponseTemplate::new(200)
            .insert_header("content-type", "text/html; charset=utf-8")
            .set_body_string(format!("<!doctype html><title>{}</title>", self.0))
    }
}

struct Status(Sales);

impl Respond for Status {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let params = query(request);
        if !signed(&params) {
            return invalid();
        }
        let sale = params.get("saleID").cloned().unwrap_or_default();
        let known = self.0.status.lock().unwrap().get(&sale).cloned();
        ResponseTemplate::new(200)
            .set_body_string(known.unwrap_or_else(|| "response: NOT_FOUND\n".into()))
    }
}

struct CancelSale(Sales);

impl Respond for CancelSale {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let expected = format!(
            "Basic {}",
            base64::Engine::encode(
                &base64::engine::general_purpose::STANDARD,
                format!("{API_USER}:{API_PASSWORD}")
            )
        );
        let auth = request
            .headers
            .get("authorization")
            .map(|v| v.to_str().unwrap());
        if auth != Some(expected.as_str()) {
            return ResponseTemplate::new(401)
                .set_body_json(json!({"error": {"title": "Unauthorized"}}));
        }
        let sale = request
            .url
            .path()
            .split('/')
            .nth(3)
            .unwrap_or_default()
            .to_owned();
        if !self.0.cancelled.lock().unwrap().insert(sale) {
            return ResponseTemplate::new(412)
                .set_body_json(json!({"error": {"title": "This sale is already cancelled."}}));
        }
        ResponseTemplate::new(200).set_body_json(json!({"is_success": true}))
    }
}

impl FakeVerotel {
    pub async fn start() -> Self {
        let server = MockServer::start().await;
        let sales = Sales::default();
        for (at, title) in [
            ("/startorder", "Verotel order page"),
            ("/cancel-subscription", "Cancel your subscription"),
        ] {
            Mock::given(method("GET"))
                .and(path(at))
                .respond_with(Page(title))
                .mount(&server)
                .await;
        }
        Mock::given(method("GET"))
            .and(path("/salestatus"))
            .respond_with(Status(sales.clone()))
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(path_regex(r"^/api/sale/[0-9]+/cancel$"))
            .and(header_exists("accept"))
            .respond_with(CancelSale(sales.clone()))
            .mount(&server)
            .await;
        Self { server, sales }
    }

    /// The gateway's flags for Verotel on this server (FlexPay and Control Center alike).
    pub fn flags(&self) -> Vec<String> {
        flags_for(&self.server.uri())
    }

    /// What `/salestatus` answers for `sale` from now on.
    pub fn sale_status(&self, sale: &str, yaml: &str) {
        self.sales
            .status
            .lock()
            .unwrap()
            .insert(sale.into(), yaml.into());
    }

    /// The sales the Control Center API was asked to cancel.
    pub async fn cancel_calls(&self) -> Vec<String> {
        self.server
            .received_requests()
            .await
            .unwrap_or_default()
            .iter()
            .filter(|r| r.url.path().ends_with("/cancel"))
            .map(|r| r.url.path().split('/').nth(3).unwrap().to_owned())
            .collect()
    }
}

/// The gateway's flags for Verotel at `base` (FlexPay and Control Center alike).
pub fn flags_for(base: &str) -> Vec<String> {
    [
        "--billing",
        "verotel",
        "--verotel-shop-id",
        SHOP_ID,
        "--verotel-signature-key",
        KEY,
        "--verotel-base-url",
        base,
        "--verotel-control-center-url",
        base,
        "--verotel-api-user",
        API_USER,
        "--verotel-api-password",
        API_PASSWORD,
    ]
    .map(str::to_owned)
    .to_vec()
}

/// A postback's parameters as Verotel sends them for a subscription `event` of `sale`,
/// card details included (the gateway must not keep them).
pub fn event(event: &str, sale: &str, reference: &str) -> Params {
    let mut params: Params = [
        ("shopID", SHOP_ID),
        ("event", event),
        ("saleID", sale),
        ("referenceID", reference),
        ("type", "subscription"),
        ("subscriptionType", "recurring"),
        ("period", "P1M"),
        ("priceAmount", "9.99"),
        ("priceCurrency", "USD"),
        ("paymentMethod", "CC"),
        ("CCBrand", "VISA"),
        ("truncatedPAN", "XXXXXXXXXXXX4242"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .collect();
    if event == "cancel" {
        params.insert("cancelledBy".into(), "user".into());
    }
    params
}

/// The query of a postback carrying `params`, signed with `key` as Verotel signs it.
pub fn signed_query(params: &Params, key: &str) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    query.extend_pairs(params);
    query.append_pair("signature", &sign_incoming(key, SHOP_ID, params));
    query.finish()
}
