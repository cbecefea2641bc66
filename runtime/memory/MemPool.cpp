// MemPool.cpp - memory pools: properties, attributes and usage accounting.
// SPDX-License-Identifier: Apache-2.0
#include "memory/MemPool.h"

namespace loom {

MemPoolTable::MemPoolTable() {
  Default.Props.allocType = cudaMemAllocationTypePinned;
  Default.Props.location = {cudaMemLocationTypeDevice, 0};
}

cudaMemPool_t MemPoolTable::current() {
  std::lock_guard<std::mutex> Lock(M);
  return Current;
}

cudaError_t MemPoolTable::setCurrent(cudaMemPool_t Pool) {
  std::lock_guard<std::mutex> Lock(M);
  if (!isLiveLocked(Pool))
    return failWith(cudaErrorInvalidValue, "pool %p is not a live memory pool",
                    static_cast<void *>(Pool));
  Current = Pool;
  return cudaSuccess;
}

cudaMemPool_t MemPoolTable::create(const cudaMemPoolProps &Props) {
  auto Pool = std::make_unique<CUmemPoolHandle_st>();
  Pool->Props = Props;
  std::lock_guard<std::mutex> Lock(M);
  return Pools.insert(std::move(Pool));
}

cudaError_t MemPoolTable::destroy(cudaMemPool_t Pool) {
  std::lock_guard<std::mutex> Lock(M);
  if (Pool == &Default || !isLiveLocked(Pool))
    return failWith(cudaErrorInvalidValue, "pool %p is the default pool or not a live memory pool",
                    static_cast<void *>(Pool));
  // CUDA releases a pool once its outstanding allocations are freed.
  Pool->Destroyed = true;
  if (Current == Pool)
    Current = &Default;
  releaseIfDoneLocked(Pool);
  return cudaSuccess;
}

void MemPoolTable::releaseIfDoneLocked(cudaMemPool_t Pool) {
  if (Pool != &Default && Pool->Destroyed && Pool->Used == 0)
    Pools.release(Pools.take(Pool));
}

cudaError_t MemPoolTable::reserve(cudaMemPool_t Pool, size_t Size) {
  std::lock_guard<std::mutex> Lock(M);
  if (!isLiveLocked(Pool))
    return failWith(cudaErrorInvalidValue, "pool %p is not a live memory pool",
                    static_cast<void *>(Pool));
  if (Pool->Props.maxSize && Pool->Used + Size > Pool->Props.maxSize)
    return failWith(cudaErrorMemoryAllocation,
                    "%zu bytes would exceed pool %p's maxSize %zu (%zu in use)", Size,
                    static_cast<void *>(Pool), Pool->Props.maxSize, size_t(Pool->Used));
  Pool->Used += Size;
  if (Pool->Used > Pool->UsedHigh)
    Pool->UsedHigh = Pool->Used;
  return cudaSuccess;
}

void MemPoolTable::unreserve(cudaMemPool_t Pool, size_t Size) {
  std::lock_guard<std::mutex> Lock(M);
  Pool->Used -= Size;
  releaseIfDoneLocked(Pool);
}

void MemPoolTable::noteAllocation(cudaMemPool_t Pool, void *Ptr, size_t Size) {
  std::lock_guard<std::mutex> Lock(M);
  Live[Ptr] = {Pool, Size};
}

void MemPoolTable::noteFree(void *Ptr) {
  std::lock_guard<std::mutex> Lock(M);
  auto It = Live.find(Ptr);
  if (It == Live.end())
    return;
  auto [Pool, Size] = It->second;
  Live.erase(It);
  Pool->Used -= Size;
  releaseIfDoneLocked(Pool);
}

void MemPoolTable::reset() {
  std::lock_guard<std::mutex> Lock(M);
  Live.clear();
  Pools.takeAll(); // destroys every user pool
  Default.Used = Default.UsedHigh = 0;
  Default.ReleaseThreshold = 0;
  Default.ReuseFollowEventDependencies = Default.ReuseAllowOpportunistic =
      Default.ReuseAllowInternalDependencies = 1;
  Current = &Default;
}

} // namespace loom
