//! The pipes end to end: binds, fragments, srvsvc, lsarpc, samr and wkssvc answers, and
//! hostile stubs.

use super::*;

struct Ctx;

impl RpcContext for Ctx {
    fn shares(&self) -> Vec<ShareEntry> {
        shares()
    }
    fn server_name(&self) -> String {
        "SRV".into()
    }
    fn account_domain(&self) -> (String, Vec<u8>) {
        (
            "SRV".into(),
            crate::secdesc::sid_from_str("S-1-5-21-1-2-3").unwrap(),
        )
    }
    fn primary_domain(&self) -> Option<PrimaryDomain> {
        None
    }
    fn caller(&self) -> (String, String) {
        ("alice".into(), "SRV".into())
    }
    fn sid_to_account(&self, sid: &[u8]) -> Option<Account> {
        let alice = crate::secdesc::sid_from_str("S-1-5-21-1-2-3-1001").unwrap();
        (sid == alice.as_slice()).then(|| Account {
            domain: "SRV".into(),
            domain_sid: crate::secdesc::sid_from_str("S-1-5-21-1-2-3").unwrap(),
            name: "alice".into(),
            sid: alice,
            kind: SidType::User,
        })
    }
    fn name_to_account(&self, domain: Option<&str>, name: &str) -> Option<Account> {
        let alice = crate::secdesc::sid_from_str("S-1-5-21-1-2-3-1001").unwrap();
        (name.eq_ignore_ascii_case("alice") && domain.is_none_or(|d| d == "SRV"))
            .then(|| self.sid_to_account(&alice))
            .flatten()
    }
}

fn bind() -> Vec<u8> {
    bind_to(SRVSVC, 3)
}

fn bind_to(uuid: [u8; 16], major: u16) -> Vec<u8> {
    super::rpc_client::bind(1, false, 0, super::assoc::Syntax { uuid, major }, None)
}

fn enum_request(level: u32) -> Vec<u8> {
    let mut p = Vec::new();
    header(&mut p, PT_REQUEST, 3, 2);
    p.put_u32(0);
    p.put_u16(0);
    p.put_u16(15);
    p.put_u32(0); // null server name
    p.put_u32(level);
    p.put_u32(level);
    p.put_u32(0x20000);
    p.put_u32(0);
    p.put_u32(0);
    p.put_u32(u32::MAX);
    p.put_u32(0);
    finish(p)
}

fn shares() -> Vec<ShareEntry> {
    vec![ShareEntry {
        name: "data".into(),
        share_type: STYPE_DISKTREE,
        comment: "c".into(),
        path: "C:\\data".into(),
    }]
}

/// Walks a level-1 NetShareEnum response by the IDL, independently of the encoder.
fn decode_level1(stub: &[u8]) -> Vec<(String, u32, String)> {
    let r = Le(stub);
    assert_eq!(r.u32(0).unwrap(), 1);
    let count = r.u32(12).unwrap() as usize;
    let mut at = 24; // level, switch, ctr ptr, count, array ptr, max_count
    let mut types = Vec::new();
    for _ in 0..count {
        types.push(r.u32(at + 4).unwrap());
        at += 12;
    }
    let read_str = |at: &mut usize| {
        let actual = r.u32(*at + 8).unwrap() as usize;
        let b = r.bytes(*at + 12, 2 * actual).unwrap();
        *at += 12 + (2 * actual).next_multiple_of(4);
        String::from_utf16(
            &b.chunks(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect::<Vec<_>>(),
        )
        .unwrap()
        .trim_end_matches('\0')
        .to_string()
    };
    let mut out = Vec::new();
    for t in types {
        let name = read_str(&mut at);
        let comment = read_str(&mut at);
        out.push((name, t, comment));
    }
    assert_eq!(r.u32(at).unwrap() as usize, count);
    out
}

#[test]
fn bind_then_enum() {
    let mut p = RpcPipe::new(Iface::Srvsvc);
    let (ack, more) = p.transceive(&bind(), &Ctx, 4280).unwrap();
    assert!(!more);
    assert_eq!(ack[2], PT_BIND_ACK);
    let (resp, _) = p.transceive(&enum_request(1), &Ctx, 4280).unwrap();
    assert_eq!(resp[2], PT_RESPONSE);
    let got = decode_level1(&resp[24..]);
    assert_eq!(got, vec![("data".to_string(), 0, "c".to_string())]);
}

#[test]
fn hostile_pdus() {
    let mut p = RpcPipe::new(Iface::Srvsvc);
    assert!(p
        .write(&[5, 0, 0, 3, 0x10, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0], &Ctx)
        .is_err());
    let mut seed = 1u64;
    for len in 0..300 {
        let mut b = vec![5u8, 0];
        for _ in 0..len {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            b.push(seed as u8);
        }
        if b.len() > 10 {
            let l = b.len() as u16;
            b[8..10].copy_from_slice(&l.to_le_bytes());
        }
        let mut p = RpcPipe::new(Iface::Srvsvc);
        let _ = p.write(&b, &Ctx);
    }
    assert!(p.write(&vec![0u8; 70000], &Ctx).is_err());
}

fn request(opnum: u16, stub: &[u8]) -> Vec<u8> {
    let mut p = Vec::new();
    header(&mut p, PT_REQUEST, 3, 7);
    p.put_u32(stub.len() as u32);
    p.put_u16(0);
    p.put_u16(opnum);
    p.extend_from_slice(stub);
    finish(p)
}

/// The stub of a one-fragment response.
fn answer(p: &mut RpcPipe, pdu: &[u8]) -> Vec<u8> {
    let (resp, more) = p.transceive(pdu, &Ctx, 65536).unwrap();
    assert!(!more);
    assert_eq!(resp[2], PT_RESPONSE, "not a response: {resp:?}");
    resp[24..].to_vec()
}

fn lsa_pipe() -> (RpcPipe, Vec<u8>) {
    let mut p = RpcPipe::new(Iface::Lsarpc);
    // An srvsvc bind on the lsarpc pipe is refused (abstract syntax).
    let (nak, _) = p.transceive(&bind(), &Ctx, 4280).unwrap();
    assert_eq!(nak[2], PT_BIND_ACK);
    assert!(!p.bound);
    let (ack, _) = p.transceive(&bind_to(LSARPC, 0), &Ctx, 4280).unwrap();
    assert_eq!(ack[2], PT_BIND_ACK);
    // LsarOpenPolicy2: null system name, object attributes, access.
    let mut stub = Vec::new();
    stub.put_u32(0);
    stub.put_u32(24);
    for _ in 0..5 {
        stub.put_u32(0);
    }
    stub.put_u32(0x0200_0000);
    let out = answer(&mut p, &request(44, &stub));
    assert_eq!(&out[20..24], &[0; 4], "OpenPolicy2 status");
    (p, out[..20].to_vec())
}

fn sid_stub(b: &mut Vec<u8>, sid: &str) {
    let s = crate::secdesc::sid_from_str(sid).unwrap();
    b.put_u32(u32::from(s[1]));
    b.extend_from_slice(&s);
}

/// Reads an RPC_UNICODE_STRING buffer at `at`; returns it and the offset after it.
fn unicode_at(b: &[u8], at: usize) -> (String, usize) {
    let r = Le(b);
    let actual = r.u32(at + 8).unwrap() as usize;
    let raw = r.bytes(at + 12, 2 * actual).unwrap();
    let units: Vec<u16> = raw
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    (
        String::from_utf16(&units).unwrap(),
        (at + 12 + 2 * actual).next_multiple_of(4),
    )
}

/// LsarLookupSids2 of Everyone, a local user, BUILTIN\Administrators and an unknown
/// SID: names and domains walked by the IDL, independently of the encoder.
#[test]
fn lsarpc_translates_sids() {
    let (mut p, handle) = lsa_pipe();
    let sids = [
        "S-1-1-0",
        "S-1-5-21-1-2-3-1001",
        "S-1-5-32-544",
        "S-1-5-21-9-9-9-500",
    ];
    let mut stub = handle.clone();
    stub.put_u32(sids.len() as u32);
    stub.put_u32(0x20000);
    stub.put_u32(sids.len() as u32);
    for i in 0..sids.len() {
        stub.put_u32(0x20004 + 4 * i as u32);
    }
    for s in sids {
        sid_stub(&mut stub, s);
    }
    stub.put_u32(0); // TranslatedNames: none
    stub.put_u32(0);
    stub.put_u16(1); // LookupLevel
    stub.put_u16(0);
    stub.put_u32(0); // MappedCount
    stub.put_u32(0); // LookupOptions
    stub.put_u32(2); // ClientRevision
    let out = answer(&mut p, &request(57, &stub));
    let r = Le(&out);
    // ReferencedDomains: referent, Entries, Domains referent, MaxEntries, count.
    let domains = r.u32(4).unwrap() as usize;
    assert_eq!(domains, 3, "the World authority, SRV and BUILTIN");
    let mut at = 20 + 12 * domains;
    let mut names = Vec::new();
    for _ in 0..domains {
        let (name, next) = unicode_at(&out, at);
        names.push(name);
        let count = r.u32(next).unwrap() as usize;
        at = next + 4 + 8 + 4 * count;
    }
    assert_eq!(names, ["", "SRV", "BUILTIN"]);
    // TranslatedNames: Entries, referent, count, then 16-byte rows.
    assert_eq!(r.u32(at).unwrap(), 4);
    let rows = at + 12;
    // LSAPR_TRANSLATED_NAME_EX: Use, pad, Name (lengths, referent), DomainIndex, Flags.
    let kinds: Vec<u16> = (0..4).map(|i| r.u16(rows + 20 * i).unwrap()).collect();
    assert_eq!(kinds, [5, 1, 4, 8]);
    let doms: Vec<u32> = (0..4).map(|i| r.u32(rows + 20 * i + 12).unwrap()).collect();
    assert_eq!(doms, [0, 1, 2, u32::MAX]);
    let mut at = rows + 20 * 4;
    let mut got = Vec::new();
    for _ in 0..4 {
        let (n, next) = unicode_at(&out, at);
        got.push(n);
        at = next;
    }
    assert_eq!(
        got,
        ["Everyone", "alice", "Administrators", "S-1-5-21-9-9-9-500"]
    );
    assert_eq!(r.u32(at).unwrap(), 3, "mapped");
    assert_eq!(r.u32(at + 4).unwrap(), STATUS_SOME_NOT_MAPPED_FOR_TEST);
    // A closed handle is gone: a lookup naming it faults.
    let mut close = handle.clone();
    close.truncate(20);
    answer(&mut p, &request(0, &close));
    let (f, _) = p.transceive(&request(57, &stub), &Ctx, 4280).unwrap();
    assert_eq!(f[2], PT_FAULT);
}

const STATUS_SOME_NOT_MAPPED_FOR_TEST: u32 = 0x107;

/// A request sent in two fragments gets the answer it gets whole; a middle fragment
/// with no first is refused.
#[test]
fn fragmented_requests_are_put_together() {
    let (mut p, handle) = lsa_pipe();
    let mut stub = handle;
    stub.put_u16(5); // PolicyAccountDomainInformation
    let whole = answer(&mut p, &request(7, &stub));
    let frag = |flags: u8, part: &[u8]| {
        let mut f = request(7, part);
        f[3] = flags;
        f
    };
    let (a, b) = stub.split_at(9);
    let (none, _) = p.transceive(&frag(1, a), &Ctx, 65536).unwrap();
    assert!(none.is_empty(), "no answer before the last fragment");
    assert_eq!(answer(&mut p, &frag(2, b)), whole);
    let (f, _) = p.transceive(&frag(2, b), &Ctx, 65536).unwrap();
    assert_eq!(f[2], PT_FAULT);
}

/// LsarLookupNames3: names to SIDs (well-known, local, domain-qualified, unknown).
#[test]
fn lsarpc_translates_names() {
    let (mut p, handle) = lsa_pipe();
    let names = ["Everyone", "SRV\\alice", "nobody"];
    let mut stub = handle;
    stub.put_u32(names.len() as u32);
    stub.put_u32(names.len() as u32);
    for (i, n) in names.iter().enumerate() {
        let len = (n.encode_utf16().count() * 2) as u16;
        stub.put_u16(len);
        stub.put_u16(len);
        stub.put_u32(0x20000 + 4 * i as u32);
    }
    for n in names {
        let units: Vec<u16> = n.encode_utf16().collect();
        stub.put_u32(units.len() as u32);
        stub.put_u32(0);
        stub.put_u32(units.len() as u32);
        for u in units {
            stub.put_u16(u);
        }
        while !stub.len().is_multiple_of(4) {
            stub.push(0);
        }
    }
    stub.put_u32(0);
    stub.put_u32(0);
    stub.put_u16(1);
    stub.put_u16(0);
    stub.put_u32(0);
    stub.put_u32(0);
    stub.put_u32(2);
    let out = answer(&mut p, &request(68, &stub));
    let r = Le(&out);
    let n = out.len();
    assert_eq!(r.u32(n - 8).unwrap(), 2, "mapped");
    assert_eq!(r.u32(n - 4).unwrap(), STATUS_SOME_NOT_MAPPED_FOR_TEST);
    let text = format!("{out:02x?}");
    let alice = crate::secdesc::sid_from_str("S-1-5-21-1-2-3-1001").unwrap();
    assert!(
        out.windows(alice.len()).any(|w| w == alice.as_slice()),
        "{text}"
    );
}

#[test]
fn wkssvc_names_the_computer_and_its_workgroup() {
    let mut p = RpcPipe::new(Iface::Wkssvc);
    let (ack, _) = p.transceive(&bind_to(WKSSVC, 1), &Ctx, 4280).unwrap();
    assert_eq!(ack[2], PT_BIND_ACK);
    assert!(p.bound);
    let mut stub = Vec::new();
    stub.put_u32(0);
    stub.put_u32(100);
    let out = answer(&mut p, &request(0, &stub));
    let r = Le(&out);
    assert_eq!(r.u32(0).unwrap(), 100);
    assert_eq!(r.u32(8).unwrap(), 500);
    let (name, next) = unicode_at(&out, 28);
    let (group, next) = unicode_at(&out, next);
    assert_eq!((name.as_str(), group.as_str()), ("SRV\0", "WORKGROUP\0"));
    assert_eq!(r.u32(next).unwrap(), 0);
}

/// Every lsarpc operation against random stubs: an answer or a fault, never a panic.
#[test]
fn lsarpc_survives_hostile_stubs() {
    let mut seed = 7u64;
    for round in 0..4000 {
        let (mut p, handle) = lsa_pipe();
        let mut stub = handle.clone();
        let len = round % 200;
        for _ in 0..len {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            stub.push(if seed.is_multiple_of(5) {
                0
            } else {
                seed as u8
            });
        }
        let op = [0u16, 6, 7, 14, 15, 44, 45, 46, 57, 58, 68, 99][round % 12];
        let _ = p.transceive(&request(op, &stub), &Ctx, 65536);
    }
}

/// The same server asked by an administrator, with 40 local users (u0 an administrator).
struct Admin;

fn domain() -> Vec<u8> {
    crate::secdesc::sid_from_str("S-1-5-21-1-2-3").unwrap()
}

impl RpcContext for Admin {
    fn shares(&self) -> Vec<ShareEntry> {
        Ctx.shares()
    }
    fn server_name(&self) -> String {
        Ctx.server_name()
    }
    fn account_domain(&self) -> (String, Vec<u8>) {
        Ctx.account_domain()
    }
    fn primary_domain(&self) -> Option<PrimaryDomain> {
        None
    }
    fn caller(&self) -> (String, String) {
        Ctx.caller()
    }
    fn sid_to_account(&self, sid: &[u8]) -> Option<Account> {
        Ctx.sid_to_account(sid)
    }
    fn name_to_account(&self, domain: Option<&str>, name: &str) -> Option<Account> {
        Ctx.name_to_account(domain, name)
    }
    fn is_admin(&self) -> bool {
        true
    }
    fn local_accounts(&self) -> Vec<Account> {
        (0..40)
            .map(|i| Account {
                domain: "SRV".into(),
                domain_sid: domain(),
                name: format!("u{i}"),
                sid: crate::secdesc::sid_with_rid(&domain(), 1000 + i),
                kind: SidType::User,
            })
            .chain(std::iter::once(Account {
                domain: "SRV".into(),
                domain_sid: domain(),
                name: "None".into(),
                sid: crate::secdesc::sid_with_rid(&domain(), 513),
                kind: SidType::Group,
            }))
            .collect()
    }
    fn files(&self) -> Vec<FileEntry> {
        vec![FileEntry {
            id: 77,
            permissions: 3,
            locks: 1,
            path: "C:\\data\\vm1.vhdx".into(),
            user: "SRV\\alice".into(),
        }]
    }
    fn alias_members(&self, rid: u32) -> Vec<Vec<u8>> {
        match rid {
            544 => vec![crate::secdesc::sid_with_rid(&domain(), 1000)],
            _ => Vec::new(),
        }
    }
}

fn samr_pipe(ctx: &dyn RpcContext) -> (RpcPipe, Vec<u8>, u32) {
    let mut p = RpcPipe::new(Iface::Samr);
    let (ack, _) = p.transceive(&bind_to(SAMR, 1), ctx, 4280).unwrap();
    assert_eq!(ack[2], PT_BIND_ACK);
    assert!(p.bound);
    // SamrConnect2: no server name, access.
    let mut stub = Vec::new();
    stub.put_u32(0);
    stub.put_u32(0x0002_0031);
    let (resp, _) = p.transceive(&request(57, &stub), ctx, 65536).unwrap();
    let out = resp[24..].to_vec();
    let status = u32::from_le_bytes(out[20..24].try_into().unwrap());
    (p, out[..20].to_vec(), status)
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

fn open_domain(p: &mut RpcPipe, server: &[u8]) -> Vec<u8> {
    open_domain_of(p, server, &domain())
}

fn open_domain_of(p: &mut RpcPipe, server: &[u8], d: &[u8]) -> Vec<u8> {
    let mut stub = server.to_vec();
    stub.put_u32(0x0200_0000);
    stub.put_u32(u32::from(d[1]));
    stub.extend_from_slice(d);
    let out = answer_as(p, &request(7, &stub), &Admin);
    assert_eq!(u32_at(&out, 20), 0, "OpenDomain");
    out[..20].to_vec()
}

fn answer_as(p: &mut RpcPipe, pdu: &[u8], ctx: &dyn RpcContext) -> Vec<u8> {
    let (resp, more) = p.transceive(pdu, ctx, 65536).unwrap();
    assert!(!more);
    assert_eq!(resp[2], PT_RESPONSE, "not a response: {resp:?}");
    resp[24..].to_vec()
}

#[test]
fn samr_is_for_administrators_only() {
    let (_, handle, status) = samr_pipe(&Ctx);
    assert_eq!(status, 0xC000_0022);
    assert_eq!(handle, [0; 20]);
    let (_, handle, status) = samr_pipe(&Admin);
    assert_eq!(status, 0);
    assert_ne!(handle, [0; 20]);
}

#[test]
fn samr_pages_users_and_looks_up_names() {
    let (mut p, server, _) = samr_pipe(&Admin);
    let dom = open_domain(&mut p, &server);
    // EnumDomainUsers in pages of about ten: MORE_ENTRIES until the last.
    let (mut resume, mut seen, mut pages) = (0u32, 0u32, 0);
    loop {
        let mut stub = dom.clone();
        stub.put_u32(resume);
        stub.put_u32(0x10);
        stub.put_u32(320);
        let out = answer_as(&mut p, &request(13, &stub), &Admin);
        let n = out.len();
        seen += u32_at(&out, n - 8);
        resume = u32_at(&out, 0);
        pages += 1;
        match u32_at(&out, n - 4) {
            0x105 => continue,
            0 => break,
            st => panic!("status {st:#x}"),
        }
    }
    assert_eq!((seen, pages), (40, 4));
    // LookupNames: one known, one not.
    let mut stub = dom.clone();
    let names = ["U3", "nobody"];
    stub.put_u32(2);
    stub.put_u32(1000);
    stub.put_u32(0);
    stub.put_u32(2);
    for (i, n) in names.iter().enumerate() {
        stub.put_u16(2 * n.len() as u16);
        stub.put_u16(2 * n.len() as u16);
        stub.put_u32(0x20000 + i as u32);
    }
    for n in names {
        stub.put_u32(n.len() as u32);
        stub.put_u32(0);
        stub.put_u32(n.len() as u32);
        for u in n.encode_utf16() {
            stub.put_u16(u);
        }
        while !stub.len().is_multiple_of(4) {
            stub.push(0);
        }
    }
    let out = answer_as(&mut p, &request(17, &stub), &Admin);
    // rids: count, ref, max, 1003, 0; kinds: count, ref, max, 1, 8; status.
    let words: Vec<u32> = out.chunks_exact(4).map(|c| u32_at(c, 0)).collect();
    assert_eq!(words[3..5], [1003, 0]);
    assert_eq!(words[8..10], [1, 8]);
    assert_eq!(*words.last().unwrap(), 0x107);
    // A handle closed is gone.
    let mut close = dom.clone();
    assert_eq!(
        u32_at(&answer_as(&mut p, &request(1, &close), &Admin), 20),
        0
    );
    close.put_u32(0);
    let (resp, _) = p.transceive(&request(13, &close), &Admin, 65536).unwrap();
    assert_eq!(resp[2], PT_FAULT);
}

#[test]
fn samr_survives_hostile_stubs() {
    let mut seed = 11u64;
    let ops = [
        1u16, 5, 6, 7, 8, 11, 13, 15, 16, 17, 18, 19, 20, 27, 28, 33, 34, 36, 39, 40, 44, 46, 47,
        48, 51, 64, 99,
    ];
    for round in 0..6000 {
        let (mut p, server, _) = samr_pipe(&Admin);
        let dom = open_domain(&mut p, &server);
        let builtin = open_domain_of(
            &mut p,
            &server,
            &crate::secdesc::sid_from_str("S-1-5-32").unwrap(),
        );
        // A user, an alias and a group handle too, for the operations on them.
        let mut handles = vec![server, dom.clone(), builtin.clone()];
        for (op, rid, d) in [(34u16, 1005u32, &dom), (27, 544, &builtin), (19, 513, &dom)] {
            let mut stub = d.clone();
            stub.put_u32(0x0200_0000);
            stub.put_u32(rid);
            let out = answer_as(&mut p, &request(op, &stub), &Admin);
            assert_eq!(u32_at(&out, 20), 0, "open {op} {rid}");
            handles.push(out[..20].to_vec());
        }
        let mut stub = handles[round % handles.len()].clone();
        noise(&mut seed, &mut stub, round % 300);
        let op = ops[(round / 5) % ops.len()];
        let _ = p.transceive(&request(op, &stub), &Admin, 65536);
    }
}

#[test]
fn share_changes_survive_hostile_stubs() {
    let mut seed = 5u64;
    for round in 0..4000 {
        let mut p = RpcPipe::new(Iface::Srvsvc);
        p.transceive(&bind(), &Admin, 4280).unwrap();
        // A null server name, then noise.
        let mut stub = vec![0u8; 4];
        noise(&mut seed, &mut stub, round % 160);
        let op = [14u16, 17, 18, 19][round % 4];
        let _ = p.transceive(&request(op, &stub), &Admin, 65536);
    }
}

/// `n` bytes of xorshift noise, a third of them zero (lengths and pointers that parse).
fn noise(seed: &mut u64, out: &mut Vec<u8>, n: usize) {
    for _ in 0..n {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        out.push(if seed.is_multiple_of(3) {
            0
        } else {
            *seed as u8
        });
    }
}

#[test]
fn file_get_info_answers_administrators_by_id() {
    let ask = |ctx: &dyn RpcContext, id: u32, level: u32| {
        let mut p = RpcPipe::new(Iface::Srvsvc);
        p.transceive(&bind(), ctx, 4280).unwrap();
        let mut stub = vec![0u8; 4];
        stub.put_u32(id);
        stub.put_u32(level);
        let (resp, _) = p.transceive(&request(10, &stub), ctx, 65536).unwrap();
        resp[24..].to_vec()
    };
    let out = ask(&Admin, 77, 3);
    let n = out.len();
    assert_eq!(u32_at(&out, n - 4), 0);
    // Level 3, its referent, then id 77, read and write, one lock.
    assert_eq!(
        [
            u32_at(&out, 0),
            u32_at(&out, 8),
            u32_at(&out, 12),
            u32_at(&out, 16)
        ],
        [3, 77, 3, 1]
    );
    let text: Vec<u16> = "vm1.vhdx".encode_utf16().collect();
    let bytes: Vec<u8> = text.iter().flat_map(|u| u.to_le_bytes()).collect();
    assert!(out.windows(bytes.len()).any(|w| w == bytes.as_slice()));
    // An id that is not open; a level it has not; someone not an administrator.
    assert_eq!(u32_at(&ask(&Admin, 78, 3), 0), 3);
    let missing = ask(&Admin, 78, 3);
    assert_eq!(u32_at(&missing, missing.len() - 4), 2314);
    let bad = ask(&Admin, 77, 7);
    assert_eq!(u32_at(&bad, bad.len() - 4), 124);
    let denied = ask(&Ctx, 77, 3);
    assert_eq!(u32_at(&denied, denied.len() - 4), 5);
}

mod witness_and_epm {
    use crate::dcerpc::{epm, witness};
    use std::net::{IpAddr, Ipv4Addr};

    #[test]
    fn witness_requests_and_answers_go_round() {
        let reqs = [
            witness::Request::GetInterfaceList,
            witness::Request::Register {
                version: witness::V1,
                net_name: Some("SOFS".into()),
                ip: Some("127.0.0.2".into()),
                client: None,
            },
            witness::Request::RegisterEx {
                version: witness::V2,
                net_name: Some("SOFS".into()),
                share: Some("vms".into()),
                ip: Some("127.0.0.3".into()),
                client: Some("HOST1".into()),
                flags: witness::REGISTER_IP_NOTIFICATION,
                timeout: 30,
            },
            witness::Request::UnRegister { handle: [3; 20] },
            witness::Request::AsyncNotify { handle: [4; 20] },
        ];
        for r in reqs {
            assert_eq!(witness::Request::decode(r.opnum(), &r.encode()), Some(r));
        }
        let list = vec![
            witness::Interface {
                group: "NODE1".into(),
                state: witness::STATE_AVAILABLE,
                ipv4: Some(Ipv4Addr::new(127, 0, 0, 2)),
                ipv6: None,
                witness: true,
            },
            witness::Interface {
                group: "NODE2".into(),
                state: witness::STATE_UNAVAILABLE,
                ipv4: Some(Ipv4Addr::new(127, 0, 0, 3)),
                ipv6: Some("fd00::3".parse().unwrap()),
                witness: false,
            },
        ];
        let stub = witness::encode_interfaces(&list, 0);
        // Two 552-byte entries after the pointers and count.
        assert_eq!(stub.len(), 16 + 2 * 552 + 4);
        assert_eq!(witness::decode_interfaces(&stub), Some((list, 0)));
        assert_eq!(
            witness::decode_registered(&witness::encode_registered(&[9; 20], 0)),
            Some(([9; 20], 0))
        );
        for n in [
            witness::Notification {
                kind: witness::RESOURCE_CHANGE,
                messages: vec![
                    witness::Message::ResourceChange {
                        change: witness::RESOURCE_UNAVAILABLE,
                        name: "127.0.0.2".into(),
                    },
                    witness::Message::ResourceChange {
                        change: witness::RESOURCE_AVAILABLE,
                        name: "127.0.0.4".into(),
                    },
                ],
            },
            witness::Notification {
                kind: witness::CLIENT_MOVE,
                messages: vec![witness::Message::Addresses(vec![(
                    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 3)),
                    witness::IPADDR_ONLINE,
                )])],
            },
        ] {
            let stub = witness::encode_notification(Some(&n), 0);
            assert_eq!(witness::decode_notification(&stub), Some((Some(n), 0)));
        }
        let stub = witness::encode_notification(None, witness::ERROR_TIMEOUT);
        assert_eq!(
            witness::decode_notification(&stub),
            Some((None, witness::ERROR_TIMEOUT))
        );
    }

    #[test]
    fn hostile_witness_and_epm_stubs_decode_to_nothing_or_something() {
        let mut seed = 0x9e37_79b9u64;
        let mut rnd = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let good = witness::Request::RegisterEx {
            version: witness::V2,
            net_name: Some("SOFS".into()),
            share: Some("vms".into()),
            ip: Some("127.0.0.3".into()),
            client: Some("HOST1".into()),
            flags: 0,
            timeout: 30,
        }
        .encode();
        let map = epm::encode_map_request(&witness::SYNTAX.uuid, 1, 4);
        for _ in 0..4000 {
            for (op, base) in [(4u16, &good), (1, &good), (3, &map)] {
                let mut s = base.clone();
                for _ in 0..(rnd() % 5) {
                    let i = rnd() as usize % s.len();
                    s[i] = rnd() as u8;
                }
                s.truncate(s.len() - rnd() as usize % 12);
                let _ = witness::Request::decode(op, &s);
                let _ = epm::decode_map(&s);
                let _ = witness::decode_interfaces(&s);
                let _ = witness::decode_notification(&s);
                let _ = epm::decode_map_port(&s);
            }
        }
    }

    #[test]
    fn the_endpoint_mapper_answers_with_a_tcp_tower() {
        let req = epm::decode_map(&epm::encode_map_request(&witness::SYNTAX.uuid, 1, 4)).unwrap();
        assert_eq!(
            (req.iface, req.major, req.max_towers),
            (witness::SYNTAX.uuid, 1, 4)
        );
        let tower = epm::tcp_tower(&req.iface, 1, Ipv4Addr::new(127, 0, 0, 2), 49_200);
        let stub = epm::encode_map(&req.handle, req.max_towers, &[tower], 0);
        assert_eq!(epm::decode_map_port(&stub), Some(49_200));
        let none = epm::encode_map(&req.handle, req.max_towers, &[], epm::NOT_REGISTERED);
        assert_eq!(epm::decode_map_port(&none), None);
    }
}
