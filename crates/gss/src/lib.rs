//! MIT Kerberos through its GSS-API (RFC 2743/2744), loaded at run time from
//! `libgssapi_krb5.so.2`: the Kerberos acceptor smbdirectd runs inside SPNEGO, and the
//! initiator our client and tests use.
//!
//! Contract: the library does the Kerberos: AP-REQ decryption with the keytab, the
//! replay cache, clock skew, AP-REP (mutual authentication), and the PAC's server
//! checksum. This crate hands it tokens and reads back what it found: the client's
//! principal, the session key (RFC 4121's acceptor subkey when there is one), the
//! ticket's remaining lifetime and the PAC's logon information, marked verified or not,
//! as smb-auth's [`Ticket`]; [`Factory`] plugs it into smb-auth's SPNEGO acceptor.
//! Decoding the PAC is `smb_auth::pac`'s job.
//!
//! Why loaded, not linked: the maintained Rust binding generates its declarations
//! with bindgen from the krb5 development headers at build time; loading the shared
//! library keeps those (and libclang) out of the default build, and a node without
//! MIT Kerberos still runs with NTLM, saying at start that Kerberos is unavailable.
//!
//! ```text
//!   Acceptor::new ──accept(AP-REQ)──▶ Done { AP-REP, principal, key, PAC } (or error)
//!        DCE style: ──accept(AP-REQ)──▶ Continue(AP-REP) ──accept(AP-REP)──▶ Done
//! ```

mod ffi;

use ffi::{Buffer, Lib, Oid, OwnedBuffer};
use smb_auth::kerberos::{KerberosAcceptor, KerberosFactory, KrbStep, Ticket};
use std::ffi::CString;
use std::fmt;
use std::ptr;

pub use ffi::available;

/// 1.2.840.113554.1.2.2: Kerberos V5 (RFC 1964).
pub const OID_KRB5: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x12, 0x01, 0x02, 0x02];
/// 1.2.840.48018.1.2.2: the OID Windows writes for Kerberos (MS-KILE 3.1.5.10).
pub const OID_MS_KRB5: &[u8] = &[0x2a, 0x86, 0x48, 0x82, 0xf7, 0x12, 0x01, 0x02, 0x02];
/// GSS_C_INQ_SSPI_SESSION_KEY (1.2.840.113554.1.2.2.5.5).
const OID_SSPI_SESSION_KEY: &[u8] = &[
    0x2a, 0x86, 0x48, 0x86, 0xf7, 0x12, 0x01, 0x02, 0x02, 0x05, 0x05,
];
/// GSS_KRB5_NT_PRINCIPAL_NAME (1.2.840.113554.1.2.2.1).
const OID_NT_KRB5_PRINCIPAL: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x12, 0x01, 0x02, 0x02, 0x01];

const GSS_C_ACCEPT: i32 = 2;
const GSS_C_INITIATE: i32 = 1;
const GSS_S_CONTINUE_NEEDED: u32 = 1;
const GSS_C_MUTUAL_FLAG: u32 = 2;
const GSS_C_REPLAY_FLAG: u32 = 4;
const GSS_C_SEQUENCE_FLAG: u32 = 8;
const GSS_C_CONF_FLAG: u32 = 16;
const GSS_C_INTEG_FLAG: u32 = 32;

fn is_error(major: u32) -> bool {
    major & 0xffff_0000 != 0
}

/// A failure, with the library's own words (clock skew, replay, wrong key version...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub major: u32,
    pub minor: u32,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl Error {
    fn local(message: impl Into<String>) -> Error {
        Error {
            major: 0x000d_0000, // GSS_S_FAILURE
            minor: 0,
            message: message.into(),
        }
    }
}

fn check(lib: &'static Lib, major: u32, minor: u32) -> Result<u32, Error> {
    if is_error(major) {
        Err(Error {
            major,
            minor,
            message: lib.status_text(major, minor),
        })
    } else {
        Ok(major)
    }
}

/// Where the acceptor finds its keys and keeps its replay cache.
#[derive(Clone, Debug)]
pub struct AcceptorStore {
    /// The service keytab (`FILE:` prefix optional).
    pub keytab: String,
    /// The replay cache (`file2:/path`), `None` for the library's default.
    pub rcache: Option<String>,
    /// The ticket encryption types accepted (RFC 3961 numbers), `None` for the
    /// library's defaults.
    pub enctypes: Option<Vec<i32>>,
}

/// Encryption types (RFC 3961, RFC 8009, RFC 4757).
pub mod enctype {
    pub const AES128_CTS_HMAC_SHA1_96: i32 = 17;
    pub const AES256_CTS_HMAC_SHA1_96: i32 = 18;
    pub const AES128_CTS_HMAC_SHA256_128: i32 = 19;
    pub const AES256_CTS_HMAC_SHA384_192: i32 = 20;
    pub const RC4_HMAC: i32 = 23;
}

/// A credential handle.
struct Cred {
    lib: &'static Lib,
    handle: ffi::Cred,
}

impl Drop for Cred {
    fn drop(&mut self) {
        self.lib.release_cred(&mut self.handle);
    }
}

fn cred_from(
    lib: &'static Lib,
    usage: i32,
    name: Option<&Name>,
    store: &[(&str, &str)],
) -> Result<Cred, Error> {
    let keys: Vec<(CString, CString)> = store
        .iter()
        .map(|(k, v)| {
            Ok((
                CString::new(*k).map_err(|_| Error::local("NUL in credential store"))?,
                CString::new(*v).map_err(|_| Error::local("NUL in credential store"))?,
            ))
        })
        .collect::<Result<_, Error>>()?;
    let elements: Vec<ffi::KeyValue> = keys
        .iter()
        .map(|(k, v)| ffi::KeyValue {
            key: k.as_ptr(),
            value: v.as_ptr(),
        })
        .collect();
    let set = ffi::KeyValueSet {
        count: elements.len() as u32,
        elements: elements.as_ptr(),
    };
    let mut handle: ffi::Cred = ptr::null_mut();
    let mut minor = 0u32;
    // Kerberos only: no other mechanism the library may carry answers for us.
    let mut krb5 = Oid::new(OID_KRB5);
    let mut mechs = ffi::OidSet {
        count: 1,
        elements: krb5.as_ptr(),
    };
    // SAFETY: every pointer passed lives until the call returns (`keys`, `elements`,
    // `set`, `mechs`, the name's handle); the library writes only `handle` and `minor`.
    let major = unsafe {
        (lib.acquire_cred_from)(
            &mut minor,
            name.map_or(ptr::null_mut(), |n| n.handle),
            0,
            &mut mechs,
            usage,
            &set,
            &mut handle,
            ptr::null_mut(),
            ptr::null_mut(),
        )
    };
    check(lib, major, minor)?;
    Ok(Cred { lib, handle })
}

/// An imported principal name.
struct Name {
    lib: &'static Lib,
    handle: ffi::Name,
}

impl Name {
    fn krb5(lib: &'static Lib, principal: &str) -> Result<Name, Error> {
        let mut oid = Oid::new(OID_NT_KRB5_PRINCIPAL);
        let mut buf = Buffer::borrowed(principal.as_bytes());
        let mut handle: ffi::Name = ptr::null_mut();
        let mut minor = 0;
        // SAFETY: `buf` and `oid` point at live memory for the call; the library
        // copies what it keeps.
        let major = unsafe { (lib.import_name)(&mut minor, &mut buf, oid.as_ptr(), &mut handle) };
        check(lib, major, minor)?;
        Ok(Name { lib, handle })
    }

    fn display(&self) -> Result<String, Error> {
        let mut out = OwnedBuffer::new(self.lib);
        let mut minor = 0;
        // SAFETY: a valid name handle; the output buffer is released by OwnedBuffer.
        let major = unsafe {
            (self.lib.display_name)(&mut minor, self.handle, out.as_mut_ptr(), ptr::null_mut())
        };
        check(self.lib, major, minor)?;
        Ok(String::from_utf8_lossy(out.bytes()).into_owned())
    }

    /// A name attribute (RFC 6680), with whether the library verified it.
    fn attribute(&self, attr: &str) -> Option<(Vec<u8>, bool)> {
        let mut a = Buffer::borrowed(attr.as_bytes());
        let mut value = OwnedBuffer::new(self.lib);
        let mut display = OwnedBuffer::new(self.lib);
        let (mut authenticated, mut complete, mut more) = (0i32, 0i32, -1i32);
        let mut minor = 0;
        // SAFETY: a valid name handle, live input buffer, outputs released by their
        // owners; `more` = -1 asks for the first value.
        let major = unsafe {
            (self.lib.get_name_attribute)(
                &mut minor,
                self.handle,
                &mut a,
                &mut authenticated,
                &mut complete,
                value.as_mut_ptr(),
                display.as_mut_ptr(),
                &mut more,
            )
        };
        if is_error(major) {
            return None;
        }
        Some((value.bytes().to_vec(), authenticated != 0))
    }
}

impl Drop for Name {
    fn drop(&mut self) {
        let mut minor = 0;
        // SAFETY: the handle came from the library and is released once.
        unsafe { (self.lib.release_name)(&mut minor, &mut self.handle) };
    }
}

/// A security context (either side).
struct Context {
    lib: &'static Lib,
    handle: ffi::Ctx,
}

// SAFETY: MIT's GSS-API is built thread-safe; a context may move between threads as
// long as one thread uses it at a time, which `&mut self` on every use ensures.
unsafe impl Send for Context {}
unsafe impl Send for Cred {}
// SAFETY: as for contexts: a name handle is used by one thread at a time.
unsafe impl Send for Name {}

impl Drop for Context {
    fn drop(&mut self) {
        if !self.handle.is_null() {
            let mut minor = 0;
            // SAFETY: the handle came from the library and is deleted once.
            unsafe { (self.lib.delete_sec_context)(&mut minor, &mut self.handle, ptr::null_mut()) };
        }
    }
}

impl Context {
    fn session_key(&self) -> Result<Vec<u8>, Error> {
        let mut oid = Oid::new(OID_SSPI_SESSION_KEY);
        let mut set: *mut ffi::BufferSet = ptr::null_mut();
        let mut minor = 0;
        // SAFETY: a complete context; the set is released below.
        let major = unsafe {
            (self.lib.inquire_sec_context_by_oid)(&mut minor, self.handle, oid.as_ptr(), &mut set)
        };
        check(self.lib, major, minor)?;
        // SAFETY: on success the library returned a set with `count` buffers.
        let key = unsafe {
            if set.is_null() || (*set).count == 0 {
                None
            } else {
                Some((*(*set).elements).bytes().to_vec())
            }
        };
        // SAFETY: released once.
        unsafe { (self.lib.release_buffer_set)(&mut minor, &mut set) };
        key.ok_or_else(|| Error::local("no session key"))
    }

    fn get_mic(&mut self, msg: &[u8]) -> Result<Vec<u8>, Error> {
        let mut m = Buffer::borrowed(msg);
        let mut out = OwnedBuffer::new(self.lib);
        let mut minor = 0;
        // SAFETY: a complete context, live buffers.
        let major =
            unsafe { (self.lib.get_mic)(&mut minor, self.handle, 0, &mut m, out.as_mut_ptr()) };
        check(self.lib, major, minor)?;
        Ok(out.bytes().to_vec())
    }

    /// RFC 2743 GSS_Wrap: the message with its MIC, sealed when `seal`.
    fn wrap(&mut self, msg: &[u8], seal: bool) -> Result<Vec<u8>, Error> {
        let mut m = Buffer::borrowed(msg);
        let mut out = OwnedBuffer::new(self.lib);
        let (mut minor, mut sealed) = (0, 0i32);
        // SAFETY: a complete context, live buffers; the output is released by its owner.
        let major = unsafe {
            (self.lib.wrap)(
                &mut minor,
                self.handle,
                seal as i32,
                0,
                &mut m,
                &mut sealed,
                out.as_mut_ptr(),
            )
        };
        check(self.lib, major, minor)?;
        if seal && sealed == 0 {
            return Err(Error::local("the context cannot seal"));
        }
        Ok(out.bytes().to_vec())
    }

    /// RFC 2743 GSS_Unwrap: the message inside a peer's wrap token, its MIC checked.
    fn unwrap(&mut self, token: &[u8]) -> Result<Vec<u8>, Error> {
        let mut t = Buffer::borrowed(token);
        let mut out = OwnedBuffer::new(self.lib);
        let (mut minor, mut sealed, mut qop) = (0, 0i32, 0u32);
        // SAFETY: a complete context, live buffers; the output is released by its owner.
        let major = unsafe {
            (self.lib.unwrap)(
                &mut minor,
                self.handle,
                &mut t,
                out.as_mut_ptr(),
                &mut sealed,
                &mut qop,
            )
        };
        check(self.lib, major, minor)?;
        // Supplementary bits: a duplicate, old, out-of-order token or a gap before it.
        if major & 0x1e != 0 {
            return Err(Error::local(format!(
                "a wrapped message out of sequence (status {major:#x})"
            )));
        }
        Ok(out.bytes().to_vec())
    }

    /// The pieces of a DCE/RPC PDU as the iov calls take them: the header token,
    /// the signed-only bytes before the stub, the stub, the signed-only bytes after.
    fn dce_iov(header: &mut [u8], pre: &[u8], data: &mut [u8], post: &[u8]) -> [ffi::Iov; 4] {
        let signed = |b: &[u8]| ffi::Iov {
            kind: if b.is_empty() {
                ffi::IOV_EMPTY
            } else {
                ffi::IOV_SIGN_ONLY
            },
            buffer: Buffer::borrowed(b),
        };
        let written = |kind: u32, b: &mut [u8]| ffi::Iov {
            kind,
            buffer: Buffer {
                length: b.len(),
                value: b.as_mut_ptr().cast(),
            },
        };
        [
            written(ffi::IOV_HEADER, header),
            signed(pre),
            written(ffi::IOV_DATA, data),
            signed(post),
        ]
    }

    /// gss_wrap_iov or gss_wrap_iov_length over `iov`, sealing: whether it sealed.
    fn wrap_iov(&self, f: ffi::WrapIov, iov: &mut [ffi::Iov]) -> Result<bool, Error> {
        let (mut minor, mut conf) = (0, 0i32);
        // SAFETY: a complete context; every piece points at live memory of its length
        // (the header and data writable) for the length of the call, or, for the
        // length call, is only read for its length and written its header's length.
        let major = unsafe {
            f(
                &mut minor,
                self.handle,
                1,
                0,
                &mut conf,
                iov.as_mut_ptr(),
                iov.len() as i32,
            )
        };
        check(self.lib, major, minor)?;
        Ok(conf != 0)
    }

    /// The header token's length when sealing `data_len` bytes DCE style (the
    /// trailer folded into the header, as MS-KILE 3.4.5.4.1 has it).
    fn dce_seal_len(&mut self, data_len: usize) -> Result<usize, Error> {
        let mut iov = [
            ffi::Iov {
                kind: ffi::IOV_HEADER,
                buffer: Buffer::borrowed(&[]),
            },
            ffi::Iov {
                kind: ffi::IOV_DATA,
                buffer: Buffer {
                    length: data_len,
                    value: ptr::null_mut(),
                },
            },
        ];
        self.wrap_iov(self.lib.wrap_iov_length, &mut iov)?;
        Ok(iov[0].buffer.length)
    }

    /// Seals `data` in place, protecting `pre` and `post` too; the header token.
    fn dce_seal(&mut self, pre: &[u8], data: &mut [u8], post: &[u8]) -> Result<Vec<u8>, Error> {
        let mut header = vec![0u8; self.dce_seal_len(data.len())?];
        let mut iov = Self::dce_iov(&mut header, pre, data, post);
        let sealed = self.wrap_iov(self.lib.wrap_iov, &mut iov)?;
        if !sealed {
            return Err(Error::local("the context cannot seal"));
        }
        let used = iov[0].buffer.length.min(header.len());
        header.truncate(used);
        Ok(header)
    }

    /// Opens `data` in place, checking it, `pre` and `post` against the header token.
    fn dce_unseal(
        &mut self,
        pre: &[u8],
        data: &mut [u8],
        post: &[u8],
        token: &[u8],
    ) -> Result<(), Error> {
        // (The library may rotate the header in place.)
        let mut header = token.to_vec();
        let mut iov = Self::dce_iov(&mut header, pre, data, post);
        let (mut minor, mut conf, mut qop) = (0, 0i32, 0u32);
        // SAFETY: as for sealing.
        let major = unsafe {
            (self.lib.unwrap_iov)(
                &mut minor,
                self.handle,
                &mut conf,
                &mut qop,
                iov.as_mut_ptr(),
                4,
            )
        };
        check(self.lib, major, minor)?;
        if conf == 0 {
            return Err(Error::local("a PDU signed where it should be sealed"));
        }
        // Supplementary bits: a duplicate, old, out-of-order token or a gap before it.
        if major & 0x1e != 0 {
            return Err(Error::local(format!(
                "a sealed PDU out of sequence (status {major:#x})"
            )));
        }
        Ok(())
    }

    fn verify_mic(&mut self, msg: &[u8], mic: &[u8]) -> Result<(), Error> {
        let mut m = Buffer::borrowed(msg);
        let mut t = Buffer::borrowed(mic);
        let mut minor = 0;
        // SAFETY: a complete context, live buffers.
        let major = unsafe {
            (self.lib.verify_mic)(&mut minor, self.handle, &mut m, &mut t, ptr::null_mut())
        };
        check(self.lib, major, minor).map(|_| ())
    }
}

/// The server side of one Kerberos exchange.
pub struct Acceptor {
    lib: &'static Lib,
    cred: Cred,
    ctx: Context,
}

impl Acceptor {
    /// An acceptor for any principal in the store's keytab.
    pub fn new(store: &AcceptorStore) -> Result<Acceptor, Error> {
        let lib = ffi::lib().map_err(Error::local)?;
        let mut kv = vec![("keytab", store.keytab.as_str())];
        if let Some(r) = &store.rcache {
            kv.push(("rcache", r.as_str()));
        }
        let cred = cred_from(lib, GSS_C_ACCEPT, None, &kv)?;
        if let Some(e) = &store.enctypes {
            let mut minor = 0;
            // SAFETY: a valid credential; `e` outlives the call, which copies it.
            let major = unsafe {
                (lib.krb5_set_allowable_enctypes)(
                    &mut minor,
                    cred.handle,
                    e.len() as u32,
                    e.as_ptr(),
                )
            };
            check(lib, major, minor)?;
        }
        Ok(Acceptor {
            lib,
            cred,
            ctx: Context {
                lib,
                handle: ptr::null_mut(),
            },
        })
    }

    /// Checks that the keytab holds a key for `principal` (a start-time check).
    pub fn check_principal(store: &AcceptorStore, principal: &str) -> Result<(), Error> {
        let lib = ffi::lib().map_err(Error::local)?;
        let name = Name::krb5(lib, principal)?;
        cred_from(lib, GSS_C_ACCEPT, Some(&name), &[("keytab", &store.keytab)]).map(|_| ())
    }

    /// Takes the client's Kerberos token (the GSS-API InitialContextToken carrying the
    /// AP-REQ). Kerberos completes in one step, except DCE style (DCE/RPC's binds,
    /// MS-KILE 3.4.5.4.1): its AP-REP goes back as a continuation and the client's own
    /// AP-REP, passed here next, completes the exchange.
    pub fn accept(&mut self, token: &[u8]) -> Result<KrbStep, Error> {
        let lib = self.lib;
        let mut input = Buffer::borrowed(token);
        let mut out = OwnedBuffer::new(lib);
        let mut src: ffi::Name = ptr::null_mut();
        let mut mech: *mut ffi::OidDesc = ptr::null_mut();
        let (mut flags, mut time_rec, mut minor) = (0u32, 0u32, 0u32);
        // SAFETY: the context handle starts null and is owned by `self.ctx`; every
        // output is released by its owner below.
        let major = unsafe {
            (lib.accept_sec_context)(
                &mut minor,
                &mut self.ctx.handle,
                self.cred.handle,
                &mut input,
                ptr::null_mut(),
                &mut src,
                &mut mech,
                out.as_mut_ptr(),
                &mut flags,
                &mut time_rec,
                ptr::null_mut(),
            )
        };
        let src = Name { lib, handle: src };
        check(lib, major, minor)?;
        if major & GSS_S_CONTINUE_NEEDED != 0 {
            // (Only DCE style continues; the library does not say so in the flags
            // until the context is complete.)
            if out.bytes().is_empty() {
                return Err(Error::local("Kerberos exchange wants another round"));
            }
            return Ok(KrbStep::Continue(out.bytes().to_vec()));
        }
        // SAFETY: on success the library points `mech` at a static OID of its own.
        let mech_oid = unsafe {
            mech.as_ref().map(|m| {
                std::slice::from_raw_parts(m.elements as *const u8, m.length as usize).to_vec()
            })
        };
        if !mech_oid.is_some_and(|m| m == OID_KRB5 || m == OID_MS_KRB5) {
            return Err(Error::local("the token was not Kerberos"));
        }
        Ok(KrbStep::Done(Ticket {
            token: out.bytes().to_vec(),
            principal: src.display()?,
            session_key: self.ctx.session_key()?,
            lifetime_s: time_rec,
            logon_info: src.attribute("urn:mspac:logon-info"),
        }))
    }

    /// SPNEGO's mechListMIC (RFC 4178 5): the MIC over the client's mechTypes.
    pub fn get_mic(&mut self, msg: &[u8]) -> Result<Vec<u8>, Error> {
        self.ctx.get_mic(msg)
    }

    pub fn verify_mic(&mut self, msg: &[u8], mic: &[u8]) -> Result<(), Error> {
        self.ctx.verify_mic(msg, mic)
    }
}

/// Makes an acceptor per authentication exchange for smb-auth's SPNEGO acceptor.
pub struct Factory {
    pub store: AcceptorStore,
}

impl KerberosFactory for Factory {
    fn acceptor(&self) -> Result<Box<dyn KerberosAcceptor>, String> {
        Ok(Box::new(
            Acceptor::new(&self.store).map_err(|e| e.to_string())?,
        ))
    }
}

impl KerberosAcceptor for Acceptor {
    fn accept(&mut self, token: &[u8]) -> Result<KrbStep, String> {
        Acceptor::accept(self, token).map_err(|e| e.to_string())
    }

    fn dce_seal_len(&mut self, data_len: usize) -> Result<usize, String> {
        self.ctx.dce_seal_len(data_len).map_err(|e| e.to_string())
    }

    fn dce_seal(&mut self, pre: &[u8], data: &mut [u8], post: &[u8]) -> Result<Vec<u8>, String> {
        self.ctx
            .dce_seal(pre, data, post)
            .map_err(|e| e.to_string())
    }

    fn dce_unseal(
        &mut self,
        pre: &[u8],
        data: &mut [u8],
        post: &[u8],
        token: &[u8],
    ) -> Result<(), String> {
        self.ctx
            .dce_unseal(pre, data, post, token)
            .map_err(|e| e.to_string())
    }

    fn get_mic(&mut self, msg: &[u8]) -> Result<Vec<u8>, String> {
        Acceptor::get_mic(self, msg).map_err(|e| e.to_string())
    }

    fn verify_mic(&mut self, msg: &[u8], mic: &[u8]) -> Result<(), String> {
        Acceptor::verify_mic(self, msg, mic).map_err(|e| e.to_string())
    }
}

/// The client side: a context for `service/host@REALM` from a credential cache.
pub struct Initiator {
    lib: &'static Lib,
    cred: Cred,
    target: Name,
    ctx: Context,
    done: bool,
    lifetime_s: u32,
}

impl Initiator {
    /// `ccache` as `FILE:/path` (or `None` for the default); `target` a Kerberos
    /// principal such as `cifs/node.lab.test@LAB.TEST`.
    pub fn new(ccache: Option<&str>, target: &str) -> Result<Initiator, Error> {
        let lib = ffi::lib().map_err(Error::local)?;
        let store: Vec<(&str, &str)> = ccache.map(|c| ("ccache", c)).into_iter().collect();
        let cred = cred_from(lib, GSS_C_INITIATE, None, &store)?;
        Initiator::with_cred(lib, cred, target)
    }

    /// A context as `principal` (`NODE1$@LAB.TEST`) with its keys in `keytab`: the
    /// library gets the ticket-granting ticket itself, into the memory cache `ccache`
    /// (`MEMORY:name`), and renews it from the keytab when it runs out.
    pub fn with_keytab(
        keytab: &str,
        principal: &str,
        ccache: &str,
        target: &str,
    ) -> Result<Initiator, Error> {
        let lib = ffi::lib().map_err(Error::local)?;
        let name = Name::krb5(lib, principal)?;
        let store = [("client_keytab", keytab), ("ccache", ccache)];
        let cred = cred_from(lib, GSS_C_INITIATE, Some(&name), &store)?;
        Initiator::with_cred(lib, cred, target)
    }

    fn with_cred(lib: &'static Lib, cred: Cred, target: &str) -> Result<Initiator, Error> {
        let target = Name::krb5(lib, target)?;
        Ok(Initiator {
            lib,
            cred,
            target,
            ctx: Context {
                lib,
                handle: ptr::null_mut(),
            },
            done: false,
            lifetime_s: 0,
        })
    }

    /// Asks for a context (and so a service ticket, when one is fetched) of at most
    /// this many seconds; 0 for the default. Before the first step.
    pub fn set_lifetime(&mut self, seconds: u32) {
        self.lifetime_s = seconds;
    }

    /// One step: `input` empty at first, then the acceptor's AP-REP. Returns the token
    /// to send (empty when there is nothing more to send).
    pub fn step(&mut self, input: &[u8]) -> Result<Vec<u8>, Error> {
        let lib = self.lib;
        let mut mech = Oid::new(OID_KRB5);
        let mut inbuf = Buffer::borrowed(input);
        let mut out = OwnedBuffer::new(lib);
        let mut minor = 0;
        let want = GSS_C_MUTUAL_FLAG
            | GSS_C_REPLAY_FLAG
            | GSS_C_SEQUENCE_FLAG
            | GSS_C_CONF_FLAG
            | GSS_C_INTEG_FLAG;
        // SAFETY: live inputs; the context handle is owned by `self.ctx`; the output
        // buffer is released by its owner.
        let major = unsafe {
            (lib.init_sec_context)(
                &mut minor,
                self.cred.handle,
                &mut self.ctx.handle,
                self.target.handle,
                mech.as_ptr(),
                want,
                self.lifetime_s,
                ptr::null_mut(),
                if input.is_empty() {
                    ptr::null_mut()
                } else {
                    &mut inbuf
                },
                ptr::null_mut(),
                out.as_mut_ptr(),
                ptr::null_mut(),
                ptr::null_mut(),
            )
        };
        check(lib, major, minor)?;
        self.done = major & GSS_S_CONTINUE_NEEDED == 0;
        Ok(out.bytes().to_vec())
    }

    pub fn is_complete(&self) -> bool {
        self.done
    }

    pub fn session_key(&self) -> Result<Vec<u8>, Error> {
        self.ctx.session_key()
    }

    pub fn get_mic(&mut self, msg: &[u8]) -> Result<Vec<u8>, Error> {
        self.ctx.get_mic(msg)
    }

    /// Wraps a message for the acceptor (signed; sealed too when `seal`).
    pub fn wrap(&mut self, msg: &[u8], seal: bool) -> Result<Vec<u8>, Error> {
        self.ctx.wrap(msg, seal)
    }

    /// The message inside the acceptor's wrap token, checked.
    pub fn unwrap(&mut self, token: &[u8]) -> Result<Vec<u8>, Error> {
        self.ctx.unwrap(token)
    }
}
