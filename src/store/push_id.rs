//! Keys that sort by creation time, like the Realtime Database's push ids: 8 characters of
//! millisecond timestamp then 12 random ones, in an alphabet that sorts in ASCII order.

use rand::Rng;

const ALPHABET: &[u8; 64] = b"-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";

pub fn next() -> String {
    let mut ms = u64::try_from(super::now_ms()).unwrap_or(0);
    let mut id = [0u8; 20];
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
}
