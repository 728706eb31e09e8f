//! smbdirectd: the daemon.
fn main() {
    println!("smbdirectd {}", env!("CARGO_PKG_VERSION"));
}
