//! A job whose credits were reserved but that could not be put in line (the board failed in
//! between) never runs, and its credits come back exactly once: through its failed admission
//! when the board takes that, or through the reaper at the admission deadline when it does not.

use std::sync::Arc;
use std::time::Duration;

use lucent::admission::Route;
use lucent::generation::GenerateError;
use lucent::jobs::JobBoard;
use lucent::users::Caller;
use lucent::users::period::CreditPlan;

use crate::builder::Tasks;
use crate::faulty_board::{FaultyBoard, Step};
use crate::helpers::TestApp;

/// The app on a board that cannot put a job in line, and cannot fail an admission `outage`
/// times.
async fn app_losing_the_board_after_admission(outage: u32) -> (TestApp, Arc<FaultyBoard>) {
    let mut faulty = None;
    let app = TestApp::builder()
        .job_lease(SHORT_LEASE)
        .tasks(Tasks::Off)
        .arrange(|parts| {
            let board = FaultyBoard::around(Arc::clone(&parts.board));
            board.fail(Step::Publish);
            board.fail_times(Step::FailAdmission, outage);
            parts.board = board.clone();
            faulty = Some(board);
        })
        .spawn()
        .await;
    (app, faulty.unwrap())
}

/// Alice's submission, which the board fails.
async fn alices_submission(app: &TestApp) -> GenerateError {
    let alice = Caller {
        uid: "alice".into(),
        email: None,
        plan: CreditPlan::Free,
        age_confirmed: true,
        adult: true,
        suspended: false,
    };
    let body = serde_json::from_value(serde_json::json!({"prompt": "a fox"})).unwrap();
    app.state
        .admission
        .submit(&alice, &body, Route::Jobs)
        .await
        .unwrap_err()
}

/// A short lease: a grace of 2 s before settlement settles a failed admission, and an admission
/// deadline of 4 s.
const SHORT_LEASE: Duration = Duration::from_secs(1);
/// Past each, with a margin for the step that ended the job.
const SETTLEMENT_GRACE: Duration = Duration::from_millis(2_300);
const ADMISSION_DEADLINE: Duration = Duration::from_millis(4_300);

#[tokio::test]
async fn credits_reserved_for_a_job_never_put_in_line_come_back_through_its_failed_admission() {
    let (app, board) = app_losing_the_board_after_admission(0).await;
    let token = app.register("alice").await;

    let error = alices_submission(&app).await;

    assert!(matches!(error, GenerateError::Unavailable(_)));
    assert_eq!(
        app.credits_used(&token).await,
        1,
        "held until it is settled"
    );
    app.move_clock_on(SETTLEMENT_GRACE).await;
    app.reap_and_settle().await;

    assert_eq!(app.credits_used(&token).await, 0);
    assert_eq!(board.asked(Step::FailAdmission), 1);
    assert_eq!(app.jobs_waiting().await, 0, "the job never went in line");
}

#[tokio::test]
async fn credits_of_an_admission_the_board_could_not_even_fail_come_back_through_the_reaper() {
    let (app, board) = app_losing_the_board_after_admission(1).await;
    let token = app.register("alice").await;

    let error = alices_submission(&app).await;

    assert!(matches!(error, GenerateError::Unavailable(_)));
    app.move_clock_on(SETTLEMENT_GRACE).await;
    app.reap_and_settle().await;
    assert_eq!(
        app.credits_used(&token).await,
        1,
        "the board never heard of the failure: only the reaper can end it"
    );
    app.move_clock_on(ADMISSION_DEADLINE - SETTLEMENT_GRACE)
        .await;
    app.reap_and_settle().await;

    assert_eq!(app.credits_used(&token).await, 0);
    assert!(board.unsettled(Duration::ZERO).await.unwrap().is_empty());
    assert_eq!(app.jobs_waiting().await, 0, "the job never went in line");
}
