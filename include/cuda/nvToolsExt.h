/* nvToolsExt.h - NVTX (v2 include path) for Loom: the v3 header's API.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Older programs include <nvToolsExt.h> and link -lnvToolsExt; the calls are
 * those of nvtx3/nvToolsExt.h (see there: no-ops that keep the documented
 * return values).
 */
#ifndef NVTOOLSEXT_H_
#define NVTOOLSEXT_H_
#include "nvtx3/nvToolsExt.h"
#endif
