//! PHP's `serialize` format, as the legacy interface takes arrays (the
//! sandbox's reader of request parameters).

use sandbox::php::{serialize, unserialize};

/// Reads the bytes as serialized text; what it reads, written again, reads
/// back the same once normalised (a map with keys 0..n is a list).
pub fn php(data: &[u8]) {
    let Some(value) = unserialize(&crate::input::text(data)) else { return };
    let written = serialize(&value);
    let again = unserialize(&written).unwrap_or_else(|| panic!("what was read cannot be read once written: {written}"));
    assert_eq!(unserialize(&serialize(&again)).as_ref(), Some(&again), "reading is not stable: {written}");
}
