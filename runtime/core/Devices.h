// Devices.h - LOOM_DEVICES=n: the CPU presented as n CUDA devices.
// SPDX-License-Identifier: Apache-2.0
//
// Multi-GPU programs (cudaGetDeviceCount, cudaSetDevice, a buffer per
// device, cudaMemcpyPeer, peer access) run unchanged when the CPU answers as
// n devices. Each device reports 1/n of the memory and of the cores; device
// allocations are charged to the calling thread's current device and fail
// past its share; the current device is per host thread, as in CUDA. All
// devices share one memory (so every pointer is valid on every device) and
// the runtime's one worker pool (docs/tools.md, "Several devices").
// Defined in api/Device.cpp.
#ifndef LOOM_RUNTIME_CORE_DEVICES_H
#define LOOM_RUNTIME_CORE_DEVICES_H

#include "driver_types.h"

#include <cstddef>

namespace loom::devices {

/// Largest LOOM_DEVICES accepted.
constexpr int MaxDevices = 64;

/// LOOM_DEVICES (1 when unset; a value that is not 1..MaxDevices is
/// reported once on stderr and read as 1).
int count();
/// The calling host thread's current device (cudaSetDevice; 0 at first).
int current();
/// cudaSuccess for 0 <= Device < count(), cudaErrorInvalidDevice otherwise.
cudaError_t check(int Device);
/// The memory one device reports and may allocate: the machine's / count().
size_t memoryPerDevice(size_t Total);

/// Device-memory accounting, for count() > 1 (no-ops otherwise).
/// reserve() charges \p Bytes to the current device (its number to
/// \p Device), or refuses them (cudaErrorMemoryAllocation) past the device's
/// share of \p Total; then record() the allocation made, or unreserve() the
/// bytes if it failed.
cudaError_t reserve(size_t Bytes, size_t Total, int *Device);
void record(const void *Ptr, size_t Bytes, int Device);
void unreserve(size_t Bytes, int Device);
/// Returns a recorded allocation's bytes to its device (nothing for others).
void noteFree(const void *Ptr);
/// Bytes allocated on \p Device.
size_t bytesOn(int Device);
/// The device an allocation was made on (0 for memory not charged to one).
int ownerOf(const void *Ptr);

} // namespace loom::devices

#endif // LOOM_RUNTIME_CORE_DEVICES_H
