//! What every part of the demo's year of activity shares: the sender, the
//! lists' ids and a campaign's fields.

use crate::demo_language::{Language, Said};
use serde_json::{json, Map, Value};

pub(super) const FROM_NAME: Said = crate::demo_letters::BRAND;
pub(super) const FROM: &str = "news@northwind-cafe.com";
// The lists' ids, in the order `demo::LISTS` makes them.
pub(super) const NEWSLETTER: i64 = 1;
pub(super) const CLUB: i64 = 2;
pub(super) const STORE: i64 = 3;
pub(super) const WHOLESALE: i64 = 4;
pub(super) const EXPO: i64 = 5;
pub(super) const WORKSHOP: i64 = 6;

/// A campaign's fields in `language`: its name, subject and letter.
pub(super) fn fields_for(
    language: Language,
    [name, subject, body]: [Said; 3],
    path: &str,
    segment: Option<Value>,
) -> Map<String, Value> {
    let say = |said: Said| language.say(said);
    let mut fields = Map::new();
    fields.insert("name".into(), json!(say(name)));
    fields.insert("subject".into(), json!(say(subject)));
    fields.insert("from_name".into(), json!(say(FROM_NAME)));
    fields.insert("from_email".into(), json!(FROM));
    fields.insert("html".into(), json!(crate::demo_letters::letter(language, say(subject), say(body), path)));
    if let Some(segment) = segment {
        fields.insert("esegment".into(), segment);
    }
    fields
}
