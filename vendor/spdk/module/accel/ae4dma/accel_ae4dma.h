/*   SPDX-License-Identifier: BSD-3-Clause
 *   Copyright (C) 2024 Advanced Micro Devices, Inc.
 *   All rights reserved.
 */

#ifndef SPDK_ACCEL_MODULE_AE4DMA_H
#define SPDK_ACCEL_MODULE_AE4DMA_H

#include "spdk/stdinc.h"

void accel_ae4dma_enable_probe(void);

#endif /* SPDK_ACCEL_MODULE_AE4DMA_H */
