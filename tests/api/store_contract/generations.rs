//! Images' records: listed, favourited, kept with their source, found by the retention sweep.

use lucent::store::{GenerationRecord, SourceMode, SourceRef, Store};

use super::uid;

pub fn generation(id: &str, created_at: i64) -> GenerationRecord {
    GenerationRecord {
        id: id.to_owned(),
        prompt: "a lighthouse at dusk".into(),
        negative_prompt: String::new(),
        style: "real-v1.1".into(),
        checkpoint: "Realistic_Vision_V4.0.safetensors [29a7afaa]".into(),
        look: Some("korean".into()),
        seed: 42,
        steps: 30,
        enhance: true,
        width: 1024,
        height: 1024,
        size: Some("square".into()),
        cfg: Some(6.5),
        sampler: Some("euler-a".into()),
        favorite: false,
        source: None,
        created_at,
        explicit: Some(false),
        blob_key: format!("u/{id}/original.png"),
        preview_key: format!("u/{id}/preview.png"),
    }
}

pub async fn generations_are_stored_listed_newest_first_and_deleted(store: &dyn Store) {
    let id = uid("kim");
    let other = uid("lee");
    let ids: Vec<String> = (0..5)
        .map(|i| format!("g{i}-{}", lucent::store::push_id::next()))
        .collect();
    for (i, g) in ids.iter().enumerate() {
        store
            .put_generation(&id, &generation(g, 1_000 + i as i64))
            .await
            .unwrap();
    }
    store
        .put_generation(&other, &generation("g9-other", 1_000))
        .await
        .unwrap();

    let first = store.list_generations(&id, None, 2).await.unwrap();
    let next = store
        .list_generations(&id, Some(&first[1].id), 2)
        .await
        .unwrap();
    let last = store
        .list_generations(&id, Some(&next[1].id), 2)
        .await
        .unwrap();

    let seen: Vec<_> = [first, next, last]
        .concat()
        .into_iter()
        .map(|g| g.id)
        .collect();
    let mut expected = ids.clone();
    expected.reverse();
    assert_eq!(seen, expected);
    assert_eq!(
        store.get_generation(&id, &ids[0]).await.unwrap(),
        Some(generation(&ids[0], 1_000))
    );
    assert_eq!(store.get_generation(&id, "g9-other").await.unwrap(), None);

    assert!(store.delete_generation(&id, &ids[0]).await.unwrap());
    assert!(!store.delete_generation(&id, &ids[0]).await.unwrap());
    assert_eq!(store.get_generation(&id, &ids[0]).await.unwrap(), None);
    assert_eq!(
        store.list_generations(&id, None, 10).await.unwrap().len(),
        4
    );
    assert_eq!(store.count_generations(&id).await.unwrap(), 4);
    assert_eq!(store.count_generations(&other).await.unwrap(), 1);
    assert_eq!(store.count_generations(&uid("nobody")).await.unwrap(), 0);
}

pub async fn a_favourite_is_marked_and_unmarked_and_never_made_up(store: &dyn Store) {
    let id = uid("fay");
    store
        .put_generation(&id, &generation("fav-a", 1_000))
        .await
        .unwrap();

    assert!(store.set_favorite(&id, "fav-a", true).await.unwrap());
    assert!(
        store
            .get_generation(&id, "fav-a")
            .await
            .unwrap()
            .unwrap()
            .favorite
    );
    assert!(store.set_favorite(&id, "fav-a", false).await.unwrap());
    let unmarked = store.get_generation(&id, "fav-a").await.unwrap().unwrap();
    assert_eq!(unmarked, generation("fav-a", 1_000), "nothing else changed");

    assert!(!store.set_favorite(&id, "fav-none", true).await.unwrap());
    assert_eq!(
        store.get_generation(&id, "fav-none").await.unwrap(),
        None,
        "no record is made for a favourite"
    );
}

pub async fn a_variation_keeps_its_source(store: &dyn Store) {
    let id = uid("val");
    let mut varied = generation("varied", 2_000);
    varied.source = Some(SourceRef {
        generation: "source-id".into(),
        mode: SourceMode::VaryStrong,
    });
    store.put_generation(&id, &varied).await.unwrap();

    assert_eq!(
        store.get_generation(&id, "varied").await.unwrap(),
        Some(varied.clone())
    );
    assert_eq!(
        store.list_generations(&id, None, 1).await.unwrap(),
        [varied]
    );
}

pub async fn old_generations_are_found_for_the_retention_sweep(store: &dyn Store) {
    let (a, b) = (uid("mia"), uid("ned"));
    // Far in the past, so a shared emulator's other records do not interfere.
    store
        .put_generation(&a, &generation("old-a", 5))
        .await
        .unwrap();
    store
        .put_generation(&b, &generation("old-b", 7))
        .await
        .unwrap();
    store
        .put_generation(&a, &generation("new-a", 2_000_000_000_000))
        .await
        .unwrap();

    let ids = |found: Vec<GenerationRecord>| found.into_iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.generations_created_before(&a, 10, 100).await.unwrap()),
        ["old-a"]
    );
    assert_eq!(
        ids(store.generations_created_before(&b, 10, 100).await.unwrap()),
        ["old-b"]
    );
    assert_eq!(
        ids(store
            .generations_created_before(&a, 3_000_000_000_000, 1)
            .await
            .unwrap()),
        ["old-a"],
        "oldest first, up to the limit"
    );
    let owners = store.generation_owners().await.unwrap();
    assert!(owners.contains(&a) && owners.contains(&b), "{owners:?}");
}
