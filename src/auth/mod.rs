//! Firebase ID-token verification, the way Google's Admin SDKs do it, and the extractors that
//! put the verified caller into handlers.

mod claims;
mod error;
mod extract;
mod keys;
mod verifier;

pub use claims::Claims;
pub use error::TokenError;
pub use extract::{AuthUser, MaybeAuthUser};
pub use keys::GoogleKeys;
pub use verifier::TokenVerifier;
