//! Leaving and taking one's data: `DELETE /api/v1/me` (the account's email as confirmation),
//! `GET /api/v1/me/export` (a ZIP), and staff's `DELETE /api/v1/support/users/{uid}`.

pub(super) mod age_check;
pub(super) mod me;
pub(super) mod test_age_check;

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::account::{Asker, Bounds, Deleted, Deletion, DeletionError, Export};
use crate::auth::Identity;
use crate::gallery::Viewer;
use crate::http::error::docs::op_errors;
use crate::http::{ApiError, ApiJson, AppState, ErrorCode};
use crate::limits::Class;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeleteAccountBody {
    /// The account's email, typed again: nothing is deleted without it.
    email: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AccountDeleted {
    /// What was kept, each with why (the content rules hold an account under review); empty
    /// when everything went.
    kept: Vec<String>,
}

impl From<Deleted> for AccountDeleted {
    fn from(deleted: Deleted) -> Self {
        Self { kept: deleted.kept }
    }
}

impl From<DeletionError> for ApiError {
    fn from(e: DeletionError) -> Self {
        match e {
            DeletionError::Store(e) => e.into(),
            DeletionError::Images(e) => e.into(),
            DeletionError::Jobs(e) => e.into(),
            DeletionError::Busy
            | DeletionError::Accounts(_)
            | DeletionError::Payments(_)
            | DeletionError::Age(_) => {
                tracing::warn!(error = %e, "an account deletion stopped; asking again finishes it");
                ApiError::new(ErrorCode::DependencyUnavailable, e.to_string()).retry_after(5)
            }
        }
    }
}

/// Runs to its end in a task of its own: a client that leaves does not cut it (asking again
/// would finish it all the same).
pub(in crate::http) async fn delete(
    state: &AppState,
    uid: String,
    asker: Asker,
) -> Result<Deleted, ApiError> {
    let state = state.clone();
    tokio::spawn(async move {
        let deletion = Deletion {
            store: state.store.as_ref(),
            users: &state.users,
            admission: &state.admission,
            following: &state.following,
            blobs: &state.work.blobs,
            processor: state.billing.processor.as_ref(),
            accounts: &state.staff.accounts,
            age: &state.age,
        };
        deletion.delete(&uid, &asker).await
    })
    .await
    .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?
    .map_err(ApiError::from)
}

op_errors!(DeleteMeErrors: AUTH + STORE + JSON_BODY + [InvalidField, StorageUnavailable,
    DependencyUnavailable]);

#[utoipa::path(delete, path = "/v1/me", tag = "profile", security(("bearer" = [])),
    summary = "Deletes the caller's account: subscription, images, records and sign-in",
    description = "The body's email must be the account's. Asking again after a failure \
        finishes what the first request began; asking after the end changes nothing.",
    request_body = DeleteAccountBody,
    responses((status = 200, description = "Deleted", body = AccountDeleted), DeleteMeErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn delete_me(
    State(state): State<AppState>,
    user: Identity,
    ApiJson(body): ApiJson<DeleteAccountBody>,
) -> Result<Json<AccountDeleted>, ApiError> {
    let confirmed = user
        .email
        .as_deref()
        .is_some_and(|email| email.eq_ignore_ascii_case(body.email.trim()));
    if !confirmed {
        return Err(ApiError::invalid(
            "email",
            "type the account's email to confirm the deletion",
        ));
    }
    Ok(Json(delete(&state, user.uid, Asker::Owner).await?.into()))
}

op_errors!(ExportErrors: AUTH + STORE + [ProfileMissing, RateLimited, TooManyRequests]);

#[utoipa::path(get, path = "/v1/me/export", tag = "profile", security(("bearer" = [])),
    summary = "The caller's data as a ZIP: profile.json, generations.json and the images",
    description = "Images are the originals for pro users and the previews otherwise; an \
        explicit image is left out (its parameters stay, with `file` null and `withheld` \
        `age_check_required`) until the caller's age is verified. \
        The archive is written as it is sent; a failure halfway ends the transfer with an error.",
    responses((status = 200, description = "The archive", content_type = "application/zip",
        body = Vec<u8>), ExportErrors))]
#[tracing::instrument(skip_all, fields(uid = %user.uid))]
pub async fn export(State(state): State<AppState>, user: Identity) -> Result<Response, ApiError> {
    state.limits.user(Class::Export, &user.uid).await?;
    let slot = state.exports.take(&user.uid).await?;
    let record = state.users.record_of(&user).await?;
    let viewer = Viewer {
        pro: record.is_pro(crate::store::now_ms()),
        adult: state.users.adult(&record),
    };
    let export = Export {
        store: state.store.clone(),
        gallery: state.gallery.clone(),
        users: state.users.clone(),
        bounds: Bounds::DEFAULT,
    };
    let name = format!(
        "lucent-export-{}.zip",
        chrono::Utc::now().format("%Y-%m-%d")
    );
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        Body::from_stream(export.stream(user.uid, viewer, slot)),
    )
        .into_response())
}
