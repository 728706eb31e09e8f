//! Well-formed requests of every command a client sends after logon, over TCP and with
//! their data moved by RDMA: what the mutations start from.

use super::*;

/// Well-formed requests of every command a client sends after logon (CHANGE_NOTIFY and
/// CANCEL aside: one waits for a change, the other is never answered), on the file `f`
/// and the share's root directory `d`; the `i`th request's new files have names (and
/// lease keys) of their own, so that no open waits for another's lease break.
pub(crate) fn request_templates(
    f: client::FileId,
    d: client::FileId,
    i: u32,
) -> Vec<(Command, Vec<u8>)> {
    let none = client::FileId::RELATED;
    let lock = |flags: u32| {
        Body::default()
            .u16(48)
            .u16(1)
            .u32(0)
            .fid(f)
            .u64(100)
            .u64(10)
            .u32(flags)
            .u32(0)
            .0
    };
    let unc = utf16("\\\\127.0.0.1\\data");
    vec![
        (
            Command::CREATE,
            create_body(&format!("fzq{i}.bin"), 0xFF, i * 4, 1),
        ),
        (
            Command::CREATE,
            create_body(&format!("fzq{i}.bin:s"), 0x08, i * 4 + 1, 1),
        ),
        (
            Command::CREATE,
            create_body(&format!("fzqdir\\fzq{i}"), 0, i * 4 + 2, 1),
        ),
        (
            Command::READ,
            Body::default()
                .u16(49)
                .u8(0x50)
                .u8(0)
                .u32(8192)
                .u64(0)
                .fid(f)
                .u32(0)
                .u32(0)
                .u32(0)
                .u16(0)
                .u16(0)
                .u8(0)
                .0,
        ),
        (
            Command::WRITE,
            Body::default()
                .u16(49)
                .u16(112)
                .u32(512)
                .u64(4096)
                .fid(f)
                .u32(0)
                .u32(0)
                .u16(0)
                .u16(0)
                .u32(0)
                .bytes(&[0xA5; 512])
                .0,
        ),
        (Command::LOCK, lock(0x12)),
        (Command::LOCK, lock(0x04)),
        (
            Command::IOCTL,
            ioctl_body(fsctl::QUERY_ALLOCATED_RANGES, f, &first_mib(), 4096),
        ),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::SET_ZERO_DATA,
                f,
                &Body::default().u64(60000).u64(60100).0,
                0,
            ),
        ),
        (Command::IOCTL, ioctl_body(fsctl::SET_SPARSE, f, &[0], 0)),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::FILE_LEVEL_TRIM,
                f,
                &Body::default().u32(0).u32(1).u64(61440).u64(4096).0,
                0,
            ),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::SRV_REQUEST_RESUME_KEY, f, &[], 32),
        ),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::SRV_COPYCHUNK,
                f,
                &Body::default()
                    .bytes(&[0; 24])
                    .u32(1)
                    .u32(0)
                    .u64(0)
                    .u64(8192)
                    .u32(4096)
                    .u32(0)
                    .0,
                12,
            ),
        ),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::DUPLICATE_EXTENTS_TO_FILE,
                f,
                &Body::default().fid(f).u64(0).u64(65536).u64(4096).0,
                0,
            ),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::QUERY_NETWORK_INTERFACE_INFO, none, &[], 65536),
        ),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::VALIDATE_NEGOTIATE_INFO,
                none,
                &Body::default()
                    .u32(0)
                    .bytes(&[7; 16])
                    .u16(1)
                    .u16(1)
                    .u16(0x0311)
                    .0,
                24,
            ),
        ),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::LMR_REQUEST_RESILIENCY,
                f,
                &Body::default().u32(1000).u32(0).0,
                0,
            ),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::GET_REPARSE_POINT, f, &[], 4096),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::OFFLOAD_READ, f, &offload_read_input(), 4096),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::OFFLOAD_WRITE, f, &offload_write_input(), 16),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::STORAGE_QOS_CONTROL, f, &storage_qos_input(), 1024),
        ),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::DUPLICATE_EXTENTS_TO_FILE_EX,
                f,
                &Body::default()
                    .u64(0x30)
                    .fid(f)
                    .u64(0)
                    .u64(65536)
                    .u64(4096)
                    .u32(1)
                    .u32(0)
                    .0,
                0,
            ),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::DFS_GET_REFERRALS, none, &referral_input(), 4096),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::SVHDX_SYNC_TUNNEL_REQUEST, f, &[0; 64], 4096),
        ),
        (Command::QUERY_DIRECTORY, dirq_body(37, d, "*", 65536)),
        (Command::QUERY_DIRECTORY, dirq_body(3, d, "fzq*", 65536)),
        (Command::QUERY_INFO, query_info_body(1, 18, 0, f, &[])),
        (Command::QUERY_INFO, query_info_body(1, 22, 0, f, &[])),
        (
            Command::QUERY_INFO,
            query_info_body(1, 15, 0, f, &Body::default().u32(0).u8(3).bytes(b"ABC\0").0),
        ),
        (Command::QUERY_INFO, query_info_body(2, 1, 0, f, &[])),
        (Command::QUERY_INFO, query_info_body(3, 0, 7, f, &[])),
        (
            Command::QUERY_INFO,
            query_info_body(
                4,
                32,
                0,
                f,
                &Body::default().u8(0).u8(1).u16(0).u32(0).u32(0).u32(0).0,
            ),
        ),
        (
            Command::SET_INFO,
            set_info_body(
                1,
                4,
                0,
                f,
                &Body::default()
                    .u64(0)
                    .u64(0)
                    .u64(0)
                    .u64(0)
                    .u32(0x80)
                    .u32(0)
                    .0,
            ),
        ),
        (
            Command::SET_INFO,
            set_info_body(1, 20, 0, f, &65536u64.to_le_bytes()),
        ),
        (
            Command::SET_INFO,
            set_info_body(1, 14, 0, f, &0u64.to_le_bytes()),
        ),
        (Command::SET_INFO, set_info_body(1, 13, 0, f, &[0])),
        (
            Command::SET_INFO,
            set_info_body(1, 10, 0, f, &rename_info("fzqren.bin")),
        ),
        (
            Command::SET_INFO,
            set_info_body(1, 11, 0, f, &rename_info("fzqlink.bin")),
        ),
        (
            Command::SET_INFO,
            set_info_body(
                1,
                15,
                0,
                f,
                &Body::default()
                    .u32(0)
                    .u8(0)
                    .u8(3)
                    .u16(2)
                    .bytes(b"ABC\0xy")
                    .0,
            ),
        ),
        (Command::SET_INFO, set_info_body(3, 0, 4, f, &everyone_sd())),
        (Command::SET_INFO, set_info_body(2, 6, 0, f, &[0; 48])),
        (
            Command::FLUSH,
            Body::default().u16(24).u16(0).u32(0).fid(f).0,
        ),
        (Command::ECHO, Body::default().u16(4).u16(0).0),
        (
            Command::OPLOCK_BREAK,
            Body::default().u16(24).u8(0).u8(0).u32(0).fid(f).0,
        ),
        (
            Command::OPLOCK_BREAK,
            Body::default()
                .u16(36)
                .u16(0)
                .u32(0)
                .bytes(&[0x5A; 16])
                .u32(0)
                .u64(0)
                .0,
        ),
        (
            Command::TREE_CONNECT,
            Body::default()
                .u16(9)
                .u16(0)
                .u16(72)
                .u16(unc.len() as u16)
                .bytes(&unc)
                .0,
        ),
        (
            Command::CLOSE,
            Body::default().u16(24).u16(1).u32(0).fid(f).0,
        ),
    ]
}

/// READs and WRITEs whose data moves by RDMA through `region` (channels 1 and 2, one
/// or two buffer descriptors).
pub(crate) fn rdma_templates(
    f: client::FileId,
    region: &client::RdmaRegion,
) -> Vec<(Command, Vec<u8>)> {
    let read = |channel: u32, descs: &[[u8; 16]]| {
        let info: Vec<u8> = descs.concat();
        Body::default()
            .u16(49)
            .u8(0)
            .u8(0)
            .u32(8192)
            .u64(0)
            .fid(f)
            .u32(0)
            .u32(channel)
            .u32(0)
            .u16(112)
            .u16(info.len() as u16)
            .bytes(&info)
            .0
    };
    let write = Body::default()
        .u16(49)
        .u16(0)
        .u32(0)
        .u64(4096)
        .fid(f)
        .u32(1)
        .u32(8192)
        .u16(112)
        .u16(16)
        .u32(0)
        .bytes(&region.descriptor(65536, 8192))
        .0;
    // (The channel 2 READ's answer retires the region's key: later RDMA through it
    // costs the connection, and the victim comes back with a new one.)
    vec![
        (Command::READ, read(1, &[region.descriptor(0, 8192)])),
        (
            Command::READ,
            read(
                1,
                &[region.descriptor(0, 4096), region.descriptor(32768, 4096)],
            ),
        ),
        (Command::WRITE, write),
        (Command::READ, read(2, &[region.descriptor(8192, 8192)])),
    ]
}
