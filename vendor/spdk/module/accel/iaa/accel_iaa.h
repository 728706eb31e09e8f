/*   SPDX-License-Identifier: BSD-3-Clause
 *   Copyright (C) 2022 Intel Corporation.
 *   All rights reserved.
 */

#ifndef SPDK_ACCEL_MODULE_IAA_H
#define SPDK_ACCEL_MODULE_IAA_H

#include "spdk/stdinc.h"

int accel_iaa_enable_probe(void);

#endif /* SPDK_ACCEL_MODULE_IAA_H */
