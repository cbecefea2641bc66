// Allocator.h - device, pinned, managed and registered host memory: all host memory, tracked by range.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_MEMORY_ALLOCATOR_H
#define LOOM_RUNTIME_MEMORY_ALLOCATOR_H

#include "driver_types.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <shared_mutex>

namespace loom {

enum class AllocKind {
  Device,     ///< cudaMalloc, cudaMallocPitch, cudaMallocAsync
  Host,       ///< cudaMallocHost, cudaHostAlloc
  Managed,    ///< cudaMallocManaged
  Registered, ///< cudaHostRegister (not owned)
  Symbol,     ///< a __device__/__constant__ variable whose address the program took
              ///< (cudaGetSymbolAddress; not owned, never freed)
};

/// Where a byte range lies relative to the tracked allocations.
enum class RangeStatus {
  Inside,    ///< wholly inside one tracked range
  Untracked, ///< touches no tracked range (pageable host memory, or garbage)
  Invalid,   ///< runs past the end of a tracked range, into one, or wraps around
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
  /// The allocation whose first or last byte is nearest to \p Ptr, if any
  /// (memcheck's "nearest allocation").
  bool nearest(const void *Ptr, Allocation *Out);
  /// The most recent of the last FreedKept freed allocations that contained
  /// \p Ptr (memcheck's use after free), if any.
  bool findFreed(const void *Ptr, Allocation *Out);
  static constexpr unsigned FreedKept = 256;
  /// Classifies [Ptr, Ptr + Bytes) (Bytes > 0): one O(log n) lookup under a
  /// shared lock, or none when the calling thread's small cache of recent
  /// answers still holds (no range was added or removed since: Generation).
  /// On Inside, \p Kind (if not null) gets the range's kind.
  RangeStatus classify(const void *Ptr, size_t Bytes, AllocKind *Kind = nullptr);
  /// Tracks a device variable's storage (idempotent; kept across releaseAll).
  void noteSymbol(void *Ptr, size_t Size);
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
  /// Writers (allocate, free, register) take it exclusively; range checks
  /// and lookups, the per-copy path, share it.
  std::shared_mutex M;
  std::map<uintptr_t, Allocation> Allocations; ///< by base address, non-overlapping
  /// Bumped (under the exclusive lock) by every change of Allocations, in
  /// any Allocator (so that a new one at a dead one's address cannot match
  /// its entries): classify's per-thread cache entries are valid while it
  /// is unchanged.
  static std::atomic<uint64_t> Generation;
  size_t InUse = 0;
  /// The last FreedKept freed allocations, a ring (under M).
  Allocation Freed[FreedKept] = {};
  unsigned FreedNext = 0;
};

} // namespace loom

#endif // LOOM_RUNTIME_MEMORY_ALLOCATOR_H
