//! Additional fields of a list: `/lists/{id}/fields`.

use crate::error::Result;
use crate::loose;
use crate::transport::Client;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FieldKind {
    Text,
    Date,
    Choice,
}

/// The longest template variable name the service accepts.
pub const MAX_VAR_LEN: usize = 10;

/// One additional field's definition, in the client's own shape. The wire
/// shape (`title`, `type`, `req`, `var`, with `title` an object for choices)
/// is produced and read by [`FieldDef::to_wire`] and [`FieldDef::from_wire`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldDef {
    pub title: String,
    pub kind: FieldKind,
    pub required: bool,
    pub var: String,
    #[serde(default)]
    pub choices: Vec<String>,
}

/// A field as it sits in a list: `merge_id` is N of `merge_N`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Field {
    pub merge_id: u8,
    #[serde(flatten)]
    pub def: FieldDef,
}

impl FieldDef {
    pub fn text(title: &str, var: &str) -> Self {
        FieldDef { title: title.into(), kind: FieldKind::Text, required: false, var: var.into(), choices: vec![] }
    }

    pub fn to_wire(&self) -> Value {
        let title = match self.kind {
            FieldKind::Choice => json!({"name": self.title, "choices": self.choices}),
            _ => json!(self.title),
        };
        json!({
            "title": title,
            "type": self.kind,
            "req": if self.required { "on" } else { "off" },
            "var": self.var,
        })
    }

    /// Reads a definition sent as an object or as a JSON-encoded string.
    pub fn from_wire(value: &Value) -> Option<FieldDef> {
        let parsed;
        let value = match value {
            Value::String(s) => {
                parsed = serde_json::from_str::<Value>(s).ok()?;
                &parsed
            }
            other => other,
        };
        let kind = match value.get("type").and_then(Value::as_str).unwrap_or("text") {
            "date" => FieldKind::Date,
            "choice" => FieldKind::Choice,
            _ => FieldKind::Text,
        };
        let (title, mut choices) = match value.get("title")? {
            Value::Object(o) => {
                (o.get("name").and_then(Value::as_str).unwrap_or_default().to_string(), string_array(o.get("choices")))
            }
            other => (other.as_str().unwrap_or_default().to_string(), vec![]),
        };
        if choices.is_empty() {
            choices = string_array(value.get("choices"));
        }
        Some(FieldDef {
            title,
            kind,
            required: value.get("req").and_then(loose::flag_value).unwrap_or(false),
            var: value.get("var").and_then(Value::as_str).unwrap_or_default().to_string(),
            choices,
        })
    }
}

fn string_array(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// Adds a field to a list and answers its `merge_id`. Legacy: `lists.add_merge`.
pub async fn add(client: &Client, list_id: i64, def: &FieldDef) -> Result<u8> {
    let reply = client.post(&["lists", &list_id.to_string(), "fields"], def.to_wire()).await?;
    let id = reply.id("merge_id")?;
    u8::try_from(id).map_err(|_| crate::Error::Decode(format!("merge_id {id} is out of range")))
}

/// Replaces a field's definition. Legacy: `lists.update_merge`.
pub async fn update(client: &Client, list_id: i64, merge_id: u8, def: &FieldDef) -> Result<()> {
    let path = ["lists", &list_id.to_string(), "fields", &merge_id.to_string()];
    client.put(&path, def.to_wire()).await?;
    Ok(())
}

/// Removes a field and its values. Legacy: `lists.delete_merge`.
pub async fn delete(client: &Client, list_id: i64, merge_id: u8) -> Result<()> {
    let path = ["lists", &list_id.to_string(), "fields", &merge_id.to_string()];
    client.delete(&path, None).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choice_fields_travel_with_their_choices_in_the_title() {
        let def = FieldDef {
            title: "Size".into(),
            kind: FieldKind::Choice,
            required: true,
            var: "size".into(),
            choices: vec!["S".into(), "M".into()],
        };
        let wire = def.to_wire();
        assert_eq!(wire["title"]["choices"][1], "M");
        assert_eq!(wire["req"], "on");
        assert_eq!(FieldDef::from_wire(&wire), Some(def.clone()));
        assert_eq!(FieldDef::from_wire(&Value::String(wire.to_string())), Some(def));
    }

    #[test]
    fn an_empty_req_means_not_required() {
        let def = FieldDef::from_wire(&json!({"title": "City", "type": "text", "req": "", "var": "city"})).unwrap();
        assert!(!def.required);
    }
}
