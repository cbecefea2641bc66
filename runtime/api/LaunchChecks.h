// LaunchChecks.h - launch configuration checks shared by host and device-side launches.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_API_LAUNCHCHECKS_H
#define LOOM_RUNTIME_API_LAUNCHCHECKS_H

#include "core/DeviceInfo.h"
#include "vector_types.h"

namespace loom {

/// cudaErrorInvalidConfiguration for grid or block dimensions CUDA rejects.
inline cudaError_t validateLaunchDims(dim3 Grid, dim3 Block) {
  if (Block.x == 0 || Block.y == 0 || Block.z == 0 || Block.x > limits::MaxBlockDimX ||
      Block.y > limits::MaxBlockDimY || Block.z > limits::MaxBlockDimZ ||
      uint64_t(Block.x) * Block.y * Block.z > limits::MaxThreadsPerBlock)
    return cudaErrorInvalidConfiguration;
  if (Grid.x == 0 || Grid.y == 0 || Grid.z == 0 || Grid.x > limits::MaxGridDimX ||
      Grid.y > limits::MaxGridDimY || Grid.z > limits::MaxGridDimZ)
    return cudaErrorInvalidConfiguration;
  return cudaSuccess;
}

} // namespace loom

#endif
