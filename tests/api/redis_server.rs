//! A real `redis-server` (Debian's; the test command installs it) on a free loopback port with
//! its own directory, stopped with the test. It can be stopped and started again on the same
//! port and data, as an outage would.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use tempfile::TempDir;

use crate::helpers::poll_until;

pub struct RedisServer {
    pub url: String,
    port: u16,
    dir: TempDir,
    child: Option<Child>,
}

const BINARY: &str = "redis-server";

impl RedisServer {
    pub async fn start() -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut server = Self {
            url: format!("redis://127.0.0.1:{port}"),
            port,
            dir: tempfile::tempdir().unwrap(),
            child: None,
        };
        server.resume().await;
        server
    }

    /// Starts the server again on the same port and data directory.
    pub async fn resume(&mut self) {
        let child = Command::new(BINARY)
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .arg("--dir")
            .arg(self.dir.path())
            // Every write on disk before the answer: a kill loses nothing that was acknowledged.
            .args([
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--save",
                "",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("{BINARY} could not start ({e}): the test command installs it with apt-get")
            });
        self.child = Some(child);
        let answered = tokio::time::timeout(
            Duration::from_secs(5),
            poll_until(async || self.answers().await),
        )
        .await;
        assert!(
            answered.is_ok(),
            "{BINARY} on port {} never answered",
            self.port
        );
    }

    /// The server's process id, while it runs.
    pub fn pid(&self) -> u32 {
        self.child.as_ref().expect("the server runs").id()
    }

    /// Kills the server, as a crash would.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    async fn answers(&self) -> bool {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let Ok(mut socket) = tokio::net::TcpStream::connect(("127.0.0.1", self.port)).await else {
            return false;
        };
        let mut reply = [0u8; 7];
        socket.write_all(b"PING\r\n").await.is_ok()
            && socket.read_exact(&mut reply).await.is_ok()
            && &reply == b"+PONG\r\n"
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.kill();
    }
}
