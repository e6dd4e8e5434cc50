//! Line ends as `\n` whatever wrote them (`\r\n` on Windows, a lone `\r`
//! on old Macs), as the text is read: the reader of records can then count
//! the lines a record spans, and so the blank lines between records, which
//! a spreadsheet shows as rows of their own.

use std::io::{self, Read};

pub struct UnixLines<R> {
    inner: R,
    /// The last byte read was `\r`: a `\n` right after it is the same line end.
    after_cr: bool,
    /// Whether the text ended with a line end (known once it is read to its end).
    ends_with_line_end: bool,
}

impl<R: Read> UnixLines<R> {
    pub fn new(inner: R) -> Self {
        UnixLines { inner, after_cr: false, ends_with_line_end: false }
    }

    /// Whether what was read so far ends with a line end.
    pub fn ends_with_line_end(&self) -> bool {
        self.ends_with_line_end
    }
}

impl<R: Read> Read for UnixLines<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let n = self.inner.read(buf)?;
            if n == 0 {
                return Ok(0);
            }
            let mut kept = 0;
            for i in 0..n {
                let byte = buf[i];
                let after_cr = std::mem::replace(&mut self.after_cr, byte == b'\r');
                if byte == b'\n' && after_cr {
                    continue;
                }
                buf[kept] = if byte == b'\r' { b'\n' } else { byte };
                kept += 1;
            }
            if kept > 0 {
                self.ends_with_line_end = buf[kept - 1] == b'\n';
                return Ok(kept);
            }
            // Only the `\n` of a `\r\n` split between two reads: read on.
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads through a reader that hands out `chunk` bytes at a time.
    fn unix(text: &[u8], chunk: usize) -> (String, bool) {
        struct Chunks<'a>(&'a [u8], usize);
        impl Read for Chunks<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(self.1).min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut lines = UnixLines::new(Chunks(text, chunk));
        let mut out = String::new();
        lines.read_to_string(&mut out).unwrap();
        (out, lines.ends_with_line_end())
    }

    #[test]
    fn every_kind_of_line_end_becomes_one_newline_however_the_text_is_cut() {
        for chunk in [1, 2, 3, 64] {
            assert_eq!(unix(b"a\r\nb\rc\nd", chunk), ("a\nb\nc\nd".into(), false), "{chunk}");
            assert_eq!(unix(b"a\r\n\r\nb\r\n", chunk), ("a\n\nb\n".into(), true), "{chunk}");
            assert_eq!(unix(b"a\r\r\n", chunk), ("a\n\n".into(), true), "{chunk}");
        }
    }
}
