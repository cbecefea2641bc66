// LaunchChecks.h - launch configuration checks shared by host and device-side launches.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_API_LAUNCHCHECKS_H
#define LOOM_RUNTIME_API_LAUNCHCHECKS_H

#include "core/DeviceInfo.h"
#include "support/ApiError.h"
#include "loom/KernelABI.h"
#include "vector_types.h"

namespace loom {

/// cudaErrorInvalidConfiguration for grid or block dimensions CUDA rejects.
/// \p MaxGridYZ: the limit along y and z (OpenCL's launches have none but
/// 32 bits: __loomLaunchKernelLargeGrid).
inline cudaError_t validateLaunchDims(dim3 Grid, dim3 Block,
                                      uint32_t MaxGridYZ = limits::MaxGridDimY) {
  if (Block.x == 0 || Block.y == 0 || Block.z == 0 || Block.x > limits::MaxBlockDimX ||
      Block.y > limits::MaxBlockDimY || Block.z > limits::MaxBlockDimZ ||
      uint64_t(Block.x) * Block.y * Block.z > limits::MaxThreadsPerBlock)
    return failWith(cudaErrorInvalidConfiguration,
                    "block (%u, %u, %u): each dimension 1..(%u, %u, %u), at most %u threads",
                    Block.x, Block.y, Block.z, limits::MaxBlockDimX, limits::MaxBlockDimY,
                    limits::MaxBlockDimZ, limits::MaxThreadsPerBlock);
  static_assert(limits::MaxGridDimY == limits::MaxGridDimZ, "one limit for y and z");
  if (Grid.x == 0 || Grid.y == 0 || Grid.z == 0 || Grid.x > limits::MaxGridDimX ||
      Grid.y > MaxGridYZ || Grid.z > MaxGridYZ)
    return failWith(cudaErrorInvalidConfiguration,
                    "grid (%u, %u, %u): each dimension 1..(%llu, %u, %u)", Grid.x, Grid.y, Grid.z,
                    (unsigned long long)limits::MaxGridDimX, MaxGridYZ, MaxGridYZ);
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
  uint64_t Threads = uint64_t(Block.x) * Block.y * Block.z;
  if (Threads <= maxThreadsOf(Kernel))
    return cudaSuccess;
  return failWith(cudaErrorLaunchOutOfResources,
                  "kernel '%s': a block of %llu threads, more than its __launch_bounds__ (%u)",
                  Kernel.name ? Kernel.name : "?", (unsigned long long)Threads,
                  maxThreadsOf(Kernel));
}

} // namespace loom

#endif
