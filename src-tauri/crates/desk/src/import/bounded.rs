//! A delimited text's fields and records held to their bounds as the text
//! is read, before the reader of records keeps them: a quote that never
//! closes would otherwise make the rest of the file one field, held whole
//! in memory. The text is followed as the reader of records (`csv`) reads
//! it: a quote opens a quoted field only at the field's start, two quotes
//! inside one are a quote, and a line end inside one is the cell's.

use super::limits::{Past, FIELD_BYTES, RECORD_BYTES};
use super::lines::UnixLines;
use crate::error::FileLimit;
use std::io::{self, Read};

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    FieldStart,
    Unquoted,
    Quoted,
    /// A quote inside a quoted field: it closes it, unless another follows.
    QuoteInQuoted,
}

pub struct Bounded<R> {
    inner: UnixLines<R>,
    delimiter: u8,
    state: State,
    field: u64,
    record: u64,
    /// The row of the record being read, as a spreadsheet numbers it.
    row: u64,
}

impl<R: Read> Bounded<R> {
    pub fn new(inner: UnixLines<R>, delimiter: u8) -> Self {
        Bounded { inner, delimiter, state: State::FieldStart, field: 0, record: 0, row: 1 }
    }

    /// Whether what was read so far ends with a line end.
    pub fn ends_with_line_end(&self) -> bool {
        self.inner.ends_with_line_end()
    }

    fn follow(&mut self, byte: u8) -> Result<(), Past> {
        use State::*;
        let (delimiter, end) = (byte == self.delimiter, byte == b'\n');
        let (next, field_ends, record_ends) = match (self.state, byte) {
            (FieldStart, b'"') => (Quoted, false, false),
            (Quoted, b'"') => (QuoteInQuoted, false, false),
            (QuoteInQuoted, b'"') => (Quoted, false, false),
            (Quoted, _) => (Quoted, false, false),
            (_, _) if delimiter => (FieldStart, true, false),
            (_, _) if end => (FieldStart, true, true),
            _ => (Unquoted, false, false),
        };
        self.state = next;
        if record_ends {
            (self.field, self.record, self.row) = (0, 0, self.row + 1);
            return Ok(());
        }
        if field_ends {
            self.field = 0;
        } else {
            self.field += 1;
        }
        self.record += 1;
        if self.field > FIELD_BYTES {
            return Err(Past::in_row(FileLimit::Field, FIELD_BYTES, self.row));
        }
        if self.record > RECORD_BYTES {
            return Err(Past::in_row(FileLimit::Record, RECORD_BYTES, self.row));
        }
        Ok(())
    }
}

/// The bound a read went past, when that is why it failed.
pub fn past(error: &io::Error) -> Option<Past> {
    error.get_ref().and_then(|inner| inner.downcast_ref::<PastError>()).map(|e| e.0)
}

#[derive(Debug)]
struct PastError(Past);

impl std::fmt::Display for PastError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} past {} in row {:?}", self.0.limit, self.0.max, self.0.row)
    }
}

impl std::error::Error for PastError {}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        for &byte in &buf[..n] {
            self.follow(byte).map_err(|past| io::Error::other(PastError(past)))?;
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<String, Option<Past>> {
        let mut out = String::new();
        Bounded::new(UnixLines::new(text.as_bytes()), b',').read_to_string(&mut out).map_err(|e| past(&e))?;
        Ok(out)
    }

    #[test]
    fn a_quote_that_never_closes_is_refused_in_the_row_it_opens() {
        let text = format!("email,note\na@x.ru,fine\nb@x.ru,\"never closed\n{}", "x,y\n".repeat(100_000));
        assert_eq!(read(&text), Err(Some(Past::in_row(FileLimit::Field, FIELD_BYTES, 3))));
    }

    #[test]
    fn a_record_without_end_is_refused_in_its_row() {
        let text = format!("email\n{}", "a,".repeat(RECORD_BYTES as usize));
        assert_eq!(read(&text), Err(Some(Past::in_row(FileLimit::Record, RECORD_BYTES, 2))));
    }

    #[test]
    fn quotes_inside_fields_and_long_files_are_read_as_they_are() {
        let text = "a,\"say \"\"hi\"\", twice\",5\" screen\n\"two\nlines\",b\n".repeat(50_000);
        assert_eq!(read(&text).unwrap(), text);
    }
}
