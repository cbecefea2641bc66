/* device_launch_parameters.h - kept for programs that include it; threadIdx and friends come with cuda_runtime.h.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef LOOM_CUDA_DEVICE_LAUNCH_PARAMETERS_H
#define LOOM_CUDA_DEVICE_LAUNCH_PARAMETERS_H
/* The toolkit header's guard: programs test it (e.g. helper_cuda.h). */
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include "cuda_runtime.h"

#endif /* LOOM_CUDA_DEVICE_LAUNCH_PARAMETERS_H */
