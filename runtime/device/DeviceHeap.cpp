// DeviceHeap.cpp - malloc/free and cudaMalloc/cudaFree called by kernels: the device heap.
// SPDX-License-Identifier: Apache-2.0
//
// CUDA gives kernels a heap of cudaLimitMallocHeapSize bytes (8 MiB by
// default); malloc returns NULL once it is exhausted. Loom allocates from
// the C heap and counts the live bytes against the limit, so programs see
// the same exhaustion (and the same limit changes) as on a GPU. The 16 bytes
// before each user pointer hold its size and its offset from the start of
// the C block; user pointers stay 16-byte aligned as CUDA's are, or aligned
// as asked (device `new` of over-aligned types). Device operator new/delete
// come here too (DeviceRuntimeCalls); like CUDA's, a failed new returns null. Device-side cudaMalloc/cudaFree (dynamic
// parallelism) use the same heap, as in CUDA; unlike the host's cudaFree
// they never synchronize.
#include "loom/KernelABI.h"

#include "core/Runtime.h"
#include "support/ApiError.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace loom {
/// Memcheck builds' record of device-heap blocks (device/MemCheck.cpp).
void noteDeviceHeapBlock(const void *Ptr, size_t Size, bool Live);
} // namespace loom

namespace {

constexpr size_t HeaderBytes = 16;
std::atomic<size_t> LiveBytes{0};

} // namespace

extern "C" {

void *__loom_device_malloc_aligned(size_t Size, size_t Align) {
  if (Align < HeaderBytes)
    Align = HeaderBytes;
  if (Align & (Align - 1))
    return nullptr; // not a power of two: C++ makes that undefined; refuse it
  size_t Limit = 0;
  loom::Runtime &R = loom::Runtime::get();
  if (!R.DeviceHeapFixed.load(std::memory_order_relaxed))
    R.DeviceHeapFixed.store(true, std::memory_order_relaxed);
  R.getLimit(cudaLimitMallocHeapSize, &Limit);
  // The header fits in front of the user pointer: Align >= 16 bytes of room.
  size_t Charged = Size + Align;
  if (Size > Limit || Charged < Size ||
      LiveBytes.fetch_add(Charged, std::memory_order_relaxed) + Charged > Limit) {
    if (Size <= Limit && Charged >= Size)
      LiveBytes.fetch_sub(Charged, std::memory_order_relaxed);
    return nullptr;
  }
  void *Block = std::aligned_alloc(Align, (Charged + Align - 1) / Align * Align);
  if (!Block) {
    LiveBytes.fetch_sub(Charged, std::memory_order_relaxed);
    return nullptr;
  }
  unsigned char *User = static_cast<unsigned char *>(Block) + Align;
  size_t Header[2] = {Size, Align};
  std::memcpy(User - HeaderBytes, Header, sizeof Header);
  loom::noteDeviceHeapBlock(User, Size, true); // memcheck builds (device/MemCheck.cpp)
  return User;
}

void *__loom_device_malloc(size_t Size) { return __loom_device_malloc_aligned(Size, HeaderBytes); }

void __loom_device_free(void *Ptr) {
  if (!Ptr)
    return;
  unsigned char *User = static_cast<unsigned char *>(Ptr);
  size_t Header[2];
  std::memcpy(Header, User - HeaderBytes, sizeof Header);
  LiveBytes.fetch_sub(Header[0] + Header[1], std::memory_order_relaxed);
  loom::noteDeviceHeapBlock(User, Header[0], false);
  std::free(User - Header[1]);
}

int __loom_device_cuda_malloc(void **Ptr, size_t Size) {
  if (!Ptr)
    return loom::failWith(cudaErrorInvalidValue,
                          "device-side malloc result pointer is null (size %zu)", Size);
  *Ptr = __loom_device_malloc(Size);
  if (*Ptr || Size == 0)
    return cudaSuccess;
  return loom::failWith(cudaErrorMemoryAllocation,
                        "device-side malloc of %zu bytes failed: the device heap "
                        "(cudaLimitMallocHeapSize) is exhausted", Size);
}

int __loom_device_cuda_free(void *Ptr) {
  __loom_device_free(Ptr);
  return cudaSuccess;
}

} // extern "C"
