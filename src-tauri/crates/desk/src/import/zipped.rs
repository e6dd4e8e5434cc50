//! A workbook's zip looked over before anything reads its parts: how many
//! parts it has, what each says it unpacks to and how tightly it is packed,
//! from the central directory alone. The zip reader then stops each part
//! at the size it declared, so what a part can unpack to is bounded too.
//! Which kind of workbook it is comes from the names of its parts.

use super::limits::{Past, PACKING_RATIO, RATIO_FREE_BYTES, UNPACKED_BYTES, ZIP_ENTRIES};
use super::Unreadable;
use crate::error::FileLimit;
use std::io::{Cursor, Read, Seek};

/// The kinds of workbook a zip holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Xlsx,
    Ods,
    /// Another (an `.xlsb`, a zip of anything else).
    Other,
}

pub type Archive<'a> = zip::ZipArchive<Cursor<&'a [u8]>>;

pub(super) fn damaged(e: impl std::fmt::Display) -> Unreadable {
    Unreadable::Damaged(e.to_string())
}

/// Opens the zip and checks its central directory against the bounds.
pub fn vet(bytes: &[u8]) -> Result<(Archive<'_>, Kind), Unreadable> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(damaged)?;
    if archive.len() > ZIP_ENTRIES {
        return Err(Unreadable::Limit(Past::of(FileLimit::Parts, ZIP_ENTRIES as u64)));
    }
    let mut total = 0u64;
    let (mut xlsx, mut ods, mut xlsb) = (false, false, false);
    for index in 0..archive.len() {
        let part = archive.by_index_raw(index).map_err(damaged)?;
        let (unpacked, packed) = (part.size(), part.compressed_size());
        total = total.saturating_add(unpacked);
        if total > UNPACKED_BYTES {
            return Err(Unreadable::Limit(Past::of(FileLimit::Unpacked, UNPACKED_BYTES)));
        }
        if unpacked > RATIO_FREE_BYTES && unpacked / packed.max(1) > PACKING_RATIO {
            return Err(Unreadable::Limit(Past::of(FileLimit::Packing, PACKING_RATIO)));
        }
        let name = part.name().map_err(damaged)?.to_ascii_lowercase();
        xlsx |= name.ends_with("workbook.xml") && name.starts_with("xl/");
        xlsb |= name.ends_with("workbook.bin");
        ods |= name == "content.xml";
    }
    let kind = match (xlsx, ods, xlsb) {
        (true, _, _) => Kind::Xlsx,
        (false, true, _) => Kind::Ods,
        _ => Kind::Other,
    };
    Ok((archive, kind))
}

/// Opens a part by name, whatever its case.
pub fn part<'a, 'b>(archive: &'a mut Archive<'b>, name: &str) -> Option<zip::read::ZipFile<'a, Cursor<&'b [u8]>>> {
    let index = (0..archive.len())
        .find(|&i| archive.name_for_index(i).is_some_and(|n| n.is_ok_and(|n| n.eq_ignore_ascii_case(name))))?;
    archive.by_index(index).ok()
}

/// The names of the parts whose name ends so, whatever its case.
pub fn parts_ending(archive: &Archive<'_>, ending: &str) -> Vec<String> {
    let ending = ending.to_ascii_lowercase();
    (0..archive.len())
        .filter_map(|i| archive.name_for_index(i)?.ok())
        .filter(|n| n.to_ascii_lowercase().ends_with(&ending))
        .map(|n| n.into_owned())
        .collect()
}

/// An XML part read as it streams, entities left to the caller.
pub fn xml<R: Read>(part: R) -> quick_xml::Reader<std::io::BufReader<R>> {
    let mut reader = quick_xml::Reader::from_reader(std::io::BufReader::new(part));
    let config = reader.config_mut();
    config.expand_empty_elements = true;
    config.check_end_names = false;
    reader
}

/// A workbook's table of shared texts declares how many it holds, and the
/// spreadsheet reader makes room for that many before reading one: the
/// count is held against the texts the part really holds, counted as it
/// streams, and a part that declares more is refused.
pub fn vet_shared_strings<R: Read + Seek>(archive: &mut zip::ZipArchive<R>, name: &str) -> Result<(), Unreadable> {
    use quick_xml::events::Event;
    let Ok(part) = archive.by_name(name) else { return Ok(()) };
    let mut reader = xml(part);
    let (mut declared, mut held, mut depth) = (None::<u64>, 0u64, 0usize);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_event_into(&mut buf).map_err(damaged)? {
            Event::Start(e) => {
                depth += 1;
                let local = e.local_name();
                if depth == 1 && local.as_ref() == "sst" {
                    let count = e.try_get_attribute("uniqueCount").map_err(damaged)?;
                    declared = count.and_then(|a| a.value.trim().parse().ok());
                } else if depth == 2 && local.as_ref() == "si" {
                    held += 1;
                }
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            Event::Eof => break,
            _ => {}
        }
    }
    match declared {
        Some(declared) if declared > held => Err(Unreadable::Limit(Past::of(FileLimit::Declared, held))),
        _ => Ok(()),
    }
}
