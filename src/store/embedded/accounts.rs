//! A user's record in the SQLite file: profile, plan, suspension, age check, inheritance and
//! deletion.

use async_trait::async_trait;
use rusqlite::params;

use super::{EmbeddedStore, docs, newer_age_check, read_user, sqlite, update_user};
use crate::store::{
    AccountRecords, AgeCheck, ManualPlan, PREFIX_END, ProfileUpdate, StoreResult, Subscription,
    Suspension, Tombstone, UserRecord, now_ms,
};

#[async_trait]
impl AccountRecords for EmbeddedStore {
    async fn get_user(&self, uid: &str) -> StoreResult<Option<UserRecord>> {
        let uid = uid.to_owned();
        self.with(move |c| read_user(c, &uid)).await
    }

    async fn upsert_profile(&self, uid: &str, update: &ProfileUpdate) -> StoreResult<UserRecord> {
        let (uid, update) = (uid.to_owned(), update.clone());
        self.with(move |c| {
            update_user(c, &uid.clone(), |existing| {
                Ok(crate::store::records::apply_profile(
                    existing,
                    &uid,
                    &update,
                    now_ms(),
                ))
            })
        })
        .await
    }

    async fn merge_subscription(&self, uid: &str, patch: &Subscription) -> StoreResult<UserRecord> {
        let patch = patch.clone();
        self.update_record(uid, move |user| {
            user.subscription
                .get_or_insert_with(Subscription::default)
                .merge(&patch);
        })
        .await
    }

    async fn set_plan_by_hand(&self, uid: &str, plan: &ManualPlan) -> StoreResult<UserRecord> {
        let plan = plan.clone();
        self.update_record(uid, move |user| {
            user.subscription
                .get_or_insert_with(Subscription::default)
                .set_by_hand(&plan);
        })
        .await
    }

    async fn find_users_by_email_prefix(
        &self,
        prefix: &str,
        limit: usize,
    ) -> StoreResult<Vec<UserRecord>> {
        let (from, to) = (prefix.to_owned(), format!("{prefix}{PREFIX_END}"));
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with(move |c| {
            docs(
                c,
                "SELECT doc FROM users WHERE email >= ?1 AND email <= ?2
                 ORDER BY email, uid LIMIT ?3",
                params![from, to, limit],
            )
        })
        .await
    }

    async fn set_suspension(&self, uid: &str, suspension: &Suspension) -> StoreResult<UserRecord> {
        let suspension = suspension.clone();
        self.update_record(uid, move |user| user.suspension = Some(suspension.clone()))
            .await
    }

    async fn lift_suspension(&self, uid: &str, reviewed_at: i64) -> StoreResult<UserRecord> {
        self.update_record(uid, move |user| {
            user.suspension = None;
            user.refusals_reviewed_at = Some(reviewed_at);
        })
        .await
    }

    async fn uphold_suspension(&self, uid: &str, at: i64) -> StoreResult<UserRecord> {
        self.update_record(uid, move |user| {
            if let Some(suspension) = &mut user.suspension {
                suspension.upheld_at = Some(at);
            }
        })
        .await
    }

    async fn suspended_users(&self, limit: usize) -> StoreResult<Vec<UserRecord>> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with(move |c| {
            docs(
                c,
                "SELECT doc FROM users WHERE json_extract(doc, '$.suspension.since') IS NOT NULL
                 ORDER BY json_extract(doc, '$.suspension.since') DESC, uid LIMIT ?1",
                params![limit],
            )
        })
        .await
    }

    async fn set_age_check(&self, uid: &str, check: &AgeCheck) -> StoreResult<UserRecord> {
        let check = check.clone();
        self.update_record(uid, move |user| newer_age_check(user, &check))
            .await
    }

    async fn inherit(
        &self,
        uid: &str,
        email_key: &str,
        tombstone: Option<&Tombstone>,
    ) -> StoreResult<UserRecord> {
        let (email_key, tombstone) = (email_key.to_owned(), tombstone.cloned());
        self.update_record(uid, move |user| {
            user.inherit(&email_key, tombstone.as_ref())
        })
        .await
    }

    async fn delete_account_records(&self, uid: &str, held: bool) -> StoreResult<()> {
        let uid = uid.to_owned();
        self.with(move |c| {
            let tx = c.transaction().map_err(sqlite)?;
            let mut tables = vec!["usage", "holds", "bonus"];
            if !held {
                tables.extend(["refusals", "users"]);
            }
            for table in tables {
                tx.execute(&format!("DELETE FROM {table} WHERE uid = ?1"), [&uid])
                    .map_err(sqlite)?;
            }
            tx.commit().map_err(sqlite)
        })
        .await
    }
}
