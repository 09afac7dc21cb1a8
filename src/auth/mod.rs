//! Firebase ID-token verification, the way Google's Admin SDKs do it.

mod claims;
mod error;
pub mod identity_toolkit;
mod keys;
mod verifier;

pub use claims::Claims;
pub use error::TokenError;
pub use keys::GoogleKeys;
pub use verifier::TokenVerifier;

/// Who a verified token says the caller is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub uid: String,
    /// The email the identity provider vouches for (never taken from a request body).
    pub email: Option<String>,
    /// The provider says the person proved they read mail at `email` (a link followed, or a
    /// provider such as Google that vouches for its own addresses).
    pub email_verified: bool,
    /// Staff roles as the token states them; the support console checks them again against
    /// the account itself, so a revoked role stops at once.
    pub roles: Roles,
    /// When the person signed in (seconds): sessions from before the account's `validSince`
    /// were revoked, as the Admin SDKs' `checkRevoked` decides.
    pub auth_time: i64,
}

/// Staff roles: custom claims on a Firebase account, set with `lucent staff grant`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Roles {
    /// May use the support console.
    pub support: bool,
    /// May grant and revoke roles.
    pub admin: bool,
}

impl From<&Claims> for Identity {
    fn from(claims: &Claims) -> Self {
        Self {
            uid: claims.sub.clone(),
            email: claims.email.clone(),
            email_verified: claims.email_verified,
            roles: Roles {
                support: claims.support,
                admin: claims.admin,
            },
            auth_time: claims.auth_time,
        }
    }
}
