/*   SPDX-License-Identifier: BSD-3-Clause
 *   Copyright (C) 2016 Intel Corporation. All rights reserved.
 *   Copyright (c) 2019-2021 Mellanox Technologies LTD. All rights reserved.
 *   Copyright (c) 2022-2024 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
 *   Copyright (c) 2022 Dell Inc, or its subsidiaries. All rights reserved.
 */

#include "spdk/stdinc.h"

#include "bdev_nvme.h"

#include "spdk/config.h"

#include "spdk/string.h"
#include "spdk/rpc.h"
#include "spdk/util.h"
#include "spdk/env.h"
#include "spdk/nvme.h"
#include "spdk/nvme_spec.h"

#include "spdk/log.h"
#include "spdk/bdev_module.h"
#include "spdk_internal/rpc_autogen.h"

static bool g_tls_log = false;

struct rpc_bdev_nvme_set_options {
	struct spdk_bdev_nvme_opts opts;
	struct rpc_bdev_nvme_multipath_opts multipath_opts;
};

static const struct spdk_json_object_decoder rpc_bdev_nvme_set_options_decoders[] = {
	{"action_on_timeout", offsetof(struct rpc_bdev_nvme_set_options, opts.action_on_timeout), rpc_decode_bdev_nvme_timeout_action, true},
	{"keep_alive_timeout_ms", offsetof(struct rpc_bdev_nvme_set_options, opts.keep_alive_timeout_ms), spdk_json_decode_uint32, true},
	{"timeout_us", offsetof(struct rpc_bdev_nvme_set_options, opts.timeout_us), spdk_json_decode_uint64, true},
	{"timeout_admin_us", offsetof(struct rpc_bdev_nvme_set_options, opts.timeout_admin_us), spdk_json_decode_uint64, true},
	{"arbitration_burst", offsetof(struct rpc_bdev_nvme_set_options, opts.arbitration_burst), spdk_json_decode_uint32, true},
	{"low_priority_weight", offsetof(struct rpc_bdev_nvme_set_options, opts.low_priority_weight), spdk_json_decode_uint32, true},
	{"medium_priority_weight", offsetof(struct rpc_bdev_nvme_set_options, opts.medium_priority_weight), spdk_json_decode_uint32, true},
	{"high_priority_weight", offsetof(struct rpc_bdev_nvme_set_options, opts.high_priority_weight), spdk_json_decode_uint32, true},
	{"io_queue_requests", offsetof(struct rpc_bdev_nvme_set_options, opts.io_queue_requests), spdk_json_decode_uint32, true},
	{"nvme_adminq_poll_period_us", offsetof(struct rpc_bdev_nvme_set_options, opts.nvme_adminq_poll_period_us), spdk_json_decode_uint64, true},
	{"nvme_ioq_poll_period_us", offsetof(struct rpc_bdev_nvme_set_options, opts.nvme_ioq_poll_period_us), spdk_json_decode_uint64, true},
	{"delay_cmd_submit", offsetof(struct rpc_bdev_nvme_set_options, opts.delay_cmd_submit), spdk_json_decode_bool, true},
	{"transport_retry_count", offsetof(struct rpc_bdev_nvme_set_options, opts.transport_retry_count), spdk_json_decode_uint32, true},
	{"bdev_retry_count", offsetof(struct rpc_bdev_nvme_set_options, opts.bdev_retry_count), spdk_json_decode_int32, true},
	{"ctrlr_loss_timeout_sec", offsetof(struct rpc_bdev_nvme_set_options, opts.ctrlr_loss_timeout_sec), spdk_json_decode_int32, true},
	{"reconnect_delay_sec", offsetof(struct rpc_bdev_nvme_set_options, opts.reconnect_delay_sec), spdk_json_decode_uint32, true},
	{"fast_io_fail_timeout_sec", offsetof(struct rpc_bdev_nvme_set_options, opts.fast_io_fail_timeout_sec), spdk_json_decode_uint32, true},
	{"transport_ack_timeout", offsetof(struct rpc_bdev_nvme_set_options, opts.transport_ack_timeout), spdk_json_decode_uint8, true},
	{"disable_auto_failback", offsetof(struct rpc_bdev_nvme_set_options, opts.disable_auto_failback), spdk_json_decode_bool, true},
	{"generate_uuids", offsetof(struct rpc_bdev_nvme_set_options, opts.generate_uuids), spdk_json_decode_bool, true},
	{"transport_tos", offsetof(struct rpc_bdev_nvme_set_options, opts.transport_tos), spdk_json_decode_uint8, true},
	{"nvme_error_stat", offsetof(struct rpc_bdev_nvme_set_options, opts.nvme_error_stat), spdk_json_decode_bool, true},
	{"io_path_stat", offsetof(struct rpc_bdev_nvme_set_options, opts.io_path_stat), spdk_json_decode_bool, true},
	{"allow_accel_sequence", offsetof(struct rpc_bdev_nvme_set_options, opts.allow_accel_sequence), spdk_json_decode_bool, true},
	{"rdma_srq_size", offsetof(struct rpc_bdev_nvme_set_options, opts.rdma_srq_size), spdk_json_decode_uint32, true},
	{"rdma_max_cq_size", offsetof(struct rpc_bdev_nvme_set_options, opts.rdma_max_cq_size), spdk_json_decode_uint32, true},
	{"rdma_cm_event_timeout_ms", offsetof(struct rpc_bdev_nvme_set_options, opts.rdma_cm_event_timeout_ms), spdk_json_decode_uint16, true},
	{"dhchap_digests", offsetof(struct rpc_bdev_nvme_set_options, opts.dhchap_digests), rpc_decode_dhchap_digests_bitmask, true},
	{"dhchap_dhgroups", offsetof(struct rpc_bdev_nvme_set_options, opts.dhchap_dhgroups), rpc_decode_dhchap_dhgroups_bitmask, true},
	{"rdma_umr_per_io", offsetof(struct rpc_bdev_nvme_set_options, opts.rdma_umr_per_io), spdk_json_decode_bool, true},
	{"tcp_connect_timeout_ms", offsetof(struct rpc_bdev_nvme_set_options, opts.tcp_connect_timeout_ms), spdk_json_decode_uint32, true},
	{"enable_flush", offsetof(struct rpc_bdev_nvme_set_options, opts.enable_flush), spdk_json_decode_bool, true},
	{"multipath_opts", offsetof(struct rpc_bdev_nvme_set_options, multipath_opts), rpc_decode_bdev_nvme_multipath_opts, true},
};

static void
rpc_bdev_nvme_set_options(struct spdk_jsonrpc_request *request,
			  const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_set_options req = {};
	int rc;

	spdk_bdev_nvme_get_opts(&req.opts, sizeof(req.opts));

	req.multipath_opts.policy = (enum rpc_bdev_nvme_multipath_policy)req.opts.multipath_policy;
	req.multipath_opts.selector = (enum rpc_bdev_nvme_multipath_selector)req.opts.multipath_selector;
	req.multipath_opts.min_io = req.opts.multipath_min_io;

	if (params && spdk_json_decode_object(params, rpc_bdev_nvme_set_options_decoders,
					      SPDK_COUNTOF(rpc_bdev_nvme_set_options_decoders),
					      &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		return;
	}

	req.opts.multipath_policy = (enum spdk_bdev_nvme_multipath_policy)req.multipath_opts.policy;
	req.opts.multipath_selector = (enum spdk_bdev_nvme_multipath_selector)req.multipath_opts.selector;
	req.opts.multipath_min_io = req.multipath_opts.min_io;

	rc = spdk_bdev_nvme_set_opts(&req.opts);
	if (rc == -EPERM) {
		spdk_jsonrpc_send_error_response(request, -EPERM,
						 "RPC not permitted with nvme controllers already attached");
		return;
	} else if (rc) {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
		return;
	}

	spdk_jsonrpc_send_bool_response(request, true);
}
SPDK_RPC_REGISTER("bdev_nvme_set_options", rpc_bdev_nvme_set_options,
		  SPDK_RPC_STARTUP | SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_set_hotplug_decoders[] = {
	{"enable", offsetof(struct rpc_bdev_nvme_set_hotplug_ctx, enable), spdk_json_decode_bool, false},
	{"period_us", offsetof(struct rpc_bdev_nvme_set_hotplug_ctx, period_us), spdk_json_decode_uint64, true},
};

static void
rpc_bdev_nvme_set_hotplug(struct spdk_jsonrpc_request *request,
			  const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_set_hotplug_ctx req = {};
	int rc;

	if (spdk_json_decode_object(params, rpc_bdev_nvme_set_hotplug_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_set_hotplug_decoders), &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		rc = -EINVAL;
		goto invalid;
	}

	rc = bdev_nvme_set_hotplug(req.enable, req.period_us);
	if (rc) {
		goto invalid;
	}

	spdk_jsonrpc_send_bool_response(request, true);
	return;
invalid:
	spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS, spdk_strerror(-rc));
}
SPDK_RPC_REGISTER("bdev_nvme_set_hotplug", rpc_bdev_nvme_set_hotplug, SPDK_RPC_RUNTIME)

struct rpc_bdev_nvme_attach_controller_ext {
	struct rpc_bdev_nvme_attach_controller_ctx req;
	size_t bdev_count;
	const char **names;
};

static void
free_rpc_bdev_nvme_attach_controller_ext(struct rpc_bdev_nvme_attach_controller_ext *ereq)
{
	free_rpc_bdev_nvme_attach_controller(&ereq->req);
	free(ereq->names);
	free(ereq);
}

static const struct spdk_json_object_decoder rpc_bdev_nvme_attach_controller_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, name), spdk_json_decode_string},
	{"trtype", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, trtype), spdk_json_decode_string},
	{"traddr", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, traddr), spdk_json_decode_string},
	{"adrfam", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, adrfam), spdk_json_decode_string, true},
	{"trsvcid", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, trsvcid), spdk_json_decode_string, true},
	{"priority", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, priority), spdk_json_decode_string, true},
	{"subnqn", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, subnqn), spdk_json_decode_string, true},
	{"hostnqn", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, hostnqn), spdk_json_decode_string, true},
	{"hostaddr", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, hostaddr), spdk_json_decode_string, true},
	{"hostsvcid", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, hostsvcid), spdk_json_decode_string, true},
	{"prchk_reftag", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, prchk_reftag), spdk_json_decode_bool, true},
	{"prchk_guard", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, prchk_guard), spdk_json_decode_bool, true},
	{"hdgst", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, hdgst), spdk_json_decode_bool, true},
	{"ddgst", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, ddgst), spdk_json_decode_bool, true},
	{"fabrics_connect_timeout_us", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, fabrics_connect_timeout_us), spdk_json_decode_uint64, true},
	{"multipath", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, multipath), rpc_decode_bdev_nvme_multipath_mode, true},
	{"num_io_queues", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, num_io_queues), spdk_json_decode_uint32, true},
	{"ctrlr_loss_timeout_sec", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, ctrlr_loss_timeout_sec), spdk_json_decode_int32, true},
	{"reconnect_delay_sec", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, reconnect_delay_sec), spdk_json_decode_uint32, true},
	{"fast_io_fail_timeout_sec", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, fast_io_fail_timeout_sec), spdk_json_decode_uint32, true},
	{"psk", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, psk), spdk_json_decode_string, true},
	{"max_bdevs", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, max_bdevs), spdk_json_decode_uint32, true},
	{"dhchap_key", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, dhchap_key), spdk_json_decode_string, true},
	{"dhchap_ctrlr_key", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, dhchap_ctrlr_key), spdk_json_decode_string, true},
	{"allow_unrecognized_csi", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, allow_unrecognized_csi), spdk_json_decode_bool, true},
	{"multipath_opts", offsetof(struct rpc_bdev_nvme_attach_controller_ctx, multipath_opts), rpc_decode_bdev_nvme_multipath_opts, true},
};

#define DEFAULT_MAX_BDEVS_PER_RPC 128

static void
rpc_bdev_nvme_attach_controller_examined(void *cb_ctx)
{
	struct rpc_bdev_nvme_attach_controller_ext *ereq = cb_ctx;
	struct spdk_jsonrpc_request *request = ereq->req.request;
	struct spdk_json_write_ctx *w;
	size_t i;

	w = spdk_jsonrpc_begin_result(request);
	spdk_json_write_array_begin(w);
	for (i = 0; i < ereq->bdev_count; i++) {
		spdk_json_write_string(w, ereq->names[i]);
	}
	spdk_json_write_array_end(w);
	spdk_jsonrpc_end_result(request, w);

	free_rpc_bdev_nvme_attach_controller_ext(ereq);
}

static void
rpc_bdev_nvme_attach_controller_done(void *cb_ctx, size_t bdev_count, int rc)
{
	struct rpc_bdev_nvme_attach_controller_ext *ereq = cb_ctx;

	if (rc < 0) {
		spdk_jsonrpc_send_error_response(ereq->req.request, rc, spdk_strerror(-rc));
		free_rpc_bdev_nvme_attach_controller_ext(ereq);
		return;
	}

	ereq->bdev_count = bdev_count;
	spdk_bdev_wait_for_examine(rpc_bdev_nvme_attach_controller_examined, ereq);
}

static void
rpc_bdev_nvme_attach_controller(struct spdk_jsonrpc_request *request,
				const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_attach_controller_ext *ereq;
	struct rpc_bdev_nvme_attach_controller_ctx *req;
	struct spdk_bdev_nvme_ctrlr_opts bdev_opts = {};
	struct spdk_nvme_ctrlr_opts ctrlr_opts = {};
	struct spdk_nvme_transport_id trid = {};
	const struct spdk_nvme_ctrlr_opts *mp_ctrlr_opts;
	const struct spdk_nvme_transport_id *mp_ctrlr_trid;
	struct nvme_ctrlr *ctrlr = NULL;
	size_t len, maxlen;
	int rc;

	ereq = calloc(1, sizeof(*ereq));
	if (!ereq) {
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		return;
	}

	req = &ereq->req;

	/* Get defaults and populate the request */
	spdk_nvme_ctrlr_get_default_ctrlr_opts(&ctrlr_opts, sizeof(ctrlr_opts));
	spdk_bdev_nvme_get_default_ctrlr_opts(&bdev_opts);

	req->multipath = RPC_BDEV_NVME_MULTIPATH_MODE_MULTIPATH;
	req->max_bdevs = DEFAULT_MAX_BDEVS_PER_RPC;
	req->prchk_reftag = bdev_opts.prchk_flags & SPDK_NVME_IO_FLAGS_PRCHK_REFTAG;
	req->prchk_guard = bdev_opts.prchk_flags & SPDK_NVME_IO_FLAGS_PRCHK_GUARD;
	req->hdgst = ctrlr_opts.header_digest;
	req->ddgst = ctrlr_opts.data_digest;
	req->fabrics_connect_timeout_us = ctrlr_opts.fabrics_connect_timeout_us;
	req->num_io_queues = ctrlr_opts.num_io_queues;
	req->ctrlr_loss_timeout_sec = bdev_opts.ctrlr_loss_timeout_sec;
	req->reconnect_delay_sec = bdev_opts.reconnect_delay_sec;
	req->fast_io_fail_timeout_sec = bdev_opts.fast_io_fail_timeout_sec;
	req->allow_unrecognized_csi = bdev_opts.allow_unrecognized_csi;
	req->multipath_opts.policy = (enum rpc_bdev_nvme_multipath_policy)bdev_opts.multipath_policy;
	req->multipath_opts.selector = (enum rpc_bdev_nvme_multipath_selector)bdev_opts.multipath_selector;
	req->multipath_opts.min_io = bdev_opts.multipath_min_io;

	if (spdk_json_decode_object(params, rpc_bdev_nvme_attach_controller_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_attach_controller_decoders),
				    req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	if (req->prchk_reftag) {
		bdev_opts.prchk_flags |= SPDK_NVME_IO_FLAGS_PRCHK_REFTAG;
	}

	if (req->prchk_guard) {
		bdev_opts.prchk_flags |= SPDK_NVME_IO_FLAGS_PRCHK_GUARD;
	}
	ctrlr_opts.header_digest = req->hdgst;
	ctrlr_opts.data_digest = req->ddgst;
	ctrlr_opts.fabrics_connect_timeout_us = req->fabrics_connect_timeout_us;
	ctrlr_opts.num_io_queues = req->num_io_queues;
	bdev_opts.ctrlr_loss_timeout_sec = req->ctrlr_loss_timeout_sec;
	bdev_opts.reconnect_delay_sec = req->reconnect_delay_sec;
	bdev_opts.fast_io_fail_timeout_sec = req->fast_io_fail_timeout_sec;
	bdev_opts.allow_unrecognized_csi = req->allow_unrecognized_csi;

	if (req->max_bdevs == 0) {
		spdk_jsonrpc_send_error_response(request, -EINVAL, "max_bdevs cannot be zero");
		goto cleanup;
	}

	ereq->names = calloc(req->max_bdevs, sizeof(char *));
	if (ereq->names == NULL) {
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		goto cleanup;
	}

	rc = spdk_nvme_transport_id_populate_trstring(&trid, req->trtype);
	if (rc < 0) {
		SPDK_ERRLOG("Failed to parse trtype: %s\n", req->trtype);
		spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "Failed to parse trtype: %s",
						     req->trtype);
		goto cleanup;
	}

	rc = spdk_nvme_transport_id_parse_trtype(&trid.trtype, req->trtype);
	assert(rc == 0);

	maxlen = sizeof(trid.traddr);
	len = strnlen(req->traddr, maxlen);
	if (len == maxlen) {
		spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "traddr too long: %s",
						     req->traddr);
		goto cleanup;
	}
	memcpy(trid.traddr, req->traddr, len + 1);

	if (req->adrfam) {
		rc = spdk_nvme_transport_id_parse_adrfam(&trid.adrfam, req->adrfam);
		if (rc < 0) {
			SPDK_ERRLOG("Failed to parse adrfam: %s\n", req->adrfam);
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "Failed to parse adrfam: %s",
							     req->adrfam);
			goto cleanup;
		}
	}

	if (req->trsvcid) {
		maxlen = sizeof(trid.trsvcid);
		len = strnlen(req->trsvcid, maxlen);
		if (len == maxlen) {
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "trsvcid too long: %s",
							     req->trsvcid);
			goto cleanup;
		}
		memcpy(trid.trsvcid, req->trsvcid, len + 1);
	}

	if (req->priority) {
		trid.priority = spdk_strtol(req->priority, 10);
	}

	if (req->subnqn) {
		maxlen = sizeof(trid.subnqn);
		len = strnlen(req->subnqn, maxlen);
		if (len == maxlen) {
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "subnqn too long: %s",
							     req->subnqn);
			goto cleanup;
		}
		memcpy(trid.subnqn, req->subnqn, len + 1);
	}

	if (req->hostnqn) {
		maxlen = sizeof(ctrlr_opts.hostnqn);
		len = strnlen(req->hostnqn, maxlen);
		if (len == maxlen) {
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "hostnqn too long: %s",
							     req->hostnqn);
			goto cleanup;
		}
		memcpy(ctrlr_opts.hostnqn, req->hostnqn, len + 1);
	}

	if (req->psk) {
		if (!g_tls_log) {
			SPDK_NOTICELOG("TLS support is considered experimental\n");
			g_tls_log = true;
		}
	}

	if (req->hostaddr) {
		maxlen = sizeof(ctrlr_opts.src_addr);
		len = strnlen(req->hostaddr, maxlen);
		if (len == maxlen) {
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "hostaddr too long: %s",
							     req->hostaddr);
			goto cleanup;
		}
		snprintf(ctrlr_opts.src_addr, maxlen, "%s", req->hostaddr);
	}

	if (req->hostsvcid) {
		maxlen = sizeof(ctrlr_opts.src_svcid);
		len = strnlen(req->hostsvcid, maxlen);
		if (len == maxlen) {
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "hostsvcid too long: %s",
							     req->hostsvcid);
			goto cleanup;
		}
		snprintf(ctrlr_opts.src_svcid, maxlen, "%s", req->hostsvcid);
	}

	ctrlr = nvme_ctrlr_get_by_name(req->name);

	if (ctrlr) {
		/* This controller already exists. Check what the user wants to do. */
		if (req->multipath == RPC_BDEV_NVME_MULTIPATH_MODE_DISABLE) {
			/* The user does not want to do any form of multipathing. */
			spdk_jsonrpc_send_error_response_fmt(request, -EALREADY,
							     "A controller named %s already exists and multipath is disabled",
							     req->name);
			goto cleanup;
		}

		assert(req->multipath == RPC_BDEV_NVME_MULTIPATH_MODE_FAILOVER ||
		       req->multipath == RPC_BDEV_NVME_MULTIPATH_MODE_MULTIPATH);

		/* The user wants to add this as a failover path or add this to create multipath. */
		mp_ctrlr_opts = spdk_nvme_ctrlr_get_opts(ctrlr->ctrlr);
		mp_ctrlr_trid = spdk_nvme_ctrlr_get_transport_id(ctrlr->ctrlr);

		if (strncmp(trid.traddr, mp_ctrlr_trid->traddr, sizeof(trid.traddr)) == 0 &&
		    strncmp(trid.trsvcid, mp_ctrlr_trid->trsvcid, sizeof(trid.trsvcid)) == 0 &&
		    strncmp(ctrlr_opts.src_addr, mp_ctrlr_opts->src_addr, sizeof(mp_ctrlr_opts->src_addr)) == 0 &&
		    strncmp(ctrlr_opts.src_svcid, mp_ctrlr_opts->src_svcid, sizeof(mp_ctrlr_opts->src_svcid)) == 0) {
			/* Exactly same network path can't be added a second time */
			spdk_jsonrpc_send_error_response_fmt(request, -EALREADY,
							     "A controller named %s already exists with the specified network path",
							     req->name);
			goto cleanup;
		}

		if (strncmp(trid.subnqn,
			    mp_ctrlr_trid->subnqn,
			    SPDK_NVMF_NQN_MAX_LEN) != 0) {
			/* Different SUBNQN is not allowed when specifying the same controller name. */
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL,
							     "A controller named %s already exists, but uses a different subnqn (%s)",
							     req->name, mp_ctrlr_trid->subnqn);
			goto cleanup;
		}

		if (strncmp(ctrlr_opts.hostnqn, mp_ctrlr_opts->hostnqn, SPDK_NVMF_NQN_MAX_LEN) != 0) {
			/* Different HOSTNQN is not allowed when specifying the same controller name. */
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL,
							     "A controller named %s already exists, but uses a different hostnqn (%s)",
							     req->name, mp_ctrlr_opts->hostnqn);
			goto cleanup;
		}

		if (bdev_opts.prchk_flags) {
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL,
							     "A controller named %s already exists. To add a path, do not specify PI options.",
							     req->name);
			goto cleanup;
		}

		bdev_opts.prchk_flags = ctrlr->opts.prchk_flags;
	}

	if (req->multipath != RPC_BDEV_NVME_MULTIPATH_MODE_MULTIPATH) {
		bdev_opts.multipath = false;
	}

	if (ctrlr_opts.num_io_queues == 0 || ctrlr_opts.num_io_queues > UINT16_MAX + 1) {
		spdk_jsonrpc_send_error_response_fmt(request, -EINVAL,
						     "num_io_queues out of bounds, min: %u max: %u",
						     1, UINT16_MAX + 1);
		goto cleanup;
	}

	req->request = request;

	/* Should already be zero due to the calloc(), but set explicitly for clarity. */
	bdev_opts.from_discovery_service = false;
	bdev_opts.psk = req->psk;
	bdev_opts.dhchap_key = req->dhchap_key;
	bdev_opts.dhchap_ctrlr_key = req->dhchap_ctrlr_key;
	bdev_opts.multipath_policy = (enum spdk_bdev_nvme_multipath_policy)req->multipath_opts.policy;
	bdev_opts.multipath_selector = (enum spdk_bdev_nvme_multipath_selector)req->multipath_opts.selector;
	bdev_opts.multipath_min_io = req->multipath_opts.min_io;

	rc = spdk_bdev_nvme_create(&trid, req->name, ereq->names, req->max_bdevs,
				   rpc_bdev_nvme_attach_controller_done, ereq, &ctrlr_opts, &bdev_opts);
	if (rc) {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
		goto cleanup;
	}

	return;

cleanup:
	free_rpc_bdev_nvme_attach_controller_ext(ereq);
}
SPDK_RPC_REGISTER("bdev_nvme_attach_controller", rpc_bdev_nvme_attach_controller,
		  SPDK_RPC_RUNTIME)

static void
rpc_dump_nvme_bdev_controller_info(struct nvme_bdev_ctrlr *nbdev_ctrlr, void *ctx)
{
	struct spdk_json_write_ctx	*w = ctx;
	struct nvme_ctrlr		*nvme_ctrlr;

	spdk_json_write_object_begin(w);
	spdk_json_write_named_string(w, "name", nbdev_ctrlr->name);

	spdk_json_write_named_array_begin(w, "ctrlrs");
	TAILQ_FOREACH(nvme_ctrlr, &nbdev_ctrlr->ctrlrs, tailq) {
		nvme_ctrlr_info_json(w, nvme_ctrlr);
	}
	spdk_json_write_array_end(w);
	spdk_json_write_object_end(w);
}

static const struct spdk_json_object_decoder rpc_bdev_nvme_get_controllers_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_get_controllers_ctx, name), spdk_json_decode_string, true},
};

static void
rpc_bdev_nvme_get_controllers(struct spdk_jsonrpc_request *request,
			      const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_get_controllers_ctx req = {};
	struct spdk_json_write_ctx *w;
	struct nvme_bdev_ctrlr *nbdev_ctrlr = NULL;

	if (params && spdk_json_decode_object(params, rpc_bdev_nvme_get_controllers_decoders,
					      SPDK_COUNTOF(rpc_bdev_nvme_get_controllers_decoders),
					      &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	if (req.name) {
		nbdev_ctrlr = nvme_bdev_ctrlr_get_by_name(req.name);
		if (nbdev_ctrlr == NULL) {
			SPDK_ERRLOG("ctrlr '%s' does not exist\n", req.name);
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "Controller %s does not exist", req.name);
			goto cleanup;
		}
	}

	w = spdk_jsonrpc_begin_result(request);
	spdk_json_write_array_begin(w);

	if (nbdev_ctrlr != NULL) {
		rpc_dump_nvme_bdev_controller_info(nbdev_ctrlr, w);
	} else {
		nvme_bdev_ctrlr_for_each(rpc_dump_nvme_bdev_controller_info, w);
	}

	spdk_json_write_array_end(w);

	spdk_jsonrpc_end_result(request, w);

cleanup:
	free_rpc_bdev_nvme_get_controllers(&req);
}
SPDK_RPC_REGISTER("bdev_nvme_get_controllers", rpc_bdev_nvme_get_controllers, SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_detach_controller_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_detach_controller_ctx, name), spdk_json_decode_string},
	{"trtype", offsetof(struct rpc_bdev_nvme_detach_controller_ctx, trtype), spdk_json_decode_string, true},
	{"traddr", offsetof(struct rpc_bdev_nvme_detach_controller_ctx, traddr), spdk_json_decode_string, true},
	{"adrfam", offsetof(struct rpc_bdev_nvme_detach_controller_ctx, adrfam), spdk_json_decode_string, true},
	{"trsvcid", offsetof(struct rpc_bdev_nvme_detach_controller_ctx, trsvcid), spdk_json_decode_string, true},
	{"subnqn", offsetof(struct rpc_bdev_nvme_detach_controller_ctx, subnqn), spdk_json_decode_string, true},
	{"hostaddr", offsetof(struct rpc_bdev_nvme_detach_controller_ctx, hostaddr), spdk_json_decode_string, true},
	{"hostsvcid", offsetof(struct rpc_bdev_nvme_detach_controller_ctx, hostsvcid), spdk_json_decode_string, true},
};

static void
rpc_bdev_nvme_detach_controller_done(void *arg, int rc)
{
	struct spdk_jsonrpc_request *request = arg;

	if (rc == 0) {
		spdk_jsonrpc_send_bool_response(request, true);
	} else {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
	}
}

static void
rpc_bdev_nvme_detach_controller(struct spdk_jsonrpc_request *request,
				const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_detach_controller_ctx req = {};
	struct spdk_nvme_path_id path = {};
	size_t len, maxlen;
	int rc = 0;

	if (spdk_json_decode_object(params, rpc_bdev_nvme_detach_controller_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_detach_controller_decoders),
				    &req)) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	if (req.trtype != NULL) {
		rc = spdk_nvme_transport_id_populate_trstring(&path.trid, req.trtype);
		if (rc < 0) {
			SPDK_ERRLOG("Failed to parse trtype: %s\n", req.trtype);
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "Failed to parse trtype: %s",
							     req.trtype);
			goto cleanup;
		}

		rc = spdk_nvme_transport_id_parse_trtype(&path.trid.trtype, req.trtype);
		if (rc < 0) {
			SPDK_ERRLOG("Failed to parse trtype: %s\n", req.trtype);
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "Failed to parse trtype: %s",
							     req.trtype);
			goto cleanup;
		}
	}

	if (req.traddr != NULL) {
		maxlen = sizeof(path.trid.traddr);
		len = strnlen(req.traddr, maxlen);
		if (len == maxlen) {
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "traddr too long: %s",
							     req.traddr);
			goto cleanup;
		}
		memcpy(path.trid.traddr, req.traddr, len + 1);
	}

	if (req.adrfam != NULL) {
		rc = spdk_nvme_transport_id_parse_adrfam(&path.trid.adrfam, req.adrfam);
		if (rc < 0) {
			SPDK_ERRLOG("Failed to parse adrfam: %s\n", req.adrfam);
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "Failed to parse adrfam: %s",
							     req.adrfam);
			goto cleanup;
		}
	}

	if (req.trsvcid != NULL) {
		maxlen = sizeof(path.trid.trsvcid);
		len = strnlen(req.trsvcid, maxlen);
		if (len == maxlen) {
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "trsvcid too long: %s",
							     req.trsvcid);
			goto cleanup;
		}
		memcpy(path.trid.trsvcid, req.trsvcid, len + 1);
	}

	/* Parse subnqn */
	if (req.subnqn != NULL) {
		maxlen = sizeof(path.trid.subnqn);
		len = strnlen(req.subnqn, maxlen);
		if (len == maxlen) {
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "subnqn too long: %s",
							     req.subnqn);
			goto cleanup;
		}
		memcpy(path.trid.subnqn, req.subnqn, len + 1);
	}

	if (req.hostaddr) {
		maxlen = sizeof(path.hostid.hostaddr);
		len = strnlen(req.hostaddr, maxlen);
		if (len == maxlen) {
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "hostaddr too long: %s",
							     req.hostaddr);
			goto cleanup;
		}
		snprintf(path.hostid.hostaddr, maxlen, "%s", req.hostaddr);
	}

	if (req.hostsvcid) {
		maxlen = sizeof(path.hostid.hostsvcid);
		len = strnlen(req.hostsvcid, maxlen);
		if (len == maxlen) {
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "hostsvcid too long: %s",
							     req.hostsvcid);
			goto cleanup;
		}
		snprintf(path.hostid.hostsvcid, maxlen, "%s", req.hostsvcid);
	}

	rc = spdk_bdev_nvme_delete(req.name, &path, rpc_bdev_nvme_detach_controller_done, request);

	if (rc != 0) {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
	}

cleanup:
	free_rpc_bdev_nvme_detach_controller(&req);
}
SPDK_RPC_REGISTER("bdev_nvme_detach_controller", rpc_bdev_nvme_detach_controller,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_apply_firmware_decoders[] = {
	{"filename", offsetof(struct rpc_bdev_nvme_apply_firmware_ctx, filename), spdk_json_decode_string},
	{"bdev_name", offsetof(struct rpc_bdev_nvme_apply_firmware_ctx, bdev_name), spdk_json_decode_string},
};

struct firmware_update_info {
	void				*fw_image;
	void				*p;
	unsigned int			size;
	unsigned int			size_remaining;
	unsigned int			offset;
	unsigned int			transfer;

	struct spdk_bdev_desc		*desc;
	struct spdk_io_channel		*ch;
	struct spdk_jsonrpc_request	*request;
	struct spdk_nvme_ctrlr		*ctrlr;
	struct rpc_bdev_nvme_apply_firmware_ctx	req;
};

static void
apply_firmware_cleanup(struct firmware_update_info *firm_ctx)
{
	assert(firm_ctx != NULL);
	assert(spdk_thread_is_app_thread(NULL));

	if (firm_ctx->fw_image) {
		spdk_free(firm_ctx->fw_image);
	}

	free_rpc_bdev_nvme_apply_firmware(&firm_ctx->req);

	if (firm_ctx->ch) {
		spdk_put_io_channel(firm_ctx->ch);
	}

	if (firm_ctx->desc) {
		spdk_bdev_close(firm_ctx->desc);
	}

	free(firm_ctx);
}

static void
apply_firmware_complete_reset(struct spdk_bdev_io *bdev_io, bool success, void *cb_arg)
{
	struct firmware_update_info *firm_ctx = cb_arg;
	struct spdk_json_write_ctx *w;

	assert(spdk_thread_is_app_thread(NULL));

	spdk_bdev_free_io(bdev_io);

	if (!success) {
		spdk_jsonrpc_send_error_response(firm_ctx->request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "firmware commit failed.");
		goto out;
	}

	if (spdk_nvme_ctrlr_reset(firm_ctx->ctrlr) != 0) {
		spdk_jsonrpc_send_error_response(firm_ctx->request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Controller reset failed.");
		goto out;
	}

	w = spdk_jsonrpc_begin_result(firm_ctx->request);
	spdk_json_write_string(w, "firmware commit succeeded. Controller reset in progress.");
	spdk_jsonrpc_end_result(firm_ctx->request, w);
out:
	apply_firmware_cleanup(firm_ctx);
}

static void apply_firmware_complete(struct spdk_bdev_io *bdev_io, bool success, void *cb_arg);

static void
_apply_firmware_complete(struct firmware_update_info *firm_ctx)
{
	struct spdk_nvme_cmd			cmd = {};
	struct spdk_nvme_fw_commit		fw_commit;
	int					slot = 0;
	int					rc;
	enum spdk_nvme_fw_commit_action commit_action = SPDK_NVME_FW_COMMIT_REPLACE_AND_ENABLE_IMG;

	firm_ctx->p += firm_ctx->transfer;
	firm_ctx->offset += firm_ctx->transfer;
	firm_ctx->size_remaining -= firm_ctx->transfer;

	switch (firm_ctx->size_remaining) {
	case 0:
		/* firmware download completed. Commit firmware */
		memset(&fw_commit, 0, sizeof(struct spdk_nvme_fw_commit));
		fw_commit.fs = slot;
		fw_commit.ca = commit_action;

		cmd.opc = SPDK_NVME_OPC_FIRMWARE_COMMIT;
		memcpy(&cmd.cdw10, &fw_commit, sizeof(uint32_t));
		rc = spdk_bdev_nvme_admin_passthru(firm_ctx->desc, firm_ctx->ch, &cmd, NULL, 0,
						   apply_firmware_complete_reset, firm_ctx);
		if (rc) {
			spdk_jsonrpc_send_error_response(firm_ctx->request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
							 "firmware commit failed.");
			apply_firmware_cleanup(firm_ctx);
			return;
		}
		break;
	default:
		firm_ctx->transfer = spdk_min(firm_ctx->size_remaining, 4096);
		cmd.opc = SPDK_NVME_OPC_FIRMWARE_IMAGE_DOWNLOAD;

		cmd.cdw10 = spdk_nvme_bytes_to_numd(firm_ctx->transfer);
		cmd.cdw11 = firm_ctx->offset >> 2;
		rc = spdk_bdev_nvme_admin_passthru(firm_ctx->desc, firm_ctx->ch, &cmd, firm_ctx->p,
						   firm_ctx->transfer, apply_firmware_complete, firm_ctx);
		if (rc) {
			spdk_jsonrpc_send_error_response(firm_ctx->request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
							 "firmware download failed.");
			apply_firmware_cleanup(firm_ctx);
			return;
		}
		break;
	}
}

static void
apply_firmware_complete(struct spdk_bdev_io *bdev_io, bool success, void *cb_arg)
{
	struct firmware_update_info *firm_ctx = cb_arg;

	assert(spdk_thread_is_app_thread(NULL));

	spdk_bdev_free_io(bdev_io);

	if (!success) {
		spdk_jsonrpc_send_error_response(firm_ctx->request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "firmware download failed .");
		apply_firmware_cleanup(firm_ctx);
		return;
	}

	_apply_firmware_complete(firm_ctx);
}

static void
apply_firmware_open_cb(enum spdk_bdev_event_type type, struct spdk_bdev *bdev, void *event_ctx)
{
}

static void
rpc_bdev_nvme_apply_firmware(struct spdk_jsonrpc_request *request,
			     const struct spdk_json_val *params)
{
	int					rc;
	int					fd = -1;
	struct stat				fw_stat;
	struct spdk_bdev			*bdev;
	struct spdk_nvme_cmd			cmd = {};
	struct firmware_update_info		*firm_ctx;

	firm_ctx = calloc(1, sizeof(struct firmware_update_info));
	if (!firm_ctx) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Memory allocation error.");
		return;
	}
	firm_ctx->fw_image = NULL;
	firm_ctx->request = request;

	if (spdk_json_decode_object(params, rpc_bdev_nvme_apply_firmware_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_apply_firmware_decoders), &firm_ctx->req)) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed.");
		goto err;
	}

	if (spdk_bdev_open_ext(firm_ctx->req.bdev_name, true, apply_firmware_open_cb, NULL,
			       &firm_ctx->desc) != 0) {
		spdk_jsonrpc_send_error_response_fmt(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						     "bdev %s could not be opened",
						     firm_ctx->req.bdev_name);
		goto err;
	}
	bdev = spdk_bdev_desc_get_bdev(firm_ctx->desc);

	if ((firm_ctx->ctrlr = bdev_nvme_get_ctrlr(bdev)) == NULL) {
		spdk_jsonrpc_send_error_response_fmt(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						     "Controller information for %s were not found.",
						     firm_ctx->req.bdev_name);
		goto err;
	}

	firm_ctx->ch = spdk_bdev_get_io_channel(firm_ctx->desc);
	if (!firm_ctx->ch) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "No channels were found.");
		goto err;
	}

	fd = open(firm_ctx->req.filename, O_RDONLY);
	if (fd < 0) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "open file failed.");
		goto err;
	}

	rc = fstat(fd, &fw_stat);
	if (rc < 0) {
		close(fd);
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "fstat failed.");
		goto err;
	}

	firm_ctx->size = fw_stat.st_size;
	if (fw_stat.st_size % 4) {
		close(fd);
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Firmware image size is not multiple of 4.");
		goto err;
	}

	firm_ctx->fw_image = spdk_zmalloc(firm_ctx->size, 4096, NULL,
					  SPDK_ENV_LCORE_ID_ANY, SPDK_MALLOC_DMA);
	if (!firm_ctx->fw_image) {
		close(fd);
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Memory allocation error.");
		goto err;
	}
	firm_ctx->p = firm_ctx->fw_image;

	if (read(fd, firm_ctx->p, firm_ctx->size) != ((ssize_t)(firm_ctx->size))) {
		close(fd);
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Read firmware image failed!");
		goto err;
	}
	close(fd);

	firm_ctx->offset = 0;
	firm_ctx->size_remaining = firm_ctx->size;
	firm_ctx->transfer = spdk_min(firm_ctx->size_remaining, 4096);

	cmd.opc = SPDK_NVME_OPC_FIRMWARE_IMAGE_DOWNLOAD;
	cmd.cdw10 = spdk_nvme_bytes_to_numd(firm_ctx->transfer);
	cmd.cdw11 = firm_ctx->offset >> 2;

	rc = spdk_bdev_nvme_admin_passthru(firm_ctx->desc, firm_ctx->ch, &cmd, firm_ctx->p,
					   firm_ctx->transfer, apply_firmware_complete, firm_ctx);
	if (rc == 0) {
		/* normal return here. */
		return;
	}

	spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
					 "Read firmware image failed!");
err:
	apply_firmware_cleanup(firm_ctx);
}
SPDK_RPC_REGISTER("bdev_nvme_apply_firmware", rpc_bdev_nvme_apply_firmware, SPDK_RPC_RUNTIME)

struct rpc_bdev_nvme_transport_stat_ctx {
	struct spdk_jsonrpc_request *request;
	struct spdk_json_write_ctx *w;
};

static void
rpc_bdev_nvme_rdma_stats(struct spdk_json_write_ctx *w,
			 struct spdk_nvme_transport_poll_group_stat *stat)
{
	struct spdk_nvme_rdma_device_stat *device_stats;
	uint32_t i;

	spdk_json_write_named_array_begin(w, "devices");

	for (i = 0; i < stat->rdma.num_devices; i++) {
		device_stats = &stat->rdma.device_stats[i];
		spdk_json_write_object_begin(w);
		spdk_json_write_named_string(w, "dev_name", device_stats->name);
		spdk_json_write_named_uint64(w, "polls", device_stats->polls);
		spdk_json_write_named_uint64(w, "idle_polls", device_stats->idle_polls);
		spdk_json_write_named_uint64(w, "completions", device_stats->completions);
		spdk_json_write_named_uint64(w, "queued_requests", device_stats->queued_requests);
		spdk_json_write_named_uint64(w, "total_send_wrs", device_stats->total_send_wrs);
		spdk_json_write_named_uint64(w, "send_doorbell_updates", device_stats->send_doorbell_updates);
		spdk_json_write_named_uint64(w, "total_recv_wrs", device_stats->total_recv_wrs);
		spdk_json_write_named_uint64(w, "recv_doorbell_updates", device_stats->recv_doorbell_updates);
		spdk_json_write_object_end(w);
	}
	spdk_json_write_array_end(w);
}

static void
rpc_bdev_nvme_pcie_stats(struct spdk_json_write_ctx *w,
			 struct spdk_nvme_transport_poll_group_stat *stat)
{
	spdk_json_write_named_uint64(w, "polls", stat->pcie.polls);
	spdk_json_write_named_uint64(w, "idle_polls", stat->pcie.idle_polls);
	spdk_json_write_named_uint64(w, "completions", stat->pcie.completions);
	spdk_json_write_named_uint64(w, "cq_mmio_doorbell_updates", stat->pcie.cq_mmio_doorbell_updates);
	spdk_json_write_named_uint64(w, "cq_shadow_doorbell_updates",
				     stat->pcie.cq_shadow_doorbell_updates);
	spdk_json_write_named_uint64(w, "queued_requests", stat->pcie.queued_requests);
	spdk_json_write_named_uint64(w, "submitted_requests", stat->pcie.submitted_requests);
	spdk_json_write_named_uint64(w, "sq_mmio_doorbell_updates", stat->pcie.sq_mmio_doorbell_updates);
	spdk_json_write_named_uint64(w, "sq_shadow_doorbell_updates",
				     stat->pcie.sq_shadow_doorbell_updates);
}

static void
rpc_bdev_nvme_tcp_stats(struct spdk_json_write_ctx *w,
			struct spdk_nvme_transport_poll_group_stat *stat)
{
	spdk_json_write_named_uint64(w, "polls", stat->tcp.polls);
	spdk_json_write_named_uint64(w, "idle_polls", stat->tcp.idle_polls);
	spdk_json_write_named_uint64(w, "socket_completions", stat->tcp.socket_completions);
	spdk_json_write_named_uint64(w, "nvme_completions", stat->tcp.nvme_completions);
	spdk_json_write_named_uint64(w, "queued_requests", stat->tcp.queued_requests);
	spdk_json_write_named_uint64(w, "submitted_requests", stat->tcp.submitted_requests);
}

static void
rpc_bdev_nvme_stats_per_channel(struct spdk_io_channel_iter *i)
{
	struct rpc_bdev_nvme_transport_stat_ctx *ctx;
	struct spdk_io_channel *ch;
	struct nvme_poll_group *group;
	struct spdk_nvme_poll_group_stat *stat;
	struct spdk_nvme_transport_poll_group_stat *tr_stat;
	uint32_t j;
	int rc;

	ctx = spdk_io_channel_iter_get_ctx(i);
	ch = spdk_io_channel_iter_get_channel(i);
	group = spdk_io_channel_get_ctx(ch);

	rc = spdk_nvme_poll_group_get_stats(group->group, &stat);
	if (rc) {
		spdk_for_each_channel_continue(i, rc);
		return;
	}

	spdk_json_write_object_begin(ctx->w);
	spdk_json_write_named_string(ctx->w, "thread", spdk_thread_get_name(spdk_get_thread()));
	spdk_json_write_named_array_begin(ctx->w, "transports");

	for (j = 0; j < stat->num_transports; j++) {
		tr_stat = stat->transport_stat[j];
		spdk_json_write_object_begin(ctx->w);
		spdk_json_write_named_string(ctx->w, "trname", spdk_nvme_transport_id_trtype_str(tr_stat->trtype));

		switch (stat->transport_stat[j]->trtype) {
		case SPDK_NVME_TRANSPORT_RDMA:
			rpc_bdev_nvme_rdma_stats(ctx->w, tr_stat);
			break;
		case SPDK_NVME_TRANSPORT_PCIE:
		case SPDK_NVME_TRANSPORT_VFIOUSER:
			rpc_bdev_nvme_pcie_stats(ctx->w, tr_stat);
			break;
		case SPDK_NVME_TRANSPORT_TCP:
			rpc_bdev_nvme_tcp_stats(ctx->w, tr_stat);
			break;
		default:
			SPDK_WARNLOG("Can't handle trtype %d %s\n", tr_stat->trtype,
				     spdk_nvme_transport_id_trtype_str(tr_stat->trtype));
		}
		spdk_json_write_object_end(ctx->w);
	}
	/* transports array */
	spdk_json_write_array_end(ctx->w);
	spdk_json_write_object_end(ctx->w);

	spdk_nvme_poll_group_free_stats(group->group, stat);
	spdk_for_each_channel_continue(i, 0);
}

static void
rpc_bdev_nvme_stats_done(struct spdk_io_channel_iter *i, int status)
{
	struct rpc_bdev_nvme_transport_stat_ctx *ctx = spdk_io_channel_iter_get_ctx(i);

	spdk_json_write_array_end(ctx->w);
	spdk_json_write_object_end(ctx->w);
	spdk_jsonrpc_end_result(ctx->request, ctx->w);
	free(ctx);
}

static void
rpc_bdev_nvme_get_transport_statistics(struct spdk_jsonrpc_request *request,
				       const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_transport_stat_ctx *ctx;

	if (params) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
						 "'bdev_nvme_get_transport_statistics' requires no arguments");
		return;
	}

	ctx = calloc(1, sizeof(*ctx));
	if (!ctx) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Memory allocation error");
		return;
	}
	ctx->request = request;
	ctx->w = spdk_jsonrpc_begin_result(ctx->request);
	spdk_json_write_object_begin(ctx->w);
	spdk_json_write_named_array_begin(ctx->w, "poll_groups");

	spdk_for_each_channel(&g_nvme_bdev_ctrlrs,
			      rpc_bdev_nvme_stats_per_channel,
			      ctx,
			      rpc_bdev_nvme_stats_done);
}
SPDK_RPC_REGISTER("bdev_nvme_get_transport_statistics", rpc_bdev_nvme_get_transport_statistics,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_reset_controller_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_reset_controller_ctx, name), spdk_json_decode_string},
	{"cntlid", offsetof(struct rpc_bdev_nvme_reset_controller_ctx, cntlid), spdk_json_decode_uint16, true},
};

static const struct spdk_json_object_decoder rpc_bdev_nvme_enable_controller_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_enable_controller_ctx, name), spdk_json_decode_string},
	{"cntlid", offsetof(struct rpc_bdev_nvme_enable_controller_ctx, cntlid), spdk_json_decode_uint16, true},
};

static const struct spdk_json_object_decoder rpc_bdev_nvme_disable_controller_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_disable_controller_ctx, name), spdk_json_decode_string},
	{"cntlid", offsetof(struct rpc_bdev_nvme_disable_controller_ctx, cntlid), spdk_json_decode_uint16, true},
};

static void
rpc_bdev_nvme_controller_op_cb(void *cb_arg, int rc)
{
	struct spdk_jsonrpc_request *request = cb_arg;

	if (rc == 0) {
		spdk_jsonrpc_send_bool_response(request, true);
	} else {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
	}
}

static void
rpc_bdev_nvme_controller_op(struct spdk_jsonrpc_request *request,
			    const char *name, uint16_t cntlid,
			    enum nvme_ctrlr_op op)
{
	struct nvme_bdev_ctrlr *nbdev_ctrlr;
	struct nvme_ctrlr *nvme_ctrlr;

	nbdev_ctrlr = nvme_bdev_ctrlr_get_by_name(name);
	if (nbdev_ctrlr == NULL) {
		SPDK_ERRLOG("Failed at NVMe bdev controller lookup\n");
		spdk_jsonrpc_send_error_response(request, -ENODEV, spdk_strerror(ENODEV));
		return;
	}

	if (cntlid == 0) {
		nvme_bdev_ctrlr_op_rpc(nbdev_ctrlr, op, rpc_bdev_nvme_controller_op_cb, request);
	} else {
		nvme_ctrlr = nvme_bdev_ctrlr_get_ctrlr_by_id(nbdev_ctrlr, cntlid);
		if (nvme_ctrlr == NULL) {
			SPDK_ERRLOG("Failed at NVMe controller lookup\n");
			spdk_jsonrpc_send_error_response(request, -ENODEV, spdk_strerror(ENODEV));
			return;
		}
		nvme_ctrlr_op_rpc(nvme_ctrlr, op, rpc_bdev_nvme_controller_op_cb, request);
	}
}

static void
rpc_bdev_nvme_reset_controller(struct spdk_jsonrpc_request *request,
			       const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_reset_controller_ctx req = {};

	if (spdk_json_decode_object(params, rpc_bdev_nvme_reset_controller_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_reset_controller_decoders),
				    &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS, spdk_strerror(EINVAL));
		free_rpc_bdev_nvme_reset_controller(&req);
		return;
	}

	rpc_bdev_nvme_controller_op(request, req.name, req.cntlid, NVME_CTRLR_OP_RESET);
	free_rpc_bdev_nvme_reset_controller(&req);
}
SPDK_RPC_REGISTER("bdev_nvme_reset_controller", rpc_bdev_nvme_reset_controller, SPDK_RPC_RUNTIME)

static void
rpc_bdev_nvme_enable_controller(struct spdk_jsonrpc_request *request,
				const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_enable_controller_ctx req = {};

	if (spdk_json_decode_object(params, rpc_bdev_nvme_enable_controller_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_enable_controller_decoders),
				    &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS, spdk_strerror(EINVAL));
		free_rpc_bdev_nvme_enable_controller(&req);
		return;
	}

	rpc_bdev_nvme_controller_op(request, req.name, req.cntlid, NVME_CTRLR_OP_ENABLE);
	free_rpc_bdev_nvme_enable_controller(&req);
}
SPDK_RPC_REGISTER("bdev_nvme_enable_controller", rpc_bdev_nvme_enable_controller, SPDK_RPC_RUNTIME)

static void
rpc_bdev_nvme_disable_controller(struct spdk_jsonrpc_request *request,
				 const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_disable_controller_ctx req = {};

	if (spdk_json_decode_object(params, rpc_bdev_nvme_disable_controller_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_disable_controller_decoders),
				    &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS, spdk_strerror(EINVAL));
		free_rpc_bdev_nvme_disable_controller(&req);
		return;
	}

	rpc_bdev_nvme_controller_op(request, req.name, req.cntlid, NVME_CTRLR_OP_DISABLE);
	free_rpc_bdev_nvme_disable_controller(&req);
}
SPDK_RPC_REGISTER("bdev_nvme_disable_controller", rpc_bdev_nvme_disable_controller,
		  SPDK_RPC_RUNTIME)

struct spdk_nvme_health_info_context {
	struct spdk_jsonrpc_request *request;
	struct spdk_nvme_ctrlr *ctrlr;
	struct spdk_nvme_health_information_page health_page;
};

static const struct spdk_json_object_decoder rpc_bdev_nvme_get_controller_health_info_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_get_controller_health_info_ctx, name), spdk_json_decode_string},
};

static void
nvme_health_info_cleanup(struct spdk_nvme_health_info_context *context, bool response)
{
	if (response == true) {
		spdk_jsonrpc_send_error_response(context->request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Internal error.");
	}

	free(context);
}

static void
get_health_log_page_completion(void *cb_arg, const struct spdk_nvme_cpl *cpl)
{
	int i;
	char buf[128];
	struct spdk_nvme_health_info_context *context = cb_arg;
	struct spdk_jsonrpc_request *request = context->request;
	struct spdk_json_write_ctx *w;
	struct spdk_nvme_ctrlr *ctrlr = context->ctrlr;
	const struct spdk_nvme_transport_id *trid = NULL;
	const struct spdk_nvme_ctrlr_data *cdata = NULL;
	struct spdk_nvme_health_information_page *health_page = NULL;

	if (spdk_nvme_cpl_is_error(cpl)) {
		nvme_health_info_cleanup(context, true);
		SPDK_ERRLOG("get log page failed\n");
		return;
	}

	if (ctrlr == NULL) {
		nvme_health_info_cleanup(context, true);
		SPDK_ERRLOG("ctrlr is NULL\n");
		return;
	} else {
		trid = spdk_nvme_ctrlr_get_transport_id(ctrlr);
		cdata = spdk_nvme_ctrlr_get_data(ctrlr);
		health_page = &(context->health_page);
	}

	w = spdk_jsonrpc_begin_result(request);

	spdk_json_write_object_begin(w);
	snprintf(buf, sizeof(cdata->mn) + 1, "%s", cdata->mn);
	spdk_str_trim(buf);
	spdk_json_write_named_string(w, "model_number", buf);
	snprintf(buf, sizeof(cdata->sn) + 1, "%s", cdata->sn);
	spdk_str_trim(buf);
	spdk_json_write_named_string(w, "serial_number", buf);
	snprintf(buf, sizeof(cdata->fr) + 1, "%s", cdata->fr);
	spdk_str_trim(buf);
	spdk_json_write_named_string(w, "firmware_revision", buf);
	spdk_json_write_named_string(w, "traddr", trid->traddr);
	spdk_json_write_named_uint64(w, "critical_warning", health_page->critical_warning.raw);
	spdk_json_write_named_uint64(w, "temperature_celsius", health_page->temperature - 273);
	spdk_json_write_named_uint64(w, "available_spare_percentage", health_page->available_spare);
	spdk_json_write_named_uint64(w, "available_spare_threshold_percentage",
				     health_page->available_spare_threshold);
	spdk_json_write_named_uint64(w, "percentage_used", health_page->percentage_used);
	spdk_json_write_named_uint128(w, "data_units_read",
				      health_page->data_units_read[0], health_page->data_units_read[1]);
	spdk_json_write_named_uint128(w, "data_units_written",
				      health_page->data_units_written[0], health_page->data_units_written[1]);
	spdk_json_write_named_uint128(w, "host_read_commands",
				      health_page->host_read_commands[0], health_page->host_read_commands[1]);
	spdk_json_write_named_uint128(w, "host_write_commands",
				      health_page->host_write_commands[0], health_page->host_write_commands[1]);
	spdk_json_write_named_uint128(w, "controller_busy_time",
				      health_page->controller_busy_time[0], health_page->controller_busy_time[1]);
	spdk_json_write_named_uint128(w, "power_cycles",
				      health_page->power_cycles[0], health_page->power_cycles[1]);
	spdk_json_write_named_uint128(w, "power_on_hours",
				      health_page->power_on_hours[0], health_page->power_on_hours[1]);
	spdk_json_write_named_uint128(w, "unsafe_shutdowns",
				      health_page->unsafe_shutdowns[0], health_page->unsafe_shutdowns[1]);
	spdk_json_write_named_uint128(w, "media_errors",
				      health_page->media_errors[0], health_page->media_errors[1]);
	spdk_json_write_named_uint128(w, "num_err_log_entries",
				      health_page->num_error_info_log_entries[0], health_page->num_error_info_log_entries[1]);
	spdk_json_write_named_uint64(w, "warning_temperature_time_minutes", health_page->warning_temp_time);
	spdk_json_write_named_uint64(w, "critical_composite_temperature_time_minutes",
				     health_page->critical_temp_time);
	for (i = 0; i < 8; i++) {
		if (health_page->temp_sensor[i] != 0) {
			spdk_json_write_named_uint64(w, "temperature_sensor_celsius", health_page->temp_sensor[i] - 273);
		}
	}
	spdk_json_write_object_end(w);

	spdk_jsonrpc_end_result(request, w);
	nvme_health_info_cleanup(context, false);
}

static void
get_health_log_page(struct spdk_nvme_health_info_context *context)
{
	struct spdk_nvme_ctrlr *ctrlr = context->ctrlr;

	if (spdk_nvme_ctrlr_cmd_get_log_page(ctrlr, SPDK_NVME_LOG_HEALTH_INFORMATION,
					     SPDK_NVME_GLOBAL_NS_TAG,
					     &(context->health_page), sizeof(context->health_page), 0,
					     get_health_log_page_completion, context)) {
		nvme_health_info_cleanup(context, true);
		SPDK_ERRLOG("spdk_nvme_ctrlr_cmd_get_log_page() failed\n");
	}
}

static void
get_temperature_threshold_feature_completion(void *cb_arg, const struct spdk_nvme_cpl *cpl)
{
	struct spdk_nvme_health_info_context *context = cb_arg;

	if (spdk_nvme_cpl_is_error(cpl)) {
		nvme_health_info_cleanup(context, true);
		SPDK_ERRLOG("feature SPDK_NVME_FEAT_TEMPERATURE_THRESHOLD failed in completion\n");
	} else {
		get_health_log_page(context);
	}
}

static int
get_temperature_threshold_feature(struct spdk_nvme_health_info_context *context)
{
	struct spdk_nvme_cmd cmd = {};

	cmd.opc = SPDK_NVME_OPC_GET_FEATURES;
	cmd.cdw10 = SPDK_NVME_FEAT_TEMPERATURE_THRESHOLD;

	return spdk_nvme_ctrlr_cmd_admin_raw(context->ctrlr, &cmd, NULL, 0,
					     get_temperature_threshold_feature_completion, context);
}

static void
get_controller_health_info(struct spdk_jsonrpc_request *request, struct spdk_nvme_ctrlr *ctrlr)
{
	struct spdk_nvme_health_info_context *context;

	context = calloc(1, sizeof(struct spdk_nvme_health_info_context));
	if (!context) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Memory allocation error.");
		return;
	}

	context->request = request;
	context->ctrlr = ctrlr;

	if (get_temperature_threshold_feature(context)) {
		nvme_health_info_cleanup(context, true);
		SPDK_ERRLOG("feature SPDK_NVME_FEAT_TEMPERATURE_THRESHOLD failed to submit\n");
	}

	return;
}

static void
rpc_bdev_nvme_get_controller_health_info(struct spdk_jsonrpc_request *request,
		const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_get_controller_health_info_ctx req = {};
	struct nvme_ctrlr *nvme_ctrlr = NULL;

	if (!params) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Missing device name");

		return;
	}
	if (spdk_json_decode_object(params, rpc_bdev_nvme_get_controller_health_info_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_get_controller_health_info_decoders), &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		free_rpc_bdev_nvme_get_controller_health_info(&req);
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Invalid parameters");

		return;
	}

	nvme_ctrlr = nvme_ctrlr_get_by_name(req.name);

	if (!nvme_ctrlr) {
		SPDK_ERRLOG("nvme ctrlr name '%s' does not exist\n", req.name);
		free_rpc_bdev_nvme_get_controller_health_info(&req);
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Device not found");
		return;
	}

	get_controller_health_info(request, nvme_ctrlr->ctrlr);
	free_rpc_bdev_nvme_get_controller_health_info(&req);

	return;
}
SPDK_RPC_REGISTER("bdev_nvme_get_controller_health_info",
		  rpc_bdev_nvme_get_controller_health_info, SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_start_discovery_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_start_discovery_ctx, name), spdk_json_decode_string},
	{"trtype", offsetof(struct rpc_bdev_nvme_start_discovery_ctx, trtype), spdk_json_decode_string},
	{"traddr", offsetof(struct rpc_bdev_nvme_start_discovery_ctx, traddr), spdk_json_decode_string},
	{"adrfam", offsetof(struct rpc_bdev_nvme_start_discovery_ctx, adrfam), spdk_json_decode_string, true},
	{"trsvcid", offsetof(struct rpc_bdev_nvme_start_discovery_ctx, trsvcid), spdk_json_decode_string, true},
	{"hostnqn", offsetof(struct rpc_bdev_nvme_start_discovery_ctx, hostnqn), spdk_json_decode_string, true},
	{"wait_for_attach", offsetof(struct rpc_bdev_nvme_start_discovery_ctx, wait_for_attach), spdk_json_decode_bool, true},
	{"attach_timeout_ms", offsetof(struct rpc_bdev_nvme_start_discovery_ctx, attach_timeout_ms), spdk_json_decode_uint64, true},
	{"ctrlr_loss_timeout_sec", offsetof(struct rpc_bdev_nvme_start_discovery_ctx, ctrlr_loss_timeout_sec), spdk_json_decode_int32, true},
	{"reconnect_delay_sec", offsetof(struct rpc_bdev_nvme_start_discovery_ctx, reconnect_delay_sec), spdk_json_decode_uint32, true},
	{"fast_io_fail_timeout_sec", offsetof(struct rpc_bdev_nvme_start_discovery_ctx, fast_io_fail_timeout_sec), spdk_json_decode_uint32, true},
};

static void
rpc_bdev_nvme_start_discovery_done(void *ctx, int status)
{
	struct spdk_jsonrpc_request *request = ctx;

	if (status != 0) {
		spdk_jsonrpc_send_error_response(request, status, spdk_strerror(-status));
	} else {
		spdk_jsonrpc_send_bool_response(request, true);
	}
}

static void
rpc_bdev_nvme_start_discovery(struct spdk_jsonrpc_request *request,
			      const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_start_discovery_ctx *ctx;
	struct spdk_nvme_transport_id trid = {};
	struct spdk_nvme_ctrlr_opts ctrlr_opts = {};
	struct spdk_bdev_nvme_ctrlr_opts bdev_opts = {};
	size_t len, maxlen;
	int rc;
	spdk_bdev_nvme_start_discovery_fn cb_fn;
	void *cb_ctx;

	ctx = calloc(1, sizeof(*ctx));
	if (!ctx) {
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		return;
	}

	spdk_nvme_ctrlr_get_default_ctrlr_opts(&ctrlr_opts, sizeof(ctrlr_opts));
	ctx->ctrlr_loss_timeout_sec = bdev_opts.ctrlr_loss_timeout_sec;
	ctx->reconnect_delay_sec = bdev_opts.reconnect_delay_sec;
	ctx->fast_io_fail_timeout_sec = bdev_opts.fast_io_fail_timeout_sec;

	if (spdk_json_decode_object(params, rpc_bdev_nvme_start_discovery_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_start_discovery_decoders),
				    ctx)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	bdev_opts.ctrlr_loss_timeout_sec = ctx->ctrlr_loss_timeout_sec;
	bdev_opts.reconnect_delay_sec = ctx->reconnect_delay_sec;
	bdev_opts.fast_io_fail_timeout_sec = ctx->fast_io_fail_timeout_sec;

	rc = spdk_nvme_transport_id_populate_trstring(&trid, ctx->trtype);
	if (rc < 0) {
		SPDK_ERRLOG("Failed to parse trtype: %s\n", ctx->trtype);
		spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "Failed to parse trtype: %s",
						     ctx->trtype);
		goto cleanup;
	}

	rc = spdk_nvme_transport_id_parse_trtype(&trid.trtype, ctx->trtype);
	assert(rc == 0);

	maxlen = sizeof(trid.traddr);
	len = strnlen(ctx->traddr, maxlen);
	if (len == maxlen) {
		spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "traddr too long: %s",
						     ctx->traddr);
		goto cleanup;
	}
	memcpy(trid.traddr, ctx->traddr, len + 1);

	if (ctx->adrfam) {
		rc = spdk_nvme_transport_id_parse_adrfam(&trid.adrfam, ctx->adrfam);
		if (rc < 0) {
			SPDK_ERRLOG("Failed to parse adrfam: %s\n", ctx->adrfam);
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "Failed to parse adrfam: %s",
							     ctx->adrfam);
			goto cleanup;
		}
	}

	if (ctx->trsvcid) {
		maxlen = sizeof(trid.trsvcid);
		len = strnlen(ctx->trsvcid, maxlen);
		if (len == maxlen) {
			spdk_jsonrpc_send_error_response_fmt(request, -EINVAL, "trsvcid too long: %s",
							     ctx->trsvcid);
			goto cleanup;
		}
		memcpy(trid.trsvcid, ctx->trsvcid, len + 1);
	}

	if (ctx->hostnqn) {
		snprintf(ctrlr_opts.hostnqn, sizeof(ctrlr_opts.hostnqn), "%s", ctx->hostnqn);
	}

	if (ctx->attach_timeout_ms != 0) {
		ctx->wait_for_attach = true;
	}

	ctx->request = request;
	cb_fn = ctx->wait_for_attach ? rpc_bdev_nvme_start_discovery_done : NULL;
	cb_ctx = ctx->wait_for_attach ? request : NULL;
	rc = bdev_nvme_start_discovery(&trid, ctx->name, &ctrlr_opts, &bdev_opts,
				       ctx->attach_timeout_ms, false, cb_fn, cb_ctx);
	if (rc) {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
	} else if (!ctx->wait_for_attach) {
		rpc_bdev_nvme_start_discovery_done(request, 0);
	}

cleanup:
	free_rpc_bdev_nvme_start_discovery(ctx);
	free(ctx);
}
SPDK_RPC_REGISTER("bdev_nvme_start_discovery", rpc_bdev_nvme_start_discovery,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_stop_discovery_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_stop_discovery_ctx, name), spdk_json_decode_string},
};

static void
rpc_bdev_nvme_stop_discovery_done(void *cb_ctx)
{
	struct rpc_bdev_nvme_stop_discovery_ctx *ctx = cb_ctx;

	spdk_jsonrpc_send_bool_response(ctx->request, true);
	free_rpc_bdev_nvme_stop_discovery(ctx);
	free(ctx);
}

static void
rpc_bdev_nvme_stop_discovery(struct spdk_jsonrpc_request *request,
			     const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_stop_discovery_ctx *ctx;
	int rc;

	ctx = calloc(1, sizeof(*ctx));
	if (!ctx) {
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		return;
	}

	if (spdk_json_decode_object(params, rpc_bdev_nvme_stop_discovery_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_stop_discovery_decoders),
				    ctx)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	ctx->request = request;
	rc = bdev_nvme_stop_discovery(ctx->name, rpc_bdev_nvme_stop_discovery_done, ctx);
	if (rc) {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
		goto cleanup;
	}

	return;

cleanup:
	free_rpc_bdev_nvme_stop_discovery(ctx);
	free(ctx);
}
SPDK_RPC_REGISTER("bdev_nvme_stop_discovery", rpc_bdev_nvme_stop_discovery,
		  SPDK_RPC_RUNTIME)

static void
rpc_bdev_nvme_get_discovery_info(struct spdk_jsonrpc_request *request,
				 const struct spdk_json_val *params)
{
	struct spdk_json_write_ctx *w;

	w = spdk_jsonrpc_begin_result(request);
	bdev_nvme_get_discovery_info(w);
	spdk_jsonrpc_end_result(request, w);
}
SPDK_RPC_REGISTER("bdev_nvme_get_discovery_info", rpc_bdev_nvme_get_discovery_info,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_add_error_injection_decoders[] = {
	{ "name", offsetof(struct rpc_bdev_nvme_add_error_injection_ctx, name), spdk_json_decode_string },
	{ "cmd_type", offsetof(struct rpc_bdev_nvme_add_error_injection_ctx, cmd_type), rpc_decode_bdev_nvme_cmd_type },
	{ "opc", offsetof(struct rpc_bdev_nvme_add_error_injection_ctx, opc), spdk_json_decode_uint8 },
	{ "do_not_submit", offsetof(struct rpc_bdev_nvme_add_error_injection_ctx, do_not_submit), spdk_json_decode_bool, true },
	{ "timeout_in_us", offsetof(struct rpc_bdev_nvme_add_error_injection_ctx, timeout_in_us), spdk_json_decode_uint64, true },
	{ "err_count", offsetof(struct rpc_bdev_nvme_add_error_injection_ctx, err_count), spdk_json_decode_uint32, true },
	{ "sct", offsetof(struct rpc_bdev_nvme_add_error_injection_ctx, sct), spdk_json_decode_uint8, true},
	{ "sc", offsetof(struct rpc_bdev_nvme_add_error_injection_ctx, sc), spdk_json_decode_uint8, true},
};

static void
rpc_add_error_injection_done(struct nvme_ctrlr *nvme_ctrlr, void *_ctx, int status)
{
	struct rpc_bdev_nvme_add_error_injection_ctx *ctx = _ctx;

	if (status) {
		spdk_jsonrpc_send_error_response(ctx->request, status,
						 "Failed to add the error injection.");
	} else {
		spdk_jsonrpc_send_bool_response(ctx->request, true);
	}

	free_rpc_bdev_nvme_add_error_injection(ctx);
	free(ctx);
}

static void
rpc_add_error_injection_per_channel(struct nvme_ctrlr_channel_iter *i,
				    struct nvme_ctrlr *nvme_ctrlr,
				    struct nvme_ctrlr_channel *ctrlr_ch,
				    void *_ctx)
{
	struct rpc_bdev_nvme_add_error_injection_ctx *ctx = _ctx;
	struct spdk_nvme_qpair *qpair = ctrlr_ch->qpair->qpair;
	struct spdk_nvme_ctrlr *ctrlr = ctrlr_ch->qpair->ctrlr->ctrlr;
	int rc = 0;

	if (qpair != NULL) {
		rc = spdk_nvme_qpair_add_cmd_error_injection(ctrlr, qpair, ctx->opc,
				ctx->do_not_submit, ctx->timeout_in_us, ctx->err_count,
				ctx->sct, ctx->sc);
	}

	nvme_ctrlr_for_each_channel_continue(i, rc);
}

static void
rpc_bdev_nvme_add_error_injection(
	struct spdk_jsonrpc_request *request,
	const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_add_error_injection_ctx *ctx;
	struct nvme_ctrlr *nvme_ctrlr;
	int rc;

	ctx = calloc(1, sizeof(*ctx));
	if (!ctx) {
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		return;
	}
	ctx->err_count = 1;
	ctx->request = request;

	if (spdk_json_decode_object(params,
				    rpc_bdev_nvme_add_error_injection_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_add_error_injection_decoders),
				    ctx)) {
		spdk_jsonrpc_send_error_response(request, -EINVAL,
						 "Failed to parse the request");
		goto cleanup;
	}

	nvme_ctrlr = nvme_ctrlr_get_by_name(ctx->name);
	if (nvme_ctrlr == NULL) {
		SPDK_ERRLOG("No controller with specified name was found.\n");
		spdk_jsonrpc_send_error_response(request, -ENODEV, spdk_strerror(ENODEV));
		goto cleanup;
	}

	if (ctx->cmd_type == RPC_BDEV_NVME_CMD_TYPE_IO) {
		nvme_ctrlr_for_each_channel(nvme_ctrlr,
					    rpc_add_error_injection_per_channel,
					    ctx,
					    rpc_add_error_injection_done);

		return;
	} else {
		rc = spdk_nvme_qpair_add_cmd_error_injection(nvme_ctrlr->ctrlr, NULL, ctx->opc,
				ctx->do_not_submit, ctx->timeout_in_us, ctx->err_count,
				ctx->sct, ctx->sc);
		if (rc) {
			spdk_jsonrpc_send_error_response(request, -rc,
							 "Failed to add the error injection");
		} else {
			spdk_jsonrpc_send_bool_response(ctx->request, true);
		}
	}

cleanup:
	free_rpc_bdev_nvme_add_error_injection(ctx);
	free(ctx);
}
SPDK_RPC_REGISTER("bdev_nvme_add_error_injection", rpc_bdev_nvme_add_error_injection,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_remove_error_injection_decoders[] = {
	{ "name", offsetof(struct rpc_bdev_nvme_remove_error_injection_ctx, name), spdk_json_decode_string },
	{ "cmd_type", offsetof(struct rpc_bdev_nvme_remove_error_injection_ctx, cmd_type), rpc_decode_bdev_nvme_cmd_type },
	{ "opc", offsetof(struct rpc_bdev_nvme_remove_error_injection_ctx, opc), spdk_json_decode_uint8 },
};

static void
rpc_remove_error_injection_done(struct nvme_ctrlr *nvme_ctrlr, void *_ctx, int status)
{
	struct rpc_bdev_nvme_remove_error_injection_ctx *ctx = _ctx;

	if (status) {
		spdk_jsonrpc_send_error_response(ctx->request, status,
						 "Failed to remove the error injection.");
	} else {
		spdk_jsonrpc_send_bool_response(ctx->request, true);
	}

	free_rpc_bdev_nvme_remove_error_injection(ctx);
	free(ctx);
}

static void
rpc_remove_error_injection_per_channel(struct nvme_ctrlr_channel_iter *i,
				       struct nvme_ctrlr *nvme_ctrlr,
				       struct nvme_ctrlr_channel *ctrlr_ch,
				       void *_ctx)
{
	struct rpc_bdev_nvme_remove_error_injection_ctx *ctx = _ctx;
	struct spdk_nvme_qpair *qpair = ctrlr_ch->qpair->qpair;
	struct spdk_nvme_ctrlr *ctrlr = ctrlr_ch->qpair->ctrlr->ctrlr;

	if (qpair != NULL) {
		spdk_nvme_qpair_remove_cmd_error_injection(ctrlr, qpair, ctx->opc);
	}

	nvme_ctrlr_for_each_channel_continue(i, 0);
}

static void
rpc_bdev_nvme_remove_error_injection(struct spdk_jsonrpc_request *request,
				     const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_remove_error_injection_ctx *ctx;
	struct nvme_ctrlr *nvme_ctrlr;

	ctx = calloc(1, sizeof(*ctx));
	if (!ctx) {
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		return;
	}
	ctx->request = request;

	if (spdk_json_decode_object(params,
				    rpc_bdev_nvme_remove_error_injection_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_remove_error_injection_decoders),
				    ctx)) {
		spdk_jsonrpc_send_error_response(request, -EINVAL,
						 "Failed to parse the request");
		goto cleanup;
	}

	nvme_ctrlr = nvme_ctrlr_get_by_name(ctx->name);
	if (nvme_ctrlr == NULL) {
		SPDK_ERRLOG("No controller with specified name was found.\n");
		spdk_jsonrpc_send_error_response(request, -ENODEV, spdk_strerror(ENODEV));
		goto cleanup;
	}

	if (ctx->cmd_type == RPC_BDEV_NVME_CMD_TYPE_IO) {
		nvme_ctrlr_for_each_channel(nvme_ctrlr,
					    rpc_remove_error_injection_per_channel,
					    ctx,
					    rpc_remove_error_injection_done);
		return;
	} else {
		spdk_nvme_qpair_remove_cmd_error_injection(nvme_ctrlr->ctrlr, NULL, ctx->opc);
		spdk_jsonrpc_send_bool_response(ctx->request, true);
	}

cleanup:
	free_rpc_bdev_nvme_remove_error_injection(ctx);
	free(ctx);
}
SPDK_RPC_REGISTER("bdev_nvme_remove_error_injection", rpc_bdev_nvme_remove_error_injection,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_get_io_paths_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_get_io_paths_ctx, name), spdk_json_decode_string, true},
};

struct rpc_get_io_paths_ctx {
	struct rpc_bdev_nvme_get_io_paths_ctx req;
	struct spdk_jsonrpc_request *request;
	struct spdk_json_write_ctx *w;
};

static void
rpc_bdev_nvme_get_io_paths_done(struct spdk_io_channel_iter *i, int status)
{
	struct rpc_get_io_paths_ctx *ctx = spdk_io_channel_iter_get_ctx(i);

	spdk_json_write_array_end(ctx->w);

	spdk_json_write_object_end(ctx->w);

	spdk_jsonrpc_end_result(ctx->request, ctx->w);

	free_rpc_bdev_nvme_get_io_paths(&ctx->req);
	free(ctx);
}

static void
_rpc_bdev_nvme_get_io_paths(struct spdk_io_channel_iter *i)
{
	struct spdk_io_channel *_ch = spdk_io_channel_iter_get_channel(i);
	struct nvme_poll_group *group = spdk_io_channel_get_ctx(_ch);
	struct rpc_get_io_paths_ctx *ctx = spdk_io_channel_iter_get_ctx(i);
	struct nvme_qpair *qpair;
	struct nvme_io_path *io_path;
	struct nvme_bdev *nbdev;

	spdk_json_write_object_begin(ctx->w);

	spdk_json_write_named_string(ctx->w, "thread", spdk_thread_get_name(spdk_get_thread()));

	spdk_json_write_named_array_begin(ctx->w, "io_paths");

	TAILQ_FOREACH(qpair, &group->qpair_list, tailq) {
		TAILQ_FOREACH(io_path, &qpair->io_path_list, tailq) {
			nbdev = io_path->nvme_ns->bdev;

			if (ctx->req.name != NULL &&
			    strcmp(ctx->req.name, nbdev->disk.name) != 0) {
				continue;
			}

			nvme_io_path_info_json(ctx->w, io_path);
		}
	}

	spdk_json_write_array_end(ctx->w);

	spdk_json_write_object_end(ctx->w);

	spdk_for_each_channel_continue(i, 0);
}

static void
rpc_bdev_nvme_get_io_paths(struct spdk_jsonrpc_request *request,
			   const struct spdk_json_val *params)
{
	struct rpc_get_io_paths_ctx *ctx;

	ctx = calloc(1, sizeof(*ctx));
	if (ctx == NULL) {
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		return;
	}

	if (params != NULL &&
	    spdk_json_decode_object(params, rpc_bdev_nvme_get_io_paths_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_get_io_paths_decoders),
				    &ctx->req)) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
						 "bdev_nvme_get_io_paths requires no parameters");

		free_rpc_bdev_nvme_get_io_paths(&ctx->req);
		free(ctx);
		return;
	}

	ctx->request = request;
	ctx->w = spdk_jsonrpc_begin_result(request);

	spdk_json_write_object_begin(ctx->w);

	spdk_json_write_named_array_begin(ctx->w, "poll_groups");

	spdk_for_each_channel(&g_nvme_bdev_ctrlrs,
			      _rpc_bdev_nvme_get_io_paths,
			      ctx,
			      rpc_bdev_nvme_get_io_paths_done);
}
SPDK_RPC_REGISTER("bdev_nvme_get_io_paths", rpc_bdev_nvme_get_io_paths, SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_set_preferred_path_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_set_preferred_path_ctx, name), spdk_json_decode_string},
	{"cntlid", offsetof(struct rpc_bdev_nvme_set_preferred_path_ctx, cntlid), spdk_json_decode_uint16},
};

static void
rpc_bdev_nvme_set_preferred_path_done(void *cb_arg, int rc)
{
	struct rpc_bdev_nvme_set_preferred_path_ctx *ctx = cb_arg;

	if (rc == 0) {
		spdk_jsonrpc_send_bool_response(ctx->request, true);
	} else {
		spdk_jsonrpc_send_error_response(ctx->request, rc, spdk_strerror(-rc));
	}

	free_rpc_bdev_nvme_set_preferred_path(ctx);
	free(ctx);
}

static void
rpc_bdev_nvme_set_preferred_path(struct spdk_jsonrpc_request *request,
				 const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_set_preferred_path_ctx *ctx;

	ctx = calloc(1, sizeof(*ctx));
	if (ctx == NULL) {
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		return;
	}

	if (spdk_json_decode_object(params, rpc_bdev_nvme_set_preferred_path_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_set_preferred_path_decoders),
				    ctx)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	ctx->request = request;

	bdev_nvme_set_preferred_path(ctx->name, ctx->cntlid,
				     rpc_bdev_nvme_set_preferred_path_done, ctx);
	return;

cleanup:
	free_rpc_bdev_nvme_set_preferred_path(ctx);
	free(ctx);
}
SPDK_RPC_REGISTER("bdev_nvme_set_preferred_path", rpc_bdev_nvme_set_preferred_path,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_set_multipath_policy_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_set_multipath_policy_ctx, name), spdk_json_decode_string},
	{"policy", offsetof(struct rpc_bdev_nvme_set_multipath_policy_ctx, policy), rpc_decode_bdev_nvme_multipath_policy},
	{"selector", offsetof(struct rpc_bdev_nvme_set_multipath_policy_ctx, selector), rpc_decode_bdev_nvme_multipath_selector, true},
	{"rr_min_io", offsetof(struct rpc_bdev_nvme_set_multipath_policy_ctx, rr_min_io), spdk_json_decode_uint32, true},
};

static void
rpc_bdev_nvme_set_multipath_policy_done(void *cb_arg, int rc)
{
	struct rpc_bdev_nvme_set_multipath_policy_ctx *ctx = cb_arg;

	if (rc == 0) {
		spdk_jsonrpc_send_bool_response(ctx->request, true);
	} else {
		spdk_jsonrpc_send_error_response(ctx->request, rc, spdk_strerror(-rc));
	}

	free_rpc_bdev_nvme_set_multipath_policy(ctx);
	free(ctx);
}

static void
rpc_bdev_nvme_set_multipath_policy(struct spdk_jsonrpc_request *request,
				   const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_set_multipath_policy_ctx *ctx;

	ctx = calloc(1, sizeof(*ctx));
	if (ctx == NULL) {
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		return;
	}

	ctx->rr_min_io = UINT32_MAX;
	ctx->selector = UINT32_MAX;

	if (spdk_json_decode_object(params, rpc_bdev_nvme_set_multipath_policy_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_set_multipath_policy_decoders),
				    ctx)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	ctx->request = request;
	if (ctx->selector == UINT32_MAX) {
		if (ctx->policy == RPC_BDEV_NVME_MULTIPATH_POLICY_ACTIVE_ACTIVE) {
			ctx->selector = RPC_BDEV_NVME_MULTIPATH_SELECTOR_ROUND_ROBIN;
		} else {
			ctx->selector = 0;
		}
	}

	if (ctx->policy != RPC_BDEV_NVME_MULTIPATH_POLICY_ACTIVE_ACTIVE && ctx->selector > 0) {
		SPDK_ERRLOG("selector only works in active_active mode\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	spdk_bdev_nvme_set_multipath_policy(ctx->name,
					    (enum spdk_bdev_nvme_multipath_policy)ctx->policy,
					    (enum spdk_bdev_nvme_multipath_selector)ctx->selector,
					    ctx->rr_min_io,
					    rpc_bdev_nvme_set_multipath_policy_done, ctx);
	return;

cleanup:
	free_rpc_bdev_nvme_set_multipath_policy(ctx);
	free(ctx);
}
SPDK_RPC_REGISTER("bdev_nvme_set_multipath_policy", rpc_bdev_nvme_set_multipath_policy,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_start_mdns_discovery_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_start_mdns_discovery_ctx, name), spdk_json_decode_string},
	{"svcname", offsetof(struct rpc_bdev_nvme_start_mdns_discovery_ctx, svcname), spdk_json_decode_string},
	{"hostnqn", offsetof(struct rpc_bdev_nvme_start_mdns_discovery_ctx, hostnqn), spdk_json_decode_string, true},
};

static void
rpc_bdev_nvme_start_mdns_discovery(struct spdk_jsonrpc_request *request,
				   const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_start_mdns_discovery_ctx *ctx;
	struct spdk_nvme_ctrlr_opts ctrlr_opts = {};
	struct spdk_bdev_nvme_ctrlr_opts bdev_opts = {};
	int rc;

	ctx = calloc(1, sizeof(*ctx));
	if (!ctx) {
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		return;
	}

	spdk_nvme_ctrlr_get_default_ctrlr_opts(&ctrlr_opts, sizeof(ctrlr_opts));

	if (spdk_json_decode_object(params, rpc_bdev_nvme_start_mdns_discovery_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_start_mdns_discovery_decoders),
				    ctx)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	if (ctx->hostnqn) {
		snprintf(ctrlr_opts.hostnqn, sizeof(ctrlr_opts.hostnqn), "%s", ctx->hostnqn);
	}

	ctx->request = request;
	rc = bdev_nvme_start_mdns_discovery(ctx->name, ctx->svcname, &ctrlr_opts, &bdev_opts);
	if (rc) {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
	} else {
		spdk_jsonrpc_send_bool_response(request, true);
	}

cleanup:
	free_rpc_bdev_nvme_start_mdns_discovery(ctx);
	free(ctx);
}
SPDK_RPC_REGISTER("bdev_nvme_start_mdns_discovery", rpc_bdev_nvme_start_mdns_discovery,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_stop_mdns_discovery_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_stop_mdns_discovery_ctx, name), spdk_json_decode_string},
};

static void
rpc_bdev_nvme_stop_mdns_discovery(struct spdk_jsonrpc_request *request,
				  const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_stop_mdns_discovery_ctx *ctx;
	int rc;

	ctx = calloc(1, sizeof(*ctx));
	if (!ctx) {
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		return;
	}

	if (spdk_json_decode_object(params, rpc_bdev_nvme_stop_mdns_discovery_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_stop_mdns_discovery_decoders),
				    ctx)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	ctx->request = request;
	rc = bdev_nvme_stop_mdns_discovery(ctx->name);

	if (rc) {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
		goto cleanup;
	}
	spdk_jsonrpc_send_bool_response(ctx->request, true);

cleanup:
	free_rpc_bdev_nvme_stop_mdns_discovery(ctx);
	free(ctx);
}
SPDK_RPC_REGISTER("bdev_nvme_stop_mdns_discovery", rpc_bdev_nvme_stop_mdns_discovery,
		  SPDK_RPC_RUNTIME)

static void
rpc_bdev_nvme_get_mdns_discovery_info(struct spdk_jsonrpc_request *request,
				      const struct spdk_json_val *params)
{
	bdev_nvme_get_mdns_discovery_info(request);
}

SPDK_RPC_REGISTER("bdev_nvme_get_mdns_discovery_info", rpc_bdev_nvme_get_mdns_discovery_info,
		  SPDK_RPC_RUNTIME)

struct path_stat {
	struct spdk_bdev_io_stat	stat;
	struct spdk_nvme_transport_id	trid;

	/* This pointer is cached on the app thread and may be freed while
	 * iterating over nbdev channels; it must not be dereferenced. */
	void				*nvme_ns;
};

struct rpc_bdev_nvme_path_stat_ctx {
	struct spdk_jsonrpc_request	*request;
	struct path_stat		*path_stat;
	uint32_t			num_paths;
	struct spdk_bdev_desc		*desc;
};

static const struct spdk_json_object_decoder rpc_bdev_nvme_get_path_iostat_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_get_path_iostat_ctx, name), spdk_json_decode_string},
};

static void
dummy_bdev_event_cb(enum spdk_bdev_event_type type, struct spdk_bdev *bdev, void *ctx)
{
}

static void
rpc_bdev_nvme_path_stat_per_channel(struct nvme_bdev_channel_iter *i,
				    struct nvme_bdev *nbdev,
				    struct nvme_bdev_channel *nbdev_ch,
				    void *_ctx)
{
	struct rpc_bdev_nvme_path_stat_ctx *ctx = _ctx;
	struct nvme_io_path *io_path;
	struct path_stat *path_stat;
	uint32_t j;

	assert(ctx->num_paths != 0);

	for (j = 0; j < ctx->num_paths; j++) {
		path_stat = &ctx->path_stat[j];

		STAILQ_FOREACH(io_path, &nbdev_ch->io_path_list, stailq) {
			if (path_stat->nvme_ns == io_path->nvme_ns) {
				assert(io_path->stat != NULL);
				spdk_bdev_add_io_stat(&path_stat->stat, io_path->stat);
			}
		}
	}

	nvme_bdev_for_each_channel_continue(i, 0);
}

static void
rpc_bdev_nvme_path_stat_done(struct nvme_bdev *nbdev, void *_ctx, int status)
{
	struct rpc_bdev_nvme_path_stat_ctx *ctx = _ctx;
	struct spdk_json_write_ctx *w;
	struct path_stat *path_stat;
	uint32_t j;

	assert(ctx->num_paths != 0);

	w = spdk_jsonrpc_begin_result(ctx->request);
	spdk_json_write_object_begin(w);
	spdk_json_write_named_string(w, "name", nbdev->disk.name);
	spdk_json_write_named_array_begin(w, "stats");

	for (j = 0; j < ctx->num_paths; j++) {
		path_stat = &ctx->path_stat[j];
		spdk_json_write_object_begin(w);

		spdk_json_write_named_object_begin(w, "trid");
		nvme_bdev_dump_trid_json(&path_stat->trid, w);
		spdk_json_write_object_end(w);

		spdk_json_write_named_object_begin(w, "stat");
		spdk_bdev_dump_io_stat_json(&path_stat->stat, w);
		spdk_json_write_object_end(w);

		spdk_json_write_object_end(w);
	}

	spdk_json_write_array_end(w);
	spdk_json_write_object_end(w);
	spdk_jsonrpc_end_result(ctx->request, w);

	spdk_bdev_close(ctx->desc);
	free(ctx->path_stat);
	free(ctx);
}

static void
rpc_bdev_nvme_get_path_iostat(struct spdk_jsonrpc_request *request,
			      const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_get_path_iostat_ctx req = {};
	struct spdk_bdev_desc *desc = NULL;
	struct spdk_bdev *bdev;
	struct nvme_bdev *nbdev;
	struct nvme_ns *nvme_ns;
	struct path_stat *path_stat;
	struct rpc_bdev_nvme_path_stat_ctx *ctx;
	struct spdk_bdev_nvme_opts opts;
	uint32_t num_paths, i = 0;
	int rc;

	spdk_bdev_nvme_get_opts(&opts, sizeof(opts));
	if (!opts.io_path_stat) {
		SPDK_ERRLOG("RPC not enabled if enable_io_path_stat is false\n");
		spdk_jsonrpc_send_error_response(request, -EPERM,
						 "RPC not enabled if enable_io_path_stat is false");
		return;
	}

	if (spdk_json_decode_object(params, rpc_bdev_nvme_get_path_iostat_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_get_path_iostat_decoders),
				    &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		free_rpc_bdev_nvme_get_path_iostat(&req);
		return;
	}

	rc = spdk_bdev_open_ext(req.name, false, dummy_bdev_event_cb, NULL, &desc);
	if (rc != 0) {
		SPDK_ERRLOG("Failed to open bdev '%s': %d\n", req.name, rc);
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
		free_rpc_bdev_nvme_get_path_iostat(&req);
		return;
	}

	free_rpc_bdev_nvme_get_path_iostat(&req);

	ctx = calloc(1, sizeof(struct rpc_bdev_nvme_path_stat_ctx));
	if (ctx == NULL) {
		spdk_bdev_close(desc);
		SPDK_ERRLOG("Failed to allocate rpc_bdev_nvme_path_stat_ctx struct\n");
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		return;
	}

	bdev = spdk_bdev_desc_get_bdev(desc);
	nbdev = bdev->ctxt;

	if (nbdev->ref == 0) {
		rc = -ENOENT;
		goto err;
	}

	num_paths = nbdev->ref;
	path_stat = calloc(num_paths, sizeof(struct path_stat));
	if (path_stat == NULL) {
		rc = -ENOMEM;
		SPDK_ERRLOG("Failed to allocate memory for path_stat.\n");
		goto err;
	}

	/* store the history stat */
	TAILQ_FOREACH(nvme_ns, &nbdev->nvme_ns_list, tailq) {
		assert(i < num_paths);
		path_stat[i].nvme_ns = nvme_ns;
		path_stat[i].trid = nvme_ns->ctrlr->active_path_id->trid;
		i++;
	}

	ctx->request = request;
	ctx->desc = desc;
	ctx->path_stat = path_stat;
	ctx->num_paths = num_paths;

	/* Number of paths can change while iterating over nbdev channels; stats for
	 * these will not be gathered until the next bdev_nvme_get_path_iostat call. */
	nvme_bdev_for_each_channel(nbdev,
				   rpc_bdev_nvme_path_stat_per_channel,
				   ctx,
				   rpc_bdev_nvme_path_stat_done);
	return;

err:
	spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
	spdk_bdev_close(desc);
	free(ctx);
}
SPDK_RPC_REGISTER("bdev_nvme_get_path_iostat", rpc_bdev_nvme_get_path_iostat,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_nvme_set_keys_decoders[] = {
	{"name", offsetof(struct rpc_bdev_nvme_set_keys_ctx, name), spdk_json_decode_string},
	{"dhchap_key", offsetof(struct rpc_bdev_nvme_set_keys_ctx, dhchap_key), spdk_json_decode_string, true},
	{"dhchap_ctrlr_key", offsetof(struct rpc_bdev_nvme_set_keys_ctx, dhchap_ctrlr_key), spdk_json_decode_string, true},
};

static void
rpc_bdev_nvme_set_keys_done(void *ctx, int status)
{
	struct spdk_jsonrpc_request *request = ctx;

	if (status != 0) {
		spdk_jsonrpc_send_error_response(request, status, spdk_strerror(-status));
	} else {
		spdk_jsonrpc_send_bool_response(request, true);
	}
}

static void
rpc_bdev_nvme_set_keys(struct spdk_jsonrpc_request *request, const struct spdk_json_val *params)
{
	struct rpc_bdev_nvme_set_keys_ctx req = {};
	int rc;

	if (spdk_json_decode_object(params, rpc_bdev_nvme_set_keys_decoders,
				    SPDK_COUNTOF(rpc_bdev_nvme_set_keys_decoders), &req)) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
						 "spdk_json_decode_object failed");
		return;
	}

	rc = bdev_nvme_set_keys(req.name, req.dhchap_key, req.dhchap_ctrlr_key,
				rpc_bdev_nvme_set_keys_done, request);
	if (rc != 0) {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
	}
	free_rpc_bdev_nvme_set_keys(&req);
}
SPDK_RPC_REGISTER("bdev_nvme_set_keys", rpc_bdev_nvme_set_keys, SPDK_RPC_RUNTIME)
