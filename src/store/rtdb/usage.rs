//! `usage/{uid}/{period}` on the Realtime Database: the credits used and what each job holds of
//! them, in one node, so that one conditional write (ETag) changes both: a reservation and its
//! holding land together, and a refund removes exactly the holding it gives back.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::invalid;
use crate::store::StoreResult;

#[derive(Debug, Default, Serialize, Deserialize)]
pub(super) struct Usage {
    pub(super) used: u32,
    /// Job id to the credits it holds until it is settled.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) holds: BTreeMap<String, u32>,
}

impl Usage {
    /// Absent is nothing used; a bare number (a count written before the ledger) holds nothing.
    pub(super) fn from_value(value: Value) -> StoreResult<Self> {
        match value {
            Value::Null => Ok(Self::default()),
            Value::Number(_) => Ok(Self {
                used: serde_json::from_value(value).map_err(invalid)?,
                holds: BTreeMap::new(),
            }),
            other => serde_json::from_value(other).map_err(invalid),
        }
    }

    pub(super) fn to_value(&self) -> StoreResult<Value> {
        serde_json::to_value(self).map_err(invalid)
    }
}
