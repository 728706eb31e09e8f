//! MS-SWN, the Witness service (interface ccd8c074-d0e5-4a40-92b4-d074faa6ba28 v1.1 over
//! ncacn_ip_tcp): its requests and answers in NDR20, both ways (the node decodes
//! requests and encodes answers; our client does the opposite; tests go round).

use super::{Ndr, NdrIn};
use crate::codec::PutLe;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The interface: UUID in wire order, major version 1.
pub const SYNTAX: super::assoc::Syntax = super::assoc::Syntax {
    uuid: [
        0x74, 0xc0, 0xd8, 0xcc, 0xe5, 0xd0, 0x40, 0x4a, 0x92, 0xb4, 0xd0, 0x74, 0xfa, 0xa6, 0xba,
        0x28,
    ],
    major: 1,
};

pub const V1: u32 = 0x0001_0001;
pub const V2: u32 = 0x0002_0000;

/// Win32 errors the calls return.
pub const OK: u32 = 0;
pub const ERROR_INVALID_PARAMETER: u32 = 87;
pub const ERROR_REVISION_MISMATCH: u32 = 1306;
pub const ERROR_NOT_FOUND: u32 = 1168;
pub const ERROR_NO_SYSTEM_RESOURCES: u32 = 1450;
pub const ERROR_TIMEOUT: u32 = 1460;
pub const ERROR_INVALID_STATE: u32 = 5023;

/// Interface states (MS-SWN 2.2.2.5).
pub const STATE_AVAILABLE: u16 = 1;
pub const STATE_UNAVAILABLE: u16 = 0xff;
/// Interface flags.
pub const IPV4_VALID: u32 = 1;
pub const IPV6_VALID: u32 = 2;
pub const WITNESS_IF: u32 = 4;
/// RegisterEx flag: the client wants IP_CHANGE notifications.
pub const REGISTER_IP_NOTIFICATION: u32 = 1;

/// Notification types and resource change kinds (MS-SWN 2.2.2.1-2.2.2.4).
pub const RESOURCE_CHANGE: u32 = 1;
pub const CLIENT_MOVE: u32 = 2;
pub const SHARE_MOVE: u32 = 3;
pub const IP_CHANGE: u32 = 4;
pub const RESOURCE_AVAILABLE: u32 = 1;
pub const RESOURCE_UNAVAILABLE: u32 = 0xff;
/// IP_ADDR_INFO flags.
pub const IPADDR_V4: u32 = 1;
pub const IPADDR_V6: u32 = 2;
pub const IPADDR_ONLINE: u32 = 8;
pub const IPADDR_OFFLINE: u32 = 0x10;

/// A call, as the client makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    GetInterfaceList,
    Register {
        version: u32,
        net_name: Option<String>,
        ip: Option<String>,
        client: Option<String>,
    },
    UnRegister {
        handle: [u8; 20],
    },
    AsyncNotify {
        handle: [u8; 20],
    },
    RegisterEx {
        version: u32,
        net_name: Option<String>,
        share: Option<String>,
        ip: Option<String>,
        client: Option<String>,
        flags: u32,
        timeout: u32,
    },
}

/// One interface of the cluster, as GetInterfaceList lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interface {
    /// The node (interface group) it belongs to.
    pub group: String,
    pub state: u16,
    pub ipv4: Option<Ipv4Addr>,
    pub ipv6: Option<Ipv6Addr>,
    /// A Witness service answers on it.
    pub witness: bool,
}

/// One notification message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// A resource (a node's address, named as text) became available or not.
    ResourceChange { change: u32, name: String },
    /// Addresses, each with its IPADDR_ONLINE/OFFLINE flag (CLIENT_MOVE, SHARE_MOVE,
    /// IP_CHANGE carry one list each).
    Addresses(Vec<(IpAddr, u32)>),
}

/// An AsyncNotify answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notification {
    pub kind: u32,
    pub messages: Vec<Message>,
}

fn opt_string(n: &mut Ndr, s: &Option<String>) {
    n.ptr(s.is_some());
    if let Some(s) = s {
        n.string(s);
    }
}

impl Request {
    pub fn opnum(&self) -> u16 {
        match self {
            Request::GetInterfaceList => 0,
            Request::Register { .. } => 1,
            Request::UnRegister { .. } => 2,
            Request::AsyncNotify { .. } => 3,
            Request::RegisterEx { .. } => 4,
        }
    }

    /// The request's stub.
    pub fn encode(&self) -> Vec<u8> {
        let mut n = Ndr::new();
        match self {
            Request::GetInterfaceList => {}
            Request::Register {
                version,
                net_name,
                ip,
                client,
            } => {
                n.u32(*version);
                opt_string(&mut n, net_name);
                opt_string(&mut n, ip);
                opt_string(&mut n, client);
            }
            Request::UnRegister { handle } | Request::AsyncNotify { handle } => {
                n.b.extend_from_slice(handle);
            }
            Request::RegisterEx {
                version,
                net_name,
                share,
                ip,
                client,
                flags,
                timeout,
            } => {
                n.u32(*version);
                opt_string(&mut n, net_name);
                opt_string(&mut n, share);
                opt_string(&mut n, ip);
                opt_string(&mut n, client);
                n.u32(*flags);
                n.u32(*timeout);
            }
        }
        n.b
    }

    /// A request stub of operation `opnum`; None when it does not decode.
    pub fn decode(opnum: u16, stub: &[u8]) -> Option<Request> {
        let mut r = NdrIn::new(stub);
        let handle = |r: &mut NdrIn| -> Option<[u8; 20]> { r.bytes(20)?.try_into().ok() };
        Some(match opnum {
            0 => Request::GetInterfaceList,
            1 => Request::Register {
                version: r.u32()?,
                net_name: r.unique_string()?,
                ip: r.unique_string()?,
                client: r.unique_string()?,
            },
            2 => Request::UnRegister {
                handle: handle(&mut r)?,
            },
            3 => Request::AsyncNotify {
                handle: handle(&mut r)?,
            },
            4 => Request::RegisterEx {
                version: r.u32()?,
                net_name: r.unique_string()?,
                share: r.unique_string()?,
                ip: r.unique_string()?,
                client: r.unique_string()?,
                flags: r.u32()?,
                timeout: r.u32()?,
            },
            _ => return None,
        })
    }
}

const GROUP_UNITS: usize = 260;

/// GetInterfaceList's answer.
pub fn encode_interfaces(list: &[Interface], status: u32) -> Vec<u8> {
    let mut n = Ndr::new();
    n.ptr(true);
    n.u32(list.len() as u32);
    n.ptr(true);
    n.u32(list.len() as u32);
    for i in list {
        let mut units: Vec<u16> = i.group.encode_utf16().take(GROUP_UNITS - 1).collect();
        units.resize(GROUP_UNITS, 0);
        for u in units {
            n.b.put_u16(u);
        }
        n.u32(V2);
        n.u16(i.state);
        n.align();
        n.b.extend_from_slice(&i.ipv4.unwrap_or(Ipv4Addr::UNSPECIFIED).octets());
        n.b.extend_from_slice(&i.ipv6.unwrap_or(Ipv6Addr::UNSPECIFIED).octets());
        let mut flags = if i.witness { WITNESS_IF } else { 0 };
        if i.ipv4.is_some() {
            flags |= IPV4_VALID;
        }
        if i.ipv6.is_some() {
            flags |= IPV6_VALID;
        }
        n.u32(flags);
    }
    n.u32(status);
    n.b
}

/// GetInterfaceList's answer, read: the interfaces and the status.
pub fn decode_interfaces(stub: &[u8]) -> Option<(Vec<Interface>, u32)> {
    let mut r = NdrIn::new(stub);
    let mut list = Vec::new();
    if r.u32()? != 0 {
        let num = r.u32()? as usize;
        if r.u32()? != 0 {
            if r.u32()? as usize != num || num > 1024 {
                return None;
            }
            for _ in 0..num {
                let raw = r.bytes(2 * GROUP_UNITS)?;
                let units: Vec<u16> = raw
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .take_while(|&u| u != 0)
                    .collect();
                let group = String::from_utf16_lossy(&units);
                let _version = r.u32()?;
                let state = r.u16()?;
                r.align(4);
                let v4: [u8; 4] = r.bytes(4)?.try_into().ok()?;
                let v6: [u8; 16] = r.bytes(16)?.try_into().ok()?;
                let flags = r.u32()?;
                list.push(Interface {
                    group,
                    state,
                    ipv4: (flags & IPV4_VALID != 0).then_some(Ipv4Addr::from(v4)),
                    ipv6: (flags & IPV6_VALID != 0).then_some(Ipv6Addr::from(v6)),
                    witness: flags & WITNESS_IF != 0,
                });
            }
        }
    }
    Some((list, r.u32()?))
}

/// Register's and RegisterEx's answer.
pub fn encode_registered(handle: &[u8; 20], status: u32) -> Vec<u8> {
    let mut b = handle.to_vec();
    b.put_u32(status);
    b
}

/// Register's or RegisterEx's answer, read.
pub fn decode_registered(stub: &[u8]) -> Option<([u8; 20], u32)> {
    let mut r = NdrIn::new(stub);
    let h = r.bytes(20)?.try_into().ok()?;
    Some((h, r.u32()?))
}

/// An answer that is only a status (UnRegister; AsyncNotify's failures start with a
/// null pointer: use [`encode_notification`]).
pub fn encode_status(status: u32) -> Vec<u8> {
    status.to_le_bytes().to_vec()
}

fn ip_info(b: &mut Vec<u8>, ip: &IpAddr, online: u32) {
    match ip {
        IpAddr::V4(a) => {
            b.put_u32(IPADDR_V4 | online);
            b.extend_from_slice(&a.octets());
            b.extend_from_slice(&[0; 16]);
        }
        IpAddr::V6(a) => {
            b.put_u32(IPADDR_V6 | online);
            b.extend_from_slice(&[0; 4]);
            b.extend_from_slice(&a.octets());
        }
    }
}

/// AsyncNotify's answer: the notification (None with a failure status).
pub fn encode_notification(n: Option<&Notification>, status: u32) -> Vec<u8> {
    let mut out = Ndr::new();
    let Some(n) = n else {
        out.ptr(false);
        out.u32(status);
        return out.b;
    };
    let mut buf = Vec::new();
    for m in &n.messages {
        match m {
            Message::ResourceChange { change, name } => {
                let name: Vec<u8> = name
                    .encode_utf16()
                    .chain(std::iter::once(0))
                    .flat_map(u16::to_le_bytes)
                    .collect();
                buf.put_u32((8 + name.len()) as u32);
                buf.put_u32(*change);
                buf.extend_from_slice(&name);
            }
            Message::Addresses(list) => {
                buf.put_u32((12 + 24 * list.len()) as u32);
                buf.put_u32(0);
                buf.put_u32(list.len() as u32);
                for (ip, online) in list {
                    ip_info(&mut buf, ip, *online);
                }
            }
        }
    }
    out.ptr(true);
    out.u32(n.kind);
    out.u32(buf.len() as u32);
    out.u32(n.messages.len() as u32);
    out.ptr(!buf.is_empty());
    if !buf.is_empty() {
        out.u32(buf.len() as u32);
        out.b.extend_from_slice(&buf);
        out.align();
    }
    out.u32(status);
    out.b
}

/// AsyncNotify's answer, read: the notification (when there is one) and the status.
pub fn decode_notification(stub: &[u8]) -> Option<(Option<Notification>, u32)> {
    let mut r = NdrIn::new(stub);
    if r.u32()? == 0 {
        return Some((None, r.u32()?));
    }
    let kind = r.u32()?;
    let len = r.u32()? as usize;
    let num = r.u32()? as usize;
    let buf = if r.u32()? != 0 {
        if r.u32()? as usize != len {
            return None;
        }
        r.bytes(len)?
    } else {
        &[]
    };
    let mut messages = Vec::new();
    let mut at = 0;
    for _ in 0..num.min(1024) {
        let u32_at = |o: usize| -> Option<u32> {
            Some(u32::from_le_bytes(buf.get(o..o + 4)?.try_into().ok()?))
        };
        let mlen = u32_at(at)? as usize;
        let body = buf.get(at..at.checked_add(mlen)?)?;
        if kind == RESOURCE_CHANGE {
            let change = u32_at(at + 4)?;
            let units: Vec<u16> = body
                .get(8..)?
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .take_while(|&u| u != 0)
                .collect();
            messages.push(Message::ResourceChange {
                change,
                name: String::from_utf16_lossy(&units),
            });
        } else {
            let count = u32_at(at + 8)? as usize;
            let mut list = Vec::new();
            for i in 0..count.min(1024) {
                let e = body.get(12 + 24 * i..12 + 24 * (i + 1))?;
                let flags = u32::from_le_bytes(e[..4].try_into().ok()?);
                let ip = if flags & IPADDR_V6 != 0 {
                    IpAddr::V6(Ipv6Addr::from(<[u8; 16]>::try_from(&e[8..24]).ok()?))
                } else {
                    IpAddr::V4(Ipv4Addr::from(<[u8; 4]>::try_from(&e[4..8]).ok()?))
                };
                list.push((ip, flags & (IPADDR_ONLINE | IPADDR_OFFLINE)));
            }
            messages.push(Message::Addresses(list));
        }
        at += mlen.max(1);
    }
    r.align(4);
    Some((Some(Notification { kind, messages }), r.u32()?))
}
