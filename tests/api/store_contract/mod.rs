//! One contract, two adapters: the embedded SQLite store and the Realtime Database client
//! (through a local server speaking the REST wire format) must behave the same. With
//! `FIREBASE_DATABASE_EMULATOR_HOST` set, the ignored `rtdb_emulator` tests run it against a
//! real Database emulator too (`cargo test -- --ignored rtdb_emulator`).

mod accounts;
mod events;
mod generations;
mod ledger;
mod logs;
mod tombstones;

use std::sync::Arc;
use std::time::Duration;

use lucent::store::embedded::EmbeddedStore;
use lucent::store::rtdb::{Credentials, RtdbClient, RtdbStore};
use lucent::store::{ProfileUpdate, Store};

use crate::fake_rtdb::FakeRtdb;

pub const NAMESPACE: &str = "demo-lucent-default-rtdb";

pub struct Harness {
    pub store: Arc<dyn Store>,
    _keep: Box<dyn std::any::Any + Send>,
}

pub async fn embedded() -> Harness {
    let dir = tempfile::tempdir().unwrap();
    Harness {
        store: Arc::new(EmbeddedStore::open(dir.path()).unwrap()),
        _keep: Box::new(dir),
    }
}

pub fn rtdb_client(base: &str, credentials: Credentials) -> RtdbClient {
    RtdbClient::new(
        lucent::upstream::http_client().unwrap(),
        url::Url::parse(&format!("{base}/")).unwrap(),
        Some(NAMESPACE.to_owned()),
        credentials,
        Duration::from_secs(2),
    )
}

pub async fn rtdb() -> Harness {
    let server = FakeRtdb::start(NAMESPACE, "owner").await;
    Harness {
        store: Arc::new(RtdbStore::new(rtdb_client(
            &server.uri,
            Credentials::EmulatorOwner,
        ))),
        _keep: Box::new(server),
    }
}

/// A real Database emulator, when one is running (it needs Java, so CI has none).
pub async fn rtdb_emulator() -> Harness {
    let host = std::env::var("FIREBASE_DATABASE_EMULATOR_HOST")
        .expect("set FIREBASE_DATABASE_EMULATOR_HOST to run these");
    let client = rtdb_client(&format!("http://{host}"), Credentials::EmulatorOwner);
    Harness {
        store: Arc::new(RtdbStore::new(client)),
        _keep: Box::new(()),
    }
}

pub fn profile(name: &str, age: bool) -> ProfileUpdate {
    ProfileUpdate {
        email: format!("{}@example.com", name.to_lowercase()),
        username: name.to_owned(),
        age_confirmed: age,
    }
}

/// Returns once the clock has moved on to its next millisecond. Push ids, the database's own
/// too, order entries by the millisecond they were made in, so a test that needs an order
/// waits for that event between two writes.
pub async fn next_millisecond() {
    let started = lucent::store::now_ms();
    while lucent::store::now_ms() == started {
        tokio::task::yield_now().await;
    }
}

/// Unique per run, so a shared emulator does not see earlier runs' records.
pub fn uid(name: &str) -> String {
    format!(
        "{name}-{}",
        lucent::store::push_id::next().replace(['-', '_'], "x")
    )
}

pub async fn the_store_answers_a_ping(store: &dyn Store) {
    store.ping().await.unwrap();
}

/// One test per contract function for `$adapter`, by port; `$attr` goes on each (`cfg(all())`
/// is none).
macro_rules! contract {
    ($adapter:ident, #[$attr:meta]) => {
        mod $adapter {
            contract!(@port $adapter, $attr, accounts;
                an_unknown_user_reads_as_none,
                a_profile_is_created_then_updated_in_place,
                an_age_confirmation_once_given_stays,
                a_subscription_is_merged_field_by_field,
                a_subscription_for_an_unknown_user_creates_nothing,
                a_plan_set_by_hand_clears_a_lapsed_end_and_keeps_the_payment_ids,
                a_user_is_found_by_email,
                every_account_sharing_an_email_is_found,
                users_are_found_by_the_start_of_their_email_in_email_order,
                suspended_users_are_listed_latest_first_and_an_upheld_one_stays,
                concurrent_writers_lose_no_update,
                an_accounts_records_are_deleted_but_what_a_hold_keeps,
                an_age_check_read_later_is_never_replaced_by_one_read_earlier,
            );
            contract!(@port $adapter, $attr, logs;
                audit_entries_are_kept_in_order,
                refusals_are_kept_in_order_and_a_suspension_is_set_and_lifted,
                a_users_refusals_are_theirs_alone,
                every_users_refusals_read_newest_first_in_pages,
            );
            contract!(@port $adapter, $attr, ledger;
                usage_is_zero_before_any_generation,
                credits_are_reserved_up_to_the_limit_and_settled_per_job,
                a_job_keeps_what_its_images_used_and_gets_the_rest_back,
                a_refund_is_paid_once_however_often_it_is_asked,
                nothing_comes_back_for_a_job_that_never_reserved,
                a_retried_reservation_takes_nothing_more,
                concurrent_reservations_never_pass_the_limit,
                bonus_credits_add_up_in_their_own_period,
                concurrent_bonus_grants_all_count,
                a_support_members_day_of_grants_never_passes_its_caps,
            );
            contract!(@port $adapter, $attr, generations;
                generations_are_stored_listed_newest_first_and_deleted,
                a_favourite_is_marked_and_unmarked_and_never_made_up,
                a_variation_keeps_its_source,
                old_generations_are_found_for_the_retention_sweep,
            );
            contract!(@port $adapter, $attr, tombstones;
                a_tombstone_is_written_once_and_found_when_due,
                a_verified_emails_tombstone_is_found_and_its_standing_carried_once,
            );
            contract!(@port $adapter, $attr, events;
                an_event_is_claimed_once_however_many_deliveries_race,
                a_released_claim_is_claimed_again_by_the_retry,
            );
            contract!(@port $adapter, $attr, store;
                the_store_answers_a_ping,
            );
        }
    };
    (@port $adapter:ident, $attr:meta, store; $($name:ident),* $(,)?) => {
        $(
            #[tokio::test]
            #[$attr]
            async fn $name() {
                let harness = crate::store_contract::$adapter().await;
                crate::store_contract::$name(&*harness.store).await;
            }
        )*
    };
    (@port $adapter:ident, $attr:meta, $port:ident; $($name:ident),* $(,)?) => {
        mod $port {
            $(
                #[tokio::test]
                #[$attr]
                async fn $name() {
                    let harness = crate::store_contract::$adapter().await;
                    crate::store_contract::$port::$name(&*harness.store).await;
                }
            )*
        }
    };
}

contract!(embedded, #[cfg(all())]);
contract!(rtdb, #[cfg(all())]);
contract!(rtdb_emulator, #[ignore = "needs a Database emulator: set FIREBASE_DATABASE_EMULATOR_HOST and run with --ignored"]);
