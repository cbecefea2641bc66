/* nvtx3/nvToolsExtCudaRt.h - see ../nvToolsExtCudaRt.h.
 * SPDX-License-Identifier: Apache-2.0 */
#include "../nvToolsExtCudaRt.h"
