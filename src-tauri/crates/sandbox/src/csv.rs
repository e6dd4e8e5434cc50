//! Reading the CSV files an import fetches: quoted fields, doubled quotes,
//! CRLF or LF, and the delimiter (`,`, `;` or tab) guessed from the first line.

pub fn delimiter(text: &str) -> char {
    let first = text.lines().next().unwrap_or_default();
    [',', ';', '\t'].into_iter().max_by_key(|d| first.matches(*d).count()).unwrap_or(',')
}

/// Every row of the file; a row is its fields in order.
pub fn rows(text: &str) -> Vec<Vec<String>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let delimiter = delimiter(text);
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' if quoted => quoted = false,
            '"' if field.is_empty() => quoted = true,
            c if c == delimiter && !quoted => row.push(std::mem::take(&mut field)),
            '\r' if !quoted => {}
            '\n' if !quoted => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            c => field.push(c),
        }
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    rows.retain(|r| r.iter().any(|f| !f.trim().is_empty()));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_quotes_delimiters_and_line_ends() {
        let text = "email;name\r\n\"a@x.com\";\"Ann \"\"Annie\"\" Lee\"\r\nb@x.com;\"Bob; Jr\"\n\n";
        assert_eq!(
            rows(text),
            vec![
                vec!["email".to_string(), "name".into()],
                vec!["a@x.com".into(), "Ann \"Annie\" Lee".into()],
                vec!["b@x.com".into(), "Bob; Jr".into()],
            ]
        );
        assert_eq!(rows("a@x.com,Ann")[0], vec!["a@x.com", "Ann"]);
        assert_eq!(delimiter("a\tb\tc"), '\t');
    }

    #[test]
    fn a_quoted_field_may_hold_a_line_break() {
        assert_eq!(rows("a@x.com,\"two\nlines\"\n")[0][1], "two\nlines");
    }
}
