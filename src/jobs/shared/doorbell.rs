//! The Redis board's doorbell: job ids from Redis's pub/sub, fed to this process's listeners.

use std::time::Duration;

use redis::{PushKind, Value};

use super::{CHANGES, EVERYTHING, RedisBoard};

/// Feeds `changes` from Redis's pub/sub: job ids, and [`EVERYTHING`] after an outage (messages
/// published meanwhile are lost). Pings once a second, since the subscription alone would not
/// notice that Redis went away and came back.
pub(super) async fn listen(board: std::sync::Weak<RedisBoard>) {
    loop {
        let Some(redis) = board.upgrade().map(|b| b.redis.clone()) else {
            return;
        };
        let (mut connection, mut pushes) = match redis.subscribe(CHANGES).await {
            Ok(subscribed) => subscribed,
            Err(e) => {
                tracing::warn!(error = %e, "job changes: cannot subscribe; retrying");
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        let mut ping = tokio::time::interval(Duration::from_secs(1));
        loop {
            tokio::select! {
                push = pushes.recv() => {
                    let Some(push) = push else { break };
                    let Some(board) = board.upgrade() else { return };
                    let id = match push.kind {
                        PushKind::Message => match push.data.last() {
                            Some(Value::BulkString(b)) => String::from_utf8_lossy(b).into_owned(),
                            _ => continue,
                        },
                        PushKind::Disconnection | PushKind::Subscribe => EVERYTHING.to_owned(),
                        _ => continue,
                    };
                    let _ = board.changes.send(id);
                }
                _ = ping.tick() => {
                    if board.strong_count() == 0 {
                        return;
                    }
                    let _ = tokio::time::timeout(
                        Duration::from_millis(800),
                        redis::cmd("PING").query_async::<Value>(&mut connection),
                    )
                    .await;
                }
            }
        }
    }
}
