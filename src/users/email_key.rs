//! A keyed hash of a verified email: what a deleted account's tombstone remembers of its
//! address, so a new sign-up with it starts with the standing the old one left
//! (src/users/standing.rs), without the address itself being kept.

use hmac::{Hmac, KeyInit, Mac};
use secrecy::{ExposeSecret, SecretString};
use sha2::Sha256;

/// The key of `demo-…` projects, whose tokens anyone can mint: a secret there would guard
/// nothing, and a fixed one keeps matches across restarts of the local stack.
const DEMO_KEY: &str = "lucent-demo-project-email-key-not-a-secret";

#[derive(Clone)]
pub struct EmailKeys {
    /// The MAC with its key already absorbed: `/me` computes a key for every verified caller,
    /// and cloning this state saves the two hash blocks the key costs each time.
    keyed: Hmac<Sha256>,
}

impl EmailKeys {
    pub fn new(key: SecretString) -> Self {
        Self {
            keyed: Hmac::<Sha256>::new_from_slice(key.expose_secret().as_bytes())
                .expect("HMAC takes any key"),
        }
    }

    pub fn demo() -> Self {
        Self::new(DEMO_KEY.into())
    }

    /// HMAC-SHA256 of the address as providers compare it (case and outer spaces do not make
    /// another mailbox), in hex.
    pub fn of(&self, email: &str) -> String {
        let mut mac = self.keyed.clone();
        mac.update(email.trim().to_lowercase().as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_mailbox_has_one_key_and_the_key_is_not_the_address() {
        let keys = EmailKeys::new("k".repeat(32).into());
        let key = keys.of("Alice@Example.com ");
        assert_eq!(key, keys.of("alice@example.com"));
        assert_ne!(key, keys.of("alice2@example.com"));
        assert_ne!(key, EmailKeys::demo().of("alice@example.com"), "keyed");
        assert!(!key.contains("alice"));
        assert_eq!(key.len(), 64);
    }
}
