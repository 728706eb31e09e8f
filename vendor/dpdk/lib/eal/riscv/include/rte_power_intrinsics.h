/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright(c) 2022 StarFive
 * Copyright(c) 2022 SiFive
 * Copyright(c) 2022 Semihalf
 */

#ifndef RTE_POWER_INTRINSIC_RISCV_H
#define RTE_POWER_INTRINSIC_RISCV_H

#include <rte_common.h>

#include "generic/rte_power_intrinsics.h"

#endif /* RTE_POWER_INTRINSIC_RISCV_H */
