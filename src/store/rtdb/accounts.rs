//! A user's record in the Realtime Database: profile, plan, suspension, age check, inheritance
//! and deletion, each a transaction on `users/{uid}`.

use async_trait::async_trait;
use serde_json::Value;

use super::{
    Query, RtdbStore, apply_profile, from_value, key, newer_age_check, records, user_path,
};
use crate::store::{
    AccountRecords, AgeCheck, LogRecords, ManualPlan, PREFIX_END, ProfileUpdate, StoreResult,
    Subscription, Suspension, Tombstone, UserRecord, now_ms,
};

#[async_trait]
impl AccountRecords for RtdbStore {
    async fn get_user(&self, uid: &str) -> StoreResult<Option<UserRecord>> {
        from_value(self.client.get(&user_path(uid)?).await?)
    }

    async fn upsert_profile(&self, uid: &str, update: &ProfileUpdate) -> StoreResult<UserRecord> {
        let now = now_ms();
        self.update_user(uid, |existing| {
            Ok(apply_profile(existing, uid, update, now))
        })
        .await
    }

    async fn merge_subscription(&self, uid: &str, patch: &Subscription) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| {
            user.subscription
                .get_or_insert_with(Subscription::default)
                .merge(patch);
        })
        .await
    }

    async fn set_plan_by_hand(&self, uid: &str, plan: &ManualPlan) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| {
            user.subscription
                .get_or_insert_with(Subscription::default)
                .set_by_hand(plan);
        })
        .await
    }

    async fn find_users_by_email_prefix(
        &self,
        prefix: &str,
        limit: usize,
    ) -> StoreResult<Vec<UserRecord>> {
        let query = Query {
            order_by: "email",
            start_at: Some(Value::from(prefix)),
            end_at: Some(Value::from(format!("{prefix}{PREFIX_END}"))),
            limit_to_first: Some(limit),
            ..Query::default()
        };
        let mut found: Vec<UserRecord> = records(self.client.query("users", &query).await?)?
            .into_iter()
            .map(|(_, user)| user)
            .collect();
        found.sort_by(|a, b| (&a.email, &a.uid).cmp(&(&b.email, &b.uid)));
        Ok(found)
    }

    async fn set_suspension(&self, uid: &str, suspension: &Suspension) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| user.suspension = Some(suspension.clone()))
            .await
    }

    async fn lift_suspension(&self, uid: &str, reviewed_at: i64) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| {
            user.suspension = None;
            user.refusals_reviewed_at = Some(reviewed_at);
        })
        .await
    }

    async fn uphold_suspension(&self, uid: &str, at: i64) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| {
            if let Some(suspension) = &mut user.suspension {
                suspension.upheld_at = Some(at);
            }
        })
        .await
    }

    async fn suspended_users(&self, limit: usize) -> StoreResult<Vec<UserRecord>> {
        // Nulls order first and every `since` is a time, so `startAt` 0 keeps the suspended.
        let query = Query {
            order_by: "suspension/since",
            start_at: Some(Value::from(0)),
            limit_to_last: Some(limit),
            ..Query::default()
        };
        let mut found: Vec<UserRecord> = records(self.client.query("users", &query).await?)?
            .into_iter()
            .map(|(_, user)| user)
            .collect();
        found.sort_by_key(|u| std::cmp::Reverse(u.suspension.as_ref().map(|s| s.since)));
        Ok(found)
    }

    async fn set_age_check(&self, uid: &str, check: &AgeCheck) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| newer_age_check(user, check))
            .await
    }

    async fn inherit(
        &self,
        uid: &str,
        email_key: &str,
        tombstone: Option<&Tombstone>,
    ) -> StoreResult<UserRecord> {
        self.update_record(uid, |user| user.inherit(email_key, tombstone))
            .await
    }

    async fn delete_account_records(&self, uid: &str, held: bool) -> StoreResult<()> {
        let uid = key(uid)?;
        let mut paths = vec![format!("usage/{uid}"), format!("bonus/{uid}")];
        if !held {
            for (id, _) in self.list_refusals(uid).await? {
                paths.push(format!("refusals/{}", key(&id)?));
            }
            // Last: while it is there, a request that was cut can be made again.
            paths.push(user_path(uid)?);
        }
        for path in paths {
            self.client.put(&path, &Value::Null).await?;
        }
        Ok(())
    }
}
