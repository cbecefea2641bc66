// Launch.cpp - <<<>>> call configuration, cudaLaunchKernel and per-function attributes.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "api/LaunchChecks.h"
#include "api/Occupancy.h"
#include "core/CooperativeLaunch.h"
#include "core/KernelJit.h"
#include "core/KernelRegistry.h"
#include "core/Ops.h"
#include "core/Runtime.h"
#include "profile/Profile.h"
#include "support/ApiError.h"

#include <vector>

using loom::KernelInfo;
using loom::KernelRegistry;
using loom::recordError;
using loom::why;
using loom::Runtime;
namespace limits = loom::limits;

namespace {

struct CallConfiguration {
  dim3 Grid, Block;
  size_t SharedMem;
  cudaStream_t Stream;
};

/// clang pushes before evaluating kernel arguments and pops in the stub, so
/// nested launches in argument expressions need a stack. Per host thread.
/// Initial-exec: every launch pushes and pops it.
__attribute__((tls_model("initial-exec"))) thread_local std::vector<CallConfiguration>
    ConfigStack;

/// The dynamic shared memory a launch of \p Kernel may request.
uint64_t maxDynamicShared(const KernelInfo &Kernel) {
  if (Kernel.Attrs.MaxDynamicSharedBytes >= 0)
    return uint64_t(Kernel.Attrs.MaxDynamicSharedBytes);
  uint64_t Static = Kernel.Desc->staticSharedBytes;
  return Static >= limits::SharedMemPerBlock ? 0 : limits::SharedMemPerBlock - Static;
}

/// An ordinary launch, or with \p Cooperative a cudaLaunchCooperativeKernel
/// launch: every block on its own thread with a grid barrier, at most as many
/// blocks as the occupancy calculator says can be resident.
/// \p LargeGrid: up to 2^32-1 blocks along y and z (OpenCL, which has no
/// such limit; the executor linearizes the grid in 64 bits).
cudaError_t launch(const void *Func, dim3 Grid, dim3 Block, void **Args, size_t SharedMem,
                   cudaStream_t Handle, bool Cooperative = false, bool LargeGrid = false) {
  if (cudaError_t Error = loom::stickyError())
    return Error;
  if (cudaError_t Error = loom::validateLaunchDims(
          Grid, Block, LargeGrid ? UINT32_MAX : uint32_t(limits::MaxGridDimY)))
    return Error;
  KernelInfo Kernel;
  if (cudaError_t Error = KernelRegistry::get().lookupKernel(Func, &Kernel))
    return Error;
  if (SharedMem > maxDynamicShared(Kernel))
    return loom::failWith(cudaErrorInvalidConfiguration,
                          "kernel '%s': %zu bytes of dynamic shared memory, at most %llu "
                          "(cudaFuncSetAttribute raises the limit)",
                          Kernel.Desc->name, SharedMem,
                          (unsigned long long)maxDynamicShared(Kernel));
  if (cudaError_t Error = loom::checkLaunchBounds(*Kernel.Desc, Block))
    return Error;
  if (Cooperative && (Kernel.Desc->flags & LOOM_KERNEL_LAUNCHES_KERNELS))
    return loom::failWith(cudaErrorNotPermitted,
                          "kernel '%s' launches kernels from the device: CUDA does not "
                          "permit a cooperative launch of it",
                          Kernel.Desc->name);
  if (Kernel.Desc->flags & LOOM_KERNEL_USES_DEVICE_HEAP)
    Runtime::get().DeviceHeapFixed.store(true, std::memory_order_relaxed);
  if (Kernel.Desc->numArgs && !Args)
    return loom::failWith(cudaErrorInvalidValue, "kernel '%s' takes %u arguments, args is null",
                          Kernel.Desc->name, Kernel.Desc->numArgs);
  Runtime &R = Runtime::get();
  LoomLaunch Launch;
  Launch.gridDim = {Grid.x, Grid.y, Grid.z};
  Launch.blockDim = {Block.x, Block.y, Block.z};
  Launch.dynamicSharedBytes = SharedMem;
  uint64_t Blocks = uint64_t(Grid.x) * Grid.y * Grid.z;

  // The cheapest small launch (Scheduler::runIfIdle): nothing queued
  // anywhere, no capture, a kernel measured small: its blocks run here and
  // now from the caller's arguments, with no launch record and no queue
  // node. A predefined stream needs no lookup for it: with nothing queued
  // it waits for nothing.
  std::shared_ptr<loom::Stream> S;
  const bool Predefined =
      Handle == nullptr || Handle == cudaStreamLegacy || Handle == cudaStreamPerThread;
  if (!Predefined)
    if (cudaError_t Error = R.resolveStream(Handle, &S))
      return Error;
  loom::Scheduler &Sched = R.scheduler();
  // A kernel whose threads wait for other threads (LOOM_KERNEL_SPIN_WAITS)
  // may wait for another block, which the serial scheduler (blocks in
  // order) or a pool worker running a chunk of blocks would never start.
  // A grid that a GPU keeps resident all at once (the occupancy
  // calculator's limit, as for a cooperative launch) then runs on the
  // cooperative path: every block on its own thread. A larger grid runs
  // as usual; a GPU promises no progress between blocks that are not
  // resident together either (docs/reliability.md "Forward progress").
  bool AllResident = false;
  if (!Cooperative && Blocks > 1 && (Kernel.Desc->flags & LOOM_KERNEL_SPIN_WAITS)) {
    int PerMultiprocessor = loom::residentBlocksPerMultiprocessor(
        Kernel, int(Block.x * Block.y * Block.z), SharedMem);
    AllResident = Blocks <= uint64_t(PerMultiprocessor) * R.properties().multiProcessorCount &&
                  R.cooperativeThreads().reserve(Blocks - 1);
  }
  if (!Cooperative && !AllResident && !loom::profile::Enabled && !R.anyCapture() && Sched.idleEverywhere()) {
    const LoomKernelDesc &Run = loom::KernelJit::get().select(*Kernel.Desc, Launch.blockDim);
    uint64_t Chunk = Sched.chunkFor(Blocks);
    loom::KernelOp Here(Run, *Kernel.Desc, Launch, Blocks, Chunk);
    Here.borrowArgs(Args);
    uint64_t Ran = Sched.runIfIdle(Here);
    if (Ran == Blocks)
      return cudaSuccess;
    // Not run (the ordinary path below, without selecting the entry
    // again), or it outlasted the inline threshold: the rest is an ordinary
    // launch with its own copy of the arguments.
    auto Op = loom::KernelOp::create(Run, *Kernel.Desc, Launch, Args, Chunk);
    if (!Op)
      return loom::failWith(cudaErrorMemoryAllocation, "out of memory for the launch of kernel %s",
                            Kernel.Desc->name);
    if (Predefined)
      if (cudaError_t Error = R.resolveStream(Handle, &S))
        return Error;
    if (Ran == 0)
      return R.enqueue(S, std::move(Op), nullptr, /*MayRunHere=*/true);
    Op->NextUnit.store(Ran, std::memory_order_relaxed);
    Op->DoneUnits.store(Ran, std::memory_order_relaxed);
    Sched.submitRemainder(S, Op);
    return cudaSuccess;
  }
  if (Predefined)
    if (cudaError_t Error = R.resolveStream(Handle, &S))
      return Error;
  if (Cooperative) {
    int PerMultiprocessor = loom::residentBlocksPerMultiprocessor(
        Kernel, int(Block.x * Block.y * Block.z), SharedMem);
    if (Blocks > uint64_t(PerMultiprocessor) * R.properties().multiProcessorCount)
      return loom::failWith(cudaErrorCooperativeLaunchTooLarge,
                            "%llu blocks, at most %d resident (%d per multiprocessor, %d "
                            "multiprocessors)",
                            (unsigned long long)Blocks,
                            PerMultiprocessor * R.properties().multiProcessorCount,
                            PerMultiprocessor, R.properties().multiProcessorCount);
    // Block 0 runs on the thread that executes the launch; the others each
    // need a thread now, so that a launch the system cannot serve fails here.
    if (!loom::Runtime::get().cooperativeThreads().reserve(Blocks - 1))
      return loom::failWith(cudaErrorLaunchOutOfResources,
                            "no threads for a cooperative launch of %llu blocks (one thread per "
                            "block)", (unsigned long long)Blocks);
  }
  if (Cooperative || AllResident) {
    auto PerBlockOp = loom::KernelOp::create(*Kernel.Desc, Launch, Args, 1);
    if (!PerBlockOp)
      return loom::failWith(cudaErrorMemoryAllocation, "out of memory for the launch of kernel %s",
                            Kernel.Desc->name);
    return R.enqueue(S, std::make_shared<loom::CooperativeKernelOp>(std::move(PerBlockOp), Blocks,
                                                                    /*GridSync=*/Cooperative));
  }
  auto Op = loom::KernelOp::create(*Kernel.Desc, Launch, Args, Sched.chunkFor(Blocks));
  if (!Op)
    return loom::failWith(cudaErrorMemoryAllocation, "out of memory for the launch of kernel %s",
                          Kernel.Desc->name);
  // Recorded instead while S captures; a small kernel for an idle stream
  // runs here and now.
  return R.enqueue(S, std::move(Op), nullptr, /*MayRunHere=*/true);
}

} // namespace

extern "C" {

unsigned __cudaPushCallConfiguration(dim3 Grid, dim3 Block, size_t SharedMem,
                                     struct CUstream_st *Stream) {
  ConfigStack.push_back({Grid, Block, SharedMem, Stream});
  return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *Grid, dim3 *Block, size_t *SharedMem,
                                       void *Stream) {
  if (ConfigStack.empty())
    return recordError(cudaErrorMissingConfiguration, "a launch stub without <<<...>>>");
  CallConfiguration Config = ConfigStack.back();
  ConfigStack.pop_back();
  *Grid = Config.Grid;
  *Block = Config.Block;
  *SharedMem = Config.SharedMem;
  *static_cast<cudaStream_t *>(Stream) = Config.Stream;
  return cudaSuccess;
}

cudaError_t cudaLaunchKernel(const void *Func, dim3 Grid, dim3 Block, void **Args,
                             size_t SharedMem, cudaStream_t Stream) {
  LOOM_PROFILE_API("cudaLaunchKernel");
  return recordError(launch(Func, Grid, Block, Args, SharedMem, Stream));
}

/// Loom's OpenCL platform: cudaLaunchKernel without CUDA's limit of 65535
/// blocks along y and z (an NDRange has none).
cudaError_t __loomLaunchKernelLargeGrid(const void *Func, dim3 Grid, dim3 Block, void **Args,
                                        size_t SharedMem, cudaStream_t Stream) {
  LOOM_PROFILE_API("cudaLaunchKernel");
  return recordError(launch(Func, Grid, Block, Args, SharedMem, Stream, /*Cooperative=*/false,
                            /*LargeGrid=*/true));
}

cudaError_t cudaLaunchCooperativeKernel(const void *Func, dim3 Grid, dim3 Block, void **Args,
                                        size_t SharedMem, cudaStream_t Stream) {
  LOOM_PROFILE_API("cudaLaunchCooperativeKernel");
  return recordError(launch(Func, Grid, Block, Args, SharedMem, Stream, /*Cooperative=*/true));
}

cudaError_t cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *, unsigned int,
                                                   unsigned int) {
  // Deprecated in CUDA 12; cooperativeMultiDeviceLaunch is 0.
  return recordError(cudaErrorNotSupported,
                     why("multi-device cooperative launch is deprecated and not supported "
                         "(cooperativeMultiDeviceLaunch is 0)"));
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *Attr, const void *Func) {
  if (!Attr)
    return recordError(cudaErrorInvalidValue, why("Attr is null"));
  KernelInfo Kernel;
  if (cudaError_t Error = KernelRegistry::get().lookupKernel(Func, &Kernel))
    return recordError(Error);
  *Attr = cudaFuncAttributes();
  Attr->sharedSizeBytes = Kernel.Desc->staticSharedBytes;
  Attr->constSizeBytes = 0;
  // Per thread: a gang kernel's arena unit holds its gang's lanes.
  Attr->localSizeBytes = Kernel.Desc->threadArenaBytesPerThread /
                         (Kernel.Desc->gangWidth > 1 ? Kernel.Desc->gangWidth : 1);
  Attr->maxThreadsPerBlock = int(loom::maxThreadsOf(*Kernel.Desc)); // __launch_bounds__
  Attr->numRegs = 0;
  Attr->ptxVersion = limits::ComputeMajor * 10 + limits::ComputeMinor;
  Attr->binaryVersion = Attr->ptxVersion;
  Attr->maxDynamicSharedSizeBytes = static_cast<int>(maxDynamicShared(Kernel));
  Attr->preferredShmemCarveout = Kernel.Attrs.PreferredCarveout;
  return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void *Func, enum cudaFuncAttribute Attr, int Value) {
  KernelInfo Kernel;
  KernelRegistry &Registry = KernelRegistry::get();
  if (cudaError_t Error = Registry.lookupKernel(Func, &Kernel))
    return recordError(Error);
  switch (Attr) {
  case cudaFuncAttributeMaxDynamicSharedMemorySize:
    if (Value < 0 ||
        Kernel.Desc->staticSharedBytes + uint64_t(Value) > limits::SharedMemPerBlockOptin)
      return recordError(cudaErrorInvalidValue,
                         why("max dynamic shared memory %d + %llu static bytes exceed the "
                             "%llu-byte opt-in limit", Value,
                             (unsigned long long)Kernel.Desc->staticSharedBytes,
                             (unsigned long long)limits::SharedMemPerBlockOptin));
    Kernel.Attrs.MaxDynamicSharedBytes = Value;
    break;
  case cudaFuncAttributePreferredSharedMemoryCarveout:
    if (Value < -1 || Value > 100)
      return recordError(cudaErrorInvalidValue, why("carveout %d is not -1..100", Value));
    Kernel.Attrs.PreferredCarveout = Value;
    break;
  default:
    // Cluster attributes: no thread-block clusters yet.
    return recordError(cudaErrorNotSupported,
                       why("function attribute %d is not supported (no thread-block clusters)",
                           int(Attr)));
  }
  return recordError(Registry.setAttributes(Func, Kernel.Attrs));
}

cudaError_t cudaFuncSetCacheConfig(const void *Func, enum cudaFuncCache Config) {
  KernelInfo Kernel;
  KernelRegistry &Registry = KernelRegistry::get();
  if (cudaError_t Error = Registry.lookupKernel(Func, &Kernel))
    return recordError(Error);
  if (Config < cudaFuncCachePreferNone || Config > cudaFuncCachePreferEqual)
    return recordError(cudaErrorInvalidValue,
                       why("cache config %d is not a cudaFuncCache", int(Config)));
  Kernel.Attrs.CacheConfig = Config; // accepted; CPU caches are not partitioned
  return recordError(Registry.setAttributes(Func, Kernel.Attrs));
}

cudaError_t cudaFuncSetSharedMemConfig(const void *Func, enum cudaSharedMemConfig Config) {
  KernelInfo Kernel;
  if (cudaError_t Error = KernelRegistry::get().lookupKernel(Func, &Kernel))
    return recordError(Error);
  if (Config < cudaSharedMemBankSizeDefault || Config > cudaSharedMemBankSizeEightByte)
    return recordError(cudaErrorInvalidValue,
                       why("shared memory config %d is not a cudaSharedMemConfig", int(Config)));
  return cudaSuccess; // accepted; shared memory has no banks on a CPU
}

} // extern "C"
