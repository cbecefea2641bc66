// LaunchChecks.h - launch configuration checks shared by host and device-side launches.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_API_LAUNCHCHECKS_H
#define LOOM_RUNTIME_API_LAUNCHCHECKS_H

#include "core/DeviceInfo.h"
#include "loom/KernelABI.h"
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

/// The most threads a block of \p Kernel may have: its __launch_bounds__, or
/// the device's limit.
inline uint32_t maxThreadsOf(const LoomKernelDesc &Kernel) {
  return Kernel.maxThreadsPerBlock && Kernel.maxThreadsPerBlock < limits::MaxThreadsPerBlock
             ? Kernel.maxThreadsPerBlock
             : uint32_t(limits::MaxThreadsPerBlock);
}

/// A block larger than the kernel's __launch_bounds__ is refused, as CUDA
/// does ("too many resources requested for launch"): the compiler may have
/// relied on the bound.
inline cudaError_t checkLaunchBounds(const LoomKernelDesc &Kernel, dim3 Block) {
  return uint64_t(Block.x) * Block.y * Block.z > maxThreadsOf(Kernel)
             ? cudaErrorLaunchOutOfResources
             : cudaSuccess;
}

} // namespace loom

#endif
