//! Rust source as tokens, enough for the house rules: comments and the insides of string
//! and character literals are gone, every token keeps its line. Not a parser: it knows
//! what a rule needs (identifiers, `::`, brackets, `;`, `#`) and nothing of types.

/// One token: an identifier or keyword, a literal (its text dropped), or one punctuation
/// character (`::` is one token).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tok {
    pub text: String,
    pub line: usize,
}

impl Tok {
    pub fn is(&self, s: &str) -> bool {
        self.text == s
    }

    pub fn is_ident(&self) -> bool {
        self.text
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
    }
}

/// The tokens of `src`. A literal becomes the token `"lit"`; a lifetime `'a` becomes `'a`.
pub fn tokens(src: &str) -> Vec<Tok> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < b.len() {
        let c = b[i];
        let start_line = line;
        if c == b'\n' {
            line += 1;
            i += 1;
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            i = skip_block_comment(b, i, &mut line);
        } else if let Some(end) = raw_string_end(b, i, &mut line) {
            i = end;
            out.push(lit(start_line));
        } else if c == b'"' || (c == b'b' && b.get(i + 1) == Some(&b'"')) {
            i = skip_quoted(b, if c == b'b' { i + 1 } else { i }, b'"', &mut line);
            out.push(lit(start_line));
        } else if c == b'\'' || (c == b'b' && b.get(i + 1) == Some(&b'\'')) {
            let q = if c == b'b' { i + 1 } else { i };
            match char_literal_end(b, q) {
                Some(end) => {
                    i = end;
                    out.push(lit(start_line));
                }
                None => {
                    // A lifetime or a label: the quote and the name.
                    let mut j = q + 1;
                    while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                        j += 1;
                    }
                    out.push(Tok {
                        text: src[q..j].to_string(),
                        line,
                    });
                    i = j;
                }
            }
        } else if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
            let mut j = i;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] >= 0x80) {
                j += 1;
            }
            out.push(Tok {
                text: src[i..j].to_string(),
                line,
            });
            i = j;
        } else if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                // `1..2` is a range, not a number with two points.
                if b[i] == b'.' && b.get(i + 1) == Some(&b'.') {
                    break;
                }
                i += 1;
            }
            out.push(lit(line));
        } else if b[i..].starts_with(b"::") {
            out.push(Tok {
                text: "::".into(),
                line,
            });
            i += 2;
        } else {
            out.push(Tok {
                text: (c as char).to_string(),
                line,
            });
            i += 1;
        }
    }
    out
}

fn lit(line: usize) -> Tok {
    Tok {
        text: "\"lit\"".into(),
        line,
    }
}

/// Past a (nested) block comment that starts at `i`.
fn skip_block_comment(b: &[u8], mut i: usize, line: &mut usize) -> usize {
    let mut depth = 0;
    while i < b.len() {
        if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            if b[i] == b'\n' {
                *line += 1;
            }
            i += 1;
        }
    }
    i
}

/// Past a quoted literal whose opening quote is at `i` (escapes honoured).
fn skip_quoted(b: &[u8], mut i: usize, quote: u8, line: &mut usize) -> usize {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'\n' => {
                *line += 1;
                i += 1
            }
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// The end of a raw string (`r"…"`, `r#"…"#`, `br…`) starting at `i`, if one does.
fn raw_string_end(b: &[u8], i: usize, line: &mut usize) -> Option<usize> {
    let mut j = i;
    if b.get(j) == Some(&b'b') {
        j += 1;
    }
    if b.get(j) != Some(&b'r') {
        return None;
    }
    // Not the tail of an identifier such as `bar`.
    if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
        return None;
    }
    j += 1;
    let hashes = b[j..].iter().take_while(|&&c| c == b'#').count();
    j += hashes;
    if b.get(j) != Some(&b'"') {
        return None;
    }
    j += 1;
    while j < b.len() {
        if b[j] == b'"'
            && b[j + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == b'#')
                .count()
                == hashes
        {
            return Some(j + 1 + hashes);
        }
        if b[j] == b'\n' {
            *line += 1;
        }
        j += 1;
    }
    Some(j)
}

/// The end of a character literal whose quote is at `q`, or None for a lifetime.
fn char_literal_end(b: &[u8], q: usize) -> Option<usize> {
    match b.get(q + 1)? {
        b'\\' => {
            let mut j = q + 2;
            while j < b.len() && b[j] != b'\'' && j < q + 12 {
                j += 1;
            }
            (b.get(j) == Some(&b'\'')).then_some(j + 1)
        }
        _ => {
            // One character (maybe several bytes) then a quote.
            let s = std::str::from_utf8(&b[q + 1..(q + 6).min(b.len())])
                .ok()
                .or_else(|| {
                    (1..5)
                        .rev()
                        .find_map(|n| std::str::from_utf8(&b[q + 1..(q + 1 + n).min(b.len())]).ok())
                })?;
            let ch = s.chars().next()?;
            let end = q + 1 + ch.len_utf8();
            (b.get(end) == Some(&b'\'')).then_some(end + 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<String> {
        tokens(src).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn comments_and_literals_are_gone() {
        let t = texts("a // fn x() {\n/* fn y() { /* nested */ } */ \"fn z() {\" r#\"{\"# 'x' '{'");
        assert_eq!(t, ["a", "\"lit\"", "\"lit\"", "\"lit\"", "\"lit\""]);
    }

    #[test]
    fn lifetimes_are_not_char_literals() {
        let t = texts("fn f<'a>(x: &'a str) -> char { '\\n' }");
        assert!(t.contains(&"'a".to_string()));
        assert_eq!(t.iter().filter(|s| *s == "\"lit\"").count(), 1);
    }

    #[test]
    fn lines_are_counted_through_literals() {
        let t = tokens("\"a\nb\"\n/*\n*/ x");
        assert_eq!(t.last().unwrap().line, 4);
    }

    #[test]
    fn paths_keep_their_separator() {
        assert_eq!(texts("crate::a::B"), ["crate", "::", "a", "::", "B"]);
        assert_eq!(texts("0..n"), ["\"lit\"", ".", ".", "n"]);
    }
}
