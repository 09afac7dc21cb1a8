//! FlexPay's signature, as Verotel's official clients compute it (`docs/verotel-wire.md` §1):
//! `lowercase_hex(SHA-256(key ":" k1 "=" v1 ":" … ))` over raw (decoded) values, keys sorted
//! by byte. Two rules, one per direction:
//! - what we send signs only the protocol's own keys, empty values dropped;
//! - what Verotel sends (postbacks, the success redirect) is checked over every parameter
//!   received but `signature`, empty and unknown ones included; the legacy SHA-1 form is
//!   accepted there only, as every official client does.
//!
//! `shopID` is part of every base string: added from our configuration when absent.

use std::collections::BTreeMap;

use sha1::Sha1;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The protocol version we speak; the official clients force it too.
pub const VERSION: &str = "4";

/// The keys an outgoing request signs (FlexPay 4: the PHP client's `_filter_params`, the
/// Kotlin client's `isSigned`). `email` and `oneClickToken` travel unsigned.
const SIGNED_KEYS: [&str; 26] = [
    "version",
    "shopID",
    "priceAmount",
    "priceCurrency",
    "paymentMethod",
    "description",
    "referenceID",
    "saleID",
    "custom1",
    "custom2",
    "custom3",
    "subscriptionType",
    "period",
    "name",
    "trialAmount",
    "trialPeriod",
    "cancelDiscountPercentage",
    "type",
    "successURL",
    "declineURL",
    "precedingSaleID",
    "upgradeOption",
    "mcc",
    "subCreditorName",
    "subCreditorId",
    "subCreditorCountry",
];

/// Parameters by key, in the byte order both the signature and the URL use.
pub type Params = BTreeMap<String, String>;

fn base_string<'a>(key: &str, pairs: impl Iterator<Item = (&'a String, &'a String)>) -> String {
    let mut base = key.to_owned();
    for (k, v) in pairs {
        base.push(':');
        base.push_str(k);
        base.push('=');
        base.push_str(v);
    }
    base
}

fn with_shop(params: &Params, shop_id: &str) -> Params {
    let mut all = params.clone();
    if !shop_id.is_empty() {
        all.entry("shopID".into())
            .or_insert_with(|| shop_id.to_owned());
    }
    all
}

/// The signature of a request we send: the signed keys only, empty values left out.
pub fn request_signature(key: &str, shop_id: &str, params: &Params) -> String {
    let all = with_shop(params, shop_id);
    let signed = all
        .iter()
        .filter(|(k, v)| !v.is_empty() && SIGNED_KEYS.contains(&k.as_str()));
    hex::encode(Sha256::digest(base_string(key, signed).as_bytes()))
}

/// A signed URL to `base`/`path`: every non-empty parameter in key order, form-encoded
/// (spaces as `+`), the signature last.
pub fn signed_url(
    base: &url::Url,
    path: &str,
    key: &str,
    shop_id: &str,
    params: &Params,
) -> String {
    let mut all = with_shop(params, shop_id);
    all.retain(|_, v| !v.is_empty());
    let signature = request_signature(key, shop_id, &all);
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    query.extend_pairs(&all);
    query.append_pair("signature", &signature);
    format!(
        "{}{path}?{}",
        base.as_str().trim_end_matches('/'),
        query.finish()
    )
}

/// Whether `received` (every parameter Verotel sent, `signature` among them) is signed with
/// `key`. The comparison is constant-time and ignores the hex digits' case.
pub fn is_signed(key: &str, shop_id: &str, received: &Params) -> bool {
    let Some(signature) = received.get("signature") else {
        return false;
    };
    let signature = signature.to_ascii_lowercase();
    let mut rest = with_shop(received, shop_id);
    rest.remove("signature");
    let base = base_string(key, rest.iter());
    let sha256 = hex::encode(Sha256::digest(base.as_bytes()));
    let sha1 = hex::encode(Sha1::digest(base.as_bytes()));
    let given = signature.as_bytes();
    // Both are computed and compared whatever the first answer, so the time says nothing.
    let either = given.ct_eq(sha256.as_bytes()) | given.ct_eq(sha1.as_bytes());
    either.into()
}

/// Parameters Verotel sent, signed as its servers sign them (for the test server and tools).
pub fn sign_incoming(key: &str, shop_id: &str, params: &Params) -> String {
    let mut all = with_shop(params, shop_id);
    all.remove("signature");
    hex::encode(Sha256::digest(base_string(key, all.iter()).as_bytes()))
}

#[cfg(test)]
mod tests;
