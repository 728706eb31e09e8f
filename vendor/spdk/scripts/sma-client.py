#!/usr/bin/env python3
#  SPDX-License-Identifier: BSD-3-Clause
#  Copyright (C) 2022 Intel Corporation
#  All rights reserved.
#

import importlib
import json
import logging
import os
import sys
from argparse import ArgumentParser

import google.protobuf.json_format as json_format
import grpc

sys.path.append(os.path.dirname(__file__) + '/../python')

from spdk.sma.proto import sma_pb2, sma_pb2_grpc


class Client:
    def __init__(self, addr, port):
        self._service = sma_pb2.DESCRIPTOR.services_by_name['StorageManagementAgent']
        self.addr = addr
        self.port = port

    def _get_message_type(self, descriptor):
        return getattr(sma_pb2, descriptor.name)

    def _get_method_types(self, method_name):
        method = self._service.methods_by_name.get(method_name)
        return (self._get_message_type(method.input_type),
                self._get_message_type(method.output_type))

    def call(self, method, params):
        with grpc.insecure_channel(f'{self.addr}:{self.port}') as channel:
            stub = sma_pb2_grpc.StorageManagementAgentStub(channel)
            func = getattr(stub, method)
            input_type, _ = self._get_method_types(method)
            response = func(request=json_format.ParseDict(params, input_type()))
            return json_format.MessageToDict(response,
                                             preserving_proto_field_name=True)


def load_plugins(plugins):
    for plugin in plugins:
        logging.debug(f'Loading external plugin: {plugin}')
        module = importlib.import_module(plugin)
        logging.debug(f'Loaded external plugin: {module}')


def parse_argv():
    parser = ArgumentParser(description='Storage Management Agent client')
    parser.add_argument('--address', '-a', default='localhost',
                        help='IP address of SMA instance to connect to')
    parser.add_argument('--port', '-p', default=8080, type=int,
                        help='Port number of SMA instance to connect to')
    return parser.parse_args()


def main(args):
    argv = parse_argv()
    logging.basicConfig(level=os.environ.get('SMA_LOGLEVEL', 'WARNING').upper())
    load_plugins(filter(None, os.environ.get('SMA_PLUGINS', '').split(':')))
    client = Client(argv.address, argv.port)
    request = json.loads(sys.stdin.read())
    result = client.call(request['method'], request.get('params', {}))
    print(json.dumps(result, indent=2))


if __name__ == '__main__':
    main(sys.argv[1:])
