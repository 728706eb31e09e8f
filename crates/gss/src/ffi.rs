//! The GSS-API C binding (RFC 2744 types, MIT's `gssapi_ext.h` additions), resolved
//! from `libgssapi_krb5.so.2` once per process.

use std::ffi::{c_char, c_void};
use std::sync::OnceLock;

pub type Cred = *mut c_void;
pub type Ctx = *mut c_void;
pub type Name = *mut c_void;

/// gss_buffer_desc.
#[repr(C)]
pub struct Buffer {
    pub length: usize,
    pub value: *mut c_void,
}

impl Buffer {
    /// A descriptor over bytes the library only reads.
    pub fn borrowed(b: &[u8]) -> Buffer {
        Buffer {
            length: b.len(),
            value: b.as_ptr() as *mut c_void,
        }
    }

    pub fn bytes(&self) -> &[u8] {
        if self.value.is_null() || self.length == 0 {
            return &[];
        }
        // SAFETY: the library returned `length` bytes at `value`, alive until the
        // buffer is released (which borrows it mutably).
        unsafe { std::slice::from_raw_parts(self.value as *const u8, self.length) }
    }
}

/// gss_iov_buffer_desc (MIT's `gssapi_ext.h`): one piece of a message wrapped in place.
#[repr(C)]
pub struct Iov {
    pub kind: u32,
    pub buffer: Buffer,
}

/// gss_iov_buffer_desc types.
pub const IOV_EMPTY: u32 = 0;
pub const IOV_DATA: u32 = 1;
pub const IOV_HEADER: u32 = 2;
pub const IOV_SIGN_ONLY: u32 = 11;

/// A buffer the library filled, released on drop.
pub struct OwnedBuffer {
    lib: &'static Lib,
    buf: Buffer,
}

impl OwnedBuffer {
    pub fn new(lib: &'static Lib) -> OwnedBuffer {
        OwnedBuffer {
            lib,
            buf: Buffer {
                length: 0,
                value: std::ptr::null_mut(),
            },
        }
    }

    pub fn as_mut_ptr(&mut self) -> *mut Buffer {
        &mut self.buf
    }

    pub fn bytes(&self) -> &[u8] {
        self.buf.bytes()
    }
}

impl Drop for OwnedBuffer {
    fn drop(&mut self) {
        if !self.buf.value.is_null() {
            let mut minor = 0;
            // SAFETY: the library allocated this buffer; released once.
            unsafe { (self.lib.release_buffer)(&mut minor, &mut self.buf) };
        }
    }
}

/// gss_OID_desc over bytes of ours.
#[repr(C)]
pub struct OidDesc {
    pub length: u32,
    pub elements: *mut c_void,
}

pub struct Oid(OidDesc);

impl Oid {
    pub fn new(der: &'static [u8]) -> Oid {
        Oid(OidDesc {
            length: der.len() as u32,
            elements: der.as_ptr() as *mut c_void,
        })
    }

    pub fn as_ptr(&mut self) -> *mut OidDesc {
        &mut self.0
    }
}

/// gss_OID_set_desc.
#[repr(C)]
pub struct OidSet {
    pub count: usize,
    pub elements: *mut OidDesc,
}

#[repr(C)]
pub struct BufferSet {
    pub count: usize,
    pub elements: *mut Buffer,
}

#[repr(C)]
pub struct KeyValue {
    pub key: *const c_char,
    pub value: *const c_char,
}

#[repr(C)]
pub struct KeyValueSet {
    pub count: u32,
    pub elements: *const KeyValue,
}

type U = u32;
/// gss_wrap_iov and gss_wrap_iov_length.
pub type WrapIov = unsafe extern "C" fn(*mut U, Ctx, i32, U, *mut i32, *mut Iov, i32) -> U;
type B = *mut Buffer;

pub struct Lib {
    _lib: libloading::Library,
    pub acquire_cred_from: unsafe extern "C" fn(
        *mut U,
        Name,
        U,
        *mut OidSet,
        i32,
        *const KeyValueSet,
        *mut Cred,
        *mut c_void,
        *mut U,
    ) -> U,
    pub release_cred: unsafe extern "C" fn(*mut U, *mut Cred) -> U,
    pub import_name: unsafe extern "C" fn(*mut U, B, *mut OidDesc, *mut Name) -> U,
    pub display_name: unsafe extern "C" fn(*mut U, Name, B, *mut *mut OidDesc) -> U,
    pub release_name: unsafe extern "C" fn(*mut U, *mut Name) -> U,
    pub accept_sec_context: unsafe extern "C" fn(
        *mut U,
        *mut Ctx,
        Cred,
        B,
        *mut c_void,
        *mut Name,
        *mut *mut OidDesc,
        B,
        *mut U,
        *mut U,
        *mut Cred,
    ) -> U,
    pub init_sec_context: unsafe extern "C" fn(
        *mut U,
        Cred,
        *mut Ctx,
        Name,
        *mut OidDesc,
        U,
        U,
        *mut c_void,
        B,
        *mut *mut OidDesc,
        B,
        *mut U,
        *mut U,
    ) -> U,
    pub delete_sec_context: unsafe extern "C" fn(*mut U, *mut Ctx, B) -> U,
    pub release_buffer: unsafe extern "C" fn(*mut U, B) -> U,
    pub display_status: unsafe extern "C" fn(*mut U, U, i32, *mut OidDesc, *mut U, B) -> U,
    pub inquire_sec_context_by_oid:
        unsafe extern "C" fn(*mut U, Ctx, *mut OidDesc, *mut *mut BufferSet) -> U,
    pub release_buffer_set: unsafe extern "C" fn(*mut U, *mut *mut BufferSet) -> U,
    pub get_name_attribute:
        unsafe extern "C" fn(*mut U, Name, B, *mut i32, *mut i32, B, B, *mut i32) -> U,
    pub get_mic: unsafe extern "C" fn(*mut U, Ctx, U, B, B) -> U,
    pub verify_mic: unsafe extern "C" fn(*mut U, Ctx, B, B, *mut U) -> U,
    pub krb5_set_allowable_enctypes: unsafe extern "C" fn(*mut U, Cred, U, *const i32) -> U,
    pub wrap: unsafe extern "C" fn(*mut U, Ctx, i32, U, B, *mut i32, B) -> U,
    pub unwrap: unsafe extern "C" fn(*mut U, Ctx, B, B, *mut i32, *mut U) -> U,
    pub wrap_iov: WrapIov,
    pub wrap_iov_length: WrapIov,
    pub unwrap_iov: unsafe extern "C" fn(*mut U, Ctx, *mut i32, *mut U, *mut Iov, i32) -> U,
}

// SAFETY: the table holds function pointers into a library that stays loaded for the
// life of the process; MIT's GSS-API functions are thread-safe.
unsafe impl Sync for Lib {}
unsafe impl Send for Lib {}

impl Lib {
    fn load() -> Result<Lib, String> {
        let name = "libgssapi_krb5.so.2";
        // SAFETY: loading MIT's library runs its initialisers, which have no
        // preconditions; every symbol below is declared as RFC 2744 / MIT's
        // gssapi_ext.h declare it.
        unsafe {
            let lib = libloading::Library::new(name)
                .map_err(|e| format!("MIT Kerberos is not available ({name}: {e})"))?;
            macro_rules! sym {
                ($s:literal) => {
                    *lib.get(concat!($s, "\0").as_bytes())
                        .map_err(|e| format!("{name}: {}: {e}", $s))?
                };
            }
            Ok(Lib {
                acquire_cred_from: sym!("gss_acquire_cred_from"),
                release_cred: sym!("gss_release_cred"),
                import_name: sym!("gss_import_name"),
                display_name: sym!("gss_display_name"),
                release_name: sym!("gss_release_name"),
                accept_sec_context: sym!("gss_accept_sec_context"),
                init_sec_context: sym!("gss_init_sec_context"),
                delete_sec_context: sym!("gss_delete_sec_context"),
                release_buffer: sym!("gss_release_buffer"),
                display_status: sym!("gss_display_status"),
                inquire_sec_context_by_oid: sym!("gss_inquire_sec_context_by_oid"),
                release_buffer_set: sym!("gss_release_buffer_set"),
                get_name_attribute: sym!("gss_get_name_attribute"),
                get_mic: sym!("gss_get_mic"),
                verify_mic: sym!("gss_verify_mic"),
                krb5_set_allowable_enctypes: sym!("gss_krb5_set_allowable_enctypes"),
                wrap: sym!("gss_wrap"),
                unwrap: sym!("gss_unwrap"),
                wrap_iov: sym!("gss_wrap_iov"),
                wrap_iov_length: sym!("gss_wrap_iov_length"),
                unwrap_iov: sym!("gss_unwrap_iov"),
                _lib: lib,
            })
        }
    }

    pub fn release_cred(&self, c: &mut Cred) {
        if !c.is_null() {
            let mut minor = 0;
            // SAFETY: a handle the library gave us, released once.
            unsafe { (self.release_cred)(&mut minor, c) };
        }
    }

    /// The library's text for a status: the routine error, then the mechanism's (the
    /// useful part: "Clock skew too great", "Request is a replay", ...).
    pub fn status_text(&'static self, major: u32, minor: u32) -> String {
        let mut parts = Vec::new();
        for (code, kind) in [(major, 1), (minor, 2)] {
            if code == 0 {
                continue;
            }
            let mut ctx = 0u32;
            for _ in 0..8 {
                let mut out = OwnedBuffer::new(self);
                let mut m = 0;
                // SAFETY: the output buffer is released by its owner; a null mech
                // means the default (krb5) for minor codes.
                let r = unsafe {
                    (self.display_status)(
                        &mut m,
                        code,
                        kind,
                        std::ptr::null_mut(),
                        &mut ctx,
                        out.as_mut_ptr(),
                    )
                };
                if r & 0xffff_0000 != 0 {
                    break;
                }
                parts.push(String::from_utf8_lossy(out.bytes()).into_owned());
                if ctx == 0 {
                    break;
                }
            }
        }
        parts.join(": ")
    }
}

static LIB: OnceLock<Result<Lib, String>> = OnceLock::new();

pub fn lib() -> Result<&'static Lib, String> {
    LIB.get_or_init(Lib::load).as_ref().map_err(Clone::clone)
}

/// Whether MIT Kerberos' GSS-API library can be loaded here (and why not).
pub fn available() -> Result<(), String> {
    lib().map(|_| ())
}
