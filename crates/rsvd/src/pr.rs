//! SPC-3 persistent reservations of one logical unit, shared by all its initiators.
//!
//! An initiator (I_T nexus) is the InitiatorId GUID of the SVHDX open context: every open
//! carrying it, from any session, is the same nexus. Registrations and the reservation
//! outlive handles and connections; [`Reservations::encode`] gives the bytes to keep on
//! stable storage before a change is acknowledged (we always persist: PTPL_A is set), and
//! [`Reservations::decode`] takes them back after a restart.
//!
//! Encoding (version 1, little-endian): magic `RSVDPR01`, generation u32, registrant count
//! u32, then per registrant {initiator GUID, key u64}, then a flag byte (1 = reserved)
//! followed by {holder GUID, type u8}, then CRC-32C of everything before it.

use crate::sense::{self, Sense, UnitAttention};
use crate::{be64, Guid};

/// Registrations a logical unit keeps; more are refused with INSUFFICIENT REGISTRATION
/// RESOURCES (initiator ids come from clients).
pub const MAX_REGISTRANTS: usize = 256;
/// Pending unit attentions kept per logical unit, all initiators together.
pub const MAX_ATTENTIONS: usize = 1024;

const MAGIC: &[u8; 8] = b"RSVDPR01";

/// PERSISTENT RESERVE OUT service actions.
pub mod action {
    pub const REGISTER: u8 = 0;
    pub const RESERVE: u8 = 1;
    pub const RELEASE: u8 = 2;
    pub const CLEAR: u8 = 3;
    pub const PREEMPT: u8 = 4;
    pub const PREEMPT_AND_ABORT: u8 = 5;
    pub const REGISTER_AND_IGNORE: u8 = 6;
    pub const REGISTER_AND_MOVE: u8 = 7;
}

/// PERSISTENT RESERVE IN service actions.
pub mod read {
    pub const KEYS: u8 = 0;
    pub const RESERVATION: u8 = 1;
    pub const CAPABILITIES: u8 = 2;
    pub const FULL_STATUS: u8 = 3;
}

/// Reservation types.
pub mod kind {
    pub const WRITE_EXCLUSIVE: u8 = 1;
    pub const EXCLUSIVE_ACCESS: u8 = 3;
    pub const WRITE_EXCLUSIVE_REGISTRANTS_ONLY: u8 = 5;
    pub const EXCLUSIVE_ACCESS_REGISTRANTS_ONLY: u8 = 6;
    pub const WRITE_EXCLUSIVE_ALL_REGISTRANTS: u8 = 7;
    pub const EXCLUSIVE_ACCESS_ALL_REGISTRANTS: u8 = 8;

    pub fn valid(t: u8) -> bool {
        matches!(t, 1 | 3 | 5 | 6 | 7 | 8)
    }
    /// Every registrant holds the reservation.
    pub fn all_registrants(t: u8) -> bool {
        matches!(t, 7 | 8)
    }
    /// Registrants may access the unit (registrants-only and all-registrants types).
    pub fn registrants_allowed(t: u8) -> bool {
        matches!(t, 5..=8)
    }
    /// Reads by others conflict too.
    pub fn exclusive_access(t: u8) -> bool {
        matches!(t, 3 | 6 | 8)
    }
}

/// What a command does to the medium, for the reservation check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Allowed whatever the reservation (INQUIRY, PR IN/OUT, READ CAPACITY, ...).
    None,
    Read,
    Write,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Registrant {
    pub nexus: Guid,
    pub key: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reservation {
    pub holder: Guid,
    pub kind: u8,
}

/// The result of a PERSISTENT RESERVE OUT.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrOutcome {
    Good,
    Conflict,
    Check(Sense),
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reservations {
    pub generation: u32,
    pub registrants: Vec<Registrant>,
    pub reservation: Option<Reservation>,
    /// Pending unit attentions: (initiator, what), oldest first. Not persisted.
    attentions: Vec<(Guid, UnitAttention)>,
}

impl Reservations {
    pub fn new() -> Reservations {
        Reservations::default()
    }

    fn key_of(&self, nexus: &Guid) -> Option<u64> {
        self.registrants
            .iter()
            .find(|r| r.nexus == *nexus)
            .map(|r| r.key)
    }

    pub fn is_registered(&self, nexus: &Guid) -> bool {
        self.key_of(nexus).is_some()
    }

    /// Whether `nexus` holds the reservation (any registrant, for all-registrants types).
    pub fn is_holder(&self, nexus: &Guid) -> bool {
        match self.reservation {
            None => false,
            Some(r) if kind::all_registrants(r.kind) => self.is_registered(nexus),
            Some(r) => r.holder == *nexus,
        }
    }

    /// Whether a command of this kind from `nexus` conflicts with the reservation.
    pub fn conflicts(&self, nexus: &Guid, access: Access) -> bool {
        let Some(r) = self.reservation else {
            return false;
        };
        if access == Access::None || self.is_holder(nexus) {
            return false;
        }
        if kind::registrants_allowed(r.kind) && self.is_registered(nexus) {
            return false;
        }
        match access {
            Access::Write => true,
            Access::Read => kind::exclusive_access(r.kind),
            Access::None => false,
        }
    }

    /// Queues a unit attention for `nexus` (once: a pending one of the same kind stays).
    pub fn attend(&mut self, nexus: Guid, ua: UnitAttention) {
        if self.attentions.contains(&(nexus, ua)) {
            return;
        }
        if self.attentions.len() >= MAX_ATTENTIONS {
            self.attentions.remove(0);
        }
        self.attentions.push((nexus, ua));
    }

    /// Queues `ua` for every registrant but `except`.
    fn attend_registrants(&mut self, except: &Guid, ua: UnitAttention) {
        let others: Vec<Guid> = self
            .registrants
            .iter()
            .map(|r| r.nexus)
            .filter(|n| n != except)
            .collect();
        for n in others {
            self.attend(n, ua);
        }
    }

    /// Takes the oldest unit attention pending for `nexus`.
    pub fn take_attention(&mut self, nexus: &Guid) -> Option<UnitAttention> {
        let i = self.attentions.iter().position(|(n, _)| n == nexus)?;
        Some(self.attentions.remove(i).1)
    }

    pub fn has_attention(&self, nexus: &Guid) -> bool {
        self.attentions.iter().any(|(n, _)| n == nexus)
    }

    /// The initiators for whom `ua` is pending.
    pub fn waiting(&self, ua: UnitAttention) -> Vec<Guid> {
        self.attentions
            .iter()
            .filter(|(_, u)| *u == ua)
            .map(|(n, _)| *n)
            .collect()
    }

    /// The logical unit was reset (the node started again with these reservations):
    /// every registrant is told so, once, before anything else; attentions pending from
    /// before the reset are superseded by it.
    pub fn reset(&mut self) {
        self.attentions.clear();
        let all: Vec<Guid> = self.registrants.iter().map(|r| r.nexus).collect();
        for n in all {
            self.attend(n, UnitAttention::Reset);
        }
    }

    fn unregister(&mut self, nexus: &Guid) {
        let was_holder = self.is_holder(nexus);
        self.registrants.retain(|r| r.nexus != *nexus);
        if let Some(r) = self.reservation {
            let release = if kind::all_registrants(r.kind) {
                self.registrants.is_empty()
            } else {
                was_holder
            };
            if release {
                self.reservation = None;
                if kind::registrants_allowed(r.kind) {
                    self.attend_registrants(nexus, UnitAttention::ReservationsReleased);
                }
            } else if was_holder && kind::all_registrants(r.kind) && r.holder == *nexus {
                // The reservation stays with the remaining registrants.
                let next = self.registrants[0].nexus;
                self.reservation = Some(Reservation {
                    holder: next,
                    kind: r.kind,
                });
            }
        }
    }

    /// PERSISTENT RESERVE OUT from `nexus`. `scope_type` is CDB byte 2 and `params` the
    /// parameter list. Returns the outcome and whether the state to persist changed.
    pub fn out(
        &mut self,
        nexus: Guid,
        service_action: u8,
        scope_type: u8,
        params: &[u8],
    ) -> (PrOutcome, bool) {
        use PrOutcome::*;
        if service_action == action::REGISTER_AND_MOVE || service_action > 7 {
            return (Check(sense::INVALID_FIELD_IN_CDB), false);
        }
        if params.len() != 24 {
            return (Check(sense::PARAMETER_LIST_LENGTH_ERROR), false);
        }
        let rk = be64(params, 0);
        let sark = be64(params, 8);
        let flags = params[20];
        // SPEC_I_PT (0x08) and ALL_TG_PT (0x04) are not supported; APTPL (0x01) is how we
        // always work.
        if flags & 0x0C != 0 {
            return (Check(sense::INVALID_FIELD_IN_PARAMETER_LIST), false);
        }
        let scope = scope_type >> 4;
        let rtype = scope_type & 0x0F;
        let current = self.key_of(&nexus);
        match service_action {
            action::REGISTER | action::REGISTER_AND_IGNORE => {
                let ignore = service_action == action::REGISTER_AND_IGNORE;
                match current {
                    None => {
                        if !ignore && rk != 0 {
                            return (Conflict, false);
                        }
                        if sark == 0 {
                            return (Good, false);
                        }
                        if self.registrants.len() >= MAX_REGISTRANTS {
                            return (
                                Check(Sense::new(sense::key::ILLEGAL_REQUEST, 0x55, 0x04)),
                                false,
                            );
                        }
                        self.registrants.push(Registrant { nexus, key: sark });
                    }
                    Some(k) => {
                        if !ignore && rk != k {
                            return (Conflict, false);
                        }
                        if sark == 0 {
                            self.unregister(&nexus);
                        } else if let Some(r) =
                            self.registrants.iter_mut().find(|r| r.nexus == nexus)
                        {
                            r.key = sark;
                        }
                    }
                }
                self.generation = self.generation.wrapping_add(1);
                (Good, true)
            }
            _ => {
                // Every other action needs a registered nexus naming its own key.
                if current != Some(rk) {
                    return (Conflict, false);
                }
                match service_action {
                    action::RESERVE => self.reserve(nexus, scope, rtype),
                    action::RELEASE => self.release(nexus, scope, rtype),
                    action::CLEAR => {
                        let others: Vec<Guid> = self
                            .registrants
                            .iter()
                            .map(|r| r.nexus)
                            .filter(|n| *n != nexus)
                            .collect();
                        for n in others {
                            self.attend(n, UnitAttention::ReservationsPreempted);
                        }
                        self.registrants.clear();
                        self.reservation = None;
                        self.generation = self.generation.wrapping_add(1);
                        (Good, true)
                    }
                    _ => self.preempt(nexus, sark, scope, rtype),
                }
            }
        }
    }

    fn reserve(&mut self, nexus: Guid, scope: u8, rtype: u8) -> (PrOutcome, bool) {
        if scope != 0 || !kind::valid(rtype) {
            return (PrOutcome::Check(sense::INVALID_FIELD_IN_CDB), false);
        }
        match self.reservation {
            None => {
                self.reservation = Some(Reservation {
                    holder: nexus,
                    kind: rtype,
                });
                (PrOutcome::Good, true)
            }
            Some(r) if self.is_holder(&nexus) && r.kind == rtype => (PrOutcome::Good, false),
            Some(_) => (PrOutcome::Conflict, false),
        }
    }

    fn release(&mut self, nexus: Guid, scope: u8, rtype: u8) -> (PrOutcome, bool) {
        let Some(r) = self.reservation else {
            return (PrOutcome::Good, false);
        };
        if !self.is_holder(&nexus) {
            return (PrOutcome::Good, false);
        }
        if scope != 0 || rtype != r.kind {
            return (PrOutcome::Check(sense::INVALID_RELEASE_OF_PR), false);
        }
        self.reservation = None;
        if kind::registrants_allowed(r.kind) {
            self.attend_registrants(&nexus, UnitAttention::ReservationsReleased);
        }
        (PrOutcome::Good, true)
    }

    fn preempt(&mut self, nexus: Guid, sark: u64, scope: u8, rtype: u8) -> (PrOutcome, bool) {
        let res = self.reservation;
        let takes_over = match res {
            None => false,
            Some(r) if kind::all_registrants(r.kind) => sark == 0,
            Some(r) => self.key_of(&r.holder) == Some(sark),
        };
        if takes_over && (scope != 0 || !kind::valid(rtype)) {
            return (PrOutcome::Check(sense::INVALID_FIELD_IN_CDB), false);
        }
        if sark == 0 && !takes_over {
            return (
                PrOutcome::Check(sense::INVALID_FIELD_IN_PARAMETER_LIST),
                false,
            );
        }
        // The registrations to remove: the other nexuses with the key (all others for an
        // all-registrants takeover).
        let gone: Vec<Guid> = self
            .registrants
            .iter()
            .filter(|r| r.nexus != nexus && (r.key == sark || (sark == 0 && takes_over)))
            .map(|r| r.nexus)
            .collect();
        if gone.is_empty() && !takes_over {
            return (PrOutcome::Conflict, false);
        }
        self.registrants.retain(|r| !gone.contains(&r.nexus));
        for n in &gone {
            self.attend(*n, UnitAttention::RegistrationsPreempted);
        }
        if takes_over {
            let old = res.expect("a reservation to take over");
            self.reservation = Some(Reservation {
                holder: nexus,
                kind: rtype,
            });
            if old.kind != rtype {
                self.attend_registrants(&nexus, UnitAttention::ReservationsReleased);
            }
        }
        self.generation = self.generation.wrapping_add(1);
        (PrOutcome::Good, true)
    }

    /// PERSISTENT RESERVE IN: the parameter data (before truncation to the allocation
    /// length), or the sense of an unsupported service action.
    pub fn read(&self, service_action: u8) -> Result<Vec<u8>, Sense> {
        let mut out = Vec::new();
        match service_action {
            read::KEYS => {
                out.extend_from_slice(&self.generation.to_be_bytes());
                out.extend_from_slice(&(8 * self.registrants.len() as u32).to_be_bytes());
                for r in &self.registrants {
                    out.extend_from_slice(&r.key.to_be_bytes());
                }
            }
            read::RESERVATION => {
                out.extend_from_slice(&self.generation.to_be_bytes());
                match self.reservation {
                    None => out.extend_from_slice(&0u32.to_be_bytes()),
                    Some(r) => {
                        out.extend_from_slice(&16u32.to_be_bytes());
                        let key = if kind::all_registrants(r.kind) {
                            0
                        } else {
                            self.key_of(&r.holder).unwrap_or(0)
                        };
                        out.extend_from_slice(&key.to_be_bytes());
                        out.extend_from_slice(&[0; 5]);
                        out.push(r.kind & 0x0F);
                        out.extend_from_slice(&[0; 2]);
                    }
                }
            }
            read::CAPABILITIES => {
                out.extend_from_slice(&8u16.to_be_bytes());
                // PTPL_C: persist through power loss is supported.
                out.push(0x01);
                // TMV (the type mask is valid), PTPL_A (persisting now).
                out.push(0x80 | 0x01);
                // WR_EX_AR, EX_AC_RO, WR_EX_RO, EX_AC, WR_EX; then EX_AC_AR.
                out.push(0x80 | 0x40 | 0x20 | 0x08 | 0x02);
                out.push(0x01);
                out.extend_from_slice(&[0; 2]);
            }
            read::FULL_STATUS => {
                out.extend_from_slice(&self.generation.to_be_bytes());
                out.extend_from_slice(&0u32.to_be_bytes());
                for r in &self.registrants {
                    out.extend_from_slice(&r.key.to_be_bytes());
                    out.extend_from_slice(&[0; 4]);
                    let holder = self.is_holder(&r.nexus);
                    out.push(u8::from(holder));
                    out.push(if holder {
                        self.reservation.map_or(0, |x| x.kind & 0x0F)
                    } else {
                        0
                    });
                    out.extend_from_slice(&[0; 4]);
                    out.extend_from_slice(&1u16.to_be_bytes()); // relative target port
                    out.extend_from_slice(&24u32.to_be_bytes());
                    // A SAS-format TransportID carrying the first 8 bytes of the
                    // initiator id as its address.
                    let mut tid = [0u8; 24];
                    tid[0] = 0x06;
                    tid[4..12].copy_from_slice(&r.nexus.0[..8]);
                    out.extend_from_slice(&tid);
                }
                let add = (out.len() - 8) as u32;
                out[4..8].copy_from_slice(&add.to_be_bytes());
            }
            _ => return Err(sense::INVALID_FIELD_IN_CDB),
        }
        Ok(out)
    }

    /// The persistent part, to keep on stable storage.
    pub fn encode(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(8 + 8 + 24 * self.registrants.len() + 22);
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&self.generation.to_le_bytes());
        b.extend_from_slice(&(self.registrants.len() as u32).to_le_bytes());
        for r in &self.registrants {
            b.extend_from_slice(&r.nexus.0);
            b.extend_from_slice(&r.key.to_le_bytes());
        }
        match self.reservation {
            None => b.push(0),
            Some(r) => {
                b.push(1);
                b.extend_from_slice(&r.holder.0);
                b.push(r.kind);
            }
        }
        let crc = crc32c::crc32c(&b);
        b.extend_from_slice(&crc.to_le_bytes());
        b
    }

    /// Everything, unit attentions pending included: the record several servers of one
    /// logical unit share (an initiator may take its attention through any of them).
    pub fn encode_shared(&self) -> Vec<u8> {
        let mut b = self.encode();
        b.extend_from_slice(&(self.attentions.len() as u32).to_le_bytes());
        for (g, ua) in &self.attentions {
            b.extend_from_slice(&g.0);
            b.push(*ua as u8);
        }
        let crc = crc32c::crc32c(&b);
        b.extend_from_slice(&crc.to_le_bytes());
        b
    }

    /// Takes back what [`Reservations::encode_shared`] wrote; None if it is damaged.
    pub fn decode_shared(b: &[u8]) -> Option<Reservations> {
        let (body, crc) = b.split_at(b.len().checked_sub(4)?);
        if crc32c::crc32c(body) != u32::from_le_bytes(crc.try_into().ok()?) {
            return None;
        }
        // The persistent part's length: its registrants, its reservation, its check.
        let n = u32::from_le_bytes(body.get(12..16)?.try_into().ok()?) as usize;
        if n > MAX_REGISTRANTS {
            return None;
        }
        let held = 16 + 24 * n;
        let part = held + if *body.get(held)? == 1 { 18 } else { 1 } + 4;
        let mut pr = Reservations::decode(body.get(..part)?)?;
        let rest = &body[part..];
        let count = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        if count > MAX_ATTENTIONS || rest.len() != 4 + 17 * count {
            return None;
        }
        for e in rest[4..].chunks_exact(17) {
            let ua = match e[16] {
                1 => UnitAttention::CapacityChanged,
                2 => UnitAttention::ReservationsPreempted,
                3 => UnitAttention::ReservationsReleased,
                4 => UnitAttention::RegistrationsPreempted,
                5 => UnitAttention::Reset,
                _ => return None,
            };
            pr.attentions.push((Guid::from_slice(&e[..16]), ua));
        }
        Some(pr)
    }

    /// Takes back what [`Reservations::encode`] wrote; None if it is damaged or not ours.
    pub fn decode(b: &[u8]) -> Option<Reservations> {
        if b.len() < 8 + 8 + 1 + 4 || &b[..8] != MAGIC {
            return None;
        }
        let (body, crc) = b.split_at(b.len() - 4);
        if crc32c::crc32c(body) != u32::from_le_bytes(crc.try_into().ok()?) {
            return None;
        }
        let generation = u32::from_le_bytes(body[8..12].try_into().ok()?);
        let n = u32::from_le_bytes(body[12..16].try_into().ok()?) as usize;
        if n > MAX_REGISTRANTS {
            return None;
        }
        let mut at = 16;
        let mut registrants = Vec::with_capacity(n);
        for _ in 0..n {
            let e = body.get(at..at + 24)?;
            registrants.push(Registrant {
                nexus: Guid::from_slice(&e[..16]),
                key: u64::from_le_bytes(e[16..24].try_into().ok()?),
            });
            at += 24;
        }
        let reservation = match *body.get(at)? {
            0 => {
                at += 1;
                None
            }
            1 => {
                let e = body.get(at + 1..at + 18)?;
                at += 18;
                let r = Reservation {
                    holder: Guid::from_slice(&e[..16]),
                    kind: e[16],
                };
                if !kind::valid(r.kind) {
                    return None;
                }
                Some(r)
            }
            _ => return None,
        };
        if at != body.len() {
            return None;
        }
        Some(Reservations {
            generation,
            registrants,
            reservation,
            attentions: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(n: u8) -> Guid {
        Guid([n; 16])
    }

    #[test]
    fn the_shared_record_keeps_attentions_and_refuses_damage() {
        let mut pr = Reservations::new();
        assert_eq!(
            Reservations::decode_shared(&pr.encode_shared()),
            Some(pr.clone())
        );
        pr.generation = 7;
        pr.registrants.push(Registrant {
            nexus: g(1),
            key: 0xAA,
        });
        pr.reservation = Some(Reservation {
            holder: g(1),
            kind: kind::WRITE_EXCLUSIVE_REGISTRANTS_ONLY,
        });
        pr.attend(g(2), UnitAttention::RegistrationsPreempted);
        pr.attend(g(3), UnitAttention::Reset);
        let b = pr.encode_shared();
        assert_eq!(Reservations::decode_shared(&b), Some(pr.clone()));
        // The persistent part alone is the same record without its attentions.
        let plain = Reservations::decode(&pr.encode()).unwrap();
        assert!(!plain.has_attention(&g(2)));
        for cut in 0..b.len() {
            assert_eq!(Reservations::decode_shared(&b[..cut]), None, "cut at {cut}");
        }
        let mut flipped = b.clone();
        flipped[20] ^= 1;
        assert_eq!(Reservations::decode_shared(&flipped), None);
    }

    fn params(rk: u64, sark: u64) -> Vec<u8> {
        let mut p = vec![0u8; 24];
        p[..8].copy_from_slice(&rk.to_be_bytes());
        p[8..16].copy_from_slice(&sark.to_be_bytes());
        p
    }

    const WERO: u8 = kind::WRITE_EXCLUSIVE_REGISTRANTS_ONLY;

    #[test]
    fn the_failover_cluster_sequence() {
        let mut pr = Reservations::new();
        let (a, b, c) = (g(1), g(2), g(3));
        // Both nodes register with REGISTER AND IGNORE EXISTING KEY.
        assert_eq!(
            pr.out(a, action::REGISTER_AND_IGNORE, 0, &params(0, 0xA)),
            (PrOutcome::Good, true)
        );
        assert_eq!(
            pr.out(b, action::REGISTER_AND_IGNORE, 0, &params(0, 0xB)),
            (PrOutcome::Good, true)
        );
        assert_eq!(pr.generation, 2);
        // A reserves WE-RO; B's second RESERVE conflicts.
        assert_eq!(
            pr.out(a, action::RESERVE, WERO, &params(0xA, 0)),
            (PrOutcome::Good, true)
        );
        assert_eq!(pr.generation, 2, "RESERVE leaves the generation alone");
        assert_eq!(
            pr.out(b, action::RESERVE, WERO, &params(0xB, 0)).0,
            PrOutcome::Conflict
        );
        // Registrants write; an unregistered initiator may read but not write.
        assert!(!pr.conflicts(&b, Access::Write));
        assert!(pr.conflicts(&c, Access::Write));
        assert!(!pr.conflicts(&c, Access::Read));
        // A wrong key is a conflict.
        assert_eq!(
            pr.out(b, action::PREEMPT, WERO, &params(0xBAD, 0xA)).0,
            PrOutcome::Conflict
        );
        // Failover: B preempts A and holds the reservation; A hears of it once.
        assert_eq!(
            pr.out(b, action::PREEMPT, WERO, &params(0xB, 0xA)),
            (PrOutcome::Good, true)
        );
        assert_eq!(pr.reservation.unwrap().holder, b);
        assert!(!pr.is_registered(&a));
        assert!(pr.conflicts(&a, Access::Write));
        assert_eq!(
            pr.take_attention(&a),
            Some(UnitAttention::RegistrationsPreempted)
        );
        assert_eq!(pr.take_attention(&a), None);
        let keys = pr.read(read::KEYS).unwrap();
        assert_eq!(&keys[4..8], &8u32.to_be_bytes());
        assert_eq!(&keys[8..16], &0xBu64.to_be_bytes());
        let res = pr.read(read::RESERVATION).unwrap();
        assert_eq!(&res[8..16], &0xBu64.to_be_bytes());
        assert_eq!(res[21], WERO);
        // Release by the holder: the reservation goes, the others hear it.
        assert_eq!(
            pr.out(a, action::REGISTER_AND_IGNORE, 0, &params(0, 0xA)).0,
            PrOutcome::Good
        );
        assert_eq!(
            pr.out(b, action::RELEASE, kind::WRITE_EXCLUSIVE, &params(0xB, 0))
                .0,
            PrOutcome::Check(sense::INVALID_RELEASE_OF_PR)
        );
        assert_eq!(
            pr.out(b, action::RELEASE, WERO, &params(0xB, 0)),
            (PrOutcome::Good, true)
        );
        assert!(pr.reservation.is_none());
        assert_eq!(
            pr.take_attention(&a),
            Some(UnitAttention::ReservationsReleased)
        );
        // Unregistering with key 0.
        assert_eq!(
            pr.out(a, action::REGISTER_AND_IGNORE, 0, &params(0, 0)),
            (PrOutcome::Good, true)
        );
        assert!(!pr.is_registered(&a));
        // CLEAR drops everything.
        pr.out(a, action::REGISTER, 0, &params(0, 0xA));
        assert_eq!(
            pr.out(b, action::CLEAR, 0, &params(0xB, 0)),
            (PrOutcome::Good, true)
        );
        assert!(pr.registrants.is_empty());
        assert_eq!(
            pr.take_attention(&a),
            Some(UnitAttention::ReservationsPreempted)
        );
    }

    #[test]
    fn register_rules() {
        let mut pr = Reservations::new();
        let a = g(1);
        // REGISTER from an unregistered nexus must name key 0.
        assert_eq!(
            pr.out(a, action::REGISTER, 0, &params(5, 6)).0,
            PrOutcome::Conflict
        );
        assert_eq!(
            pr.out(a, action::REGISTER, 0, &params(0, 0)),
            (PrOutcome::Good, false)
        );
        assert_eq!(
            pr.out(a, action::REGISTER, 0, &params(0, 6)),
            (PrOutcome::Good, true)
        );
        assert_eq!(
            pr.out(a, action::REGISTER, 0, &params(5, 7)).0,
            PrOutcome::Conflict
        );
        assert_eq!(
            pr.out(a, action::REGISTER, 0, &params(6, 7)),
            (PrOutcome::Good, true)
        );
        assert_eq!(pr.key_of(&a), Some(7));
        assert_eq!(
            pr.out(a, action::RESERVE, 0x10 | WERO, &params(7, 0)).0,
            PrOutcome::Check(sense::INVALID_FIELD_IN_CDB),
            "scope other than LU"
        );
        assert_eq!(
            pr.out(a, action::REGISTER, 0, &params(7, 8)[..20]).0,
            PrOutcome::Check(sense::PARAMETER_LIST_LENGTH_ERROR)
        );
        let mut spec = params(7, 8);
        spec[20] = 0x08;
        assert_eq!(
            pr.out(a, action::REGISTER, 0, &spec).0,
            PrOutcome::Check(sense::INVALID_FIELD_IN_PARAMETER_LIST)
        );
        // The holder of a WE-RO reservation unregistering releases it.
        let b = g(2);
        pr.out(b, action::REGISTER, 0, &params(0, 9));
        pr.out(a, action::RESERVE, WERO, &params(7, 0));
        pr.out(a, action::REGISTER, 0, &params(7, 0));
        assert!(pr.reservation.is_none());
        assert_eq!(
            pr.take_attention(&b),
            Some(UnitAttention::ReservationsReleased)
        );
    }

    #[test]
    fn exclusive_access_and_all_registrants() {
        let mut pr = Reservations::new();
        let (a, b, c) = (g(1), g(2), g(3));
        pr.out(a, action::REGISTER, 0, &params(0, 1));
        pr.out(b, action::REGISTER, 0, &params(0, 2));
        pr.out(a, action::RESERVE, kind::EXCLUSIVE_ACCESS, &params(1, 0));
        assert!(pr.conflicts(&b, Access::Read));
        assert!(pr.conflicts(&b, Access::Write));
        assert!(!pr.conflicts(&b, Access::None));
        assert!(!pr.conflicts(&a, Access::Write));
        pr.out(a, action::RELEASE, kind::EXCLUSIVE_ACCESS, &params(1, 0));
        pr.out(
            a,
            action::RESERVE,
            kind::EXCLUSIVE_ACCESS_ALL_REGISTRANTS,
            &params(1, 0),
        );
        assert!(pr.is_holder(&b));
        assert!(pr.conflicts(&c, Access::Read));
        // An all-registrants reservation survives its creator leaving.
        pr.out(a, action::REGISTER, 0, &params(1, 0));
        assert!(pr.reservation.is_some());
        assert!(pr.is_holder(&b));
        // Preempt with key 0 under all-registrants: takes it alone.
        pr.out(c, action::REGISTER, 0, &params(0, 3));
        assert_eq!(
            pr.out(c, action::PREEMPT, WERO, &params(3, 0)),
            (PrOutcome::Good, true)
        );
        assert_eq!(pr.registrants.len(), 1);
        assert_eq!(pr.reservation.unwrap().holder, c);
        // Preempting a key nobody has is a conflict.
        assert_eq!(
            pr.out(c, action::PREEMPT, WERO, &params(3, 77)).0,
            PrOutcome::Conflict
        );
    }

    #[test]
    fn encoding_round_trips_and_rejects_damage() {
        let mut pr = Reservations::new();
        pr.out(g(1), action::REGISTER, 0, &params(0, 0x1122));
        pr.out(g(2), action::REGISTER, 0, &params(0, 0x3344));
        pr.out(g(2), action::RESERVE, WERO, &params(0x3344, 0));
        let b = pr.encode();
        assert_eq!(Reservations::decode(&b), Some(pr.clone()));
        for i in 0..b.len() {
            let mut d = b.clone();
            d[i] ^= 0x40;
            assert_eq!(Reservations::decode(&d), None, "flip at {i}");
        }
        for n in 0..b.len() {
            assert_eq!(Reservations::decode(&b[..n]), None);
        }
        assert_eq!(
            Reservations::decode(&Reservations::new().encode()),
            Some(Reservations::new())
        );
    }

    #[test]
    fn a_reset_is_told_once_to_each_registrant_and_keeps_the_reservation() {
        let mut pr = Reservations::new();
        let (a, b, c) = (g(1), g(2), g(3));
        pr.out(a, action::REGISTER, 0, &params(0, 1));
        pr.out(b, action::REGISTER, 0, &params(0, 2));
        pr.out(a, action::RESERVE, WERO, &params(1, 0));
        pr.out(a, action::PREEMPT, WERO, &params(1, 2));
        assert!(pr.has_attention(&b));
        let mut pr = Reservations::decode(&pr.encode()).unwrap();
        pr.out(b, action::REGISTER, 0, &params(0, 2));
        pr.reset();
        assert_eq!(pr.waiting(UnitAttention::Reset), vec![a, b]);
        // What happens after the reset is told after it.
        pr.out(a, action::PREEMPT, WERO, &params(1, 2));
        assert_eq!(pr.take_attention(&b), Some(UnitAttention::Reset));
        assert_eq!(
            pr.take_attention(&b),
            Some(UnitAttention::RegistrationsPreempted)
        );
        assert_eq!(pr.waiting(UnitAttention::Reset), vec![a]);
        assert_eq!(pr.take_attention(&a), Some(UnitAttention::Reset));
        for n in [a, b] {
            assert_eq!(pr.take_attention(&n), None);
        }
        assert_eq!(pr.take_attention(&c), None, "not a registrant");
        assert_eq!(pr.reservation.map(|r| r.holder), Some(a));
        let s = UnitAttention::Reset.sense().fixed();
        assert_eq!((s[2] & 0x0F, s[12], s[13]), (6, 0x29, 0x00));
        assert_eq!(UnitAttention::Reset.status(), None);
    }

    #[test]
    fn capabilities_and_full_status_describe_the_reservation() {
        let mut pr = Reservations::new();
        let (a, b) = (g(1), g(2));
        pr.out(a, action::REGISTER, 0, &params(0, 0x11));
        pr.out(b, action::REGISTER, 0, &params(0, 0x22));
        pr.out(a, action::RESERVE, WERO, &params(0x11, 0));
        let caps = pr.read(read::CAPABILITIES).unwrap();
        assert_eq!(u16::from_be_bytes([caps[0], caps[1]]), 8);
        assert_eq!(caps[2] & 0x01, 0x01, "PTPL_C: kept across power loss");
        assert_eq!(caps[3] & 0x81, 0x81, "TMV and PTPL_A");
        assert_eq!(caps[4] & 0x20, 0x20, "Write Exclusive - Registrants Only");
        let full = pr.read(read::FULL_STATUS).unwrap();
        assert_eq!(
            u32::from_be_bytes(full[..4].try_into().unwrap()),
            pr.generation
        );
        assert_eq!(u32::from_be_bytes(full[4..8].try_into().unwrap()), 2 * 48);
        let (da, db) = (&full[8..56], &full[56..104]);
        assert_eq!(&da[..8], &0x11u64.to_be_bytes());
        assert_eq!((da[12], da[13]), (1, WERO), "A holds the reservation");
        assert_eq!(&db[..8], &0x22u64.to_be_bytes());
        assert_eq!((db[12], db[13]), (0, 0));
        assert_eq!(u32::from_be_bytes(db[20..24].try_into().unwrap()), 24);
        assert_eq!(pr.read(9), Err(sense::INVALID_FIELD_IN_CDB));
    }

    #[test]
    fn registrations_are_bounded() {
        let mut pr = Reservations::new();
        for i in 0..MAX_REGISTRANTS {
            let mut id = [0u8; 16];
            id[..8].copy_from_slice(&(i as u64).to_le_bytes());
            assert_eq!(
                pr.out(Guid(id), action::REGISTER, 0, &params(0, 1)).0,
                PrOutcome::Good
            );
        }
        assert!(matches!(
            pr.out(g(0xEE), action::REGISTER, 0, &params(0, 1)).0,
            PrOutcome::Check(_)
        ));
    }
}
