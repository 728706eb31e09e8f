//! Prometheus metrics: per-worker plain counters (each written only by its worker),
//! summed when `/metrics` is scraped, plus `/healthz` and `/readyz`. Labels are small
//! enums: command, status class, transport, storage operation.

use prometheus::proto::{
    Bucket, Counter, Gauge, Histogram as PHistogram, LabelPair, Metric, MetricFamily, MetricType,
};
use smb_server::stats::{class_name, ConnStats, CLASSES, COMMANDS};
use smb_server::Server;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;
use storage::stats::{Histogram, HistogramSnapshot, BUCKETS_US, OPS};

mod cluster;
mod storage_io;

fn bump(a: &AtomicU64, by: u64) {
    a.store(a.load(Relaxed).wrapping_add(by), Relaxed);
}

/// One worker's counters. Only that worker writes them.
#[derive(Default)]
pub struct WorkerStats {
    /// "smbdirect" for the SMB Direct listener's counters, "tcp" (the default) otherwise.
    pub transport: &'static str,
    /// SMB Direct only (MS-SMBD and RDMA activity).
    pub smbd_receives_posted: AtomicU64,
    pub smbd_messages_sent: AtomicU64,
    pub smbd_messages_received: AtomicU64,
    pub smbd_fragments_sent: AtomicU64,
    pub smbd_credit_messages_sent: AtomicU64,
    pub smbd_send_credits: AtomicU64,
    pub smbd_peer_credits: AtomicU64,
    pub rdma_reads: AtomicU64,
    pub rdma_writes: AtomicU64,
    pub rdma_payload_copied: AtomicU64,
    /// Memory registered for one RDMA Read or Write (no pooled buffer could hold it).
    pub rdma_registrations: AtomicU64,
    /// RDMA Writes of READ data sent from a mapped file (mapped_reads shares).
    pub rdma_writes_mapped: AtomicU64,
    pub rdma_errors: AtomicU64,
    /// Responses sent as Send With Invalidate.
    pub sends_with_invalidate: AtomicU64,
    /// The worker's SMB Direct buffer pool: buffers in all, and free (not lent to a
    /// connection, not under an RDMA operation).
    pub pool_buffers: AtomicU64,
    pub pool_free: AtomicU64,
    /// Completion queues the worker polls for its SMB Direct connections (a gauge).
    pub completion_queues: AtomicU64,
    /// Receives the worker's SMB Direct connections share: posted, and reserved by none
    /// (gauges).
    pub shared_receives: AtomicU64,
    pub shared_receives_free: AtomicU64,
    /// SMB Direct connections drawing on them (the others post receives of their own).
    pub shared_receive_conns: AtomicU64,
    /// Worker loop turns that moved SMB Direct connections.
    pub smbd_turns: AtomicU64,
    /// READs whose storage I/O went through the worker's io_uring (the page cache did
    /// not hold their data).
    pub ring_reads: AtomicU64,
    /// FLUSHes whose fdatasync went through the worker's io_uring.
    pub ring_syncs: AtomicU64,
    /// WRITEs the worker's ring wrote (RWF_DSYNC for write-through ones).
    pub ring_writes: AtomicU64,
    /// Zeroings and trims the worker's ring did (a hole punched per range).
    pub ring_zeroes: AtomicU64,
    /// Ring reads completed on the polled (IOPOLL) ring (io_poll shares).
    pub ring_polled: AtomicU64,
    /// Ring I/O submitted by a kernel thread (SQPOLL ring; sqpoll shares).
    pub ring_sqpoll: AtomicU64,
    /// Open files' descriptors held in the worker's io_uring file tables (a gauge).
    pub ring_files: AtomicU64,
    /// SPDK shares' READ data the worker's CPU copied out of a DMA bounce buffer (into a
    /// response or an SMB Direct payload), in bytes; and READs over TCP sent straight
    /// from the buffer the device filled.
    pub spdk_read_copied: AtomicU64,
    pub spdk_reads_sent_in_place: AtomicU64,
    requests: [[AtomicU64; CLASSES]; COMMANDS],
    latency: [Histogram; COMMANDS],
    read_bytes: AtomicU64,
    write_bytes: AtomicU64,
    net_rx: AtomicU64,
    net_tx: AtomicU64,
    credits_granted: AtomicU64,
    auth_success: AtomicU64,
    auth_failure: AtomicU64,
    uring_submitted: AtomicU64,
    uring_completed: AtomicU64,
    /// Gauges, set by the worker.
    pub connections: AtomicU64,
    pub requests_in_flight: AtomicU64,
    pub credits_outstanding: AtomicU64,
}

impl WorkerStats {
    /// Counters of a transport other than TCP.
    pub fn for_transport(transport: &'static str) -> WorkerStats {
        WorkerStats {
            transport,
            ..Default::default()
        }
    }

    /// Moves what a connection counted since the last call into these totals (its
    /// latency attribution, `last_command`, is left to the caller).
    pub fn add_conn(&self, s: &mut ConnStats) {
        s.take_requests(|cmd, counts| {
            for (a, &v) in self.requests[cmd].iter().zip(counts) {
                if v != 0 {
                    bump(a, v);
                }
            }
        });
        for (a, v) in [
            (&self.read_bytes, &mut s.read_bytes),
            (&self.write_bytes, &mut s.write_bytes),
            (&self.credits_granted, &mut s.credits_granted),
            (&self.auth_success, &mut s.auth_success),
            (&self.auth_failure, &mut s.auth_failure),
        ] {
            if *v != 0 {
                bump(a, std::mem::take(v));
            }
        }
    }
    /// [`WorkerStats::add_conn`] after a PDU handled since `since`: its first command's
    /// latency is observed as ending now.
    pub fn add_answered(&self, s: &mut ConnStats, since: std::time::Instant) {
        if let Some(cmd) = s.last_command.take() {
            self.observe(cmd, crate::clock::since(since));
        }
        self.add_conn(s);
    }
    pub fn observe(&self, command: u16, d: Duration) {
        if let Some(h) = self.latency.get(command as usize) {
            h.observe(d);
        }
    }
    pub fn net(&self, rx: u64, tx: u64) {
        bump(&self.net_rx, rx);
        bump(&self.net_tx, tx);
    }
    pub fn uring(&self, submitted: u64, completed: u64) {
        bump(&self.uring_submitted, submitted);
        bump(&self.uring_completed, completed);
    }
}

/// Everything the exporter reads.
pub struct Metrics {
    pub workers: Vec<Arc<WorkerStats>>,
    /// Per worker thread: nanoseconds spent in loop turns that found work.
    pub busy_ns: Vec<Arc<AtomicU64>>,
    pub server: Arc<Server>,
    pub ready: Arc<AtomicBool>,
    /// The scale-out cluster this node is in, if any.
    pub cluster: Option<Arc<crate::cluster::Stats>>,
}

fn label(name: &str, value: &str) -> LabelPair {
    let mut l = LabelPair::default();
    l.set_name(name.to_string());
    l.set_value(value.to_string());
    l
}

fn family(name: &str, help: &str, t: MetricType, metrics: Vec<Metric>) -> MetricFamily {
    let mut f = MetricFamily::default();
    f.set_name(name.to_string());
    f.set_help(help.to_string());
    f.set_field_type(t);
    f.set_metric(metrics);
    f
}

fn counter(labels: Vec<LabelPair>, v: u64) -> Metric {
    counter_f64(labels, v as f64)
}

/// A counter of fractional value (seconds).
fn counter_f64(labels: Vec<LabelPair>, v: f64) -> Metric {
    let mut m = Metric::default();
    m.set_label(labels);
    let mut c = Counter::default();
    c.set_value(v);
    m.set_counter(c);
    m
}

fn gauge(labels: Vec<LabelPair>, v: f64) -> Metric {
    let mut m = Metric::default();
    m.set_label(labels);
    let mut g = Gauge::default();
    g.set_value(v);
    m.set_gauge(g);
    m
}

fn histogram(labels: Vec<LabelPair>, h: &HistogramSnapshot) -> Metric {
    let mut m = Metric::default();
    m.set_label(labels);
    let mut ph = PHistogram::default();
    let mut cum = 0;
    let mut buckets = Vec::with_capacity(BUCKETS_US.len());
    for (i, &b) in BUCKETS_US.iter().enumerate() {
        cum += h.counts[i];
        let mut bk = Bucket::default();
        bk.set_upper_bound(b as f64 / 1e6);
        bk.set_cumulative_count(cum);
        buckets.push(bk);
    }
    ph.set_bucket(buckets);
    ph.set_sample_count(h.count());
    ph.set_sample_sum(h.sum_ns as f64 / 1e9);
    m.set_histogram(ph);
    m
}

fn transport_of(w: &WorkerStats) -> &'static str {
    if w.transport.is_empty() {
        "tcp"
    } else {
        w.transport
    }
}

impl Metrics {
    fn sum(&self, f: impl Fn(&WorkerStats) -> &AtomicU64) -> u64 {
        self.workers.iter().map(|w| f(w).load(Relaxed)).sum()
    }

    /// One sample per transport present, summing that transport's workers.
    fn by_transport(
        &self,
        f: impl Fn(&WorkerStats) -> &AtomicU64,
        gauge_kind: bool,
    ) -> Vec<Metric> {
        let mut ts: Vec<&'static str> = self.workers.iter().map(|w| transport_of(w)).collect();
        ts.sort_unstable();
        ts.dedup();
        ts.into_iter()
            .map(|t| {
                let v: u64 = self
                    .workers
                    .iter()
                    .filter(|w| transport_of(w) == t)
                    .map(|w| f(w).load(Relaxed))
                    .sum();
                if gauge_kind {
                    gauge(vec![label("transport", t)], v as f64)
                } else {
                    counter(vec![label("transport", t)], v)
                }
            })
            .collect()
    }

    pub fn families(&self) -> Vec<MetricFamily> {
        let mut out = Vec::new();
        self.request_families(&mut out);
        self.data_families(&mut out);
        self.credit_families(&mut out);
        self.connection_families(&mut out);
        self.session_families(&mut out);
        self.uring_families(&mut out);
        self.auth_families(&mut out);
        self.smbdirect_families(&mut out);
        self.spdk_read_families(&mut out);
        self.storage_ring_families(&mut out);
        self.smbdirect_resource_families(&mut out);
        self.worker_families(&mut out);
        self.qos_families(&mut out);
        if let Some(cpu) = process_cpu_seconds() {
            out.push(family(
                "smbdirectd_process_cpu_seconds_total",
                "CPU time of the server process (user and system).",
                MetricType::COUNTER,
                vec![counter_f64(vec![], cpu)],
            ));
        }
        out.retain(|f| !f.get_metric().is_empty());
        out
    }

    /// SMB2 requests: counts by command and status class, and their latency.
    fn request_families(&self, out: &mut Vec<MetricFamily>) {
        let mut reqs = Vec::new();
        let mut lat = Vec::new();
        for c in 0..COMMANDS {
            let name = smb_wire::header::Command(c as u16).name();
            for class in 0..CLASSES {
                let v: u64 = self
                    .workers
                    .iter()
                    .map(|w| w.requests[c][class].load(Relaxed))
                    .sum();
                if v > 0 {
                    reqs.push(counter(
                        vec![
                            label("command", name),
                            label("status_class", class_name(class)),
                        ],
                        v,
                    ));
                }
            }
            let mut h = HistogramSnapshot::default();
            for w in &self.workers {
                w.latency[c].add_to(&mut h);
            }
            if h.count() > 0 {
                lat.push(histogram(vec![label("command", name)], &h));
            }
        }
        out.push(family(
            "smbdirectd_requests_total",
            "SMB2 requests answered, by command and status class.",
            MetricType::COUNTER,
            reqs,
        ));
        out.push(family(
            "smbdirectd_request_duration_seconds",
            "Server time per request PDU (receive to response queued), by its first command.",
            MetricType::HISTOGRAM,
            lat,
        ));
    }

    /// Storage operation latency, mapped files, and file and network bytes by transport.
    fn data_families(&self, out: &mut Vec<MetricFamily>) {
        let st = storage::stats::snapshot();
        out.push(family(
            "smbdirectd_storage_operation_duration_seconds",
            "Time spent in storage operations, by operation.",
            MetricType::HISTOGRAM,
            OPS.iter()
                .zip(st.iter())
                .map(|(op, h)| histogram(vec![label("operation", op)], h))
                .collect(),
        ));
        out.push(family(
            "smbdirectd_mapped_files",
            "Files mapped for reads straight from the page cache (mapped_reads shares).",
            MetricType::GAUGE,
            vec![gauge(vec![], storage::fmap::live() as f64)],
        ));
        out.push(family(
            "smbdirectd_read_bytes_total",
            "File data returned by READ, by transport.",
            MetricType::COUNTER,
            self.by_transport(|w| &w.read_bytes, false),
        ));
        out.push(family(
            "smbdirectd_written_bytes_total",
            "File data accepted by WRITE, by transport.",
            MetricType::COUNTER,
            self.by_transport(|w| &w.write_bytes, false),
        ));
        out.push(family(
            "smbdirectd_network_receive_bytes_total",
            "Bytes received from clients, by transport.",
            MetricType::COUNTER,
            self.by_transport(|w| &w.net_rx, false),
        ));
        out.push(family(
            "smbdirectd_network_transmit_bytes_total",
            "Bytes sent to clients, by transport.",
            MetricType::COUNTER,
            self.by_transport(|w| &w.net_tx, false),
        ));
    }

    /// Requests in flight and SMB2 credits.
    fn credit_families(&self, out: &mut Vec<MetricFamily>) {
        out.push(family(
            "smbdirectd_requests_in_flight",
            "Requests received and not yet answered (async ones included).",
            MetricType::GAUGE,
            vec![gauge(vec![], self.sum(|w| &w.requests_in_flight) as f64)],
        ));
        out.push(family(
            "smbdirectd_credits_granted_total",
            "SMB2 credits granted to clients.",
            MetricType::COUNTER,
            vec![counter(vec![], self.sum(|w| &w.credits_granted))],
        ));
        out.push(family(
            "smbdirectd_credits_outstanding",
            "Credits clients hold and have not yet used.",
            MetricType::GAUGE,
            vec![gauge(vec![], self.sum(|w| &w.credits_outstanding) as f64)],
        ));
    }

    /// Open connections, and those refused or closed by the admission bounds.
    fn connection_families(&self, out: &mut Vec<MetricFamily>) {
        out.push(family(
            "smbdirectd_connections",
            "Open client connections, by transport.",
            MetricType::GAUGE,
            self.by_transport(|w| &w.connections, true),
        ));
        let cuts = |accept: bool| {
            crate::admission::Cut::ALL
                .into_iter()
                .filter(|c| c.at_accept() == accept)
                .map(|c| counter(vec![label("reason", c.label())], crate::admission::cuts(c)))
                .collect()
        };
        out.push(family(
            "smbdirectd_connections_refused_total",
            "TCP connections refused at accept by a bound, by reason.",
            MetricType::COUNTER,
            cuts(true),
        ));
        out.push(family(
            "smbdirectd_connections_closed_total",
            "Connections closed by a deadline, or displaced (not signed in when a newcomer found the server full), by reason.",
            MetricType::COUNTER,
            cuts(false),
        ));
    }

    /// Sessions, opens and their descriptors, durable handles, logons, the persistent-handle
    /// journal, and the opens and durable grants the bounds refused.
    fn session_families(&self, out: &mut Vec<MetricFamily>) {
        let sessions = self.server.sessions.len();
        let budget = &self.server.budget;
        out.push(family(
            "smbdirectd_sessions",
            "Authenticated sessions.",
            MetricType::GAUGE,
            vec![gauge(vec![], sessions as f64)],
        ));
        out.push(family(
            "smbdirectd_opens",
            "Open files, directories and pipes, durable ones waiting for their client included.",
            MetricType::GAUGE,
            vec![gauge(vec![], budget.opens() as f64)],
        ));
        out.push(family(
            "smbdirectd_open_descriptors",
            "Descriptors the opens hold (against limits.max_open_files).",
            MetricType::GAUGE,
            vec![gauge(vec![], budget.files() as f64)],
        ));
        out.push(family(
            "smbdirectd_durable_handles",
            "Durable and persistent handles held, connected or waiting for their client.",
            MetricType::GAUGE,
            vec![gauge(vec![], budget.durable() as f64)],
        ));
        let auths = &self.server.authentications;
        let mut auth_series = Vec::new();
        for (m, mech) in ["ntlm", "kerberos"].into_iter().enumerate() {
            for (r, result) in ["succeeded", "failed"].into_iter().enumerate() {
                auth_series.push(counter(
                    vec![label("mechanism", mech), label("result", result)],
                    auths[m][r].load(Relaxed),
                ));
            }
        }
        out.push(family(
            "smbdirectd_logons_total",
            "Logons and re-authentications the authentication mechanism finished, by mechanism and result (the audit log says why one failed).",
            MetricType::COUNTER,
            auth_series,
        ));
        self.persistent_families(out);
        self.cluster_families(out);
        out.push(family(
            "smbdirectd_opens_refused_total",
            "Opens refused (INSUFFICIENT_RESOURCES) and durable grants withheld by the bounds.",
            MetricType::COUNTER,
            vec![
                counter(
                    vec![label("what", "open")],
                    budget.refused_opens.load(Relaxed),
                ),
                counter(
                    vec![label("what", "durable")],
                    budget.refused_durable.load(Relaxed),
                ),
            ],
        ));
    }

    /// The persistent-handle journal, where there is one.
    fn persistent_families(&self, out: &mut Vec<MetricFamily>) {
        if let Some(j) = self.server.journal.get() {
            let srv = &self.server;
            out.push(family(
                "smbdirectd_persistent_handles",
                "Persistent handles (continuously available shares) in the journal.",
                MetricType::GAUGE,
                vec![gauge(vec![], j.live() as f64)],
            ));
            out.push(family(
                "smbdirectd_persistent_handles_total",
                "Persistent handles taken back by their client after a lost connection or a restart, and closed unreclaimed when their time ran out.",
                MetricType::COUNTER,
                vec![
                    counter(
                        vec![label("outcome", "reclaimed")],
                        srv.persistent_reclaimed.load(Relaxed),
                    ),
                    counter(
                        vec![label("outcome", "expired")],
                        srv.persistent_expired.load(Relaxed),
                    ),
                ],
            ));
            out.push(family(
                "smbdirectd_handle_journal_bytes",
                "Size of the persistent-handle journal.",
                MetricType::GAUGE,
                vec![gauge(vec![], j.bytes() as f64)],
            ));
            out.push(family(
                "smbdirectd_handle_journal_writes_total",
                "Synchronous journal writes (each on stable storage before it returns): appends, compactions, and writes that failed.",
                MetricType::COUNTER,
                vec![
                    counter(vec![label("kind", "append")], j.appends.load(Relaxed)),
                    counter(vec![label("kind", "compaction")], j.compactions.load(Relaxed)),
                    counter(vec![label("kind", "failed")], j.failures.load(Relaxed)),
                ],
            ));
        }
    }

    /// The workers' io_uring rings: submissions, completions, queue depth.
    fn uring_families(&self, out: &mut Vec<MetricFamily>) {
        out.push(family(
            "smbdirectd_io_uring_submissions_total",
            "Entries submitted to the workers' io_uring rings.",
            MetricType::COUNTER,
            vec![counter(vec![], self.sum(|w| &w.uring_submitted))],
        ));
        out.push(family(
            "smbdirectd_io_uring_completions_total",
            "Completions reaped from the workers' io_uring rings.",
            MetricType::COUNTER,
            vec![counter(vec![], self.sum(|w| &w.uring_completed))],
        ));
        out.push(family(
            "smbdirectd_io_uring_in_flight",
            "Operations submitted to io_uring and not yet completed (queue depth).",
            MetricType::GAUGE,
            vec![gauge(
                vec![],
                self.sum(|w| &w.uring_submitted)
                    .saturating_sub(self.sum(|w| &w.uring_completed)) as f64,
            )],
        ));
    }

    /// Session setups by result, and logons refused by address.
    fn auth_families(&self, out: &mut Vec<MetricFamily>) {
        out.push(family(
            "smbdirectd_authentications_total",
            "Session setups that ended, by result.",
            MetricType::COUNTER,
            vec![
                counter(
                    vec![label("result", "success")],
                    self.sum(|w| &w.auth_success),
                ),
                counter(
                    vec![label("result", "failure")],
                    self.sum(|w| &w.auth_failure),
                ),
            ],
        ));
        out.push(family(
            "smbdirectd_logons_refused_total",
            "Logons refused unchecked because their address failed too often (limits.logon_failures_per_address).",
            MetricType::COUNTER,
            vec![counter(vec![], self.server.logons.refused.load(Relaxed))],
        ));
    }

    /// SMB Direct messages and credits, and RDMA operations.
    fn smbdirect_families(&self, out: &mut Vec<MetricFamily>) {
        let smbd = |name: &str, help: &str, t: MetricType, v: f64| {
            let m = if t == MetricType::GAUGE {
                gauge(vec![], v)
            } else {
                counter(vec![], v as u64)
            };
            family(name, help, t, vec![m])
        };
        out.push(smbd(
            "smbdirectd_smbdirect_receives_posted_total",
            "SMB Direct receive buffers posted.",
            MetricType::COUNTER,
            self.sum(|w| &w.smbd_receives_posted) as f64,
        ));
        out.push(family(
            "smbdirectd_smbdirect_messages_total",
            "SMB Direct upper-layer messages, by direction.",
            MetricType::COUNTER,
            vec![
                counter(
                    vec![label("direction", "received")],
                    self.sum(|w| &w.smbd_messages_received),
                ),
                counter(
                    vec![label("direction", "sent")],
                    self.sum(|w| &w.smbd_messages_sent),
                ),
            ],
        ));
        out.push(smbd(
            "smbdirectd_smbdirect_fragments_sent_total",
            "SMB Direct data transfer messages sent (fragments).",
            MetricType::COUNTER,
            self.sum(|w| &w.smbd_fragments_sent) as f64,
        ));
        out.push(smbd(
            "smbdirectd_smbdirect_credit_messages_sent_total",
            "SMB Direct messages sent only to grant credits or answer a keepalive.",
            MetricType::COUNTER,
            self.sum(|w| &w.smbd_credit_messages_sent) as f64,
        ));
        out.push(smbd(
            "smbdirectd_smbdirect_send_credits",
            "Send credits the server holds on its SMB Direct connections.",
            MetricType::GAUGE,
            self.sum(|w| &w.smbd_send_credits) as f64,
        ));
        out.push(smbd(
            "smbdirectd_smbdirect_peer_credits",
            "Credits granted to SMB Direct peers and not yet used.",
            MetricType::GAUGE,
            self.sum(|w| &w.smbd_peer_credits) as f64,
        ));
        out.push(family(
            "smbdirectd_rdma_operations_total",
            "RDMA operations issued toward clients' buffers, by type.",
            MetricType::COUNTER,
            vec![
                counter(vec![label("type", "read")], self.sum(|w| &w.rdma_reads)),
                counter(vec![label("type", "write")], self.sum(|w| &w.rdma_writes)),
            ],
        ));
        out.push(smbd(
            "smbdirectd_smbdirect_sends_with_invalidate_total",
            "SMB Direct sends posted as Send With Invalidate: responses that retire the \
             buffer key of the client's RDMA descriptor as they arrive.",
            MetricType::COUNTER,
            self.sum(|w| &w.sends_with_invalidate) as f64,
        ));
        out.push(smbd(
            "smbdirectd_rdma_errors_total",
            "RDMA operations that failed.",
            MetricType::COUNTER,
            self.sum(|w| &w.rdma_errors) as f64,
        ));
        out.push(smbd(
            "smbdirectd_rdma_payload_bytes_copied_total",
            "READ payload bytes copied into a registered buffer before their RDMA Write \
             (0 while reads land in lent registered buffers).",
            MetricType::COUNTER,
            self.sum(|w| &w.rdma_payload_copied) as f64,
        ));
        out.push(smbd(
            "smbdirectd_rdma_registrations_total",
            "Memory registered with the RDMA device for one RDMA Read or Write, because no \
             buffer of the worker's pool could hold its payload (0 in steady state: \
             transfers up to the maximum take pooled slots in a row).",
            MetricType::COUNTER,
            self.sum(|w| &w.rdma_registrations) as f64,
        ));
        out.push(smbd(
            "smbdirectd_rdma_writes_from_page_cache_total",
            "RDMA Writes of READ data sent straight from a mapped file's pages in the page \
             cache (mapped_reads shares): nothing copied, nothing read by the worker.",
            MetricType::COUNTER,
            self.sum(|w| &w.rdma_writes_mapped) as f64,
        ));
    }

    /// The workers' SMB Direct buffers, completion queues and shared receives.
    fn smbdirect_resource_families(&self, out: &mut Vec<MetricFamily>) {
        out.push(family(
            "smbdirectd_buffer_pool_buffers",
            "Registered 64 KiB buffers of the workers' SMB Direct pools, by state.",
            MetricType::GAUGE,
            vec![
                gauge(
                    vec![label("state", "total")],
                    self.sum(|w| &w.pool_buffers) as f64,
                ),
                gauge(
                    vec![label("state", "free")],
                    self.sum(|w| &w.pool_free) as f64,
                ),
            ],
        ));
        out.push(family(
            "smbdirectd_smbdirect_completion_queues",
            "Completion queues the workers poll for their SMB Direct connections (one per \
             worker and listener, and another each time a device queue is full).",
            MetricType::GAUGE,
            vec![gauge(vec![], self.sum(|w| &w.completion_queues) as f64)],
        ));
        out.push(family(
            "smbdirectd_smbdirect_shared_receives",
            "Receives the workers' SMB Direct connections share (posted to a shared receive \
             queue per worker and listener), and those no connection holds for its credits.",
            MetricType::GAUGE,
            vec![
                gauge(
                    vec![label("state", "posted")],
                    self.sum(|w| &w.shared_receives) as f64,
                ),
                gauge(
                    vec![label("state", "free")],
                    self.sum(|w| &w.shared_receives_free) as f64,
                ),
            ],
        ));
        out.push(family(
            "smbdirectd_smbdirect_connections_on_shared_receives",
            "SMB Direct connections drawing on their worker's shared receives (the others \
             arrived when fewer than two were free, and post receives of their own).",
            MetricType::GAUGE,
            vec![gauge(vec![], self.sum(|w| &w.shared_receive_conns) as f64)],
        ));
        out.push(family(
            "smbdirectd_smbdirect_turns_total",
            "Worker loop turns that moved SMB Direct connections (each polls the worker's \
             completion queues once and moves every connection on).",
            MetricType::COUNTER,
            vec![counter(vec![], self.sum(|w| &w.smbd_turns))],
        ));
    }

    /// Worker threads and their busy time.
    fn worker_families(&self, out: &mut Vec<MetricFamily>) {
        out.push(family(
            "smbdirectd_workers",
            "Worker threads.",
            MetricType::GAUGE,
            vec![gauge(vec![], self.busy_ns.len() as f64)],
        ));
        out.push(family(
            "smbdirectd_worker_busy_seconds_total",
            "Time the workers spent in loop turns that found work (completions, requests, \
             storage I/O), per worker; the rest of a polling worker's CPU time is idle polling.",
            MetricType::COUNTER,
            self.busy_ns
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    counter_f64(
                        vec![label("worker", &i.to_string())],
                        b.load(Relaxed) as f64 / 1e9,
                    )
                })
                .collect(),
        ));
    }

    /// Storage QoS, per flow: I/Os, normalized I/Os, bytes, time held back by the flow's
    /// maximum, what the client reported (I/Os and their latency), and the limits in
    /// force.
    fn qos_families(&self, out: &mut Vec<MetricFamily>) {
        use smb_server::qos::format_guid;
        let qos = &self.server.qos;
        let flows = qos.flows();
        let mut per: [Vec<Metric>; 7] = Default::default();
        for f in &flows {
            let d = f.desc.lock().clone();
            let labels = || {
                vec![
                    label("flow", &format_guid(&f.id)),
                    label("initiator", &d.initiator_name),
                    label("node", &d.node_name),
                    label("policy", &format_guid(&d.policy_id)),
                ]
            };
            let c = &f.counters;
            per[0].push(counter(labels(), c.ios.load(Relaxed)));
            per[1].push(counter(labels(), c.normalized.load(Relaxed)));
            per[2].push(counter(labels(), c.bytes.load(Relaxed)));
            per[3].push(counter_f64(
                labels(),
                c.throttled_ns.load(Relaxed) as f64 / 1e9,
            ));
            per[4].push(counter(labels(), c.client_ios.load(Relaxed)));
            per[5].push(counter_f64(
                labels(),
                c.client_latency_100ns.load(Relaxed) as f64 / 1e7,
            ));
            let (limits, _) = qos.effective(f);
            for (bound, v) in [("min", limits.min_iops), ("max", limits.max_iops)] {
                let mut l = labels();
                l.push(label("bound", bound));
                per[6].push(gauge(l, v as f64));
            }
        }
        let [ios, norm, bytes, held, cios, clat, lim] = per;
        let fams = [
            (
                "smbdirectd_qos_flow_ios_total",
                "READs and WRITEs of each Storage QoS flow.",
                ios,
            ),
            (
                "smbdirectd_qos_flow_normalized_ios_total",
                "Normalized I/Os (ceil(bytes / 8 KiB) each) of each Storage QoS flow.",
                norm,
            ),
            (
                "smbdirectd_qos_flow_bytes_total",
                "Bytes read and written by each Storage QoS flow.",
                bytes,
            ),
            (
                "smbdirectd_qos_flow_throttled_seconds_total",
                "Time answers of each Storage QoS flow were held back by its maximum, added up.",
                held,
            ),
            (
                "smbdirectd_qos_flow_client_ios_total",
                "I/Os each flow's client reported (MS-SQOS UPDATE_COUNTERS).",
                cios,
            ),
            (
                "smbdirectd_qos_flow_client_latency_seconds_total",
                "Latency each flow's client reported for its I/Os, added up (divide by \
                 smbdirectd_qos_flow_client_ios_total for the mean).",
                clat,
            ),
        ];
        for (name, help, v) in fams {
            out.push(family(name, help, MetricType::COUNTER, v));
        }
        out.push(family(
            "smbdirectd_qos_flow_limit_iops",
            "Normalized IOPS limits in force for each Storage QoS flow (0 = none).",
            MetricType::GAUGE,
            lim,
        ));
        out.push(family(
            "smbdirectd_qos_flows",
            "Storage QoS flows the server tracks.",
            MetricType::GAUGE,
            vec![gauge(vec![], flows.len() as f64)],
        ));
    }

    pub fn render(&self) -> String {
        use prometheus::Encoder;
        let mut buf = Vec::new();
        let enc = prometheus::TextEncoder::new();
        if let Err(e) = enc.encode(&self.families(), &mut buf) {
            tracing::warn!(error = %e, "metrics encoding failed");
        }
        String::from_utf8(buf).unwrap_or_default()
    }
}

/// User plus system CPU seconds of this process, from /proc/self/stat.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    // SAFETY: sysconf with a valid name has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    (hz > 0.0).then(|| ticks / hz)
}

/// Scrapes served at once; more are closed at once (a scraper retries).
const HTTP_CONCURRENT: usize = 64;
/// A request must arrive whole within this time (a silent connection costs a thread
/// for a second at most).
const HTTP_REQUEST_TIME: Duration = Duration::from_secs(1);

/// Serves `/metrics`, `/healthz` and `/readyz` on `addr`: each connection on a thread of
/// its own (at most [`HTTP_CONCURRENT`]), so that a slow or silent client never delays
/// another's `/healthz`.
pub fn serve_http(
    addr: SocketAddr,
    m: Arc<Metrics>,
    stop: Arc<AtomicBool>,
) -> anyhow::Result<SocketAddr> {
    let l = TcpListener::bind(addr).map_err(|e| anyhow::anyhow!("metrics.listen {addr}: {e}"))?;
    let local = l.local_addr()?;
    l.set_nonblocking(true)?;
    let busy = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    std::thread::Builder::new()
        .name("smbd-metrics".into())
        .spawn(move || {
            while !stop.load(Relaxed) {
                match l.accept() {
                    Ok((s, _)) => {
                        if busy.fetch_add(1, Relaxed) >= HTTP_CONCURRENT {
                            busy.fetch_sub(1, Relaxed);
                            continue;
                        }
                        let (m, held) = (m.clone(), busy.clone());
                        let spawned = std::thread::Builder::new()
                            .name("smbd-scrape".into())
                            .spawn(move || {
                                answer_http(s, &m);
                                held.fetch_sub(1, Relaxed);
                            });
                        if spawned.is_err() {
                            busy.fetch_sub(1, Relaxed);
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                        // (Woken by a connection; every 200 ms to see `stop`.)
                        use std::os::fd::AsRawFd;
                        crate::fd_wait::readable(&[l.as_raw_fd()], 200);
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(20)),
                }
            }
        })?;
    Ok(local)
}

/// Reads one request (within [`HTTP_REQUEST_TIME`]) and answers it.
fn answer_http(mut s: std::net::TcpStream, m: &Metrics) {
    let _ = s.set_nonblocking(false);
    let _ = s.set_write_timeout(Some(Duration::from_secs(5)));
    let deadline = crate::clock::now() + HTTP_REQUEST_TIME;
    let mut req = Vec::new();
    let mut b = [0u8; 1024];
    while !req.windows(4).any(|w| w == b"\r\n\r\n") && req.len() < 8192 {
        let left = deadline.saturating_duration_since(crate::clock::now());
        if left.is_zero() || s.set_read_timeout(Some(left)).is_err() {
            return;
        }
        match s.read(&mut b) {
            Ok(0) | Err(_) => return,
            Ok(n) => req.extend_from_slice(&b[..n]),
        }
    }
    let line = String::from_utf8_lossy(&req);
    let path = line.split_whitespace().nth(1).unwrap_or("");
    let (code, ctype, body) = match path.split('?').next().unwrap_or("") {
        "/metrics" => ("200 OK", "text/plain; version=0.0.4", m.render()),
        "/healthz" => ("200 OK", "text/plain", "ok\n".to_string()),
        "/readyz" if m.ready.load(Relaxed) => ("200 OK", "text/plain", "ready\n".into()),
        "/readyz" => (
            "503 Service Unavailable",
            "text/plain",
            "not ready\n".into(),
        ),
        _ => ("404 Not Found", "text/plain", "not found\n".into()),
    };
    let _ = write!(
        s,
        "HTTP/1.1 {code}\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
}
