//! NTSTATUS codes (MS-ERREF 2.3). Open: a value we do not name still round-trips.

/// An NTSTATUS value as carried in the SMB2 header.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NtStatus(pub u32);

macro_rules! statuses {
    ($($name:ident = $v:expr,)*) => {
        impl NtStatus {
            $(pub const $name: NtStatus = NtStatus($v);)*
            /// The symbolic name, for logs.
            pub fn name(self) -> Option<&'static str> {
                match self.0 { $($v => Some(stringify!($name)),)* _ => None }
            }
        }
    };
}

statuses! {
    SUCCESS = 0x0000_0000,
    PENDING = 0x0000_0103,
    NOTIFY_ENUM_DIR = 0x0000_010C,
    BUFFER_OVERFLOW = 0x8000_0005,
    NO_MORE_FILES = 0x8000_0006,
    STOPPED_ON_SYMLINK = 0x8000_002D,
    UNSUCCESSFUL = 0xC000_0001,
    NOT_IMPLEMENTED = 0xC000_0002,
    INVALID_INFO_CLASS = 0xC000_0003,
    INFO_LENGTH_MISMATCH = 0xC000_0004,
    INVALID_HANDLE = 0xC000_0008,
    INVALID_PARAMETER = 0xC000_000D,
    NO_SUCH_DEVICE = 0xC000_000E,
    NO_SUCH_FILE = 0xC000_000F,
    INVALID_DEVICE_REQUEST = 0xC000_0010,
    END_OF_FILE = 0xC000_0011,
    MORE_PROCESSING_REQUIRED = 0xC000_0016,
    NO_MEMORY = 0xC000_0017,
    ACCESS_DENIED = 0xC000_0022,
    BUFFER_TOO_SMALL = 0xC000_0023,
    OBJECT_NAME_INVALID = 0xC000_0033,
    OBJECT_NAME_NOT_FOUND = 0xC000_0034,
    INVALID_VIEW_SIZE = 0xC000_001F,
    OBJECT_NAME_COLLISION = 0xC000_0035,
    OBJECT_PATH_INVALID = 0xC000_0039,
    OBJECT_PATH_NOT_FOUND = 0xC000_003A,
    OBJECT_PATH_SYNTAX_BAD = 0xC000_003B,
    DATA_ERROR = 0xC000_003E,
    SHARING_VIOLATION = 0xC000_0043,
    EAS_NOT_SUPPORTED = 0xC000_004F,
    FILE_LOCK_CONFLICT = 0xC000_0054,
    LOCK_NOT_GRANTED = 0xC000_0055,
    DELETE_PENDING = 0xC000_0056,
    PRIVILEGE_NOT_HELD = 0xC000_0061,
    LOGON_FAILURE = 0xC000_006D,
    ACCOUNT_RESTRICTION = 0xC000_006E,
    NONE_MAPPED = 0xC000_0073,
    RANGE_NOT_LOCKED = 0xC000_007E,
    DISK_FULL = 0xC000_007F,
    FILE_INVALID = 0xC000_0098,
    INSUFFICIENT_RESOURCES = 0xC000_009A,
    DEVICE_DATA_ERROR = 0xC000_009C,
    MEDIA_WRITE_PROTECTED = 0xC000_00A2,
    FILE_IS_A_DIRECTORY = 0xC000_00BA,
    NOT_SUPPORTED = 0xC000_00BB,
    NETWORK_NAME_DELETED = 0xC000_00C9,
    BAD_NETWORK_NAME = 0xC000_00CC,
    REQUEST_NOT_ACCEPTED = 0xC000_00D0,
    INTERNAL_ERROR = 0xC000_00E5,
    IO_DEVICE_ERROR = 0xC000_0185,
    DIRECTORY_NOT_EMPTY = 0xC000_0101,
    NOT_A_DIRECTORY = 0xC000_0103,
    NAME_TOO_LONG = 0xC000_0106,
    FILES_OPEN = 0xC000_0107,
    CANCELLED = 0xC000_0120,
    CANNOT_DELETE = 0xC000_0121,
    FILE_DELETED = 0xC000_0123,
    INVALID_LEVEL = 0xC000_0148,
    FILE_CLOSED = 0xC000_0128,
    INVALID_DEVICE_STATE = 0xC000_0184,
    PIPE_BROKEN = 0xC000_014B,
    USER_SESSION_DELETED = 0xC000_0203,
    NETWORK_SESSION_EXPIRED = 0xC000_035C,
    NOT_FOUND = 0xC000_0225,
    NOT_A_REPARSE_POINT = 0xC000_0275,
    DUPLICATE_OBJECTID = 0xC000_022A,
    STOPPED_ON_SYMLINK_ERR = 0xC000_0280,
    SMB_BAD_CLUSTER_DIALECT = 0xC000_0380,
    FILE_NOT_AVAILABLE = 0xC000_0467,
    INVALID_SIGNATURE = 0xC000_A000,
    AUTH_TAG_MISMATCH = 0xC000_A002,
    BAD_DATA = 0xC000_090B,
    INVALID_OPLOCK_PROTOCOL = 0xC000_00E3,
    PIPE_EMPTY = 0xC000_00D9,
    SMB_NO_PREAUTH_INTEGRITY_HASH_OVERLAP = 0xC05D_0000,
    INVALID_LOCK_RANGE = 0xC000_01A1,
    NOTIFY_CLEANUP = 0x0000_010B,
    EA_TOO_LARGE = 0xC000_0050,
    INVALID_SECURITY_DESCR = 0xC000_0079,
    NONEXISTENT_EA_ENTRY = 0xC000_0051,
    NO_EAS_ON_FILE = 0xC000_0052,
    EA_CORRUPT_ERROR = 0xC000_0053,
    NO_MORE_EAS = 0x8000_0012,
    INVALID_EA_NAME = 0x8000_0013,
    EA_LIST_INCONSISTENT = 0x8000_0014,
    INVALID_OWNER = 0xC000_005A,
    NOT_SAME_DEVICE = 0xC000_00D4,
    BAD_IMPERSONATION_LEVEL = 0xC000_00A5,
    IO_TIMEOUT = 0xC000_00B5,
    INVALID_NETWORK_RESPONSE = 0xC000_00C3,
    FS_DRIVER_REQUIRED = 0xC000_019C,
    USER_MAPPED_FILE = 0xC000_0243,
    NETWORK_ACCESS_DENIED = 0xC000_00CA,
    OBJECTID_NOT_FOUND = 0xC000_02F0,
}

impl NtStatus {
    /// Severity "error" (top two bits 11).
    pub fn is_error(self) -> bool {
        self.0 >> 30 == 3
    }
    /// Status class for metrics labels.
    pub fn class(self) -> &'static str {
        match self.0 >> 30 {
            0 => "success",
            1 => "info",
            2 => "warning",
            _ => "error",
        }
    }
}

impl std::fmt::Display for NtStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.name() {
            Some(n) => write!(f, "STATUS_{n}"),
            None => write!(f, "0x{:08x}", self.0),
        }
    }
}
