//! The endpoint mapper's ept_map (C706 appendix O, MS-RPCE 2.2.1.2): where on TCP an
//! interface listens. Clients ask it on port 135 before binding to a dynamic endpoint
//! (the Witness service).

use super::{Ndr, NdrIn, NDR};
use crate::codec::PutLe;
use std::net::Ipv4Addr;

/// e1af8308-5d1f-11c9-91a4-08002b14a0fa v3.
pub const SYNTAX: super::assoc::Syntax = super::assoc::Syntax {
    uuid: [
        0x08, 0x83, 0xaf, 0xe1, 0x1f, 0x5d, 0xc9, 0x11, 0x91, 0xa4, 0x08, 0x00, 0x2b, 0x14, 0xa0,
        0xfa,
    ],
    major: 3,
};

pub const OPNUM_MAP: u16 = 3;
/// EPT_S_NOT_REGISTERED.
pub const NOT_REGISTERED: u32 = 0x16c9_a0d6;

/// An ept_map request: the interface asked for, the handle and how many towers fit.
#[derive(Debug, PartialEq, Eq)]
pub struct MapRequest {
    pub iface: [u8; 16],
    pub major: u16,
    pub handle: [u8; 20],
    pub max_towers: u32,
}

/// Reads an ept_map request; None when it does not decode or names no interface.
pub fn decode_map(stub: &[u8]) -> Option<MapRequest> {
    let mut r = NdrIn::new(stub);
    if r.u32()? != 0 {
        r.bytes(16)?;
    }
    if r.u32()? == 0 {
        return None;
    }
    let len = r.u32()? as usize;
    if r.u32()? as usize != len {
        return None;
    }
    let tower = r.bytes(len)?;
    r.align(4);
    let handle = r.bytes(20)?.try_into().ok()?;
    let max_towers = r.u32()?;
    // The first floor: the interface (0x0d, UUID, major version).
    let floors = u16::from_le_bytes(tower.get(..2)?.try_into().ok()?);
    let lhs_len = u16::from_le_bytes(tower.get(2..4)?.try_into().ok()?) as usize;
    let lhs = tower.get(4..4 + lhs_len)?;
    if floors < 1 || lhs_len != 19 || lhs[0] != 0x0d {
        return None;
    }
    Some(MapRequest {
        iface: lhs[1..17].try_into().ok()?,
        major: u16::from_le_bytes([lhs[17], lhs[18]]),
        handle,
        max_towers,
    })
}

fn floor(t: &mut Vec<u8>, lhs: &[u8], rhs: &[u8]) {
    t.put_u16(lhs.len() as u16);
    t.extend_from_slice(lhs);
    t.put_u16(rhs.len() as u16);
    t.extend_from_slice(rhs);
}

/// The tower of interface `iface` v`major`.0 over NDR, on TCP `port` at `ip`.
pub fn tcp_tower(iface: &[u8; 16], major: u16, ip: Ipv4Addr, port: u16) -> Vec<u8> {
    let mut t = Vec::new();
    t.put_u16(5);
    let mut lhs = vec![0x0d];
    lhs.extend_from_slice(iface);
    lhs.put_u16(major);
    floor(&mut t, &lhs, &[0, 0]);
    let mut ndr = vec![0x0d];
    ndr.extend_from_slice(&NDR);
    ndr.put_u16(2);
    floor(&mut t, &ndr, &[0, 0]);
    floor(&mut t, &[0x0b], &[0, 0]);
    floor(&mut t, &[0x07], &port.to_be_bytes());
    floor(&mut t, &[0x09], &ip.octets());
    t
}

/// ept_map's answer: the towers found (at most what the request has room for).
pub fn encode_map(handle: &[u8; 20], max_towers: u32, towers: &[Vec<u8>], status: u32) -> Vec<u8> {
    let n = towers.len().min(max_towers as usize);
    let mut o = Ndr::new();
    o.b.extend_from_slice(handle);
    o.u32(n as u32);
    o.u32(max_towers);
    o.u32(0);
    o.u32(n as u32);
    for _ in 0..n {
        o.ptr(true);
    }
    for t in &towers[..n] {
        o.u32(t.len() as u32);
        o.u32(t.len() as u32);
        o.b.extend_from_slice(t);
        o.align();
    }
    o.u32(status);
    o.b
}

/// An ept_map request's stub (our client's, and tests').
pub fn encode_map_request(iface: &[u8; 16], major: u16, max_towers: u32) -> Vec<u8> {
    let tower = tcp_tower(iface, major, Ipv4Addr::UNSPECIFIED, 0);
    let mut o = Ndr::new();
    o.ptr(false);
    o.ptr(true);
    o.u32(tower.len() as u32);
    o.u32(tower.len() as u32);
    o.b.extend_from_slice(&tower);
    o.align();
    o.b.extend_from_slice(&[0; 20]);
    o.u32(max_towers);
    o.b
}

/// The TCP port of the first tower of an ept_map answer (None: none, or a failure).
pub fn decode_map_port(stub: &[u8]) -> Option<u16> {
    let mut r = NdrIn::new(stub);
    r.bytes(20)?;
    let n = r.u32()?;
    let _max = r.u32()?;
    let _off = r.u32()?;
    let actual = r.u32()?;
    if n == 0 || actual == 0 {
        return None;
    }
    for _ in 0..actual.min(64) {
        r.u32()?;
    }
    let len = r.u32()? as usize;
    r.u32()?;
    let t = r.bytes(len)?;
    let floors = u16::from_le_bytes(t.get(..2)?.try_into().ok()?);
    let mut at = 2;
    for _ in 0..floors {
        let l = u16::from_le_bytes(t.get(at..at + 2)?.try_into().ok()?) as usize;
        let lhs = t.get(at + 2..at + 2 + l)?;
        at += 2 + l;
        let rl = u16::from_le_bytes(t.get(at..at + 2)?.try_into().ok()?) as usize;
        let rhs = t.get(at + 2..at + 2 + rl)?;
        at += 2 + rl;
        if lhs == [0x07] && rhs.len() == 2 {
            return Some(u16::from_be_bytes([rhs[0], rhs[1]]));
        }
    }
    None
}
