//! CREATE on the IPC$ share: named pipes (srvsvc) and the share list they serve.

use super::*;

pub(super) fn create_pipe(server: &Arc<Server>, ctx: &Ctx, req: &msg::CreateRequest) -> Outcome {
    let name = smb_wire::codec::utf16_to_string(req.name).unwrap_or_default();
    let name = name.trim_start_matches('\\');
    let name = name.strip_prefix("PIPE\\").unwrap_or(name);
    if !name.eq_ignore_ascii_case("srvsvc") {
        return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
    }
    let s = session(ctx);
    let tree = ctx.tree.as_ref().expect("tree");
    let file_id = FileId {
        persistent: server.new_id(),
        volatile: server.new_id(),
    };
    let open = Arc::new(Open::from(NewOpen {
        file_id,
        tree_id: tree.id,
        session_id: s.id,
        share: None,
        path: SharePath::root(),
        stream: None,
        kind: OpenKind::Pipe(Mutex::new(SrvsvcPipe::new(&server.cfg.netbios_name))),
        granted_access: map_generic(req.desired_access, access::FILE_ALL_ACCESS),
        share_access: req.share_access,
        is_directory: false,
        create_options: req.options,
        file: None,
        delete_on_close: false,
        durable: None,
        // (A pipe holds no descriptor: counted among the opens, weighing nothing.)
        slot: server
            .budget
            .take(&format!("{}\\{}", s.domain, s.user), 0)
            .ok(),
        replay_key: None,
        create_action: CreateAction::Opened as u32,
        channel_sequence: 0,
        svhdx: None,
    }));
    s.opens.lock().insert(file_id.volatile, open);
    let info = msg::NetworkOpenInfo {
        attributes: attrs::NORMAL,
        allocation_size: 4096,
        ..Default::default()
    };
    let mut body = Vec::new();
    msg::encode_create_response(&mut body, 0, 1, &info, file_id, &[]);
    Outcome::Created(NtStatus::SUCCESS, body, file_id)
}

pub(super) fn share_entries(server: &Server) -> Vec<ShareEntry> {
    let mut v: Vec<ShareEntry> = server
        .shares
        .iter()
        .map(|s| ShareEntry {
            name: s.name.clone(),
            share_type: STYPE_DISKTREE,
            comment: s.comment.clone(),
            path: format!("C:\\{}", s.name),
        })
        .collect();
    v.push(ShareEntry {
        name: "IPC$".into(),
        share_type: STYPE_IPC_SPECIAL,
        comment: "IPC Service".into(),
        path: String::new(),
    });
    v
}
