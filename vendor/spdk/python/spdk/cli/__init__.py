# SPDX-License-Identifier: BSD-3-Clause
# Copyright (C) 2025 Dell Inc, or its subsidiaries.  All rights reserved.

from . import accel as accel
from . import app as app
from . import bdev as bdev
from . import fsdev as fsdev
from . import iobuf as iobuf
from . import iscsi as iscsi
from . import keyring as keyring
from . import log as log
from . import lvol as lvol
from . import misc as misc
from . import nbd as nbd
from . import notify as notify
from . import nvmf as nvmf
from . import sock as sock
from . import trace as trace
from . import ublk as ublk
from . import vfio_user as vfio_user
from . import vhost as vhost
from . import vmd as vmd
