//! The open-file budget: how many opens (each holding one or two descriptors) the
//! process, and each user, may hold, and how many of them may be durable. An open takes
//! an [`OpenSlot`] before its file is opened and gives it back when it is dropped, so the
//! counts are true at all times: a durable open whose connection was lost still holds its
//! slot (and its descriptor) until it is reconnected or expires.
//!
//! A user who reaches a bound gets STATUS_INSUFFICIENT_RESOURCES for that open; the
//! descriptors kept back (server.max_connections sockets and a reserve) let the server
//! go on accepting, answering and logging for everyone else.

use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The bounds, fixed at start.
#[derive(Clone, Copy, Debug)]
pub struct OpenLimits {
    /// Descriptors all opens together may hold.
    pub max_open_files: u64,
    /// Descriptors one user's opens may hold.
    pub max_opens_per_user: u64,
    /// Durable (and persistent) opens in all, connected or waiting for a reconnect.
    pub max_durable_handles: u64,
    /// Durable opens of one user.
    pub max_durable_per_user: u64,
}

impl Default for OpenLimits {
    fn default() -> Self {
        OpenLimits {
            max_open_files: 1 << 20,
            max_opens_per_user: 1 << 20,
            max_durable_handles: 1 << 16,
            max_durable_per_user: 1 << 16,
        }
    }
}

#[derive(Default)]
struct UserCount {
    opens: u64,
    durable: u64,
}

/// Counts of what is held, against [`OpenLimits`].
pub struct OpenBudget {
    limits: OpenLimits,
    files: AtomicU64,
    opens: AtomicU64,
    durable: AtomicU64,
    users: Mutex<HashMap<String, UserCount>>,
    /// Opens and durable grants refused by a bound (for the metrics).
    pub refused_opens: AtomicU64,
    pub refused_durable: AtomicU64,
}

/// Which bound refused an open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Process,
    User,
}

impl OpenBudget {
    pub fn new(limits: OpenLimits) -> Arc<Self> {
        Arc::new(OpenBudget {
            limits,
            files: AtomicU64::new(0),
            opens: AtomicU64::new(0),
            durable: AtomicU64::new(0),
            users: Mutex::new(HashMap::new()),
            refused_opens: AtomicU64::new(0),
            refused_durable: AtomicU64::new(0),
        })
    }

    pub fn limits(&self) -> OpenLimits {
        self.limits
    }

    /// Takes a slot for an open of `user` holding `weight` descriptors.
    pub fn take(self: &Arc<Self>, user: &str, weight: u64) -> Result<OpenSlot, Refusal> {
        let key = user.to_lowercase();
        let mut users = self.users.lock();
        if self.files.load(Ordering::Relaxed) + weight > self.limits.max_open_files {
            self.refused_opens.fetch_add(1, Ordering::Relaxed);
            return Err(Refusal::Process);
        }
        let u = users.entry(key.clone()).or_default();
        if u.opens + weight > self.limits.max_opens_per_user {
            self.refused_opens.fetch_add(1, Ordering::Relaxed);
            if u.opens == 0 && u.durable == 0 {
                users.remove(&key);
            }
            return Err(Refusal::User);
        }
        u.opens += weight;
        self.files.fetch_add(weight, Ordering::Relaxed);
        self.opens.fetch_add(1, Ordering::Relaxed);
        Ok(OpenSlot {
            budget: self.clone(),
            user: key,
            weight,
            durable: false,
        })
    }

    /// Opens held now (durable ones waiting for their client included).
    pub fn opens(&self) -> u64 {
        self.opens.load(Ordering::Relaxed)
    }

    /// Descriptors the opens hold now.
    pub fn files(&self) -> u64 {
        self.files.load(Ordering::Relaxed)
    }

    /// Durable opens held now, connected or not.
    pub fn durable(&self) -> u64 {
        self.durable.load(Ordering::Relaxed)
    }
}

/// An open's place in the budget; given back when dropped (with the open).
#[derive(Debug)]
pub struct OpenSlot {
    budget: Arc<OpenBudget>,
    user: String,
    weight: u64,
    durable: bool,
}

impl std::fmt::Debug for OpenBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpenBudget")
            .field("opens", &self.opens())
            .field("files", &self.files())
            .field("durable", &self.durable())
            .finish()
    }
}

impl OpenSlot {
    /// Counts this open as durable if the bounds allow; false (the open goes on without
    /// durability) when they do not.
    pub fn try_durable(&mut self) -> bool {
        if self.durable {
            return true;
        }
        let b = &self.budget;
        let mut users = b.users.lock();
        let u = users.entry(self.user.clone()).or_default();
        if b.durable.load(Ordering::Relaxed) >= b.limits.max_durable_handles
            || u.durable >= b.limits.max_durable_per_user
        {
            b.refused_durable.fetch_add(1, Ordering::Relaxed);
            return false;
        }
        u.durable += 1;
        b.durable.fetch_add(1, Ordering::Relaxed);
        self.durable = true;
        true
    }
}

impl Drop for OpenSlot {
    fn drop(&mut self) {
        let b = &self.budget;
        let mut users = b.users.lock();
        if let Some(u) = users.get_mut(&self.user) {
            u.opens -= self.weight;
            if self.durable {
                u.durable -= 1;
            }
            if u.opens == 0 && u.durable == 0 {
                users.remove(&self.user);
            }
        }
        b.files.fetch_sub(self.weight, Ordering::Relaxed);
        b.opens.fetch_sub(1, Ordering::Relaxed);
        if self.durable {
            b.durable.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_per_process_and_per_user_and_gives_back_on_drop() {
        let b = OpenBudget::new(OpenLimits {
            max_open_files: 5,
            max_opens_per_user: 3,
            max_durable_handles: 2,
            max_durable_per_user: 1,
        });
        let a1 = b.take("LAB\\alice", 2).unwrap();
        let a2 = b.take("lab\\ALICE", 1).unwrap();
        assert_eq!(b.take("lab\\alice", 1).unwrap_err(), Refusal::User);
        let mut c1 = b.take("lab\\carol", 2).unwrap();
        assert_eq!(b.take("lab\\dave", 1).unwrap_err(), Refusal::Process);
        assert_eq!((b.opens(), b.files()), (3, 5));
        assert!(c1.try_durable());
        let mut c2 = {
            drop(a2);
            b.take("lab\\carol", 1).unwrap()
        };
        assert!(!c2.try_durable(), "one durable open per user");
        let mut a1 = a1;
        assert!(a1.try_durable());
        assert_eq!(b.durable(), 2);
        drop((a1, c1, c2));
        assert_eq!((b.opens(), b.files(), b.durable()), (0, 0, 0));
        assert!(b.users.lock().is_empty());
        assert_eq!(b.refused_opens.load(Ordering::Relaxed), 2);
    }
}
