/*   SPDX-License-Identifier: BSD-3-Clause
 *   Copyright (C) 2018 Intel Corporation.
 *   All rights reserved.
 */

#ifndef __OCF_ENV_HEADERS_H__
#define __OCF_ENV_HEADERS_H__

#include "spdk/stdinc.h"

#define OCF_VERSION_MAIN 20
#define OCF_VERSION_MAJOR 3
#define OCF_VERSION_MINOR 0

#endif /* __OCF_ENV_HEADERS_H__ */
