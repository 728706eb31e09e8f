/*   SPDX-License-Identifier: BSD-3-Clause
 *   Copyright (C) 2017 Intel Corporation. All rights reserved.
 *   All rights reserved.
 */

#include "spdk/stdinc.h"

#include "spdk/log.h"
#include "spdk/rpc.h"
#include "spdk/util.h"
#include "spdk/string.h"
#include "spdk/env.h"
#include "spdk/scsi.h"
#include "spdk/vhost.h"
#include "vhost_internal.h"
#include "spdk/bdev.h"
#include "spdk_internal/rpc_autogen.h"

static const struct spdk_json_object_decoder rpc_vhost_create_scsi_controller_decoders[] = {
	{"ctrlr", offsetof(struct rpc_vhost_create_scsi_controller_ctx, ctrlr), spdk_json_decode_string },
	{"cpumask", offsetof(struct rpc_vhost_create_scsi_controller_ctx, cpumask), spdk_json_decode_string, true},
	{"delay", offsetof(struct rpc_vhost_create_scsi_controller_ctx, delay), spdk_json_decode_bool, true},
};

static void
rpc_vhost_create_scsi_controller(struct spdk_jsonrpc_request *request,
				 const struct spdk_json_val *params)
{
	struct rpc_vhost_create_scsi_controller_ctx req = {0};
	int rc;

	if (spdk_json_decode_object(params, rpc_vhost_create_scsi_controller_decoders,
				    SPDK_COUNTOF(rpc_vhost_create_scsi_controller_decoders),
				    &req)) {
		SPDK_DEBUGLOG(vhost_rpc, "spdk_json_decode_object failed\n");
		rc = -EINVAL;
		goto invalid;
	}

	if (req.delay) {
		rc = spdk_vhost_scsi_dev_construct_no_start(req.ctrlr, req.cpumask);
	} else {
		rc = spdk_vhost_scsi_dev_construct(req.ctrlr, req.cpumask);
	}
	if (rc < 0) {
		goto invalid;
	}

	free_rpc_vhost_create_scsi_controller(&req);

	spdk_jsonrpc_send_bool_response(request, true);
	return;

invalid:
	free_rpc_vhost_create_scsi_controller(&req);
	spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
					 spdk_strerror(-rc));
}
SPDK_RPC_REGISTER("vhost_create_scsi_controller", rpc_vhost_create_scsi_controller,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_vhost_start_scsi_controller_decoders[] = {
	{"ctrlr", offsetof(struct rpc_vhost_start_scsi_controller_ctx, ctrlr), spdk_json_decode_string },
};

static void
rpc_vhost_start_scsi_controller(struct spdk_jsonrpc_request *request,
				const struct spdk_json_val *params)
{
	struct rpc_vhost_start_scsi_controller_ctx req = {0};
	int rc;

	if (spdk_json_decode_object(params, rpc_vhost_start_scsi_controller_decoders,
				    SPDK_COUNTOF(rpc_vhost_start_scsi_controller_decoders),
				    &req)) {
		SPDK_DEBUGLOG(vhost_rpc, "spdk_json_decode_object failed\n");
		rc = -EINVAL;
		goto invalid;
	}

	rc = vhost_scsi_controller_start(req.ctrlr);
	if (rc < 0) {
		goto invalid;
	}

	free_rpc_vhost_start_scsi_controller(&req);

	spdk_jsonrpc_send_bool_response(request, true);
	return;

invalid:
	free_rpc_vhost_start_scsi_controller(&req);
	spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
					 spdk_strerror(-rc));
}
SPDK_RPC_REGISTER("vhost_start_scsi_controller", rpc_vhost_start_scsi_controller,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_vhost_scsi_controller_add_target_decoders[] = {
	{"ctrlr", offsetof(struct rpc_vhost_scsi_controller_add_target_ctx, ctrlr), spdk_json_decode_string },
	{"scsi_target_num", offsetof(struct rpc_vhost_scsi_controller_add_target_ctx, scsi_target_num), spdk_json_decode_int32},
	{"bdev_name", offsetof(struct rpc_vhost_scsi_controller_add_target_ctx, bdev_name), spdk_json_decode_string },
};

static void
rpc_vhost_scsi_controller_add_target(struct spdk_jsonrpc_request *request,
				     const struct spdk_json_val *params)
{
	struct rpc_vhost_scsi_controller_add_target_ctx req = {0};
	struct spdk_json_write_ctx *w;
	struct spdk_vhost_dev *vdev;
	int rc;

	if (spdk_json_decode_object(params, rpc_vhost_scsi_controller_add_target_decoders,
				    SPDK_COUNTOF(rpc_vhost_scsi_controller_add_target_decoders),
				    &req)) {
		SPDK_DEBUGLOG(vhost_rpc, "spdk_json_decode_object failed\n");
		rc = -EINVAL;
		goto invalid;
	}

	spdk_vhost_lock();
	vdev = spdk_vhost_dev_find(req.ctrlr);
	if (vdev == NULL) {
		spdk_vhost_unlock();
		rc = -ENODEV;
		goto invalid;
	}

	rc = spdk_vhost_scsi_dev_add_tgt(vdev, req.scsi_target_num, req.bdev_name);
	spdk_vhost_unlock();
	if (rc < 0) {
		goto invalid;
	}

	free_rpc_vhost_scsi_controller_add_target(&req);

	w = spdk_jsonrpc_begin_result(request);
	spdk_json_write_int32(w, rc);
	spdk_jsonrpc_end_result(request, w);
	return;

invalid:
	free_rpc_vhost_scsi_controller_add_target(&req);
	spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
					 spdk_strerror(-rc));
}
SPDK_RPC_REGISTER("vhost_scsi_controller_add_target", rpc_vhost_scsi_controller_add_target,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_vhost_scsi_controller_remove_target_decoders[] = {
	{"ctrlr", offsetof(struct rpc_vhost_scsi_controller_remove_target_ctx, ctrlr), spdk_json_decode_string },
	{"scsi_target_num", offsetof(struct rpc_vhost_scsi_controller_remove_target_ctx, scsi_target_num), spdk_json_decode_uint32},
};

static int
rpc_vhost_scsi_controller_remove_target_finish_cb(struct spdk_vhost_dev *vdev, void *arg)
{
	struct spdk_jsonrpc_request *request = arg;

	spdk_jsonrpc_send_bool_response(request, true);
	return 0;
}

static void
rpc_vhost_scsi_controller_remove_target(struct spdk_jsonrpc_request *request,
					const struct spdk_json_val *params)
{
	struct rpc_vhost_scsi_controller_remove_target_ctx req = {0};
	struct spdk_vhost_dev *vdev;
	int rc;

	if (spdk_json_decode_object(params, rpc_vhost_scsi_controller_remove_target_decoders,
				    SPDK_COUNTOF(rpc_vhost_scsi_controller_remove_target_decoders),
				    &req)) {
		SPDK_DEBUGLOG(vhost_rpc, "spdk_json_decode_object failed\n");
		rc = -EINVAL;
		goto invalid;
	}

	spdk_vhost_lock();
	vdev = spdk_vhost_dev_find(req.ctrlr);
	if (vdev == NULL) {
		spdk_vhost_unlock();
		rc = -ENODEV;
		goto invalid;
	}

	rc = spdk_vhost_scsi_dev_remove_tgt(vdev, req.scsi_target_num,
					    rpc_vhost_scsi_controller_remove_target_finish_cb,
					    request);
	spdk_vhost_unlock();
	if (rc < 0) {
		goto invalid;
	}

	free_rpc_vhost_scsi_controller_remove_target(&req);
	return;

invalid:
	free_rpc_vhost_scsi_controller_remove_target(&req);
	spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
					 spdk_strerror(-rc));
}

SPDK_RPC_REGISTER("vhost_scsi_controller_remove_target",
		  rpc_vhost_scsi_controller_remove_target, SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_vhost_create_blk_controller_decoders[] = {
	{"ctrlr", offsetof(struct rpc_vhost_create_blk_controller_ctx, ctrlr), spdk_json_decode_string },
	{"dev_name", offsetof(struct rpc_vhost_create_blk_controller_ctx, dev_name), spdk_json_decode_string },
	{"cpumask", offsetof(struct rpc_vhost_create_blk_controller_ctx, cpumask), spdk_json_decode_string, true},
	{"transport", offsetof(struct rpc_vhost_create_blk_controller_ctx, transport), spdk_json_decode_string, true},
};

static void
rpc_vhost_create_blk_controller(struct spdk_jsonrpc_request *request,
				const struct spdk_json_val *params)
{
	struct rpc_vhost_create_blk_controller_ctx req = {0};
	int rc;

	if (spdk_json_decode_object_relaxed(params, rpc_vhost_create_blk_controller_decoders,
					    SPDK_COUNTOF(rpc_vhost_create_blk_controller_decoders),
					    &req)) {
		SPDK_DEBUGLOG(vhost_rpc, "spdk_json_decode_object failed\n");
		rc = -EINVAL;
		goto invalid;
	}

	rc = spdk_vhost_blk_construct(req.ctrlr, req.cpumask, req.dev_name, req.transport, params);
	if (rc < 0) {
		goto invalid;
	}

	free_rpc_vhost_create_blk_controller(&req);

	spdk_jsonrpc_send_bool_response(request, true);
	return;

invalid:
	free_rpc_vhost_create_blk_controller(&req);
	spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
					 spdk_strerror(-rc));

}
SPDK_RPC_REGISTER("vhost_create_blk_controller", rpc_vhost_create_blk_controller,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_vhost_delete_controller_decoders[] = {
	{"ctrlr", offsetof(struct rpc_vhost_delete_controller_ctx, ctrlr), spdk_json_decode_string },
};

struct vhost_delete_ctrlr_context {
	struct spdk_jsonrpc_request *request;
	const struct spdk_json_val *params;
};

static void _rpc_vhost_delete_controller(void *arg);

static void
rpc_vhost_delete_controller(struct spdk_jsonrpc_request *request,
			    const struct spdk_json_val *params)
{
	struct rpc_vhost_delete_controller_ctx req = {0};
	struct spdk_vhost_dev *vdev;
	int rc;

	if (spdk_json_decode_object(params, rpc_vhost_delete_controller_decoders,
				    SPDK_COUNTOF(rpc_vhost_delete_controller_decoders), &req)) {
		SPDK_DEBUGLOG(vhost_rpc, "spdk_json_decode_object failed\n");
		rc = -EINVAL;
		goto invalid;
	}

	spdk_vhost_lock();
	vdev = spdk_vhost_dev_find(req.ctrlr);
	if (vdev == NULL) {
		spdk_vhost_unlock();
		rc = -ENODEV;
		goto invalid;
	}
	spdk_vhost_unlock();

	rc = spdk_vhost_dev_remove(vdev);
	if (rc < 0) {
		if (rc == -EBUSY) {
			struct vhost_delete_ctrlr_context *ctx;

			ctx = calloc(1, sizeof(*ctx));
			if (ctx == NULL) {
				SPDK_ERRLOG("Failed to allocate memory for vhost_delete_ctrlr context\n");
				rc = -ENOMEM;
				goto invalid;
			}
			ctx->request = request;
			ctx->params = params;
			spdk_thread_send_msg(spdk_get_thread(), _rpc_vhost_delete_controller, ctx);
			free_rpc_vhost_delete_controller(&req);
			return;
		}
		goto invalid;
	}

	free_rpc_vhost_delete_controller(&req);

	spdk_jsonrpc_send_bool_response(request, true);
	return;

invalid:
	free_rpc_vhost_delete_controller(&req);
	spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
					 spdk_strerror(-rc));

}
SPDK_RPC_REGISTER("vhost_delete_controller", rpc_vhost_delete_controller, SPDK_RPC_RUNTIME)

static void _rpc_vhost_delete_controller(void *arg)
{
	struct vhost_delete_ctrlr_context *ctx = arg;

	rpc_vhost_delete_controller(ctx->request, ctx->params);
	free(ctx);
}

static void
_rpc_get_vhost_controller(struct spdk_json_write_ctx *w, struct spdk_vhost_dev *vdev)
{
	uint32_t delay_base_us, iops_threshold;

	spdk_vhost_get_coalescing(vdev, &delay_base_us, &iops_threshold);

	spdk_json_write_object_begin(w);

	spdk_json_write_named_string(w, "ctrlr", spdk_vhost_dev_get_name(vdev));
	spdk_json_write_named_string_fmt(w, "cpumask", "0x%s",
					 spdk_cpuset_fmt(spdk_thread_get_cpumask(vdev->thread)));
	spdk_json_write_named_uint32(w, "delay_base_us", delay_base_us);
	spdk_json_write_named_uint32(w, "iops_threshold", iops_threshold);
	spdk_json_write_named_string(w, "socket", vdev->path);
	spdk_json_write_named_array_begin(w, "sessions");
	vhost_session_info_json(vdev, w);
	spdk_json_write_array_end(w);

	spdk_json_write_named_object_begin(w, "backend_specific");
	vhost_dump_info_json(vdev, w);
	spdk_json_write_object_end(w);

	spdk_json_write_object_end(w);
}

static const struct spdk_json_object_decoder rpc_vhost_get_controllers_decoders[] = {
	{"name", offsetof(struct rpc_vhost_get_controllers_ctx, name), spdk_json_decode_string, true},
};

static void
rpc_vhost_get_controllers(struct spdk_jsonrpc_request *request,
			  const struct spdk_json_val *params)
{
	struct rpc_vhost_get_controllers_ctx req = {0};
	struct spdk_json_write_ctx *w;
	struct spdk_vhost_dev *vdev;
	int rc;

	if (params && spdk_json_decode_object(params, rpc_vhost_get_controllers_decoders,
					      SPDK_COUNTOF(rpc_vhost_get_controllers_decoders), &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		rc = -EINVAL;
		goto invalid;
	}

	spdk_vhost_lock();
	if (req.name != NULL) {
		vdev = spdk_vhost_dev_find(req.name);
		if (vdev == NULL) {
			spdk_vhost_unlock();
			rc = -ENODEV;
			goto invalid;
		}

		free_rpc_vhost_get_controllers(&req);

		w = spdk_jsonrpc_begin_result(request);
		spdk_json_write_array_begin(w);

		_rpc_get_vhost_controller(w, vdev);
		spdk_vhost_unlock();

		spdk_json_write_array_end(w);
		spdk_jsonrpc_end_result(request, w);
		return;
	}

	free_rpc_vhost_get_controllers(&req);

	w = spdk_jsonrpc_begin_result(request);
	spdk_json_write_array_begin(w);

	vdev = spdk_vhost_dev_next(NULL);
	while (vdev != NULL) {
		_rpc_get_vhost_controller(w, vdev);
		vdev = spdk_vhost_dev_next(vdev);
	}
	spdk_vhost_unlock();

	spdk_json_write_array_end(w);
	spdk_jsonrpc_end_result(request, w);
	return;

invalid:
	free_rpc_vhost_get_controllers(&req);
	spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
					 spdk_strerror(-rc));
}
SPDK_RPC_REGISTER("vhost_get_controllers", rpc_vhost_get_controllers, SPDK_RPC_RUNTIME)


static const struct spdk_json_object_decoder rpc_vhost_controller_set_coalescing_decoders[] = {
	{"ctrlr", offsetof(struct rpc_vhost_controller_set_coalescing_ctx, ctrlr), spdk_json_decode_string },
	{"delay_base_us", offsetof(struct rpc_vhost_controller_set_coalescing_ctx, delay_base_us), spdk_json_decode_uint32},
	{"iops_threshold", offsetof(struct rpc_vhost_controller_set_coalescing_ctx, iops_threshold), spdk_json_decode_uint32},
};

static void
rpc_vhost_controller_set_coalescing(struct spdk_jsonrpc_request *request,
				    const struct spdk_json_val *params)
{
	struct rpc_vhost_controller_set_coalescing_ctx req = {0};
	struct spdk_vhost_dev *vdev;
	int rc;

	if (spdk_json_decode_object(params, rpc_vhost_controller_set_coalescing_decoders,
				    SPDK_COUNTOF(rpc_vhost_controller_set_coalescing_decoders), &req)) {
		SPDK_DEBUGLOG(vhost_rpc, "spdk_json_decode_object failed\n");
		rc = -EINVAL;
		goto invalid;
	}

	spdk_vhost_lock();
	vdev = spdk_vhost_dev_find(req.ctrlr);
	if (vdev == NULL) {
		spdk_vhost_unlock();
		rc = -ENODEV;
		goto invalid;
	}

	rc = spdk_vhost_set_coalescing(vdev, req.delay_base_us, req.iops_threshold);
	spdk_vhost_unlock();
	if (rc) {
		goto invalid;
	}

	free_rpc_vhost_controller_set_coalescing(&req);

	spdk_jsonrpc_send_bool_response(request, true);
	return;

invalid:
	free_rpc_vhost_controller_set_coalescing(&req);
	spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
					 spdk_strerror(-rc));
}
SPDK_RPC_REGISTER("vhost_controller_set_coalescing", rpc_vhost_controller_set_coalescing,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_virtio_blk_get_transports_decoders[] = {
	{"name", offsetof(struct rpc_virtio_blk_get_transports_ctx, name), spdk_json_decode_string, true},
};

static void
rpc_virtio_blk_get_transports(struct spdk_jsonrpc_request *request,
			      const struct spdk_json_val *params)
{
	struct rpc_virtio_blk_get_transports_ctx req = { 0 };
	struct spdk_json_write_ctx *w;
	struct spdk_virtio_blk_transport *transport = NULL;

	if (params) {
		if (spdk_json_decode_object(params, rpc_virtio_blk_get_transports_decoders,
					    SPDK_COUNTOF(rpc_virtio_blk_get_transports_decoders),
					    &req)) {
			SPDK_ERRLOG("spdk_json_decode_object failed\n");
			spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS, "Invalid parameters");
			return;
		}
	}

	if (req.name) {
		transport = virtio_blk_tgt_get_transport(req.name);
		if (transport == NULL) {
			SPDK_ERRLOG("transport '%s' does not exist\n", req.name);
			spdk_jsonrpc_send_error_response(request, -ENODEV, spdk_strerror(ENODEV));
			free_rpc_virtio_blk_get_transports(&req);
			return;
		}
	}

	w = spdk_jsonrpc_begin_result(request);
	spdk_json_write_array_begin(w);

	if (transport) {
		virtio_blk_transport_dump_opts(transport, w);
	} else {
		for (transport = virtio_blk_transport_get_first(); transport != NULL;
		     transport = virtio_blk_transport_get_next(transport)) {
			virtio_blk_transport_dump_opts(transport, w);
		}
	}

	spdk_json_write_array_end(w);
	spdk_jsonrpc_end_result(request, w);
	free_rpc_virtio_blk_get_transports(&req);
}
SPDK_RPC_REGISTER("virtio_blk_get_transports", rpc_virtio_blk_get_transports, SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_virtio_blk_create_transport_decoders[] = {
	{"name", offsetof(struct rpc_virtio_blk_create_transport_ctx, name), spdk_json_decode_string},
};

static void
rpc_virtio_blk_create_transport(struct spdk_jsonrpc_request *request,
				const struct spdk_json_val *params)
{
	struct rpc_virtio_blk_create_transport_ctx req = {0};
	int rc;

	if (spdk_json_decode_object_relaxed(params, rpc_virtio_blk_create_transport_decoders,
					    SPDK_COUNTOF(rpc_virtio_blk_create_transport_decoders), &req)) {
		SPDK_DEBUGLOG(vhost_rpc, "spdk_json_decode_object failed\n");
		rc = -EINVAL;
		goto invalid;
	}

	spdk_vhost_lock();
	rc = virtio_blk_transport_create(req.name, params);
	spdk_vhost_unlock();
	if (rc != 0) {
		goto invalid;
	}

	free_rpc_virtio_blk_create_transport(&req);
	spdk_jsonrpc_send_bool_response(request, true);
	return;

invalid:
	free_rpc_virtio_blk_create_transport(&req);
	spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
}
SPDK_RPC_REGISTER("virtio_blk_create_transport", rpc_virtio_blk_create_transport,
		  SPDK_RPC_RUNTIME)

SPDK_LOG_REGISTER_COMPONENT(vhost_rpc)
