//! Each instance keeps the records of images it served for 30 s (src/users/cache.rs), so an
//! image seen again, or a 304, costs no database read. Real processes on one Redis: a change
//! made through one gateway reaches the other's memory through the announcement, well before
//! the record would expire, and the next answer there is refused or re-served, never stale.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::MockServer;

use crate::helpers::until;
use crate::scale_out::{Deployment, make_pro};
use crate::staff::{account, account_on, accounts_service, token};

/// Far under the kept record's 30 s: only the announcement can make the change seen by then.
const AT_ONCE: Duration = Duration::from_secs(2);

/// A deployment whose accounts service knows ada as an admin.
async fn deployment_with_an_admin() -> (Deployment, MockServer) {
    let accounts = accounts_service().await;
    account_on(&accounts, "ada", account("ada", json!({"admin": true}))).await;
    let host = accounts.uri().trim_start_matches("http://").to_owned();
    let deployment = Deployment::start_with(100, &["--auth-emulator-host", &host]).await;
    (deployment, accounts)
}

/// One answer for image `id` through gateway `via`: its status and `ETag`, asking with
/// `If-None-Match: seen` when given.
async fn image(
    deployment: &Deployment,
    via: usize,
    token: &str,
    id: &str,
    seen: Option<&str>,
) -> (StatusCode, Option<String>) {
    let mut request = deployment
        .client
        .get(deployment.gateways[via].url(&format!("/api/v1/generations/{id}/image")))
        .bearer_auth(token);
    if let Some(tag) = seen {
        request = request.header("if-none-match", tag);
    }
    let response = request.send().await.unwrap();
    let tag = response
        .headers()
        .get("etag")
        .map(|t| t.to_str().unwrap().to_owned());
    (response.status(), tag)
}

/// A finished image of `token`'s made through gateway 0 from `body`: its generation id.
async fn made(deployment: &Deployment, token: &str, body: &Value) -> String {
    let (status, job) = deployment.submit_job(0, token, body).await;
    assert_eq!(status, 202, "{job}");
    let ended = deployment
        .until_ended(0, token, job["id"].as_str().unwrap())
        .await;
    assert_eq!(ended["status"], "succeeded", "{ended}");
    ended["generations"][0]["id"].as_str().unwrap().to_owned()
}

/// Gateway 1 answers `id` with a 304 for the tag it served: the record is in its memory now.
async fn seen_through_the_other(deployment: &Deployment, token: &str, id: &str) -> String {
    let (status, tag) = image(deployment, 1, token, id, None).await;
    assert_eq!(status, 200);
    let tag = tag.unwrap();
    let again = image(deployment, 1, token, id, Some(&tag)).await;
    assert_eq!(again.0, StatusCode::NOT_MODIFIED);
    tag
}

/// `uid`'s age verified on the test-mode page through gateway 0, as a person answers it.
async fn verified(deployment: &Deployment, token: &str) {
    let link: Value = deployment
        .client
        .post(deployment.gateways[0].url("/api/v1/me/age-check"))
        .bearer_auth(token)
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let page = link["url"].as_str().unwrap();
    let (_, page) = page.split_once("/age-check/").unwrap();
    let answered = deployment
        .client
        .post(deployment.gateways[0].url(&format!("/age-check/{page}")))
        .form(&[("answer", "adult")])
        .send()
        .await
        .unwrap();
    assert_eq!(answered.status(), 303);
}

#[tokio::test]
async fn an_image_deleted_through_one_gateway_is_not_found_through_the_other_at_once() {
    let deployment = Deployment::start(100).await;
    let _worker = deployment.worker();
    let ann = deployment.register("ann").await;
    let id = made(&deployment, &ann, &json!({"prompt": "a fox"})).await;
    let tag = seen_through_the_other(&deployment, &ann, &id).await;

    let deleted = deployment
        .client
        .delete(deployment.gateways[0].url(&format!("/api/v1/generations/{id}")))
        .bearer_auth(&ann)
        .send()
        .await
        .unwrap();

    assert_eq!(deleted.status(), 204);
    until(AT_ONCE, async || {
        image(&deployment, 1, &ann, &id, Some(&tag)).await.0 == StatusCode::NOT_FOUND
    })
    .await;
    assert_eq!(
        image(&deployment, 1, &ann, &id, None).await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_plan_changed_from_the_console_re_serves_the_original_through_a_gateway_that_kept_the_preview()
 {
    let deployment = Deployment::start(100).await;
    let _worker = deployment.worker();
    let ann = deployment.register("ann").await;
    let id = made(&deployment, &ann, &json!({"prompt": "a fox"})).await;
    let preview = seen_through_the_other(&deployment, &ann, &id).await;

    make_pro(&deployment, "ann").await;

    let mut answer = (StatusCode::NOT_MODIFIED, None);
    until(AT_ONCE, async || {
        answer = image(&deployment, 1, &ann, &id, Some(&preview)).await;
        answer.0 != StatusCode::NOT_MODIFIED
    })
    .await;
    assert_eq!(answer.0, StatusCode::OK);
    assert_eq!(answer.1.unwrap(), format!("\"{id}.original\""));
    assert_eq!(preview, format!("\"{id}.preview\""));
}

#[tokio::test]
async fn an_age_check_reset_through_one_gateway_refuses_a_kept_explicit_image_through_the_other() {
    let (deployment, _accounts) = deployment_with_an_admin().await;
    let _worker = deployment.worker();
    let ann = deployment.register("ann").await;
    verified(&deployment, &ann).await;
    let id = made(
        &deployment,
        &ann,
        &json!({"prompt": "a nude woman on a beach", "style": "nsfw-v1.1"}),
    )
    .await;
    let tag = seen_through_the_other(&deployment, &ann, &id).await;

    let reset = deployment
        .client
        .post(deployment.gateways[0].url("/api/v1/support/users/ann/age-check/reset"))
        .bearer_auth(token("ada", json!({"admin": true})))
        .json(&json!({"reason": "the ID was someone else's"}))
        .send()
        .await
        .unwrap();

    assert_eq!(reset.status(), 200, "{:?}", reset.text().await);
    let mut refused = StatusCode::NOT_MODIFIED;
    until(AT_ONCE, async || {
        refused = image(&deployment, 1, &ann, &id, Some(&tag)).await.0;
        refused != StatusCode::NOT_MODIFIED
    })
    .await;
    assert_eq!(refused, StatusCode::FORBIDDEN);
}
