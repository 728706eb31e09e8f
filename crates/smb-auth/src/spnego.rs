//! SPNEGO (RFC 4178, MS-SPNG) framing around NTLMSSP and Kerberos.

use crate::der::{self, DerError};

/// 1.3.6.1.5.5.2
pub const OID_SPNEGO: &[u8] = &[0x2b, 0x06, 0x01, 0x05, 0x05, 0x02];
/// 1.3.6.1.4.1.311.2.2.10
pub const OID_NTLMSSP: &[u8] = &[0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x02, 0x02, 0x0a];
/// 1.2.840.113554.1.2.2: Kerberos V5 (RFC 4121).
pub const OID_KRB5: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x12, 0x01, 0x02, 0x02];
/// 1.2.840.48018.1.2.2: the Kerberos OID Windows lists first (MS-KILE 3.1.5.10).
pub const OID_MS_KRB5: &[u8] = &[0x2a, 0x86, 0x48, 0x82, 0xf7, 0x12, 0x01, 0x02, 0x02];

/// Whether `oid` names Kerberos (either spelling).
pub fn is_krb5(oid: &[u8]) -> bool {
    oid == OID_KRB5 || oid == OID_MS_KRB5
}

/// The mechanism OID a GSS-API InitialContextToken (RFC 2743 3.1) names, if `tok` is one.
pub fn token_mech(tok: &[u8]) -> Option<&[u8]> {
    let (inner, _) = der::expect(tok, 0x60).ok()?;
    der::expect(inner, 0x06).ok().map(|(oid, _)| oid)
}

/// Whether `tok` opens a Kerberos exchange: an InitialContextToken naming Kerberos, or
/// a bare AP-REQ (\[APPLICATION 14\]), as DCE style sends it unframed (a DCE/RPC
/// bind's, MS-KILE 3.4.5.4.1).
pub fn is_krb5_token(tok: &[u8]) -> bool {
    token_mech(tok).is_some_and(is_krb5) || der::expect(tok, 0x6e).is_ok()
}

/// The NEGOTIATE response SecurityBuffer: an RFC 4178 NegTokenInit offering Kerberos
/// (both OIDs, as Windows lists them) when the server accepts it, and NTLMSSP.
/// (Windows adds NegTokenInit2's negHints; clients ignore them, and analyzers that follow
/// RFC 4178 read that field as a malformed mechListMIC, so we leave it out.)
pub fn negotiate_token(kerberos: bool, ntlm: bool) -> Vec<u8> {
    let mut oids = Vec::new();
    if kerberos {
        oids.extend_from_slice(&der::write(0x06, OID_MS_KRB5));
        oids.extend_from_slice(&der::write(0x06, OID_KRB5));
    }
    if ntlm || !kerberos {
        oids.extend_from_slice(&der::write(0x06, OID_NTLMSSP));
    }
    let mech_types = der::write(0x30, &oids);
    let init = der::write(0xA0, &mech_types);
    let neg = der::write(0xA0, &der::write(0x30, &init));
    let mut inner = der::write(0x06, OID_SPNEGO);
    inner.extend_from_slice(&neg);
    der::write(0x60, &inner)
}

/// A client's first token: a NegTokenInit listing `mechs` with an optimistic
/// `mech_token` for the first.
pub fn init_token(mechs: &[&[u8]], mech_token: &[u8]) -> Vec<u8> {
    let oids: Vec<u8> = mechs.iter().flat_map(|m| der::write(0x06, m)).collect();
    let mut seq = der::write(0xA0, &der::write(0x30, &oids));
    seq.extend_from_slice(&der::write(0xA2, &der::write(0x04, mech_token)));
    let neg = der::write(0xA0, &der::write(0x30, &seq));
    let mut inner = der::write(0x06, OID_SPNEGO);
    inner.extend_from_slice(&neg);
    der::write(0x60, &inner)
}

/// What a client's token carried.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ClientToken<'a> {
    /// The DER of the MechTypeList (for the mechListMIC), when present.
    pub mech_types: Option<&'a [u8]>,
    pub ntlm_offered: bool,
    pub krb5_offered: bool,
    /// The client's preferred mechanism (the first of its list).
    pub first_mech: Option<&'a [u8]>,
    /// The first Kerberos OID of its list, as the client spelled it.
    pub krb5_listed: Option<&'a [u8]>,
    pub mech_token: Option<&'a [u8]>,
    pub mech_list_mic: Option<&'a [u8]>,
}

/// Parses a NegTokenInit (GSSAPI-wrapped) or a NegTokenResp.
pub fn parse_client(tok: &[u8]) -> Result<ClientToken<'_>, DerError> {
    let mut out = ClientToken::default();
    match tok.first() {
        Some(0x60) => {
            let (inner, _) = der::expect(tok, 0x60)?;
            let (oid, rest) = der::expect(inner, 0x06)?;
            if oid != OID_SPNEGO {
                return Err(DerError);
            }
            let (init, _) = der::expect(rest, 0xA0)?;
            let (mut seq, _) = der::expect(init, 0x30)?;
            while !seq.is_empty() {
                let (tag, content, rest) = der::read(seq)?;
                match tag {
                    0xA0 => {
                        let (list, _) = der::expect(content, 0x30)?;
                        out.mech_types = Some(content);
                        let mut l = list;
                        let mut n = 0;
                        while !l.is_empty() && n < 16 {
                            let (o, r) = der::expect(l, 0x06)?;
                            if o == OID_NTLMSSP {
                                out.ntlm_offered = true;
                            }
                            if is_krb5(o) && !out.krb5_offered {
                                out.krb5_offered = true;
                                out.krb5_listed = Some(o);
                            }
                            if n == 0 {
                                out.first_mech = Some(o);
                            }
                            l = r;
                            n += 1;
                        }
                    }
                    0xA2 => out.mech_token = Some(der::expect(content, 0x04)?.0),
                    // [3] is mechListMIC in RFC 4178 but negHints in NegTokenInit2.
                    0xA3 | 0xA4 => {
                        if let Ok((mic, _)) = der::expect(content, 0x04) {
                            out.mech_list_mic = Some(mic);
                        }
                    }
                    _ => {}
                }
                seq = rest;
            }
        }
        Some(0xA1) => {
            let (resp, _) = der::expect(tok, 0xA1)?;
            let (mut seq, _) = der::expect(resp, 0x30)?;
            out.ntlm_offered = true;
            while !seq.is_empty() {
                let (tag, content, rest) = der::read(seq)?;
                match tag {
                    0xA2 => out.mech_token = Some(der::expect(content, 0x04)?.0),
                    0xA3 => out.mech_list_mic = Some(der::expect(content, 0x04)?.0),
                    _ => {}
                }
                seq = rest;
            }
        }
        _ => return Err(DerError),
    }
    Ok(out)
}

/// NegTokenResp: negState (0 accept-completed, 1 accept-incomplete, 2 reject),
/// supportedMech (first reply only), responseToken, mechListMIC.
pub fn response(
    state: u8,
    mech: Option<&[u8]>,
    token: Option<&[u8]>,
    mic: Option<&[u8]>,
) -> Vec<u8> {
    let mut seq = der::write(0xA0, &der::write(0x0A, &[state]));
    if let Some(oid) = mech {
        seq.extend_from_slice(&der::write(0xA1, &der::write(0x06, oid)));
    }
    if let Some(t) = token {
        seq.extend_from_slice(&der::write(0xA2, &der::write(0x04, t)));
    }
    if let Some(m) = mic {
        seq.extend_from_slice(&der::write(0xA3, &der::write(0x04, m)));
    }
    der::write(0xA1, &der::write(0x30, &seq))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negotiate_token_parses_as_init() {
        let t = negotiate_token(false, true);
        let c = parse_client(&t).unwrap();
        assert!(c.ntlm_offered && !c.krb5_offered);
        assert!(c.mech_token.is_none());
        let c2 = negotiate_token(true, true);
        let c = parse_client(&c2).unwrap();
        assert!(c.ntlm_offered && c.krb5_offered);
        assert_eq!(c.first_mech, Some(OID_MS_KRB5));
    }

    #[test]
    fn response_round_trip() {
        let r = response(1, Some(OID_NTLMSSP), Some(b"NTLMSSP\0abc"), Some(b"mic"));
        let c = parse_client(&r).unwrap();
        assert_eq!(c.mech_token, Some(&b"NTLMSSP\0abc"[..]));
        assert_eq!(c.mech_list_mic, Some(&b"mic"[..]));
    }

    #[test]
    fn hostile_tokens() {
        let t = negotiate_token(true, true);
        for cut in 0..t.len() {
            let _ = parse_client(&t[..cut]);
        }
        assert!(parse_client(&[0x60, 0x84, 0xFF, 0xFF, 0xFF, 0xFF]).is_err());
        assert!(parse_client(&[]).is_err());
    }
}
