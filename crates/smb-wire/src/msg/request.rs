//! The requests of MS-SMB2 2.2.5–2.2.40 encoded from the same types `msg` decodes them
//! into, so that a client and the server read one definition of each layout (the round
//! trips are tested below). Each `encode` appends a request's body to `out`; its offsets
//! count from the first byte of the 64-byte header before the body (every offset in
//! SMB2 does), whether that header is in `out` or not (a test's body alone).

use super::*;

/// A buffer's offset field: `B + fixed` (right after the fixed part) or 0 when empty.
fn offset_of(buf: &[u8], fixed: usize) -> usize {
    if buf.is_empty() {
        0
    } else {
        B + fixed
    }
}

/// The variable part of a request: its bytes, or the one byte a request with nothing
/// there still carries (MS-SMB2: the Buffer field is at least one byte).
fn put_buffer(out: &mut Vec<u8>, buf: &[u8]) {
    if buf.is_empty() {
        out.put_u8(0);
    } else {
        out.extend_from_slice(buf);
    }
}

impl BufferDescriptorV1 {
    /// The descriptor's 16 bytes (a READ's or WRITE's channel information is a list).
    pub fn put(&self, out: &mut Vec<u8>) {
        out.put_u64(self.offset);
        out.put_u32(self.token);
        out.put_u32(self.length);
    }
}

impl SessionSetupRequest<'_> {
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u16(25);
        out.put_u8(self.flags);
        out.put_u8(self.security_mode);
        out.put_u32(self.capabilities);
        out.put_u32(self.channel);
        out.put_u16(offset_of(self.security_buffer, 24) as u16);
        out.put_u16(self.security_buffer.len() as u16);
        out.put_u64(self.previous_session_id);
        put_buffer(out, self.security_buffer);
    }
}

/// LOGOFF, TREE_DISCONNECT, ECHO and CANCEL requests (2.2.7, 2.2.11, 2.2.28, 2.2.30).
pub fn encode_small_request(out: &mut Vec<u8>) {
    out.put_u16(4);
    out.put_u16(0);
}

impl TreeConnectRequest {
    pub fn encode(&self, out: &mut Vec<u8>) {
        let mut path = Vec::new();
        put_utf16(&mut path, &self.path);
        out.put_u16(9);
        out.put_u16(self.flags);
        out.put_u16(offset_of(&path, 8) as u16);
        out.put_u16(path.len() as u16);
        put_buffer(out, &path);
    }
}

impl CloseRequest {
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u16(24);
        out.put_u16(self.flags);
        out.put_u32(0);
        self.file_id.put(out);
    }
}

/// A FLUSH of `file_id` (2.2.17).
pub fn encode_flush(out: &mut Vec<u8>, file_id: FileId) {
    out.put_u16(24);
    out.put_u16(0);
    out.put_u32(0);
    file_id.put(out);
}

impl ReadRequest<'_> {
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u16(49);
        out.put_u8(self.padding);
        out.put_u8(self.flags);
        out.put_u32(self.length);
        out.put_u64(self.offset);
        self.file_id.put(out);
        out.put_u32(self.minimum_count);
        out.put_u32(self.channel);
        out.put_u32(self.remaining_bytes);
        out.put_u16(offset_of(self.channel_info, 48) as u16);
        out.put_u16(self.channel_info.len() as u16);
        put_buffer(out, self.channel_info);
    }
}

impl WriteRequest<'_> {
    /// The data inline (when there is any), then the channel information (the
    /// descriptors of an RDMA write).
    pub fn encode(&self, out: &mut Vec<u8>) {
        let info_at = match self.channel_info.len() {
            0 => 0,
            _ => B + 48 + self.data.len(),
        };
        out.put_u16(49);
        out.put_u16(offset_of(self.data, 48) as u16);
        out.put_u32(self.length);
        out.put_u64(self.offset);
        self.file_id.put(out);
        out.put_u32(self.channel);
        out.put_u32(self.remaining_bytes);
        out.put_u16(info_at as u16);
        out.put_u16(self.channel_info.len() as u16);
        out.put_u32(self.flags);
        out.extend_from_slice(self.data);
        out.extend_from_slice(self.channel_info);
        if self.data.is_empty() && self.channel_info.is_empty() {
            out.put_u8(0);
        }
    }
}

impl LockRequest {
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u16(48);
        out.put_u16(self.locks.len() as u16);
        out.put_u32(self.lock_sequence);
        self.file_id.put(out);
        for l in &self.locks {
            out.put_u64(l.offset);
            out.put_u64(l.length);
            out.put_u32(l.flags);
            out.put_u32(0);
        }
    }
}

impl<'a> IoctlRequest<'a> {
    /// An FSCTL (SMB2_0_IOCTL_IS_FSCTL) on `file_id` with `input`, answering at most
    /// `max_out` bytes.
    pub fn fsctl(ctl_code: u32, file_id: FileId, input: &'a [u8], max_out: u32) -> Self {
        IoctlRequest {
            ctl_code,
            file_id,
            input,
            max_input_response: 0,
            max_output_response: max_out,
            flags: IOCTL_IS_FSCTL,
        }
    }

    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u16(57);
        out.put_u16(0);
        out.put_u32(self.ctl_code);
        self.file_id.put(out);
        out.put_u32(offset_of(self.input, 56) as u32);
        out.put_u32(self.input.len() as u32);
        out.put_u32(self.max_input_response);
        out.put_u32(0); // OutputOffset
        out.put_u32(0); // OutputCount
        out.put_u32(self.max_output_response);
        out.put_u32(self.flags);
        out.put_u32(0);
        out.extend_from_slice(self.input);
    }
}

impl QueryDirectoryRequest {
    pub fn encode(&self, out: &mut Vec<u8>) {
        let mut name = Vec::new();
        put_utf16(&mut name, &self.pattern);
        out.put_u16(33);
        out.put_u8(self.info_class);
        out.put_u8(self.flags);
        out.put_u32(self.file_index);
        self.file_id.put(out);
        out.put_u16(offset_of(&name, 32) as u16);
        out.put_u16(name.len() as u16);
        out.put_u32(self.output_buffer_length);
        put_buffer(out, &name);
    }
}

impl ChangeNotifyRequest {
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u16(32);
        out.put_u16(self.flags);
        out.put_u32(self.output_buffer_length);
        self.file_id.put(out);
        out.put_u32(self.completion_filter);
        out.put_u32(0);
    }
}

impl QueryInfoRequest<'_> {
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u16(41);
        out.put_u8(self.info_type);
        out.put_u8(self.info_class);
        out.put_u32(self.output_buffer_length);
        out.put_u16(offset_of(self.input, 40) as u16);
        out.put_u16(0);
        out.put_u32(self.input.len() as u32);
        out.put_u32(self.additional_information);
        out.put_u32(self.flags);
        self.file_id.put(out);
        put_buffer(out, self.input);
    }
}

impl SetInfoRequest<'_> {
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u16(33);
        out.put_u8(self.info_type);
        out.put_u8(self.info_class);
        out.put_u32(self.buffer.len() as u32);
        out.put_u16(offset_of(self.buffer, 32) as u16);
        out.put_u16(0);
        out.put_u32(self.additional_information);
        self.file_id.put(out);
        put_buffer(out, self.buffer);
    }
}

impl OplockBreakAck {
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u16(24);
        out.put_u8(self.oplock_level);
        out.put_u8(0);
        out.put_u32(0);
        self.file_id.put(out);
    }
}

impl LeaseBreakAck {
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u16(36);
        out.put_u16(0);
        out.put_u32(self.flags);
        out.extend_from_slice(&self.lease_key);
        out.put_u32(self.lease_state);
        out.put_u64(0);
    }
}

impl<'a> CreateRequest<'a> {
    /// A CREATE of `name` (UTF-16LE) with `contexts` (tag, data); what the server reads
    /// of the contexts (`known`) is worked out from them as a parse would.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        oplock_level: u8,
        desired_access: u32,
        share_access: u32,
        disposition: u32,
        options: u32,
        file_attributes: u32,
        name: &'a [u8],
        contexts: &'a [(&'a [u8], Vec<u8>)],
    ) -> CreateRequest<'a> {
        let contexts: Vec<_> = contexts
            .iter()
            .map(|(name, data)| CreateContext { name, data })
            .collect();
        CreateRequest {
            oplock_level,
            impersonation_level: 2, // Impersonation
            desired_access,
            file_attributes,
            share_access,
            disposition,
            options,
            name,
            known: CreateContexts::of(&contexts),
            contexts,
        }
    }

    /// The name at its fixed place (120, with a byte standing in for an empty one),
    /// then the contexts 8-aligned from the header.
    pub fn encode(&self, out: &mut Vec<u8>) {
        let body = out.len();
        out.put_u16(57);
        out.put_u8(0); // SecurityFlags
        out.put_u8(self.oplock_level);
        out.put_u32(self.impersonation_level);
        out.put_u64(0); // SmbCreateFlags
        out.put_u64(0);
        out.put_u32(self.desired_access);
        out.put_u32(self.file_attributes);
        out.put_u32(self.share_access);
        out.put_u32(self.disposition);
        out.put_u32(self.options);
        out.put_u16((B + 56) as u16);
        out.put_u16(self.name.len() as u16);
        let ctx_at = out.len();
        out.put_u32(0);
        out.put_u32(0);
        put_buffer(out, self.name);
        if !self.contexts.is_empty() {
            let list: Vec<(&[u8], Vec<u8>)> = self
                .contexts
                .iter()
                .map(|c| (c.name, c.data.to_vec()))
                .collect();
            let chain = encode_create_contexts(&list);
            // (8-aligned from the body is 8-aligned from the header: it is 64 bytes.)
            out.align_from(body, 8);
            out.set_u32(ctx_at, (B + out.len() - body) as u32);
            out.set_u32(ctx_at + 4, chain.len() as u32);
            out.extend_from_slice(&chain);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::header::{Command, Header};

    /// `encode`'s body after a header (at `at` bytes into the buffer, as in a compound),
    /// as the message the server parses.
    fn message(at: usize, command: Command, encode: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
        let mut out = vec![0xEE; at];
        Header {
            command: command.0,
            ..Default::default()
        }
        .encode(&mut out);
        encode(&mut out);
        out.split_off(at)
    }

    const F: FileId = FileId {
        persistent: 0x1122_3344_5566_7788,
        volatile: 0x99AA_BBCC_DDEE_FF00,
    };

    #[test]
    fn session_setup_and_tree_connect_round_trip() {
        let s = SessionSetupRequest {
            flags: SESSION_FLAG_BINDING,
            security_mode: 2,
            capabilities: 0x7f,
            channel: 0,
            security_buffer: b"NTLMSSP\0token",
            previous_session_id: 42,
        };
        let m = message(0, Command::SESSION_SETUP, |o| s.encode(o));
        let p = SessionSetupRequest::parse(&m).unwrap();
        assert_eq!(
            (p.flags, p.security_mode, p.capabilities, p.security_buffer),
            (s.flags, s.security_mode, s.capabilities, s.security_buffer)
        );
        assert_eq!(p.previous_session_id, 42);
        let t = TreeConnectRequest {
            flags: 0,
            path: "\\\\node\\vms".into(),
        };
        let m = message(0, Command::TREE_CONNECT, |o| t.encode(o));
        let p = TreeConnectRequest::parse(&m).unwrap();
        assert_eq!((p.flags, p.path.as_str()), (0, "\\\\node\\vms"));
        let m = message(0, Command::ECHO, encode_small_request);
        parse_small(&m).unwrap();
    }

    #[test]
    fn create_round_trips_with_and_without_name_and_contexts_in_a_compound() {
        let name: Vec<u8> = "vm\\disk.vhdx"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let lease = [7u8; 32];
        let both = [
            (create_tag::DURABLE_V2, vec![1; 32]),
            (create_tag::LEASE, lease.to_vec()),
        ];
        let max_access = [(create_tag::MAX_ACCESS, vec![])];
        for (at, name, contexts) in [
            (0, &name[..], &[][..]),
            (136, &name[..], &both[..]),
            (0, &[][..], &max_access[..]),
        ] {
            let c = CreateRequest::new(9, 0x0012_019f, 7, 3, 0x40, 0x80, name, contexts);
            let m = message(at, Command::CREATE, |o| c.encode(o));
            let p = CreateRequest::parse(&m).unwrap();
            assert_eq!(
                (p.oplock_level, p.impersonation_level, p.desired_access),
                (9, 2, 0x0012_019f)
            );
            assert_eq!(
                (p.file_attributes, p.share_access, p.disposition, p.options),
                (0x80, 7, 3, 0x40)
            );
            assert_eq!(p.name, name);
            let got: Vec<_> = p.contexts.iter().map(|c| (c.name, c.data)).collect();
            let want: Vec<_> = c.contexts.iter().map(|c| (c.name, c.data)).collect();
            assert_eq!(got, want);
            assert_eq!(p.known.lease.is_some(), c.known.lease.is_some());
        }
    }

    #[test]
    fn reads_and_writes_round_trip_inline_and_over_rdma() {
        let d = BufferDescriptorV1 {
            offset: 0x7f00_1234_5000,
            token: 0xABCD,
            length: 1 << 20,
        };
        let mut desc = Vec::new();
        d.put(&mut desc);
        assert_eq!(parse_buffer_descriptors(&desc, 1).unwrap().as_slice(), [d]);
        for info in [&[][..], &desc[..]] {
            let r = ReadRequest {
                padding: READ_DATA_OFFSET,
                flags: 0,
                length: 1 << 20,
                offset: 8192,
                file_id: F,
                minimum_count: 0,
                channel: if info.is_empty() { 0 } else { channel::RDMA_V1 },
                remaining_bytes: 0,
                channel_info: info,
            };
            let m = message(0, Command::READ, |o| r.encode(o));
            let p = ReadRequest::parse(&m).unwrap();
            assert_eq!((p.length, p.offset, p.file_id), (1 << 20, 8192, F));
            assert_eq!(
                (p.padding, p.channel, p.channel_info),
                (80, r.channel, info)
            );
        }
        let data = [0xABu8; 300];
        for (data, info, channel) in [
            (&data[..], &[][..], channel::NONE),
            (&[][..], &desc[..], channel::RDMA_V1_INVALIDATE),
        ] {
            let w = WriteRequest {
                offset: 4096,
                file_id: F,
                channel,
                remaining_bytes: 0,
                flags: WRITE_FLAG_WRITE_THROUGH,
                data,
                length: 300,
                channel_info: info,
            };
            let m = message(72, Command::WRITE, |o| w.encode(o));
            let p = WriteRequest::parse(&m).unwrap();
            assert_eq!((p.offset, p.file_id, p.flags), (4096, F, 1));
            assert_eq!((p.data, p.length, p.channel_info), (data, 300, info));
        }
    }

    #[test]
    fn the_other_requests_round_trip() {
        let c = CloseRequest {
            flags: CLOSE_FLAG_POSTQUERY_ATTRIB,
            file_id: F,
        };
        let p = CloseRequest::parse(&message(0, Command::CLOSE, |o| c.encode(o))).unwrap();
        assert_eq!((p.flags, p.file_id), (1, F));
        let m = message(0, Command::FLUSH, |o| encode_flush(o, F));
        assert_eq!(parse_flush(&m).unwrap(), F);
        let l = LockRequest {
            lock_sequence: 0x31,
            file_id: F,
            locks: vec![
                LockElement {
                    offset: 10,
                    length: 20,
                    flags: lock_flags::EXCLUSIVE | lock_flags::FAIL_IMMEDIATELY,
                },
                LockElement {
                    offset: 0,
                    length: u64::MAX,
                    flags: lock_flags::UNLOCK,
                },
            ],
        };
        let p = LockRequest::parse(&message(0, Command::LOCK, |o| l.encode(o))).unwrap();
        assert_eq!((p.lock_sequence, p.file_id, &p.locks), (0x31, F, &l.locks));
        for input in [&[][..], &[3u8; 24][..]] {
            let i = IoctlRequest {
                ctl_code: fsctl::QUERY_NETWORK_INTERFACE_INFO,
                file_id: F,
                input,
                max_input_response: 0,
                max_output_response: 65536,
                flags: IOCTL_IS_FSCTL,
            };
            let m = message(0, Command::IOCTL, |o| i.encode(o));
            let p = IoctlRequest::parse(&m).unwrap();
            assert_eq!((p.ctl_code, p.file_id, p.input), (i.ctl_code, F, input));
            assert_eq!((p.max_output_response, p.flags), (65536, 1));
        }
        let q = QueryDirectoryRequest {
            info_class: 37,
            flags: qd_flags::RESTART_SCANS,
            file_index: 0,
            file_id: F,
            pattern: "*.vhdx".into(),
            output_buffer_length: 65536,
        };
        let p =
            QueryDirectoryRequest::parse(&message(0, Command::QUERY_DIRECTORY, |o| q.encode(o)))
                .unwrap();
        assert_eq!((p.info_class, p.flags, p.file_id), (37, 1, F));
        assert_eq!(
            (p.pattern.as_str(), p.output_buffer_length),
            ("*.vhdx", 65536)
        );
        let n = ChangeNotifyRequest {
            flags: WATCH_TREE,
            output_buffer_length: 4096,
            file_id: F,
            completion_filter: 0x17,
        };
        let p = ChangeNotifyRequest::parse(&message(0, Command::CHANGE_NOTIFY, |o| n.encode(o)))
            .unwrap();
        assert_eq!(
            (
                p.flags,
                p.output_buffer_length,
                p.file_id,
                p.completion_filter
            ),
            (1, 4096, F, 0x17)
        );
        for input in [&[][..], &[9u8; 12][..]] {
            let q = QueryInfoRequest {
                info_type: info_type::FILE,
                info_class: 15,
                output_buffer_length: 65536,
                input,
                additional_information: 0,
                flags: 0,
                file_id: F,
            };
            let m = message(0, Command::QUERY_INFO, |o| q.encode(o));
            let p = QueryInfoRequest::parse(&m).unwrap();
            assert_eq!(
                (p.info_type, p.info_class, p.input, p.file_id),
                (1, 15, input, F)
            );
        }
        let s = SetInfoRequest {
            info_type: info_type::FILE,
            info_class: 20,
            buffer: &4096u64.to_le_bytes(),
            additional_information: 0,
            file_id: F,
        };
        let m = message(0, Command::SET_INFO, |o| s.encode(o));
        let p = SetInfoRequest::parse(&m).unwrap();
        assert_eq!(
            (p.info_type, p.info_class, p.buffer, p.file_id),
            (1, 20, s.buffer, F)
        );
        let o = OplockBreakAck {
            oplock_level: 1,
            file_id: F,
        };
        let p = OplockBreakAck::parse(&message(0, Command::OPLOCK_BREAK, |b| o.encode(b))).unwrap();
        assert_eq!((p.oplock_level, p.file_id), (1, F));
        let l = LeaseBreakAck {
            flags: 0,
            lease_key: [4; 16],
            lease_state: 1,
        };
        let m = message(0, Command::OPLOCK_BREAK, |b| l.encode(b));
        assert_eq!(LeaseBreakAck::parse(&m).unwrap(), l);
        assert!(
            OplockBreakAck::parse(&m).is_err(),
            "a lease ack is not an oplock ack"
        );
    }
}
