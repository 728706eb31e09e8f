/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (C) IBM Corporation 2024
 */

#include "eal_private.h"

bool
eal_mmu_supported(void)
{
	return true;
}
