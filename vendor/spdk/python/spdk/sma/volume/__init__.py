#  SPDX-License-Identifier: BSD-3-Clause
#  Copyright (C) 2022 Intel Corporation.
#  All rights reserved.

from .volume import VolumeException
from .volume import VolumeManager
from .crypto import CryptoEngine
from .crypto import CryptoException
from .crypto import set_crypto_engine
from .crypto import get_crypto_engine
from .crypto import register_crypto_engine
