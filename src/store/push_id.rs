//! Keys that sort by creation time, like the Realtime Database's push ids: 8 characters of
//! millisecond timestamp then 12 random ones, in an alphabet that sorts in ASCII order.

use rand::Rng;

const ALPHABET: &[u8; 64] = b"-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";

pub fn next() -> String {
    with_random_chars(12)
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
    let mut ms = u64::try_from(super::now_ms()).unwrap_or(0);
    let mut id = vec![0u8; 8 + random];
    for slot in id[..8].iter_mut().rev() {
        *slot = ALPHABET[(ms % 64) as usize];
        ms /= 64;
    }
    let mut rng = rand::rng();
    for slot in &mut id[8..] {
        *slot = ALPHABET[rng.random_range(0..64)];
    }
    id.iter().map(|&b| char::from(b)).collect()
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
