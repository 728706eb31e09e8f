//! The shim's C functions (crates/spdk/shim/smbd_spdk.c), resolved once per process
//! from `libsmbdirectd_spdk.so`, which brings every SPDK and DPDK library it needs.

use std::ffi::{c_char, c_int, c_void, CStr};
use std::path::Path;

/// The one completion shape: `rc` 0 or a negative errno, `val` an id or a count, `ptr` a
/// handle.
pub type Cb = unsafe extern "C" fn(arg: *mut c_void, rc: c_int, val: u64, ptr: *mut c_void);

pub type P = *mut c_void;

macro_rules! shim {
    ($($name:ident : $ty:ty,)*) => {
        /// Every shim entry point.
        pub struct Lib {
            _lib: libloading::Library,
            $(pub $name: $ty,)*
        }

        impl Lib {
            /// Load the shim at `path` and resolve every entry point, or say which is
            /// missing.
            pub fn open(path: &Path) -> Result<Lib, String> {
                // SAFETY: loading runs the SPDK and DPDK libraries' constructors, which
                // only register their modules; nothing else runs until called.
                let lib = unsafe { libloading::Library::new(path) }
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                $(
                    // SAFETY: the symbol is the shim's function of this exact type
                    // (smbd_spdk.c), and `_lib` keeps it loaded as long as `Lib` lives.
                    let $name: $ty = unsafe {
                        *lib.get::<$ty>(concat!(stringify!($name), "\0").as_bytes())
                            .map_err(|e| format!("{}: {e}", path.display()))?
                    };
                )*
                Ok(Lib { _lib: lib, $($name,)* })
            }
        }
    };
}

shim! {
    smbd_spdk_version: unsafe extern "C" fn() -> *const c_char,
    smbd_spdk_env_init: unsafe extern "C" fn(*const c_char, c_int, c_int, c_int, c_int) -> c_int,
    smbd_spdk_thread_create: unsafe extern "C" fn(*const c_char) -> P,
    smbd_spdk_thread_poll: unsafe extern "C" fn(P) -> c_int,
    smbd_spdk_thread_exit: unsafe extern "C" fn(P),
    smbd_spdk_thread_try_destroy: unsafe extern "C" fn(P) -> c_int,
    smbd_spdk_start: unsafe extern "C" fn(*const c_char, usize, Cb, P),
    smbd_spdk_stop: unsafe extern "C" fn(Cb, P),
    smbd_dma_alloc: unsafe extern "C" fn(usize, usize) -> P,
    smbd_dma_free: unsafe extern "C" fn(P),
    smbd_mem_register: unsafe extern "C" fn(P, usize) -> c_int,
    smbd_mem_unregister: unsafe extern "C" fn(P, usize) -> c_int,
    smbd_bs_open: unsafe extern "C" fn(*const c_char, c_int, *const c_char, u32, Cb, P),
    smbd_bs_unload: unsafe extern "C" fn(P, Cb, P),
    smbd_bs_io_unit: unsafe extern "C" fn(P) -> u64,
    smbd_bs_cluster_size: unsafe extern "C" fn(P) -> u64,
    smbd_bs_free_clusters: unsafe extern "C" fn(P) -> u64,
    smbd_bs_total_clusters: unsafe extern "C" fn(P) -> u64,
    smbd_bs_set_super: unsafe extern "C" fn(P, u64, Cb, P),
    smbd_bs_get_super: unsafe extern "C" fn(P, Cb, P),
    smbd_blob_create: unsafe extern "C" fn(
        P, u64, c_int, *const *const c_char, *const *const c_void, *const usize, usize, Cb, P,
    ),
    smbd_blob_open: unsafe extern "C" fn(P, u64, Cb, P),
    smbd_blob_close: unsafe extern "C" fn(P, Cb, P),
    smbd_blob_delete: unsafe extern "C" fn(P, u64, Cb, P),
    smbd_blob_resize: unsafe extern "C" fn(P, u64, Cb, P),
    smbd_blob_sync_md: unsafe extern "C" fn(P, Cb, P),
    smbd_blob_id: unsafe extern "C" fn(P) -> u64,
    smbd_blob_clusters: unsafe extern "C" fn(P) -> u64,
    smbd_blob_set_xattr: unsafe extern "C" fn(P, *const c_char, *const c_void, usize) -> c_int,
    smbd_blob_get_xattr: unsafe extern "C" fn(P, *const c_char, *mut *const c_void, *mut usize) -> c_int,
    smbd_blob_remove_xattr: unsafe extern "C" fn(P, *const c_char) -> c_int,
    smbd_bs_iter_first: unsafe extern "C" fn(P, Cb, P),
    smbd_bs_iter_next: unsafe extern "C" fn(P, P, Cb, P),
    smbd_bs_channel: unsafe extern "C" fn(P) -> P,
    smbd_bs_channel_free: unsafe extern "C" fn(P),
    smbd_blob_read: unsafe extern "C" fn(P, P, P, u64, u64, Cb, P),
    smbd_blob_write: unsafe extern "C" fn(P, P, P, u64, u64, Cb, P),
    smbd_blob_unmap: unsafe extern "C" fn(P, P, u64, u64, Cb, P),
    smbd_blob_write_zeroes: unsafe extern "C" fn(P, P, u64, u64, Cb, P),
    smbd_bdev_open: unsafe extern "C" fn(*const c_char, *mut c_int) -> P,
    smbd_bdev_close: unsafe extern "C" fn(P),
    smbd_bdev_channel: unsafe extern "C" fn(P) -> P,
    smbd_channel_put: unsafe extern "C" fn(P),
    smbd_bdev_flush: unsafe extern "C" fn(P, P, Cb, P),
}

impl Lib {
    pub fn version(&self) -> String {
        // SAFETY: the shim returns a static NUL-terminated string.
        unsafe { CStr::from_ptr((self.smbd_spdk_version)()) }
            .to_string_lossy()
            .into_owned()
    }
}
