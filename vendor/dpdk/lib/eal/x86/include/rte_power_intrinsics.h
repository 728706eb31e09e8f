/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright(c) 2020 Intel Corporation
 */

#ifndef _RTE_POWER_INTRINSIC_X86_H_
#define _RTE_POWER_INTRINSIC_X86_H_

#include <rte_common.h>

#include "generic/rte_power_intrinsics.h"

#endif /* _RTE_POWER_INTRINSIC_X86_H_ */
