//! smbdirect-bench: random and sequential reads and writes against any SMB 3 server, over
//! TCP or SMB Direct (software iWARP), swept across queue depths, with IOPS, MiB/s,
//! latency percentiles and, for smbdirectd, server CPU microseconds per I/O.
//!
//!   smbdirect-bench smb://alice@127.0.0.1:445/share/bench.bin --qd 1,4,16 --seconds 5
//!
//! The password comes from SMB_PASSWORD or a prompt. Every run is bounded in time and
//! in I/O count.

use anyhow::{anyhow, bail, Context, Result};
use clap::{Parser, ValueEnum};
use client::{Client, Options, Protection};
use std::sync::{Arc, Barrier};
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Pattern {
    Randread,
    Seqread,
    Randwrite,
    Seqwrite,
    /// Random reads and writes mixed, --read-percent of them reads (a VM's usual load).
    Randrw,
}

impl Pattern {
    /// Whether the pattern writes (the file is opened for writing).
    fn writes(self) -> bool {
        matches!(
            self,
            Pattern::Randwrite | Pattern::Seqwrite | Pattern::Randrw
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Transport {
    Tcp,
    /// SMB Direct over the software iWARP provider (see --rdma).
    Iwarp,
    /// SMB Direct over an RDMA device through rdma-core, loaded at run time (see --rdma).
    Verbs,
    /// SMB Direct over the in-process loopback fabric: the bench runs smbdirectd itself,
    /// in this process, serving --serve-dir as the URL's share (HOST:PORT are ignored).
    Loopback,
}

#[derive(Parser, Debug)]
#[command(
    name = "smbdirect-bench",
    about = "SMB 3 I/O benchmark: IOPS and latency by queue depth"
)]
struct Args {
    /// smb://USER@HOST:PORT/SHARE/FILE
    url: String,
    #[arg(long, value_enum, default_value = "randread")]
    pattern: Pattern,
    /// With --pattern randrw: the share of I/Os that are reads, in percent.
    #[arg(long, default_value_t = 70, value_parser = clap::value_parser!(u8).range(0..=100))]
    read_percent: u8,
    /// Open the file write-through (FILE_WRITE_THROUGH, as Hyper-V opens a virtual disk):
    /// every WRITE is stable before its answer.
    #[arg(long)]
    write_through: bool,
    /// Microseconds each connection waits after an I/O completes before it sends the next
    /// (a lightly loaded server: its workers go idle between requests). Not counted in
    /// the latency.
    #[arg(long, default_value_t = 0)]
    think_us: u64,
    /// I/O size in bytes, 512 to 8 MiB.
    #[arg(long, default_value_t = 8192)]
    io_size: u32,
    /// Queue depths to sweep (per connection), comma separated.
    #[arg(long, value_delimiter = ',', default_value = "1,2,4,8,16,32")]
    qd: Vec<usize>,
    #[arg(long, default_value_t = 1)]
    connections: usize,
    /// Seconds measured per point (after the warm-up).
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    #[arg(long, default_value_t = 1.0)]
    warmup: f64,
    /// Test file size; the file is created and filled if it is smaller.
    #[arg(long, default_value_t = 1 << 30)]
    file_size: u64,
    #[arg(long, value_enum, default_value = "tcp")]
    transport: Transport,
    /// SMB Direct endpoint HOST:PORT (default: the URL's host, port 5445).
    #[arg(long)]
    rdma: Option<String>,
    /// Encrypt instead of sign.
    #[arg(long)]
    encrypt: bool,
    /// SMB Direct: offer no RDMA transform, so RDMA payloads travel neither signed nor
    /// encrypted (by default they are signed, or encrypted with --encrypt, as TCP's are).
    #[arg(long)]
    no_rdma_transform: bool,
    /// With --transport loopback: the directory the in-process server shares.
    #[arg(long)]
    serve_dir: Option<std::path::PathBuf>,
    /// With --transport loopback: the in-process server's worker threads (each pinned).
    #[arg(long, default_value_t = 1)]
    serve_workers: usize,
    /// With --transport loopback: the share has direct_io on (aligned reads go from the
    /// device into registered buffers, bypassing the page cache).
    #[arg(long)]
    serve_direct_io: bool,
    /// With --transport loopback: the share has mapped_reads on (READ data leaves by RDMA
    /// Write straight from the page cache; needs --no-rdma-transform to apply).
    #[arg(long)]
    serve_mapped_reads: bool,
    /// The server's Prometheus endpoint (smbdirectd --metrics) for CPU per I/O.
    #[arg(long)]
    metrics: Option<String>,
    /// Write one JSON object per point here.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
    /// Draw IOPS and p99 latency against queue depth here.
    #[arg(long)]
    svg: Option<std::path::PathBuf>,
    /// Storage QoS: connection i (from 0) names a logical flow of its own (i+1, and this
    /// process's id) with the i-th policy id
    /// (a GUID, or "none" for a flow without a policy), as a Hyper-V host does for each
    /// virtual disk (FSCTL_STORAGE_QOS_CONTROL); each connection's IOPS is reported.
    #[arg(long, value_delimiter = ',')]
    qos_policy: Vec<String>,
    /// The file is a VHDX on an rsvd share: open it as a Shared VHDX (MS-RSVD SVHDX
    /// context, one initiator per connection) and read the virtual disk, as a Hyper-V
    /// host reads a guest cluster's disk. --file-size is then the virtual size to span.
    #[arg(long)]
    shared_disk: bool,
    /// With --shared-disk: each I/O is a SCSI READ(16) or WRITE(16) tunnelled in
    /// FSCTL_SVHDX_SYNC_TUNNEL_REQUEST (checked for GOOD status), not an SMB2 READ/WRITE.
    #[arg(long, requires = "shared_disk")]
    scsi: bool,
}

struct Target {
    user: String,
    host: String,
    port: u16,
    share: String,
    file: String,
}

fn parse_url(u: &str) -> Result<Target> {
    let rest = u
        .strip_prefix("smb://")
        .ok_or_else(|| anyhow!("{u:?}: expected smb://USER@HOST:PORT/SHARE/FILE"))?;
    let (user, rest) = rest
        .split_once('@')
        .ok_or_else(|| anyhow!("{u:?}: no USER@"))?;
    let (hostport, path) = rest
        .split_once('/')
        .ok_or_else(|| anyhow!("{u:?}: no /SHARE/FILE"))?;
    let (host, port) = match hostport.rsplit_once(':') {
        Some((h, p)) => (h.to_string(), p.parse().context("port")?),
        None => (hostport.to_string(), 445),
    };
    let (share, file) = path
        .split_once('/')
        .ok_or_else(|| anyhow!("{u:?}: no /FILE"))?;
    if file.is_empty() || share.is_empty() {
        bail!("{u:?}: empty share or file");
    }
    Ok(Target {
        user: user.to_string(),
        host,
        port,
        share: share.to_string(),
        file: file.replace('/', "\\"),
    })
}

#[derive(Clone, Debug)]
struct Point {
    transport: &'static str,
    pattern: Pattern,
    io_size: u32,
    queue_depth: usize,
    connections: usize,
    ios: u64,
    seconds: f64,
    iops: f64,
    mib_per_s: f64,
    p50_us: f64,
    p99_us: f64,
    p999_us: f64,
    cpu_us_per_io: Option<f64>,
    /// Our server's busy worker time per I/O (its CPU less idle polling).
    busy_us_per_io: Option<f64>,
    /// IOPS of each connection (one Storage QoS flow each with --qos-policy).
    per_connection_iops: Vec<f64>,
}

struct Conn {
    c: Client,
    tree: u32,
    fid: client::FileId,
    /// The shared disk, when the file is opened as one.
    disk: Option<client::rsvd::SharedDisk>,
}

fn open(a: &Args, t: &Target, opts: &Options, write: bool, index: usize) -> Result<Conn> {
    let mut c = match a.transport {
        Transport::Tcp => Client::connect(&format!("{}:{}", t.host, t.port), opts),
        Transport::Iwarp => {
            let ep = a.rdma.clone().unwrap_or(format!("{}:5445", t.host));
            Client::connect_rdma(&ep, opts)
        }
        Transport::Verbs => {
            let ep = a.rdma.clone().unwrap_or(format!("{}:5445", t.host));
            Client::connect_rdma(&format!("verbs:{ep}"), opts)
        }
        Transport::Loopback => Client::connect_rdma(&format!("loopback:{LOOPBACK_NAME}"), opts),
    }
    .map_err(|e| anyhow!("connect: {e}"))?;
    let tree = c
        .tree_connect(&format!("\\\\{}\\{}", t.host, t.share))
        .map_err(|e| anyhow!("tree connect: {e}"))?;
    let access = client::access::FILE_READ_DATA
        | client::access::FILE_READ_ATTRIBUTES
        | if write {
            client::access::FILE_WRITE_DATA
        } else {
            0
        };
    if a.shared_disk {
        let mut initiator = [0x5Bu8; 16];
        initiator[..8].copy_from_slice(&(index as u64).to_le_bytes());
        initiator[8..12].copy_from_slice(&std::process::id().to_le_bytes());
        let d = client::rsvd::SharedDisk::open(
            &mut c,
            tree,
            &t.file,
            Some(client::rsvd::Guid(initiator)),
            2,
            "smbdirect-bench",
        )
        .map_err(|e| anyhow!("open {} as a shared disk: {e}", t.file))?;
        let fid = d.file;
        return Ok(Conn {
            c,
            tree,
            fid,
            disk: Some(d),
        });
    }
    // FILE_OPEN_IF when writing (create if missing), FILE_OPEN otherwise.
    let (fid, _) = c
        .create(
            tree,
            &t.file,
            access,
            if write { 3 } else { 1 },
            if a.write_through { 0x0000_0002 } else { 0 },
        )
        .map_err(|e| anyhow!("open {}: {e}", t.file))?;
    if let Some(policy) = a.qos_policy.get(index) {
        join_flow(&mut c, tree, fid, index, policy)?;
    }
    Ok(Conn {
        c,
        tree,
        fid,
        disk: None,
    })
}

/// Names flow `index + 1` for the open, with `policy` ("none": no policy), and prints
/// the rates the server answers.
fn join_flow(
    c: &mut Client,
    tree: u32,
    fid: client::FileId,
    index: usize,
    policy: &str,
) -> Result<()> {
    use smb_wire::fsctl::{self, SqosRequest, SqosResponse};
    let policy_id = match policy {
        "none" => [0; 16],
        g => smbdirectd::config::parse_guid(g)
            .ok_or_else(|| anyhow!("--qos-policy {g:?}: not a GUID"))?,
    };
    let req = SqosRequest {
        version: fsctl::SQOS_VERSION_1_1,
        options: fsctl::SQOS_SET_LOGICAL_FLOW_ID | fsctl::SQOS_SET_POLICY | fsctl::SQOS_GET_STATUS,
        flow_id: {
            // Distinct across bench processes run side by side.
            let mut id = [index as u8 + 1; 16];
            id[..4].copy_from_slice(&std::process::id().to_le_bytes());
            id
        },
        policy_id,
        initiator_name: format!("bench-{index}"),
        node_name: "smbdirect-bench".into(),
        ..Default::default()
    };
    let mut input = Vec::new();
    req.encode(&mut input);
    let r = c
        .fsctl(tree, fid, fsctl::STORAGE_QOS_CONTROL, &input, 1024)
        .map_err(|e| anyhow!("storage QoS: {e}"))?;
    if r.status().is_error() {
        bail!("storage QoS: {}", r.status());
    }
    let s =
        SqosResponse::parse(r.ioctl_output()).map_err(|e| anyhow!("storage QoS answer: {e:?}"))?;
    eprintln!(
        "connection {index}: flow {}, policy {policy}: status {}, max {} IOPS, min {} IOPS",
        index + 1,
        s.status,
        s.max_io_rate,
        s.min_io_rate
    );
    Ok(())
}

/// Makes sure the file exists with at least `size` bytes of data (not a sparse hole).
fn prepare(a: &Args, t: &Target, opts: &Options) -> Result<()> {
    let mut k = open(a, t, opts, true, usize::MAX)?;
    // Over SMB Direct large transfers go through RDMA channels (inline messages are
    // bounded by the negotiated MaxFragmentedSize).
    let rdma = a.transport != Transport::Tcp;
    let chunk = 1u64 << 20;
    let probe = if rdma {
        k.c.read_rdma(k.tree, k.fid, a.file_size - chunk, chunk as u32, true)
    } else {
        k.c.read(k.tree, k.fid, a.file_size - chunk, chunk as u32)
    };
    if matches!(&probe, Ok(d) if d.len() as u64 == chunk) {
        return Ok(());
    }
    eprintln!("preparing {} ({} MiB)...", t.file, a.file_size >> 20);
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut buf = vec![0u8; chunk as usize];
    let mut off = 0;
    while off < a.file_size {
        for b in buf.chunks_mut(8) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            b.copy_from_slice(&x.to_le_bytes()[..b.len()]);
        }
        let n = chunk.min(a.file_size - off) as usize;
        if rdma {
            k.c.write_rdma(k.tree, k.fid, off, &buf[..n], false)
        } else {
            k.c.write(k.tree, k.fid, off, &buf[..n])
        }
        .map_err(|e| anyhow!("prepare write: {e}"))?;
        off += n as u64;
    }
    Ok(())
}

/// One connection's share of a point: latencies in nanoseconds.
fn run_conn(a: &Args, k: &mut Conn, qd: usize, seed: u64, start: &Barrier) -> Result<Vec<u64>> {
    let io = a.io_size;
    let span = (a.file_size / u64::from(io)).max(1);
    let mut x = seed | 1;
    let mut seq = (seed % span) * u64::from(io);
    // Each I/O: its offset, and whether it writes.
    let mut next = || match a.pattern {
        Pattern::Randread | Pattern::Randwrite | Pattern::Randrw => {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let write = match a.pattern {
                Pattern::Randrw => (x >> 40) % 100 >= u64::from(a.read_percent),
                p => p.writes(),
            };
            ((x % span) * u64::from(io), write)
        }
        _ => {
            let o = seq;
            seq = (seq + u64::from(io)) % (span * u64::from(io));
            (o, a.pattern.writes())
        }
    };
    let rdma = a.transport != Transport::Tcp;
    let payload = vec![0x5au8; io as usize];
    let max_ios: u64 = 100_000_000;
    let send =
        |k: &mut Conn, (off, write): (u64, bool)| -> Result<(u64, Option<client::RdmaBuffer>)> {
            if let Some(d) = k.disk.as_mut().filter(|_| a.scsi) {
                return send_scsi(&mut k.c, d, write, off, &payload).map(|id| (id, None));
            }
            let r = match (write, rdma) {
                (false, false) => k.c.send_read(k.tree, k.fid, off, io).map(|id| (id, None)),
                (false, true) => {
                    k.c.send_read_rdma(k.tree, k.fid, off, io, true)
                        .map(|(id, b)| (id, Some(b)))
                }
                (true, false) => {
                    k.c.send_write(k.tree, k.fid, off, &payload)
                        .map(|id| (id, None))
                }
                (true, true) => {
                    k.c.send_write_rdma(k.tree, k.fid, off, &payload, false)
                        .map(|(id, b)| (id, Some(b)))
                }
            };
            r.map_err(|e| anyhow!("I/O: {e}"))
        };
    let finish =
        |k: &mut Conn, id: u64, b: Option<client::RdmaBuffer>, write: bool| -> Result<()> {
            if a.scsi {
                let r = client::rsvd::SharedDisk::finish_scsi(&mut k.c, id)
                    .map_err(|e| anyhow!("SCSI: {e}"))?;
                if r.scsi_status != 0 || (!write && r.data.len() != io as usize) {
                    bail!("SCSI: status {:#x}, {} bytes", r.scsi_status, r.data.len());
                }
                return Ok(());
            }
            let r = match (write, b) {
                (false, None) => k.c.finish_read(id).map(|_| ()),
                (false, Some(b)) => k.c.finish_read_rdma(id, b).map(|_| ()),
                (true, b) => {
                    let r = k.c.finish_write(id).map(|_| ());
                    drop(b);
                    r
                }
            };
            r.map_err(|e| anyhow!("I/O: {e}"))
        };
    let warm_end = client::clock::now() + Duration::from_secs_f64(a.warmup);
    while client::clock::now() < warm_end {
        let io = next();
        let (id, b) = send(k, io)?;
        finish(k, id, b, io.1)?;
    }
    start.wait();
    let end = client::clock::now() + Duration::from_secs_f64(a.seconds);
    let mut lat = Vec::with_capacity(1 << 16);
    let mut inflight = std::collections::VecDeque::with_capacity(qd);
    for _ in 0..qd {
        let io = next();
        let (id, b) = send(k, io)?;
        inflight.push_back((id, b, io.1, client::clock::now()));
    }
    let mut done = 0u64;
    while let Some((id, b, write, t0)) = inflight.pop_front() {
        finish(k, id, b, write)?;
        lat.push(client::clock::since(t0).as_nanos() as u64);
        done += 1;
        if client::clock::now() < end && done < max_ios {
            if a.think_us > 0 {
                std::thread::sleep(Duration::from_micros(a.think_us));
            }
            let io = next();
            let (id, b) = send(k, io)?;
            inflight.push_back((id, b, io.1, client::clock::now()));
        }
    }
    Ok(lat)
}

/// Sends one I/O as SCSI READ(16) or WRITE(16) (512-byte blocks) through the tunnel.
fn send_scsi(
    c: &mut Client,
    d: &mut client::rsvd::SharedDisk,
    write: bool,
    off: u64,
    payload: &[u8],
) -> Result<u64> {
    let mut cdb = [0u8; 16];
    cdb[0] = if write { 0x8A } else { 0x88 };
    cdb[2..10].copy_from_slice(&(off / 512).to_be_bytes());
    cdb[10..14].copy_from_slice(&((payload.len() / 512) as u32).to_be_bytes());
    let data = if write {
        client::rsvd::Data::Out(payload)
    } else {
        client::rsvd::Data::In(payload.len() as u32)
    };
    d.send_scsi(c, &cdb, data).map_err(|e| anyhow!("SCSI: {e}"))
}

/// Reads smbdirectd_process_cpu_seconds_total from the server's exporter.
/// The server's CPU seconds so far: its worker threads' when it runs in this process,
/// else what its metrics endpoint reports.
fn server_cpu_now(a: &Args) -> Option<f64> {
    if a.transport == Transport::Loopback {
        return worker_threads_cpu();
    }
    a.metrics.as_deref().and_then(server_cpu)
}

/// CPU seconds (user + system) of this process's smbdirectd worker threads.
fn worker_threads_cpu() -> Option<f64> {
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    let mut ticks = 0u64;
    for t in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
        let comm = std::fs::read_to_string(t.path().join("comm")).unwrap_or_default();
        if !comm.starts_with("smbd-worker") {
            continue;
        }
        let stat = std::fs::read_to_string(t.path().join("stat")).ok()?;
        // Fields after the parenthesised name: utime and stime are the 12th and 13th.
        let rest = &stat[stat.rfind(')')? + 2..];
        let f: Vec<&str> = rest.split_whitespace().collect();
        ticks += f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    }
    Some(ticks as f64 / hz)
}

/// The name the in-process server listens as on the loopback fabric.
const LOOPBACK_NAME: &str = "smbdirect-bench";

/// Starts smbdirectd in this process: one share, one user, an SMB Direct listener on the
/// loopback fabric (and a TCP one on 127.0.0.1, unused by the bench).
fn start_in_process(
    a: &Args,
    t: &Target,
    password: &str,
) -> Result<(smbdirectd::daemon::Running, std::path::PathBuf)> {
    let dir = a
        .serve_dir
        .clone()
        .ok_or_else(|| anyhow!("--transport loopback needs --serve-dir DIR (the share)"))?;
    std::fs::create_dir_all(&dir)?;
    let state = std::env::temp_dir().join(format!("smbdirect-bench-{}", std::process::id()));
    std::fs::create_dir_all(&state)?;
    let users = state.join("users");
    let mut db = smbdirectd::users::load(&users)?;
    db.add(&t.user, password).map_err(|e| anyhow!("{e}"))?;
    smbdirectd::users::save(&users, &db)?;
    let cpus: Vec<String> = (0..a.serve_workers).map(|i| i.to_string()).collect();
    let cfg_text = format!(
        "[server]\nlisten = [\"127.0.0.1:0\"]\nsmbdirect = [\"loopback={LOOPBACK_NAME}\"]\n\
         state_dir = {state:?}\n\n[security]\nusers = {users:?}\n\n\
         [workers]\ncount = {n}\ncpus = [{cpus}]\n\n[log]\nlevel = \"warn\"\n\n\
         [[share]]\nname = {share:?}\npath = {dir:?}\ndirect_io = {direct}\nmapped_reads = {mapped}\n\
         rsvd = {rsvd}\n",
        state = state.join("state").display().to_string(),
        users = users.display().to_string(),
        n = a.serve_workers,
        cpus = cpus.join(", "),
        share = t.share,
        dir = dir.display().to_string(),
        direct = a.serve_direct_io,
        mapped = a.serve_mapped_reads,
        rsvd = a.shared_disk,
    );
    let cfg_path = state.join("smbdirectd.toml");
    std::fs::write(&cfg_path, cfg_text)?;
    let cfg = smbdirectd::config::Config::load(Some(&cfg_path))?;
    Ok((smbdirectd::daemon::start(&cfg)?, state))
}

fn server_cpu(url: &str) -> Option<f64> {
    metric_sum(url, "smbdirectd_process_cpu_seconds_total")
}

/// The workers' busy seconds so far: from the in-process server, or its metrics.
fn server_busy_now(a: &Args, running: Option<&smbdirectd::daemon::Running>) -> Option<f64> {
    match running {
        Some(r) => Some(r.worker_busy_seconds()),
        None => metric_sum(
            a.metrics.as_deref()?,
            "smbdirectd_worker_busy_seconds_total",
        ),
    }
}

/// The sum of a metric's samples (all label sets) from a Prometheus endpoint.
fn metric_sum(url: &str, name: &str) -> Option<f64> {
    use std::io::{Read, Write};
    let hostport = url.trim_start_matches("http://").split('/').next()?;
    let mut s = std::net::TcpStream::connect(hostport).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(s, "GET /metrics HTTP/1.0\r\n\r\n").ok()?;
    let mut t = String::new();
    s.read_to_string(&mut t).ok()?;
    let v: Vec<f64> = t
        .lines()
        .filter(|l| {
            l.strip_prefix(name)
                .is_some_and(|r| r.starts_with(' ') || r.starts_with('{'))
        })
        .filter_map(|l| l.rsplit(' ').next()?.parse().ok())
        .collect();
    (!v.is_empty()).then(|| v.iter().sum())
}

fn point(
    a: &Args,
    t: &Target,
    opts: &Options,
    qd: usize,
    running: Option<&smbdirectd::daemon::Running>,
) -> Result<Point> {
    let write = a.pattern.writes();
    let mut conns = Vec::new();
    for i in 0..a.connections {
        conns.push(open(a, t, opts, write, i)?);
    }
    let barrier = Arc::new(Barrier::new(conns.len() + 1));
    let cpu0 = server_cpu_now(a);
    let busy0 = server_busy_now(a, running);
    let lats: Vec<Result<Vec<u64>>> = std::thread::scope(|s| {
        let hs: Vec<_> = conns
            .iter_mut()
            .enumerate()
            .map(|(i, k)| {
                let b = barrier.clone();
                s.spawn(move || run_conn(a, k, qd, 0x2545_F491_4F6C_DD1D ^ (i as u64 * 7919), &b))
            })
            .collect();
        barrier.wait();
        hs.into_iter().map(|h| h.join().expect("thread")).collect()
    });
    let cpu1 = server_cpu_now(a);
    let busy1 = server_busy_now(a, running);
    let mut lat = Vec::new();
    let mut per_connection_iops = Vec::new();
    for l in lats {
        let l = l?;
        per_connection_iops.push(l.len() as f64 / a.seconds);
        lat.extend(l);
    }
    lat.sort_unstable();
    let ios = lat.len() as u64;
    let seconds = a.seconds;
    let p = |q: f64| {
        lat.get(((lat.len() as f64 * q) as usize).min(lat.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0) as f64
            / 1000.0
    };
    let iops = ios as f64 / seconds;
    Ok(Point {
        transport: match a.transport {
            Transport::Tcp => "tcp",
            Transport::Iwarp => "smbdirect-iwarp",
            Transport::Verbs => "smbdirect-verbs",
            Transport::Loopback => "smbdirect-loopback",
        },
        pattern: a.pattern,
        io_size: a.io_size,
        queue_depth: qd,
        connections: a.connections,
        ios,
        seconds,
        iops,
        mib_per_s: iops * f64::from(a.io_size) / (1 << 20) as f64,
        p50_us: p(0.50),
        p99_us: p(0.99),
        p999_us: p(0.999),
        cpu_us_per_io: per_io(cpu0, cpu1, ios),
        busy_us_per_io: per_io(busy0, busy1, ios),
        per_connection_iops,
    })
}

/// Microseconds per I/O of a counter of seconds read before and after.
fn per_io(before: Option<f64>, after: Option<f64>, ios: u64) -> Option<f64> {
    match (before, after) {
        (Some(x), Some(y)) if ios > 0 => Some((y - x) * 1e6 / ios as f64),
        _ => None,
    }
}

fn svg(points: &[Point]) -> String {
    let (w, h, m) = (640.0, 360.0, 50.0);
    let max_iops = points.iter().map(|p| p.iops).fold(1.0, f64::max);
    let max_p99 = points.iter().map(|p| p.p99_us).fold(1.0, f64::max);
    let n = points.len().max(2) as f64 - 1.0;
    let x = |i: usize| m + (w - 2.0 * m) * i as f64 / n;
    let line = |f: &dyn Fn(&Point) -> f64, max: f64| -> String {
        points
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{:.1},{:.1}", x(i), h - m - (h - 2.0 * m) * f(p) / max))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{m}\" y=\"20\">{} {} B, {} connection(s): IOPS (blue, max {:.0}) and p99 latency (red, max {:.0} us) by queue depth</text>\n\
         <line x1=\"{m}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n\
         <polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" points=\"{}\"/>\n\
         <polyline fill=\"none\" stroke=\"#d62728\" stroke-width=\"2\" points=\"{}\"/>\n",
        points.first().map(|p| p.transport).unwrap_or(""),
        points.first().map(|p| p.io_size).unwrap_or(0),
        points.first().map(|p| p.connections).unwrap_or(0),
        max_iops,
        max_p99,
        h - m,
        w - m,
        h - m,
        line(&|p| p.iops, max_iops),
        line(&|p| p.p99_us, max_p99),
    );
    for (i, p) in points.iter().enumerate() {
        s += &format!(
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">QD {}</text>\n",
            x(i),
            h - m + 18.0,
            p.queue_depth
        );
    }
    s += "</svg>\n";
    s
}

fn main() -> Result<()> {
    let a = Args::parse();
    if !(512..=8 << 20).contains(&a.io_size) {
        bail!("--io-size must be 512 B to 8 MiB");
    }
    if a.scsi && a.io_size % 512 != 0 {
        bail!("--scsi moves whole 512-byte blocks: --io-size must be a multiple of 512");
    }
    if a.qd.is_empty() || a.qd.iter().any(|&q| q == 0 || q > 1024) {
        bail!("--qd takes depths from 1 to 1024");
    }
    if !(0.1..=3600.0).contains(&a.seconds) || a.connections == 0 || a.connections > 256 {
        bail!("--seconds 0.1..3600, --connections 1..256");
    }
    if a.file_size < u64::from(a.io_size).max(1 << 20) {
        bail!("--file-size must hold at least 1 MiB and one I/O");
    }
    let t = parse_url(&a.url)?;
    let password = match std::env::var("SMB_PASSWORD") {
        Ok(p) => p,
        Err(_) => rpassword::prompt_password(format!("password for {}: ", t.user))?,
    };
    let opts = Options {
        user: t.user.clone(),
        password,
        protection: if a.encrypt {
            Protection::Encrypt
        } else {
            Protection::Sign
        },
        rdma_transforms: if a.no_rdma_transform {
            Vec::new()
        } else {
            Options::default().rdma_transforms
        },
        ..Default::default()
    };
    // In-process server for the loopback fabric; stopped (and its state removed) at the
    // end whatever happens.
    struct InProcess(Option<(smbdirectd::daemon::Running, std::path::PathBuf)>);
    impl Drop for InProcess {
        fn drop(&mut self) {
            if let Some((r, state)) = self.0.take() {
                r.shutdown();
                let _ = std::fs::remove_dir_all(state);
            }
        }
    }
    let server = InProcess(if a.transport == Transport::Loopback {
        Some(start_in_process(&a, &t, &opts.password)?)
    } else {
        None
    });
    // A shared disk is made beforehand (smbdirectd vhdx create/convert): its data is
    // what the VHDX holds.
    if !a.shared_disk {
        prepare(&a, &t, &opts)?;
    }
    println!(
        "{:<16} {:<9} {:>8} {:>4} {:>10} {:>9} {:>8} {:>8} {:>9} {:>9} {:>10}",
        "transport",
        "pattern",
        "io_size",
        "qd",
        "iops",
        "MiB/s",
        "p50_us",
        "p99_us",
        "p999_us",
        "cpu_us/io",
        "busy_us/io"
    );
    let mut points = Vec::new();
    for &qd in &a.qd {
        let p = point(&a, &t, &opts, qd, server.0.as_ref().map(|s| &s.0))?;
        let us = |v: Option<f64>| v.map(|c| format!("{c:.2}")).unwrap_or("-".into());
        println!(
            "{:<16} {:<9} {:>8} {:>4} {:>10.0} {:>9.1} {:>8.1} {:>8.1} {:>9.1} {:>9} {:>10}",
            p.transport,
            format!("{:?}", p.pattern).to_lowercase(),
            p.io_size,
            p.queue_depth,
            p.iops,
            p.mib_per_s,
            p.p50_us,
            p.p99_us,
            p.p999_us,
            us(p.cpu_us_per_io),
            us(p.busy_us_per_io),
        );
        if !a.qos_policy.is_empty() {
            for (i, v) in p.per_connection_iops.iter().enumerate() {
                let policy = a.qos_policy.get(i).map_or("-", |s| s.as_str());
                println!(
                    "  connection {i} (flow {}, policy {policy}): {v:.0} IOPS",
                    i + 1
                );
            }
        }
        points.push(p);
    }
    if let Some(path) = &a.json {
        let v: Vec<_> = points
            .iter()
            .map(|p| {
                serde_json::json!({
                    "transport": p.transport,
                    "pattern": format!("{:?}", p.pattern).to_lowercase(),
                    "io_size": p.io_size,
                    "queue_depth": p.queue_depth,
                    "connections": p.connections,
                    "ios": p.ios,
                    "seconds": p.seconds,
                    "iops": p.iops,
                    "mib_per_s": p.mib_per_s,
                    "p50_us": p.p50_us,
                    "p99_us": p.p99_us,
                    "p999_us": p.p999_us,
                    "cpu_us_per_io": p.cpu_us_per_io,
                    "busy_us_per_io": p.busy_us_per_io,
                    "per_connection_iops": p.per_connection_iops,
                })
            })
            .collect();
        std::fs::write(path, serde_json::to_string_pretty(&v)? + "\n")
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(path) = &a.svg {
        std::fs::write(path, svg(&points))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}
