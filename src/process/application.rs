//! One process of Lucent, built once from its configuration: `lucent serve`, `lucent worker`
//! and the integration tests all build this, so what a test runs is what a deployment runs.

use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::shared::SharedParts;
use super::{tasks, wiring};
use crate::config::Config;
use crate::gallery::retention;
use crate::http::{AppState, server};
use crate::{build_app, build_worker_app};

pub struct Application {
    /// What every handler reaches, and what a test arranges through.
    pub state: AppState,
    config: Config,
}

impl Application {
    /// Everything `config` asks for, shared with the deployment's other processes through
    /// Redis, or alone.
    pub async fn build(config: &Config) -> anyhow::Result<Self> {
        Self::build_on(config, wiring::shared_parts(config)?).await
    }

    /// The same on shared parts already made (a test wraps one of them in a fault).
    pub async fn build_on(config: &Config, shared: SharedParts) -> anyhow::Result<Self> {
        let state = wiring::from_config(config, shared).await?;
        Ok(Self {
            state,
            config: config.clone(),
        })
    }

    /// Starts reaping and settlement, each three times a lease, and, with a renderer, this
    /// process's worker; all stop taking work when `stop` turns true or its sender is gone.
    /// Returns the worker's task.
    pub fn start_jobs(
        &self,
        stop: &watch::Receiver<bool>,
    ) -> anyhow::Result<Option<JoinHandle<()>>> {
        let work = &self.state.work;
        let every = Duration::from_secs(self.config.job_lease).div_f32(3.0);
        let reaper = work.reaper();
        tasks::every("reaping", every, stop.clone(), move || {
            let reaper = reaper.clone();
            async move { reaper.reap().await }
        });
        let settler = work.settler.clone();
        tasks::every("settlement", every, stop.clone(), move || {
            let settler = settler.clone();
            async move { settler.settle_leftovers().await }
        });
        if let Some(backend) = &work.backend {
            tokio::spawn(wiring::check_checkpoints(
                Arc::clone(backend),
                self.state.admission.catalog().clone(),
            ));
        }
        let worker = wiring::worker(&self.config, &self.state)?;
        Ok(worker.map(|worker| tokio::spawn(worker.run(stop.clone()))))
    }

    /// Starts the hourly retention sweep of free users' images until `stop` turns true.
    pub fn start_retention(&self, stop: &watch::Receiver<bool>) {
        let retention = Arc::new(wiring::retention(&self.config, &self.state));
        tasks::every("retention", retention::EVERY, stop.clone(), move || {
            let retention = Arc::clone(&retention);
            async move { retention.sweep().await }
        });
    }

    /// Serves the whole API and the web app on `listener` until `stop` resolves.
    pub async fn serve(&self, listener: TcpListener, stop: impl Future<Output = ()>) {
        let app = build_app(self.state.clone());
        server::serve(listener, app, self.header_timeout(), stop).await;
    }

    /// Serves a worker's probes and metrics on `listener` until `stop` resolves.
    pub async fn serve_probes(&self, listener: TcpListener, stop: impl Future<Output = ()>) {
        let app = build_worker_app(self.state.clone());
        server::serve(listener, app, self.header_timeout(), stop).await;
    }

    fn header_timeout(&self) -> Duration {
        Duration::from_secs(self.config.header_timeout)
    }
}
