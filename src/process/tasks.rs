//! A process's named background tasks: each repeats one step at its own pace until the
//! process stops, under a span that names it in the log.

use std::future::Future;
use std::time::Duration;

use tokio::sync::watch;
use tracing::Instrument;

/// Runs `step` every `period` until `stop` turns true or its sender is gone.
pub fn every<F, Fut>(
    name: &'static str,
    period: Duration,
    mut stop: watch::Receiver<bool>,
    mut step: F,
) -> tokio::task::JoinHandle<()>
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send,
{
    let task = async move {
        let mut tick = tokio::time::interval(period);
        while !*stop.borrow() {
            tokio::select! {
                _ = tick.tick() => step().await,
                changed = stop.changed() => if changed.is_err() { return },
            }
        }
    };
    tokio::spawn(task.instrument(tracing::info_span!("task", name)))
}
