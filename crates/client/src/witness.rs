//! A Witness (MS-SWN) client, as a Windows host uses one: find the service through the
//! endpoint mapper, log on with NTLM and seal every call, list the cluster's
//! interfaces, register for the node it uses, and wait for news of it.

use smb_auth::ntlm_security::NtlmSecurity;
use smb_wire::dcerpc::assoc::{AuthStep, Refused, Security, AUTH_LEVEL_PRIVACY, AUTH_TYPE_NTLMSSP};
use smb_wire::dcerpc::rpc_client::{self, Answer, AuthInfo};
use smb_wire::dcerpc::{epm, witness};
use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::ops::Range;
use std::time::Duration;

pub use smb_wire::dcerpc::witness::{Interface, Message, Notification};

use crate::{Error, Result};

/// The client's side of NTLM session security (no logon steps of its own: those are
/// made before, with the initiator).
struct Sealer(Option<NtlmSecurity>);

impl Security for Sealer {
    fn step(&mut self, _t: u8, _token: &[u8]) -> std::result::Result<AuthStep, Refused> {
        Err(Refused)
    }
    fn sign(&mut self, pdu: &[u8]) -> [u8; 16] {
        self.0.as_mut().map_or([0; 16], |s| s.sign(pdu))
    }
    fn verify(&mut self, pdu: &[u8], sig: &[u8]) -> bool {
        self.0.as_mut().is_some_and(|s| s.verify(pdu, sig))
    }
    fn seal(&mut self, pdu: &mut [u8], data: Range<usize>) -> Option<Vec<u8>> {
        self.0.as_mut()?.seal(pdu, data).map(|s| s.to_vec())
    }
    fn unseal(&mut self, pdu: &mut [u8], data: Range<usize>, sig: &[u8]) -> bool {
        self.0.as_mut().is_some_and(|s| s.unseal(pdu, data, sig))
    }
}

const AUTH: AuthInfo = AuthInfo {
    auth_type: AUTH_TYPE_NTLMSSP,
    level: AUTH_LEVEL_PRIVACY,
    context: 1,
};

/// The largest answer taken (an interface list of a large cluster fits many times).
const MAX_ANSWER: usize = 1 << 20;

/// One association with a node's Witness service.
pub struct WitnessClient {
    s: TcpStream,
    sec: Sealer,
    call_id: u32,
}

fn read_pdu(s: &mut TcpStream) -> Result<Vec<u8>> {
    let mut head = [0u8; 16];
    s.read_exact(&mut head)?;
    let len = u16::from_le_bytes([head[8], head[9]]) as usize;
    if len < 16 {
        return Err(Error::Protocol("short RPC PDU"));
    }
    let mut pdu = head.to_vec();
    pdu.resize(len, 0);
    s.read_exact(&mut pdu[16..])?;
    Ok(pdu)
}

/// Asks the endpoint mapper at `ip`:`epm_port` where the Witness service listens.
pub fn find(ip: IpAddr, epm_port: u16) -> Result<u16> {
    let mut s = TcpStream::connect_timeout(&SocketAddr::new(ip, epm_port), Duration::from_secs(5))?;
    s.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut none = Sealer(None);
    s.write_all(&rpc_client::bind(1, false, 0, epm::SYNTAX, None))?;
    let mut pdu = read_pdu(&mut s)?;
    if !matches!(
        rpc_client::answer(&mut pdu, 0, &mut none),
        Some(Answer::Bound(0, _))
    ) {
        return Err(Error::Protocol("the endpoint mapper refused the bind"));
    }
    let stub = epm::encode_map_request(&witness::SYNTAX.uuid, witness::SYNTAX.major, 4);
    s.write_all(&rpc_client::request::<Sealer>(
        2,
        0,
        epm::OPNUM_MAP,
        &stub,
        None,
    ))?;
    let mut pdu = read_pdu(&mut s)?;
    match rpc_client::answer(&mut pdu, 0, &mut none) {
        Some(Answer::Stub(stub, true)) => {
            epm::decode_map_port(&stub).ok_or(Error::Protocol("Witness is not registered"))
        }
        _ => Err(Error::Protocol("the endpoint mapper failed the map")),
    }
}

impl WitnessClient {
    /// Connects to the Witness service at `ip`:`port` and logs on as `user` (NTLM,
    /// sealed).
    pub fn connect(
        ip: IpAddr,
        port: u16,
        user: &str,
        domain: &str,
        password: &str,
    ) -> Result<Self> {
        let mut s = TcpStream::connect_timeout(&SocketAddr::new(ip, port), Duration::from_secs(5))?;
        s.set_read_timeout(Some(Duration::from_secs(30)))?;
        let mut none = Sealer(None);
        let neg = smb_auth::initiator::negotiate();
        s.write_all(&rpc_client::bind(
            1,
            false,
            0,
            witness::SYNTAX,
            Some((AUTH, &neg)),
        ))?;
        let mut pdu = read_pdu(&mut s)?;
        let challenge = match rpc_client::answer(&mut pdu, 0, &mut none) {
            Some(Answer::Bound(0, token)) => token,
            _ => return Err(Error::Protocol("the Witness bind was refused")),
        };
        let mut rand = [0u8; 24];
        getrandom::getrandom(&mut rand).map_err(|_| Error::Protocol("no randomness"))?;
        let time = crate::clock::filetime();
        let auth =
            smb_auth::initiator::authenticate(&challenge, user, domain, password, time, rand)
                .map_err(Error::Protocol)?;
        s.write_all(&rpc_client::auth3(2, AUTH, &auth.token))?;
        let sec = Sealer(NtlmSecurity::new(&auth.session_key, auth.flags, false));
        if sec.0.is_none() {
            return Err(Error::Protocol("no NTLM session security"));
        }
        Ok(WitnessClient { s, sec, call_id: 2 })
    }

    /// One call: its answer's stub.
    fn call(&mut self, req: &witness::Request) -> Result<Vec<u8>> {
        self.call_id += 1;
        let pdu = rpc_client::request(
            self.call_id,
            0,
            req.opnum(),
            &req.encode(),
            Some((AUTH, &mut self.sec)),
        );
        self.s.write_all(&pdu)?;
        let mut whole = Vec::new();
        loop {
            let mut pdu = read_pdu(&mut self.s)?;
            match rpc_client::answer(&mut pdu, AUTH_LEVEL_PRIVACY, &mut self.sec) {
                Some(Answer::Stub(s, last)) => {
                    whole.extend_from_slice(&s);
                    if whole.len() > MAX_ANSWER {
                        return Err(Error::Protocol("a Witness answer past its bound"));
                    }
                    if last {
                        return Ok(whole);
                    }
                }
                Some(Answer::Fault(_)) => return Err(Error::Protocol("the call faulted")),
                _ => return Err(Error::Protocol("an answer that does not open")),
            }
        }
    }

    pub fn interfaces(&mut self) -> Result<Vec<Interface>> {
        let stub = self.call(&witness::Request::GetInterfaceList)?;
        match witness::decode_interfaces(&stub) {
            Some((list, 0)) => Ok(list),
            Some((_, _)) => Err(Error::Protocol("GetInterfaceList failed")),
            None => Err(Error::Protocol("GetInterfaceList's answer does not decode")),
        }
    }

    /// RegisterEx (version 2) for the node at `ip` serving `net_name`\\`share`; the
    /// registration's handle, or the Win32 error.
    pub fn register(
        &mut self,
        net_name: &str,
        share: &str,
        ip: IpAddr,
        keep_alive_s: u32,
    ) -> Result<std::result::Result<[u8; 20], u32>> {
        let stub = self.call(&witness::Request::RegisterEx {
            version: witness::V2,
            net_name: Some(net_name.into()),
            share: Some(share.into()),
            ip: Some(ip.to_string()),
            client: Some("SMBDIRECTD-TEST".into()),
            flags: 0,
            timeout: keep_alive_s,
        })?;
        match witness::decode_registered(&stub) {
            Some((h, 0)) => Ok(Ok(h)),
            Some((_, e)) => Ok(Err(e)),
            None => Err(Error::Protocol("RegisterEx's answer does not decode")),
        }
    }

    /// AsyncNotify: waits (up to `limit`) for news of the registration; Ok(Err(e)) for
    /// a Win32 error (ERROR_TIMEOUT after the keep-alive).
    pub fn wait(
        &mut self,
        handle: &[u8; 20],
        limit: Duration,
    ) -> Result<std::result::Result<Notification, u32>> {
        self.s.set_read_timeout(Some(limit))?;
        let r = self.call(&witness::Request::AsyncNotify { handle: *handle });
        self.s.set_read_timeout(Some(Duration::from_secs(30)))?;
        match witness::decode_notification(&r?) {
            Some((Some(n), 0)) => Ok(Ok(n)),
            Some((_, e)) => Ok(Err(e)),
            None => Err(Error::Protocol("AsyncNotify's answer does not decode")),
        }
    }

    pub fn unregister(&mut self, handle: &[u8; 20]) -> Result<u32> {
        let stub = self.call(&witness::Request::UnRegister { handle: *handle })?;
        Ok(stub.get(..4).map_or(u32::MAX, |b| {
            u32::from_le_bytes(b.try_into().unwrap_or_default())
        }))
    }
}

/// The interface a Windows client registers with: one of another node (with Witness
/// running and available) than `using`.
pub fn pick(list: &[Interface], using: IpAddr) -> Option<IpAddr> {
    list.iter()
        .filter(|i| i.witness && i.state == witness::STATE_AVAILABLE)
        .filter_map(|i| i.ipv4.map(IpAddr::V4).or(i.ipv6.map(IpAddr::V6)))
        .find(|ip| *ip != using)
}
