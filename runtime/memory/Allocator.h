// Allocator.h - device, pinned, managed and registered host memory: all host memory, tracked by range.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_MEMORY_ALLOCATOR_H
#define LOOM_RUNTIME_MEMORY_ALLOCATOR_H

#include "driver_types.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>

namespace loom {

enum class AllocKind {
  Device,     ///< cudaMalloc, cudaMallocPitch, cudaMallocAsync
  Host,       ///< cudaMallocHost, cudaHostAlloc
  Managed,    ///< cudaMallocManaged
  Registered, ///< cudaHostRegister (not owned)
};

struct Allocation {
  uintptr_t Base;
  size_t Size;
  AllocKind Kind;
  unsigned Flags;
};

class Allocator {
public:
  /// Alignment of every allocation (cudaMalloc guarantees 256 bytes).
  static constexpr size_t Alignment = 256;
  /// Allocations of at least this size are aligned to it and advised to use
  /// transparent huge pages.
  static constexpr size_t HugePageBytes = size_t(2) << 20;

  /// \p Limit is the largest single allocation allowed (physical memory).
  /// \p HugePages false: no huge-page alignment or advice (LOOM_HUGE_PAGES=0).
  explicit Allocator(size_t Limit, bool HugePages = true) : Limit(Limit), HugePages(HugePages) {}
  ~Allocator();

  /// Allocates \p Size bytes; size 0 gives cudaSuccess and null, like CUDA.
  cudaError_t allocate(size_t Size, AllocKind Kind, unsigned Flags, void **Out);
  /// Frees an allocation of one of \p Kinds (a bit set of 1 << AllocKind)
  /// starting exactly at \p Ptr; cudaErrorInvalidValue otherwise.
  cudaError_t release(void *Ptr, unsigned Kinds);
  cudaError_t registerHost(void *Ptr, size_t Size, unsigned Flags);
  cudaError_t unregisterHost(void *Ptr);
  /// The allocation containing \p Ptr, if any.
  bool find(const void *Ptr, Allocation *Out);
  /// Frees every owned allocation and forgets registrations (cudaDeviceReset).
  void releaseAll();
  size_t bytesInUse();

  static unsigned bit(AllocKind Kind) { return 1u << static_cast<unsigned>(Kind); }

private:
  /// Bytes actually reserved for \p Size (what bytesInUse counts).
  size_t roundedSize(size_t Size) const;
  bool huge(size_t Size) const { return HugePages && Size >= HugePageBytes; }

  size_t Limit;
  bool HugePages;
  std::mutex M;
  std::map<uintptr_t, Allocation> Allocations; ///< by base address
  size_t InUse = 0;
};

} // namespace loom

#endif // LOOM_RUNTIME_MEMORY_ALLOCATOR_H
