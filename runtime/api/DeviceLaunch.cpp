// DeviceLaunch.cpp - dynamic parallelism: kernels launching kernels (CUDA 12 semantics).
// SPDX-License-Identifier: Apache-2.0
//
// clang compiles `child<<<g, b, s, stream>>>(args)` in device code (-rdc) to
// cudaGetParameterBuffer + cudaLaunchDevice; the pipeline turns the latter
// into __loom_launch_device with the child's kernel descriptor. A child grid
// becomes an op whose parent is the running launch (Scheduler::submitChild):
// the parent grid completes only after all its children, so host
// synchronization sees their work. Streams as in CUDA 12 (no device-side
// cudaDeviceSynchronize):
//  - 0: the parent grid's own stream (children run in launch order);
//  - a stream created in device code (cudaStreamNonBlocking): that stream;
//  - cudaStreamFireAndForget: a stream of its own, concurrent with the rest;
//  - cudaStreamTailLaunch: after the parent grid and everything else it
//    launched, tail launches in launch order.
#include "cuda_runtime_api.h"

#include "api/LaunchChecks.h"
#include "core/DeviceInfo.h"
#include "core/Ops.h"
#include "core/Runtime.h"
#include "loom/KernelABI.h"
#include "scheduler/Scheduler.h"
#include "support/ApiError.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

using loom::KernelOp;
using loom::Runtime;

namespace {

/// CUDA's limit on a kernel's parameter block (CUDA 12.1+).
constexpr size_t MaxParameterBytes = 32764;

uint64_t alignUp(uint64_t Value, uint64_t Align) { return (Value + Align - 1) & ~(Align - 1); }

cudaError_t launchFromDevice(const LoomKernelDesc *Desc, void *Params, const dim3 *Grid,
                             const dim3 *Block, unsigned SharedMem, cudaStream_t Handle) {
  KernelOp *Running = KernelOp::current();
  if (!Desc || !Grid || !Block || !Running)
    return loom::failWith(cudaErrorInvalidValue,
                          "device-side launch with a null kernel %p, grid %p or block %p, or "
                          "outside a kernel", static_cast<const void *>(Desc),
                          static_cast<const void *>(Grid), static_cast<const void *>(Block));
  loom::Op *Parent = Running->ScheduledAs;
  if (cudaError_t Error = loom::stickyError())
    return Error;
  if (cudaError_t Error = loom::validateLaunchDims(*Grid, *Block))
    return Error;
  if (cudaError_t Error = loom::checkLaunchBounds(*Desc, *Block))
    return Error;
  uint64_t Static = Desc->staticSharedBytes;
  if (Static + SharedMem > loom::limits::SharedMemPerBlock)
    return loom::failWith(cudaErrorInvalidConfiguration,
                          "%llu bytes of static + %u bytes of dynamic shared memory exceed the "
                          "%llu-byte limit", (unsigned long long)Static, SharedMem,
                          (unsigned long long)loom::limits::SharedMemPerBlock);
  if (Desc->numArgs && !Params)
    return loom::failWith(cudaErrorInvalidValue,
                          "kernel %s takes %u arguments but the parameter buffer is null",
                          Desc->name ? Desc->name : "?", unsigned(Desc->numArgs));

  Runtime &R = Runtime::get();
  bool Tail = Handle == cudaStreamTailLaunch;
  std::shared_ptr<loom::Stream> S; // null: the parent's child stream
  if (Handle == cudaStreamFireAndForget) {
    S = std::make_shared<loom::Stream>(cudaStreamNonBlocking, false);
  } else if (Handle && !Tail && Handle != cudaStreamPerThread) {
    if (cudaError_t Error = R.resolveStream(Handle, &S))
      return Error;
    // A stream that holds this grid or one of its ancestors would wait for
    // the very grid that waits for the child (CUDA forbids host streams in
    // device code).
    for (loom::Op *A = Parent; A; A = A->Parent.get())
      if (A->Owner == S)
        return loom::failWith(cudaErrorInvalidResourceHandle,
                              "stream %p holds the launching grid or its ancestor; the child "
                              "would wait for its parent", static_cast<void *>(Handle));
  }

  // clang lays the arguments out at their natural alignment, as KernelOp does.
  void *Args[256];
  if (Desc->numArgs > 256)
    return loom::failWith(cudaErrorInvalidValue,
                          "kernel %s has %u arguments; device-side launches take at most 256",
                          Desc->name ? Desc->name : "?", unsigned(Desc->numArgs));
  uint64_t Offset = 0;
  for (uint32_t I = 0; I < Desc->numArgs; ++I) {
    uint64_t Align = Desc->argAligns && Desc->argAligns[I] ? Desc->argAligns[I] : 1;
    Offset = alignUp(Offset, Align);
    Args[I] = static_cast<unsigned char *>(Params) + Offset;
    Offset += Desc->argSizes[I];
  }

  if (R.PendingDeviceLaunches.fetch_add(1, std::memory_order_relaxed) >=
      std::max<size_t>(R.PendingDeviceLaunchLimit.load(std::memory_order_relaxed),
                       Runtime::MinPendingDeviceLaunches)) {
    R.PendingDeviceLaunches.fetch_sub(1, std::memory_order_relaxed);
    return loom::failWith(cudaErrorLaunchPendingCountExceeded,
                          "more device-side launches pending than "
                          "cudaLimitDevRuntimePendingLaunchCount %zu",
                          R.PendingDeviceLaunchLimit.load(std::memory_order_relaxed));
  }
  LoomLaunch Launch;
  Launch.gridDim = {Grid->x, Grid->y, Grid->z};
  Launch.blockDim = {Block->x, Block->y, Block->z};
  Launch.dynamicSharedBytes = SharedMem;
  uint64_t Blocks = uint64_t(Grid->x) * Grid->y * Grid->z;
  auto Child = KernelOp::create(*Desc, Launch, Args, R.scheduler().chunkFor(Blocks));
  if (!Child) {
    R.PendingDeviceLaunches.fetch_sub(1, std::memory_order_relaxed);
    return loom::failWith(cudaErrorMemoryAllocation,
                          "out of memory for a device-side launch of %llu blocks",
                          (unsigned long long)Blocks);
  }
  Child->DeviceLaunched = true;
  R.scheduler().submitChild(Parent->shared_from_this(), std::move(S), std::move(Child), Tail);
  return cudaSuccess;
}

} // namespace

namespace loom {
/// Memcheck builds' record of runtime memory kernels may use (device/MemCheck.cpp).
void noteDeviceHeapBlock(const void *Ptr, size_t Size, bool Live);
} // namespace loom

extern "C" {

/// Device code: the buffer a launch's arguments are written to; consumed by
/// the launch (cudaLaunchDevice), which copies them.
void *cudaGetParameterBuffer(size_t Alignment, size_t Size) {
  if (Size > MaxParameterBytes || Alignment == 0 || (Alignment & (Alignment - 1))) {
    loom::recordError(cudaErrorInvalidValue,
                      loom::why("parameter buffer of %zu bytes (at most %zu) with alignment %zu",
                                Size, size_t(MaxParameterBytes), Alignment));
    return nullptr;
  }
  if (Alignment < alignof(std::max_align_t))
    Alignment = alignof(std::max_align_t);
  void *Buffer = std::aligned_alloc(Alignment, alignUp(Size ? Size : 1, Alignment));
  if (!Buffer)
    loom::recordError(cudaErrorMemoryAllocation,
                      loom::why("out of memory for a %zu-byte parameter buffer", Size));
  loom::noteDeviceHeapBlock(Buffer, Size, true); // kernels write it (memcheck builds)
  return Buffer;
}

int __loom_launch_device(const LoomKernelDesc *Desc, void *Params, const void *Grid,
                         const void *Block, uint32_t SharedMem, void *Stream) {
  cudaError_t Error =
      launchFromDevice(Desc, Params, static_cast<const dim3 *>(Grid),
                       static_cast<const dim3 *>(Block), SharedMem, static_cast<cudaStream_t>(Stream));
  loom::noteDeviceHeapBlock(Params, 0, false);
  std::free(Params);
  return loom::recordError(Error);
}

} // extern "C"
