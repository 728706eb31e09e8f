#  SPDX-License-Identifier: BSD-3-Clause
#  Copyright (C) 2016 Intel Corporation
#  All rights reserved.
#  Copyright (c) 2022 Dell Inc, or its subsidiaries.
#  Copyright (c) 2022-2024 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#



def add_parser(subparsers):

    def vfu_tgt_set_base_path(args):
        args.client.vfu_tgt_set_base_path(path=args.path)

    p = subparsers.add_parser('vfu_tgt_set_base_path', help='Set socket base path.')
    p.add_argument('path', help='Base path for the vfio-user UNIX sockets')
    p.set_defaults(func=vfu_tgt_set_base_path)

    def vfu_virtio_delete_endpoint(args):
        args.client.vfu_virtio_delete_endpoint(name=args.name)

    p = subparsers.add_parser('vfu_virtio_delete_endpoint', help='Delete the PCI device via endpoint name.')
    p.add_argument('name', help='Name of the endpoint')
    p.set_defaults(func=vfu_virtio_delete_endpoint)

    def vfu_virtio_create_blk_endpoint(args):
        args.client.vfu_virtio_create_blk_endpoint(
                                                     name=args.name,
                                                     bdev_name=args.bdev_name,
                                                     cpumask=args.cpumask,
                                                     num_queues=args.num_queues,
                                                     qsize=args.qsize,
                                                     packed_ring=args.packed_ring)

    p = subparsers.add_parser('vfu_virtio_create_blk_endpoint', help='Create virtio-blk endpoint.')
    p.add_argument('name', help='Name of the endpoint')
    p.add_argument('--bdev-name', help='Name of the backing block device', type=str, required=True)
    p.add_argument('--cpumask', help="CPU mask for the endpoint's I/O threads")
    p.add_argument('--num-queues', help='Number of virtqueues. Default: 64', type=int)
    p.add_argument('--qsize', help='Number of entries per virtqueue. Default: 128', type=int)
    p.add_argument("--packed-ring", action='store_true', help='Enable packed virtqueue layout. Default: false')
    p.set_defaults(func=vfu_virtio_create_blk_endpoint)

    def vfu_virtio_scsi_add_target(args):
        args.client.vfu_virtio_scsi_add_target(
                                                 name=args.name,
                                                 scsi_target_num=args.scsi_target_num,
                                                 bdev_name=args.bdev_name)

    p = subparsers.add_parser('vfu_virtio_scsi_add_target', help='Attach a block device to SCSI target of PCI endpoint.')
    p.add_argument('name', help='Name of the endpoint')
    p.add_argument('--scsi-target-num', help='SCSI target number: 0-7', type=int, required=True)
    p.add_argument('--bdev-name', help='Name of the backing block device', type=str, required=True)
    p.set_defaults(func=vfu_virtio_scsi_add_target)

    def vfu_virtio_scsi_remove_target(args):
        args.client.vfu_virtio_scsi_remove_target(
                                                    name=args.name,
                                                    scsi_target_num=args.scsi_target_num)

    p = subparsers.add_parser('vfu_virtio_scsi_remove_target', help='Remove the specified SCSI target of PCI endpoint.')
    p.add_argument('name', help='Name of the endpoint')
    p.add_argument('--scsi-target-num', help='SCSI target number: 0-7', type=int, required=True)
    p.set_defaults(func=vfu_virtio_scsi_remove_target)

    def vfu_virtio_create_scsi_endpoint(args):
        args.client.vfu_virtio_create_scsi_endpoint(
                                                      name=args.name,
                                                      cpumask=args.cpumask,
                                                      num_io_queues=args.num_io_queues,
                                                      qsize=args.qsize,
                                                      packed_ring=args.packed_ring)

    p = subparsers.add_parser('vfu_virtio_create_scsi_endpoint', help='Create virtio-scsi endpoint.')
    p.add_argument('name', help='Name of the endpoint')
    p.add_argument('--cpumask', help="CPU mask for the endpoint's I/O threads")
    p.add_argument('--num-io-queues',
                   help='Number of I/O virtqueues (control + event virtqueues added automatically). Default: 62',
                   type=int)
    p.add_argument('--qsize', help='Number of entries per virtqueue. Default: 128', type=int)
    p.add_argument("--packed-ring", action='store_true', help='Enable packed virtqueue layout. Default: false')
    p.set_defaults(func=vfu_virtio_create_scsi_endpoint)

    def vfu_virtio_create_fs_endpoint(args):
        args.client.vfu_virtio_create_fs_endpoint(
                                                    name=args.name,
                                                    fsdev_name=args.fsdev_name,
                                                    tag=args.tag,
                                                    cpumask=args.cpumask,
                                                    num_queues=args.num_queues,
                                                    qsize=args.qsize,
                                                    packed_ring=args.packed_ring)

    p = subparsers.add_parser('vfu_virtio_create_fs_endpoint', help='Create virtio-fs endpoint.')
    p.add_argument('name', help='Name of the endpoint')
    p.add_argument('--fsdev-name', help='Name of the backing fsdev', type=str, required=True)
    p.add_argument('--tag', help='virtiofs mount tag (per virtio specification)', type=str, required=True)
    p.add_argument('--cpumask', help="CPU mask for the endpoint's I/O threads")
    p.add_argument('--num-queues', help='Number of virtqueues. Default: 64', type=int)
    p.add_argument('--qsize', help='Number of entries per virtqueue. Default: 128', type=int)
    p.add_argument("--packed-ring", action='store_true', help='Enable packed virtqueue layout. Default: false')
    p.set_defaults(func=vfu_virtio_create_fs_endpoint)
