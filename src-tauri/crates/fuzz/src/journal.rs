//! An import's journal, read back to resume the import or to show it.

use desk::import::parse_journal;

/// The bytes as a journal file's: what it says was sent or refused is
/// covered, so a resume never sends it again.
pub fn journal(data: &[u8]) {
    let Ok(journal) = parse_journal("fuzzed.jsonl".into(), data) else { return };
    let covered = journal.covered();
    for &(from, to) in journal.sent.iter().filter(|(from, to)| from <= to) {
        assert!(covered.contains(from) && covered.contains(to), "rows {from}..={to} were sent, not covered");
    }
    for (row, ..) in &journal.refused {
        assert!(covered.contains(*row) && covered.contains_alone(*row), "row {row} was refused, not covered");
    }
    let _ = (journal.to_send(), journal.refused_rows());
}
