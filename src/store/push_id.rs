//! Keys that sort by creation time, like the Realtime Database's push ids: 8 characters of
//! millisecond timestamp then 12 random ones, in an alphabet that sorts in ASCII order.

use std::sync::Mutex;

use rand::Rng;

const ALPHABET: &[u8; 64] = b"-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";

/// A push id. Like the database's own client, ids made in the same millisecond by this
/// process count up from the previous one instead of drawing anew, so that entries written in
/// a row (an audit trail, a user's refusals) keep their order.
pub fn next() -> String {
    static LAST: Mutex<(u64, [u8; 12])> = Mutex::new((0, [0; 12]));
    let ms = u64::try_from(super::now_ms()).unwrap_or(0);
    let mut last = LAST
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if last.0 == ms {
        // Base-64 increment of the random part; it never runs out within a millisecond.
        for digit in last.1.iter_mut().rev() {
            *digit = (*digit + 1) % 64;
            if *digit != 0 {
                break;
            }
        }
    } else {
        let mut rng = rand::rng();
        *last = (ms, std::array::from_fn(|_| rng.random_range(0..64)));
    }
    let mut id = timestamp(ms);
    id.extend(last.1.iter().map(|&d| char::from(ALPHABET[usize::from(d)])));
    id
}

/// The 8 characters of `ms`.
fn timestamp(mut ms: u64) -> String {
    let mut digits = [0u8; 8];
    for slot in digits.iter_mut().rev() {
        *slot = ALPHABET[(ms % 64) as usize];
        ms /= 64;
    }
    digits.iter().map(|&b| char::from(b)).collect()
}

/// Generation ids: time-sortable like push ids (history pages by id), with 132 random bits
/// so that nobody can guess another image's address.
pub const GENERATION_ID_LEN: usize = 30;

pub fn generation_id() -> String {
    with_random_chars(GENERATION_ID_LEN - 8)
}

/// The id of a job's `index`-th image: the job's id with its last two characters replaced
/// by the index, so a job that runs twice writes the same records and blobs again instead of
/// new ones. Jobs ids are generation ids; 120 random bits remain.
pub fn image_id(job_id: &str, index: u32) -> String {
    let mut id = job_id.as_bytes()[..GENERATION_ID_LEN - 2].to_vec();
    id.push(ALPHABET[(index as usize / 64) % 64]);
    id.push(ALPHABET[index as usize % 64]);
    id.iter().map(|&b| char::from(b)).collect()
}

/// Whether `s` could be a generation id; anything else is refused before it reaches a store.
pub fn is_generation_id(s: &str) -> bool {
    s.len() == GENERATION_ID_LEN && s.bytes().all(|b| ALPHABET.contains(&b))
}

fn with_random_chars(random: usize) -> String {
    let mut id = timestamp(u64::try_from(super::now_ms()).unwrap_or(0));
    let mut rng = rand::rng();
    id.extend((0..random).map(|_| char::from(ALPHABET[rng.random_range(0..64)])));
    id
}

#[cfg(test)]
mod tests {
    #[test]
    fn later_ids_sort_after_earlier_ones() {
        let a = super::next();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let b = super::next();
        assert_eq!(a.len(), 20);
        assert!(a < b, "{a} should sort before {b}");
    }

    #[test]
    fn ids_made_in_one_millisecond_keep_their_order() {
        let ids: Vec<String> = (0..1000).map(|_| super::next()).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    }

    #[test]
    fn generation_ids_are_long_and_recognised() {
        let id = super::generation_id();
        assert!(super::is_generation_id(&id), "{id}");
        for bad in [
            "",
            "../../etc/passwd",
            &"a".repeat(29),
            &format!("{}.", &id[..29]),
        ] {
            assert!(!super::is_generation_id(bad), "{bad}");
        }
    }
}
