//! The error side of the OpenAPI document: each operation lists the [`ErrorCode`]s it can send
//! with [`op_errors!`], and its error responses are derived from them, grouped by status.

use std::collections::BTreeMap;

use utoipa::PartialSchema;
use utoipa::openapi::{RefOr, Response};

use crate::http::error::ErrorCode;

/// The error responses of one operation in the document, grouped by status, each listing its
/// codes. Declared beside the handler with [`op_errors!`], from the same [`ErrorCode`]s the
/// contract tests check the handler against.
pub fn error_responses(codes: &[ErrorCode]) -> BTreeMap<String, RefOr<Response>> {
    use utoipa::openapi::{ContentBuilder, HeaderBuilder, Ref, ResponseBuilder};
    let mut by_status: BTreeMap<u16, Vec<&str>> = BTreeMap::new();
    for code in codes {
        by_status
            .entry(code.status().as_u16())
            .or_default()
            .push(code.as_str());
    }
    by_status
        .into_iter()
        .map(|(status, codes)| {
            let content = ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build();
            let mut response = ResponseBuilder::new()
                .description(format!("`code` is one of: {}", codes.join(", ")))
                .content("application/json", content);
            if status == 429 {
                response = response.header(
                    "Retry-After",
                    HeaderBuilder::new()
                        .schema(Some(u32::schema()))
                        .description(Some("Seconds until a retry can succeed"))
                        .build(),
                );
            }
            (status.to_string(), response.build().into())
        })
        .collect()
}

/// What every signed-in call can meet: a token that does not verify, or keys out of reach.
pub const AUTH: &[ErrorCode] = &[
    ErrorCode::TokenMissing,
    ErrorCode::TokenInvalid,
    ErrorCode::TokenExpired,
    ErrorCode::TokenWrongProject,
    ErrorCode::TokenNotYetValid,
    ErrorCode::TokenBadSubject,
    ErrorCode::AuthKeysUnavailable,
];
/// What every call that reads or writes records can meet.
pub const STORE: &[ErrorCode] = &[
    ErrorCode::StoreUnavailable,
    ErrorCode::StoreTimeout,
    ErrorCode::Internal,
];
/// What every call with a JSON body can meet before the handler runs.
pub const JSON_BODY: &[ErrorCode] = &[
    ErrorCode::MalformedJson,
    ErrorCode::UnsupportedMediaType,
    ErrorCode::PayloadTooLarge,
];

/// What a generation's submission (src/http/jobs/submission.rs) can answer besides the failures every
/// call shares.
pub const SUBMISSION: &[ErrorCode] = &[
    ErrorCode::RateLimited,
    ErrorCode::InvalidField,
    ErrorCode::ProfileMissing,
    ErrorCode::AccountSuspended,
    ErrorCode::ProRequired,
    ErrorCode::AgeConfirmationRequired,
    ErrorCode::AgeCheckRequired,
    ErrorCode::PromptRefused,
    ErrorCode::QuotaExhausted,
    ErrorCode::TooManyRequests,
    ErrorCode::QueueFull,
    ErrorCode::DependencyUnavailable,
];

/// Declares the error codes an operation can answer with, as a type for `responses(...)`:
/// `op_errors!(Name: AUTH + STORE + [ProfileMissing])`.
macro_rules! op_errors {
    ($name:ident: $($group:ident +)* [$($code:ident),* $(,)?]) => {
        pub struct $name;

        impl $name {
            pub fn codes() -> Vec<$crate::http::ErrorCode> {
                let mut codes: Vec<$crate::http::ErrorCode> = Vec::new();
                $(codes.extend_from_slice($crate::http::error::docs::$group);)*
                codes.extend::<[$crate::http::ErrorCode; _]>([$($crate::http::ErrorCode::$code),*]);
                codes
            }
        }

        impl utoipa::IntoResponses for $name {
            fn responses() -> std::collections::BTreeMap<
                String,
                utoipa::openapi::RefOr<utoipa::openapi::Response>,
            > {
                $crate::http::error::docs::error_responses(&Self::codes())
            }
        }
    };
}
pub(crate) use op_errors;
