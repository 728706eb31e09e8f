/*   SPDX-License-Identifier: BSD-3-Clause
 *   Copyright (C) 2018 Intel Corporation.
 *   All rights reserved.
 *   Copyright (c) 2022-2023 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
 */

#include "spdk/bdev.h"

#include "spdk/env.h"
#include "spdk/rpc.h"
#include "spdk/util.h"
#include "spdk/string.h"
#include "spdk/base64.h"
#include "spdk/bdev_module.h"
#include "spdk/dma.h"
#include "spdk/log.h"

#include "spdk_internal/rpc_autogen.h"
#include "bdev_internal.h"

#define SPDK_BDEV_HISTOGRAM_DEFAULT_MIN_VALUE_NS (1000)
#define SPDK_BDEV_HISTOGRAM_DEFAULT_MAX_VALUE_NS (120000000000)

static void
dummy_bdev_event_cb(enum spdk_bdev_event_type type, struct spdk_bdev *bdev, void *ctx)
{
}

static const struct spdk_json_object_decoder rpc_bdev_set_options_decoders[] = {
	{"bdev_io_pool_size", offsetof(struct rpc_bdev_set_options_ctx, bdev_io_pool_size), spdk_json_decode_uint32, true},
	{"bdev_io_cache_size", offsetof(struct rpc_bdev_set_options_ctx, bdev_io_cache_size), spdk_json_decode_uint32, true},
	{"bdev_auto_examine", offsetof(struct rpc_bdev_set_options_ctx, bdev_auto_examine), spdk_json_decode_bool, true},
	{"iobuf_small_cache_size", offsetof(struct rpc_bdev_set_options_ctx, iobuf_small_cache_size), spdk_json_decode_uint32, true},
	{"iobuf_large_cache_size", offsetof(struct rpc_bdev_set_options_ctx, iobuf_large_cache_size), spdk_json_decode_uint32, true},
};

static void
rpc_bdev_set_options(struct spdk_jsonrpc_request *request, const struct spdk_json_val *params)
{
	struct rpc_bdev_set_options_ctx req = {};
	struct spdk_bdev_opts opts;
	int rc;

	spdk_bdev_get_opts(&opts, sizeof(opts));
	req.bdev_io_pool_size = opts.bdev_io_pool_size;
	req.bdev_io_cache_size = opts.bdev_io_cache_size;
	req.bdev_auto_examine = opts.bdev_auto_examine;
	req.iobuf_small_cache_size = opts.iobuf_small_cache_size;
	req.iobuf_large_cache_size = opts.iobuf_large_cache_size;
	if (params != NULL) {
		if (spdk_json_decode_object(params, rpc_bdev_set_options_decoders,
					    SPDK_COUNTOF(rpc_bdev_set_options_decoders), &req)) {
			SPDK_ERRLOG("spdk_json_decode_object() failed\n");
			spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
							 "Invalid parameters");
			return;
		}
	}
	opts.bdev_io_pool_size = req.bdev_io_pool_size;
	opts.bdev_io_cache_size = req.bdev_io_cache_size;
	opts.bdev_auto_examine = req.bdev_auto_examine;
	opts.iobuf_small_cache_size = req.iobuf_small_cache_size;
	opts.iobuf_large_cache_size = req.iobuf_large_cache_size;

	rc = spdk_bdev_set_opts(&opts);
	if (rc != 0) {
		spdk_jsonrpc_send_error_response_fmt(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
						     "Pool size %" PRIu32 " too small for cache size %" PRIu32,
						     opts.bdev_io_pool_size, opts.bdev_io_cache_size);
		return;
	}

	spdk_jsonrpc_send_bool_response(request, true);
}
SPDK_RPC_REGISTER("bdev_set_options", rpc_bdev_set_options, SPDK_RPC_STARTUP)

static void
rpc_bdev_wait_for_examine_cpl(void *arg)
{
	struct spdk_jsonrpc_request *request = arg;

	spdk_jsonrpc_send_bool_response(request, true);
}

static void
rpc_bdev_wait_for_examine(struct spdk_jsonrpc_request *request,
			  const struct spdk_json_val *params)
{
	int rc;

	if (params != NULL) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
						 "bdev_wait_for_examine requires no parameters");
		return;
	}

	rc = spdk_bdev_wait_for_examine(rpc_bdev_wait_for_examine_cpl, request);
	if (rc != 0) {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
	}
}
SPDK_RPC_REGISTER("bdev_wait_for_examine", rpc_bdev_wait_for_examine, SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_examine_decoders[] = {
	{"name", offsetof(struct rpc_bdev_examine_ctx, name), spdk_json_decode_string},
};

static void
rpc_bdev_examine(struct spdk_jsonrpc_request *request,
		 const struct spdk_json_val *params)
{
	struct rpc_bdev_examine_ctx req = {};
	int rc;

	if (spdk_json_decode_object(params, rpc_bdev_examine_decoders,
				    SPDK_COUNTOF(rpc_bdev_examine_decoders),
				    &req)) {
		SPDK_ERRLOG("spdk_json_decode_object() failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	rc = spdk_bdev_examine(req.name);
	if (rc != 0) {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
		goto cleanup;
	}

	spdk_jsonrpc_send_bool_response(request, true);

cleanup:
	free_rpc_bdev_examine(&req);
}
SPDK_RPC_REGISTER("bdev_examine", rpc_bdev_examine, SPDK_RPC_RUNTIME)

struct rpc_get_iostat_ctx {
	int bdev_count;
	int rc;
	struct spdk_jsonrpc_request *request;
	struct spdk_json_write_ctx *w;
	bool per_channel;
	enum spdk_bdev_reset_stat_mode reset_mode;
};

struct bdev_get_iostat_ctx {
	struct spdk_bdev_io_stat *stat;
	struct rpc_get_iostat_ctx *rpc_ctx;
	struct spdk_bdev_desc *desc;
};

static void
rpc_get_iostat_started(struct rpc_get_iostat_ctx *rpc_ctx)
{
	rpc_ctx->w = spdk_jsonrpc_begin_result(rpc_ctx->request);

	spdk_json_write_object_begin(rpc_ctx->w);
	spdk_json_write_named_uint64(rpc_ctx->w, "tick_rate", spdk_get_ticks_hz());
	spdk_json_write_named_uint64(rpc_ctx->w, "ticks", spdk_get_ticks());
}

static void
rpc_get_iostat_done(struct rpc_get_iostat_ctx *rpc_ctx)
{
	if (--rpc_ctx->bdev_count != 0) {
		return;
	}

	if (rpc_ctx->rc == 0) {
		spdk_json_write_array_end(rpc_ctx->w);
		spdk_json_write_object_end(rpc_ctx->w);
		spdk_jsonrpc_end_result(rpc_ctx->request, rpc_ctx->w);
	} else {
		/* Return error response after processing all specified bdevs
		 * completed or failed.
		 */
		spdk_jsonrpc_send_error_response(rpc_ctx->request, rpc_ctx->rc,
						 spdk_strerror(-rpc_ctx->rc));
	}

	free(rpc_ctx);
}

static struct bdev_get_iostat_ctx *
bdev_iostat_ctx_alloc(bool iostat_ext)
{
	struct bdev_get_iostat_ctx *ctx;

	ctx = calloc(1, sizeof(struct bdev_get_iostat_ctx));
	if (ctx == NULL) {
		return NULL;
	}

	ctx->stat = bdev_alloc_io_stat(iostat_ext);
	if (ctx->stat == NULL) {
		free(ctx);
		return NULL;
	}

	return ctx;
}

static void
bdev_iostat_ctx_free(struct bdev_get_iostat_ctx *ctx)
{
	bdev_free_io_stat(ctx->stat);
	free(ctx);
}

static void
bdev_get_iostat_done(struct spdk_bdev *bdev, struct spdk_bdev_io_stat *stat,
		     void *cb_arg, int rc)
{
	struct bdev_get_iostat_ctx *bdev_ctx = cb_arg;
	struct rpc_get_iostat_ctx *rpc_ctx = bdev_ctx->rpc_ctx;
	struct spdk_json_write_ctx *w = rpc_ctx->w;

	assert(spdk_thread_is_app_thread(NULL));

	if (rc != 0 || rpc_ctx->rc != 0) {
		if (rpc_ctx->rc == 0) {
			rpc_ctx->rc = rc;
		}
		goto done;
	}

	assert(stat == bdev_ctx->stat);

	spdk_json_write_object_begin(w);

	spdk_json_write_named_string(w, "name", spdk_bdev_get_name(bdev));

	spdk_bdev_dump_io_stat_json(stat, w);

	if (spdk_bdev_get_qd_sampling_period(bdev)) {
		spdk_json_write_named_uint64(w, "queue_depth_polling_period",
					     spdk_bdev_get_qd_sampling_period(bdev));

		spdk_json_write_named_uint64(w, "queue_depth", spdk_bdev_get_qd(bdev));

		spdk_json_write_named_uint64(w, "io_time", spdk_bdev_get_io_time(bdev));

		spdk_json_write_named_uint64(w, "weighted_io_time",
					     spdk_bdev_get_weighted_io_time(bdev));
	}

	if (bdev->fn_table->dump_device_stat_json) {
		spdk_json_write_named_object_begin(w, "driver_specific");
		bdev->fn_table->dump_device_stat_json(bdev->ctxt, w);
		spdk_json_write_object_end(w);
	}

	spdk_json_write_object_end(w);

done:
	rpc_get_iostat_done(rpc_ctx);

	spdk_bdev_close(bdev_ctx->desc);
	bdev_iostat_ctx_free(bdev_ctx);
}

static void
bdev_get_per_channel_stat_done(struct spdk_bdev *bdev, void *ctx, int status)
{
	struct bdev_get_iostat_ctx *bdev_ctx = ctx;

	rpc_get_iostat_done(bdev_ctx->rpc_ctx);

	spdk_bdev_close(bdev_ctx->desc);

	bdev_iostat_ctx_free(bdev_ctx);
}

static void
bdev_get_per_channel_stat(struct spdk_bdev_channel_iter *i, struct spdk_bdev *bdev,
			  struct spdk_io_channel *ch, void *ctx)
{
	struct bdev_get_iostat_ctx *bdev_ctx = ctx;
	struct spdk_json_write_ctx *w = bdev_ctx->rpc_ctx->w;

	spdk_bdev_get_io_stat(bdev, ch, bdev_ctx->stat, bdev_ctx->rpc_ctx->reset_mode);

	spdk_json_write_object_begin(w);
	spdk_json_write_named_uint64(w, "thread_id", spdk_thread_get_id(spdk_get_thread()));
	spdk_bdev_dump_io_stat_json(bdev_ctx->stat, w);
	spdk_json_write_object_end(w);

	spdk_bdev_for_each_channel_continue(i, 0);
}

static int
bdev_get_iostat(void *ctx, struct spdk_bdev *bdev)
{
	struct rpc_get_iostat_ctx *rpc_ctx = ctx;
	struct bdev_get_iostat_ctx *bdev_ctx;
	int rc;

	bdev_ctx = bdev_iostat_ctx_alloc(true);
	if (bdev_ctx == NULL) {
		SPDK_ERRLOG("Failed to allocate bdev_iostat_ctx struct\n");
		return -ENOMEM;
	}

	rc = spdk_bdev_open_ext(spdk_bdev_get_name(bdev), false, dummy_bdev_event_cb, NULL,
				&bdev_ctx->desc);
	if (rc != 0) {
		bdev_iostat_ctx_free(bdev_ctx);
		SPDK_ERRLOG("Failed to open bdev\n");
		return rc;
	}

	rpc_ctx->bdev_count++;
	bdev_ctx->rpc_ctx = rpc_ctx;

	if (rpc_ctx->per_channel) {
		/* bdev_count equals 2 because of initial increment */
		assert(rpc_ctx->bdev_count == 2 && "we support per_channel only for single bdev");
		rpc_get_iostat_started(rpc_ctx);
		spdk_json_write_named_string(rpc_ctx->w, "name", spdk_bdev_get_name(bdev));
		spdk_json_write_named_array_begin(rpc_ctx->w, "channels");

		spdk_bdev_for_each_channel(bdev,
					   bdev_get_per_channel_stat,
					   bdev_ctx,
					   bdev_get_per_channel_stat_done);
	} else {
		spdk_bdev_get_device_stat(bdev, bdev_ctx->stat, rpc_ctx->reset_mode, bdev_get_iostat_done,
					  bdev_ctx);
	}

	return 0;
}

static void
free_rpc_bdev_get_iostat_ctx(struct rpc_bdev_get_iostat_ctx *r)
{
	if (r->names.count == UINT32_MAX) {
		/* No value was provided */
		return;
	}
	free_rpc_bdev_iostat_names(&r->names);
}

static const struct spdk_json_object_decoder rpc_bdev_get_iostat_decoders[] = {
	{"per_channel", offsetof(struct rpc_bdev_get_iostat_ctx, per_channel), spdk_json_decode_bool, true},
	{"reset_mode", offsetof(struct rpc_bdev_get_iostat_ctx, reset_mode), rpc_decode_bdev_reset_stat_mode, true},
	{"names", offsetof(struct rpc_bdev_get_iostat_ctx, names), rpc_decode_bdev_iostat_names, true},
};

static void
rpc_bdev_get_iostat(struct spdk_jsonrpc_request *request,
		    const struct spdk_json_val *params)
{
	struct rpc_bdev_get_iostat_ctx req = { .reset_mode = RPC_BDEV_RESET_STAT_MODE_NONE, .names.count = UINT32_MAX };
	struct rpc_get_iostat_ctx *rpc_ctx;
	int rc;

	if (params != NULL) {
		if (spdk_json_decode_object(params, rpc_bdev_get_iostat_decoders,
					    SPDK_COUNTOF(rpc_bdev_get_iostat_decoders),
					    &req)) {
			SPDK_ERRLOG("spdk_json_decode_object failed\n");
			spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
							 "spdk_json_decode_object failed");
			free_rpc_bdev_get_iostat_ctx(&req);
			return;
		}
	}

	if (req.per_channel && req.names.count != 1) {
		SPDK_ERRLOG("Can't use per_channel with multiple bdevs\n");
		rc = -EINVAL;
		goto err;
	}

	rpc_ctx = calloc(1, sizeof(struct rpc_get_iostat_ctx));
	if (rpc_ctx == NULL) {
		SPDK_ERRLOG("Failed to allocate rpc_iostat_ctx struct\n");
		rc = -ENOMEM;
		goto err;
	}

	/*
	 * Increment initial bdev_count so that it will never reach 0 in the middle
	 * of iterating.
	 */
	rpc_ctx->bdev_count++;
	rpc_ctx->request = request;
	rpc_ctx->per_channel = req.per_channel;
	rpc_ctx->reset_mode = (enum spdk_bdev_reset_stat_mode)req.reset_mode;

	if (req.names.count != UINT32_MAX) {
		rc = spdk_for_each_bdev_by_name(rpc_ctx, bdev_get_iostat, (const char **)req.names.items,
						req.names.count);
		if (rc != 0 && rpc_ctx->rc == 0) {
			rpc_ctx->rc = rc;
		}
	} else {
		rc = spdk_for_each_bdev(rpc_ctx, bdev_get_iostat);
		if (rc != 0 && rpc_ctx->rc == 0) {
			rpc_ctx->rc = rc;
		}
	}

	if (rpc_ctx->rc == 0 && !req.per_channel) {
		/* We want to fail the RPC for all failures. If per_channel is false,
		 * it is enough to defer starting RPC response until it is ensured that
		 * all spdk_bdev_for_each_channel() calls will succeed or there is no bdev.
		 */
		rpc_get_iostat_started(rpc_ctx);
		spdk_json_write_named_array_begin(rpc_ctx->w, "bdevs");
	}

	rpc_get_iostat_done(rpc_ctx);
	free_rpc_bdev_get_iostat_ctx(&req);
	return;
err:
	spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
	free_rpc_bdev_get_iostat_ctx(&req);
}
SPDK_RPC_REGISTER("bdev_get_iostat", rpc_bdev_get_iostat, SPDK_RPC_RUNTIME)

struct rpc_reset_iostat_ctx {
	int bdev_count;
	int rc;
	struct spdk_jsonrpc_request *request;
	struct spdk_json_write_ctx *w;
	enum spdk_bdev_reset_stat_mode mode;
};

struct bdev_reset_iostat_ctx {
	struct rpc_reset_iostat_ctx *rpc_ctx;
	struct spdk_bdev_desc *desc;
};

static void
rpc_reset_iostat_done(struct rpc_reset_iostat_ctx *rpc_ctx)
{
	if (--rpc_ctx->bdev_count != 0) {
		return;
	}

	if (rpc_ctx->rc == 0) {
		spdk_jsonrpc_send_bool_response(rpc_ctx->request, true);
	} else {
		spdk_jsonrpc_send_error_response(rpc_ctx->request, rpc_ctx->rc,
						 spdk_strerror(-rpc_ctx->rc));
	}

	free(rpc_ctx);
}

static void
bdev_reset_iostat_done(struct spdk_bdev *bdev, void *cb_arg, int rc)
{
	struct bdev_reset_iostat_ctx *bdev_ctx = cb_arg;
	struct rpc_reset_iostat_ctx *rpc_ctx = bdev_ctx->rpc_ctx;

	if (rc != 0 || rpc_ctx->rc != 0) {
		if (rpc_ctx->rc == 0) {
			rpc_ctx->rc = rc;
		}
	}

	rpc_reset_iostat_done(rpc_ctx);

	spdk_bdev_close(bdev_ctx->desc);
	free(bdev_ctx);
}

static int
bdev_reset_iostat(void *ctx, struct spdk_bdev *bdev)
{
	struct rpc_reset_iostat_ctx *rpc_ctx = ctx;
	struct bdev_reset_iostat_ctx *bdev_ctx;
	int rc;

	assert(spdk_thread_is_app_thread(NULL));

	bdev_ctx = calloc(1, sizeof(struct bdev_reset_iostat_ctx));
	if (bdev_ctx == NULL) {
		SPDK_ERRLOG("Failed to allocate bdev_iostat_ctx struct\n");
		return -ENOMEM;
	}

	rc = spdk_bdev_open_ext(spdk_bdev_get_name(bdev), false, dummy_bdev_event_cb, NULL,
				&bdev_ctx->desc);
	if (rc != 0) {
		free(bdev_ctx);
		SPDK_ERRLOG("Failed to open bdev\n");
		return rc;
	}

	if (bdev->fn_table->reset_device_stat) {
		bdev->fn_table->reset_device_stat(bdev->ctxt);
	}

	rpc_ctx->bdev_count++;
	bdev_ctx->rpc_ctx = rpc_ctx;
	bdev_reset_device_stat(bdev, rpc_ctx->mode, bdev_reset_iostat_done, bdev_ctx);

	return 0;
}

static const struct spdk_json_object_decoder rpc_bdev_reset_iostat_decoders[] = {
	{"name", offsetof(struct rpc_bdev_reset_iostat_ctx, name), spdk_json_decode_string, true},
	{"mode", offsetof(struct rpc_bdev_reset_iostat_ctx, mode), rpc_decode_bdev_reset_stat_mode, true},
};

static void
rpc_bdev_reset_iostat(struct spdk_jsonrpc_request *request, const struct spdk_json_val *params)
{
	struct rpc_bdev_reset_iostat_ctx req = { .mode = RPC_BDEV_RESET_STAT_MODE_ALL, };
	struct spdk_bdev_desc *desc = NULL;
	struct rpc_reset_iostat_ctx *rpc_ctx;
	struct bdev_reset_iostat_ctx *bdev_ctx;
	int rc;

	if (params != NULL) {
		if (spdk_json_decode_object(params, rpc_bdev_reset_iostat_decoders,
					    SPDK_COUNTOF(rpc_bdev_reset_iostat_decoders),
					    &req)) {
			SPDK_ERRLOG("spdk_json_decode_object failed\n");
			spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
							 "spdk_json_decode_object failed");
			free_rpc_bdev_reset_iostat(&req);
			return;
		}

		if (req.mode == RPC_BDEV_RESET_STAT_MODE_NONE) {
			SPDK_NOTICELOG("bdev_reset_iostat called with mode none, aborting operation\n");
			spdk_jsonrpc_send_bool_response(request, true);
			free_rpc_bdev_reset_iostat(&req);
			return;
		}

		if (req.name) {
			rc = spdk_bdev_open_ext(req.name, false, dummy_bdev_event_cb, NULL, &desc);
			if (rc != 0) {
				SPDK_ERRLOG("Failed to open bdev '%s': %d\n", req.name, rc);
				spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
				free_rpc_bdev_reset_iostat(&req);
				return;
			}
		}
	}


	rpc_ctx = calloc(1, sizeof(struct rpc_reset_iostat_ctx));
	if (rpc_ctx == NULL) {
		SPDK_ERRLOG("Failed to allocate rpc_iostat_ctx struct\n");
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		free_rpc_bdev_reset_iostat(&req);
		return;
	}

	/*
	 * Increment initial bdev_count so that it will never reach 0 in the middle
	 * of iterating.
	 */
	rpc_ctx->bdev_count++;
	rpc_ctx->request = request;
	rpc_ctx->mode = (enum spdk_bdev_reset_stat_mode)req.mode;

	free_rpc_bdev_reset_iostat(&req);

	if (desc != NULL) {
		bdev_ctx = calloc(1, sizeof(struct bdev_reset_iostat_ctx));
		if (bdev_ctx == NULL) {
			SPDK_ERRLOG("Failed to allocate bdev_iostat_ctx struct\n");
			rpc_ctx->rc = -ENOMEM;

			spdk_bdev_close(desc);
		} else {
			bdev_ctx->desc = desc;

			rpc_ctx->bdev_count++;
			bdev_ctx->rpc_ctx = rpc_ctx;
			bdev_reset_device_stat(spdk_bdev_desc_get_bdev(desc), rpc_ctx->mode,
					       bdev_reset_iostat_done, bdev_ctx);
		}
	} else {
		rc = spdk_for_each_bdev(rpc_ctx, bdev_reset_iostat);
		if (rc != 0 && rpc_ctx->rc == 0) {
			rpc_ctx->rc = rc;
		}
	}

	rpc_reset_iostat_done(rpc_ctx);
}
SPDK_RPC_REGISTER("bdev_reset_iostat", rpc_bdev_reset_iostat, SPDK_RPC_RUNTIME)

static int
rpc_dump_bdev_info(void *ctx, struct spdk_bdev *bdev)
{
	struct spdk_json_write_ctx *w = ctx;
	struct spdk_bdev_alias *tmp;
	uint64_t qos_limits[SPDK_BDEV_QOS_NUM_RATE_LIMIT_TYPES];
	enum spdk_dma_device_type types[16];
	enum spdk_bdev_io_type io_type;
	const char *name = NULL;
	int i, rc;

	spdk_json_write_object_begin(w);

	spdk_json_write_named_string(w, "name", spdk_bdev_get_name(bdev));

	spdk_json_write_named_array_begin(w, "aliases");

	TAILQ_FOREACH(tmp, spdk_bdev_get_aliases(bdev), tailq) {
		spdk_json_write_string(w, tmp->alias.name);
	}

	spdk_json_write_array_end(w);

	spdk_json_write_named_string(w, "product_name", spdk_bdev_get_product_name(bdev));
	spdk_json_write_named_uint32(w, "block_size", spdk_bdev_get_block_size(bdev));
	spdk_json_write_named_uint64(w, "num_blocks", spdk_bdev_get_num_blocks(bdev));
	spdk_json_write_named_uint32(w, "preferred_write_alignment",
				     spdk_bdev_get_preferred_write_alignment(bdev));
	spdk_json_write_named_uint32(w, "preferred_write_granularity",
				     spdk_bdev_get_preferred_write_granularity(bdev));
	spdk_json_write_named_uint32(w, "optimal_write_size", spdk_bdev_get_optimal_write_size(bdev));
	spdk_json_write_named_uint32(w, "preferred_unmap_alignment",
				     spdk_bdev_get_preferred_unmap_alignment(bdev));
	spdk_json_write_named_uint32(w, "preferred_unmap_granularity",
				     spdk_bdev_get_preferred_unmap_granularity(bdev));
	spdk_json_write_named_uuid(w, "uuid", &bdev->uuid);
	if (bdev->numa.id_valid) {
		spdk_json_write_named_int32(w, "numa_id", bdev->numa.id);
	}

	if (spdk_bdev_get_md_size(bdev) != 0) {
		spdk_json_write_named_uint32(w, "md_size", spdk_bdev_get_md_size(bdev));
		spdk_json_write_named_bool(w, "md_interleave", spdk_bdev_is_md_interleaved(bdev));
		spdk_json_write_named_uint32(w, "dif_type", spdk_bdev_get_dif_type(bdev));
		if (spdk_bdev_get_dif_type(bdev) != SPDK_DIF_DISABLE) {
			spdk_json_write_named_bool(w, "dif_is_head_of_md", spdk_bdev_is_dif_head_of_md(bdev));
			spdk_json_write_named_object_begin(w, "enabled_dif_check_types");
			spdk_json_write_named_bool(w, "reftag",
						   spdk_bdev_is_dif_check_enabled(bdev, SPDK_DIF_CHECK_TYPE_REFTAG));
			spdk_json_write_named_bool(w, "apptag",
						   spdk_bdev_is_dif_check_enabled(bdev, SPDK_DIF_CHECK_TYPE_APPTAG));
			spdk_json_write_named_bool(w, "guard",
						   spdk_bdev_is_dif_check_enabled(bdev, SPDK_DIF_CHECK_TYPE_GUARD));
			spdk_json_write_object_end(w);

			spdk_json_write_named_uint32(w, "dif_pi_format", spdk_bdev_get_dif_pi_format(bdev));
		}
	}

	spdk_json_write_named_object_begin(w, "assigned_rate_limits");
	spdk_bdev_get_qos_rate_limits(bdev, qos_limits);
	for (i = 0; i < SPDK_BDEV_QOS_NUM_RATE_LIMIT_TYPES; i++) {
		spdk_json_write_named_uint64(w, spdk_bdev_get_qos_rpc_type(i), qos_limits[i]);
	}
	spdk_json_write_object_end(w);

	spdk_json_write_named_bool(w, "claimed",
				   (bdev->internal.claim_type != SPDK_BDEV_CLAIM_NONE));
	if (bdev->internal.claim_type != SPDK_BDEV_CLAIM_NONE) {
		spdk_json_write_named_string(w, "claim_type",
					     spdk_bdev_claim_get_name(bdev->internal.claim_type));
	}

	spdk_json_write_named_bool(w, "zoned", bdev->zoned);
	if (bdev->zoned) {
		spdk_json_write_named_uint64(w, "zone_size", bdev->zone_size);
		spdk_json_write_named_uint64(w, "max_open_zones", bdev->max_open_zones);
		spdk_json_write_named_uint64(w, "optimal_open_zones", bdev->optimal_open_zones);
	}

	spdk_json_write_named_object_begin(w, "supported_io_types");
	for (io_type = SPDK_BDEV_IO_TYPE_READ; io_type < SPDK_BDEV_NUM_IO_TYPES; ++io_type) {
		name = spdk_bdev_get_io_type_name(io_type);
		spdk_json_write_named_bool(w, name, spdk_bdev_io_type_supported(bdev, io_type));
	}
	spdk_json_write_object_end(w);

	rc = spdk_bdev_get_memory_domain_types(bdev, types, SPDK_COUNTOF(types));
	if (rc > 0) {
		if (rc > (int)SPDK_COUNTOF(types)) {
			SPDK_ERRLOG("Unexpected high number (%d) of memory domain types, listing only "
				    "first %d.\n", rc, (int)SPDK_COUNTOF(types));
		}
		spdk_json_write_named_array_begin(w, "memory_domains");
		for (i = 0; i < spdk_min(rc, (int)SPDK_COUNTOF(types)); i++) {
			spdk_json_write_object_begin(w);
			spdk_json_write_named_string(w, "dma_device_type",
						     spdk_dma_device_type_get_name(types[i]));
			spdk_json_write_object_end(w);
		}
		spdk_json_write_array_end(w);
	}

	spdk_json_write_named_object_begin(w, "driver_specific");
	spdk_bdev_dump_info_json(bdev, w);
	spdk_json_write_object_end(w);

	spdk_json_write_object_end(w);

	return 0;
}

static const struct spdk_json_object_decoder rpc_bdev_get_bdevs_decoders[] = {
	{"name", offsetof(struct rpc_bdev_get_bdevs_ctx, name), spdk_json_decode_string, true},
	{"timeout", offsetof(struct rpc_bdev_get_bdevs_ctx, timeout), spdk_json_decode_uint64, true},
};

static void
rpc_bdev_get_bdev_cb(struct spdk_bdev_desc *desc, int rc, void *cb_arg)
{
	struct spdk_jsonrpc_request *request = cb_arg;
	struct spdk_json_write_ctx *w;

	if (rc == 0) {
		w = spdk_jsonrpc_begin_result(request);

		spdk_json_write_array_begin(w);
		rpc_dump_bdev_info(w, spdk_bdev_desc_get_bdev(desc));
		spdk_json_write_array_end(w);
		spdk_jsonrpc_end_result(request, w);

		spdk_bdev_close(desc);
	} else {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
	}
}

static void
rpc_bdev_get_bdevs(struct spdk_jsonrpc_request *request,
		   const struct spdk_json_val *params)
{
	struct rpc_bdev_get_bdevs_ctx req = {};
	struct spdk_bdev_open_async_opts opts = {};
	struct spdk_json_write_ctx *w;
	int rc;

	if (params && spdk_json_decode_object(params, rpc_bdev_get_bdevs_decoders,
					      SPDK_COUNTOF(rpc_bdev_get_bdevs_decoders),
					      &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		free_rpc_bdev_get_bdevs(&req);
		return;
	}

	if (req.name) {
		opts.size = sizeof(opts);
		opts.timeout_ms = req.timeout;

		rc = spdk_bdev_open_async(req.name, false, dummy_bdev_event_cb, NULL, &opts,
					  rpc_bdev_get_bdev_cb, request);
		if (rc != 0) {
			SPDK_ERRLOG("spdk_bdev_open_async failed for '%s': rc=%d\n", req.name, rc);
			spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
		}

		free_rpc_bdev_get_bdevs(&req);
		return;
	}

	free_rpc_bdev_get_bdevs(&req);

	w = spdk_jsonrpc_begin_result(request);
	spdk_json_write_array_begin(w);

	spdk_for_each_bdev(w, rpc_dump_bdev_info);

	spdk_json_write_array_end(w);

	spdk_jsonrpc_end_result(request, w);
}
SPDK_RPC_REGISTER("bdev_get_bdevs", rpc_bdev_get_bdevs, SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder
	rpc_bdev_set_qd_sampling_period_decoders[] = {
	{"name", offsetof(struct rpc_bdev_set_qd_sampling_period_ctx, name), spdk_json_decode_string},
	{"period", offsetof(struct rpc_bdev_set_qd_sampling_period_ctx, period), spdk_json_decode_uint64},
};

static void
rpc_bdev_set_qd_sampling_period(struct spdk_jsonrpc_request *request,
				const struct spdk_json_val *params)
{
	struct rpc_bdev_set_qd_sampling_period_ctx req = {0};
	struct spdk_bdev_desc *desc;
	int rc;

	if (spdk_json_decode_object(params, rpc_bdev_set_qd_sampling_period_decoders,
				    SPDK_COUNTOF(rpc_bdev_set_qd_sampling_period_decoders),
				    &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	rc = spdk_bdev_open_ext(req.name, false, dummy_bdev_event_cb, NULL, &desc);
	if (rc != 0) {
		SPDK_ERRLOG("Failed to open bdev '%s': %d\n", req.name, rc);
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
		goto cleanup;
	}

	spdk_bdev_set_qd_sampling_period(spdk_bdev_desc_get_bdev(desc), req.period);
	spdk_jsonrpc_send_bool_response(request, true);

	spdk_bdev_close(desc);

cleanup:
	free_rpc_bdev_set_qd_sampling_period(&req);
}
SPDK_RPC_REGISTER("bdev_set_qd_sampling_period",
		  rpc_bdev_set_qd_sampling_period,
		  SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_set_qos_limit_decoders[] = {
	{"name", offsetof(struct rpc_bdev_set_qos_limit_ctx, name), spdk_json_decode_string},
	{"rw_ios_per_sec", offsetof(struct rpc_bdev_set_qos_limit_ctx, rw_ios_per_sec), spdk_json_decode_uint64, true},
	{"rw_mbytes_per_sec", offsetof(struct rpc_bdev_set_qos_limit_ctx, rw_mbytes_per_sec), spdk_json_decode_uint64, true},
	{"r_mbytes_per_sec", offsetof(struct rpc_bdev_set_qos_limit_ctx, r_mbytes_per_sec), spdk_json_decode_uint64, true},
	{"w_mbytes_per_sec", offsetof(struct rpc_bdev_set_qos_limit_ctx, w_mbytes_per_sec), spdk_json_decode_uint64, true},
};

static void
rpc_bdev_set_qos_limit_complete(void *cb_arg, int status)
{
	struct spdk_jsonrpc_request *request = cb_arg;

	if (status != 0) {
		spdk_jsonrpc_send_error_response_fmt(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
						     "Failed to configure rate limit: %s",
						     spdk_strerror(-status));
		return;
	}

	spdk_jsonrpc_send_bool_response(request, true);
}

static void
rpc_bdev_set_qos_limit(struct spdk_jsonrpc_request *request,
		       const struct spdk_json_val *params)
{
	struct rpc_bdev_set_qos_limit_ctx req = {.rw_ios_per_sec = UINT64_MAX,
		       .rw_mbytes_per_sec = UINT64_MAX,
		       .r_mbytes_per_sec = UINT64_MAX,
		       .w_mbytes_per_sec = UINT64_MAX
	};
	uint64_t limits[SPDK_BDEV_QOS_NUM_RATE_LIMIT_TYPES];
	struct spdk_bdev_desc *desc;
	int i, rc;

	if (spdk_json_decode_object(params, rpc_bdev_set_qos_limit_decoders,
				    SPDK_COUNTOF(rpc_bdev_set_qos_limit_decoders),
				    &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	rc = spdk_bdev_open_ext(req.name, false, dummy_bdev_event_cb, NULL, &desc);
	if (rc != 0) {
		SPDK_ERRLOG("Failed to open bdev '%s': %d\n", req.name, rc);
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
		goto cleanup;
	}

	limits[SPDK_BDEV_QOS_RW_IOPS_RATE_LIMIT] = req.rw_ios_per_sec;
	limits[SPDK_BDEV_QOS_RW_BPS_RATE_LIMIT] = req.rw_mbytes_per_sec;
	limits[SPDK_BDEV_QOS_R_BPS_RATE_LIMIT] = req.r_mbytes_per_sec;
	limits[SPDK_BDEV_QOS_W_BPS_RATE_LIMIT] = req.w_mbytes_per_sec;

	for (i = 0; i < SPDK_BDEV_QOS_NUM_RATE_LIMIT_TYPES; i++) {
		if (limits[i] != UINT64_MAX) {
			break;
		}
	}
	if (i == SPDK_BDEV_QOS_NUM_RATE_LIMIT_TYPES) {
		SPDK_ERRLOG("no rate limits specified\n");
		spdk_bdev_close(desc);
		spdk_jsonrpc_send_error_response(request, -EINVAL, "No rate limits specified");
		goto cleanup;
	}

	spdk_bdev_set_qos_rate_limits(spdk_bdev_desc_get_bdev(desc), limits,
				      rpc_bdev_set_qos_limit_complete, request);

	spdk_bdev_close(desc);

cleanup:
	free_rpc_bdev_set_qos_limit(&req);
}

SPDK_RPC_REGISTER("bdev_set_qos_limit", rpc_bdev_set_qos_limit, SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_bdev_enable_histogram_decoders[] = {
	{"name", offsetof(struct rpc_bdev_enable_histogram_ctx, name), spdk_json_decode_string},
	{"enable", offsetof(struct rpc_bdev_enable_histogram_ctx, enable), spdk_json_decode_bool},
	{"opc", offsetof(struct rpc_bdev_enable_histogram_ctx, opc), spdk_json_decode_string, true},
	{"granularity", offsetof(struct rpc_bdev_enable_histogram_ctx, granularity), spdk_json_decode_uint8, true},
	{"min_nsec", offsetof(struct rpc_bdev_enable_histogram_ctx, min_nsec), spdk_json_decode_uint64, true},
	{"max_nsec", offsetof(struct rpc_bdev_enable_histogram_ctx, max_nsec), spdk_json_decode_uint64, true},
};

static void
bdev_histogram_status_cb(void *cb_arg, int status)
{
	struct spdk_jsonrpc_request *request = cb_arg;

	if (status == 0) {
		spdk_jsonrpc_send_bool_response(request, true);
	} else {
		spdk_jsonrpc_send_error_response(request, status, spdk_strerror(-status));
	}
}

static void
rpc_bdev_enable_histogram(struct spdk_jsonrpc_request *request,
			  const struct spdk_json_val *params)
{
	struct rpc_bdev_enable_histogram_ctx req = {
		.granularity = SPDK_HISTOGRAM_GRANULARITY_DEFAULT,
		.min_nsec = SPDK_BDEV_HISTOGRAM_DEFAULT_MIN_VALUE_NS,
		.max_nsec = SPDK_BDEV_HISTOGRAM_DEFAULT_MAX_VALUE_NS
	};
	struct spdk_bdev_desc *desc;
	int rc;
	struct spdk_bdev_enable_histogram_opts opts = {};
	int io_type = 0;

	if (spdk_json_decode_object(params, rpc_bdev_enable_histogram_decoders,
				    SPDK_COUNTOF(rpc_bdev_enable_histogram_decoders),
				    &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	rc = spdk_bdev_open_ext(req.name, false, dummy_bdev_event_cb, NULL, &desc);
	if (rc != 0) {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
		goto cleanup;
	}

	spdk_bdev_enable_histogram_opts_init(&opts, sizeof(opts));

	if (req.opc != NULL) {
		io_type = spdk_bdev_get_io_type(req.opc);
		if (io_type == -1) {
			SPDK_ERRLOG("Invalid IO type\n");
			spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
							 "Invalid Io type");
			goto cleanup;
		}
		opts.io_type = (uint8_t) io_type;
	}

	opts.granularity = req.granularity;
	opts.min_nsec = req.min_nsec;
	opts.max_nsec = req.max_nsec;

	spdk_bdev_histogram_enable_ext(spdk_bdev_desc_get_bdev(desc), bdev_histogram_status_cb,
				       request, req.enable, &opts);

	spdk_bdev_close(desc);

cleanup:
	free_rpc_bdev_enable_histogram(&req);
}

SPDK_RPC_REGISTER("bdev_enable_histogram", rpc_bdev_enable_histogram, SPDK_RPC_RUNTIME)

/* SPDK_RPC_GET_BDEV_HISTOGRAM */

static const struct spdk_json_object_decoder rpc_bdev_get_histogram_decoders[] = {
	{"name", offsetof(struct rpc_bdev_get_histogram_ctx, name), spdk_json_decode_string},
};

static const struct spdk_json_object_decoder rpc_bdev_get_histogram_borders_decoders[] = {
	{"name", offsetof(struct rpc_bdev_get_histogram_borders_ctx, name), spdk_json_decode_string},
	{"borders", offsetof(struct rpc_bdev_get_histogram_borders_ctx, borders), rpc_decode_bdev_histogram_borders},
};

struct _rpc_bdev_get_histogram_ctx {
	struct spdk_jsonrpc_request *request;
	struct rpc_bdev_histogram_borders borders;
};

static void
rpc_encode_histogram(struct spdk_jsonrpc_request *request, struct spdk_histogram_data *histogram)
{
	int rc;
	struct spdk_json_write_ctx *w;
	char *encoded_histogram;
	size_t src_len, dst_len;

	src_len = SPDK_HISTOGRAM_NUM_BUCKETS(histogram) * sizeof(uint64_t);
	dst_len = spdk_base64_get_encoded_strlen(src_len) + 1;

	encoded_histogram = malloc(dst_len);
	if (encoded_histogram == NULL) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 spdk_strerror(ENOMEM));
		return;
	}

	rc = spdk_base64_encode(encoded_histogram, histogram->bucket, src_len);
	if (rc != 0) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 spdk_strerror(-rc));
		free(encoded_histogram);
		return;
	}

	w = spdk_jsonrpc_begin_result(request);
	spdk_json_write_object_begin(w);
	spdk_json_write_named_string(w, "histogram", encoded_histogram);
	spdk_json_write_named_int64(w, "granularity", histogram->granularity);
	spdk_json_write_named_uint32(w, "min_range", histogram->min_range);
	spdk_json_write_named_uint32(w, "max_range", histogram->max_range);
	spdk_json_write_named_int64(w, "tsc_rate", spdk_get_ticks_hz());
	spdk_json_write_object_end(w);
	spdk_jsonrpc_end_result(request, w);

	free(encoded_histogram);
}

static void
rpc_dump_histogram_borders(struct _rpc_bdev_get_histogram_ctx *rpc_ctx,
			   struct spdk_histogram_data *histogram)
{
	struct spdk_histogram_borders *ctx;
	struct spdk_json_write_ctx *w;
	size_t i;

	ctx = spdk_histogram_get_borders_count_alloc_ctx(rpc_ctx->borders.items, rpc_ctx->borders.count);
	if (ctx == NULL) {
		spdk_jsonrpc_send_error_response(rpc_ctx->request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 spdk_strerror(ENOMEM));
		return;
	}

	spdk_histogram_get_borders_count(histogram, ctx);
	w = spdk_jsonrpc_begin_result(rpc_ctx->request);
	spdk_json_write_object_begin(w);
	spdk_json_write_named_array_begin(w, "borders_count");
	for (i = 0; i < ctx->num_borders_count; i++) {
		spdk_json_write_uint64(w, ctx->border_count[i]);
	}
	spdk_json_write_array_end(w);
	spdk_json_write_object_end(w);
	spdk_jsonrpc_end_result(rpc_ctx->request, w);

	spdk_histogram_get_borders_count_free_ctx(ctx);
}

static void
_rpc_bdev_histogram_data_cb(void *cb_arg, int status, struct spdk_histogram_data *histogram)
{
	struct _rpc_bdev_get_histogram_ctx *rpc_ctx = cb_arg;
	struct spdk_jsonrpc_request *request = rpc_ctx->request;

	if (status != 0) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 spdk_strerror(-status));
		spdk_histogram_data_free(histogram);
		free(rpc_ctx);
		return;
	}

	if (rpc_ctx->borders.count > 0) {
		rpc_dump_histogram_borders(rpc_ctx, histogram);
	} else {
		rpc_encode_histogram(request, histogram);
	}

	spdk_histogram_data_free(histogram);
	free(rpc_ctx);
}

static void
rpc_bdev_get_histogram_common(struct spdk_jsonrpc_request *request,
			      char *bdev_name, struct _rpc_bdev_get_histogram_ctx *rpc_ctx)
{
	struct spdk_histogram_data *histogram;
	struct spdk_bdev_desc *desc;
	struct spdk_bdev *bdev;
	int rc;

	rc = spdk_bdev_open_ext(bdev_name, false, dummy_bdev_event_cb, NULL, &desc);
	if (rc != 0) {
		spdk_jsonrpc_send_error_response(request, rc, spdk_strerror(-rc));
		free(rpc_ctx);
		return;
	}

	bdev = spdk_bdev_desc_get_bdev(desc);

	histogram = spdk_histogram_data_alloc_sized_ext(bdev->internal.histogram_granularity,
			bdev->internal.histogram_min_val, bdev->internal.histogram_max_val);
	if (histogram == NULL) {
		spdk_bdev_close(desc);
		spdk_jsonrpc_send_error_response(request, -ENOMEM, spdk_strerror(ENOMEM));
		free(rpc_ctx);
		return;
	}

	spdk_bdev_histogram_get(bdev, histogram,
				_rpc_bdev_histogram_data_cb, rpc_ctx);

	spdk_bdev_close(desc);
}

static void
rpc_bdev_get_histogram(struct spdk_jsonrpc_request *request,
		       const struct spdk_json_val *params)
{
	struct rpc_bdev_get_histogram_ctx req = {};
	struct _rpc_bdev_get_histogram_ctx *rpc_ctx;

	if (spdk_json_decode_object(params, rpc_bdev_get_histogram_decoders,
				    SPDK_COUNTOF(rpc_bdev_get_histogram_decoders),
				    &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	rpc_ctx = calloc(1, sizeof(*rpc_ctx));
	if (rpc_ctx == NULL) {
		SPDK_ERRLOG("Failed to allocate _rpc_bdev_get_histogram_ctx struct\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Failed to allocate _rpc_bdev_get_histogram_ctx struct");
		goto cleanup;
	}
	rpc_ctx->request = request;
	rpc_ctx->borders.count = 0;

	rpc_bdev_get_histogram_common(request, req.name, rpc_ctx);

cleanup:
	free_rpc_bdev_get_histogram(&req);
}

SPDK_RPC_REGISTER("bdev_get_histogram", rpc_bdev_get_histogram, SPDK_RPC_RUNTIME)

static void
rpc_bdev_get_histogram_borders(struct spdk_jsonrpc_request *request,
			       const struct spdk_json_val *params)
{
	struct rpc_bdev_get_histogram_borders_ctx req = {};
	struct _rpc_bdev_get_histogram_ctx *rpc_ctx;
	size_t i;

	if (spdk_json_decode_object(params, rpc_bdev_get_histogram_borders_decoders,
				    SPDK_COUNTOF(rpc_bdev_get_histogram_borders_decoders),
				    &req)) {
		SPDK_ERRLOG("spdk_json_decode_object failed\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "spdk_json_decode_object failed");
		goto cleanup;
	}

	rpc_ctx = calloc(1, sizeof(struct _rpc_bdev_get_histogram_ctx));
	if (rpc_ctx == NULL) {
		SPDK_ERRLOG("Failed to allocate _rpc_bdev_get_histogram_ctx struct\n");
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INTERNAL_ERROR,
						 "Failed to allocate _rpc_bdev_get_histogram_ctx struct");
		goto cleanup;
	}
	rpc_ctx->request = request;
	memcpy(&rpc_ctx->borders, &req.borders, sizeof(req.borders));
	for (i = 0; i < rpc_ctx->borders.count; i++) {
		rpc_ctx->borders.items[i] *= spdk_get_ticks_hz() / SPDK_SEC_TO_USEC;
	}

	rpc_bdev_get_histogram_common(request, req.name, rpc_ctx);

cleanup:
	free_rpc_bdev_get_histogram_borders(&req);
}

SPDK_RPC_REGISTER("bdev_get_histogram_borders", rpc_bdev_get_histogram_borders, SPDK_RPC_RUNTIME)
