/* builtin_types.h - CUDA's umbrella for the built-in types (driver and vector types).
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef LOOM_CUDA_BUILTIN_TYPES_H
#define LOOM_CUDA_BUILTIN_TYPES_H

#include "driver_types.h"
#include "vector_types.h"

#endif /* LOOM_CUDA_BUILTIN_TYPES_H */
