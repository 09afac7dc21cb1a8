//! Where a job stands, as its owner may learn it: the one reading of the board's snapshot that
//! `GET /v1/jobs/{id}` and every event stream share, so that both tell one story of a job.

use crate::generation::view::GenerationView;
use crate::generation::{JobError, Progress};
use crate::jobs::{JobState, Place, Snapshot};

#[derive(Debug, Clone, PartialEq)]
pub enum Stage {
    /// Waiting for a worker; its place when the board could tell it.
    Queued(Option<Place>),
    /// The last progress its worker reported, once there is one.
    Running(Option<Progress>),
    Ended(End),
}

/// How a job ended.
#[derive(Debug, Clone, PartialEq)]
pub enum End {
    Done(Vec<GenerationView>),
    Failed(JobError),
    Canceled,
}

impl Stage {
    /// A result that cannot be read is a failure: the images it names cannot be shown.
    pub fn of(snapshot: &Snapshot) -> Self {
        match snapshot.state {
            JobState::Reserving | JobState::Queued => Self::Queued(snapshot.place),
            JobState::Running => Self::Running(
                snapshot
                    .progress
                    .as_deref()
                    .and_then(|p| serde_json::from_str(p).ok()),
            ),
            JobState::Succeeded => Self::Ended(
                match serde_json::from_str(snapshot.result.as_deref().unwrap_or("")) {
                    Ok(views) => End::Done(views),
                    Err(e) => End::Failed(JobError::from_board(&format!("unreadable result: {e}"))),
                },
            ),
            JobState::Failed => Self::Ended(End::Failed(JobError::from_board(
                snapshot.error.as_deref().unwrap_or(""),
            ))),
            JobState::Canceled => Self::Ended(End::Canceled),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jobs::Tier;

    fn snapshot(state: JobState) -> Snapshot {
        Snapshot {
            id: "j".into(),
            uid: "u".into(),
            tier: Tier::Free,
            state,
            place: None,
            progress: None,
            result: None,
            error: None,
            settled: true,
        }
    }

    #[test]
    fn a_job_in_admission_is_queued() {
        assert_eq!(
            Stage::of(&snapshot(JobState::Reserving)),
            Stage::Queued(None)
        );
    }

    #[test]
    fn a_running_job_shows_its_last_readable_progress() {
        let mut running = snapshot(JobState::Running);
        running.progress = Some(r#"{"fraction":0.5,"etaSeconds":2.0}"#.into());
        let progress = Progress {
            fraction: 0.5,
            eta_seconds: Some(2.0),
        };
        assert_eq!(Stage::of(&running), Stage::Running(Some(progress)));

        running.progress = Some("half".into());
        assert_eq!(Stage::of(&running), Stage::Running(None));
    }

    #[test]
    fn a_success_whose_result_cannot_be_read_is_a_failure() {
        let mut succeeded = snapshot(JobState::Succeeded);
        succeeded.result = Some("[".into());

        let Stage::Ended(End::Failed(error)) = Stage::of(&succeeded) else {
            panic!("a failure");
        };
        assert!(error.message.contains("unreadable result"), "{error:?}");
    }

    #[test]
    fn a_success_shows_its_images() {
        let mut succeeded = snapshot(JobState::Succeeded);
        succeeded.result = Some("[]".into());
        assert_eq!(Stage::of(&succeeded), Stage::Ended(End::Done(Vec::new())));
    }
}
