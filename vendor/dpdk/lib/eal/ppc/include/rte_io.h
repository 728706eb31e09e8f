/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright(c) 2016 Cavium, Inc
 */

#ifndef _RTE_IO_PPC_64_H_
#define _RTE_IO_PPC_64_H_

#include "generic/rte_io.h"

#endif /* _RTE_IO_PPC_64_H_ */
