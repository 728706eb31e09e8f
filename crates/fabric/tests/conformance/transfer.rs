//! Data moved: sends small and segmented, writes and reads in order, reads by the server,
//! send with invalidate, and source buffers reused once their request completes.

use super::*;

#[test]
fn send_and_receive_small_and_segmented() {
    for p in all_providers() {
        let (mut c, mut s) = connect(p);
        let rbuf = s.pd.register(RegBuf::new(2 << 20), Access::LOCAL_WRITE);
        let sbuf =
            c.pd.register(buf(2 << 20, |i| (i * 7 % 251) as u8), Access::default());
        for (n, len) in [100usize, 1 << 20].into_iter().enumerate() {
            s.qp.post_recv(RecvWr {
                wr_id: 10 + n as u64,
                sge: rbuf.sge(0, 2 << 20),
            })
            .unwrap();
            c.qp.post_send(SendWr {
                wr_id: 1 + n as u64,
                op: SendOp::Send,
                sge: fabric::sges![sbuf.sge(0, len)],
                signaled: true,
            })
            .unwrap();
            let sc = wait_cq(&mut c, &mut s, false);
            assert_eq!(
                (sc.wr_id, sc.status, sc.opcode),
                (1 + n as u64, WcStatus::Success, WcOpcode::Send)
            );
            let rc = wait_cq(&mut c, &mut s, true);
            assert_eq!(
                (rc.wr_id, rc.status, rc.byte_len as usize),
                (10 + n as u64, WcStatus::Success, len),
                "{p:?}"
            );
            assert_eq!(rc.invalidated_rkey, None);
            assert!(rbuf.buf.to_vec(0, len) == sbuf.buf.to_vec(0, len));
        }
    }
}

#[test]
fn write_then_send_arrive_in_order_and_read_returns_data() {
    for p in all_providers() {
        let (mut c, mut s) = connect(p);
        let target = s.pd.register(
            RegBuf::new(1 << 20),
            Access::LOCAL_WRITE | Access::REMOTE_WRITE | Access::REMOTE_READ,
        );
        let rbuf = s.pd.register(RegBuf::new(4096), Access::LOCAL_WRITE);
        let src =
            c.pd.register(buf(1 << 20, |i| (i % 13) as u8 + 1), Access::LOCAL_WRITE);
        s.qp.post_recv(RecvWr {
            wr_id: 5,
            sge: rbuf.sge(0, 4096),
        })
        .unwrap();
        c.qp.post_send(SendWr {
            wr_id: 1,
            op: SendOp::RdmaWrite {
                remote_addr: target.addr() + 4096,
                rkey: target.rkey,
            },
            sge: fabric::sges![src.sge(0, 512 << 10)],
            signaled: false,
        })
        .unwrap();
        c.qp.post_send(SendWr {
            wr_id: 2,
            op: SendOp::Send,
            sge: fabric::sges![src.sge(0, 64)],
            signaled: false,
        })
        .unwrap();
        let rc = wait_cq(&mut c, &mut s, true);
        assert_eq!(rc.wr_id, 5);
        // The write is complete by the time the send that followed it is received.
        assert!(
            target.buf.to_vec(4096, 512 << 10) == src.buf.to_vec(0, 512 << 10),
            "{p:?}"
        );
        assert!(c.cq.is_empty(), "unsignaled requests complete silently");
        // RDMA Read back a different range into a fresh local buffer.
        let sink = c.pd.register(RegBuf::new(300_000), Access::LOCAL_WRITE);
        c.qp.post_send(SendWr {
            wr_id: 3,
            op: SendOp::RdmaRead {
                remote_addr: target.addr() + 4096 + 1000,
                rkey: target.rkey,
            },
            sge: fabric::sges![sink.sge(0, 300_000)],
            signaled: true,
        })
        .unwrap();
        let cc = wait_cq(&mut c, &mut s, false);
        assert_eq!(
            (cc.wr_id, cc.status, cc.opcode, cc.byte_len),
            (3, WcStatus::Success, WcOpcode::RdmaRead, 300_000)
        );
        assert!(sink.buf.to_vec(0, 300_000) == src.buf.to_vec(1000, 300_000));
    }
}

/// An SMB client issues no RDMA Reads of its own (the Linux client asks for an outbound
/// limit of 0): the server must still read the client's buffers (a WRITE's data), with an
/// outbound limit taken from the client's inbound one.
#[test]
fn a_client_that_reads_nothing_itself_can_be_read_by_the_server() {
    for p in all_providers() {
        let (mut c, mut s) = connect_as(p, Faults::default(), (8, 0));
        let exposed = c.pd.register(
            buf(65536, |i| (i % 199) as u8),
            Access::LOCAL_WRITE | Access::REMOTE_READ,
        );
        let sink = s.pd.register(RegBuf::new(65536), Access::LOCAL_WRITE);
        for (i, off) in [0usize, 8192, 16384, 40000].into_iter().enumerate() {
            s.qp.post_send(SendWr {
                wr_id: 10 + i as u64,
                op: SendOp::RdmaRead {
                    remote_addr: exposed.addr() + off as u64,
                    rkey: exposed.rkey,
                },
                sge: fabric::sges![sink.sge(off, 8192)],
                signaled: true,
            })
            .unwrap();
        }
        for _ in 0..4 {
            let wc = wait_cq(&mut c, &mut s, true);
            assert_eq!(
                (wc.status, wc.opcode, wc.byte_len),
                (WcStatus::Success, WcOpcode::RdmaRead, 8192),
                "{p:?}"
            );
        }
        for off in [0usize, 8192, 16384, 40000] {
            assert!(
                sink.buf.to_vec(off, 8192) == exposed.buf.to_vec(off, 8192),
                "{p:?}"
            );
        }
    }
}

#[test]
fn send_with_invalidate_retires_the_key() {
    for p in PROVIDERS {
        let (mut c, mut s) = connect(p);
        // The client exposes a buffer; the server writes into it and answers with a
        // Send With Invalidate naming its key (the SMB Direct read path).
        let exposed = c.pd.register(
            RegBuf::new(65536),
            Access::LOCAL_WRITE | Access::REMOTE_WRITE | Access::REMOTE_READ,
        );
        let crecv = c.pd.register(RegBuf::new(4096), Access::LOCAL_WRITE);
        let data =
            s.pd.register(buf(65536, |i| (i % 200) as u8), Access::LOCAL_WRITE);
        c.qp.post_recv(RecvWr {
            wr_id: 7,
            sge: crecv.sge(0, 4096),
        })
        .unwrap();
        s.qp.post_send(SendWr {
            wr_id: 1,
            op: SendOp::RdmaWrite {
                remote_addr: exposed.addr(),
                rkey: exposed.rkey,
            },
            sge: fabric::sges![data.sge(0, 8192)],
            signaled: false,
        })
        .unwrap();
        s.qp.post_send(SendWr {
            wr_id: 2,
            op: SendOp::SendWithInvalidate { rkey: exposed.rkey },
            sge: fabric::sges![data.sge(0, 64)],
            signaled: true,
        })
        .unwrap();
        let rc = wait_cq(&mut c, &mut s, false);
        assert_eq!((rc.wr_id, rc.status), (7, WcStatus::Success));
        assert_eq!(rc.invalidated_rkey, Some(exposed.rkey), "{p:?}");
        assert!(!c.pd.is_valid(exposed.rkey));
        assert!(exposed.buf.to_vec(0, 8192) == data.buf.to_vec(0, 8192));
        let _ = wait_cq(&mut c, &mut s, true); // the server's send completion
                                               // A later access with the dead key fails with a remote access error, and the
                                               // connection terminates.
        let sink = s.pd.register(RegBuf::new(4096), Access::LOCAL_WRITE);
        s.qp.post_send(SendWr {
            wr_id: 9,
            op: SendOp::RdmaRead {
                remote_addr: exposed.addr(),
                rkey: exposed.rkey,
            },
            sge: fabric::sges![sink.sge(0, 4096)],
            signaled: true,
        })
        .unwrap();
        let e = wait_cq(&mut c, &mut s, true);
        assert_eq!((e.wr_id, e.status), (9, WcStatus::RemoteAccess), "{p:?}");
        let t = wait_event(&mut c, &mut s, true, |e| {
            matches!(e, CmEvent::Terminated { .. })
        });
        assert_eq!(
            t,
            CmEvent::Terminated {
                layer: 0,
                etype: 1,
                code: 0,
                by_peer: true
            }
        );
        wait_event(&mut c, &mut s, false, |e| *e == CmEvent::Disconnected);
        assert_eq!(s.qp.state(), QpState::Error);
    }
}

/// A source buffer may be reused the moment its request completes: what the peer gets
/// is what the buffer held when posted. The loopback provider hands the peer a reference
/// to the sender's memory (copied once, by the receiving side), so there the completion
/// must wait for the peer to take the data.
#[test]
fn a_completed_request_no_longer_needs_its_buffer() {
    for p in all_providers() {
        let (mut c, mut s) = connect(p);
        let target = s.pd.register(
            RegBuf::new(64 << 10),
            Access::LOCAL_WRITE | Access::REMOTE_WRITE,
        );
        let rbuf = s.pd.register(RegBuf::new(4096), Access::LOCAL_WRITE);
        let src = c.pd.register(buf(64 << 10, |_| 0xA1), Access::LOCAL_WRITE);
        s.qp.post_recv(RecvWr {
            wr_id: 7,
            sge: rbuf.sge(0, 4096),
        })
        .unwrap();
        c.qp.post_send(SendWr {
            wr_id: 1,
            op: SendOp::RdmaWrite {
                remote_addr: target.addr(),
                rkey: target.rkey,
            },
            sge: fabric::sges![src.sge(0, 64 << 10)],
            signaled: true,
        })
        .unwrap();
        c.qp.post_send(SendWr {
            wr_id: 2,
            op: SendOp::Send,
            sge: fabric::sges![src.sge(0, 100)],
            signaled: true,
        })
        .unwrap();
        if matches!(p, Prov::Loopback) {
            for _ in 0..100 {
                c.qp.progress().unwrap();
            }
            assert!(c.cq.is_empty(), "completed before the peer took the data");
        }
        let w = wait_cq(&mut c, &mut s, false);
        assert_eq!(
            (w.wr_id, w.status, w.opcode),
            (1, WcStatus::Success, WcOpcode::RdmaWrite)
        );
        let sc = wait_cq(&mut c, &mut s, false);
        assert_eq!(
            (sc.wr_id, sc.opcode),
            (2, WcOpcode::Send),
            "completions keep post order"
        );
        // Reuse at once.
        src.buf.write(0, &vec![0x5B; 64 << 10]);
        let rc = wait_cq(&mut c, &mut s, true);
        assert_eq!((rc.wr_id, rc.byte_len), (7, 100));
        assert!(
            target.buf.to_vec(0, 64 << 10).iter().all(|&b| b == 0xA1),
            "{p:?}"
        );
        assert!(rbuf.buf.to_vec(0, 100).iter().all(|&b| b == 0xA1), "{p:?}");
    }
}

#[test]
fn loopback_sends_small_and_large_arrive_intact_whatever_the_sender_does_after_posting() {
    // Small Sends travel inline (copied at posting, done at once); larger ones are read
    // from the sender's memory, which it keeps until the Send completes. Either way the
    // receiver gets the bytes as they were when posted, in order.
    let (mut c, mut s) = connect(Prov::Loopback);
    let rb = s.pd.register(RegBuf::new(4096 * 5), Access::LOCAL_WRITE);
    let src = c.pd.register(RegBuf::new(4096), Access::default());
    let lens = [1usize, 100, 188, 189, 4096];
    for (i, _) in lens.iter().enumerate() {
        s.qp.post_recv(RecvWr {
            wr_id: i as u64,
            sge: rb.sge(i * 4096, 4096),
        })
        .unwrap();
    }
    let mut sent = Vec::new();
    for (i, &len) in lens.iter().enumerate() {
        let bytes: Vec<u8> = (0..len).map(|k| (k * 7 + i) as u8).collect();
        src.buf.write(0, &bytes);
        c.qp.post_send(SendWr {
            wr_id: i as u64,
            op: SendOp::Send,
            sge: fabric::sges![src.sge(0, len)],
            signaled: true,
        })
        .unwrap();
        sent.push(bytes);
        let mut done = Vec::new();
        c.cq.poll(&mut done, 8);
        if len <= 188 {
            // Done with the sender's buffer already: it may be overwritten at once.
            assert_eq!(done.iter().map(|w| w.wr_id).collect::<Vec<_>>(), [i as u64]);
        } else {
            // Held until the receiver has it: wait before reusing the buffer.
            assert!(done.is_empty());
            let w = wait_cq(&mut c, &mut s, false);
            assert_eq!((w.wr_id, w.status), (i as u64, WcStatus::Success));
        }
        src.buf.write(0, &vec![0xEE; 4096]);
    }
    let mut got = Vec::new();
    let end = Instant::now() + Duration::from_secs(5);
    while got.len() < lens.len() {
        c.qp.progress().unwrap();
        s.qp.progress().unwrap();
        s.cq.poll(&mut got, 16);
        assert!(Instant::now() < end);
    }
    for (i, w) in got.iter().enumerate() {
        assert_eq!((w.wr_id, w.status), (i as u64, WcStatus::Success));
        assert_eq!(w.byte_len as usize, lens[i]);
        assert_eq!(rb.buf.to_vec(i * 4096, lens[i]), sent[i], "send {i}");
    }
}
