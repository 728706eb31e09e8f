/*   SPDX-License-Identifier: BSD-3-Clause
 *   Copyright (C) 2022 Intel Corporation.
 *   All rights reserved.
 */

#ifndef SPDK_ACCEL_ENGINE_DSA_H
#define SPDK_ACCEL_ENGINE_DSA_H

#include "spdk/stdinc.h"

int accel_dsa_enable_probe(bool kernel_mode);

#endif /* SPDK_ACCEL_ENGINE_DSA_H */
