//! A user's images as staff see them (`src/http/staff/images.rs`).

use super::*;

#[tokio::test]
async fn staff_see_a_pro_users_images_only_blurred() {
    let (c, sam) = console_for_sam(TestApp::builder()).await;
    c.register("alice").await;
    let id = image_of(&c, "alice").await;
    let alice = token("alice", json!({}));
    let as_alice = async || {
        let image = c.app.get_image(&alice, &id, false).await;
        image.bytes().await.unwrap()
    };
    let blurred = as_alice().await;
    c.app.make_pro("alice").await;
    let sharp = as_alice().await;
    assert_ne!(blurred, sharp, "alice, now pro, sees the original");

    let page = c
        .json(&sam, "/api/v1/support/users/alice/generations")
        .await;
    let item = &page["items"][0];
    let preview = c.get(Some(&sam), item["imageUrl"].as_str().unwrap()).await;

    assert_eq!(
        (&item["id"], &item["prompt"], &item["blurred"]),
        (&json!(id), &json!("a fox"), &json!(true))
    );
    let card = c.json(&sam, "/api/v1/support/users/alice").await;
    assert_eq!(card["generations"], 1, "the card counts them");
    assert_eq!(preview.status(), 200);
    assert_eq!(preview.headers()["content-type"], "image/png");
    let preview = preview.bytes().await.unwrap();
    assert_eq!(preview, blurred);
    crate::provenance::assert_marked_as_ai_made(&preview);
    let user_route = c
        .get(Some(&sam), &format!("/api/v1/generations/{id}/image"))
        .await;
    assert_eq!(
        status_and_code(user_route).await,
        (404, "not_found".to_owned()),
        "the user's own route serves staff nothing of hers"
    );
}

#[tokio::test]
async fn another_users_images_are_not_found_and_a_bad_page_is_refused() {
    let (c, sam) = console_for_sam(TestApp::builder()).await;
    c.register("alice").await;
    c.register("bob").await;
    let bobs = image_of(&c, "bob").await;

    let crossed = c
        .get(
            Some(&sam),
            &format!("/api/v1/support/users/alice/generations/{bobs}/preview"),
        )
        .await;
    let nobody = c
        .get(Some(&sam), "/api/v1/support/users/carol/generations")
        .await;
    let bad_limit = c
        .get(
            Some(&sam),
            "/api/v1/support/users/alice/generations?limit=0",
        )
        .await;

    assert_eq!(
        status_and_code(crossed).await,
        (404, "not_found".to_owned())
    );
    assert_eq!(status_and_code(nobody).await, (404, "not_found".to_owned()));
    assert_eq!(
        status_and_code(bad_limit).await,
        (422, "invalid_field".to_owned())
    );
}
