//! An old Excel workbook (`.xls`) read for an import: by the app's own
//! program started as its reader, so a workbook made to take the reader
//! down (a chain of sectors that loops, a reader that hangs) is refused as
//! damaged while the process that asked stays up.

use desk::import::{read_table, Encoding, Reading, Unreadable, XlsReader};
use e2e::processes::built_binary;
use std::time::{Duration, Instant};

/// calamine's own test workbook: two rows of a date and a number.
const DATES: &[u8] = include_bytes!("../fixtures/xls/dates.xls");

fn reader() -> XlsReader {
    XlsReader { program: built_binary("campaign-desk"), deadline: Duration::from_secs(20) }
}

/// The workbook with its directory's chain of sectors looping on itself:
/// calamine follows it until memory runs out and the process ends.
pub fn xls_with_a_looping_directory() -> Vec<u8> {
    let mut bytes = DATES.to_vec();
    let word = |bytes: &[u8], at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let sector = 1usize << u16::from_le_bytes([bytes[0x1E], bytes[0x1F]]);
    let directory = word(&bytes, 0x30);
    let fat = word(&bytes, 0x4C) as usize;
    let at = 512 + fat * sector + 4 * directory as usize;
    bytes[at..at + 4].copy_from_slice(&directory.to_le_bytes());
    bytes
}

#[test]
fn an_old_excel_workbook_is_read_by_its_cells() {
    desk::import::set_xls_reader(reader());
    let file = read_table(DATES.to_vec(), &Reading::default()).expect("read");
    assert_eq!(file.encoding, Encoding::Xls);
    assert_eq!(file.sheets, vec!["Sheet1".to_string()]);
    assert_eq!(file.sheet.as_deref(), Some("Sheet1"));
    assert_eq!(file.first[..2], [vec!["2021-01-01".to_string(), "15".into()], vec!["2021-01-02".into(), "16".into()]]);
    let asked = Reading { sheet: Some("Лист2".into()), ..Reading::default() };
    assert_eq!(read_table(DATES.to_vec(), &asked).err(), Some(Unreadable::NoSuchSheet));
}

#[test]
fn a_workbook_that_ends_its_reader_is_refused_and_this_process_goes_on() {
    let started = Instant::now();
    let refused = desk::import::read_xls_with(&reader(), xls_with_a_looping_directory(), None).err();
    assert!(matches!(refused, Some(Unreadable::Damaged(_))), "{refused:?}");
    assert!(started.elapsed() < Duration::from_secs(20), "took {:?}", started.elapsed());
    // This process is up: the next workbook reads.
    assert!(desk::import::read_xls_with(&reader(), DATES.to_vec(), None).is_ok());
}

#[cfg(unix)]
#[test]
fn a_reader_that_hangs_is_ended_at_its_deadline() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("hangs");
    std::fs::write(&program, "#!/bin/sh\nexec sleep 600\n").unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    let hanging = XlsReader { program, deadline: Duration::from_secs(1) };
    let started = Instant::now();
    let refused = desk::import::read_xls_with(&hanging, DATES.to_vec(), None).err();
    assert_eq!(refused, Some(Unreadable::Damaged("the reader took longer than 1 s".into())));
    assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
}

#[cfg(unix)]
#[test]
fn a_reader_that_writes_garbage_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("garbage");
    std::fs::write(&program, "#!/bin/sh\necho '<html>'\n").unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    let garbage = XlsReader { program, deadline: Duration::from_secs(5) };
    let refused = desk::import::read_xls_with(&garbage, DATES.to_vec(), None).err();
    assert_eq!(refused, Some(Unreadable::Damaged("the reader wrote what is not its protocol".into())));
}
