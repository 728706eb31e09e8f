//! Helpers shared by the test suites (a dev-dependency only).
//! May not: be a dependency of anything but tests.

pub mod ceph;
pub mod clock;

pub mod bodies;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The policy for a test whose outside tool (`what`) is missing: it fails, naming what
/// installs it, so that a test never passes without running; a developer who means to
/// run without it sets SMBDIRECTD_SKIP_MISSING=1 and the test says SKIPPED and returns
/// (`false`). In CI the variable is not honoured.
pub fn require(what: &str, present: bool, installed_by: &str) -> bool {
    if present {
        return true;
    }
    let opted_out = std::env::var_os("SMBDIRECTD_SKIP_MISSING").is_some_and(|v| v == "1");
    if !opted_out || std::env::var_os("CI").is_some() {
        panic!(
            "{what} is missing ({installed_by} installs it; SMBDIRECTD_SKIP_MISSING=1 skips \
             such tests outside CI)"
        );
    }
    eprintln!("SKIPPED: {what} is missing ({installed_by} installs it)");
    false
}

/// Bytes from hexadecimal text (test data files; whitespace ignored).
pub fn from_hex(text: &str) -> Vec<u8> {
    let h: String = text.split_whitespace().collect();
    (0..h.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&h[i..i + 2], 16).expect("hex"))
        .collect()
}

/// A dumpcap capture on the loopback interface, stopped (and flushed) by `stop`.
pub struct Capture {
    child: Child,
    pub file: PathBuf,
}

impl Capture {
    pub fn start(dir: &Path, filter: &str) -> Capture {
        let file = dir.join("capture.pcapng");
        let mut child = Command::new("dumpcap")
            .args(["-q", "-i", "lo", "-f", filter, "-w"])
            .arg(&file)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut err = child.stderr.take().unwrap();
        let mut seen = Vec::new();
        let deadline = crate::clock::now() + Duration::from_secs(10);
        let mut b = [0u8; 256];
        while !String::from_utf8_lossy(&seen).contains("Capturing on") {
            use std::io::Read;
            let n = err.read(&mut b).unwrap_or(0);
            assert!(
                n > 0 && crate::clock::now() < deadline,
                "dumpcap did not start"
            );
            seen.extend_from_slice(&b[..n]);
        }
        std::thread::spawn(move || {
            let _ = std::io::copy(&mut err, &mut std::io::sink());
        });
        // The announcement comes a little before the filter is attached.
        std::thread::sleep(Duration::from_millis(1500));
        Capture { child, file }
    }

    pub fn stop(mut self) -> PathBuf {
        // (dumpcap may be behind on a loaded machine: the last packets sent are given
        // time to reach its file before it is told to stop.)
        std::thread::sleep(Duration::from_millis(1500));
        // SAFETY: signalling our own child.
        unsafe { libc::kill(self.child.id() as i32, libc::SIGINT) };
        let _ = self.child.wait();
        self.file.clone()
    }
}

impl Drop for Capture {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Decodes a capture with `tshark -V` and checks it: every `want` appears, no frame is
/// malformed or fails a checksum, and none of `bad` appears. Returns the decoded text.
pub fn assert_tshark_decodes(file: &Path, want: &[&str], bad: &[&str]) -> String {
    assert_tshark_decodes_as(file, &[], want, bad)
}

/// [`assert_tshark_decodes`] with `-d` rules (`tcp.port==4450,nbss`: SMB2 over TCP on a
/// port other than 445).
pub fn assert_tshark_decodes_as(
    file: &Path,
    decode_as: &[&str],
    want: &[&str],
    bad: &[&str],
) -> String {
    let out = Command::new("tshark")
        .arg("-r")
        .arg(file)
        .args(decode_as.iter().flat_map(|d| ["-d", d]))
        .arg("-V")
        .output()
        .expect("tshark runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    for w in want {
        assert!(
            text.contains(w),
            "tshark output lacks {w:?} ({})",
            file.display()
        );
    }
    for b in ["Malformed", "Bad CRC", "[Expert Info (Error"]
        .iter()
        .chain(bad)
    {
        assert!(
            !text.contains(b),
            "tshark reports {b:?}:\n{}",
            &text[..text.len().min(30_000)]
        );
    }
    text
}
