//! PHP's `serialize` format, which the legacy interface and older clients use
//! for arrays (`a:2:{i:0;i:5;i:1;i:6;}`).

use serde_json::{Map, Value};

pub fn serialize(value: &Value) -> String {
    match value {
        Value::Null => "N;".into(),
        Value::Bool(b) => format!("b:{};", *b as u8),
        Value::Number(n) if n.is_i64() || n.is_u64() => format!("i:{n};"),
        Value::Number(n) => format!("d:{n};"),
        Value::String(s) => format!("s:{}:\"{}\";", s.len(), s),
        Value::Array(items) => {
            let body: String = items.iter().enumerate().map(|(i, v)| format!("i:{i};{}", serialize(v))).collect();
            format!("a:{}:{{{body}}}", items.len())
        }
        Value::Object(map) => {
            let body: String =
                map.iter().map(|(k, v)| format!("{}{}", serialize(&Value::String(k.clone())), serialize(v))).collect();
            format!("a:{}:{{{body}}}", map.len())
        }
    }
}

/// How deeply arrays may nest. Each level is a call on the stack, so text
/// from a request nested a hundred thousand times would overflow it; no
/// real parameter nests more than a few levels.
pub const MAX_DEPTH: usize = 64;

/// Reads a serialized value; `None` when the text is not PHP-serialized or
/// nests deeper than [`MAX_DEPTH`].
pub fn unserialize(text: &str) -> Option<Value> {
    let mut reader = Reader { bytes: text.as_bytes(), at: 0, depth: 0 };
    let value = reader.value()?;
    (reader.at == reader.bytes.len()).then_some(value)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    /// Arrays open around the value being read.
    depth: usize,
}

impl Reader<'_> {
    fn expect(&mut self, byte: u8) -> Option<()> {
        (self.bytes.get(self.at) == Some(&byte)).then(|| self.at += 1)
    }

    fn until(&mut self, stop: u8) -> Option<&str> {
        let from = self.at;
        let len = self.bytes[from..].iter().position(|b| *b == stop)?;
        self.at = from + len + 1;
        std::str::from_utf8(&self.bytes[from..from + len]).ok()
    }

    fn value(&mut self) -> Option<Value> {
        let tag = *self.bytes.get(self.at)?;
        self.at += 1;
        if tag == b'N' {
            self.expect(b';')?;
            return Some(Value::Null);
        }
        self.expect(b':')?;
        match tag {
            b'i' => self.until(b';')?.parse::<i64>().ok().map(Value::from),
            b'd' => self.until(b';')?.parse::<f64>().ok().map(Value::from),
            b'b' => Some(Value::Bool(self.until(b';')? == "1")),
            b's' => {
                let len: usize = self.until(b':')?.parse().ok()?;
                self.expect(b'"')?;
                let end = self.at.checked_add(len)?;
                let s = std::str::from_utf8(self.bytes.get(self.at..end)?).ok()?.to_string();
                self.at = end;
                self.expect(b'"')?;
                self.expect(b';')?;
                Some(Value::String(s))
            }
            b'a' => {
                let count: usize = self.until(b':')?.parse().ok()?;
                self.expect(b'{')?;
                if self.depth == MAX_DEPTH {
                    return None;
                }
                self.depth += 1;
                let mut entries = Vec::with_capacity(count.min(1024));
                for _ in 0..count {
                    let key = match self.value()? {
                        Value::String(s) => s,
                        Value::Number(n) => n.to_string(),
                        _ => return None,
                    };
                    entries.push((key, self.value()?));
                }
                self.expect(b'}')?;
                self.depth -= 1;
                let sequential = entries.iter().enumerate().all(|(i, (k, _))| *k == i.to_string());
                Some(if sequential {
                    Value::Array(entries.into_iter().map(|(_, v)| v).collect())
                } else {
                    Value::Object(entries.into_iter().collect::<Map<_, _>>())
                })
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn round_trips_lists_and_maps() {
        for v in [json!([5, 6]), json!({"title": "Имя", "req": "off"}), json!({"a": [true, null, 1.5]})] {
            assert_eq!(unserialize(&serialize(&v)), Some(v));
        }
        assert_eq!(serialize(&json!({"t": "Имя"})), "a:1:{s:1:\"t\";s:6:\"Имя\";}");
    }

    #[test]
    fn refuses_what_is_not_serialized() {
        assert_eq!(unserialize("[1,2]"), None);
        assert_eq!(unserialize("s:5:\"ab\";"), None);
        assert_eq!(unserialize("a:1:{i:0;i:1;"), None);
    }

    fn nested(levels: usize) -> String {
        format!("{}i:1;{}", "a:1:{i:0;".repeat(levels), "}".repeat(levels))
    }

    #[test]
    fn nesting_is_read_up_to_its_limit() {
        let mut expected = json!(1);
        for _ in 0..MAX_DEPTH {
            expected = json!([expected]);
        }
        assert_eq!(unserialize(&nested(MAX_DEPTH)), Some(expected));
    }

    #[test]
    fn deeper_nesting_is_refused_not_a_stack_overflow() {
        assert_eq!(unserialize(&nested(MAX_DEPTH + 1)), None);
        assert_eq!(unserialize(&nested(1_000_000)), None);
    }
}
