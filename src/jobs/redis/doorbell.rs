//! The Redis board's doorbell: job ids from Redis's pub/sub, fed to this process's listeners.

use std::sync::Arc;

use super::{CHANGES, EVERYTHING, RedisBoard};
use crate::coordination::redis::Heard;

/// Feeds the board's `changes` from Redis's pub/sub: job ids, and [`EVERYTHING`] after an
/// outage (messages published meanwhile are lost, so every listener looks again).
pub(super) fn listen(board: &Arc<RedisBoard>) {
    board
        .redis
        .listen(CHANGES, Arc::downgrade(board), |board, heard| async move {
            let id = match heard {
                Heard::Message(id) => id,
                Heard::Missed => EVERYTHING.to_owned(),
            };
            let _ = board.changes.send(id);
        });
}
