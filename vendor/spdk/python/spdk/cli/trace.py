#  SPDX-License-Identifier: BSD-3-Clause
#  Copyright (C) 2016 Intel Corporation
#  All rights reserved.
#  Copyright (c) 2022 Dell Inc, or its subsidiaries.
#  Copyright (c) 2022-2024 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#

from functools import partial

from spdk.rpc.cmd_parser import print_dict


def add_parser(subparsers):

    def trace_enable_tpoint_group(args):
        args.client.trace_enable_tpoint_group(name=args.name)

    p = subparsers.add_parser('trace_enable_tpoint_group',
                              help='enable trace on a specific tpoint group')
    p.add_argument(
        'name', help='Name of a registered trace group, or "all" to enable every group')
    p.set_defaults(func=trace_enable_tpoint_group)

    def trace_disable_tpoint_group(args):
        args.client.trace_disable_tpoint_group(name=args.name)

    p = subparsers.add_parser('trace_disable_tpoint_group',
                              help='disable trace on a specific tpoint group')
    p.add_argument(
        'name', help='Name of a registered trace group, or "all" to disable every group')
    p.set_defaults(func=trace_disable_tpoint_group)

    def trace_set_tpoint_mask(args):
        args.client.trace_set_tpoint_mask(name=args.name, tpoint_mask=args.tpoint_mask)

    p = subparsers.add_parser('trace_set_tpoint_mask',
                              help='enable tracepoint mask on a specific tpoint group')
    p.add_argument(
        'name', help='Name of a registered trace group (e.g. "bdev", "nvmf_rdma", "nvmf_tcp")')
    p.add_argument(
        'tpoint_mask',
        help='Bitmask of tracepoints to enable within the group (e.g. 0x3 enables the first two)',
        type=partial(int, base=16))
    p.set_defaults(func=trace_set_tpoint_mask)

    def trace_clear_tpoint_mask(args):
        args.client.trace_clear_tpoint_mask(name=args.name, tpoint_mask=args.tpoint_mask)

    p = subparsers.add_parser('trace_clear_tpoint_mask',
                              help='disable tracepoint mask on a specific tpoint group')
    p.add_argument(
        'name', help='Name of a registered trace group (e.g. "bdev", "nvmf_rdma", "nvmf_tcp")')
    p.add_argument(
        'tpoint_mask',
        help='Bitmask of tracepoints to disable within the group (e.g. 0x3 disables the first two)',
        type=partial(int, base=16))
    p.set_defaults(func=trace_clear_tpoint_mask)

    def trace_get_tpoint_group_mask(args):
        print_dict(args.client.trace_get_tpoint_group_mask())

    p = subparsers.add_parser('trace_get_tpoint_group_mask', help='get trace point group mask')
    p.set_defaults(func=trace_get_tpoint_group_mask)

    def trace_clear(args):
        args.client.trace_clear()

    p = subparsers.add_parser('trace_clear',
                              help='clear trace history so subsequent reads only see new entries')
    p.set_defaults(func=trace_clear)

    def trace_get_info(args):
        print_dict(args.client.trace_get_info())

    p = subparsers.add_parser('trace_get_info',
                              help='get name of shared memory file and list of the available trace point groups')
    p.set_defaults(func=trace_get_info)
