//! The HTML5 named references (`entities.tsv`, written from CPython's `html.entities.html5` by
//! scripts/safety/tables.py), and ftfy's table of them: the names with `;`, and the all-lowercase
//! ones written in capitals where that is no other reference (`&EACUTE;` is `É`).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::html;

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

/// `html.entities.html5[name]`: `name` without the `&`, with its `;` where written.
pub fn html5(name: &str) -> Option<&'static str> {
    html5_table().get(name).map(String::as_str)
}

/// ftfy's `HTML_ENTITIES[reference]`: `reference` is `&name;`.
pub fn ftfy(reference: &str) -> Option<&'static str> {
    static FTFY: OnceLock<HashMap<String, String>> = OnceLock::new();
    FTFY.get_or_init(|| {
        let mut table = HashMap::new();
        for (name, value) in html5_table() {
            if !name.ends_with(';') {
                continue;
            }
            table.insert(format!("&{name}"), value.clone());
            if *name == name.to_lowercase() {
                let upper = format!("&{}", name.to_uppercase());
                if html::unescape(&upper) == upper {
                    table.insert(upper, value.to_uppercase());
                }
            }
        }
        table
    })
    .get(reference)
    .map(String::as_str)
}
