/* cuda_occupancy.h - the CUDA occupancy calculator API (cudaOcc*) for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * The toolkit ships this header-only calculator for programs that compute
 * occupancy without a device or a kernel handle; Thrust includes it. Loom's
 * version computes the residency model the runtime's own occupancy queries
 * use (docs/runtime.md, "Occupancy model"), from the properties passed in:
 *   resident blocks = min(maxThreadsPerMultiprocessor / blockSize,
 *                         maxBlocksPerMultiprocessor,
 *                         sharedMemPerMultiprocessor / (static + dynamic shared)).
 * Registers and barriers never limit a block on a CPU. Valid C++ (the
 * calculator uses templates and default arguments, as the toolkit's does).
 */
#ifndef __cuda_occupancy_h__
#define __cuda_occupancy_h__

#include <stddef.h>

#if defined(__CUDACC__) || defined(__CUDA__)
#define __OCC_INLINE inline __host__ __device__
#else
#define __OCC_INLINE inline
#endif

enum cudaOccError_enum {
  CUDA_OCC_SUCCESS = 0,
  CUDA_OCC_ERROR_INVALID_INPUT = 1,
  CUDA_OCC_ERROR_UNKNOWN = 2
};
typedef enum cudaOccError_enum cudaOccError;

/* What limits the number of resident blocks (cudaOccResult::limitingFactors). */
enum cudaOccLimitingFactor_enum {
  OCC_LIMIT_WARPS = 0x01,
  OCC_LIMIT_REGISTERS = 0x02,
  OCC_LIMIT_SHARED_MEMORY = 0x04,
  OCC_LIMIT_BLOCKS = 0x08,
  OCC_LIMIT_BARRIERS = 0x10
};
typedef enum cudaOccLimitingFactor_enum cudaOccLimitingFactor;

typedef enum cudaOccPartitionedGCConfig_enum {
  PARTITIONED_GC_OFF,
  PARTITIONED_GC_ON,
  PARTITIONED_GC_ON_STRICT
} cudaOccPartitionedGCConfig;

typedef enum cudaOccFuncShmemConfig_enum {
  FUNC_SHMEM_LIMIT_DEFAULT,
  FUNC_SHMEM_LIMIT_OPTIN
} cudaOccFuncShmemConfig;

typedef enum cudaOccCacheConfig_enum {
  CACHE_PREFER_NONE = 0x00,
  CACHE_PREFER_SHARED = 0x01,
  CACHE_PREFER_L1 = 0x02,
  CACHE_PREFER_EQUAL = 0x03
} cudaOccCacheConfig;

typedef enum cudaOccCarveoutConfig_enum {
  SHAREDMEM_CARVEOUT_DEFAULT = -1,
  SHAREDMEM_CARVEOUT_MAX_SHARED = 100,
  SHAREDMEM_CARVEOUT_MAX_L1 = 0,
  SHAREDMEM_CARVEOUT_HALF = 50
} cudaOccCarveoutConfig;

/* The device: the fields of cudaDeviceProp the calculator reads. The
 * defaults are Loom's device (cudaGetDeviceProperties reports the same). */
struct cudaOccDeviceProp {
  int computeMajor = 8;
  int computeMinor = 0;
  int maxThreadsPerBlock = 1024;
  int maxThreadsPerMultiprocessor = 2048;
  int regsPerBlock = 65536;
  int regsPerMultiprocessor = 65536;
  int warpSize = 32;
  size_t sharedMemPerBlock = 48 * 1024;
  size_t sharedMemPerMultiprocessor = 256 * 1024;
  int numSms = 1;
  size_t sharedMemPerBlockOptin = 256 * 1024;
  size_t reservedSharedMemPerBlock = 0;
  int maxBlocksPerMultiprocessor = 32;

  cudaOccDeviceProp() = default;
  /* From a cudaDeviceProp (any type with its field names). */
  template <typename DeviceProp>
  cudaOccDeviceProp(const DeviceProp &p)
      : computeMajor(p.major), computeMinor(p.minor),
        maxThreadsPerBlock(p.maxThreadsPerBlock),
        maxThreadsPerMultiprocessor(p.maxThreadsPerMultiProcessor),
        regsPerBlock(p.regsPerBlock), regsPerMultiprocessor(p.regsPerMultiprocessor),
        warpSize(p.warpSize), sharedMemPerBlock(p.sharedMemPerBlock),
        sharedMemPerMultiprocessor(p.sharedMemPerMultiprocessor),
        numSms(p.multiProcessorCount), sharedMemPerBlockOptin(p.sharedMemPerBlockOptin),
        reservedSharedMemPerBlock(p.reservedSharedMemPerBlock),
        maxBlocksPerMultiprocessor(p.maxBlocksPerMultiProcessor) {}
};

/* The kernel: the fields of cudaFuncAttributes the calculator reads. */
struct cudaOccFuncAttributes {
  int maxThreadsPerBlock = 1024;
  int numRegs = 0;
  size_t sharedSizeBytes = 0;
  cudaOccPartitionedGCConfig partitionedGCConfig = PARTITIONED_GC_OFF;
  cudaOccFuncShmemConfig shmemLimitConfig = FUNC_SHMEM_LIMIT_DEFAULT;
  size_t maxDynamicSharedSizeBytes = 48 * 1024;
  int numBlockBarriers = 1;

  cudaOccFuncAttributes() = default;
  /* From a cudaFuncAttributes (any type with its field names). */
  template <typename FuncAttributes>
  cudaOccFuncAttributes(const FuncAttributes &a)
      : maxThreadsPerBlock(a.maxThreadsPerBlock), numRegs(a.numRegs),
        sharedSizeBytes(a.sharedSizeBytes),
        maxDynamicSharedSizeBytes((size_t)a.maxDynamicSharedSizeBytes) {}
};

struct cudaOccDeviceState {
  cudaOccCacheConfig cacheConfig = CACHE_PREFER_NONE;
  cudaOccCarveoutConfig carveoutConfig = SHAREDMEM_CARVEOUT_DEFAULT;
};

struct cudaOccResult {
  int activeBlocksPerMultiprocessor = 0;
  unsigned int limitingFactors = 0;
  int blockLimitRegs = 0;
  int blockLimitSharedMem = 0;
  int blockLimitWarps = 0;
  int blockLimitBlocks = 0;
  int blockLimitBarriers = 0;
  int allocatedRegistersPerBlock = 0;
  size_t allocatedSharedMemPerBlock = 0;
  cudaOccPartitionedGCConfig partitionedGCConfig = PARTITIONED_GC_OFF;
};

/* Resident blocks of blockSize threads with dynamicSmemSize bytes of dynamic
 * shared memory on one multiprocessor, and what limits them. */
static __OCC_INLINE cudaOccError cudaOccMaxActiveBlocksPerMultiprocessor(
    cudaOccResult *result, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    int blockSize, size_t dynamicSmemSize) {
  (void)state;
  if (!result || !properties || !attributes || blockSize <= 0 ||
      properties->maxThreadsPerMultiprocessor <= 0 || properties->maxBlocksPerMultiprocessor <= 0)
    return CUDA_OCC_ERROR_INVALID_INPUT;
  *result = cudaOccResult();
  const int maxBlockSize = attributes->maxThreadsPerBlock < properties->maxThreadsPerBlock
                               ? attributes->maxThreadsPerBlock
                               : properties->maxThreadsPerBlock;
  size_t shared = attributes->sharedSizeBytes + dynamicSmemSize;
  result->allocatedSharedMemPerBlock = shared;
  result->blockLimitRegs = properties->maxBlocksPerMultiprocessor;
  result->blockLimitBarriers = properties->maxBlocksPerMultiprocessor;
  result->blockLimitBlocks = properties->maxBlocksPerMultiprocessor;
  result->blockLimitWarps = blockSize > maxBlockSize ? 0 : properties->maxThreadsPerMultiprocessor / blockSize;
  result->blockLimitSharedMem =
      shared ? (int)(properties->sharedMemPerMultiprocessor / shared) : properties->maxBlocksPerMultiprocessor;
  int blocks = result->blockLimitBlocks;
  unsigned factors = OCC_LIMIT_BLOCKS;
  if (result->blockLimitWarps < blocks) {
    blocks = result->blockLimitWarps;
    factors = 0;
  }
  if (result->blockLimitSharedMem < blocks) {
    blocks = result->blockLimitSharedMem;
    factors = 0;
  }
  /* Every limit equal to the result is a limiting factor. */
  if (result->blockLimitWarps == blocks)
    factors |= OCC_LIMIT_WARPS;
  if (result->blockLimitSharedMem == blocks)
    factors |= OCC_LIMIT_SHARED_MEMORY;
  if (result->blockLimitBlocks == blocks)
    factors |= OCC_LIMIT_BLOCKS;
  result->activeBlocksPerMultiprocessor = blocks;
  result->limitingFactors = factors;
  return CUDA_OCC_SUCCESS;
}

/* Dynamic shared memory a block can use with numBlocks resident blocks of
 * blockSize threads. */
static __OCC_INLINE cudaOccError cudaOccAvailableDynamicSMemPerBlock(
    size_t *dynamicSmemSize, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    int numBlocks, int blockSize) {
  (void)state;
  if (!dynamicSmemSize || !properties || !attributes || numBlocks <= 0 || blockSize <= 0)
    return CUDA_OCC_ERROR_INVALID_INPUT;
  size_t perBlock = properties->sharedMemPerMultiprocessor / (size_t)numBlocks;
  if (perBlock > properties->sharedMemPerBlockOptin)
    perBlock = properties->sharedMemPerBlockOptin;
  *dynamicSmemSize = perBlock > attributes->sharedSizeBytes ? perBlock - attributes->sharedSizeBytes : 0;
  return CUDA_OCC_SUCCESS;
}

/* The block size with the most resident threads (the largest such size),
 * trying the kernel's limit and then multiples of the warp size downwards;
 * minGridSize is the grid that fills every multiprocessor at that size.
 * blockSizeToDynamicSMemSize(blockSize) gives the dynamic shared memory of
 * a block size. */
template <typename UnaryFunction>
static inline cudaOccError cudaOccMaxPotentialOccupancyBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    UnaryFunction blockSizeToDynamicSMemSize) {
  if (!minGridSize || !blockSize || !properties || !attributes)
    return CUDA_OCC_ERROR_INVALID_INPUT;
  int limit = attributes->maxThreadsPerBlock < properties->maxThreadsPerBlock
                  ? attributes->maxThreadsPerBlock
                  : properties->maxThreadsPerBlock;
  int warp = properties->warpSize > 0 ? properties->warpSize : 32;
  int bestSize = 0, bestThreads = -1, bestBlocks = 0;
  for (int size = limit; size > 0; size = (size - 1) / warp * warp) {
    cudaOccResult r;
    cudaOccError e = cudaOccMaxActiveBlocksPerMultiprocessor(
        &r, properties, attributes, state, size, blockSizeToDynamicSMemSize(size));
    if (e != CUDA_OCC_SUCCESS)
      return e;
    if (r.activeBlocksPerMultiprocessor * size > bestThreads) {
      bestThreads = r.activeBlocksPerMultiprocessor * size;
      bestSize = size;
      bestBlocks = r.activeBlocksPerMultiprocessor;
    }
  }
  *blockSize = bestSize;
  *minGridSize = bestBlocks * properties->numSms;
  return CUDA_OCC_SUCCESS;
}

namespace __loom_occ {
struct __fixed_smem {
  size_t n;
  size_t operator()(int) const { return n; }
};
struct __smem_function {
  size_t (*f)(int);
  size_t operator()(int blockSize) const { return f(blockSize); }
};
} // namespace __loom_occ

/* The same with a fixed dynamic shared memory size, or with a function of
 * the block size when blockSizeToDynamicSMemSize is not null. */
static inline cudaOccError cudaOccMaxPotentialOccupancyBlockSize(
    int *minGridSize, int *blockSize, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    size_t (*blockSizeToDynamicSMemSize)(int) = NULL, size_t dynamicSMemSize = 0) {
  if (blockSizeToDynamicSMemSize)
    return cudaOccMaxPotentialOccupancyBlockSizeVariableSMem(
        minGridSize, blockSize, properties, attributes, state,
        __loom_occ::__smem_function{blockSizeToDynamicSMemSize});
  return cudaOccMaxPotentialOccupancyBlockSizeVariableSMem(
      minGridSize, blockSize, properties, attributes, state,
      __loom_occ::__fixed_smem{dynamicSMemSize});
}

#undef __OCC_INLINE

#endif /* __cuda_occupancy_h__ */
