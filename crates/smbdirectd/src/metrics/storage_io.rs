//! The storage I/O families: what the workers' rings did, and what SPDK shares' READs
//! copied (or did not).

use super::{counter, family, gauge, Metrics};
use prometheus::proto::{MetricFamily, MetricType};

impl Metrics {
    /// Storage I/O through the workers' rings.
    pub(super) fn storage_ring_families(&self, out: &mut Vec<MetricFamily>) {
        let (reads, writes, others) = storage::cephshare::ops_submitted();
        out.push(family(
            "smbdirectd_cephfs_operations_total",
            "Operations on CephFS shares' files handed to the node's CephFS threads (off the workers): reads, writes, and the rest (flushes, holes punched).",
            MetricType::COUNTER,
            vec![
                counter(vec![super::label("op", "read")], reads),
                counter(vec![super::label("op", "write")], writes),
                counter(vec![super::label("op", "other")], others),
            ],
        ));
        out.push(family(
            "smbdirectd_storage_ring_reads_total",
            "READs the page cache could not answer at once, read through the worker's io_uring.",
            MetricType::COUNTER,
            vec![counter(vec![], self.sum(|w| &w.ring_reads))],
        ));
        out.push(family(
            "smbdirectd_storage_polled_reads_total",
            "Ring reads of io_poll shares completed by polling (IOPOLL) rather than interrupts.",
            MetricType::COUNTER,
            vec![counter(vec![], self.sum(|w| &w.ring_polled))],
        ));
        out.push(family(
            "smbdirectd_storage_sqpoll_ops_total",
            "Ring reads and syncs of sqpoll shares, submitted by the kernel's SQPOLL thread \
             (no system call by the worker).",
            MetricType::COUNTER,
            vec![counter(vec![], self.sum(|w| &w.ring_sqpoll))],
        ));
        out.push(family(
            "smbdirectd_storage_ring_syncs_total",
            "FLUSHes whose fdatasync went through the worker's io_uring (the worker served \
             other requests meanwhile).",
            MetricType::COUNTER,
            vec![counter(vec![], self.sum(|w| &w.ring_syncs))],
        ));
        out.push(family(
            "smbdirectd_storage_ring_writes_total",
            "WRITEs the worker's io_uring wrote (write-through ones with RWF_DSYNC, stable at \
             completion); the worker served other requests meanwhile.",
            MetricType::COUNTER,
            vec![counter(vec![], self.sum(|w| &w.ring_writes))],
        ));
        out.push(family(
            "smbdirectd_storage_ring_zeroes_total",
            "Ranges of FSCTL_SET_ZERO_DATA and FSCTL_FILE_LEVEL_TRIM the worker's io_uring \
             zeroed (a hole punched in the file); the worker served other requests meanwhile.",
            MetricType::COUNTER,
            vec![counter(vec![], self.sum(|w| &w.ring_zeroes))],
        ));
        out.push(family(
            "smbdirectd_storage_fixed_files",
            "Open files' descriptors registered with the workers' io_uring file tables \
             (storage I/O on them skips the descriptor lookup); dropped when the file closes.",
            MetricType::GAUGE,
            vec![gauge(vec![], self.sum(|w| &w.ring_files) as f64)],
        ));
    }

    /// SPDK shares' READ data path: what the CPU copies and what it does not.
    pub(super) fn spdk_read_families(&self, out: &mut Vec<MetricFamily>) {
        out.push(family(
            "smbdirectd_spdk_read_bytes_copied_total",
            "READ data of SPDK shares the workers copied out of a DMA bounce buffer before \
             sending it (0 while reads land in registered memory or, over TCP, are sent from \
             the buffer the device filled; encrypted sessions copy).",
            MetricType::COUNTER,
            vec![counter(vec![], self.sum(|w| &w.spdk_read_copied))],
        ));
        out.push(family(
            "smbdirectd_spdk_reads_sent_in_place_total",
            "READs of SPDK shares over TCP whose data went to the socket from the DMA buffer \
             the device filled (no copy into the response).",
            MetricType::COUNTER,
            vec![counter(vec![], self.sum(|w| &w.spdk_reads_sent_in_place))],
        ));
    }
}
