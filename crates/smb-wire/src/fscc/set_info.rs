//! SET_INFO (FILE) requests decoded (MS-FSCC 2.4).

use super::*;

/// SET_INFO (FILE) requests.
#[derive(Debug, PartialEq, Eq)]
pub enum SetFileInfo {
    Basic {
        creation_time: u64,
        last_access_time: u64,
        last_write_time: u64,
        change_time: u64,
        attributes: u32,
    },
    Rename {
        replace_if_exists: bool,
        root_directory: u64,
        name: String,
    },
    Link {
        replace_if_exists: bool,
        name: String,
    },
    Disposition {
        delete_pending: bool,
    },
    DispositionEx {
        flags: u32,
    },
    Position(u64),
    Mode(u32),
    Allocation(u64),
    EndOfFile(u64),
    ValidDataLength(u64),
    FullEa(Vec<u8>),
    ShortName(String),
}

fn need(b: &[u8], n: usize) -> Result<(), NtStatus> {
    if b.len() < n {
        Err(NtStatus::INFO_LENGTH_MISMATCH)
    } else {
        Ok(())
    }
}

pub fn parse_set_file_info(c: u8, b: &[u8]) -> Result<SetFileInfo, NtStatus> {
    let r = Le(b);
    let bad = |_| NtStatus::INFO_LENGTH_MISMATCH;
    Ok(match c {
        class::FILE_BASIC => {
            need(b, 36)?;
            SetFileInfo::Basic {
                creation_time: r.u64(0).map_err(bad)?,
                last_access_time: r.u64(8).map_err(bad)?,
                last_write_time: r.u64(16).map_err(bad)?,
                change_time: r.u64(24).map_err(bad)?,
                attributes: r.u32(32).map_err(bad)?,
            }
        }
        class::FILE_RENAME | class::FILE_RENAME_EX | class::FILE_LINK => {
            need(b, 20)?;
            let replace = if c == class::FILE_RENAME_EX {
                r.u32(0).map_err(bad)? & 1 != 0
            } else {
                r.u8(0).map_err(bad)? != 0
            };
            let root = r.u64(8).map_err(bad)?;
            let len = r.u32(16).map_err(bad)? as usize;
            let name = r.region(20, len).map_err(|_| NtStatus::INVALID_PARAMETER)?;
            let name = utf16_to_string(name).map_err(|_| NtStatus::OBJECT_NAME_INVALID)?;
            if name.is_empty() {
                return Err(NtStatus::INVALID_PARAMETER);
            }
            if c == class::FILE_LINK {
                SetFileInfo::Link {
                    replace_if_exists: replace,
                    name,
                }
            } else {
                SetFileInfo::Rename {
                    replace_if_exists: replace,
                    root_directory: root,
                    name,
                }
            }
        }
        class::FILE_DISPOSITION => {
            need(b, 1)?;
            SetFileInfo::Disposition {
                delete_pending: b[0] != 0,
            }
        }
        class::FILE_DISPOSITION_EX => {
            need(b, 4)?;
            SetFileInfo::DispositionEx {
                flags: r.u32(0).map_err(bad)?,
            }
        }
        class::FILE_POSITION => SetFileInfo::Position(r.u64(0).map_err(bad)?),
        class::FILE_MODE => SetFileInfo::Mode(r.u32(0).map_err(bad)?),
        class::FILE_ALLOCATION => SetFileInfo::Allocation(r.u64(0).map_err(bad)?),
        class::FILE_END_OF_FILE => SetFileInfo::EndOfFile(r.u64(0).map_err(bad)?),
        class::FILE_VALID_DATA_LENGTH => SetFileInfo::ValidDataLength(r.u64(0).map_err(bad)?),
        class::FILE_FULL_EA => SetFileInfo::FullEa(b.to_vec()),
        class::FILE_ALTERNATE_NAME => {
            need(b, 4)?;
            let len = r.u32(0).map_err(bad)? as usize;
            let n = r.region(4, len).map_err(|_| NtStatus::INVALID_PARAMETER)?;
            SetFileInfo::ShortName(utf16_to_string(n).map_err(|_| NtStatus::INVALID_PARAMETER)?)
        }
        _ => return Err(NtStatus::INVALID_INFO_CLASS),
    })
}
