//! A map split into independently locked shards, for the server-wide tables that every
//! worker reaches (sessions, file states, durable handles, lease index): two workers
//! touching different keys rarely wait for each other, and no lock covers the whole
//! table except for a walk over it (one shard at a time, never two at once).

use parking_lot::{Mutex, MutexGuard};
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};

/// Shards per table: a power of two well above the worker count of one node.
pub const SHARDS: usize = 32;

/// Picks a key's shard (a fixed hash: shard choice needs no secret, the maps inside keep
/// their own hashers).
type ShardHash = std::hash::BuildHasherDefault<std::collections::hash_map::DefaultHasher>;

pub struct Sharded<K, V, S = std::collections::hash_map::RandomState> {
    shards: Box<[Mutex<HashMap<K, V, S>>]>,
}

impl<K: Hash + Eq, V, S: BuildHasher + Default> Default for Sharded<K, V, S> {
    fn default() -> Self {
        Sharded {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(HashMap::with_hasher(S::default())))
                .collect(),
        }
    }
}

impl<K: Hash + Eq, V, S: BuildHasher + Default> Sharded<K, V, S> {
    /// The shard that holds `k`, locked: for a lookup and an update under one lock.
    pub fn shard(&self, k: &K) -> MutexGuard<'_, HashMap<K, V, S>> {
        let i = ShardHash::default().hash_one(k) as usize & (SHARDS - 1);
        self.shards[i].lock()
    }

    pub fn insert(&self, k: K, v: V) -> Option<V> {
        self.shard(&k).insert(k, v)
    }

    pub fn remove(&self, k: &K) -> Option<V> {
        self.shard(k).remove(k)
    }

    pub fn get_cloned(&self, k: &K) -> Option<V>
    where
        V: Clone,
    {
        self.shard(k).get(k).cloned()
    }

    pub fn contains_key(&self, k: &K) -> bool {
        self.shard(k).contains_key(k)
    }

    /// Entries in all shards (each counted under its own lock: a moment's view).
    pub fn len(&self) -> usize {
        self.shards.iter().map(|s| s.lock().len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.shards.iter().all(|s| s.lock().is_empty())
    }

    /// A copy of every value, shard by shard.
    pub fn values_cloned(&self) -> Vec<V>
    where
        V: Clone,
    {
        let mut out = Vec::new();
        for s in self.shards.iter() {
            out.extend(s.lock().values().cloned());
        }
        out
    }

    /// Calls `f` on every entry, one shard locked at a time.
    pub fn for_each(&self, mut f: impl FnMut(&K, &V)) {
        for s in self.shards.iter() {
            for (k, v) in s.lock().iter() {
                f(k, v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_spread_and_whole_table_views_see_every_shard() {
        let t: Sharded<u64, u64> = Sharded::default();
        for i in 0..1000 {
            assert!(t.insert(i, i * 2).is_none());
        }
        assert_eq!(t.len(), 1000);
        let busy = t.shards.iter().filter(|s| !s.lock().is_empty()).count();
        assert!(busy > SHARDS / 2, "keys went to {busy} shards");
        assert_eq!(t.get_cloned(&7), Some(14));
        assert_eq!(t.remove(&7), Some(14));
        assert_eq!(t.get_cloned(&7), None);
        let mut sum = 0;
        t.for_each(|_, v| sum += v);
        assert_eq!(sum, (0..1000).map(|i| i * 2).sum::<u64>() - 14);
        assert_eq!(t.values_cloned().len(), 999);
        // Holding one shard does not hold another key's.
        let a = t.shard(&1);
        let other = (2..1000).find(|k| {
            ShardHash::default().hash_one(k) as usize & (SHARDS - 1)
                != ShardHash::default().hash_one(1u64) as usize & (SHARDS - 1)
        });
        assert!(t.shards.iter().any(|s| s.try_lock().is_some()));
        assert!(t.get_cloned(&other.unwrap()).is_some());
        drop(a);
        assert!(!t.is_empty());
    }
}
