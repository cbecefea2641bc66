// MemPool.h - memory pools (cudaMemPool_t): what cudaMallocAsync allocates from.
// SPDX-License-Identifier: Apache-2.0
//
// Loom's device memory is host memory and cudaMallocAsync allocates at call
// time (a valid, earlier point in stream order), so a pool caches nothing:
// reserved memory equals used memory, and trimming has nothing to release.
// A pool keeps CUDA's observable state: its properties, attributes (release
// threshold, reuse policies, current/high usage), access descriptors, and
// the allocations made from it, so that usage attributes, maxSize and
// destruction behave as on a GPU.
#ifndef LOOM_RUNTIME_MEMORY_MEMPOOL_H
#define LOOM_RUNTIME_MEMORY_MEMPOOL_H

#include "driver_types.h"

#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "support/ApiError.h"
#include "support/HandleTable.h"

struct CUmemPoolHandle_st {
  cudaMemPoolProps Props{};
  bool Destroyed = false;
  uint64_t ReleaseThreshold = 0;
  int ReuseFollowEventDependencies = 1;
  int ReuseAllowOpportunistic = 1;
  int ReuseAllowInternalDependencies = 1;
  uint64_t Used = 0, UsedHigh = 0;
};

namespace loom {

/// Memory pools; owned by the Runtime.
class MemPoolTable {
public:
  MemPoolTable();

  cudaMemPool_t defaultPool() { return &Default; }
  cudaMemPool_t current();
  cudaError_t setCurrent(cudaMemPool_t Pool);
  cudaMemPool_t create(const cudaMemPoolProps &Props);
  cudaError_t destroy(cudaMemPool_t Pool);
  /// Whether \p Pool is a live pool; runs \p Fn(pool) under the table's lock.
  template <typename Fn> cudaError_t withPool(cudaMemPool_t Pool, Fn F) {
    std::lock_guard<std::mutex> Lock(M);
    if (!isLiveLocked(Pool))
      return failWith(cudaErrorInvalidValue, "pool %p is not a live memory pool",
                      static_cast<void *>(Pool));
    return F(*Pool);
  }
  /// Records \p Size bytes at \p Ptr as allocated from \p Pool, if its
  /// maxSize allows (else cudaErrorMemoryAllocation, nothing recorded).
  cudaError_t reserve(cudaMemPool_t Pool, size_t Size);
  void unreserve(cudaMemPool_t Pool, size_t Size);
  void noteAllocation(cudaMemPool_t Pool, void *Ptr, size_t Size);
  /// An allocation was freed: if it came from a pool, update that pool.
  void noteFree(void *Ptr);
  /// cudaDeviceReset: every allocation is gone; user pools are destroyed.
  void reset();

private:
  bool isLiveLocked(cudaMemPool_t Pool) const {
    return Pool == &Default || (Pools.contains(Pool) && !Pool->Destroyed);
  }
  void releaseIfDoneLocked(cudaMemPool_t Pool);

  std::mutex M;
  CUmemPoolHandle_st Default;
  cudaMemPool_t Current = &Default;
  HandleSet<CUmemPoolHandle_st> Pools; ///< user pools, destroyed ones until drained
  std::unordered_map<void *, std::pair<cudaMemPool_t, size_t>> Live;
};

} // namespace loom

#endif
