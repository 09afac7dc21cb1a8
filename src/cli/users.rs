//! `lucent users …`: support staff look users up, change a plan and add bonus credits by hand,
//! on the same data the running service uses (the embedded SQLite file or the Realtime
//! Database), through the same code as the support console. Every change leaves an
//! `audit/{uid}` entry.

use std::fmt::Write as _;
use std::sync::Arc;

use anyhow::{Context, bail};
use chrono::{DateTime, NaiveDate, Utc};
use clap::Subcommand;

use crate::config::Config;
use crate::process::wiring;
use crate::staff::{self, ActionError, Authority, Decision, Grant, Plan, PlanChange};
use crate::store::{Store, Subscription, UserRecord, now_ms};
use crate::upstream;
use crate::users::period::CreditPlan;

#[derive(Debug, Subcommand)]
pub enum UsersCommand {
    /// Users by uid or the start of their email, one per line: uid, email, username, and why
    /// they are (not) pro.
    Find {
        /// A uid, or the start of an email address.
        query: String,
    },
    /// Profile, plan and why, credits used, and the audit trail.
    Show {
        /// A uid or an email address.
        who: String,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Set a user's plan by hand (refunds, goodwill, fixing a missed payment).
    SetPlan {
        /// The user's uid (an email may belong to several accounts: look it up with `show`).
        uid: String,
        plan: Plan,
        /// Why: kept in the audit trail.
        #[arg(long)]
        reason: String,
        /// Last day of a pro plan (UTC, YYYY-MM-DD); without it pro lasts until changed.
        #[arg(long)]
        until: Option<NaiveDate>,
        /// Who is making the change (default: $USER).
        #[arg(long, env = "USER", default_value = "support")]
        by: String,
    },
    /// The review queue: suspended accounts (the latest first), then every user's refused
    /// requests, newest first, 50 at a time.
    Queue {
        /// A refusal id: the page of refusals older than it (the last line names the next).
        #[arg(long, allow_hyphen_values = true)]
        before: Option<String>,
    },
    /// Lift a suspension by the content rules: generation works again, and the refusals so
    /// far no longer count.
    LiftSuspension {
        uid: String,
        /// Why: kept in the audit trail.
        #[arg(long)]
        reason: String,
        /// Who decides (default: $USER).
        #[arg(long, env = "USER", default_value = "support")]
        by: String,
    },
    /// Keep a suspension by the content rules, saying why.
    UpholdSuspension {
        uid: String,
        /// Why: kept in the audit trail.
        #[arg(long)]
        reason: String,
        /// Who decides (default: $USER).
        #[arg(long, env = "USER", default_value = "support")]
        by: String,
    },
    /// Mark a refused request a false positive (its id is in `show`): it stops counting
    /// towards a suspension.
    FalsePositive {
        uid: String,
        /// Its id (push ids start with `-`).
        #[arg(allow_hyphen_values = true)]
        refusal: String,
        /// Why: kept in the audit trail.
        #[arg(long)]
        reason: String,
        /// Who decides (default: $USER).
        #[arg(long, env = "USER", default_value = "support")]
        by: String,
    },
    /// Bonus credits.
    Credits {
        #[command(subcommand)]
        command: CreditsCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum CreditsCommand {
    /// Add bonus credits to the user's current period (a free user's ends at midnight UTC, a
    /// pro user's with the month).
    Add {
        /// The user's uid.
        uid: String,
        /// How many, 1 to 500.
        credits: u32,
        /// Why: kept in the audit trail.
        #[arg(long)]
        reason: String,
        /// Who is making the grant (default: $USER).
        #[arg(long, env = "USER", default_value = "support")]
        by: String,
    },
}

pub async fn run(config: &Config, command: UsersCommand) -> anyhow::Result<()> {
    let http = upstream::http_client()?;
    let store = wiring::open_store(config, &http).await?;
    let output = match command {
        UsersCommand::Find { query } => find_lines(config, &store, &query).await?,
        UsersCommand::Show { who, json } => show(config, &store, &who, json).await?,
        UsersCommand::Credits {
            command:
                CreditsCommand::Add {
                    uid,
                    credits,
                    reason,
                    by,
                },
        } => {
            let grant = Grant {
                credits,
                reason: &reason,
                actor: &by,
                // The command line is the operator's.
                authority: Authority::Admin,
                day: None,
            };
            let granted =
                staff::add_credits(store.as_ref(), &config.quotas(), &uid, &grant, Utc::now())
                    .await
                    .map_err(flag_error)?;
            let done = format!(
                "{uid}: {} ({} bonus credits in {}, until {})",
                granted.action,
                granted.bonus,
                granted.period.key,
                granted.period.resets_at.to_rfc3339()
            );
            told(config, &uid, done).await?
        }
        UsersCommand::Queue { before } => queue_lines(&store, before.as_deref()).await?,
        UsersCommand::LiftSuspension { uid, reason, by } => {
            decide(config, &store, &uid, Decision::Lift, &reason, &by).await?
        }
        UsersCommand::UpholdSuspension { uid, reason, by } => {
            decide(config, &store, &uid, Decision::Uphold, &reason, &by).await?
        }
        UsersCommand::FalsePositive {
            uid,
            refusal,
            reason,
            by,
        } => {
            let (_, action) =
                staff::mark_false_positive(store.as_ref(), &uid, &refusal, &reason, &by)
                    .await
                    .map_err(flag_error)?;
            format!("{uid}: {action}\n")
        }
        UsersCommand::SetPlan {
            uid,
            plan,
            reason,
            until,
            by,
        } => {
            let changed = set_plan(&store, &uid, plan, &reason, until, &by).await?;
            told(config, &uid, changed).await?
        }
    };
    print!("{output}");
    Ok(())
}

async fn decide(
    config: &Config,
    store: &Arc<dyn Store>,
    uid: &str,
    decision: Decision,
    reason: &str,
    by: &str,
) -> anyhow::Result<String> {
    let (_, action) = staff::decide(store.as_ref(), uid, decision, reason, by)
        .await
        .map_err(flag_error)?;
    told(config, uid, format!("{uid}: {action}")).await
}

/// `done`, and when the running service sees it: at once when the change could be announced.
async fn told(config: &Config, uid: &str, done: String) -> anyhow::Result<String> {
    let announced = match wiring::redis(config)? {
        Some(redis) => crate::users::announce(&redis, "cli", uid).await,
        None => false,
    };
    Ok(if announced {
        format!("{done}; every instance sees it now\n")
    } else {
        format!(
            "{done}; the running service sees it within {} s\n",
            crate::users::CACHE_TTL.as_secs()
        )
    })
}

/// A staff action's refusal, in the command line's words.
fn flag_error(e: ActionError) -> anyhow::Error {
    match e {
        ActionError::Invalid { field, message } => anyhow::anyhow!("--{field} {message}"),
        other => other.into(),
    }
}

/// Refusals on one page of `queue`.
const QUEUE_PAGE: usize = 50;

async fn queue_lines(store: &Arc<dyn Store>, before: Option<&str>) -> anyhow::Result<String> {
    let queue = staff::queue(store.as_ref(), before, QUEUE_PAGE)
        .await
        .map_err(flag_error)?;
    let mut out = String::new();
    if queue.suspended.is_empty() {
        writeln!(out, "suspended: none")?;
    }
    for user in &queue.suspended {
        let Some(suspension) = &user.suspension else {
            continue;
        };
        let review = match suspension.upheld_at {
            Some(at) => format!("upheld {}", ms_to_text(at)),
            None => "awaiting review".to_owned(),
        };
        writeln!(
            out,
            "suspended: {} {} since {}: {} ({review})",
            user.uid,
            user.email,
            ms_to_text(suspension.since),
            suspension.reason
        )?;
    }
    for q in &queue.refusals {
        let r = &q.refusal;
        let standing = if r.false_positive {
            " (false positive)"
        } else if !q.counts {
            " (reviewed)"
        } else {
            ""
        };
        writeln!(
            out,
            "refused:   {} {} {} {} {} via {}: {}{standing}",
            q.id,
            ms_to_text(r.at),
            r.uid,
            q.user.as_ref().map_or("(no account)", |u| u.email.as_str()),
            r.category,
            r.route,
            r.words.join(", ")
        )?;
    }
    if let Some(next) = &queue.next_before {
        writeln!(out, "more:      lucent users queue --before={next}")?;
    }
    Ok(out)
}

/// How many users `find` lists at most.
const FIND_AT_MOST: usize = 50;

async fn find_lines(
    config: &Config,
    store: &Arc<dyn Store>,
    query: &str,
) -> anyhow::Result<String> {
    let processor = config.billing_mode().id();
    let users = staff::find_users(store.as_ref(), query, FIND_AT_MOST)
        .await
        .map_err(|e| match e {
            ActionError::Invalid { .. } => anyhow::anyhow!("name a uid or the start of an email"),
            other => other.into(),
        })?;
    if users.is_empty() {
        bail!("no user with uid {query:?} or an email starting with it");
    }
    let now = now_ms();
    let mut out = String::new();
    for user in users {
        writeln!(
            out,
            "{}\t{}\t{}\t{}",
            user.uid,
            user.email,
            user.username,
            staff::why_pro(&user, now, processor)
        )?;
    }
    Ok(out)
}

/// A user by uid, or by email when exactly one account has it: emails are not verified, so
/// several accounts may carry the same one, and guessing would change the wrong account.
async fn find(store: &Arc<dyn Store>, who: &str) -> anyhow::Result<UserRecord> {
    if !who.contains('@') {
        return store
            .get_user(who)
            .await?
            .with_context(|| format!("no user with uid {who:?}"));
    }
    let mut found: Vec<UserRecord> = store
        .find_users_by_email_prefix(&who.to_lowercase(), 10)
        .await?
        .into_iter()
        .filter(|u| u.email.eq_ignore_ascii_case(who))
        .collect();
    match found.len() {
        0 => bail!("no user with email {who:?}"),
        1 => Ok(found.remove(0)),
        n => {
            let uids: Vec<&str> = found.iter().map(|u| u.uid.as_str()).collect();
            bail!(
                "{n}{} accounts have the email {who:?}: {}; name one by uid",
                if n >= 10 { "+" } else { "" },
                uids.join(", ")
            )
        }
    }
}

async fn show(
    config: &Config,
    store: &Arc<dyn Store>,
    who: &str,
    json: bool,
) -> anyhow::Result<String> {
    let user = find(store, who).await?;
    let now = now_ms();
    let plan = CreditPlan::of(&user, now);
    let pro = plan.is_pro();
    let period = config.quotas().period(plan, Utc::now());
    let used = store.get_usage(&user.uid, &period.key).await?;
    let bonus = store.get_bonus(&user.uid, &period.key).await?;
    let limit = period.limit.saturating_add(bonus);
    let audit = store.list_audit(&user.uid).await?;
    let refusals = store.list_refusals(&user.uid).await?;
    if json {
        let refusals: Vec<_> = refusals
            .iter()
            .map(|(id, r)| serde_json::json!({"id": id, "refusal": r}))
            .collect();
        let value = serde_json::json!({
            "user": user, "plan": if pro { "pro" } else { "free" },
            "credits": { "used": used, "limit": limit, "bonus": bonus, "period": period.key },
            "audit": audit, "refusals": refusals,
        });
        return Ok(format!("{}\n", serde_json::to_string_pretty(&value)?));
    }
    let mut out = String::new();
    writeln!(out, "uid:       {}", user.uid)?;
    writeln!(out, "email:     {}", user.email)?;
    writeln!(out, "username:  {}", user.username)?;
    writeln!(out, "created:   {}", ms_to_text(user.created_at))?;
    writeln!(
        out,
        "18+:       {}",
        if user.age_confirmed {
            "confirmed"
        } else {
            "not confirmed"
        }
    )?;
    writeln!(
        out,
        "plan:      {} ({})",
        if pro { "pro" } else { "free" },
        why(user.subscription.as_ref(), now)
    )?;
    writeln!(
        out,
        "credits:   {used} of {limit} used in {} ({bonus} bonus; resets {})",
        period.key,
        period.resets_at.to_rfc3339()
    )?;
    if let Some(suspension) = &user.suspension {
        writeln!(
            out,
            "suspended: since {}: {}",
            ms_to_text(suspension.since),
            suspension.reason
        )?;
    }
    for (id, r) in &refusals {
        writeln!(
            out,
            "refused:   {id} {} {} via {}: {}{}",
            ms_to_text(r.at),
            r.category,
            r.route,
            r.words.join(", "),
            if r.false_positive {
                " (false positive)"
            } else {
                ""
            }
        )?;
    }
    if audit.is_empty() {
        writeln!(out, "audit:     none")?;
    }
    for entry in audit {
        writeln!(
            out,
            "audit:     {} {} by {}: {}",
            ms_to_text(entry.at),
            entry.action,
            entry.actor,
            entry.reason
        )?;
    }
    Ok(out)
}

/// The plan's reason in words: what the record says and whether the period still runs.
fn why(sub: Option<&Subscription>, now: i64) -> String {
    let Some(sub) = sub else {
        return "no subscription record".into();
    };
    let plan_type = sub.plan_type.as_deref().unwrap_or("none");
    let status = sub.status.as_deref().unwrap_or("none");
    let period = match sub.current_period_end {
        None => "no period end".to_owned(),
        Some(end) if end > now => format!("period ends {}", ms_to_text(end)),
        Some(end) => format!("period ENDED {}", ms_to_text(end)),
    };
    format!("planType={plan_type}, status={status}, {period}")
}

fn ms_to_text(ms: i64) -> String {
    DateTime::<Utc>::from_timestamp_millis(ms).map_or_else(|| ms.to_string(), |t| t.to_rfc3339())
}

async fn set_plan(
    store: &Arc<dyn Store>,
    uid: &str,
    plan: Plan,
    reason: &str,
    until: Option<NaiveDate>,
    by: &str,
) -> anyhow::Result<String> {
    let change = PlanChange {
        plan,
        until,
        reason,
        actor: by,
        authority: Authority::Admin,
        day: None,
    };
    let (updated, action) = staff::set_plan(store.as_ref(), uid, &change)
        .await
        .map_err(flag_error)?;
    Ok(format!(
        "{}: {action} ({})",
        updated.uid,
        why(updated.subscription.as_ref(), now_ms()),
    ))
}
