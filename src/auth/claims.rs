//! The claims of a Firebase ID token and the checks jsonwebtoken does not make.

use serde::Deserialize;

use super::TokenError;

/// Clock skew allowed on every time claim, as the Go and Java Admin SDKs allow.
pub const CLOCK_SKEW_SECS: i64 = 300;
const MAX_SUBJECT_LEN: usize = 128;

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Claims {
    // Defaults let a token missing these reach the checks that name what is wrong, instead of
    // failing as shapeless JSON.
    #[serde(default)]
    pub sub: String,
    #[serde(default)]
    pub aud: String,
    #[serde(default)]
    pub iss: String,
    pub exp: i64,
    pub iat: i64,
    pub auth_time: i64,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub email_verified: bool,
    #[serde(default)]
    pub name: Option<String>,
    /// Custom claims set by `lucent staff grant`; anything but `true` means no.
    #[serde(default, deserialize_with = "flag")]
    pub support: bool,
    #[serde(default, deserialize_with = "flag")]
    pub admin: bool,
}

/// A custom claim is a flag only when it is exactly `true`: a malformed one must not make the
/// whole token unreadable (and lock its owner out of everything).
fn flag<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(serde_json::Value::deserialize(d)? == serde_json::Value::Bool(true))
}

pub fn issuer_for(project_id: &str) -> String {
    format!("https://securetoken.google.com/{project_id}")
}

impl Claims {
    /// `iat`, `auth_time` and `sub`: checked in both modes, after the library's checks.
    pub fn check_times_and_subject(&self, now: i64) -> Result<(), TokenError> {
        if self.iat > now + CLOCK_SKEW_SECS {
            return Err(TokenError::NotYetValid("iat"));
        }
        if self.auth_time > now + CLOCK_SKEW_SECS {
            return Err(TokenError::NotYetValid("auth_time"));
        }
        if self.sub.is_empty() || self.sub.len() > MAX_SUBJECT_LEN {
            return Err(TokenError::BadSubject);
        }
        Ok(())
    }

    /// `aud`, `iss` and `exp`, for unsigned emulator tokens that never pass through
    /// jsonwebtoken's validation.
    pub fn check_project_and_expiry(&self, project_id: &str, now: i64) -> Result<(), TokenError> {
        if self.aud != project_id {
            return Err(TokenError::WrongProject("aud"));
        }
        if self.iss != issuer_for(project_id) {
            return Err(TokenError::WrongProject("iss"));
        }
        if self.exp + CLOCK_SKEW_SECS < now {
            return Err(TokenError::Expired);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(now: i64) -> Claims {
        Claims {
            sub: "uid-1".into(),
            aud: "demo-lucent".into(),
            iss: issuer_for("demo-lucent"),
            exp: now + 3600,
            iat: now,
            auth_time: now,
            email: None,
            email_verified: false,
            name: None,
            support: false,
            admin: false,
        }
    }

    #[test]
    fn a_role_is_a_claim_that_is_exactly_true() {
        let base = serde_json::json!({"sub": "u", "exp": 1, "iat": 1, "auth_time": 1});
        let read = |extra: serde_json::Value| {
            let mut token = base.clone();
            token
                .as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            let c: Claims = serde_json::from_value(token).unwrap();
            (c.support, c.admin)
        };

        assert_eq!(read(serde_json::json!({})), (false, false));
        assert_eq!(read(serde_json::json!({"support": true})), (true, false));
        assert_eq!(
            read(serde_json::json!({"support": "true", "admin": 1})),
            (false, false)
        );
        assert_eq!(
            read(serde_json::json!({"admin": true, "support": null})),
            (false, true)
        );
    }

    #[test]
    fn a_small_clock_skew_is_tolerated() {
        let now = 1_800_000_000;
        let mut c = claims(now);
        c.iat = now + CLOCK_SKEW_SECS;
        c.exp = now - CLOCK_SKEW_SECS;
        assert_eq!(c.check_times_and_subject(now), Ok(()));
        assert_eq!(c.check_project_and_expiry("demo-lucent", now), Ok(()));
    }

    #[test]
    fn a_skew_past_the_allowance_is_refused() {
        let now = 1_800_000_000;
        let mut c = claims(now);
        c.iat = now + CLOCK_SKEW_SECS + 1;
        assert_eq!(
            c.check_times_and_subject(now),
            Err(TokenError::NotYetValid("iat"))
        );
        let mut c = claims(now);
        c.exp = now - CLOCK_SKEW_SECS - 1;
        assert_eq!(
            c.check_project_and_expiry("demo-lucent", now),
            Err(TokenError::Expired)
        );
    }

    #[test]
    fn the_subject_is_bounded() {
        let now = 1_800_000_000;
        let mut c = claims(now);
        c.sub = "x".repeat(128);
        assert_eq!(c.check_times_and_subject(now), Ok(()));
        c.sub.push('x');
        assert_eq!(c.check_times_and_subject(now), Err(TokenError::BadSubject));
    }
}
