/*   SPDX-License-Identifier: BSD-3-Clause
 *   Copyright (C) 2022 Intel Corporation.
 *   All rights reserved.
 */

#ifndef FTL_FTL_UTILS_H
#define FTL_FTL_UTILS_H

#include "utils/ftl_defs.h"
#include "utils/ftl_mempool.h"
#include "utils/ftl_conf.h"
#include "utils/ftl_md.h"
#include "utils/ftl_property.h"

#endif /* FTL_FTL_UTILS_H */
