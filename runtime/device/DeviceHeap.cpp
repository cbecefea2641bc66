// DeviceHeap.cpp - malloc/free and cudaMalloc/cudaFree called by kernels: the device heap.
// SPDX-License-Identifier: Apache-2.0
//
// CUDA gives kernels a heap of cudaLimitMallocHeapSize bytes (8 MiB by
// default); malloc returns NULL once it is exhausted. Loom allocates from
// the C heap and counts the live bytes against the limit, so programs see
// the same exhaustion (and the same limit changes) as on a GPU. Each block
// starts with a 16-byte header holding its size; user pointers stay 16-byte
// aligned as CUDA's are. Device-side cudaMalloc/cudaFree (dynamic
// parallelism) use the same heap, as in CUDA; unlike the host's cudaFree
// they never synchronize.
#include "loom/KernelABI.h"

#include "core/Runtime.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace {

constexpr size_t HeaderBytes = 16;
std::atomic<size_t> LiveBytes{0};

} // namespace

extern "C" {

void *__loom_device_malloc(size_t Size) {
  size_t Limit = 0;
  loom::Runtime::get().getLimit(cudaLimitMallocHeapSize, &Limit);
  size_t Charged = Size + HeaderBytes;
  if (Size > Limit || LiveBytes.fetch_add(Charged, std::memory_order_relaxed) + Charged > Limit) {
    if (Size <= Limit)
      LiveBytes.fetch_sub(Charged, std::memory_order_relaxed);
    return nullptr;
  }
  void *Block = std::aligned_alloc(HeaderBytes, (Charged + HeaderBytes - 1) / HeaderBytes * HeaderBytes);
  if (!Block) {
    LiveBytes.fetch_sub(Charged, std::memory_order_relaxed);
    return nullptr;
  }
  std::memcpy(Block, &Size, sizeof Size);
  return static_cast<unsigned char *>(Block) + HeaderBytes;
}

void __loom_device_free(void *Ptr) {
  if (!Ptr)
    return;
  void *Block = static_cast<unsigned char *>(Ptr) - HeaderBytes;
  size_t Size;
  std::memcpy(&Size, Block, sizeof Size);
  LiveBytes.fetch_sub(Size + HeaderBytes, std::memory_order_relaxed);
  std::free(Block);
}

int __loom_device_cuda_malloc(void **Ptr, size_t Size) {
  if (!Ptr)
    return cudaErrorInvalidValue;
  *Ptr = __loom_device_malloc(Size);
  return *Ptr || Size == 0 ? cudaSuccess : cudaErrorMemoryAllocation;
}

int __loom_device_cuda_free(void *Ptr) {
  __loom_device_free(Ptr);
  return cudaSuccess;
}

} // extern "C"
