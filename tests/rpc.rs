//! DCE/RPC on IPC$ with Samba's `rpcclient` (a real peer): lsarpc name and SID
//! translations as Windows' security dialogs, `icacls` and `Get-Acl` ask them of the
//! server holding the files; the policy queries; wkssvc; srvsvc still answering beside
//! them.

mod common;
use common::*;

fn rpcclient(s: &TestServer, commands: &str) -> String {
    let o = std::process::Command::new("timeout")
        .args(["60", "rpcclient", "-p"])
        .arg(s.port.to_string())
        .arg("-U")
        .arg(format!("{USER}%{PASSWORD}"))
        .args(["127.0.0.1", "-c", commands])
        .output()
        .unwrap();
    out_text(&o)
}

/// The SID `lookupnames` gives for `name` (`name S-1-... (Kind: n)`).
fn sid_of(text: &str, name: &str) -> String {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")))
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or_else(|| panic!("no SID for {name} in:\n{text}"))
        .to_string()
}

#[test]
fn rpcclient_translates_names_and_sids() {
    if !require_tool("rpcclient") {
        return;
    }
    let group = "S-1-5-21-5-6-7-1105";
    let s = TestServer::start_with(Opts {
        extra_config: format!(
            "netbios_name = \"NODE7\"\n[security.names]\n\"LAB\\\\Hyper-V Admins\" = \"{group}\"\n"
        ),
        ..Default::default()
    });
    // Names to SIDs: the local user, well-known and configured names, and one nobody has.
    let names = rpcclient(
        &s,
        "lookupnames alice Everyone \"BUILTIN\\Administrators\" \"LAB\\Hyper-V Admins\" \
         \"NT AUTHORITY\\SYSTEM\" nobody",
    );
    let alice = sid_of(&names, "alice");
    assert!(
        names.contains("alice S-1-5-21-") && names.contains("(User: 1)"),
        "{names}"
    );
    assert_eq!(sid_of(&names, "Everyone"), "S-1-1-0");
    assert_eq!(sid_of(&names, "BUILTIN\\Administrators"), "S-1-5-32-544");
    assert_eq!(sid_of(&names, "NT AUTHORITY\\SYSTEM"), "S-1-5-18");
    assert_eq!(sid_of(&names, "LAB\\Hyper-V Admins"), group);
    assert!(names.contains("nobody S-0-0 (UNKNOWN: 8)"), "{names}");
    // The account domain is the node's machine domain, the user's SID under it.
    let policy = rpcclient(&s, "lsaquery 5");
    let machine = policy
        .lines()
        .find_map(|l| l.strip_prefix("Domain Sid: "))
        .unwrap_or_else(|| panic!("{policy}"));
    assert!(policy.contains("Domain Name: NODE7"), "{policy}");
    assert!(
        alice.starts_with(&format!("{machine}-")),
        "{alice} not under {machine}"
    );
    // SIDs to names, as an ACL editor asks for a descriptor's SIDs.
    let sids = rpcclient(
        &s,
        &format!("lookupsids {alice} S-1-5-32-544 {group} S-1-3-0 S-1-5-21-9-9-9-500 {machine}"),
    );
    for want in [
        format!("{alice} NODE7\\alice (1)"),
        "S-1-5-32-544 BUILTIN\\Administrators (4)".to_string(),
        format!("{group} LAB\\Hyper-V Admins (2)"),
        "S-1-3-0 \\CREATOR OWNER (5)".to_string(),
        "S-1-5-21-9-9-9-500 *unknown*\\*unknown* (8)".to_string(),
        format!("{machine} NODE7 (3)"),
    ] {
        assert!(
            sids.contains(&want),
            "{want:?} not in:\n{sids}\n{}",
            s.log()
        );
    }
    // Who am I; wkssvc at each level Windows asks (rpcclient checks the NDR it gets);
    // srvsvc beside them.
    let rest = rpcclient(
        &s,
        "getusername; wkssvc_wkstagetinfo 100; wkssvc_wkstagetinfo 101; \
         wkssvc_wkstagetinfo 102; srvinfo; netshareenumall",
    );
    assert!(rest.contains("Account Name: alice"), "{rest}");
    assert!(
        rest.contains("NODE7") && rest.contains("netname: data"),
        "{rest}"
    );
    assert!(
        !rest.contains("NT_STATUS") && !rest.contains("WERR"),
        "an error in:\n{rest}"
    );
}
