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
            "/../../config/grafana-dashboard.json"
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
