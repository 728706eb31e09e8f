//! The domain's directory, for names: LDAP (RFC 4511) to a domain controller, bound
//! with SASL GSSAPI (RFC 4752) as the node's computer account from its keytab, every
//! message after the bind signed and sealed as Active Directory requires. It answers
//! what share access lists need at start: the domain's NetBIOS name, and an account's
//! SID and kind by its `sAMAccountName`.
//!
//! Bounded: a message is at most [`MAX_MESSAGE`] bytes, a search returns at most
//! [`MAX_ENTRIES`] entries (and as many referrals) and keeps only the attributes it
//! asked for, and the bind (with its first two searches) and each lookup must finish
//! within the binding's timeout. Once the security layer is on, only wrapped bytes that
//! pass their check are read. The controller is trusted for its answers, not for its
//! framing: anything malformed ends the connection with an error.

use anyhow::{bail, Context, Result};
use smb_auth::der;
use smb_wire::dcerpc::SidType;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The largest message (or wrapped chunk) read from the controller.
const MAX_MESSAGE: usize = 4 << 20;
/// At most this many entries from one search.
const MAX_ENTRIES: usize = 64;
/// SASL bind rounds before giving up (GSSAPI needs three).
const MAX_BIND_ROUNDS: usize = 6;

/// LDAP result codes (RFC 4511 4.1.9).
const SUCCESS: u32 = 0;
const SASL_BIND_IN_PROGRESS: u32 = 14;

/// RFC 4752 3.3 security layers.
const LAYER_INTEGRITY: u8 = 2;
const LAYER_CONFIDENTIALITY: u8 = 4;

/// An account in the directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirAccount {
    /// The name as the directory spells it.
    pub name: String,
    pub sid: Vec<u8>,
    pub kind: SidType,
}

/// Where the controller is and who we are to it.
pub struct Binding<'a> {
    /// `host:port` to connect to.
    pub address: &'a str,
    /// The controller's host name: its service principal is `ldap/<host>@<realm>`.
    pub host: &'a str,
    pub realm: &'a str,
    /// The keytab with the computer account's keys, and that account
    /// (`NODE1$@LAB.TEST`).
    pub keytab: &'a str,
    pub principal: &'a str,
    pub timeout: Duration,
}

/// A bound connection.
pub struct Directory {
    stream: TcpStream,
    gss: gss::Initiator,
    /// Messages are wrapped (a security layer was chosen).
    layer: Option<u8>,
    /// Bytes received and not yet parsed (unwrapped when a layer is on).
    inbuf: Vec<u8>,
    next_id: u32,
    /// The largest wrapped message the controller takes (its security layer offer).
    peer_max: usize,
    timeout: Duration,
    /// When the operation under way must have finished.
    deadline: Instant,
    /// The domain's naming context (`DC=lab,DC=test`).
    pub base: String,
    /// The domain's NetBIOS name (`LAB`).
    pub netbios: String,
}

impl Directory {
    /// Connects, binds and reads the domain's naming context and NetBIOS name.
    pub fn connect(b: &Binding) -> Result<Directory> {
        let addr = std::net::ToSocketAddrs::to_socket_addrs(b.address)
            .with_context(|| format!("resolving {}", b.address))?
            .next()
            .with_context(|| format!("{} has no address", b.address))?;
        let deadline = crate::clock::now() + b.timeout;
        let stream = TcpStream::connect_timeout(&addr, b.timeout)
            .with_context(|| format!("connecting to {}", b.address))?;
        let target = format!("ldap/{}@{}", b.host, b.realm.to_uppercase());
        let gss = gss::Initiator::with_keytab(
            &format!("FILE:{}", b.keytab),
            b.principal,
            "MEMORY:smbdirectd-ldap",
            &target,
        )
        .map_err(|e| anyhow::anyhow!("Kerberos as {}: {e}", b.principal))?;
        let mut d = Directory {
            stream,
            gss,
            layer: None,
            inbuf: Vec::new(),
            next_id: 1,
            peer_max: MAX_MESSAGE,
            timeout: b.timeout,
            deadline,
            base: String::new(),
            netbios: String::new(),
        };
        d.bind()
            .with_context(|| format!("binding to {target} as {}", b.principal))?;
        let root = d.search(
            "",
            0,
            &filter_present("objectClass"),
            &["defaultNamingContext", "configurationNamingContext"],
        )?;
        let root = root.first().context("the controller's root DSE is empty")?;
        d.base = text(root.first_value("defaultNamingContext"))?;
        let config = text(root.first_value("configurationNamingContext"))?;
        let parts = d.search(
            &format!("CN=Partitions,{config}"),
            1,
            &filter_and(&[
                filter_eq("objectClass", b"crossRef"),
                filter_eq("nCName", d.base.as_bytes()),
            ]),
            &["nETBIOSName"],
        )?;
        d.netbios = text(parts.first().and_then(|e| e.first_value("nETBIOSName")))
            .context("no NetBIOS name for the domain's partition")?;
        Ok(d)
    }

    /// The account named `name` (its sAMAccountName; `HV1$` for a computer), if any.
    pub fn account(&mut self, name: &str) -> Result<Option<DirAccount>> {
        self.deadline = crate::clock::now() + self.timeout;
        let base = self.base.clone();
        let found = self.search(
            &base,
            2,
            &filter_eq("sAMAccountName", name.as_bytes()),
            &["objectSid", "sAMAccountType", "sAMAccountName"],
        )?;
        let Some(e) = found.first() else {
            return Ok(None);
        };
        let sid = e
            .first_value("objectSid")
            .filter(|s| smb_wire::secdesc::sid_len(s) == Some(s.len()))
            .with_context(|| format!("{name}: no well-formed objectSid"))?
            .to_vec();
        let kind = text(e.first_value("sAMAccountType"))
            .ok()
            .and_then(|t| t.parse::<u32>().ok())
            .map_or(SidType::Unknown, account_kind);
        Ok(Some(DirAccount {
            name: text(e.first_value("sAMAccountName")).unwrap_or_else(|_| name.to_string()),
            sid,
            kind,
        }))
    }

    fn bind(&mut self) -> Result<()> {
        let mut token = self.gss.step(&[]).map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut chosen = None;
        for _ in 0..MAX_BIND_ROUNDS {
            let (code, diag, creds) = self.bind_round(&token)?;
            match code {
                SUCCESS if self.gss.is_complete() => {
                    // From the next message on, every message is wrapped; bytes that
                    // came in clear behind the bind's answer are nobody's to trust.
                    self.layer = Some(
                        chosen
                            .context("the controller accepted a bind without a security layer")?,
                    );
                    if !self.inbuf.is_empty() {
                        bail!("unprotected bytes followed the bind's answer");
                    }
                    return Ok(());
                }
                SASL_BIND_IN_PROGRESS => {}
                c => bail!("bind refused: result {c}: {diag}"),
            }
            if !self.gss.is_complete() {
                token = self.gss.step(&creds).map_err(|e| anyhow::anyhow!("{e}"))?;
                continue;
            }
            if creds.is_empty() {
                token = Vec::new();
                continue;
            }
            // RFC 4752 3.1: the server's offer (layers, its largest buffer), wrapped;
            // we answer with the layer we take and ours.
            let offer = self
                .gss
                .unwrap(&creds)
                .map_err(|e| anyhow::anyhow!("security layer offer: {e}"))?;
            if offer.len() != 4 {
                bail!("security layer offer of {} bytes", offer.len());
            }
            let layer = if offer[0] & LAYER_CONFIDENTIALITY != 0 {
                LAYER_CONFIDENTIALITY
            } else if offer[0] & LAYER_INTEGRITY != 0 {
                LAYER_INTEGRITY
            } else {
                bail!("the controller offers no signing or sealing layer");
            };
            self.peer_max =
                (usize::from(offer[1]) << 16 | usize::from(offer[2]) << 8 | usize::from(offer[3]))
                    .min(MAX_MESSAGE);
            let max = (MAX_MESSAGE as u32).min(0xff_ffff);
            let answer = [layer, (max >> 16) as u8, (max >> 8) as u8, max as u8];
            token = self
                .gss
                .wrap(&answer, false)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            chosen = Some(layer);
        }
        bail!("bind did not finish in {MAX_BIND_ROUNDS} rounds")
    }

    /// Sends one SASL GSSAPI BindRequest; the answer's code, message and credentials.
    fn bind_round(&mut self, token: &[u8]) -> Result<(u32, String, Vec<u8>)> {
        let sasl = der::write(
            0xa3,
            &[der::write(0x04, b"GSSAPI"), der::write(0x04, token)].concat(),
        );
        let op = der::write(0x60, &[ber_int(3), der::write(0x04, b""), sasl].concat());
        let id = self.send(&op)?;
        let (tag, body) = self.receive(id)?;
        if tag != 0x61 {
            bail!("a bind answered with operation {tag:#x}");
        }
        let (code, diag, rest) = ldap_result(&body)?;
        let mut creds = Vec::new();
        let mut r = rest;
        while !r.is_empty() {
            let (t, c, next) = der::read(r).map_err(|_| malformed())?;
            if t == 0x87 {
                creds = c.to_vec();
            }
            r = next;
        }
        Ok((code, diag, creds))
    }

    /// A search (scope 0 base, 1 one level, 2 subtree): its entries.
    fn search(
        &mut self,
        base: &str,
        scope: u8,
        filter: &[u8],
        attrs: &[&str],
    ) -> Result<Vec<Entry>> {
        let wanted: Vec<u8> = attrs
            .iter()
            .flat_map(|a| der::write(0x04, a.as_bytes()))
            .collect();
        let op = der::write(
            0x63,
            &[
                der::write(0x04, base.as_bytes()),
                der::write(0x0a, &[scope]),
                der::write(0x0a, &[0]),
                ber_int(MAX_ENTRIES as u32),
                ber_int(10),
                der::write(0x01, &[0]),
                filter.to_vec(),
                der::write(0x30, &wanted),
            ]
            .concat(),
        );
        let id = self.send(&op)?;
        let mut entries = Vec::new();
        let mut referrals = 0;
        loop {
            let (tag, body) = self.receive(id)?;
            match tag {
                0x64 => {
                    if entries.len() >= MAX_ENTRIES {
                        bail!("more than {MAX_ENTRIES} entries");
                    }
                    entries.push(Entry::parse(body, attrs)?);
                }
                // A referral elsewhere: not followed.
                0x73 => {
                    referrals += 1;
                    if referrals > MAX_ENTRIES {
                        bail!("more than {MAX_ENTRIES} referrals");
                    }
                }
                0x65 => {
                    let (code, diag, _) = ldap_result(&body)?;
                    if code != SUCCESS {
                        bail!("search of {base:?} failed: result {code}: {diag}");
                    }
                    return Ok(entries);
                }
                t => bail!("a search answered with operation {t:#x}"),
            }
        }
    }

    /// The time left before the deadline; an error once it has passed.
    fn remaining(&self) -> Result<Duration> {
        let left = self.deadline.saturating_duration_since(crate::clock::now());
        if left.is_zero() {
            bail!("the controller did not answer within {:?}", self.timeout);
        }
        Ok(left)
    }

    /// Sends one operation as a message; its id.
    fn send(&mut self, op: &[u8]) -> Result<u32> {
        let id = self.next_id;
        self.next_id += 1;
        let msg = der::write(0x30, &[ber_int(id), op.to_vec()].concat());
        let out = match self.layer {
            None => msg,
            Some(layer) => {
                let w = self
                    .gss
                    .wrap(&msg, layer == LAYER_CONFIDENTIALITY)
                    .map_err(|e| anyhow::anyhow!("{e}"))?;
                if w.len() > self.peer_max {
                    bail!(
                        "a request larger than the controller takes ({} bytes)",
                        w.len()
                    );
                }
                [(w.len() as u32).to_be_bytes().to_vec(), w].concat()
            }
        };
        self.stream.set_write_timeout(Some(self.remaining()?))?;
        self.stream
            .write_all(&out)
            .context("writing to the controller")?;
        Ok(id)
    }

    /// The next message for `id`: its operation's tag and contents. (Unsolicited
    /// notices, id 0, end the connection.)
    fn receive(&mut self, id: u32) -> Result<(u8, Vec<u8>)> {
        loop {
            if let Some(total) = message_len(&self.inbuf)? {
                let msg: Vec<u8> = self.inbuf.drain(..total).collect();
                let (body, _) = der::expect(&msg, 0x30).map_err(|_| malformed())?;
                let (got, rest) = der::expect(body, 0x02).map_err(|_| malformed())?;
                let got = uint(got)?;
                let (tag, op, _) = der::read(rest).map_err(|_| malformed())?;
                if got == 0 {
                    bail!("the controller sent a notice of disconnection");
                }
                if got != id {
                    bail!("an answer to message {got}, not {id}");
                }
                return Ok((tag, op.to_vec()));
            }
            self.fill()?;
        }
    }

    /// Reads more: raw bytes, or one wrapped chunk unwrapped.
    fn fill(&mut self) -> Result<()> {
        if self.inbuf.len() > MAX_MESSAGE {
            bail!("a message longer than {MAX_MESSAGE} bytes");
        }
        self.stream.set_read_timeout(Some(self.remaining()?))?;
        match self.layer {
            None => {
                let mut b = [0u8; 16384];
                let n = self
                    .stream
                    .read(&mut b)
                    .context("reading from the controller")?;
                if n == 0 {
                    bail!("the controller closed the connection");
                }
                self.inbuf.extend_from_slice(&b[..n]);
            }
            Some(_) => {
                let mut len = [0u8; 4];
                self.stream
                    .read_exact(&mut len)
                    .context("reading from the controller")?;
                let len = u32::from_be_bytes(len) as usize;
                if len > MAX_MESSAGE {
                    bail!("a wrapped chunk of {len} bytes");
                }
                let mut w = vec![0u8; len];
                self.stream
                    .read_exact(&mut w)
                    .context("reading from the controller")?;
                let m = self
                    .gss
                    .unwrap(&w)
                    .map_err(|e| anyhow::anyhow!("an answer failed its check: {e}"))?;
                self.inbuf.extend_from_slice(&m);
            }
        }
        Ok(())
    }
}

/// One search result entry: its attributes and their values.
struct Entry {
    attrs: Vec<(String, Vec<Vec<u8>>)>,
}

impl Entry {
    /// The entry's attributes among `wanted` (others are dropped).
    fn parse(body: Vec<u8>, wanted: &[&str]) -> Result<Entry> {
        let (_dn, rest) = der::expect(&body, 0x04).map_err(|_| malformed())?;
        let (list, _) = der::expect(rest, 0x30).map_err(|_| malformed())?;
        let mut attrs = Vec::new();
        let mut r = list;
        while !r.is_empty() {
            let (one, next) = der::expect(r, 0x30).map_err(|_| malformed())?;
            let (name, vals) = der::expect(one, 0x04).map_err(|_| malformed())?;
            let (mut vals, _) = der::expect(vals, 0x31).map_err(|_| malformed())?;
            let mut v = Vec::new();
            while !vals.is_empty() {
                let (val, next) = der::expect(vals, 0x04).map_err(|_| malformed())?;
                v.push(val.to_vec());
                vals = next;
            }
            let name = String::from_utf8_lossy(name).into_owned();
            if wanted.iter().any(|w| w.eq_ignore_ascii_case(&name)) {
                attrs.push((name, v));
            }
            r = next;
        }
        Ok(Entry { attrs })
    }

    fn first_value(&self, name: &str) -> Option<&[u8]> {
        self.attrs
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .and_then(|(_, v)| v.first())
            .map(Vec::as_slice)
    }
}

/// MS-ADTS 6.1.6.3.x sAMAccountType values, as LSA names their kinds.
fn account_kind(t: u32) -> SidType {
    match t {
        0x1000_0000 | 0x1000_0001 => SidType::Group,
        0x2000_0000 | 0x2000_0001 => SidType::Alias,
        // Users, computers and trust accounts are all users to LSA.
        0x3000_0000..=0x3000_0002 => SidType::User,
        _ => SidType::Unknown,
    }
}

/// An LDAPResult's code and diagnostic message, and what follows them.
fn ldap_result(body: &[u8]) -> Result<(u32, String, &[u8])> {
    let (code, rest) = der::expect(body, 0x0a).map_err(|_| malformed())?;
    let (_matched, rest) = der::expect(rest, 0x04).map_err(|_| malformed())?;
    let (diag, rest) = der::expect(rest, 0x04).map_err(|_| malformed())?;
    Ok((
        uint(code)?,
        String::from_utf8_lossy(diag)
            .trim_end_matches('\0')
            .to_string(),
        rest,
    ))
}

/// How long the message at the front of `b` is, once its header has arrived.
fn message_len(b: &[u8]) -> Result<Option<usize>> {
    if b.len() < 2 {
        return Ok(None);
    }
    if b[0] != 0x30 {
        bail!("not an LDAP message (tag {:#x})", b[0]);
    }
    let (len, header) = if b[1] < 0x80 {
        (b[1] as usize, 2)
    } else {
        let n = (b[1] & 0x7f) as usize;
        if n == 0 || n > 4 {
            bail!("an LDAP length of {n} octets");
        }
        if b.len() < 2 + n {
            return Ok(None);
        }
        (
            b[2..2 + n]
                .iter()
                .fold(0usize, |a, &x| (a << 8) | x as usize),
            2 + n,
        )
    };
    if len > MAX_MESSAGE {
        bail!("a message of {len} bytes");
    }
    Ok((b.len() >= header + len).then_some(header + len))
}

/// An unsigned INTEGER or ENUMERATED's value (up to 32 bits).
fn uint(c: &[u8]) -> Result<u32> {
    let c = match c {
        [0, rest @ ..] if !rest.is_empty() => rest,
        c => c,
    };
    if c.is_empty() || c.len() > 4 || c[0] & 0x80 != 0 && c.len() == 4 {
        bail!("an integer out of range");
    }
    Ok(c.iter().fold(0u32, |a, &x| (a << 8) | x as u32))
}

/// A non-negative INTEGER, in its shortest form.
fn ber_int(n: u32) -> Vec<u8> {
    let b = n.to_be_bytes();
    let skip = b.iter().take(3).take_while(|&&x| x == 0).count();
    let mut v = b[skip..].to_vec();
    if v[0] & 0x80 != 0 {
        v.insert(0, 0);
    }
    der::write(0x02, &v)
}

fn filter_eq(attr: &str, value: &[u8]) -> Vec<u8> {
    der::write(
        0xa3,
        &[der::write(0x04, attr.as_bytes()), der::write(0x04, value)].concat(),
    )
}

fn filter_present(attr: &str) -> Vec<u8> {
    der::write(0x87, attr.as_bytes())
}

fn filter_and(parts: &[Vec<u8>]) -> Vec<u8> {
    der::write(0xa0, &parts.concat())
}

fn text(v: Option<&[u8]>) -> Result<String> {
    let v = v.context("attribute missing")?;
    String::from_utf8(v.to_vec()).context("attribute not UTF-8")
}

fn malformed() -> anyhow::Error {
    anyhow::anyhow!("a malformed LDAP message")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_and_framing() {
        for (n, want) in [
            (0u32, vec![2, 1, 0]),
            (5, vec![2, 1, 5]),
            (128, vec![2, 2, 0, 128]),
            (300, vec![2, 2, 1, 44]),
        ] {
            assert_eq!(ber_int(n), want);
            assert_eq!(uint(&want[2..]).unwrap(), n);
        }
        assert!(uint(&[]).is_err());
        assert!(uint(&[1, 2, 3, 4, 5]).is_err());
        assert_eq!(message_len(&[0x30]).unwrap(), None);
        assert_eq!(message_len(&[0x30, 3, 1]).unwrap(), None);
        assert_eq!(message_len(&[0x30, 1, 1, 9]).unwrap(), Some(3));
        assert_eq!(message_len(&[0x30, 0x82, 0]).unwrap(), None);
        assert!(message_len(&[0x04, 1, 1]).is_err());
        assert!(message_len(&[0x30, 0x85, 0, 0, 0, 0, 0]).is_err());
        assert!(message_len(&[0x30, 0x84, 0x7f, 0xff, 0xff, 0xff]).is_err());
    }

    #[test]
    fn entries_parse_and_refuse_garbage() {
        let attr = |n: &str, v: &[u8]| {
            der::write(
                0x30,
                &[
                    der::write(0x04, n.as_bytes()),
                    der::write(0x31, &der::write(0x04, v)),
                ]
                .concat(),
            )
        };
        let body = [
            der::write(0x04, b"CN=HV1,CN=Computers,DC=lab,DC=test"),
            der::write(
                0x30,
                &[
                    attr("sAMAccountName", b"HV1$"),
                    attr("sAMAccountType", b"805306369"),
                ]
                .concat(),
            ),
        ]
        .concat();
        let e = Entry::parse(body.clone(), &["sAMAccountName", "sAMAccountType"]).unwrap();
        assert!(Entry::parse(body.clone(), &["cn"])
            .unwrap()
            .attrs
            .is_empty());
        assert_eq!(e.first_value("samaccountname"), Some(&b"HV1$"[..]));
        let kind = text(e.first_value("sAMAccountType"))
            .unwrap()
            .parse::<u32>()
            .unwrap();
        assert_eq!(account_kind(kind), SidType::User);
        for cut in 0..body.len() {
            let _ = Entry::parse(body[..cut].to_vec(), &["sAMAccountName"]);
        }
        assert!(Entry::parse(vec![0x04, 0x7f], &[]).is_err());
        let done = [
            vec![0x0a, 1, 49],
            der::write(0x04, b""),
            der::write(0x04, b"bad"),
        ]
        .concat();
        let (code, diag, rest) = ldap_result(&done).unwrap();
        assert_eq!((code, diag.as_str(), rest.len()), (49, "bad", 0));
    }
}
