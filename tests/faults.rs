//! The daemon over storage that fails (`SMBDIRECTD_FAULTS`, `storage::faults`,
//! docs/faults.md): a full volume and a failing device give smbclient and our client
//! the statuses Windows gives, the failing share's other files and the node's other
//! share keep serving, and once the fault is gone everything works again.

mod common;
use client::access;
use common::*;

const RW: u32 = access::FILE_READ_DATA | access::FILE_WRITE_DATA;

#[test]
fn a_full_or_failing_share_tells_its_clients_and_spares_the_rest() {
    let plan_dir = tempfile::tempdir().unwrap();
    let plan = plan_dir.path().join("faults.plan");
    let other = plan_dir.path().join("other");
    std::fs::create_dir_all(&other).unwrap();
    let s = TestServer::start_with(Opts {
        share_extra: format!(
            "\n[[share]]\nname = \"other\"\npath = \"{}\"\n",
            other.display()
        ),
        env: vec![("SMBDIRECTD_FAULTS".into(), plan.display().to_string())],
        ..Default::default()
    });
    assert!(s.log().contains("fault injection"), "{}", s.log());
    let addr = format!("{}:{}", s.host, s.port);
    let mut c = s.tcp_client();
    let data = c.tree_connect(&format!("\\\\{}\\data", s.host)).unwrap();
    let (f, _) = c.create(data, "disk.vhdx", RW, 3, 0).unwrap();
    let a = random_bytes(1 << 20, 3);
    assert_eq!(c.write(data, f, 0, &a).unwrap(), 1 << 20);

    // The volume fills.
    std::fs::write(&plan, "data any nospace\n").unwrap();
    assert_eq!(
        failure_status(c.write(data, f, 1 << 20, &a[..65536])),
        smb_wire::NtStatus::DISK_FULL
    );
    assert_eq!(
        c.write(data, f, 4096, &a[..65536]).unwrap(),
        65536,
        "an overwrite"
    );
    let src = s.dir.path().join("src.bin");
    std::fs::write(&src, &a).unwrap();
    if require_tool("smbclient") {
        let o = s.smbclient(&["-m", "SMB3_11"], "put src.bin new.bin");
        assert!(
            out_text(&o).contains("NT_STATUS_DISK_FULL"),
            "{}",
            out_text(&o)
        );
    }
    // The node's other share is not touched.
    let mut d = client::Client::connect(&addr, &user_options()).unwrap();
    let t = d.tree_connect(&format!("\\\\{}\\other", s.host)).unwrap();
    let (g, _) = d.create(t, "vm.bin", RW, 3, 0).unwrap();
    assert_eq!(d.write(t, g, 0, &a).unwrap(), 1 << 20);
    d.close(t, g).unwrap();

    // The device fails reads of one file: that file's reads fail, nothing else does.
    std::fs::write(&plan, "data read eio path=disk.vhdx\n# one file\n").unwrap();
    assert_eq!(
        failure_status(c.read(data, f, 0, 65536)),
        smb_wire::NtStatus::IO_DEVICE_ERROR
    );
    let (h, _) = c.create(data, "small.bin", RW, 3, 0).unwrap();
    c.write(data, h, 0, b"still here").unwrap();
    assert_eq!(c.read(data, h, 0, 10).unwrap(), b"still here");
    c.close(data, h).unwrap();
    let (g, _) = d.create(t, "vm.bin", RW, 1, 0).unwrap();
    assert_eq!(
        d.read(t, g, 0, 1 << 20).unwrap(),
        a,
        "the other share, meanwhile"
    );
    d.close(t, g).unwrap();
    if require_tool("smbclient") {
        let o = s.smbclient(&["-m", "SMB3_11"], "get disk.vhdx got.bin");
        assert!(
            out_text(&o).contains("NT_STATUS_IO_DEVICE_ERROR"),
            "{}",
            out_text(&o)
        );
    }

    // The fault goes: everything works, and what was acknowledged is there.
    std::fs::remove_file(&plan).unwrap();
    let mut want = a.clone();
    want[4096..4096 + 65536].copy_from_slice(&a[..65536]);
    assert_eq!(c.read(data, f, 0, 1 << 20).unwrap(), want);
    assert_eq!(c.write(data, f, 1 << 20, &a[..65536]).unwrap(), 65536);
    c.close(data, f).unwrap();
    if require_tool("smbclient") {
        let o = s.smbclient(&["-m", "SMB3_11"], "put src.bin new.bin");
        assert!(o.status.success(), "{}", out_text(&o));
    }
}
