use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    lucent::cli::run().await
}
