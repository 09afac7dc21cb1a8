//! Reading `/salestatus`'s answer. Verotel's clients say only that it is "machine-readable
//! information about the given sale … in YAML format"; the key names below are those a
//! third-party client lists (`docs/verotel-wire.md` §3), so this reader takes flat
//! `key: value` lines, knows those few keys, and calls anything else an unusable answer rather
//! than guess. It feeds the support card's view of a sale; Premium is granted only by the
//! signed postbacks, never from this answer.

use super::super::ProviderError;
use super::super::processor::SubscriptionInfo;
use super::postback::end_of_day;

fn truthy(value: &str) -> bool {
    matches!(
        value.to_ascii_lowercase().as_str(),
        "1" | "true" | "yes" | "y"
    )
}

/// The sale `id` as the answer `body` describes it; `Ok(None)` when Verotel says it has no
/// such sale.
pub fn parse(id: &str, body: &str) -> Result<Option<SubscriptionInfo>, ProviderError> {
    let mut fields = std::collections::HashMap::new();
    for line in body.lines() {
        let line = line.trim();
        if line.is_empty() || line == "---" || line.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            return Err(ProviderError::Refused(format!(
                "an unreadable sale status line: {}",
                line.chars().take(80).collect::<String>()
            )));
        };
        let value = value.trim().trim_matches(['"', '\'']);
        fields.insert(key.trim().to_owned(), value.to_owned());
    }
    let field = |k: &str| fields.get(k).map(String::as_str);
    match field("response") {
        Some("FOUND") => {}
        Some("NOT_FOUND") => return Ok(None),
        other => {
            return Err(ProviderError::Refused(format!(
                "sale status answered {other:?}: {}",
                field("error").unwrap_or("no error given")
            )));
        }
    }
    let status = if field("expired").is_some_and(truthy) {
        "expired"
    } else if field("cancelled").is_some_and(truthy) {
        "cancelled"
    } else {
        "active"
    };
    let period_end = field("nextChargeOn")
        .or(field("expiresOn"))
        .and_then(end_of_day)
        .map(|ms| ms / 1000);
    Ok(Some(SubscriptionInfo {
        id: id.to_owned(),
        customer: String::new(),
        status: status.into(),
        current_period_end: period_end,
        uid: field("referenceID").map(|r| super::uid_of_reference(r).to_owned()),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_found_sale_reads_its_state_and_dates() {
        let body = "---\nresponse: FOUND\nsaleID: 42\nreferenceID: alice.0123456789abcdef\nsaleResult: APPROVED\ncancelled: 1\nexpired: 0\nnextChargeOn: 2026-12-26\n";
        let sale = parse("42", body).unwrap().unwrap();
        assert_eq!(sale.status, "cancelled");
        assert_eq!(sale.uid.as_deref(), Some("alice"));
        assert_eq!(sale.current_period_end, Some(1_798_329_600));
    }

    #[test]
    fn an_unknown_sale_is_none_and_anything_else_is_refused() {
        assert_eq!(parse("1", "response: NOT_FOUND\n").unwrap(), None);
        assert!(parse("1", "response: ERROR\nerror: bad signature\n").is_err());
        assert!(parse("1", "<html>maintenance</html>").is_err());
    }
}
