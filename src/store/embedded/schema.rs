//! The tables: one per Realtime Database path, each record its JSON document.

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS users (
    uid   TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    doc   TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS users_email ON users(email);
-- The review queue's suspended accounts, latest first.
CREATE INDEX IF NOT EXISTS users_suspended ON users(json_extract(doc, '$.suspension.since'))
    WHERE json_extract(doc, '$.suspension.since') IS NOT NULL;
CREATE TABLE IF NOT EXISTS audit (
    uid     TEXT NOT NULL,
    push_id TEXT NOT NULL,
    doc     TEXT NOT NULL,
    PRIMARY KEY (uid, push_id)
) STRICT;
CREATE TABLE IF NOT EXISTS refusals (
    uid     TEXT NOT NULL,
    push_id TEXT NOT NULL,
    doc     TEXT NOT NULL,
    PRIMARY KEY (uid, push_id)
) STRICT;
-- The review queue reads every user's refusals, newest first.
CREATE INDEX IF NOT EXISTS refusals_recent ON refusals(push_id);
CREATE TABLE IF NOT EXISTS generations (
    uid        TEXT NOT NULL,
    id         TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    doc        TEXT NOT NULL,
    PRIMARY KEY (uid, id)
) STRICT;
CREATE INDEX IF NOT EXISTS generations_created ON generations(created_at);
CREATE TABLE IF NOT EXISTS stripe_events (
    id  TEXT PRIMARY KEY,
    doc TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS usage (
    uid    TEXT NOT NULL,
    period TEXT NOT NULL,
    used   INTEGER NOT NULL CHECK (used >= 0),
    PRIMARY KEY (uid, period)
) STRICT;
-- The credit ledger: what each job holds of its period's count, written in the transaction
-- that changes the count, so a refund finds exactly what was taken, once.
CREATE TABLE IF NOT EXISTS holds (
    uid     TEXT NOT NULL,
    period  TEXT NOT NULL,
    job     TEXT NOT NULL,
    credits INTEGER NOT NULL CHECK (credits > 0),
    PRIMARY KEY (uid, period, job)
) STRICT;
CREATE TABLE IF NOT EXISTS tombstones (
    uid        TEXT PRIMARY KEY,
    keep_until INTEGER NOT NULL,
    doc        TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS tombstones_due ON tombstones(keep_until);
-- A new sign-up's verified email, looked up among the deleted accounts' standings.
CREATE INDEX IF NOT EXISTS tombstones_email ON tombstones(json_extract(doc, '$.emailKey'))
    WHERE json_extract(doc, '$.emailKey') IS NOT NULL;
CREATE TABLE IF NOT EXISTS staff_grants (
    staff   TEXT NOT NULL,
    day     TEXT NOT NULL,
    credits INTEGER NOT NULL CHECK (credits >= 0),
    pro     INTEGER NOT NULL CHECK (pro >= 0),
    PRIMARY KEY (staff, day)
) STRICT;
CREATE TABLE IF NOT EXISTS bonus (
    uid     TEXT NOT NULL,
    period  TEXT NOT NULL,
    credits INTEGER NOT NULL CHECK (credits >= 0),
    PRIMARY KEY (uid, period)
) STRICT;
";
