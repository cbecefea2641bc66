// DeviceInfo.h - the one Loom device (the host CPU) described as cudaDeviceProp, plus launch limits.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_CORE_DEVICEINFO_H
#define LOOM_RUNTIME_CORE_DEVICEINFO_H

#include "driver_types.h"

#include <cstddef>
#include <cstdint>

namespace loom {

/// Launch limits, identical to CUDA's for compute capability 7.x/8.x, except
/// the opt-in shared memory, which is a CPU-friendly 256 KiB.
namespace limits {
constexpr unsigned MaxThreadsPerBlock = 1024;
constexpr unsigned MaxBlockDimX = 1024, MaxBlockDimY = 1024, MaxBlockDimZ = 64;
constexpr uint64_t MaxGridDimX = 2147483647u;
constexpr unsigned MaxGridDimY = 65535, MaxGridDimZ = 65535;
constexpr size_t SharedMemPerBlock = 48 * 1024;
/// cudaDeviceGetStreamPriorityRange (lower is more urgent), as on recent GPUs.
constexpr int LeastStreamPriority = 0, GreatestStreamPriority = -5;
constexpr size_t SharedMemPerBlockOptin = 256 * 1024;
constexpr size_t SharedMemPerMultiprocessor = 256 * 1024;
constexpr int MaxThreadsPerMultiProcessor = 2048;
constexpr int MaxBlocksPerMultiProcessor = 32;
constexpr int WarpSize = 32;
constexpr int ComputeMajor = 8, ComputeMinor = 0; // loomcc compiles for sm_80
} // namespace limits

/// Properties of the host, read once from /proc and sysconf.
struct HostFacts {
  char CpuModel[200];
  int ClockKHz;
  unsigned HardwareThreads;
  size_t PhysicalBytes;
  int L2Bytes;
};

HostFacts readHostFacts();
/// Bytes the OS reports as available (MemAvailable), or 0 if unknown.
size_t availableHostBytes();

/// Fills \p Prop for the host described by \p Facts.
void fillDeviceProperties(const HostFacts &Facts, cudaDeviceProp *Prop);

/// cudaDeviceGetAttribute for \p Prop; false if \p Attr is unknown.
bool deviceAttribute(const cudaDeviceProp &Prop, cudaDeviceAttr Attr, int *Value);

} // namespace loom

#endif // LOOM_RUNTIME_CORE_DEVICEINFO_H
