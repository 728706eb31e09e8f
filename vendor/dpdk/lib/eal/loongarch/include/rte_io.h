/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright(c) 2022 Loongson Technology Corporation Limited
 */

#ifndef RTE_IO_LOONGARCH_H
#define RTE_IO_LOONGARCH_H

#include "generic/rte_io.h"

#endif /* RTE_IO_LOONGARCH_H */
