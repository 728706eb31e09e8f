//! The scale-out cluster's families: the node's number, its lease, takeovers.

use super::{counter, family, gauge, label, Metrics};
use prometheus::proto::{MetricFamily, MetricType};
use std::sync::atomic::Ordering::Relaxed;

impl Metrics {
    /// The scale-out cluster, where the node is in one.
    pub(super) fn cluster_families(&self, out: &mut Vec<MetricFamily>) {
        let Some(c) = &self.cluster else {
            return;
        };
        out.push(family(
            "smbdirectd_cluster_node",
            "This node's number in the scale-out cluster (the top 16 bits of its ids).",
            MetricType::GAUGE,
            vec![gauge(vec![], c.number.load(Relaxed) as f64)],
        ));
        out.push(family(
            "smbdirectd_cluster_lease_age_seconds",
            "Time since this node last renewed its cluster lease (it stops serving past three quarters of the lease).",
            MetricType::GAUGE,
            vec![gauge(vec![], c.lease_age().as_secs_f64())],
        ));
        out.push(family(
            "smbdirectd_cluster_other_journals",
            "Other nodes' handle journals seen at the last look (alive nodes, and stopped ones not yet taken over).",
            MetricType::GAUGE,
            vec![gauge(vec![], c.other_journals.load(Relaxed) as f64)],
        ));
        out.push(family(
            "smbdirectd_cluster_takeovers_total",
            "Nodes whose lease ran out that this node fenced and took the persistent handles of, and takeovers that failed (retried).",
            MetricType::COUNTER,
            vec![
                counter(vec![label("outcome", "done")], c.takeovers.load(Relaxed)),
                counter(vec![label("outcome", "failed")], c.takeovers_failed.load(Relaxed)),
            ],
        ));
        out.push(family(
            "smbdirectd_cluster_nodes_fenced_total",
            "Live nodes this node fenced (blocklisted, their file system sessions ended) because they did not acknowledge a change every node must hear (a shared disk's reservations or layout, a VHD Set's change, a byte-range lock change, a read-caching break) in time; a fenced node stops serving.",
            MetricType::COUNTER,
            vec![counter(vec![], c.nodes_fenced.load(Relaxed))],
        ));
        out.push(family(
            "smbdirectd_cluster_change_notifications_total",
            "Change notifications (CHANGE_NOTIFY) of scale-out shares sent to the other nodes, heard from them, and dropped (queue full or not delivered).",
            MetricType::COUNTER,
            vec![
                counter(vec![label("what", "sent")], c.notes_sent.load(Relaxed)),
                counter(vec![label("what", "heard")], c.notes_heard.load(Relaxed)),
                counter(vec![label("what", "dropped")], c.notes_dropped.load(Relaxed)),
            ],
        ));
        out.push(family(
            "smbdirectd_cluster_lock_checks_total",
            "I/O on scale-out shares checked against other nodes' byte-range locks: reads of a file's cluster record (nothing kept of it, or a change heard), and I/O refused for a lock.",
            MetricType::COUNTER,
            vec![
                counter(vec![label("what", "read")], c.lock_reads.load(Relaxed)),
                counter(vec![label("what", "conflict")], c.lock_conflicts.load(Relaxed)),
            ],
        ));
        out.push(family(
            "smbdirectd_cluster_lock_notifications_total",
            "This node's byte-range lock changes on scale-out shares notified to the other nodes (each waited for before the answer).",
            MetricType::COUNTER,
            vec![counter(vec![], c.lock_notes.load(Relaxed))],
        ));
        out.push(family(
            "smbdirectd_cluster_read_caching_notifications_total",
            "Read caching (R leases, Level II oplocks) of scale-out shares across nodes: this node's announcements that it caches a file, its breaks of other nodes' caching before changing a file's data, and breaks heard from other nodes.",
            MetricType::COUNTER,
            vec![
                counter(vec![label("what", "caching")], c.cache_notes.load(Relaxed)),
                counter(vec![label("what", "break_sent")], c.break_notes.load(Relaxed)),
                counter(vec![label("what", "break_heard")], c.breaks_heard.load(Relaxed)),
            ],
        ));
        out.push(family(
            "smbdirectd_cluster_disk_reservation_changes_total",
            "Changes of shared virtual disks' persistent reservations on scale-out shares made through this node (each seen by every node before it is answered).",
            MetricType::COUNTER,
            vec![counter(vec![], c.disk_notes.load(Relaxed))],
        ));
        out.push(family(
            "smbdirectd_cluster_disk_abort_fences_total",
            "Other nodes' PREEMPT AND ABORTs of shared virtual disks on scale-out shares for which this node waited for its writes under way to the disk to end before acknowledging.",
            MetricType::COUNTER,
            vec![counter(vec![], c.disk_fences.load(Relaxed))],
        ));
        out.push(family(
            "smbdirectd_cluster_disk_metadata_moves_total",
            "Shared virtual disks on scale-out shares whose file's metadata (block allocation, header, log) this node took from another node (or from none) and gave to one.",
            MetricType::COUNTER,
            vec![
                counter(vec![label("what", "taken")], c.disk_meta_taken.load(Relaxed)),
                counter(vec![label("what", "given")], c.disk_meta_given.load(Relaxed)),
            ],
        ));
        out.push(family(
            "smbdirectd_cluster_handles_taken_over_total",
            "Persistent handles this node took over from other nodes.",
            MetricType::COUNTER,
            vec![counter(vec![], c.handles_taken.load(Relaxed))],
        ));
        out.push(family(
            "smbdirectd_cluster_handoffs_total",
            "Persistent handles moved between live nodes (their clients moved, as after a drain): given to another node, and taken from one.",
            MetricType::COUNTER,
            vec![
                counter(vec![label("way", "given")], c.handoffs_given.load(Relaxed)),
                counter(vec![label("way", "taken")], c.handoffs_taken.load(Relaxed)),
            ],
        ));
    }
}
