//! A CREATE on a scale-out share and the other nodes: the open is told to the cluster
//! (its share mode checked against the opens other nodes hold) before the file is
//! opened or changed, and forgotten again if the CREATE fails after that.

use super::{Step, Stop};
use crate::config::ShareConfig;
use crate::state::{ClusterView, OpenClaim, Server};

pub(super) struct Told<'a> {
    cluster: Option<&'a dyn ClusterView>,
    claim: OpenClaim,
    /// The file it was told for.
    key: Option<(u64, u64)>,
    kept: bool,
}

impl<'a> Told<'a> {
    /// For an open `claim` on `share`: nothing to tell unless the share is scale-out and
    /// the open takes part in sharing.
    pub(super) fn new(server: &'a Server, share: &ShareConfig, claim: OpenClaim) -> Told<'a> {
        let cluster = server.cluster_of(share).filter(|_| claim.shares());
        Told {
            cluster,
            claim,
            key: None,
            kept: false,
        }
    }

    /// Tells the cluster of the open of file `key` (once; a file other than the one
    /// told before replaces it): SHARING_VIOLATION when another node's open excludes it.
    pub(super) fn admit(&mut self, key: (u64, u64)) -> Step<()> {
        let Some(c) = self.cluster else {
            return Ok(());
        };
        if self.key == Some(key) {
            return Ok(());
        }
        if let Some(old) = self.key.take() {
            c.release(old, self.claim.id);
        }
        c.admit(key, self.claim, true, &[]).map_err(Stop::Status)?;
        self.key = Some(key);
        Ok(())
    }

    /// The open was made: it stays told until it closes.
    pub(super) fn keep(mut self) {
        self.kept = true;
    }
}

impl Drop for Told<'_> {
    fn drop(&mut self) {
        if let (false, Some(c), Some(k)) = (self.kept, self.cluster, self.key) {
            c.release(k, self.claim.id);
        }
    }
}
