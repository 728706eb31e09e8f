//! FSCTL_STORAGE_QOS_CONTROL (MS-SQOS 3.2.5.1): an open joins a logical flow, describes
//! it (policy, initiator, its own limits), reports its counters and asks the flow's
//! status and rates. The flows and their admission live in [`crate::qos`].

use super::*;
use crate::qos::{Flow, Limits, Status, BASE_IO_SIZE, STATUS_TTL_MS};
use smb_wire::fsctl::{self, SqosError, SqosRequest, SqosResponse};

/// The largest rate a client may give (Windows refuses more).
const MAX_RATE: u64 = 1_000_000_000;
const ALL_OPTIONS: u32 = fsctl::SQOS_SET_LOGICAL_FLOW_ID
    | fsctl::SQOS_SET_POLICY
    | fsctl::SQOS_PROBE_POLICY
    | fsctl::SQOS_GET_STATUS
    | fsctl::SQOS_UPDATE_COUNTERS;

fn flow_of(open: &Open) -> Option<Arc<Flow>> {
    open.qos.lock().clone()
}

/// Moves the open to flow `id` (None: out of any flow).
fn join(ctx: &Ctx, open: &Open, id: Option<[u8; 16]>) -> Result<(), NtStatus> {
    let server = ctx.server;
    let new = match id {
        Some(id) => Some(
            server
                .qos
                .attach(id, ctx.now.mono)
                .ok_or(NtStatus::INSUFFICIENT_RESOURCES)?,
        ),
        None => None,
    };
    let mut slot = open.qos.lock();
    if let Some(old) = slot.take() {
        server.qos.detach(&old);
    }
    open.has_qos.store(new.is_some(), Ordering::Release);
    *slot = new;
    Ok(())
}

pub(super) fn storage_qos_control(
    ctx: &Ctx,
    open: &Open,
    input: &[u8],
    max_out: u32,
) -> Result<Vec<u8>, NtStatus> {
    let req = match SqosRequest::parse(input) {
        Ok(r) => r,
        Err(SqosError::Version) => return Err(NtStatus::REVISION_MISMATCH),
        Err(SqosError::Malformed) => return Err(NtStatus::INVALID_PARAMETER),
    };
    let opt = req.options;
    if opt & ALL_OPTIONS == 0 {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let server = ctx.server;
    let zero = [0u8; 16];
    // A probe names the flow only for an open that has none.
    let probe = opt & fsctl::SQOS_PROBE_POLICY != 0 && !open.has_qos.load(Ordering::Acquire);
    if opt & fsctl::SQOS_SET_LOGICAL_FLOW_ID != 0 || probe {
        if req.flow_id == zero {
            if probe && opt & fsctl::SQOS_SET_LOGICAL_FLOW_ID == 0 {
                return Err(NtStatus::INVALID_PARAMETER);
            }
            join(ctx, open, None)?;
        } else {
            join(ctx, open, Some(req.flow_id))?;
        }
    }
    if opt & fsctl::SQOS_SET_POLICY != 0 || probe {
        let Some(flow) = flow_of(open) else {
            return Err(NtStatus::NOT_FOUND);
        };
        let explicit = req.limit != 0 || req.reservation != 0 || req.bandwidth_limit != 0;
        if req.limit > MAX_RATE
            || req.reservation > MAX_RATE
            || req.bandwidth_limit > MAX_RATE
            || (req.limit != 0 && req.reservation > req.limit)
            || (explicit && req.policy_id != zero)
        {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        let mut d = flow.desc.lock();
        if !req.initiator_name.is_empty() {
            d.initiator_name = req.initiator_name.clone();
        }
        if !req.node_name.is_empty() {
            d.node_name = req.node_name.clone();
        }
        d.policy_id = req.policy_id;
        d.initiator_id = req.initiator_id;
        d.requested = Limits {
            min_iops: req.reservation,
            max_iops: req.limit,
            max_kbps: req.bandwidth_limit,
        };
        drop(d);
        server.qos.described();
    }
    if opt & fsctl::SQOS_UPDATE_COUNTERS != 0 {
        let Some(flow) = flow_of(open) else {
            return Err(NtStatus::NOT_FOUND);
        };
        let c = &flow.counters;
        c.client_ios
            .fetch_add(req.io_count_increment, Ordering::Relaxed);
        c.client_latency_100ns
            .fetch_add(req.latency_increment, Ordering::Relaxed);
    }
    if opt & fsctl::SQOS_GET_STATUS == 0 {
        return Ok(Vec::new());
    }
    if (max_out as usize) < SqosResponse::len(req.version) {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let Some(flow) = flow_of(open) else {
        return Err(NtStatus::NOT_FOUND);
    };
    let (limits, mut status) = server.qos.effective(&flow);
    let recent = flow.recent_iops();
    if status == Status::Ok && limits.min_iops > 0 && recent > 0 && recent < limits.min_iops {
        status = Status::InsufficientThroughput;
    }
    let max = match (limits.max_iops, server.qos.cap_of(&flow)) {
        (0, c) => c,
        (m, 0) => m,
        (m, c) => m.min(c),
    };
    let d = flow.desc.lock();
    let answer = SqosResponse {
        version: req.version,
        flow_id: flow.id,
        policy_id: d.policy_id,
        initiator_id: d.initiator_id,
        ttl_ms: STATUS_TTL_MS,
        status: status as u32,
        max_io_rate: max,
        min_io_rate: limits.min_iops,
        base_io_size: BASE_IO_SIZE as u32,
        max_bandwidth: limits.max_kbps,
    };
    let mut out = Vec::with_capacity(SqosResponse::len(req.version));
    answer.encode(&mut out);
    Ok(out)
}
