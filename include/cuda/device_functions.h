/* device_functions.h - kept for programs that include it; device functions come with cuda_runtime.h.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef LOOM_CUDA_DEVICE_FUNCTIONS_H
#define LOOM_CUDA_DEVICE_FUNCTIONS_H

#include "cuda_runtime.h"

#endif /* LOOM_CUDA_DEVICE_FUNCTIONS_H */
