//! rdma-core's verbs (`libibverbs.so.1`) and connection manager (`librdmacm.so.1`),
//! loaded at run time: every build carries the verbs provider, no rdma-core headers or
//! libclang are needed to build it, and a host without rdma-core runs the rest of the
//! server, the provider saying why it is unavailable.
//!
//! Only what `verbs.rs` uses is declared, under rdma-core's own names. The layouts are
//! rdma-core's stable ABI (`infiniband/verbs.h`, `rdma/rdma_cma.h`): each struct is
//! declared up to the last field read or written, with the size where we make one
//! ourselves; `tests::layouts_match_the_headers` checks the offsets against the
//! installed headers when they and a C compiler are present. `ibv_post_send`,
//! `ibv_post_recv` and `ibv_poll_cq` are inline functions in the headers that call
//! through the context's operation table; they do the same here.
#![allow(non_camel_case_types)]

use std::ffi::c_void;
use std::os::raw::c_char;
use std::sync::OnceLock;

#[repr(C)]
pub struct ibv_device {
    _ops: [*mut c_void; 2],
    pub node_type: i32,
}

/// Indices of the data-path operations in `struct ibv_context_ops`.
const OP_POLL_CQ: usize = 11;
const OP_REQ_NOTIFY_CQ: usize = 12;
const OP_POST_SRQ_RECV: usize = 20;
const OP_POST_SEND: usize = 25;
const OP_POST_RECV: usize = 26;

#[repr(C)]
pub struct ibv_context {
    pub device: *mut ibv_device,
    ops: [*const c_void; OP_POST_RECV + 1],
}

/// A completion channel: its descriptor becomes readable when an armed queue completes.
#[repr(C)]
pub struct ibv_comp_channel {
    _context: *mut ibv_context,
    pub fd: i32,
}

#[repr(C)]
pub struct ibv_pd {
    _context: *mut ibv_context,
}

#[repr(C)]
pub struct ibv_cq {
    pub context: *mut ibv_context,
    _channel: *mut c_void,
    _cq_context: *mut c_void,
    _handle: u32,
    /// The entries the queue holds (at least what was asked for).
    pub cqe: i32,
}

#[repr(C)]
pub struct ibv_qp {
    pub context: *mut ibv_context,
    _qp_context: *mut c_void,
    _pd: *mut ibv_pd,
    _send_cq: *mut ibv_cq,
    _recv_cq: *mut ibv_cq,
    _srq: *mut c_void,
    _handle: u32,
    pub qp_num: u32,
}

#[repr(C)]
pub struct ibv_mr {
    _context: *mut ibv_context,
    _pd: *mut ibv_pd,
    _addr: *mut c_void,
    _length: usize,
    _handle: u32,
    pub lkey: u32,
    pub rkey: u32,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct ibv_wc {
    pub wr_id: u64,
    pub status: u32,
    pub opcode: u32,
    pub vendor_err: u32,
    pub byte_len: u32,
    /// The union of imm_data and invalidated_rkey.
    pub invalidated_rkey: u32,
    pub qp_num: u32,
    pub src_qp: u32,
    pub wc_flags: u32,
    pub pkey_index: u16,
    pub slid: u16,
    pub sl: u8,
    pub dlid_path_bits: u8,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct ibv_sge {
    pub addr: u64,
    pub length: u32,
    pub lkey: u32,
}

#[repr(C)]
pub struct ibv_recv_wr {
    pub wr_id: u64,
    pub next: *mut ibv_recv_wr,
    pub sg_list: *mut ibv_sge,
    pub num_sge: i32,
}

/// `struct ibv_send_wr` (128 bytes): the fields up to `wr.rdma`, the rest zeroed.
#[repr(C)]
pub struct ibv_send_wr {
    pub wr_id: u64,
    pub next: *mut ibv_send_wr,
    pub sg_list: *mut ibv_sge,
    pub num_sge: i32,
    pub opcode: u32,
    pub send_flags: u32,
    /// The union of imm_data and invalidate_rkey.
    pub invalidate_rkey: u32,
    /// `wr.rdma.remote_addr` and `wr.rdma.rkey`.
    pub remote_addr: u64,
    pub rkey: u32,
    _rest: [u8; 76],
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct ibv_qp_cap {
    pub max_send_wr: u32,
    pub max_recv_wr: u32,
    pub max_send_sge: u32,
    pub max_recv_sge: u32,
    pub max_inline_data: u32,
}

/// `struct ibv_srq` up to its context (its operations are the context's).
#[repr(C)]
pub struct ibv_srq {
    pub context: *mut ibv_context,
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct ibv_srq_attr {
    pub max_wr: u32,
    pub max_sge: u32,
    pub srq_limit: u32,
}

#[repr(C)]
pub struct ibv_srq_init_attr {
    pub srq_context: *mut c_void,
    pub attr: ibv_srq_attr,
}

#[repr(C)]
pub struct ibv_qp_init_attr {
    pub qp_context: *mut c_void,
    pub send_cq: *mut ibv_cq,
    pub recv_cq: *mut ibv_cq,
    pub srq: *mut c_void,
    pub cap: ibv_qp_cap,
    pub qp_type: u32,
    pub sq_sig_all: i32,
}

#[repr(C)]
pub struct rdma_event_channel {
    pub fd: i32,
}

#[repr(C)]
pub struct rdma_cm_id {
    pub verbs: *mut ibv_context,
    _channel: *mut rdma_event_channel,
    _context: *mut c_void,
    pub qp: *mut ibv_qp,
    /// `route.addr.src_storage`, then `route.addr.dst_storage`.
    _src: libc::sockaddr_storage,
    pub dst: libc::sockaddr_storage,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct rdma_conn_param {
    pub private_data: *const c_void,
    pub private_data_len: u8,
    pub responder_resources: u8,
    pub initiator_depth: u8,
    pub flow_control: u8,
    pub retry_count: u8,
    pub rnr_retry_count: u8,
    pub srq: u8,
    pub qp_num: u32,
}

#[repr(C)]
pub struct rdma_cm_event {
    pub id: *mut rdma_cm_id,
    _listen_id: *mut rdma_cm_id,
    pub event: u32,
    pub status: i32,
    /// `param.conn`.
    pub conn: rdma_conn_param,
}

macro_rules! flags {
    ($name:ident { $($c:ident = $v:expr),* $(,)? }) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name(pub u32);
        impl $name {
            $(pub const $c: $name = $name($v);)*
        }
    };
}

macro_rules! consts {
    ($name:ident { $($c:ident = $v:expr),* $(,)? }) => {
        pub mod $name {
            pub type Type = u32;
            $(pub const $c: Type = $v;)*
        }
    };
}

flags!(ibv_access_flags {
    IBV_ACCESS_LOCAL_WRITE = 1,
    IBV_ACCESS_REMOTE_WRITE = 2,
    IBV_ACCESS_REMOTE_READ = 4,
});
flags!(ibv_send_flags {
    IBV_SEND_SIGNALED = 2,
    IBV_SEND_SOLICITED = 4,
});
flags!(ibv_wc_flags { IBV_WC_WITH_INV = 8 });
consts!(ibv_wr_opcode {
    IBV_WR_RDMA_WRITE = 0,
    IBV_WR_SEND = 2,
    IBV_WR_RDMA_READ = 4,
    IBV_WR_SEND_WITH_INV = 9,
});
consts!(ibv_wc_status {
    IBV_WC_SUCCESS = 0,
    IBV_WC_LOC_LEN_ERR = 1,
    IBV_WC_LOC_QP_OP_ERR = 2,
    IBV_WC_LOC_PROT_ERR = 4,
    IBV_WC_WR_FLUSH_ERR = 5,
    IBV_WC_LOC_ACCESS_ERR = 8,
    IBV_WC_REM_ACCESS_ERR = 10,
    IBV_WC_RNR_RETRY_EXC_ERR = 13,
});
consts!(ibv_wc_opcode {
    IBV_WC_RDMA_WRITE = 1,
    IBV_WC_RDMA_READ = 2,
    IBV_WC_RECV = 128,
    IBV_WC_RECV_RDMA_WITH_IMM = 129,
});
consts!(ibv_qp_type { IBV_QPT_RC = 2 });
consts!(rdma_port_space { RDMA_PS_TCP = 0x0106 });
consts!(rdma_cm_event_type {
    RDMA_CM_EVENT_ADDR_RESOLVED = 0,
    RDMA_CM_EVENT_ROUTE_RESOLVED = 2,
    RDMA_CM_EVENT_CONNECT_REQUEST = 4,
    RDMA_CM_EVENT_CONNECT_ERROR = 6,
    RDMA_CM_EVENT_UNREACHABLE = 7,
    RDMA_CM_EVENT_REJECTED = 8,
    RDMA_CM_EVENT_ESTABLISHED = 9,
    RDMA_CM_EVENT_DISCONNECTED = 10,
    RDMA_CM_EVENT_DEVICE_REMOVAL = 11,
});

type Ctx = *mut ibv_context;
type Id = *mut rdma_cm_id;
type Ch = *mut rdma_event_channel;

/// The functions, resolved once.
struct Lib {
    _verbs: libloading::Library,
    _cm: libloading::Library,
    get_device_list: unsafe extern "C" fn(*mut i32) -> *mut *mut ibv_device,
    free_device_list: unsafe extern "C" fn(*mut *mut ibv_device),
    get_device_name: unsafe extern "C" fn(*mut ibv_device) -> *const c_char,
    node_type_str: unsafe extern "C" fn(i32) -> *const c_char,
    alloc_pd: unsafe extern "C" fn(Ctx) -> *mut ibv_pd,
    dealloc_pd: unsafe extern "C" fn(*mut ibv_pd) -> i32,
    reg_mr: unsafe extern "C" fn(*mut ibv_pd, *mut c_void, usize, i32) -> *mut ibv_mr,
    dereg_mr: unsafe extern "C" fn(*mut ibv_mr) -> i32,
    create_cq: unsafe extern "C" fn(Ctx, i32, *mut c_void, *mut c_void, i32) -> *mut ibv_cq,
    create_comp_channel: unsafe extern "C" fn(Ctx) -> *mut ibv_comp_channel,
    destroy_comp_channel: unsafe extern "C" fn(*mut ibv_comp_channel) -> i32,
    get_cq_event:
        unsafe extern "C" fn(*mut ibv_comp_channel, *mut *mut ibv_cq, *mut *mut c_void) -> i32,
    ack_cq_events: unsafe extern "C" fn(*mut ibv_cq, u32),
    create_srq: unsafe extern "C" fn(*mut ibv_pd, *mut ibv_srq_init_attr) -> *mut ibv_srq,
    destroy_srq: unsafe extern "C" fn(*mut ibv_srq) -> i32,
    destroy_cq: unsafe extern "C" fn(*mut ibv_cq) -> i32,
    get_devices: unsafe extern "C" fn(*mut i32) -> *mut Ctx,
    free_devices: unsafe extern "C" fn(*mut Ctx),
    create_event_channel: unsafe extern "C" fn() -> Ch,
    destroy_event_channel: unsafe extern "C" fn(Ch),
    create_id: unsafe extern "C" fn(Ch, *mut Id, *mut c_void, u32) -> i32,
    destroy_id: unsafe extern "C" fn(Id) -> i32,
    bind_addr: unsafe extern "C" fn(Id, *mut libc::sockaddr) -> i32,
    listen: unsafe extern "C" fn(Id, i32) -> i32,
    get_src_port: unsafe extern "C" fn(Id) -> u16,
    resolve_addr: unsafe extern "C" fn(Id, *mut libc::sockaddr, *mut libc::sockaddr, i32) -> i32,
    resolve_route: unsafe extern "C" fn(Id, i32) -> i32,
    create_qp: unsafe extern "C" fn(Id, *mut ibv_pd, *mut ibv_qp_init_attr) -> i32,
    destroy_qp: unsafe extern "C" fn(Id),
    connect: unsafe extern "C" fn(Id, *mut rdma_conn_param) -> i32,
    accept: unsafe extern "C" fn(Id, *mut rdma_conn_param) -> i32,
    reject: unsafe extern "C" fn(Id, *const c_void, u8) -> i32,
    migrate_id: unsafe extern "C" fn(Id, Ch) -> i32,
    disconnect: unsafe extern "C" fn(Id) -> i32,
    get_cm_event: unsafe extern "C" fn(Ch, *mut *mut rdma_cm_event) -> i32,
    ack_cm_event: unsafe extern "C" fn(*mut rdma_cm_event) -> i32,
    event_str: unsafe extern "C" fn(u32) -> *const c_char,
}

impl Lib {
    fn load() -> Result<Lib, String> {
        let open = |name: &str| {
            // SAFETY: loading rdma-core runs its initialisers, which have no
            // preconditions.
            unsafe { libloading::Library::new(name) }.map_err(|e| {
                format!("rdma-core is not installed ({name}: {e}); install rdma-core / libibverbs1 and librdmacm1")
            })
        };
        let verbs = open("libibverbs.so.1")?;
        let cm = open("librdmacm.so.1")?;
        macro_rules! sym {
            ($lib:ident, $s:literal) => {
                // SAFETY: each symbol is declared as rdma-core's headers declare it.
                *unsafe { $lib.get(concat!($s, "\0").as_bytes()) }
                    .map_err(|e| format!("rdma-core: {}: {e}", $s))?
            };
        }
        Ok(Lib {
            get_device_list: sym!(verbs, "ibv_get_device_list"),
            free_device_list: sym!(verbs, "ibv_free_device_list"),
            get_device_name: sym!(verbs, "ibv_get_device_name"),
            node_type_str: sym!(verbs, "ibv_node_type_str"),
            alloc_pd: sym!(verbs, "ibv_alloc_pd"),
            dealloc_pd: sym!(verbs, "ibv_dealloc_pd"),
            reg_mr: sym!(verbs, "ibv_reg_mr"),
            dereg_mr: sym!(verbs, "ibv_dereg_mr"),
            create_cq: sym!(verbs, "ibv_create_cq"),
            create_comp_channel: sym!(verbs, "ibv_create_comp_channel"),
            destroy_comp_channel: sym!(verbs, "ibv_destroy_comp_channel"),
            get_cq_event: sym!(verbs, "ibv_get_cq_event"),
            ack_cq_events: sym!(verbs, "ibv_ack_cq_events"),
            create_srq: sym!(verbs, "ibv_create_srq"),
            destroy_srq: sym!(verbs, "ibv_destroy_srq"),
            destroy_cq: sym!(verbs, "ibv_destroy_cq"),
            get_devices: sym!(cm, "rdma_get_devices"),
            free_devices: sym!(cm, "rdma_free_devices"),
            create_event_channel: sym!(cm, "rdma_create_event_channel"),
            destroy_event_channel: sym!(cm, "rdma_destroy_event_channel"),
            create_id: sym!(cm, "rdma_create_id"),
            destroy_id: sym!(cm, "rdma_destroy_id"),
            bind_addr: sym!(cm, "rdma_bind_addr"),
            listen: sym!(cm, "rdma_listen"),
            get_src_port: sym!(cm, "rdma_get_src_port"),
            resolve_addr: sym!(cm, "rdma_resolve_addr"),
            resolve_route: sym!(cm, "rdma_resolve_route"),
            create_qp: sym!(cm, "rdma_create_qp"),
            destroy_qp: sym!(cm, "rdma_destroy_qp"),
            connect: sym!(cm, "rdma_connect"),
            accept: sym!(cm, "rdma_accept"),
            reject: sym!(cm, "rdma_reject"),
            migrate_id: sym!(cm, "rdma_migrate_id"),
            disconnect: sym!(cm, "rdma_disconnect"),
            get_cm_event: sym!(cm, "rdma_get_cm_event"),
            ack_cm_event: sym!(cm, "rdma_ack_cm_event"),
            event_str: sym!(cm, "rdma_event_str"),
            _verbs: verbs,
            _cm: cm,
        })
    }
}

// SAFETY: function pointers into libraries that stay loaded for the process.
unsafe impl Send for Lib {}
unsafe impl Sync for Lib {}

static LIB: OnceLock<Result<Lib, String>> = OnceLock::new();

/// Loads rdma-core (once); why not, when it cannot be.
pub fn load() -> Result<(), String> {
    LIB.get_or_init(Lib::load)
        .as_ref()
        .map(|_| ())
        .map_err(Clone::clone)
}

/// The loaded library. Every function below is reached only through a `VerbsFabric`,
/// which exists only after [`load`] succeeded (`devices` and `open` call it first).
fn lib() -> &'static Lib {
    match LIB.get() {
        Some(Ok(l)) => l,
        _ => unreachable!("rdma-core used before sys::load succeeded"),
    }
}

macro_rules! wrap {
    ($(fn $name:ident($($a:ident: $t:ty),*) -> $r:ty = $f:ident;)*) => {
        $(
            /// # Safety
            /// As the rdma-core function of the same name.
            pub unsafe fn $name($($a: $t),*) -> $r {
                (lib().$f)($($a),*)
            }
        )*
    };
}

wrap! {
    fn ibv_get_device_list(n: *mut i32) -> *mut *mut ibv_device = get_device_list;
    fn ibv_free_device_list(l: *mut *mut ibv_device) -> () = free_device_list;
    fn ibv_get_device_name(d: *mut ibv_device) -> *const c_char = get_device_name;
    fn ibv_node_type_str(t: i32) -> *const c_char = node_type_str;
    fn ibv_alloc_pd(c: Ctx) -> *mut ibv_pd = alloc_pd;
    fn ibv_dealloc_pd(p: *mut ibv_pd) -> i32 = dealloc_pd;
    fn ibv_reg_mr(p: *mut ibv_pd, a: *mut c_void, l: usize, f: i32) -> *mut ibv_mr = reg_mr;
    fn ibv_dereg_mr(m: *mut ibv_mr) -> i32 = dereg_mr;
    fn ibv_create_cq(c: Ctx, n: i32, x: *mut c_void, ch: *mut c_void, v: i32) -> *mut ibv_cq = create_cq;
    fn ibv_destroy_cq(c: *mut ibv_cq) -> i32 = destroy_cq;
    fn ibv_create_comp_channel(c: Ctx) -> *mut ibv_comp_channel = create_comp_channel;
    fn ibv_destroy_comp_channel(c: *mut ibv_comp_channel) -> i32 = destroy_comp_channel;
    fn ibv_get_cq_event(c: *mut ibv_comp_channel, cq: *mut *mut ibv_cq, x: *mut *mut c_void) -> i32 = get_cq_event;
    fn ibv_ack_cq_events(cq: *mut ibv_cq, n: u32) -> () = ack_cq_events;
    fn ibv_create_srq(p: *mut ibv_pd, a: *mut ibv_srq_init_attr) -> *mut ibv_srq = create_srq;
    fn ibv_destroy_srq(s: *mut ibv_srq) -> i32 = destroy_srq;
    fn rdma_get_devices(n: *mut i32) -> *mut Ctx = get_devices;
    fn rdma_free_devices(l: *mut Ctx) -> () = free_devices;
    fn rdma_create_event_channel() -> Ch = create_event_channel;
    fn rdma_destroy_event_channel(c: Ch) -> () = destroy_event_channel;
    fn rdma_create_id(c: Ch, id: *mut Id, x: *mut c_void, ps: u32) -> i32 = create_id;
    fn rdma_destroy_id(id: Id) -> i32 = destroy_id;
    fn rdma_bind_addr(id: Id, a: *mut libc::sockaddr) -> i32 = bind_addr;
    fn rdma_listen(id: Id, backlog: i32) -> i32 = listen;
    fn rdma_get_src_port(id: Id) -> u16 = get_src_port;
    fn rdma_resolve_addr(id: Id, s: *mut libc::sockaddr, d: *mut libc::sockaddr, ms: i32) -> i32 = resolve_addr;
    fn rdma_resolve_route(id: Id, ms: i32) -> i32 = resolve_route;
    fn rdma_create_qp(id: Id, p: *mut ibv_pd, a: *mut ibv_qp_init_attr) -> i32 = create_qp;
    fn rdma_destroy_qp(id: Id) -> () = destroy_qp;
    fn rdma_connect(id: Id, p: *mut rdma_conn_param) -> i32 = connect;
    fn rdma_accept(id: Id, p: *mut rdma_conn_param) -> i32 = accept;
    fn rdma_reject(id: Id, d: *const c_void, n: u8) -> i32 = reject;
    fn rdma_migrate_id(id: Id, c: Ch) -> i32 = migrate_id;
    fn rdma_disconnect(id: Id) -> i32 = disconnect;
    fn rdma_get_cm_event(c: Ch, e: *mut *mut rdma_cm_event) -> i32 = get_cm_event;
    fn rdma_ack_cm_event(e: *mut rdma_cm_event) -> i32 = ack_cm_event;
    fn rdma_event_str(e: u32) -> *const c_char = event_str;
}

/// # Safety
/// A valid completion queue and room for `n` completions at `wc`.
pub unsafe fn ibv_poll_cq(cq: *mut ibv_cq, n: i32, wc: *mut ibv_wc) -> i32 {
    let op = (*(*cq).context).ops[OP_POLL_CQ];
    let f: unsafe extern "C" fn(*mut ibv_cq, i32, *mut ibv_wc) -> i32 = std::mem::transmute(op);
    f(cq, n, wc)
}

/// # Safety
/// A valid completion queue.
pub unsafe fn ibv_req_notify_cq(cq: *mut ibv_cq, solicited_only: i32) -> i32 {
    let op = (*(*cq).context).ops[OP_REQ_NOTIFY_CQ];
    let f: unsafe extern "C" fn(*mut ibv_cq, i32) -> i32 = std::mem::transmute(op);
    f(cq, solicited_only)
}

/// # Safety
/// A valid queue pair and a well-formed chain of requests.
pub unsafe fn ibv_post_send(
    qp: *mut ibv_qp,
    wr: *mut ibv_send_wr,
    bad: *mut *mut ibv_send_wr,
) -> i32 {
    let op = (*(*qp).context).ops[OP_POST_SEND];
    let f: unsafe extern "C" fn(*mut ibv_qp, *mut ibv_send_wr, *mut *mut ibv_send_wr) -> i32 =
        std::mem::transmute(op);
    f(qp, wr, bad)
}

/// # Safety
/// A valid queue pair and a well-formed chain of requests.
pub unsafe fn ibv_post_recv(
    qp: *mut ibv_qp,
    wr: *mut ibv_recv_wr,
    bad: *mut *mut ibv_recv_wr,
) -> i32 {
    let op = (*(*qp).context).ops[OP_POST_RECV];
    let f: unsafe extern "C" fn(*mut ibv_qp, *mut ibv_recv_wr, *mut *mut ibv_recv_wr) -> i32 =
        std::mem::transmute(op);
    f(qp, wr, bad)
}

/// # Safety
/// A valid shared receive queue and a well-formed chain of requests.
pub unsafe fn ibv_post_srq_recv(
    srq: *mut ibv_srq,
    wr: *mut ibv_recv_wr,
    bad: *mut *mut ibv_recv_wr,
) -> i32 {
    let op = (*(*srq).context).ops[OP_POST_SRQ_RECV];
    let f: unsafe extern "C" fn(*mut ibv_srq, *mut ibv_recv_wr, *mut *mut ibv_recv_wr) -> i32 =
        std::mem::transmute(op);
    f(srq, wr, bad)
}

const _: () = {
    assert!(std::mem::size_of::<ibv_srq_init_attr>() == 24);
    assert!(std::mem::size_of::<ibv_send_wr>() == 128);
    assert!(std::mem::size_of::<ibv_wc>() == 48);
    assert!(std::mem::size_of::<ibv_qp_init_attr>() == 64);
    assert!(std::mem::size_of::<rdma_conn_param>() == 24);
    assert!(std::mem::size_of::<ibv_recv_wr>() == 32);
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::offset_of;

    /// The offsets above, against rdma-core's headers compiled by the C compiler, when
    /// this machine has both (the development packages are not needed to build).
    #[test]
    fn layouts_match_the_headers() {
        let have = std::path::Path::new("/usr/include/infiniband/verbs.h").exists()
            && std::path::Path::new("/usr/include/rdma/rdma_cma.h").exists();
        let cc = std::process::Command::new("cc").arg("--version").output();
        if !have || !cc.is_ok_and(|o| o.status.success()) {
            eprintln!("skipped: no rdma-core headers or no C compiler here");
            return;
        }
        let dir = std::env::temp_dir().join(format!("verbs-layout-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let src = dir.join("l.c");
        std::fs::write(
            &src,
            r#"#include <stdio.h>
#include <stddef.h>
#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>
#define O(t, f) printf("%zu\n", offsetof(struct t, f))
#define S(t) printf("%zu\n", sizeof(struct t))
int main(void) {
  O(ibv_device, node_type); O(ibv_context, ops);
  O(ibv_context_ops, poll_cq); O(ibv_context_ops, post_send); O(ibv_context_ops, post_recv);
  O(ibv_mr, lkey); O(ibv_mr, rkey); O(ibv_qp, qp_num);
  S(ibv_wc); O(ibv_wc, status); O(ibv_wc, opcode); O(ibv_wc, byte_len);
  O(ibv_wc, invalidated_rkey); O(ibv_wc, qp_num); O(ibv_wc, wc_flags);
  S(ibv_send_wr); O(ibv_send_wr, num_sge); O(ibv_send_wr, opcode); O(ibv_send_wr, send_flags);
  O(ibv_send_wr, invalidate_rkey); O(ibv_send_wr, wr.rdma.remote_addr); O(ibv_send_wr, wr.rdma.rkey);
  S(ibv_recv_wr); S(ibv_qp_init_attr); O(ibv_qp_init_attr, cap); O(ibv_qp_init_attr, qp_type);
  O(ibv_qp_init_attr, sq_sig_all);
  O(rdma_cm_id, qp); O(rdma_cm_id, route.addr.dst_storage);
  O(rdma_cm_event, event); O(rdma_cm_event, status); O(rdma_cm_event, param.conn);
  S(rdma_conn_param); O(rdma_conn_param, responder_resources); O(rdma_conn_param, qp_num);
  O(ibv_context_ops, post_srq_recv); O(ibv_srq, context); S(ibv_srq_init_attr);
  O(ibv_srq_init_attr, attr); O(ibv_srq_attr, srq_limit); O(ibv_qp_init_attr, srq);
  O(ibv_context_ops, req_notify_cq); O(ibv_comp_channel, fd);
  printf("%d %d %d %d %d %d\n", RDMA_PS_TCP, IBV_WR_SEND_WITH_INV, IBV_WC_WITH_INV,
         RDMA_CM_EVENT_DEVICE_REMOVAL, IBV_WC_RNR_RETRY_EXC_ERR, IBV_WC_RECV_RDMA_WITH_IMM);
  return 0;
}
"#,
        )
        .unwrap();
        let exe = dir.join("l");
        let o = std::process::Command::new("cc")
            .arg(&src)
            .arg("-o")
            .arg(&exe)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = std::process::Command::new(&exe).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        let ptr = std::mem::size_of::<*const c_void>();
        let ours = [
            offset_of!(ibv_device, node_type),
            offset_of!(ibv_context, ops),
            OP_POLL_CQ * ptr,
            OP_POST_SEND * ptr,
            OP_POST_RECV * ptr,
            offset_of!(ibv_mr, lkey),
            offset_of!(ibv_mr, rkey),
            offset_of!(ibv_qp, qp_num),
            std::mem::size_of::<ibv_wc>(),
            offset_of!(ibv_wc, status),
            offset_of!(ibv_wc, opcode),
            offset_of!(ibv_wc, byte_len),
            offset_of!(ibv_wc, invalidated_rkey),
            offset_of!(ibv_wc, qp_num),
            offset_of!(ibv_wc, wc_flags),
            std::mem::size_of::<ibv_send_wr>(),
            offset_of!(ibv_send_wr, num_sge),
            offset_of!(ibv_send_wr, opcode),
            offset_of!(ibv_send_wr, send_flags),
            offset_of!(ibv_send_wr, invalidate_rkey),
            offset_of!(ibv_send_wr, remote_addr),
            offset_of!(ibv_send_wr, rkey),
            std::mem::size_of::<ibv_recv_wr>(),
            std::mem::size_of::<ibv_qp_init_attr>(),
            offset_of!(ibv_qp_init_attr, cap),
            offset_of!(ibv_qp_init_attr, qp_type),
            offset_of!(ibv_qp_init_attr, sq_sig_all),
            offset_of!(rdma_cm_id, qp),
            offset_of!(rdma_cm_id, dst),
            offset_of!(rdma_cm_event, event),
            offset_of!(rdma_cm_event, status),
            offset_of!(rdma_cm_event, conn),
            std::mem::size_of::<rdma_conn_param>(),
            offset_of!(rdma_conn_param, responder_resources),
            offset_of!(rdma_conn_param, qp_num),
            OP_POST_SRQ_RECV * ptr,
            offset_of!(ibv_srq, context),
            std::mem::size_of::<ibv_srq_init_attr>(),
            offset_of!(ibv_srq_init_attr, attr),
            offset_of!(ibv_srq_attr, srq_limit),
            offset_of!(ibv_qp_init_attr, srq),
            OP_REQ_NOTIFY_CQ * ptr,
            offset_of!(ibv_comp_channel, fd),
        ];
        let mut lines = text.lines();
        for (i, want) in ours.iter().enumerate() {
            let got: usize = lines.next().unwrap().parse().unwrap();
            assert_eq!(got, *want, "layout item {i}");
        }
        let consts = format!(
            "{} {} {} {} {} {}",
            rdma_port_space::RDMA_PS_TCP,
            ibv_wr_opcode::IBV_WR_SEND_WITH_INV,
            ibv_wc_flags::IBV_WC_WITH_INV.0,
            rdma_cm_event_type::RDMA_CM_EVENT_DEVICE_REMOVAL,
            ibv_wc_status::IBV_WC_RNR_RETRY_EXC_ERR,
            ibv_wc_opcode::IBV_WC_RECV_RDMA_WITH_IMM
        );
        assert_eq!(lines.next(), Some(consts.as_str()));
    }
}
