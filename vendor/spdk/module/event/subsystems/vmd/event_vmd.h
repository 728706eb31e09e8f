/*   SPDX-License-Identifier: BSD-3-Clause
 *   Copyright (C) 2018 Intel Corporation.
 *   All rights reserved.
 */

#ifndef EVENT_VMD_H
#define EVENT_VMD_H

void vmd_subsystem_enable(void);
bool vmd_subsystem_is_enabled(void);

#endif
