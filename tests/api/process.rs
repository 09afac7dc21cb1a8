//! The real binary as a child process: `lucent serve` on a free port, for what only separate
//! processes show (signals, several instances sharing Redis).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A running `lucent serve`, killed with the test unless it has exited.
pub struct Instance {
    pub base: String,
    pub child: Child,
    /// Where its log (stderr) goes.
    log: PathBuf,
}

impl Instance {
    /// `lucent serve` with the Auth emulator's unsigned tokens, its data in `data`, and `args`.
    pub fn serve(data: &Path, args: &[&str]) -> Self {
        let (child, said, log) = start("serve", data, args);
        let base = said
            .strip_prefix("Lucent is running at ")
            .unwrap_or_else(|| panic!("lucent serve said {said:?}"))
            .to_owned();
        Self { base, child, log }
    }

    /// `lucent worker` on the same terms; its address serves probes and metrics only.
    pub fn worker(data: &Path, args: &[&str]) -> Self {
        let (child, said, log) = start("worker", data, args);
        let base = said
            .strip_prefix("Lucent worker is running, with health and metrics at ")
            .unwrap_or_else(|| panic!("lucent worker said {said:?}"))
            .to_owned();
        Self { base, child, log }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// What it logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap()
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `lucent <command>` and returns it with the first line it printed (once it is ready)
/// and the file its log goes to.
fn start(command: &str, data: &Path, args: &[&str]) -> (Child, String, PathBuf) {
    static STARTED: AtomicUsize = AtomicUsize::new(0);
    let log = data.join(format!(
        "{command}-{}.log",
        STARTED.fetch_add(1, Ordering::Relaxed)
    ));
    // Nothing answers on the discard port: no accounts service, unless `args` names one.
    let emulator = match args.contains(&"--auth-emulator-host") {
        true => [].as_slice(),
        false => ["--auth-emulator-host", "127.0.0.1:9"].as_slice(),
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_lucent"))
        .env_clear()
        .args([command, "--addr", "127.0.0.1:0"])
        .args(emulator)
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (child, line.trim().to_owned(), log)
}
