/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright(C) 2024 Ericsson AB.
 */

#ifndef EAL_LCORE_VAR_H
#define EAL_LCORE_VAR_H

void
eal_lcore_var_cleanup(void);

#endif
