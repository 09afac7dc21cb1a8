//! The `lucent` command line: `serve` (the default) and support commands.

mod staff;
mod users;

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand};

use crate::config::Config;
use crate::process::application::Application;
use crate::process::telemetry;

/// `lucent` alone serves; its flags are then `serve`'s.
#[derive(Debug, Parser)]
#[command(
    name = "lucent",
    version,
    about = "The Lucent gateway",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    config: Config,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the HTTP gateway (the default).
    Serve {
        #[command(flatten)]
        config: Config,
    },
    /// Run generation jobs from the shared queue (`LUCENT_REDIS_URL`) on `LUCENT_GENERATOR`,
    /// `LUCENT_GENERATOR_CONCURRENCY` at a time: one beside each GPU backend.
    Worker {
        #[command(flatten)]
        config: Config,
    },
    /// Grant or revoke the support console's roles (through Firebase Auth).
    Staff {
        #[command(subcommand)]
        command: staff::StaffCommand,
        #[command(flatten)]
        config: Config,
    },
    /// Support: look users up and change plans by hand (same configuration as `serve`).
    Users {
        #[command(subcommand)]
        command: users::UsersCommand,
        #[command(flatten)]
        config: Config,
    },
}

pub async fn run() -> ExitCode {
    let cli = Cli::parse();
    telemetry::init();
    let command = cli.command.unwrap_or(Command::Serve { config: cli.config });
    let config = match &command {
        Command::Serve { config }
        | Command::Worker { config }
        | Command::Users { config, .. }
        | Command::Staff { config, .. } => config,
    };
    if let Err(e) = config.validate() {
        eprintln!("error: configuration: {e}");
        return ExitCode::from(2);
    }
    let result = match command {
        Command::Serve { config } => serve(config).await,
        Command::Worker { config } => work(config).await,
        Command::Users { command, config } => users::run(&config, command).await,
        Command::Staff { command, config } => staff::run(&config, command).await,
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let app = Application::build(&config).await?;
    let listener = listen(&config).await?;
    let addr = listener.local_addr()?;
    let (stopping, stop) = tokio::sync::watch::channel(false);
    app.start_retention(&stop);
    let jobs = app.start_jobs(&stop)?;
    tracing::info!(%addr, "lucent listening");
    println!("Lucent is running at http://{addr}");
    let mut stopped = stop.clone();
    let server = app.serve(listener, async move {
        shutdown_signal().await;
        let _ = stopping.send(true);
    });
    // In-flight requests get a bounded grace period; a stream that never ends cannot hold
    // the process past it.
    let grace = Duration::from_secs(config.shutdown_grace);
    tokio::select! {
        () = server => {},
        () = async {
            let _ = stopped.wait_for(|s| *s).await;
            tokio::time::sleep(grace).await;
        } => tracing::warn!(seconds = grace.as_secs(), "requests still running after the grace period; stopping anyway"),
    }
    finish(jobs, grace).await;
    tracing::info!("lucent stopped");
    Ok(())
}

async fn listen(config: &Config) -> anyhow::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| anyhow::anyhow!("LUCENT_ADDR: cannot listen on {}: {e}", config.addr))
}

/// `lucent worker`: jobs from the shared queue; HTTP only for probes and metrics.
async fn work(config: Config) -> anyhow::Result<()> {
    if config.redis_url.is_none() {
        anyhow::bail!(
            "LUCENT_REDIS_URL: a worker takes its jobs from the queue the gateways share; set it"
        );
    }
    let app = Application::build(&config).await?;
    let listener = listen(&config).await?;
    let addr = listener.local_addr()?;
    let (stopping, stop) = tokio::sync::watch::channel(false);
    let jobs = app.start_jobs(&stop)?;
    if jobs.is_none() {
        anyhow::bail!(
            "LUCENT_GENERATOR: a worker needs a renderer (builtin, a1111+…, comfyui+…, legacy+…)"
        );
    }
    let mut stopped = stop.clone();
    let app = Arc::new(app);
    let probes = tokio::spawn({
        let app = Arc::clone(&app);
        async move {
            app.serve_probes(listener, async move {
                let _ = stopped.wait_for(|s| *s).await;
            })
            .await;
        }
    });
    println!("Lucent worker is running, with health and metrics at http://{addr}");
    shutdown_signal().await;
    let _ = stopping.send(true);
    let _ = probes.await;
    finish(
        jobs,
        Duration::from_secs(config.shutdown_grace + config.generator_timeout),
    )
    .await;
    tracing::info!("lucent worker stopped");
    Ok(())
}

/// Lets the jobs in hand end, for at most `grace`; the lease of any cut short runs out and
/// another worker runs it again.
async fn finish(jobs: Option<tokio::task::JoinHandle<()>>, grace: Duration) {
    if let Some(jobs) = jobs
        && tokio::time::timeout(grace, jobs).await.is_err()
    {
        tracing::warn!(
            seconds = grace.as_secs(),
            "jobs still running after the grace period; another worker will run them again"
        );
    }
}

/// Ctrl-C or SIGTERM (what Cloud Run and process managers send) starts a graceful stop.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutdown signal received");
}
