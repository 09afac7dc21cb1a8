//! The plumbing every route shares and no resource owns: validators and caching (`etag`), PNG
//! answers, the web app's files (`spa`), security headers, per-address rate limits, the JSON
//! body, the extractors and the request tracker (`track`).

pub(super) mod etag;
pub(super) mod extract;
pub(super) mod json;
pub(super) mod png;
pub(super) mod rate_limit;
pub(super) mod security_headers;
pub(super) mod spa;
pub(super) mod track;
