//! A small reader and writer of the safetensors layout, for the learned
//! evaluation's weights (the `safetensors` crate would cost the page's
//! worker about 50 KB gzipped, mostly `serde_json`; this costs a few).
//!
//! The layout: 8 bytes, the little-endian length `N` of the header; `N`
//! bytes of JSON header, an object that maps each tensor's name to
//! `{"dtype": "F32", "shape": [..], "data_offsets": [begin, end]}` (offsets
//! into the data that follows the header) and may hold a `"__metadata__"`
//! object of strings; then the data. Every malformed, truncated or
//! inconsistent input is an error, never a panic (a property test feeds it
//! arbitrary bytes).

use std::fmt::Write as _;

/// The deepest nesting the header parser follows (the layout needs 3).
const MAX_DEPTH: u32 = 16;

/// One tensor of a file: its type as spelled in the header, its shape and
/// its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tensor<'a> {
    /// `F32`, `F16`, `BF16`, … as the header spells it.
    pub dtype: String,
    /// The shape, outermost first.
    pub shape: Vec<usize>,
    /// The raw little-endian data.
    pub data: &'a [u8],
}

/// A JSON value of the header (numbers kept only when whole).
#[derive(Debug)]
enum Json {
    Object(Vec<(String, Json)>),
    Array(Vec<Json>),
    String(String),
    Whole(u64),
    Other,
}

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self
            .text
            .get(self.at)
            .is_some_and(|c| c.is_ascii_whitespace())
        {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.get(self.at).copied()
    }

    fn expect(&mut self, c: u8) -> Result<(), String> {
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(format!(
                "header: expected '{}' at byte {}",
                char::from(c),
                self.at
            ))
        }
    }

    fn value(&mut self, depth: u32) -> Result<Json, String> {
        if depth > MAX_DEPTH {
            return Err("header: nested too deep".into());
        }
        match self.peek() {
            Some(b'{') => {
                self.at += 1;
                let mut members = Vec::new();
                if self.peek() == Some(b'}') {
                    self.at += 1;
                    return Ok(Json::Object(members));
                }
                loop {
                    let key = self.string()?;
                    self.expect(b':')?;
                    members.push((key, self.value(depth + 1)?));
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b'}') => {
                            self.at += 1;
                            return Ok(Json::Object(members));
                        }
                        _ => {
                            return Err(format!("header: expected ',' or '}}' at byte {}", self.at))
                        }
                    }
                }
            }
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                if self.peek() == Some(b']') {
                    self.at += 1;
                    return Ok(Json::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b']') => {
                            self.at += 1;
                            return Ok(Json::Array(items));
                        }
                        _ => {
                            return Err(format!("header: expected ',' or ']' at byte {}", self.at))
                        }
                    }
                }
            }
            Some(b'"') => self.string().map(Json::String),
            Some(c) if c == b'-' || c.is_ascii_digit() => self.number(),
            Some(_) => {
                for word in ["true", "false", "null"] {
                    if self.text[self.at..].starts_with(word.as_bytes()) {
                        self.at += word.len();
                        return Ok(Json::Other);
                    }
                }
                Err(format!("header: unexpected byte {}", self.at))
            }
            None => Err("header: ends early".into()),
        }
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.at;
        while self
            .text
            .get(self.at)
            .is_some_and(|c| c.is_ascii_digit() || b"+-.eE".contains(c))
        {
            self.at += 1;
        }
        let text = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
        // Only whole numbers matter here; any other number is kept as text
        // unchecked (parsing floats would pull `f64::from_str` into the page).
        match text.parse::<u64>() {
            Ok(n) => Ok(Json::Whole(n)),
            Err(_) if text.bytes().any(|c| c.is_ascii_digit()) => Ok(Json::Other),
            Err(_) => Err(format!("header: bad number at byte {start}")),
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let mut out = Vec::new();
        loop {
            let Some(&c) = self.text.get(self.at) else {
                return Err("header: unterminated string".into());
            };
            self.at += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = self.text.get(self.at) else {
                        return Err("header: unterminated string".into());
                    };
                    self.at += 1;
                    match e {
                        b'"' | b'\\' | b'/' => out.push(e),
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'u' => {
                            let hex = self
                                .text
                                .get(self.at..self.at + 4)
                                .and_then(|h| std::str::from_utf8(h).ok())
                                .and_then(|h| u32::from_str_radix(h, 16).ok())
                                .ok_or("header: bad \\u escape")?;
                            self.at += 4;
                            // Surrogates become U+FFFD: names here are ASCII.
                            let ch = char::from_u32(hex).unwrap_or('\u{fffd}');
                            out.extend(ch.to_string().as_bytes());
                        }
                        _ => return Err("header: bad escape".into()),
                    }
                }
                _ => out.push(c),
            }
        }
        String::from_utf8(out).map_err(|_| "header: a string is not UTF-8".into())
    }
}

/// The bytes per element of a dtype this reader knows, if it knows it.
fn element_size(dtype: &str) -> Option<usize> {
    match dtype {
        "F64" | "I64" | "U64" => Some(8),
        "F32" | "I32" | "U32" => Some(4),
        "F16" | "BF16" | "I16" | "U16" => Some(2),
        "I8" | "U8" | "BOOL" => Some(1),
        _ => None,
    }
}

/// The tensors of a safetensors file, in header order; the error says what
/// is wrong (truncated, bad header, offsets outside the data, a tensor's
/// bytes not matching its shape and type).
pub fn read(bytes: &[u8]) -> Result<Vec<(String, Tensor<'_>)>, String> {
    let length: [u8; 8] = bytes
        .get(..8)
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| format!("{} bytes, shorter than the header's length", bytes.len()))?;
    let n = usize::try_from(u64::from_le_bytes(length)).unwrap_or(usize::MAX);
    let header = bytes.get(8..8usize.saturating_add(n)).ok_or_else(|| {
        format!(
            "truncated: a header of {n} bytes, {} there",
            bytes.len() - 8
        )
    })?;
    let data = &bytes[8 + n..];
    let mut parser = Parser {
        text: header,
        at: 0,
    };
    let Json::Object(members) = parser.value(0)? else {
        return Err("header: not a JSON object".into());
    };
    if parser.peek().is_some() {
        return Err(format!(
            "header: text after the object at byte {}",
            parser.at
        ));
    }
    let mut tensors = Vec::new();
    for (name, value) in members {
        if name == "__metadata__" {
            continue;
        }
        let Json::Object(fields) = value else {
            return Err(format!("tensor {name}: not an object"));
        };
        let field = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| v);
        let Some(Json::String(dtype)) = field("dtype") else {
            return Err(format!("tensor {name}: no dtype"));
        };
        let wholes = |key: &str| -> Result<Vec<usize>, String> {
            match field(key) {
                Some(Json::Array(items)) => items
                    .iter()
                    .map(|i| match i {
                        Json::Whole(n) => usize::try_from(*n).map_err(|_| ()),
                        _ => Err(()),
                    })
                    .collect::<Result<Vec<usize>, ()>>()
                    .map_err(|()| format!("tensor {name}: {key} is not whole numbers")),
                _ => Err(format!("tensor {name}: no {key}")),
            }
        };
        let shape = wholes("shape")?;
        let offsets = wholes("data_offsets")?;
        let [begin, end] = offsets[..] else {
            return Err(format!("tensor {name}: data_offsets is not [begin, end]"));
        };
        let tensor_data = data
            .get(begin..end)
            .filter(|_| begin <= end)
            .ok_or_else(|| {
                format!(
                    "truncated: tensor {name} needs bytes {begin}..{end} of {}",
                    data.len()
                )
            })?;
        let elements = shape
            .iter()
            .try_fold(1usize, |n, &d| n.checked_mul(d))
            .ok_or_else(|| format!("tensor {name}: its shape is too large"))?;
        if let Some(size) = element_size(dtype) {
            if elements.checked_mul(size) != Some(tensor_data.len()) {
                return Err(format!(
                    "tensor {name}: {} bytes for {elements} elements of {dtype}",
                    tensor_data.len()
                ));
            }
        }
        tensors.push((
            name,
            Tensor {
                dtype: dtype.clone(),
                shape,
                data: tensor_data,
            },
        ));
    }
    Ok(tensors)
}

/// How [`write`] stores the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// 32-bit floats, exactly as given.
    F32,
    /// IEEE half precision, each value rounded to the nearest one (11
    /// significant bits: a relative error of at most 2⁻¹¹).
    F16,
}

/// A safetensors file of the tensors (name, shape, values) stored as
/// `stored` says, in the order given, its header padded with spaces to a
/// multiple of 8 bytes as the reference writer does.
pub fn write(tensors: &[(&str, Vec<usize>, &[f32])], stored: Stored) -> Vec<u8> {
    let (dtype, size) = match stored {
        Stored::F32 => ("F32", 4),
        Stored::F16 => ("F16", 2),
    };
    let mut header = String::from("{");
    let mut offset = 0;
    for (i, (name, shape, values)) in tensors.iter().enumerate() {
        let end = offset + values.len() * size;
        let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
        let comma = if i == 0 { "" } else { "," };
        // Names here are plain ASCII without quotes or backslashes.
        let _ = write!(
            header,
            "{comma}\"{name}\":{{\"dtype\":\"{dtype}\",\"shape\":[{}],\"data_offsets\":[{offset},{end}]}}",
            dims.join(",")
        );
        offset = end;
    }
    header.push('}');
    while header.len() % 8 != 0 {
        header.push(' ');
    }
    let mut out = (header.len() as u64).to_le_bytes().to_vec();
    out.extend(header.as_bytes());
    for (_, _, values) in tensors {
        match stored {
            Stored::F32 => out.extend(values.iter().flat_map(|x| x.to_le_bytes())),
            Stored::F16 => out.extend(
                values
                    .iter()
                    .flat_map(|&x| half::f16::from_f32(x).to_le_bytes()),
            ),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_written_reads_back() {
        let a = [1.0f32, -2.5];
        let b = [0.25f32];
        let bytes = write(&[("a", vec![2], &a), ("b.c", vec![1, 1], &b)], Stored::F32);
        let tensors = read(&bytes).expect("reads");
        assert_eq!(tensors.len(), 2);
        assert_eq!(tensors[0].0, "a");
        assert_eq!(tensors[0].1.shape, [2]);
        assert_eq!(tensors[1].1.dtype, "F32");
        assert_eq!(tensors[1].1.data, 0.25f32.to_le_bytes());
    }

    #[test]
    fn headers_with_metadata_spaces_and_escapes_read() {
        let header = br#" { "__metadata__" : {"format":"pt","note":"a\"b\u0041"},
            "x" : { "dtype" : "F32", "shape" : [ ], "data_offsets" : [0, 4] } }"#;
        let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
        bytes.extend(header);
        bytes.extend(1.5f32.to_le_bytes());
        let tensors = read(&bytes).expect("reads");
        assert_eq!(tensors[0].0, "x");
        assert!(tensors[0].1.shape.is_empty());
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let good = write(&[("a", vec![2], &[1.0, 2.0])], Stored::F32);
        for (bytes, expected) in [
            (&good[..4], "4 bytes, shorter than the header's length"),
            (&good[..20], "truncated: a header of"),
            (
                &good[..good.len() - 1],
                "truncated: tensor a needs bytes 0..8 of 7",
            ),
        ] {
            let err = read(bytes).expect_err("refused");
            assert!(err.starts_with(expected), "{err}");
        }
        let with_header = |h: &str| {
            let mut b = (h.len() as u64).to_le_bytes().to_vec();
            b.extend(h.as_bytes());
            b.extend([0u8; 8]);
            b
        };
        for (header, expected) in [
            ("[1]", "header: not a JSON object"),
            ("{\"a\":1}", "tensor a: not an object"),
            (
                "{\"a\":{\"dtype\":\"F32\",\"shape\":[3],\"data_offsets\":[0,8]}}",
                "tensor a: 8 bytes for 3 elements of F32",
            ),
            (
                "{\"a\":{\"dtype\":\"F32\",\"shape\":[-2],\"data_offsets\":[0,8]}}",
                "tensor a: shape is not whole numbers",
            ),
            (
                "{\"a\":{\"dtype\":\"F32\",\"shape\":[2]}}",
                "tensor a: no data_offsets",
            ),
            ("{} x", "header: text after the object"),
        ] {
            let err = read(&with_header(header)).expect_err(header);
            assert!(err.starts_with(expected), "{header}: {err}");
        }
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let header = "[".repeat(100_000);
        let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
        bytes.extend(header.as_bytes());
        assert_eq!(read(&bytes).expect_err("deep"), "header: nested too deep");
    }

    proptest::proptest! {
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..300)) {
            let _ = read(&bytes);
        }

        #[test]
        fn arbitrary_headers_never_panic(header in "[{}\\[\\]\",:0-9a-z_ .\\\\-]{0,120}", tail in proptest::collection::vec(proptest::num::u8::ANY, 0..64)) {
            let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
            bytes.extend(header.as_bytes());
            bytes.extend(tail);
            let _ = read(&bytes);
        }
    }
}
