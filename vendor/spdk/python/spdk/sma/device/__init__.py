#  SPDX-License-Identifier: BSD-3-Clause
#  Copyright (C) 2022 Intel Corporation.
#  All rights reserved.

from .device import DeviceException
from .device import DeviceManager
from .nvmf_tcp import NvmfTcpDeviceManager
from .vhost_blk import VhostBlkDeviceManager
from .nvmf_vfiouser import NvmfVfioDeviceManager
