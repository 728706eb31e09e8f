//! SMB Direct end to end: our client over the software iWARP provider against the
//! daemon's SMB Direct listener, READ and WRITE through RDMA channels.
//!
//! One test binary: `transport` (SMB Direct itself: RDMA channels, transforms, channel
//! binding, its metrics and shared receives), `storage` (the storage path behind it: the
//! rings, their file tables, direct I/O, polled and SQPOLL rings, Storage QoS); the servers
//! they start are made here.

#[path = "../common/mod.rs"]
mod common;
mod storage;
mod transport;

use common::*;

/// A server with an SMB Direct listener on the software iWARP provider, and a client
/// logged on over it.
fn start(dialects: &[u16]) -> (TestServer, u16, client::Client) {
    start_with(dialects, "")
}

/// `start`, with more configuration after the [server] keys.
fn start_with(dialects: &[u16], extra: &str) -> (TestServer, u16, client::Client) {
    start_protected(dialects, extra, client::Protection::Sign)
}

/// `start_with`, the client signing or encrypting as told.
fn start_protected(
    dialects: &[u16],
    extra: &str,
    protection: client::Protection,
) -> (TestServer, u16, client::Client) {
    start_opts(dialects, extra, protection, Opts::default())
}

/// `start_protected` with more of the test server's options.
fn start_opts(
    dialects: &[u16],
    extra: &str,
    protection: client::Protection,
    more: Opts,
) -> (TestServer, u16, client::Client) {
    let rport = free_port();
    let srv = TestServer::start_with(Opts {
        extra_config: format!("smbdirect = [\"iwarp=127.0.0.1:{rport}\"]\n{extra}"),
        ..more
    });
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        dialects: dialects.to_vec(),
        protection,
        ..Default::default()
    };
    let c = client::Client::connect_rdma(&format!("127.0.0.1:{rport}"), &opts)
        .unwrap_or_else(|e| panic!("connect over SMB Direct: {e:?}\n{}", srv.log()));
    (srv, rport, c)
}
