/*
 * smbdirectd's shim over SPDK: the few calls the `spdk` crate makes, with one
 * completion shape for all of them, so that Rust never mirrors an SPDK struct.
 * Built by scripts/build-spdk against the vendored SPDK and linked with every SPDK
 * and DPDK library it needs (modules register themselves by constructors, so they are
 * linked without --as-needed). The crate loads this one library at run time.
 *
 * Threading: every call here runs on the OS thread that polls the spdk_thread it
 * names (or the current one, set by smbd_spdk_thread_poll); completions run inside
 * that poll.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spdk/stdinc.h"
#include "spdk/bdev.h"
#include "spdk/blob.h"
#include "spdk/blob_bdev.h"
#include "spdk/env.h"
#include "spdk/init.h"
#include "spdk/log.h"
#include "spdk/rpc.h"
#include "spdk/thread.h"
#include "spdk/version.h"

/* One completion for everything: rc is 0 or a negative errno; val an id or a count;
 * ptr a handle (blobstore, blob). */
typedef void (*smbd_cb)(void *arg, int rc, uint64_t val, void *ptr);

struct smbd_call {
	smbd_cb fn;
	void *arg;
	/* start: the JSON kept until the runtime pass */
	char *json;
	size_t json_len;
};

static struct smbd_call *
call_new(smbd_cb fn, void *arg)
{
	struct smbd_call *c = calloc(1, sizeof(*c));
	if (c == NULL) {
		fn(arg, -ENOMEM, 0, NULL);
		return NULL;
	}
	c->fn = fn;
	c->arg = arg;
	return c;
}

static void
call_done(struct smbd_call *c, int rc, uint64_t val, void *ptr)
{
	smbd_cb fn = c->fn;
	void *arg = c->arg;
	free(c->json);
	free(c);
	fn(arg, rc, val, ptr);
}

const char *
smbd_spdk_version(void)
{
	return SPDK_VERSION_STRING;
}

/* The DPDK environment and SPDK's thread library, once per process. no_huge runs on
 * ordinary memory (IOVA as VA; no PCI device can be used then). */
int
smbd_spdk_env_init(const char *name, int no_huge, int no_pci, int mem_mb, int log_level)
{
	struct spdk_env_opts opts;
	int rc;

	opts.opts_size = sizeof(opts);
	spdk_env_opts_init(&opts);
	opts.name = name;
	opts.shm_id = -1;
	opts.no_huge = no_huge != 0;
	opts.no_pci = no_pci != 0;
	if (mem_mb > 0) {
		opts.mem_size = mem_mb;
	}
	spdk_log_set_print_level((enum spdk_log_level)log_level);
	rc = spdk_env_init(&opts);
	if (rc != 0) {
		return rc;
	}
	/* spdk_env_init pins the caller to the main core; our workers pin themselves. */
	spdk_unaffinitize_thread();
	return spdk_thread_lib_init(NULL, 0);
}

struct spdk_thread *
smbd_spdk_thread_create(const char *name)
{
	return spdk_thread_create(name, NULL);
}

/* One round of messages and pollers; returns how much work was done (0 idle). */
int
smbd_spdk_thread_poll(struct spdk_thread *t)
{
	spdk_set_thread(t);
	return spdk_thread_poll(t, 0, 0);
}

void
smbd_spdk_thread_exit(struct spdk_thread *t)
{
	spdk_set_thread(t);
	spdk_thread_exit(t);
}

/* 1 once the thread has exited and was destroyed; poll it until then. */
int
smbd_spdk_thread_try_destroy(struct spdk_thread *t)
{
	spdk_set_thread(t);
	spdk_thread_poll(t, 0, 0);
	if (!spdk_thread_is_exited(t)) {
		return 0;
	}
	spdk_thread_destroy(t);
	spdk_set_thread(NULL);
	return 1;
}

static void
start_runtime_done(int rc, void *ctx)
{
	call_done(ctx, rc, 0, NULL);
}

static void
start_subsystems_done(int rc, void *ctx)
{
	struct smbd_call *c = ctx;

	if (rc != 0) {
		call_done(c, rc, 0, NULL);
		return;
	}
	spdk_rpc_set_state(SPDK_RPC_RUNTIME);
	spdk_subsystem_load_config(c->json, (ssize_t)c->json_len, start_runtime_done, c, true);
}

static void
start_startup_done(int rc, void *ctx)
{
	struct smbd_call *c = ctx;

	if (rc != 0) {
		call_done(c, rc, 0, NULL);
		return;
	}
	spdk_subsystem_init(start_subsystems_done, c);
}

/* On the app thread (the first created): the startup RPCs of `json` (an SPDK JSON
 * configuration), every linked subsystem, then its runtime RPCs (bdevs). */
void
smbd_spdk_start(const char *json, size_t len, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c == NULL) {
		return;
	}
	c->json = malloc(len + 1);
	if (c->json == NULL) {
		call_done(c, -ENOMEM, 0, NULL);
		return;
	}
	memcpy(c->json, json, len);
	c->json[len] = 0;
	c->json_len = len;
	spdk_rpc_set_state(SPDK_RPC_STARTUP);
	spdk_subsystem_load_config(c->json, (ssize_t)len, start_startup_done, c, true);
}

static void
stop_done(void *ctx)
{
	call_done(ctx, 0, 0, NULL);
}

void
smbd_spdk_stop(smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_subsystem_fini(stop_done, c);
	}
}

void *
smbd_dma_alloc(size_t size, size_t align)
{
	return spdk_dma_zmalloc(size, align, NULL);
}

void
smbd_dma_free(void *buf)
{
	spdk_dma_free(buf);
}

/* Memory not from SPDK's heap made usable for device I/O (its physical addresses
 * known): vaddr and len in whole 2 MiB pages, the memory pinned by its owner. */
int
smbd_mem_register(void *vaddr, size_t len)
{
	return spdk_mem_register(vaddr, len);
}

int
smbd_mem_unregister(void *vaddr, size_t len)
{
	return spdk_mem_unregister(vaddr, len);
}

/* ---- blobstore ---- */

static void
bs_event(enum spdk_bdev_event_type type, struct spdk_bdev *bdev, void *ctx)
{
	(void)bdev;
	(void)ctx;
	SPDK_NOTICELOG("smbdirectd: blobstore device event %d\n", (int)type);
}

static void
bs_handle_done(void *arg, struct spdk_blob_store *bs, int bserrno)
{
	call_done(arg, bserrno, 0, bs);
}

/* Load the blobstore on bdev `name`, or make a new one (create != 0, which erases the
 * device's blobstore metadata). Loading refuses a store whose type is not `bstype`. */
void
smbd_bs_open(const char *name, int create, const char *bstype, uint32_t cluster_sz,
	     smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);
	struct spdk_bs_dev *dev = NULL;
	struct spdk_bs_opts opts;
	int rc;

	if (c == NULL) {
		return;
	}
	rc = spdk_bdev_create_bs_dev(name, true, NULL, 0, bs_event, NULL, &dev);
	if (rc != 0) {
		call_done(c, rc, 0, NULL);
		return;
	}
	spdk_bs_opts_init(&opts, sizeof(opts));
	snprintf(opts.bstype.bstype, sizeof(opts.bstype.bstype), "%s", bstype);
	/* A new store zeroes the whole device (Write Zeroes: a deallocate where the device
	 * guarantees zeros after it): a thin blob's new cluster is not copied from anything,
	 * so free space must read as zeros or one file would show another's old data. */
	opts.clear_method = BS_CLEAR_WITH_WRITE_ZEROES;
	if (cluster_sz != 0) {
		opts.cluster_sz = cluster_sz;
	}
	if (create) {
		spdk_bs_init(dev, &opts, bs_handle_done, c);
	} else {
		spdk_bs_load(dev, &opts, bs_handle_done, c);
	}
}

static void
op_done(void *arg, int bserrno)
{
	call_done(arg, bserrno, 0, NULL);
}

void
smbd_bs_unload(struct spdk_blob_store *bs, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_bs_unload(bs, op_done, c);
	}
}

uint64_t
smbd_bs_io_unit(struct spdk_blob_store *bs)
{
	return spdk_bs_get_io_unit_size(bs);
}

uint64_t
smbd_bs_cluster_size(struct spdk_blob_store *bs)
{
	return spdk_bs_get_cluster_size(bs);
}

uint64_t
smbd_bs_free_clusters(struct spdk_blob_store *bs)
{
	return spdk_bs_free_cluster_count(bs);
}

uint64_t
smbd_bs_total_clusters(struct spdk_blob_store *bs)
{
	return spdk_bs_total_data_cluster_count(bs);
}

static void
id_done(void *arg, spdk_blob_id id, int bserrno)
{
	call_done(arg, bserrno, id, NULL);
}

void
smbd_bs_set_super(struct spdk_blob_store *bs, uint64_t id, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_bs_set_super(bs, id, op_done, c);
	}
}

void
smbd_bs_get_super(struct spdk_blob_store *bs, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_bs_get_super(bs, id_done, c);
	}
}

struct xattr_list {
	const char *const *names;
	const void *const *values;
	const size_t *lens;
	size_t n;
};

static void
xattr_value(void *ctx, const char *name, const void **value, size_t *len)
{
	struct xattr_list *l = ctx;
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (strcmp(l->names[i], name) == 0) {
			*value = l->values[i];
			*len = l->lens[i];
			return;
		}
	}
	*value = NULL;
	*len = 0;
}

/* A new blob of `clusters` clusters (thin: none allocated until written) whose extended
 * attributes are set in the same metadata write that creates it. */
void
smbd_blob_create(struct spdk_blob_store *bs, uint64_t clusters, int thin,
		 const char *const *names, const void *const *values, const size_t *lens,
		 size_t n, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);
	struct spdk_blob_opts opts;
	struct xattr_list list = { names, values, lens, n };

	if (c == NULL) {
		return;
	}
	spdk_blob_opts_init(&opts, sizeof(opts));
	opts.num_clusters = clusters;
	opts.thin_provision = thin != 0;
	opts.use_extent_table = true;
	/* Clusters a blob gives back (shrink, delete) are zeroed, for the same reason. */
	opts.clear_method = BLOB_CLEAR_WITH_WRITE_ZEROES;
	opts.xattrs.count = n;
	opts.xattrs.names = (char **)names;
	opts.xattrs.ctx = &list;
	opts.xattrs.get_value = xattr_value;
	/* The values are copied before this returns: create reads them synchronously. */
	spdk_bs_create_blob_ext(bs, &opts, id_done, c);
}

static void
blob_handle_done(void *arg, struct spdk_blob *blob, int bserrno)
{
	call_done(arg, bserrno, blob == NULL ? 0 : spdk_blob_get_id(blob), blob);
}

void
smbd_blob_open(struct spdk_blob_store *bs, uint64_t id, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_bs_open_blob_ext(bs, id, NULL, blob_handle_done, c);
	}
}

void
smbd_blob_close(struct spdk_blob *blob, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_blob_close(blob, op_done, c);
	}
}

void
smbd_blob_delete(struct spdk_blob_store *bs, uint64_t id, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_bs_delete_blob(bs, id, op_done, c);
	}
}

void
smbd_blob_resize(struct spdk_blob *blob, uint64_t clusters, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_blob_resize(blob, clusters, op_done, c);
	}
}

void
smbd_blob_sync_md(struct spdk_blob *blob, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_blob_sync_md(blob, op_done, c);
	}
}

uint64_t
smbd_blob_id(struct spdk_blob *blob)
{
	return spdk_blob_get_id(blob);
}

uint64_t
smbd_blob_clusters(struct spdk_blob *blob)
{
	return spdk_blob_get_num_clusters(blob);
}

int
smbd_blob_set_xattr(struct spdk_blob *blob, const char *name, const void *value, size_t len)
{
	if (len > UINT16_MAX) {
		return -EINVAL;
	}
	return spdk_blob_set_xattr(blob, name, value, (uint16_t)len);
}

int
smbd_blob_get_xattr(struct spdk_blob *blob, const char *name, const void **value, size_t *len)
{
	return spdk_blob_get_xattr_value(blob, name, value, len);
}

int
smbd_blob_remove_xattr(struct spdk_blob *blob, const char *name)
{
	return spdk_blob_remove_xattr(blob, name);
}

/* Iteration opens each blob in turn (the previous one is closed by _next); the end is
 * rc == -ENOENT. */
void
smbd_bs_iter_first(struct spdk_blob_store *bs, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_bs_iter_first(bs, blob_handle_done, c);
	}
}

void
smbd_bs_iter_next(struct spdk_blob_store *bs, struct spdk_blob *blob, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_bs_iter_next(bs, blob, blob_handle_done, c);
	}
}

struct spdk_io_channel *
smbd_bs_channel(struct spdk_blob_store *bs)
{
	return spdk_bs_alloc_io_channel(bs);
}

void
smbd_bs_channel_free(struct spdk_io_channel *ch)
{
	spdk_bs_free_io_channel(ch);
}

/* Data I/O in io units (the device's block size), into or out of DMA memory. */
void
smbd_blob_read(struct spdk_blob *blob, struct spdk_io_channel *ch, void *buf,
	       uint64_t offset, uint64_t units, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_blob_io_read(blob, ch, buf, offset, units, op_done, c);
	}
}

void
smbd_blob_write(struct spdk_blob *blob, struct spdk_io_channel *ch, void *buf,
		uint64_t offset, uint64_t units, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_blob_io_write(blob, ch, buf, offset, units, op_done, c);
	}
}

void
smbd_blob_unmap(struct spdk_blob *blob, struct spdk_io_channel *ch, uint64_t offset,
		uint64_t units, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_blob_io_unmap(blob, ch, offset, units, op_done, c);
	}
}

void
smbd_blob_write_zeroes(struct spdk_blob *blob, struct spdk_io_channel *ch, uint64_t offset,
		       uint64_t units, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);

	if (c != NULL) {
		spdk_blob_io_write_zeroes(blob, ch, offset, units, op_done, c);
	}
}

/* ---- the bdev under the blobstore, for flushes (the blobstore issues none) ---- */

static void
bdev_event(enum spdk_bdev_event_type type, struct spdk_bdev *bdev, void *ctx)
{
	(void)bdev;
	(void)ctx;
	SPDK_NOTICELOG("smbdirectd: device event %d\n", (int)type);
}

struct spdk_bdev_desc *
smbd_bdev_open(const char *name, int *rc)
{
	struct spdk_bdev_desc *desc = NULL;

	*rc = spdk_bdev_open_ext(name, true, bdev_event, NULL, &desc);
	return desc;
}

void
smbd_bdev_close(struct spdk_bdev_desc *desc)
{
	spdk_bdev_close(desc);
}

struct spdk_io_channel *
smbd_bdev_channel(struct spdk_bdev_desc *desc)
{
	return spdk_bdev_get_io_channel(desc);
}

void
smbd_channel_put(struct spdk_io_channel *ch)
{
	spdk_put_io_channel(ch);
}

static void
flush_done(struct spdk_bdev_io *io, bool success, void *arg)
{
	spdk_bdev_free_io(io);
	call_done(arg, success ? 0 : -EIO, 0, NULL);
}

/* Everything written before reaches stable media before the completion. */
void
smbd_bdev_flush(struct spdk_bdev_desc *desc, struct spdk_io_channel *ch, smbd_cb fn, void *arg)
{
	struct smbd_call *c = call_new(fn, arg);
	struct spdk_bdev *bdev;
	int rc;

	if (c == NULL) {
		return;
	}
	bdev = spdk_bdev_desc_get_bdev(desc);
	rc = spdk_bdev_flush_blocks(desc, ch, 0, spdk_bdev_get_num_blocks(bdev), flush_done, c);
	if (rc != 0) {
		call_done(c, rc, 0, NULL);
	}
}
