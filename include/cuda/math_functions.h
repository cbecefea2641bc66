/* math_functions.h - kept for programs that include it; device math comes with cuda_runtime.h.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef LOOM_CUDA_MATH_FUNCTIONS_H
#define LOOM_CUDA_MATH_FUNCTIONS_H

#include "cuda_runtime.h"

#endif /* LOOM_CUDA_MATH_FUNCTIONS_H */
