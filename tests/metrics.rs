//! The Prometheus exporter, scraped by a real Prometheus server: counters grow by exactly
//! what was sent, and promtool accepts the exposition.

mod common;

use common::*;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn http_get(addr: &str, path: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let code = out
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = out
        .split_once("\r\n\r\n")
        .map(|x| x.1.to_string())
        .unwrap_or_default();
    (code, body)
}

/// The value of one sample in an exposition, 0 when absent.
fn sample(text: &str, name_and_labels: &str) -> f64 {
    text.lines()
        .find(|l| l.starts_with(name_and_labels) && l[name_and_labels.len()..].starts_with(' '))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

struct Prom {
    child: Child,
    addr: String,
}

impl Drop for Prom {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Prom {
    fn query(&self, q: &str) -> Option<f64> {
        let enc: String = q
            .bytes()
            .map(|b| match b {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' => (b as char).to_string(),
                _ => format!("%{b:02X}"),
            })
            .collect();
        // A busy machine's Prometheus may answer 503 while its storage starts: asked
        // again (bounded) until it answers.
        let end = Instant::now() + Duration::from_secs(60);
        let (code, body) = loop {
            let (code, body) = http_get(&self.addr, &format!("/api/v1/query?query={enc}"));
            if code != 503 || Instant::now() > end {
                break (code, body);
            }
            std::thread::sleep(Duration::from_millis(200));
        };
        assert_eq!(code, 200, "{body}");
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        let r = &v["data"]["result"];
        r.get(0)
            .map(|x| x["value"][1].as_str().unwrap().parse().unwrap())
    }
}

fn workload(port: u16, writes: usize, size: usize) {
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        ..Default::default()
    };
    let mut c = client::Client::connect(&format!("127.0.0.1:{port}"), &opts).unwrap();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "m.bin", 0x0012_019f, 5, 0).unwrap();
    let data = vec![0x5au8; size];
    for i in 0..writes {
        c.write(tree, f, (i * size) as u64, &data).unwrap();
    }
    let back = c.read(tree, f, 0, size as u32).unwrap();
    assert_eq!(back.len(), size);
    c.close(tree, f).unwrap();
}

#[test]
fn prometheus_scrapes_exact_counts_and_promtool_accepts() {
    let mport = free_port();
    let mut srv = TestServer::start_with(Opts {
        extra_config: format!("[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"),
        ..Default::default()
    });
    let maddr = format!("127.0.0.1:{mport}");
    assert_eq!(http_get(&maddr, "/healthz").0, 200);
    let end = Instant::now() + Duration::from_secs(10);
    while http_get(&maddr, "/readyz").0 != 200 {
        assert!(Instant::now() < end, "never ready");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(http_get(&maddr, "/nope").0, 404);

    // Direct scrape: the counters grow by exactly the workload.
    let before = http_get(&maddr, "/metrics").1;
    let started = Instant::now();
    workload(srv.port, 7, 65536);
    let after = http_get(&maddr, "/metrics").1;
    // The worker's busy time grew, by no more than the workload took (it is published
    // when the worker idles, or every millisecond of work). One worker (the test config).
    let busy = |t: &str| sample(t, "smbdirectd_worker_busy_seconds_total{worker=\"0\"}");
    let end = Instant::now() + Duration::from_secs(5);
    loop {
        let now = http_get(&maddr, "/metrics").1;
        let grew = busy(&now) - busy(&before);
        if grew > 0.0 {
            assert!(grew <= started.elapsed().as_secs_f64(), "busy {grew}");
            break;
        }
        assert!(Instant::now() < end, "no busy time counted: {now}");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(sample(&after, "smbdirectd_workers"), 1.0);
    let d = |k: &str| sample(&after, k) - sample(&before, k);
    assert_eq!(
        d("smbdirectd_requests_total{command=\"write\",status_class=\"success\"}"),
        7.0,
        "{after}"
    );
    assert_eq!(
        d("smbdirectd_requests_total{command=\"read\",status_class=\"success\"}"),
        1.0
    );
    assert_eq!(
        d("smbdirectd_requests_total{command=\"create\",status_class=\"success\"}"),
        1.0
    );
    assert_eq!(
        d("smbdirectd_written_bytes_total{transport=\"tcp\"}"),
        7.0 * 65536.0
    );
    assert_eq!(d("smbdirectd_read_bytes_total{transport=\"tcp\"}"), 65536.0);
    assert_eq!(
        d("smbdirectd_authentications_total{result=\"success\"}"),
        1.0
    );
    assert!(d("smbdirectd_request_duration_seconds_count{command=\"write\"}") >= 7.0);
    assert!(d("smbdirectd_storage_operation_duration_seconds_count{operation=\"write\"}") >= 7.0);
    assert!(
        sample(
            &after,
            "smbdirectd_network_receive_bytes_total{transport=\"tcp\"}"
        ) > 7.0 * 65536.0
    );
    // A failed logon is counted, and audited with the client address.
    let bad = client::Options {
        user: USER.into(),
        password: "wrong".into(),
        ..Default::default()
    };
    assert!(client::Client::connect(&format!("127.0.0.1:{}", srv.port), &bad).is_err());
    let after2 = http_get(&maddr, "/metrics").1;
    assert_eq!(
        sample(
            &after2,
            "smbdirectd_authentications_total{result=\"failure\"}"
        ) - sample(
            &after,
            "smbdirectd_authentications_total{result=\"failure\"}"
        ),
        1.0,
        "{}\n{after2}",
        srv.log()
    );

    // promtool accepts the exposition.
    if require_tool("promtool") {
        let mut p = Command::new("promtool")
            .args(["check", "metrics"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        p.stdin
            .take()
            .unwrap()
            .write_all(after2.as_bytes())
            .unwrap();
        let o = p.wait_with_output().unwrap();
        assert!(
            o.status.success(),
            "promtool: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
    }

    // A real Prometheus scraping us sees the same growth.
    if !require_tool("prometheus") {
        srv.stop();
        return;
    }
    let pport = free_port();
    let cfg = srv.dir.path().join("prometheus.yml");
    std::fs::write(
        &cfg,
        format!(
            "global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: smbdirectd\n    static_configs:\n      - targets: ['{maddr}']\n"
        ),
    )
    .unwrap();
    let child = Command::new("prometheus")
        .arg(format!("--config.file={}", cfg.display()))
        .arg(format!(
            "--storage.tsdb.path={}",
            srv.dir.path().join("tsdb").display()
        ))
        .arg(format!("--web.listen-address=127.0.0.1:{pport}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let prom = Prom {
        child,
        addr: format!("127.0.0.1:{pport}"),
    };
    let q = "smbdirectd_requests_total{command=\"write\",status_class=\"success\"}";
    // Prometheus is ready (its storage open) before it is asked anything.
    let end = Instant::now() + Duration::from_secs(60);
    while TcpStream::connect(&prom.addr).is_err() || http_get(&prom.addr, "/-/ready").0 != 200 {
        assert!(Instant::now() < end, "prometheus never became ready");
        std::thread::sleep(Duration::from_millis(200));
    }
    let v0 = loop {
        if let Ok(mut s) = TcpStream::connect(&prom.addr) {
            let _ = s.write_all(b"");
            if let Some(v) = prom.query(q) {
                break v;
            }
        }
        assert!(Instant::now() < end, "prometheus never scraped us");
        std::thread::sleep(Duration::from_millis(200));
    };
    let b0 = prom.query("smbdirectd_written_bytes_total").unwrap();
    assert_eq!(v0, 7.0);
    workload(srv.port, 5, 4096);
    // Wait for a scrape that saw the new writes.
    let end = Instant::now() + Duration::from_secs(30);
    loop {
        let v = prom.query(q).unwrap();
        if v == v0 + 5.0 {
            break;
        }
        assert!(v <= v0 + 5.0, "counted more writes than sent: {v}");
        assert!(
            Instant::now() < end,
            "prometheus never saw the new writes (at {v})"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(
        prom.query("smbdirectd_written_bytes_total").unwrap(),
        b0 + 5.0 * 4096.0
    );
    assert_eq!(prom.query("up{job=\"smbdirectd\"}").unwrap(), 1.0);
    // Every query of the shipped Grafana dashboard is valid PromQL over our metrics.
    let dash: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../config/grafana-dashboard.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let mut with_data = 0;
    for p in dash["panels"].as_array().unwrap() {
        for t in p["targets"].as_array().unwrap() {
            let expr = t["expr"].as_str().unwrap().replace("$instance", ".*");
            if prom.query(&expr).is_some() {
                with_data += 1;
            }
        }
    }
    assert!(
        with_data >= 10,
        "only {with_data} dashboard queries returned data"
    );
    drop(prom);
    srv.stop();
}

/// Storage QoS in the daemon: a flow named by FSCTL_STORAGE_QOS_CONTROL with a policy
/// from the configuration is held to its maximum (60 reads at 100 IOPS take at least half
/// a second), the exporter shows the flow's I/Os, bytes, held time and limits with its
/// initiator, and SIGHUP applies a changed policy without a restart (a bad one is
/// refused and the running one kept).
#[test]
fn storage_qos_flows_are_measured_and_policies_reload_on_sighup() {
    use smb_wire::fsctl::{self, SqosRequest, SqosResponse};
    const GOLD: &str = "b13a32e4-7f3c-4c8e-9d2a-0a1b2c3d4e5f";
    let mport = free_port();
    let policy = |max: u64, min: u64| {
        format!("[[qos.policy]]\nid = \"{GOLD}\"\nname = \"gold\"\nmax_iops = {max}\nmin_iops = {min}\n")
    };
    let mut srv = TestServer::start_with(Opts {
        extra_config: format!(
            "[metrics]\nlisten = \"127.0.0.1:{mport}\"\n[qos]\n{}",
            policy(100, 0)
        ),
        ..Default::default()
    });
    let mut c = srv.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "vm.vhdx", 0x0012_019F, 5, 0).unwrap();
    c.write(tree, f, 0, &[5; 65536]).unwrap();
    // The policy id in its wire form (first three groups little-endian).
    let gold = [
        0xe4, 0x32, 0x3a, 0xb1, 0x3c, 0x7f, 0x8e, 0x4c, 0x9d, 0x2a, 0x0a, 0x1b, 0x2c, 0x3d, 0x4e,
        0x5f,
    ];
    let status = |c: &mut client::Client, options: u32, policy_id: [u8; 16]| {
        let req = SqosRequest {
            version: fsctl::SQOS_VERSION_1_1,
            options,
            flow_id: [0x42; 16],
            policy_id,
            initiator_id: [7; 16],
            initiator_name: "VM-ONE".into(),
            node_name: "host1".into(),
            ..Default::default()
        };
        let mut input = Vec::new();
        req.encode(&mut input);
        let r = c
            .fsctl(tree, f, fsctl::STORAGE_QOS_CONTROL, &input, 1024)
            .unwrap();
        assert_eq!(r.status().to_string(), "STATUS_SUCCESS");
        SqosResponse::parse(r.ioctl_output()).unwrap()
    };
    let s = status(
        &mut c,
        fsctl::SQOS_SET_LOGICAL_FLOW_ID | fsctl::SQOS_SET_POLICY | fsctl::SQOS_GET_STATUS,
        gold,
    );
    assert_eq!((s.status, s.max_io_rate, s.base_io_size), (0, 100, 8192));
    let t0 = Instant::now();
    for _ in 0..60 {
        assert_eq!(c.read(tree, f, 0, 8192).unwrap().len(), 8192);
    }
    let took = t0.elapsed();
    assert!(
        took >= Duration::from_millis(500),
        "60 reads at 100 IOPS in {took:?}"
    );
    let text = metrics_text(mport);
    let flow = "flow=\"42424242-4242-4242-4242-424242424242\"";
    let line = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(name) && l.contains(flow))
            .unwrap_or_else(|| panic!("no {name} for the flow in:\n{text}"))
            .to_string()
    };
    assert!(
        line("smbdirectd_qos_flow_ios_total").ends_with(" 60"),
        "{}",
        line("smbdirectd_qos_flow_ios_total")
    );
    assert!(line("smbdirectd_qos_flow_bytes_total").ends_with(&format!(" {}", 60 * 8192)));
    assert!(line("smbdirectd_qos_flow_ios_total").contains("initiator=\"VM-ONE\""));
    assert!(line("smbdirectd_qos_flow_ios_total").contains(&format!("policy=\"{GOLD}\"")));
    let held: f64 = line("smbdirectd_qos_flow_throttled_seconds_total")
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(held > 0.3, "held {held} s");
    assert!(text
        .lines()
        .any(|l| l.starts_with("smbdirectd_qos_flow_limit_iops")
            && l.contains("bound=\"max\"")
            && l.ends_with(" 100")));
    // Reload: a new maximum applies without a restart.
    let cfg_path = srv.dir.path().join("smbdirectd.toml");
    let text = std::fs::read_to_string(&cfg_path).unwrap();
    let hup = |srv: &TestServer, want: &str| {
        let pid = srv.pid().unwrap();
        assert!(Command::new("kill")
            .args(["-HUP", &pid.to_string()])
            .status()
            .unwrap()
            .success());
        let deadline = Instant::now() + Duration::from_secs(10);
        while !srv.log().contains(want) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(srv.log().contains(want), "{}", srv.log());
    };
    // The administrator sees the flow, its policy and what it did.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .args(["status", "--json", "--config"])
        .arg(&cfg_path)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", out_text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let flow = v["qos_flows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["policy"] == GOLD)
        .unwrap_or_else(|| panic!("no gold flow in {v:#}"));
    assert!(flow["ios"].as_u64().unwrap() >= 60, "{flow}");
    std::fs::write(&cfg_path, text.replace(&policy(100, 0), &policy(5000, 10))).unwrap();
    hup(&srv, "configuration reloaded");
    let s = status(&mut c, fsctl::SQOS_GET_STATUS, gold);
    assert_eq!((s.max_io_rate, s.min_io_rate), (5000, 10));
    // A bad configuration is refused; the running policy stays.
    std::fs::write(&cfg_path, text.replace(&policy(100, 0), &policy(10, 500))).unwrap();
    hup(&srv, "configuration reload failed");
    let s = status(&mut c, fsctl::SQOS_GET_STATUS, gold);
    assert_eq!(s.max_io_rate, 5000);
    let mut other = gold;
    other[0] ^= 1;
    let s = status(
        &mut c,
        fsctl::SQOS_SET_POLICY | fsctl::SQOS_GET_STATUS,
        other,
    );
    assert_eq!(s.status, 2, "an unknown policy id");
    drop(c);
    srv.stop();
}
