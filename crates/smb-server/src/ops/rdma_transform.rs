//! The RDMA transform (MS-SMB2 2.2.43, SMB 3.1.1 over SMB Direct): READ data signed or
//! encrypted before it leaves by RDMA Write, WRITE data checked or decrypted after it
//! came by RDMA Read; and the READ response that names how much went.

use super::*;

/// MS-SMB2 3.3.5.12 with RDMA transforms (3.1.1): the data of an RDMA-channel READ is
/// encrypted in place when the request was encrypted, or signed when it was signed, and
/// the crypto transform that says so returns in the response. None: sent as it is.
pub(super) fn rdma_read_transform(
    ctx: &Ctx,
    data: &mut [u8],
) -> Option<smb_wire::rdma_transform::CryptoTransform> {
    use smb_auth::payload::{protect, Protection};
    use smb_wire::rdma_transform::{self as rt, CryptoTransform};
    let transforms = ctx.rdma_limits?.transforms;
    if ctx.dialect != smb_wire::negotiate::dialect::SMB311 || transforms.is_empty() {
        return None;
    }
    let s = ctx.session.as_ref()?;
    let (kind, p) = if ctx.encrypted && transforms.contains(rt::id::ENCRYPTION) {
        let cipher = s.keys.cipher?;
        let key = &s.keys.encrypt;
        (rt::id::ENCRYPTION, Protection::Encrypt { cipher, key })
    } else if ctx.hdr.flags & smb_wire::header::flags::SIGNED != 0
        && transforms.contains(rt::id::SIGNING)
    {
        let (alg, key) = (s.keys.signing_alg, &ctx.channel_key);
        (rt::id::SIGNING, Protection::Sign { alg, key })
    } else {
        return None;
    };
    let (signature, nonce) = protect(p, s.next_nonce(), data).ok()?;
    Some(CryptoTransform {
        kind,
        signature: signature[..].into(),
        nonce,
    })
}

/// The response to an RDMA-channel READ: no inline data; `n` bytes were RDMA-Written,
/// and the transform (if any) fills the Buffer.
pub(super) fn rdma_read_response(
    n: usize,
    transform: Option<smb_wire::rdma_transform::CryptoTransform>,
) -> Outcome {
    use smb_wire::rdma_transform as rt;
    let mut body = crate::bufs::take(16 + 56);
    msg::encode_read_response_head(&mut body, 0, 0);
    body.set_u32(8, n as u32);
    match transform {
        Some(t) => {
            body[2] = msg::READ_DATA_OFFSET;
            body.set_u32(4, rt::encoded_len(&t, &[]) as u32);
            body.set_u32(12, rt::READ_FLAG_RDMA_TRANSFORM);
            rt::encode_into(&mut body, msg::channel::NONE, &t, &[]);
        }
        None => body.set_u32(4, 0),
    }
    Outcome::Done(NtStatus::SUCCESS, body)
}

/// MS-SMB2 3.3.5.13 with channel 3: checks the WRITE's crypto transform against what was
/// negotiated and how the request came, then decrypts or verifies the RDMA-Read data in
/// place. Returns whether the response should invalidate the first descriptor's key.
pub(super) fn rdma_write_transform(
    ctx: &Ctx,
    info: &[u8],
    data: &mut [u8],
) -> Result<bool, NtStatus> {
    use smb_auth::payload::{check, Fault, Protection};
    use smb_wire::rdma_transform::{self as rt};
    let bad = NtStatus::INVALID_PARAMETER;
    let transforms = ctx.rdma_limits.ok_or(bad)?.transforms;
    let t = rt::parse(info)?;
    let s = ctx.session.as_ref().ok_or(bad)?;
    let c = &t.crypto;
    let p = if c.kind == rt::id::ENCRYPTION {
        if !transforms.contains(rt::id::ENCRYPTION) || !ctx.encrypted {
            return Err(bad);
        }
        let cipher = s.keys.cipher.ok_or(bad)?;
        let key = &s.keys.decrypt;
        Protection::Encrypt { cipher, key }
    } else {
        if !transforms.contains(rt::id::SIGNING)
            || ctx.hdr.flags & smb_wire::header::flags::SIGNED == 0
        {
            return Err(bad);
        }
        let (alg, key) = (s.keys.signing_alg, &ctx.channel_key);
        Protection::Sign { alg, key }
    };
    check(p, &c.nonce, &c.signature, data).map_err(|f| match f {
        Fault::Tag => NtStatus::AUTH_TAG_MISMATCH,
        Fault::Signature => NtStatus::INVALID_SIGNATURE,
        Fault::Unsupported => bad,
    })?;
    Ok(t.channel == msg::channel::RDMA_V1_INVALIDATE)
}
