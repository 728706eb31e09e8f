//! An SPDK share's namespace, as it lives in memory: every blob's node (parent, name,
//! kind, basic information, end of file, security descriptor) and each directory's
//! children by case-folded name. Rebuilt from the blobs' extended attributes at start;
//! every change is one blob's metadata write, made by the service before this changes.

use std::collections::{BTreeMap, HashMap};

use smb_server::backend::SharePath;
use smb_wire::NtStatus;

pub type BlobId = u64;

/// Extended attribute names (blob metadata).
pub const X_PARENT: &str = "smbd.p";
pub const X_NAME: &str = "smbd.n";
pub const X_META: &str = "smbd.m";
pub const X_SD: &str = "smbd.sd";
/// The EA list (crate::ealist's encoding).
pub const X_EA: &str = "smbd.ea";
/// Set on a blob removed from the namespace while still open: a restart deletes it.
pub const X_GONE: &str = "smbd.gone";

/// Security descriptors and EA lists larger than this are refused (one blob xattr holds
/// at most 4,072 bytes with its name and header).
pub const MAX_XATTR: usize = 4000;

/// A file's or directory's fixed metadata (`smbd.m`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    pub dir: bool,
    pub attributes: u32,
    pub creation: u64,
    pub access: u64,
    pub write: u64,
    pub change: u64,
    pub eof: u64,
    /// The allocation a client asked for (FileAllocationInformation, or at create);
    /// reported while larger than the data.
    pub alloc: u64,
}

pub const META_LEN: usize = 53;

impl Meta {
    pub fn encode(&self) -> [u8; META_LEN] {
        let mut b = [0u8; META_LEN];
        b[0] = u8::from(self.dir) + 1;
        b[1..5].copy_from_slice(&self.attributes.to_le_bytes());
        for (i, v) in [
            self.creation,
            self.access,
            self.write,
            self.change,
            self.eof,
            self.alloc,
        ]
        .iter()
        .enumerate()
        {
            b[5 + 8 * i..13 + 8 * i].copy_from_slice(&v.to_le_bytes());
        }
        b
    }

    pub fn decode(b: &[u8]) -> Option<Meta> {
        if b.len() != META_LEN || !(1..=2).contains(&b[0]) {
            return None;
        }
        let u = |i: usize| u64::from_le_bytes(b[5 + 8 * i..13 + 8 * i].try_into().unwrap());
        Some(Meta {
            dir: b[0] == 2,
            attributes: u32::from_le_bytes(b[1..5].try_into().unwrap()),
            creation: u(0),
            access: u(1),
            write: u(2),
            change: u(3),
            eof: u(4),
            alloc: u(5),
        })
    }
}

#[derive(Clone, Debug)]
pub struct Node {
    pub parent: BlobId,
    pub name: String,
    pub meta: Meta,
    /// Clusters the blob has (its allocation).
    pub clusters: u64,
    pub sd: Option<Vec<u8>>,
    pub eas: Vec<smb_wire::fscc::Ea>,
}

/// The case-folded key a name is found under (SMB names are case-insensitive and
/// case-preserving).
pub fn fold(name: &str) -> String {
    name.to_lowercase()
}

#[derive(Default)]
pub struct Namespace {
    pub root: BlobId,
    nodes: HashMap<BlobId, Node>,
    children: HashMap<BlobId, BTreeMap<String, BlobId>>,
}

impl Namespace {
    pub fn new(root: BlobId, root_node: Node) -> Namespace {
        let mut ns = Namespace {
            root,
            ..Default::default()
        };
        ns.nodes.insert(root, root_node);
        ns.children.insert(root, BTreeMap::new());
        ns
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn get(&self, id: BlobId) -> Option<&Node> {
        self.nodes.get(&id)
    }

    pub fn get_mut(&mut self, id: BlobId) -> Option<&mut Node> {
        self.nodes.get_mut(&id)
    }

    /// Adds a node found on the device or just made. Its parent need not be known yet
    /// (the walk meets blobs in id order); [`Namespace::orphans`] finds those whose
    /// parent never came.
    pub fn insert(&mut self, id: BlobId, node: Node) {
        if node.meta.dir {
            self.children.entry(id).or_default();
        }
        self.children
            .entry(node.parent)
            .or_default()
            .insert(fold(&node.name), id);
        self.nodes.insert(id, node);
    }

    /// Takes a node out (its name is gone). Its children, if any, stay (callers remove
    /// only empty directories).
    pub fn remove(&mut self, id: BlobId) -> Option<Node> {
        let node = self.nodes.remove(&id)?;
        if let Some(c) = self.children.get_mut(&node.parent) {
            c.remove(&fold(&node.name));
        }
        self.children.remove(&id);
        Some(node)
    }

    /// Moves a node under `parent` as `name`.
    pub fn rename(&mut self, id: BlobId, parent: BlobId, name: &str) {
        let Some(node) = self.nodes.get_mut(&id) else {
            return;
        };
        let (old_parent, old_key) = (node.parent, fold(&node.name));
        node.parent = parent;
        node.name = name.to_string();
        if let Some(c) = self.children.get_mut(&old_parent) {
            c.remove(&old_key);
        }
        self.children
            .entry(parent)
            .or_default()
            .insert(fold(name), id);
    }

    pub fn child(&self, dir: BlobId, name: &str) -> Option<BlobId> {
        self.children.get(&dir)?.get(&fold(name)).copied()
    }

    /// The directory's children in name order (folded).
    pub fn children(&self, dir: BlobId) -> Vec<BlobId> {
        self.children
            .get(&dir)
            .map(|c| c.values().copied().collect())
            .unwrap_or_default()
    }

    pub fn has_children(&self, dir: BlobId) -> bool {
        self.children.get(&dir).is_some_and(|c| !c.is_empty())
    }

    /// The blob a path names: OBJECT_NAME_NOT_FOUND when only the last component is
    /// missing, OBJECT_PATH_NOT_FOUND when a directory on the way is (or is a file).
    pub fn lookup(&self, path: &SharePath) -> Result<BlobId, NtStatus> {
        let mut at = self.root;
        if path.is_root() {
            return Ok(at);
        }
        let parts: Vec<&str> = path.as_str().split('/').collect();
        for (i, part) in parts.iter().enumerate() {
            let last = i + 1 == parts.len();
            if !self.nodes.get(&at).is_some_and(|n| n.meta.dir) {
                return Err(NtStatus::OBJECT_PATH_NOT_FOUND);
            }
            at = match self.child(at, part) {
                Some(id) => id,
                None if last => return Err(NtStatus::OBJECT_NAME_NOT_FOUND),
                None => return Err(NtStatus::OBJECT_PATH_NOT_FOUND),
            };
        }
        Ok(at)
    }

    /// The directory a new name would go in and the name: OBJECT_PATH_NOT_FOUND when the
    /// parent is missing or not a directory.
    pub fn parent_of<'p>(&self, path: &'p SharePath) -> Result<(BlobId, &'p str), NtStatus> {
        let (parent, name) = path.split_last().ok_or(NtStatus::OBJECT_NAME_INVALID)?;
        let dir = match self.lookup(&parent) {
            Ok(id) => id,
            Err(_) => return Err(NtStatus::OBJECT_PATH_NOT_FOUND),
        };
        if !self.nodes.get(&dir).is_some_and(|n| n.meta.dir) {
            return Err(NtStatus::OBJECT_PATH_NOT_FOUND);
        }
        // The name as given: `split_last` borrows from `path`.
        let name = &path.as_str()[path.as_str().len() - name.len()..];
        Ok((dir, name))
    }

    /// The stored spelling of `path`'s components that exist, the rest as given.
    pub fn canonical(&self, path: &SharePath) -> SharePath {
        if path.is_root() {
            return path.clone();
        }
        let mut at = Some(self.root);
        let mut out = SharePath::root();
        for part in path.as_str().split('/') {
            let found = at.and_then(|d| self.child(d, part));
            match found.and_then(|id| self.nodes.get(&id).map(|n| (id, n))) {
                Some((id, n)) => {
                    out = out.join(&n.name);
                    at = Some(id);
                }
                None => {
                    out = out.join(part);
                    at = None;
                }
            }
        }
        out
    }

    /// Whether `id` is `ancestor` or lies beneath it.
    pub fn is_within(&self, mut id: BlobId, ancestor: BlobId) -> bool {
        for _ in 0..=self.nodes.len() {
            if id == ancestor {
                return true;
            }
            if id == self.root {
                return false;
            }
            match self.nodes.get(&id) {
                Some(n) => id = n.parent,
                None => return false,
            }
        }
        false
    }

    /// Nodes whose parent is not a known directory (a damaged store): named by id.
    pub fn orphans(&self) -> Vec<BlobId> {
        self.nodes
            .iter()
            .filter(|(id, n)| {
                **id != self.root && !self.nodes.get(&n.parent).is_some_and(|p| p.meta.dir)
            })
            .map(|(id, _)| *id)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(parent: BlobId, name: &str) -> Node {
        Node {
            parent,
            name: name.into(),
            meta: Meta {
                dir: true,
                ..Default::default()
            },
            clusters: 0,
            sd: None,
            eas: Vec::new(),
        }
    }

    fn file(parent: BlobId, name: &str) -> Node {
        Node {
            meta: Meta::default(),
            ..dir(parent, name)
        }
    }

    fn p(s: &str) -> SharePath {
        SharePath::from_validated(s.into())
    }

    #[test]
    fn meta_round_trips_and_refuses_garbage() {
        let m = Meta {
            dir: false,
            attributes: 0x20,
            creation: 1,
            access: 2,
            write: 3,
            change: 4,
            eof: 1 << 40,
            alloc: 1 << 20,
        };
        assert_eq!(Meta::decode(&m.encode()), Some(m));
        assert_eq!(Meta::decode(&[0u8; META_LEN]), None);
        assert_eq!(Meta::decode(&m.encode()[..META_LEN - 1]), None);
    }

    #[test]
    fn lookups_fold_case_and_tell_a_missing_parent_from_a_missing_name() {
        let mut ns = Namespace::new(1, dir(0, ""));
        ns.insert(2, dir(1, "Virtual Machines"));
        ns.insert(3, file(2, "Disk.VHDX"));
        assert_eq!(ns.lookup(&p("virtual machines/disk.vhdx")), Ok(3));
        assert_eq!(
            ns.lookup(&p("virtual machines/other.vhdx")),
            Err(NtStatus::OBJECT_NAME_NOT_FOUND)
        );
        assert_eq!(
            ns.lookup(&p("nope/disk.vhdx")),
            Err(NtStatus::OBJECT_PATH_NOT_FOUND)
        );
        assert_eq!(
            ns.lookup(&p("Virtual Machines/Disk.VHDX/x")),
            Err(NtStatus::OBJECT_PATH_NOT_FOUND)
        );
        assert_eq!(
            ns.canonical(&p("VIRTUAL MACHINES/disk.vhdx/New")).as_str(),
            "Virtual Machines/Disk.VHDX/New"
        );
        assert_eq!(ns.parent_of(&p("virtual machines/New")), Ok((2, "New")));
        assert_eq!(
            ns.parent_of(&p("Virtual Machines/Disk.VHDX/x")),
            Err(NtStatus::OBJECT_PATH_NOT_FOUND)
        );
    }

    #[test]
    fn rename_and_remove_keep_the_indexes_whole() {
        let mut ns = Namespace::new(1, dir(0, ""));
        ns.insert(2, dir(1, "a"));
        ns.insert(3, dir(1, "b"));
        ns.insert(4, file(2, "f"));
        ns.rename(4, 3, "G");
        assert_eq!(ns.lookup(&p("b/g")), Ok(4));
        assert!(!ns.has_children(2));
        assert!(ns.is_within(4, 3) && !ns.is_within(4, 2) && ns.is_within(3, 1));
        ns.remove(4);
        assert!(!ns.has_children(3));
        // A child met before its parent, and one whose parent never comes.
        ns.insert(9, file(8, "early"));
        ns.insert(8, dir(1, "late"));
        ns.insert(11, file(10, "lost"));
        assert_eq!(ns.lookup(&p("late/early")), Ok(9));
        assert_eq!(ns.orphans(), vec![11]);
    }
}
