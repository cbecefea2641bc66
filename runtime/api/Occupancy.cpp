// Occupancy.cpp - occupancy queries under Loom's simple residency model (see docs/runtime.md).
// SPDX-License-Identifier: Apache-2.0
//
// A "multiprocessor" is one worker thread. Resident blocks per multiprocessor
// = min(2048 / blockSize, 32, sharedMemPerMultiprocessor / sharedPerBlock).
// cudaLaunchCooperativeKernel accepts exactly that many blocks times
// multiProcessorCount.
#include "cuda_runtime_api.h"

#include "api/LaunchChecks.h"
#include "api/Occupancy.h"

#include "core/KernelRegistry.h"
#include "core/Runtime.h"
#include "support/ApiError.h"

using loom::KernelInfo;
using loom::KernelRegistry;
using loom::recordError;
using loom::why;
namespace limits = loom::limits;

int loom::residentBlocksPerMultiprocessor(const KernelInfo &Kernel, int BlockSize,
                                          size_t DynamicShared) {
  int Blocks = limits::MaxThreadsPerMultiProcessor / BlockSize;
  if (Blocks > limits::MaxBlocksPerMultiProcessor)
    Blocks = limits::MaxBlocksPerMultiProcessor;
  uint64_t Shared = Kernel.Desc->staticSharedBytes + DynamicShared;
  if (Shared) {
    uint64_t ByShared = limits::SharedMemPerMultiprocessor / Shared;
    if (ByShared < uint64_t(Blocks))
      Blocks = static_cast<int>(ByShared);
  }
  return Blocks;
}

namespace {
int residentBlocks(const KernelInfo &Kernel, int BlockSize, size_t DynamicShared) {
  return loom::residentBlocksPerMultiprocessor(Kernel, BlockSize, DynamicShared);
}
} // namespace

extern "C" {

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *NumBlocks,
                                                                   const void *Func,
                                                                   int BlockSize,
                                                                   size_t DynamicShared,
                                                                   unsigned int Flags) {
  if (!NumBlocks || BlockSize <= 0 || Flags > cudaOccupancyDisableCachingOverride)
    return recordError(cudaErrorInvalidValue,
                       why("NumBlocks %p is null, blockSize %d is not positive or flags %#x are "
                           "unknown", static_cast<void *>(NumBlocks), BlockSize, Flags));
  KernelInfo Kernel;
  if (cudaError_t Error = KernelRegistry::get().lookupKernel(Func, &Kernel))
    return recordError(Error);
  *NumBlocks = BlockSize > int(loom::maxThreadsOf(*Kernel.Desc))
                   ? 0
                   : residentBlocks(Kernel, BlockSize, DynamicShared);
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *NumBlocks, const void *Func,
                                                          int BlockSize,
                                                          size_t DynamicShared) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(NumBlocks, Func, BlockSize,
                                                                DynamicShared, 0);
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *DynamicShared, const void *Func,
                                                      int NumBlocks, int BlockSize) {
  if (!DynamicShared || NumBlocks <= 0 || BlockSize <= 0)
    return recordError(cudaErrorInvalidValue,
                       why("DynamicShared %p is null, or numBlocks %d or blockSize %d is not "
                           "positive", static_cast<void *>(DynamicShared), NumBlocks, BlockSize));
  KernelInfo Kernel;
  if (cudaError_t Error = KernelRegistry::get().lookupKernel(Func, &Kernel))
    return recordError(Error);
  uint64_t PerBlock = limits::SharedMemPerMultiprocessor / uint64_t(NumBlocks);
  if (PerBlock > limits::SharedMemPerBlockOptin)
    PerBlock = limits::SharedMemPerBlockOptin;
  uint64_t Static = Kernel.Desc->staticSharedBytes;
  *DynamicShared = PerBlock > Static ? PerBlock - Static : 0;
  return cudaSuccess;
}

cudaError_t __loomOccupancyMaxPotentialBlockSize(int *MinGridSize, int *BlockSize,
                                                 const void *Func, size_t DynamicShared,
                                                 int BlockSizeLimit) {
  if (!MinGridSize || !BlockSize || BlockSizeLimit < 0)
    return recordError(cudaErrorInvalidValue,
                       why("MinGridSize %p or BlockSize %p is null, or blockSizeLimit %d is "
                           "negative", static_cast<void *>(MinGridSize),
                           static_cast<void *>(BlockSize), BlockSizeLimit));
  KernelInfo Kernel;
  if (cudaError_t Error = KernelRegistry::get().lookupKernel(Func, &Kernel))
    return recordError(Error);
  int Limit = int(loom::maxThreadsOf(*Kernel.Desc));
  if (BlockSizeLimit > 0 && BlockSizeLimit < Limit)
    Limit = BlockSizeLimit;
  // Largest block size with the best occupancy, trying the limit and then
  // multiples of the warp size downwards, as CUDA's search does.
  int BestSize = 0, BestThreads = -1;
  auto consider = [&](int Size) {
    int Threads = residentBlocks(Kernel, Size, DynamicShared) * Size;
    if (Threads > BestThreads) {
      BestThreads = Threads;
      BestSize = Size;
    }
  };
  consider(Limit);
  for (int Size = (Limit - 1) / limits::WarpSize * limits::WarpSize; Size > 0;
       Size -= limits::WarpSize)
    consider(Size);
  *BlockSize = BestSize;
  *MinGridSize = residentBlocks(Kernel, BestSize, DynamicShared) *
                 loom::Runtime::get().properties().multiProcessorCount;
  return cudaSuccess;
}

} // extern "C"
