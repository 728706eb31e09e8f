//! The user database: name → NT hash (MD4 of the UTF-16LE password, MS-NLMP 3.3.1).

use md4::{Digest, Md4};

#[derive(Clone, Debug, Default)]
pub struct UserDb {
    users: Vec<(String, String, [u8; 16])>,
}

pub fn nt_hash(password: &str) -> [u8; 16] {
    let u: Vec<u8> = password
        .encode_utf16()
        .flat_map(|c| c.to_le_bytes())
        .collect();
    Md4::digest(&u).into()
}

fn valid_name(n: &str) -> bool {
    !n.is_empty()
        && n.len() <= 64
        && !n
            .chars()
            .any(|c| c.is_control() || ":\\/@\"[]|<>+=;,?*%".contains(c))
}

impl UserDb {
    pub fn new() -> Self {
        UserDb::default()
    }

    /// One line per user: `name:domain:32-hex-NT-hash`; `#` starts a comment.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut db = UserDb::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let parts: Vec<&str> = line.split(':').collect();
            if parts.len() != 3 || !valid_name(parts[0]) || parts[2].len() != 32 {
                return Err(format!("line {}: expected name:domain:nthash", i + 1));
            }
            let mut h = [0u8; 16];
            for (j, b) in h.iter_mut().enumerate() {
                *b = u8::from_str_radix(&parts[2][2 * j..2 * j + 2], 16)
                    .map_err(|_| format!("line {}: bad hex in hash", i + 1))?;
            }
            db.users
                .push((parts[0].to_string(), parts[1].to_string(), h));
        }
        Ok(db)
    }

    pub fn to_text(&self) -> String {
        let mut s = String::from("# smbdirectd users: name:domain:NT hash\n");
        for (n, d, h) in &self.users {
            let hex: String = h.iter().map(|b| format!("{b:02x}")).collect();
            s.push_str(&format!("{n}:{d}:{hex}\n"));
        }
        s
    }

    pub fn add(&mut self, name: &str, password: &str) -> Result<(), String> {
        if !valid_name(name) {
            return Err(format!("invalid user name {name:?}"));
        }
        self.remove(name);
        self.users
            .push((name.to_string(), String::new(), nt_hash(password)));
        Ok(())
    }

    pub fn remove(&mut self, name: &str) -> bool {
        let before = self.users.len();
        self.users.retain(|(n, _, _)| !n.eq_ignore_ascii_case(name));
        self.users.len() != before
    }

    pub fn names(&self) -> Vec<String> {
        self.users.iter().map(|(n, _, _)| n.clone()).collect()
    }

    pub fn nt_hash(&self, name: &str) -> Option<[u8; 16]> {
        self.users
            .iter()
            .find(|(n, _, _)| n.to_lowercase() == name.to_lowercase())
            .map(|(_, _, h)| *h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nt_hash_vector() {
        // MS-NLMP 4.2.2.1.2: NTOWFv1("Password").
        let h = nt_hash("Password");
        assert_eq!(
            h,
            [
                0xa4, 0xf4, 0x9c, 0x40, 0x65, 0x10, 0xbd, 0xca, 0xb6, 0x82, 0x4e, 0xe7, 0xc3, 0x0f,
                0xd8, 0x52
            ]
        );
    }

    #[test]
    fn round_trip_and_errors() {
        let mut db = UserDb::new();
        db.add("Alice", "pw").unwrap();
        assert!(db.add("bad:name", "pw").is_err());
        let db2 = UserDb::parse(&db.to_text()).unwrap();
        assert_eq!(db2.nt_hash("alice"), Some(nt_hash("pw")));
        assert!(UserDb::parse("x:y:zz").unwrap_err().contains("line 1"));
        assert!(db.clone().remove("ALICE"));
    }
}
