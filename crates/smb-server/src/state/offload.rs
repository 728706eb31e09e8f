//! ODX offload tokens (FSCTL_OFFLOAD_READ / FSCTL_OFFLOAD_WRITE, MS-FSA 2.1.5.10.20-21).
//!
//! A token names a range of a file as it is when the token is made. It stays good while
//! its source open is open, until it expires, and until anything writes into its range
//! (a WRITE, zeroing, truncation, a copy or clone into that file): then writes with it
//! fail with STATUS_INVALID_TOKEN, so a copy never mixes old and new data. Tokens are
//! bounded per session and in all; writes pay one atomic load while none exists.

use super::Open;
use crate::limits::{OFFLOAD_TOKENS_PER_SESSION, OFFLOAD_TOKENS_TOTAL};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Weak};
use std::time::Instant;

/// Bytes of a token's identifier (random: a token cannot be guessed from another).
pub const TOKEN_ID_LEN: usize = 32;
/// The TokenType of this server's tokens (vendor-specific range, MS-FSCC 2.1.11).
pub const TOKEN_TYPE: u32 = 0x534D_4244;

pub type TokenId = [u8; TOKEN_ID_LEN];

/// The data a token names: a range of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named {
    /// The file (device, file id), for invalidation by writes through any open.
    pub key: (u64, u64),
    pub offset: u64,
    pub length: u64,
}

struct Token {
    named: Named,
    /// The open the token was made through; the token dies with it.
    open: Weak<Open>,
    expires: Instant,
    session: u64,
    made: u64,
}

#[derive(Default)]
struct Table {
    tokens: HashMap<TokenId, Token>,
    made: u64,
}

impl Table {
    fn retire_oldest(&mut self, session: Option<u64>) {
        let oldest = self
            .tokens
            .iter()
            .filter(|(_, t)| session.is_none_or(|s| t.session == s))
            .min_by_key(|(_, t)| t.made)
            .map(|(id, _)| *id);
        if let Some(id) = oldest {
            self.tokens.remove(&id);
        }
    }
}

/// The server's live tokens.
#[derive(Default)]
pub struct OffloadTokens {
    /// How many tokens exist (writes skip the table's lock while it is 0).
    live: AtomicUsize,
    table: Mutex<Table>,
}

impl OffloadTokens {
    /// Makes a token for `[offset, offset + length)` of the file `key` read through
    /// `open`, good until `expires` (engine clock).
    pub fn issue(
        &self,
        session: u64,
        open: &Arc<Open>,
        named: Named,
        expires: Instant,
        now: Instant,
    ) -> TokenId {
        let id: TokenId = rand::random();
        let mut t = self.table.lock();
        t.tokens.retain(|_, tok| tok.expires > now);
        if t.tokens.values().filter(|x| x.session == session).count() >= OFFLOAD_TOKENS_PER_SESSION
        {
            t.retire_oldest(Some(session));
        }
        if t.tokens.len() >= OFFLOAD_TOKENS_TOTAL {
            t.retire_oldest(None);
        }
        t.made += 1;
        let made = t.made;
        t.tokens.insert(
            id,
            Token {
                named,
                open: Arc::downgrade(open),
                expires,
                session,
                made,
            },
        );
        self.live.store(t.tokens.len(), Ordering::Release);
        id
    }

    /// The token's source open and range, if the token is still good at `now`.
    pub fn lookup(&self, id: &[u8], now: Instant) -> Option<(Arc<Open>, Named)> {
        let mut t = self.table.lock();
        let tok = t.tokens.get(id)?;
        let open = tok
            .open
            .upgrade()
            .filter(|o| !o.closed.load(Ordering::Acquire));
        if tok.expires <= now || open.is_none() {
            t.tokens.remove(id);
            self.live.store(t.tokens.len(), Ordering::Release);
            return None;
        }
        Some((open?, tok.named))
    }

    /// `[offset, offset + len)` of the file `key` changed (len u64::MAX: from `offset`
    /// to the end): tokens that name any of it are no longer good.
    pub fn written(&self, key: (u64, u64), offset: u64, len: u64) {
        if self.live.load(Ordering::Acquire) == 0 {
            return;
        }
        let end = offset.saturating_add(len);
        let mut t = self.table.lock();
        t.tokens.retain(|_, tok| {
            let n = &tok.named;
            n.key != key || n.offset.saturating_add(n.length) <= offset || n.offset >= end
        });
        self.live.store(t.tokens.len(), Ordering::Release);
    }

    /// A session ended: its tokens go with it.
    pub fn session_ended(&self, session: u64) {
        if self.live.load(Ordering::Acquire) == 0 {
            return;
        }
        let mut t = self.table.lock();
        t.tokens.retain(|_, tok| tok.session != session);
        self.live.store(t.tokens.len(), Ordering::Release);
    }

    /// Tokens held now.
    pub fn len(&self) -> usize {
        self.live.load(Ordering::Acquire)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
