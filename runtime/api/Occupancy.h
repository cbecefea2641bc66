// Occupancy.h - Loom's residency model, shared by the occupancy queries and cooperative launches.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_API_OCCUPANCY_H
#define LOOM_RUNTIME_API_OCCUPANCY_H

#include <cstddef>

namespace loom {

struct KernelInfo;

/// Blocks of \p BlockSize threads (1..1024) with \p DynamicShared bytes that
/// are resident on one multiprocessor: min(2048 / blockSize, 32,
/// sharedMemPerMultiprocessor / (static + dynamic shared)).
/// cudaOccupancyMaxActiveBlocksPerMultiprocessor reports it, and
/// cudaLaunchCooperativeKernel accepts at most that many times
/// multiProcessorCount blocks.
int residentBlocksPerMultiprocessor(const KernelInfo &Kernel, int BlockSize,
                                    size_t DynamicShared);

} // namespace loom

#endif // LOOM_RUNTIME_API_OCCUPANCY_H
