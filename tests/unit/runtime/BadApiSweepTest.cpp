// BadApiSweepTest.cpp - about a hundred invalid runtime-API calls (freed,
// garbage, short and null pointers, SIZE_MAX counts, bad kinds, pitches,
// flags, streams, events and symbols): each returns the code CUDA documents,
// none crashes, none reads or writes memory it must not (issue #16). A few
// valid calls on the edges (a copy that ends exactly at the end of an
// allocation) keep the checks honest.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"

#include "cuda_runtime_api.h"
#include "driver_functions.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

int Calls = 0;

cudaPitchedPtr pitched(void *Ptr, size_t Pitch, size_t XSize, size_t YSize) {
  cudaPitchedPtr P;
  P.ptr = Ptr;
  P.pitch = Pitch;
  P.xsize = XSize;
  P.ysize = YSize;
  return P;
}

cudaExtent extent(size_t W, size_t H, size_t D) {
  cudaExtent E;
  E.width = W;
  E.height = H;
  E.depth = D;
  return E;
}

#define SWEEP(Expected, Call)                                                                  \
  do {                                                                                         \
    ++Calls;                                                                                   \
    EXPECT_EQ((Call), (Expected)) << #Call;                                                    \
  } while (0)

void *garbage() { return reinterpret_cast<void *>(uintptr_t(0x10)); }

#if defined(__SANITIZE_THREAD__)
constexpr bool UnderTsan = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
constexpr bool UnderTsan = true;
#else
constexpr bool UnderTsan = false;
#endif
#else
constexpr bool UnderTsan = false;
#endif

TEST(BadApiSweep, EveryInvalidCallReturnsCudasCode) {
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  Calls = 0;
  const size_t N = 1024;
  // Everything live is created first: a freed pointer or destroyed handle
  // may be handed out again by a later allocation (as in CUDA), and then it
  // is valid again.
  char *D = nullptr, *Freed = nullptr, *Pinned = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void **>(&D), N), cudaSuccess);
  ASSERT_EQ(cudaMallocHost(reinterpret_cast<void **>(&Pinned), 256), cudaSuccess);
  std::vector<char> H(4 * N, 7);
  char Stack[64];
  cudaStream_t Dead, Live;
  ASSERT_EQ(cudaStreamCreate(&Live), cudaSuccess);
  cudaEvent_t DeadEvent, Unrecorded, Recorded;
  ASSERT_EQ(cudaEventCreate(&Unrecorded), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&Recorded), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(Recorded, Live), cudaSuccess);
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void **>(&Freed), 4096), cudaSuccess);
  ASSERT_EQ(cudaFree(Freed), cudaSuccess);
  ASSERT_EQ(cudaStreamCreate(&Dead), cudaSuccess);
  ASSERT_EQ(cudaStreamDestroy(Dead), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&DeadEvent), cudaSuccess);
  ASSERT_EQ(cudaEventDestroy(DeadEvent), cudaSuccess);

  // cudaMemcpy: ranges against the allocation map.
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(D, H.data(), 2 * N, cudaMemcpyHostToDevice));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(H.data(), D, 2 * N, cudaMemcpyDeviceToHost));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(H.data(), D + 1000, 100, cudaMemcpyDeviceToHost));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(D + 1000, H.data(), 25, cudaMemcpyHostToDevice));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(H.data(), Freed, 16, cudaMemcpyDeviceToHost));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(Freed, H.data(), 16, cudaMemcpyHostToDevice));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(H.data(), garbage(), 16, cudaMemcpyDeviceToHost));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(garbage(), H.data(), 16, cudaMemcpyHostToDevice));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(nullptr, D, 16, cudaMemcpyDeviceToHost));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(H.data(), nullptr, 16, cudaMemcpyDeviceToHost));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(H.data(), D, SIZE_MAX, cudaMemcpyDeviceToHost));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(D, H.data(), SIZE_MAX, cudaMemcpyHostToDevice));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(D, D, SIZE_MAX, cudaMemcpyDeviceToDevice));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(H.data(), Stack, SIZE_MAX, cudaMemcpyDefault));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(H.data(), Stack, SIZE_MAX, cudaMemcpyHostToHost));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(D, Stack, 16, cudaMemcpyDeviceToDevice));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(Stack, D, 16, cudaMemcpyDeviceToDevice));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(D, D + 512, 1024, cudaMemcpyDeviceToDevice));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy(Pinned, D, 512, cudaMemcpyDeviceToHost));
  // Untracked host memory that is not mapped: the guarded copy fails.
  // (Under ThreadSanitizer the copy faults inside TSan's memmove
  // interceptor first, which no guard can take.)
  if (!UnderTsan) {
    SWEEP(cudaErrorInvalidValue, cudaMemcpy(D, garbage(), 16, cudaMemcpyHostToDevice));
    SWEEP(cudaErrorInvalidValue, cudaMemcpy(garbage(), D, 16, cudaMemcpyDeviceToHost));
    SWEEP(cudaErrorInvalidValue, cudaMemcpy(H.data(), garbage(), 16, cudaMemcpyDefault));
    SWEEP(cudaErrorInvalidValue, cudaMemcpy(garbage(), H.data(), 16, cudaMemcpyHostToHost));
  }
  SWEEP(cudaErrorInvalidMemcpyDirection,
        cudaMemcpy(D, H.data(), 16, static_cast<cudaMemcpyKind>(7)));
  SWEEP(cudaErrorInvalidMemcpyDirection,
        cudaMemcpy(D, H.data(), 16, static_cast<cudaMemcpyKind>(-1)));
  // Valid edges: a zero count, the last bytes, pinned memory, the whole range.
  SWEEP(cudaSuccess, cudaMemcpy(garbage(), garbage(), 0, cudaMemcpyDeviceToDevice));
  SWEEP(cudaSuccess, cudaMemcpy(H.data(), D + N - 24, 24, cudaMemcpyDeviceToHost));
  SWEEP(cudaSuccess, cudaMemcpy(D, H.data(), N, cudaMemcpyHostToDevice));
  SWEEP(cudaSuccess, cudaMemcpy(Pinned, D, 256, cudaMemcpyDefault));
  SWEEP(cudaSuccess, cudaMemcpy(Stack, H.data(), sizeof(Stack), cudaMemcpyHostToHost));

  // cudaMemcpyAsync: the same checks at the call, and stream handles.
  SWEEP(cudaErrorInvalidValue, cudaMemcpyAsync(H.data(), D, 2 * N, cudaMemcpyDeviceToHost, Live));
  SWEEP(cudaErrorInvalidValue, cudaMemcpyAsync(D, H.data(), 2 * N, cudaMemcpyHostToDevice, Live));
  SWEEP(cudaErrorInvalidValue, cudaMemcpyAsync(H.data(), Freed, 8, cudaMemcpyDeviceToHost, Live));
  SWEEP(cudaErrorInvalidValue,
        cudaMemcpyAsync(garbage(), H.data(), 8, cudaMemcpyHostToDevice, Live));
  SWEEP(cudaErrorInvalidValue, cudaMemcpyAsync(D, H.data(), SIZE_MAX, cudaMemcpyDefault, Live));
  SWEEP(cudaErrorInvalidMemcpyDirection,
        cudaMemcpyAsync(D, H.data(), 8, static_cast<cudaMemcpyKind>(9), Live));
  SWEEP(cudaErrorInvalidResourceHandle,
        cudaMemcpyAsync(D, H.data(), 8, cudaMemcpyHostToDevice, Dead));
  SWEEP(cudaErrorInvalidResourceHandle,
        cudaMemcpyAsync(D, H.data(), 8, cudaMemcpyHostToDevice,
                        reinterpret_cast<cudaStream_t>(uintptr_t(0x1234))));

  // cudaMemset and cudaMemsetAsync: device memory only.
  SWEEP(cudaErrorInvalidValue, cudaMemset(D, 0, N + 1));
  SWEEP(cudaErrorInvalidValue, cudaMemset(D + 1, 0, N));
  SWEEP(cudaErrorInvalidValue, cudaMemset(Freed, 0, 16));
  SWEEP(cudaErrorInvalidValue, cudaMemset(garbage(), 0, 16));
  SWEEP(cudaErrorInvalidValue, cudaMemset(nullptr, 0, 16));
  SWEEP(cudaErrorInvalidValue, cudaMemset(D, 0, SIZE_MAX));
  SWEEP(cudaErrorInvalidValue, cudaMemset(Stack, 0, sizeof(Stack)));
  SWEEP(cudaErrorInvalidValue, cudaMemset(H.data(), 0, 16));
  SWEEP(cudaErrorInvalidValue, cudaMemsetAsync(D, 0, N + 1, Live));
  SWEEP(cudaErrorInvalidValue, cudaMemsetAsync(Freed, 0, 16, Live));
  SWEEP(cudaErrorInvalidValue, cudaMemsetAsync(D, 0, SIZE_MAX, Live));
  SWEEP(cudaErrorInvalidResourceHandle, cudaMemsetAsync(D, 0, 16, Dead));
  SWEEP(cudaSuccess, cudaMemset(D + N - 1, 0, 1));
  SWEEP(cudaSuccess, cudaMemset(Pinned, 0, 256));
  SWEEP(cudaSuccess, cudaMemset(garbage(), 0, 0));

  // 2D copies and fills: the whole pitched window must fit.
  SWEEP(cudaErrorInvalidPitchValue,
        cudaMemcpy2D(D, 64, H.data(), 128, 128, 2, cudaMemcpyHostToDevice));
  SWEEP(cudaErrorInvalidValue,
        cudaMemcpy2D(D, 256, H.data(), 256, 128, 5, cudaMemcpyHostToDevice));
  SWEEP(cudaErrorInvalidValue,
        cudaMemcpy2D(H.data(), 256, D, 256, 128, 5, cudaMemcpyDeviceToHost));
  SWEEP(cudaErrorInvalidValue,
        cudaMemcpy2D(D, 256, H.data(), 256, 128, SIZE_MAX, cudaMemcpyHostToDevice));
  SWEEP(cudaErrorInvalidValue,
        cudaMemcpy2D(D, SIZE_MAX, H.data(), 256, 128, 2, cudaMemcpyHostToDevice));
  SWEEP(cudaErrorInvalidValue,
        cudaMemcpy2DAsync(H.data(), 256, D, 256, 128, 5, cudaMemcpyDeviceToHost, Live));
  SWEEP(cudaErrorInvalidValue, cudaMemset2D(D, 256, 0, 128, 5));
  SWEEP(cudaErrorInvalidValue, cudaMemset2D(Freed, 256, 0, 128, 2));
  SWEEP(cudaErrorInvalidPitchValue, cudaMemset2D(D, 64, 0, 128, 2));
  SWEEP(cudaErrorInvalidValue, cudaMemset2DAsync(D, 256, 0, 128, 5, Live));
  SWEEP(cudaSuccess, cudaMemcpy2D(D, 256, H.data(), 256, 128, 4, cudaMemcpyHostToDevice));
  SWEEP(cudaSuccess, cudaMemset2D(D, 256, 0, 256, 4));

  // 3D copies.
  cudaMemcpy3DParms P;
  std::memset(&P, 0, sizeof(P));
  P.srcPtr = pitched(H.data(), 256, 256, 4);
  P.dstPtr = pitched(D, 256, 256, 2);
  P.extent = extent(256, 2, 3); // the third slice is past D's end
  P.kind = cudaMemcpyHostToDevice;
  SWEEP(cudaErrorInvalidValue, cudaMemcpy3D(&P));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy3D(nullptr));
  P.extent = extent(256, 2, 1);
  P.kind = static_cast<cudaMemcpyKind>(11);
  SWEEP(cudaErrorInvalidMemcpyDirection, cudaMemcpy3D(&P));
  P.kind = cudaMemcpyHostToDevice;
  P.dstPtr.ptr = Freed;
  SWEEP(cudaErrorInvalidValue, cudaMemcpy3D(&P));
  SWEEP(cudaErrorInvalidValue, cudaMemcpy3DAsync(&P, Live));
  P.dstPtr.ptr = D;
  SWEEP(cudaSuccess, cudaMemcpy3D(&P));
  SWEEP(cudaErrorInvalidValue,
        cudaMemset3D(pitched(D, 256, 256, 4), 0, extent(256, 4, 2)));

  // Symbols.
  int Value = 1;
  SWEEP(cudaErrorInvalidSymbol, cudaMemcpyToSymbol(nullptr, &Value, sizeof(int)));
  SWEEP(cudaErrorInvalidSymbol, cudaMemcpyToSymbol(&Value, &Value, sizeof(int)));
  SWEEP(cudaErrorInvalidValue, cudaMemcpyToSymbol(&fake::DeviceCounterShadow, H.data(), 8));
  SWEEP(cudaErrorInvalidValue,
        cudaMemcpyToSymbol(&fake::DeviceCounterShadow, &Value, sizeof(int), sizeof(int)));
  SWEEP(cudaErrorInvalidValue,
        cudaMemcpyFromSymbol(&Value, &fake::DeviceCounterShadow, SIZE_MAX));
  SWEEP(cudaErrorInvalidMemcpyDirection,
        cudaMemcpyToSymbol(&fake::DeviceCounterShadow, &Value, sizeof(int), 0,
                           cudaMemcpyDeviceToHost));
  SWEEP(cudaErrorInvalidValue, cudaMemcpyToSymbol(&fake::DeviceCounterShadow, garbage(),
                                                  sizeof(int), 0, cudaMemcpyDeviceToDevice));
  void *SymbolAddress = nullptr;
  SWEEP(cudaSuccess, cudaGetSymbolAddress(&SymbolAddress, &fake::DeviceCounterShadow));
  // The address the program took is device memory for copies; its size counts.
  SWEEP(cudaSuccess, cudaMemcpy(SymbolAddress, &Value, sizeof(int), cudaMemcpyHostToDevice));
  SWEEP(cudaErrorInvalidValue,
        cudaMemcpy(SymbolAddress, H.data(), 2 * sizeof(int), cudaMemcpyHostToDevice));

  // Frees.
  SWEEP(cudaErrorInvalidValue, cudaFree(Freed));
  SWEEP(cudaErrorInvalidValue, cudaFree(D + 1));
  SWEEP(cudaErrorInvalidValue, cudaFree(garbage()));
  SWEEP(cudaErrorInvalidValue, cudaFree(Stack));
  SWEEP(cudaErrorInvalidValue, cudaFree(Pinned));
  SWEEP(cudaErrorInvalidValue, cudaFree(SymbolAddress));
  SWEEP(cudaErrorInvalidValue, cudaFreeHost(D));
  SWEEP(cudaErrorInvalidValue, cudaFreeHost(Stack));
  SWEEP(cudaSuccess, cudaFree(nullptr));
  SWEEP(cudaSuccess, cudaFreeHost(nullptr));
  SWEEP(cudaErrorInvalidValue, cudaFreeAsync(Freed, Live));
  SWEEP(cudaErrorInvalidValue, cudaFreeAsync(D + 8, Live));

  // Allocations.
  void *P2 = nullptr;
  SWEEP(cudaErrorInvalidValue, cudaMalloc(nullptr, 16));
  SWEEP(cudaErrorMemoryAllocation, cudaMalloc(&P2, SIZE_MAX));
  SWEEP(cudaErrorInvalidValue, cudaMallocManaged(&P2, 0));
  SWEEP(cudaErrorInvalidValue, cudaMallocManaged(&P2, 16, 0x7));
  SWEEP(cudaErrorInvalidValue, cudaMallocManaged(nullptr, 16));
  SWEEP(cudaErrorInvalidValue, cudaMallocHost(nullptr, 16));
  SWEEP(cudaErrorInvalidValue, cudaHostAlloc(&P2, 16, 0x100));
  size_t Pitch = 0;
  SWEEP(cudaErrorInvalidValue, cudaMallocPitch(nullptr, &Pitch, 16, 16));
  SWEEP(cudaErrorMemoryAllocation, cudaMallocPitch(&P2, &Pitch, SIZE_MAX / 2, 4));

  // Host registration and pointer queries.
  SWEEP(cudaErrorInvalidValue, cudaHostRegister(nullptr, 64, 0));
  SWEEP(cudaErrorInvalidValue, cudaHostRegister(H.data(), 0, 0));
  SWEEP(cudaErrorInvalidValue, cudaHostRegister(H.data(), 64, 0x100));
  SWEEP(cudaSuccess, cudaHostRegister(H.data(), 64, 0));
  SWEEP(cudaErrorHostMemoryAlreadyRegistered, cudaHostRegister(H.data() + 32, 64, 0));
  SWEEP(cudaSuccess, cudaHostUnregister(H.data()));
  SWEEP(cudaErrorHostMemoryNotRegistered, cudaHostUnregister(H.data()));
  SWEEP(cudaErrorInvalidValue, cudaHostUnregister(nullptr));
  cudaPointerAttributes Attributes;
  SWEEP(cudaErrorInvalidValue, cudaPointerGetAttributes(nullptr, D));
  SWEEP(cudaSuccess, cudaPointerGetAttributes(&Attributes, Freed));
  EXPECT_EQ(Attributes.type, cudaMemoryTypeUnregistered);
  SWEEP(cudaErrorInvalidValue, cudaHostGetDevicePointer(&P2, D, 0));
  SWEEP(cudaErrorInvalidValue, cudaHostGetDevicePointer(&P2, Pinned, 1));
  SWEEP(cudaErrorInvalidValue, cudaHostGetDevicePointer(&P2, Stack, 0));
  size_t Free = 0, Total = 0;
  SWEEP(cudaErrorInvalidValue, cudaMemGetInfo(nullptr, &Total));
  SWEEP(cudaErrorInvalidValue, cudaMemGetInfo(&Free, nullptr));
  SWEEP(cudaErrorInvalidValue, cudaMemPrefetchAsync(D + 512, N, 0, Live));
  SWEEP(cudaErrorInvalidValue, cudaMemAdvise(D, 2 * N, cudaMemAdviseSetReadMostly, 0));
  SWEEP(cudaErrorInvalidDevice, cudaMemcpyPeer(D, 1, D, 0, 16));

  // Streams and events.
  SWEEP(cudaErrorInvalidValue, cudaStreamCreate(nullptr));
  cudaStream_t S2;
  SWEEP(cudaErrorInvalidValue, cudaStreamCreateWithFlags(&S2, 0x80));
  SWEEP(cudaErrorInvalidResourceHandle, cudaStreamDestroy(Dead));
  SWEEP(cudaErrorInvalidResourceHandle, cudaStreamSynchronize(Dead));
  SWEEP(cudaErrorInvalidResourceHandle, cudaStreamQuery(Dead));
  SWEEP(cudaErrorInvalidResourceHandle, cudaStreamWaitEvent(Live, DeadEvent, 0));
  SWEEP(cudaErrorInvalidResourceHandle, cudaStreamWaitEvent(Dead, Recorded, 0));
  SWEEP(cudaErrorInvalidValue, cudaEventCreate(nullptr));
  cudaEvent_t E2;
  SWEEP(cudaErrorInvalidValue, cudaEventCreateWithFlags(&E2, 0x80));
  SWEEP(cudaErrorInvalidResourceHandle, cudaEventRecord(DeadEvent, Live));
  SWEEP(cudaErrorInvalidResourceHandle, cudaEventRecord(Recorded, Dead));
  SWEEP(cudaErrorInvalidResourceHandle, cudaEventSynchronize(DeadEvent));
  SWEEP(cudaErrorInvalidResourceHandle, cudaEventQuery(DeadEvent));
  SWEEP(cudaErrorInvalidResourceHandle, cudaEventDestroy(DeadEvent));
  float Ms = 0;
  SWEEP(cudaErrorInvalidValue, cudaEventElapsedTime(nullptr, Recorded, Recorded));
  SWEEP(cudaErrorInvalidResourceHandle, cudaEventElapsedTime(&Ms, DeadEvent, Recorded));
  SWEEP(cudaErrorInvalidResourceHandle, cudaEventElapsedTime(&Ms, Unrecorded, Recorded));

  // Devices, limits, kernels.
  SWEEP(cudaErrorInvalidDevice, cudaSetDevice(5));
  SWEEP(cudaErrorInvalidDevice, cudaSetDevice(-1));
  cudaDeviceProp Prop;
  SWEEP(cudaErrorInvalidValue, cudaGetDeviceProperties(nullptr, 0));
  SWEEP(cudaErrorInvalidDevice, cudaGetDeviceProperties(&Prop, 3));
  SWEEP(cudaErrorUnsupportedLimit, cudaDeviceSetLimit(static_cast<cudaLimit>(99), 1));
  cudaFuncAttributes FuncAttributes;
  SWEEP(cudaErrorInvalidDeviceFunction, cudaFuncGetAttributes(&FuncAttributes, nullptr));
  SWEEP(cudaErrorInvalidDeviceFunction,
        cudaLaunchKernel(static_cast<const void *>(Stack), dim3(1), dim3(1), nullptr, 0, Live));

  // Nothing above was sticky: the device still works.
  EXPECT_EQ(cudaStreamSynchronize(Live), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  cudaGetLastError();
  EXPECT_GE(Calls, 100);
  EXPECT_EQ(cudaStreamDestroy(Live), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(Unrecorded), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(Recorded), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(Pinned), cudaSuccess);
  EXPECT_EQ(cudaFree(D), cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

// Found by tests/fuzz/api: a 3D window given by a pointer into an
// allocation, with a position that carries its start past the allocation's
// end. The start then looked like untracked (pageable) host memory, which a
// host side accepts: a device-to-host copy wrote the heap past the buffer.
TEST(BadApiSweep, PositionsDoNotCarryAWindowOutOfItsAllocation) {
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  void *D = nullptr, *Src = nullptr;
  ASSERT_EQ(cudaMalloc(&D, 512), cudaSuccess);   // 8 rows of 64 bytes
  ASSERT_EQ(cudaMalloc(&Src, 512), cudaSuccess);
  cudaMemcpy3DParms P = {};
  P.srcPtr = pitched(Src, 64, 64, 8);
  P.dstPtr = pitched(D, 64, 64, 8);
  P.extent = extent(16, 2, 1);
  P.kind = cudaMemcpyDeviceToHost; // the destination is a host side
  P.dstPos = make_cudaPos(0, 40, 0);  // row 40: 2 KiB past the end
  EXPECT_EQ(cudaMemcpy3D(&P), cudaErrorInvalidValue);
  P.dstPos = make_cudaPos(0, 7, 0);   // the last row, and one more: past the end
  EXPECT_EQ(cudaMemcpy3D(&P), cudaErrorInvalidValue);
  P.dstPos = make_cudaPos(0, 0, 1);   // the next slice
  EXPECT_EQ(cudaMemcpy3D(&P), cudaErrorInvalidValue);
  P.dstPos = make_cudaPos(0, SIZE_MAX / 64, 0); // the offset overflows
  EXPECT_EQ(cudaMemcpy3D(&P), cudaErrorInvalidValue);
  P.dstPos = make_cudaPos(48, 6, 0);  // the last two rows' ends: inside
  EXPECT_EQ(cudaMemcpy3D(&P), cudaSuccess);
  cudaGetLastError();
  EXPECT_EQ(cudaFree(D), cudaSuccess);
  EXPECT_EQ(cudaFree(Src), cudaSuccess);
}

} // namespace
