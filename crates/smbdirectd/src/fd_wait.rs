//! Sleeping on descriptors: the listener and service threads wait here until a peer
//! arrives, instead of polling at intervals.

/// Waits until one of `fds` is readable (or closed), at most `ms` milliseconds.
pub fn readable(fds: &[std::os::fd::RawFd], ms: i32) {
    let mut polls: Vec<libc::pollfd> = fds
        .iter()
        .map(|&fd| libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        })
        .collect();
    // SAFETY: `polls` is a live array of its length; poll only writes `revents`.
    unsafe { libc::poll(polls.as_mut_ptr(), polls.len() as libc::nfds_t, ms) };
}
