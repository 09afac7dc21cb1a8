//! The HTML5 named references (`entities.tsv`, written from CPython's `html.entities.html5` by
//! scripts/safety/tables.py).

use std::collections::HashMap;
use std::sync::OnceLock;

const TABLE: &str = include_str!("entities.tsv");

fn html5_table() -> &'static HashMap<&'static str, String> {
    static TABLE_MAP: OnceLock<HashMap<&'static str, String>> = OnceLock::new();
    TABLE_MAP.get_or_init(|| {
        TABLE
            .lines()
            .filter_map(|line| {
                let (name, points) = line.split_once('\t')?;
                let value = points
                    .split(' ')
                    .filter_map(|p| u32::from_str_radix(p, 16).ok())
                    .filter_map(char::from_u32)
                    .collect();
                Some((name, value))
            })
            .collect()
    })
}

/// Every name (without `&`, with its `;` where the table has it) and what it stands for.
pub fn all() -> impl Iterator<Item = (&'static str, &'static str)> {
    html5_table()
        .iter()
        .map(|(name, value)| (*name, value.as_str()))
}

/// `html.entities.html5[name]`: `name` without the `&`, with its `;` where written.
pub fn html5(name: &str) -> Option<&'static str> {
    html5_table().get(name).map(String::as_str)
}
