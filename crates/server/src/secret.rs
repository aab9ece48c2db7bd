//! Unguessable things: seat secrets and invite codes (128 random bits each,
//! stored only as SHA-256 hashes and compared in constant time) and room
//! ids. None of them is ever logged: [`Secret`]'s `Debug` hides it.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;
use subtle::ConstantTimeEq;

/// Bytes of randomness in a secret or an invite code (128 bits).
const SECRET_BYTES: usize = 16;
/// Characters of a room id.
const ROOM_ID_LEN: usize = 12;
/// The alphabet of room ids (62 letters: a room id holds about 71 bits).
const ROOM_ID_ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The operating system gave no randomness.
#[derive(Debug)]
pub struct NoRandomness(getrandom::Error);

impl fmt::Display for NoRandomness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no randomness from the operating system: {}", self.0)
    }
}

impl std::error::Error for NoRandomness {}

fn random_bytes<const N: usize>() -> Result<[u8; N], NoRandomness> {
    let mut bytes = [0u8; N];
    getrandom::getrandom(&mut bytes).map_err(NoRandomness)?;
    Ok(bytes)
}

/// A fair coin from the operating system's randomness (who plays first
/// when the creator asks for a random colour).
pub fn coin() -> Result<bool, NoRandomness> {
    let [byte]: [u8; 1] = random_bytes()?;
    Ok(byte & 1 == 1)
}

/// A seat secret or an invite code as its holder has it: 32 lowercase hex
/// digits. The server keeps only its [`SecretHash`].
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// A fresh secret from the operating system's randomness.
    pub fn generate() -> Result<Secret, NoRandomness> {
        let bytes: [u8; SECRET_BYTES] = random_bytes()?;
        Ok(Secret(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// `text` if it has a secret's form (32 hex digits), else `None`.
    pub fn parse(text: &str) -> Option<Secret> {
        (text.len() == 2 * SECRET_BYTES && text.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| Secret(text.to_ascii_lowercase()))
    }

    /// The text to hand to its holder.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The hash the server stores.
    pub fn hash(&self) -> SecretHash {
        SecretHash(Sha256::digest(self.0.as_bytes()).into())
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// The SHA-256 hash of a [`Secret`]: what the database holds.
#[derive(Clone, Copy)]
pub struct SecretHash([u8; 32]);

impl SecretHash {
    /// Whether the two hashes are equal, in time that does not depend on
    /// where they differ.
    pub fn matches(&self, other: &SecretHash) -> bool {
        self.0.ct_eq(&other.0).into()
    }

    /// The hash's bytes, for storage.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// A hash read back from storage; `None` unless it is 32 bytes.
    pub fn from_slice(bytes: &[u8]) -> Option<SecretHash> {
        Some(SecretHash(bytes.try_into().ok()?))
    }
}

impl fmt::Debug for SecretHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretHash(…)")
    }
}

/// A room's id: 12 characters of `[0-9A-Za-z]`, random, so that knowing one
/// room tells nothing about another.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoomId(String);

impl RoomId {
    /// A fresh random id.
    pub fn generate() -> Result<RoomId, NoRandomness> {
        // 256 is a multiple of 62 plus 8: reject the top bytes so each
        // letter is equally likely.
        let mut id = String::with_capacity(ROOM_ID_LEN);
        while id.len() < ROOM_ID_LEN {
            let bytes: [u8; 32] = random_bytes()?;
            for b in bytes {
                if usize::from(b) < 4 * ROOM_ID_ALPHABET.len() && id.len() < ROOM_ID_LEN {
                    id.push(char::from(
                        ROOM_ID_ALPHABET[usize::from(b) % ROOM_ID_ALPHABET.len()],
                    ));
                }
            }
        }
        Ok(RoomId(id))
    }

    /// `text` if it has a room id's form, else `None`.
    pub fn parse(text: &str) -> Option<RoomId> {
        (text.len() == ROOM_ID_LEN && text.bytes().all(|b| b.is_ascii_alphanumeric()))
            .then(|| RoomId(text.to_string()))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RoomId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for RoomId {
    type Error = String;
    fn try_from(text: String) -> Result<RoomId, String> {
        RoomId::parse(&text).ok_or_else(|| "not a room id".to_string())
    }
}

impl From<RoomId> for String {
    fn from(id: RoomId) -> String {
        id.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_128_bits_of_hex_and_differ() {
        let a = Secret::generate().unwrap();
        let b = Secret::generate().unwrap();
        assert_eq!(a.expose().len(), 32);
        assert!(Secret::parse(a.expose()).is_some());
        assert_ne!(a, b);
        assert!(!a.hash().matches(&b.hash()));
        assert!(a.hash().matches(&Secret::parse(a.expose()).unwrap().hash()));
    }

    #[test]
    fn debug_never_shows_a_secret() {
        let secret = Secret::generate().unwrap();
        assert!(!format!("{secret:?}").contains(secret.expose()));
        assert!(!format!("{:?}", secret.hash()).contains(secret.expose()));
    }

    #[test]
    fn malformed_secrets_and_ids_are_refused() {
        for text in ["", "xyz", &"g".repeat(32), &"a".repeat(31), &"a".repeat(33)] {
            assert!(Secret::parse(text).is_none(), "{text}");
        }
        for text in ["", "abc", "abcdefghijk!", "abcdefghijklm", "../../etc/pa"] {
            assert!(RoomId::parse(text).is_none(), "{text}");
        }
        let id = RoomId::generate().unwrap();
        assert_eq!(RoomId::parse(id.as_str()), Some(id.clone()));
        assert_ne!(RoomId::generate().unwrap(), id);
    }
}
