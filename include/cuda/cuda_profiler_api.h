/* cuda_profiler_api.h - profiler control. Loom has no profiler to start or
 * stop: the calls succeed and do nothing, so programs that bracket their
 * timed region with them run unchanged.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef LOOM_CUDA_PROFILER_API_H
#define LOOM_CUDA_PROFILER_API_H
/* The toolkit header's guard: programs test it. */
#define __CUDA_PROFILER_API_H__

#include "driver_types.h"

#ifdef __cplusplus
extern "C" {
#endif
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
#ifdef __cplusplus
}
#endif

#endif
