//! The PAC's logon information (MS-PAC 2.5, KERB_VALIDATION_INFO): who a Kerberos
//! client is in its domain — user, primary group, groups, extra SIDs and resource
//! groups — as the KDC signed it. The buffer is NDR (MS-RPCE 2.2.6 type serialization
//! version 1): a 16-byte header, then the structure with its pointers' referents
//! deferred, in field order, after it.
//!
//! Bounded: every count is checked against the buffer and capped (a Windows token holds
//! at most 1,024 groups); a hostile buffer gives an error, never a panic.

/// A SID in its binary form (MS-DTYP 2.4.2.2): revision, sub-authority count,
/// 6-byte authority, little-endian sub-authorities.
pub type Sid = Vec<u8>;

/// Groups and SIDs one logon may carry, in all.
pub const MAX_SIDS: usize = 1024;

/// UserFlags bit: ResourceGroupIds are meaningful (MS-PAC 2.5 "D").
const LOGON_RESOURCE_GROUPS: u32 = 0x200;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PacError(pub &'static str);

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LogonInfo {
    pub effective_name: String,
    pub full_name: String,
    pub logon_server: String,
    pub logon_domain_name: String,
    pub user_rid: u32,
    pub primary_group_rid: u32,
    pub domain_sid: Sid,
    /// (RID, attributes) in the logon domain.
    pub groups: Vec<(u32, u32)>,
    pub user_flags: u32,
    /// (SID, attributes): other domains' groups, claims such as S-1-18-1.
    pub extra_sids: Vec<(Sid, u32)>,
    pub resource_domain_sid: Option<Sid>,
    pub resource_groups: Vec<(u32, u32)>,
}

/// The SID `domain` + `rid`.
pub fn sid_with_rid(domain: &[u8], rid: u32) -> Sid {
    let mut s = domain.to_vec();
    if s.len() >= 8 {
        s[1] += 1;
        s.extend_from_slice(&rid.to_le_bytes());
    }
    s
}

/// An NDR reader over the serialized stream (offsets relative to its start).
struct Ndr<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Ndr<'a> {
    fn align(&mut self, n: usize) -> Result<(), PacError> {
        self.at = self.at.next_multiple_of(n);
        if self.at > self.b.len() {
            return Err(PacError("truncated"));
        }
        Ok(())
    }

    fn bytes(&mut self, n: usize) -> Result<&'a [u8], PacError> {
        let end = self.at.checked_add(n).ok_or(PacError("length"))?;
        let s = self.b.get(self.at..end).ok_or(PacError("truncated"))?;
        self.at = end;
        Ok(s)
    }

    fn u16(&mut self) -> Result<u16, PacError> {
        self.align(2)?;
        let b = self.bytes(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, PacError> {
        self.align(4)?;
        let b = self.bytes(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn count(&mut self, limit: usize) -> Result<usize, PacError> {
        let n = self.u32()? as usize;
        if n > limit {
            return Err(PacError("count too large"));
        }
        Ok(n)
    }

    /// RPC_UNICODE_STRING's inline part: lengths and the referent (0 = null).
    fn string_header(&mut self) -> Result<(u16, u32), PacError> {
        let len = self.u16()?;
        let _max = self.u16()?;
        Ok((len, self.u32()?))
    }

    /// A string's deferred conformant varying array.
    fn string_body(&mut self, (len, ptr): (u16, u32)) -> Result<String, PacError> {
        if ptr == 0 {
            return Ok(String::new());
        }
        let max = self.count(0x8000)?;
        let offset = self.u32()? as usize;
        let actual = self.count(max)?;
        if offset != 0 || actual * 2 < usize::from(len) {
            return Err(PacError("string lengths"));
        }
        let raw = self.bytes(actual * 2)?;
        let units = raw
            .chunks_exact(2)
            .take(usize::from(len) / 2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]));
        Ok(char::decode_utf16(units)
            .map(|c| c.unwrap_or('\u{fffd}'))
            .collect())
    }

    /// A deferred RPC_SID (conformant on its sub-authority count), of at most `max`
    /// sub-authorities (14 for a domain, which a RID extends).
    fn sid(&mut self, max: usize) -> Result<Sid, PacError> {
        let n = self.count(max)?;
        let head = self.bytes(8)?;
        if head[0] != 1 || usize::from(head[1]) != n {
            return Err(PacError("SID"));
        }
        let mut s = head.to_vec();
        s.extend_from_slice(self.bytes(4 * n)?);
        Ok(s)
    }

    /// A deferred GROUP_MEMBERSHIP array.
    fn groups(&mut self, count: usize) -> Result<Vec<(u32, u32)>, PacError> {
        let n = self.count(MAX_SIDS)?;
        if n != count {
            return Err(PacError("group count"));
        }
        (0..n).map(|_| Ok((self.u32()?, self.u32()?))).collect()
    }
}

impl LogonInfo {
    pub fn parse(buf: &[u8]) -> Result<LogonInfo, PacError> {
        // Common type header (version 1, little-endian, length 8) and private header.
        if buf.len() < 20 || buf[0] != 1 || buf[1] != 0x10 || buf[2..4] != [8, 0] {
            return Err(PacError("not an NDR type serialization"));
        }
        let mut r = Ndr {
            b: &buf[16..],
            at: 0,
        };
        if r.u32()? == 0 {
            return Err(PacError("null logon information"));
        }
        let mut info = LogonInfo::default();
        r.bytes(6 * 8)?; // LogonTime .. PasswordMustChange
        let names: Vec<(u16, u32)> = (0..6)
            .map(|_| r.string_header())
            .collect::<Result<_, _>>()?;
        r.u16()?; // LogonCount
        r.u16()?; // BadPasswordCount
        info.user_rid = r.u32()?;
        info.primary_group_rid = r.u32()?;
        let group_count = r.count(MAX_SIDS)?;
        let group_ptr = r.u32()?;
        info.user_flags = r.u32()?;
        r.bytes(16)?; // UserSessionKey
        let server = r.string_header()?;
        let domain = r.string_header()?;
        let domain_sid_ptr = r.u32()?;
        r.bytes(8)?; // Reserved1
        r.u32()?; // UserAccountControl
        r.u32()?; // SubAuthStatus
        r.bytes(16)?; // LastSuccessfulILogon, LastFailedILogon
        r.u32()?; // FailedILogonCount
        r.u32()?; // Reserved3
        let sid_count = r.count(MAX_SIDS)?;
        let extra_ptr = r.u32()?;
        let resource_domain_ptr = r.u32()?;
        let resource_count = r.count(MAX_SIDS)?;
        let resource_ptr = r.u32()?;

        // Deferred referents, in the order of their pointers above.
        let mut strings = Vec::with_capacity(6);
        for h in names {
            strings.push(r.string_body(h)?);
        }
        info.effective_name = std::mem::take(&mut strings[0]);
        info.full_name = std::mem::take(&mut strings[1]);
        if group_ptr != 0 {
            info.groups = r.groups(group_count)?;
        } else if group_count != 0 {
            return Err(PacError("groups without an array"));
        }
        info.logon_server = r.string_body(server)?;
        info.logon_domain_name = r.string_body(domain)?;
        if domain_sid_ptr == 0 {
            return Err(PacError("no logon domain SID"));
        }
        info.domain_sid = r.sid(14)?;
        if extra_ptr != 0 {
            let n = r.count(MAX_SIDS)?;
            if n != sid_count {
                return Err(PacError("extra SID count"));
            }
            let heads: Vec<(u32, u32)> = (0..n)
                .map(|_| Ok((r.u32()?, r.u32()?)))
                .collect::<Result<_, PacError>>()?;
            for (ptr, attrs) in heads {
                if ptr != 0 {
                    info.extra_sids.push((r.sid(15)?, attrs));
                }
            }
        }
        if resource_domain_ptr != 0 {
            info.resource_domain_sid = Some(r.sid(14)?);
        }
        if resource_ptr != 0 {
            info.resource_groups = r.groups(resource_count)?;
        }
        if info.groups.len() + info.extra_sids.len() + info.resource_groups.len() > MAX_SIDS {
            return Err(PacError("too many SIDs"));
        }
        Ok(info)
    }

    /// The user's SID.
    pub fn user_sid(&self) -> Sid {
        sid_with_rid(&self.domain_sid, self.user_rid)
    }

    /// Every SID the logon holds, the user's first, then the primary group, the
    /// groups, the extra SIDs and (when flagged) the resource groups; no repeats.
    pub fn sids(&self) -> Vec<Sid> {
        let mut v = vec![
            self.user_sid(),
            sid_with_rid(&self.domain_sid, self.primary_group_rid),
        ];
        v.extend(
            self.groups
                .iter()
                .map(|(rid, _)| sid_with_rid(&self.domain_sid, *rid)),
        );
        v.extend(self.extra_sids.iter().map(|(s, _)| s.clone()));
        if self.user_flags & LOGON_RESOURCE_GROUPS != 0 {
            if let Some(d) = &self.resource_domain_sid {
                v.extend(
                    self.resource_groups
                        .iter()
                        .map(|(rid, _)| sid_with_rid(d, *rid)),
                );
            }
        }
        let mut out: Vec<Sid> = Vec::with_capacity(v.len());
        for s in v {
            if !out.contains(&s) {
                out.push(s);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use smb_wire::secdesc::sid_to_str;

    /// A Samba 4.17 AD DC's logon information for `hvadmin`, member of `Hyper-V
    /// Admins` (RID 1105), as MIT Kerberos handed it to the acceptor.
    fn sample() -> Vec<u8> {
        testkit::from_hex(include_str!("../testdata/logon-info.hex"))
    }

    #[test]
    fn decodes_a_real_logon() {
        let info = LogonInfo::parse(&sample()).unwrap();
        assert_eq!(info.effective_name, "hvadmin");
        assert_eq!(info.logon_domain_name, "LAB");
        assert_eq!(info.logon_server, "DC1");
        assert_eq!(info.user_rid, 1103);
        assert_eq!(info.primary_group_rid, 513);
        assert_eq!(info.groups, vec![(513, 7), (1105, 7)]);
        let dom = "S-1-5-21-2492151365-3588880039-1992745875";
        assert_eq!(sid_to_str(&info.domain_sid), dom);
        let sids: Vec<String> = info.sids().iter().map(|s| sid_to_str(s)).collect();
        assert_eq!(
            sids,
            vec![
                format!("{dom}-1103"),
                format!("{dom}-513"),
                format!("{dom}-1105"),
                "S-1-18-1".to_string()
            ]
        );
    }

    #[test]
    fn hostile_buffers_are_errors() {
        let good = sample();
        for cut in 0..good.len() {
            let _ = LogonInfo::parse(&good[..cut]);
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut b = good.clone();
            for _ in 0..4 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let at = (seed as usize) % b.len();
                b[at] = (seed >> 32) as u8;
            }
            if let Ok(i) = LogonInfo::parse(&b) {
                assert!(i.sids().len() <= MAX_SIDS + 2);
            }
        }
        assert!(LogonInfo::parse(&[]).is_err());
    }
}
