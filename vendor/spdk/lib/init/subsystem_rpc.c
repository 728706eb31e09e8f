/*   SPDX-License-Identifier: BSD-3-Clause
 *   Copyright (C) 2018 Intel Corporation.
 *   All rights reserved.
 */

#include "spdk/rpc.h"
#include "spdk/string.h"
#include "spdk/util.h"
#include "spdk/env.h"
#include "spdk/log.h"

#include "spdk/init.h"
#include "spdk_internal/rpc_autogen.h"

#include "subsystem.h"

static void
rpc_framework_get_subsystems(struct spdk_jsonrpc_request *request,
			     const struct spdk_json_val *params)
{
	struct spdk_json_write_ctx *w;
	struct spdk_subsystem *subsystem;
	struct spdk_subsystem_depend *deps;

	if (params) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
						 "'framework_get_subsystems' requires no arguments");
		return;
	}

	w = spdk_jsonrpc_begin_result(request);
	spdk_json_write_array_begin(w);
	subsystem = subsystem_get_first();
	while (subsystem != NULL) {
		spdk_json_write_object_begin(w);

		spdk_json_write_named_string(w, "subsystem", subsystem->name);
		spdk_json_write_named_array_begin(w, "depends_on");
		deps = subsystem_get_first_depend();
		while (deps != NULL) {
			if (strcmp(subsystem->name, deps->name) == 0) {
				spdk_json_write_string(w, deps->depends_on);
			}
			deps = subsystem_get_next_depend(deps);
		}
		spdk_json_write_array_end(w);
		spdk_json_write_object_end(w);
		subsystem = subsystem_get_next(subsystem);
	}
	spdk_json_write_array_end(w);
	spdk_jsonrpc_end_result(request, w);
}

SPDK_RPC_REGISTER("framework_get_subsystems", rpc_framework_get_subsystems, SPDK_RPC_RUNTIME)

static const struct spdk_json_object_decoder rpc_framework_get_config_decoders[] = {
	{"name", offsetof(struct rpc_framework_get_config_ctx, name), spdk_json_decode_string},
	{"with_batches", offsetof(struct rpc_framework_get_config_ctx, with_batches), spdk_json_decode_bool, true},
};

static void
rpc_framework_get_config(struct spdk_jsonrpc_request *request,
			 const struct spdk_json_val *params)
{
	struct rpc_framework_get_config_ctx req = {};
	struct spdk_json_write_ctx *w;
	struct spdk_subsystem *subsystem;

	if (spdk_json_decode_object(params, rpc_framework_get_config_decoders,
				    SPDK_COUNTOF(rpc_framework_get_config_decoders), &req)) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS, "Invalid arguments");
		return;
	}

	subsystem = subsystem_find(req.name);
	if (!subsystem) {
		spdk_jsonrpc_send_error_response_fmt(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
						     "Subsystem '%s' not found", req.name);
		free_rpc_framework_get_config(&req);
		return;
	}

	free_rpc_framework_get_config(&req);

	w = spdk_jsonrpc_begin_result(request);
	spdk_json_write_add_flags(w, req.with_batches ? 0 : SPDK_JSON_WRITE_FLAG_FLATTEN_BATCHES);
	subsystem_config_json(w, subsystem);
	spdk_jsonrpc_end_result(request, w);
}

SPDK_RPC_REGISTER("framework_get_config", rpc_framework_get_config, SPDK_RPC_RUNTIME)

static void
dump_pci_device(void *ctx, struct spdk_pci_device *dev)
{
	struct spdk_json_write_ctx *w = ctx;
	struct spdk_pci_addr addr;
	char config[4096], bdf[32];
	int rc, length = 0;

	addr = spdk_pci_device_get_addr(dev);
	spdk_pci_addr_fmt(bdf, sizeof(bdf), &addr);

	spdk_json_write_object_begin(w);
	spdk_json_write_named_string(w, "address", bdf);
	spdk_json_write_named_string(w, "type", spdk_pci_device_get_type(dev));
	spdk_json_write_named_int32(w, "numa_id", spdk_pci_device_get_numa_id(dev));

	spdk_json_write_name(w, "config_space");
	rc = spdk_pci_device_cfg_read(dev, config, 256, 0);
	if (rc == 0) {
		length = 256;

		rc = spdk_pci_device_cfg_read(dev, &config[256], sizeof(config) - 256, 256);
		if (rc == 0 && spdk_mem_all_zero(&config[256], sizeof(config) - 256) != 0) {
			/* Don't write the extended config space if it's all zeroes */
			length = sizeof(config);
		}
	}

	spdk_json_write_bytearray(w, config, length);
	spdk_json_write_object_end(w);
}

static void
rpc_framework_get_pci_devices(struct spdk_jsonrpc_request *request,
			      const struct spdk_json_val *params)
{
	struct spdk_json_write_ctx *w;

	if (params != NULL) {
		spdk_jsonrpc_send_error_response(request, SPDK_JSONRPC_ERROR_INVALID_PARAMS,
						 "framework_get_pci_devices doesn't accept any parameters.\n");
		return;
	}

	w = spdk_jsonrpc_begin_result(request);

	spdk_json_write_array_begin(w);
	spdk_pci_for_each_device(w, dump_pci_device);
	spdk_json_write_array_end(w);

	spdk_jsonrpc_end_result(request, w);
}
SPDK_RPC_REGISTER("framework_get_pci_devices", rpc_framework_get_pci_devices, SPDK_RPC_RUNTIME)
