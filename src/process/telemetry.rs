//! Logging set-up shared by every subcommand.

use tracing_subscriber::{EnvFilter, fmt};

/// Human-readable logs on a terminal, JSON lines otherwise (what log collectors parse).
/// `RUST_LOG` overrides the default level.
pub fn init() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,tower_http=info"));
    let json = !std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = fmt().with_env_filter(filter).with_writer(std::io::stderr);
    // A second init (tests, embedding) is harmless: keep the first subscriber.
    let _ = if json {
        builder.json().flatten_event(true).try_init()
    } else {
        builder.try_init()
    };
}
