/* KernelABI.h - the one contract between Loom's kernel compiler and its runtime.
 * SPDX-License-Identifier: Apache-2.0
 *
 * The compiler turns every CUDA kernel into an *entry* that runs a range of
 * whole blocks on one CPU thread, and every translation unit's device code into
 * a module descriptor registered by a global constructor. The host side of the
 * same translation unit registers its kernel stubs through CUDA's own
 * __cudaRegisterFatBinary / __cudaRegisterFunction calls (emitted by clang);
 * the "fat binary" Loom embeds is LOOM_FATBIN_MAGIC, a NUL, then the module
 * key, then a NUL. The runtime pairs a stub with its entry by (key, name).
 *
 * This header is C, included by both the compiler (to build the descriptor
 * types in IR) and the runtime. Changing a layout here means bumping
 * LOOM_ABI_VERSION; the compiler's IR mirror lives in
 * compiler/Support/LaunchABI.cpp (tests/unit/compiler/LaunchABITest.cpp
 * checks it against this header).
 */
#ifndef LOOM_KERNEL_ABI_H
#define LOOM_KERNEL_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The device-library entry points below are __device__ functions where a
 * CUDA translation unit includes this header (Loom's device headers do:
 * cooperative_groups.h, loom/__loom_textures.h), and plain C functions for
 * the runtime that defines them. */
#if defined(__CUDA__)
#define LOOM_DEVICE_ENTRY __device__
#else
#define LOOM_DEVICE_ENTRY
#endif

#define LOOM_ABI_VERSION 4u
#define LOOM_FATBIN_MAGIC "LOOMFATBIN1"

typedef struct LoomDim3 {
  uint32_t x, y, z;
} LoomDim3;

/* One launch, as the entry sees it. Immutable while the launch runs. */
typedef struct LoomLaunch {
  LoomDim3 gridDim;
  LoomDim3 blockDim;
  uint64_t dynamicSharedBytes; /* third <<<>>> argument */
} LoomLaunch;

/* Bytes before and after every block's shared memory that kernels may read
 * (never write): a vector load that covers some in-bounds element of a
 * shared array spans at most this far outside it, so the code generator
 * loads whole vectors where only some lanes are active. Static __shared__
 * variables get the same guard zones from the compiler. */
#define LOOM_SHARED_GUARD_BYTES 256u

/* Per-worker state handed to an entry; owned by the runtime's worker. */
typedef struct LoomWorker {
  void *sharedMem;            /* >= staticSharedBytes + dynamicSharedBytes, 64-byte aligned,
                                 with LOOM_SHARED_GUARD_BYTES readable on each side */
  void *threadArena;          /* per-thread storage across barriers, >= threadArenaBytes */
  uint64_t threadArenaBytes;
  uint32_t workerIndex;
  uint32_t reserved;
} LoomWorker;

/* Runs blocks [blockBegin, blockEnd) of the linearized grid
 * (linear = x + gridDim.x * (y + gridDim.y * z)). args[i] points to argument i. */
typedef void (*LoomKernelEntry)(const LoomLaunch *launch, void *const *args,
                                uint64_t blockBegin, uint64_t blockEnd,
                                LoomWorker *worker);

typedef struct LoomKernelDesc {
  const char *name;             /* device-side (mangled) kernel name */
  LoomKernelEntry entry;
  uint32_t numArgs;
  uint32_t gangWidth;           /* threads per arena unit: 1, or a gang kernel's
                                   width (its rows split into ceil(x / gangWidth)
                                   units); 0 reads as 1 */
  const uint32_t *argSizes;     /* numArgs entries, bytes */
  const uint32_t *argAligns;    /* numArgs entries, bytes (power of two) */
  uint64_t staticSharedBytes;   /* bytes of static __shared__ data */
  uint64_t threadArenaBytesPerThread; /* per-unit state kept across barriers
                                         (unit: a thread, or a gang) */
  uint32_t flags;               /* LOOM_KERNEL_* */
  uint32_t maxThreadsPerBlock;  /* __launch_bounds__' first value; 0: none */
} LoomKernelDesc;

/* The kernel cannot wait for anything the host does after the launch: it has
 * no volatile or atomic load, no atomic read-modify-write whose old value it
 * uses, no inline assembly, no indirect call, no device-side launch or grid
 * synchronization, and calls only functions of its module, intrinsics and
 * the device services of this header (compiler/Transforms/KernelRegistration).
 * The runtime may then run a small launch of it on the launching thread
 * before the launch returns (Scheduler::tryRunHere): no host write it could
 * be waiting for can be still to come. */
#define LOOM_KERNEL_NEVER_WAITS_FOR_HOST 1u
/* The kernel (or a function it calls) launches kernels from the device
 * (__loom_launch_device). CUDA refuses a cooperative launch of such a kernel
 * with cudaErrorNotPermitted (seen on an H200 with CUDA 13). */
#define LOOM_KERNEL_LAUNCHES_KERNELS 2u
/* The kernel (or a function it calls) uses the device heap: malloc, free,
 * new, delete, device-side cudaMalloc/cudaFree. CUDA fixes the heap's size
 * (cudaLimitMallocHeapSize) once such a kernel was launched. */
#define LOOM_KERNEL_USES_DEVICE_HEAP 4u
/* The kernel has loops that wait for other threads (compiler/Transforms/
 * SpinWaits: a volatile or atomic read decides when the loop ends). Its
 * threads yield at those loops; the runtime runs all blocks of a grid that
 * fits at once, each on its own thread, so a block can wait for any other
 * (docs/reliability.md "Forward progress"). */
#define LOOM_KERNEL_SPIN_WAITS 8u

#define LOOM_VAR_MANAGED 1u
/* The variable's initial value is all zero bytes (cudaDeviceReset restores
 * it with a memset; other variables are restored from a copy the runtime
 * takes at registration). */
#define LOOM_VAR_ZERO_INIT 2u

typedef struct LoomVarDesc {
  const char *name;             /* device-side name of a __device__/__constant__ variable */
  void *address;                /* its storage (for a managed variable: the initial value) */
  uint64_t size;
  uint32_t flags;               /* LOOM_VAR_MANAGED | LOOM_VAR_ZERO_INIT */
  uint32_t reserved;
  /* Managed variables: kernels reach the variable through *managedPointer,
   * which the runtime points at the host's copy (after copying the initial
   * value there), so host and device share one storage. Else null. */
  void **managedPointer;
} LoomVarDesc;

typedef struct LoomModuleDesc {
  uint32_t abiVersion;          /* LOOM_ABI_VERSION */
  uint32_t numKernels;
  const char *key;              /* same key as in the host side's fat binary */
  const LoomKernelDesc *kernels;
  uint32_t numVars;
  uint32_t reserved;
  const LoomVarDesc *vars;
  /* Launch-time specialization (docs/runtime.md): the module's device code
   * as LLVM bitcode at the point where the kernel pipeline can run again for
   * one block size (after device-function inlining and cleanup, before
   * barrier elimination; docs/pipeline.md), and the options the pipeline
   * ran with ("key=value;..."). Null and 0 when loomcc was given
   * --loom-no-jit-bitcode: the runtime then only runs the compiled entries. */
  const void *jitBitcode;
  uint64_t jitBitcodeSize;
  const char *jitConfig;
} LoomModuleDesc;

/* Called from a global constructor of every compiled device module. */
void __loomRegisterModule(const LoomModuleDesc *module);

/* Relocatable device code (-rdc): clang's -fgpu-rdc host code does not call
 * __cudaRegister*; it lists kernels and variables in the section
 * llvm_offload_entries with this layout (llvm/Frontend/Offloading/Utility.h).
 * The constructor of loomcc's device link object passes the executable's (or
 * shared library's) table and its device module's key. */
typedef struct LoomOffloadEntry {
  uint64_t reserved;            /* 0 */
  uint16_t version;
  uint16_t kind;                /* LOOM_OFFLOAD_KIND_CUDA for CUDA entries */
  uint32_t flags;               /* LOOM_OFFLOAD_* type in the low 3 bits, | EXTERN */
  void *address;                /* host stub or shadow variable */
  const char *symbolName;       /* device-side name */
  uint64_t size;                /* 0 for a kernel */
  uint64_t data;                /* textures: the dimension */
  void *auxAddr;
} LoomOffloadEntry;
#define LOOM_OFFLOAD_KIND_CUDA 2u
#define LOOM_OFFLOAD_TYPE_MASK 7u
#define LOOM_OFFLOAD_GLOBAL 0u
#define LOOM_OFFLOAD_MANAGED 1u
#define LOOM_OFFLOAD_SURFACE 2u
#define LOOM_OFFLOAD_TEXTURE 3u
#define LOOM_OFFLOAD_EXTERN 8u
#define LOOM_OFFLOAD_NORMALIZED 32u
void __loomRegisterOffloadEntries(const LoomOffloadEntry *begin, const LoomOffloadEntry *end,
                                  const char *key);

/* Device-library entry points that compiled kernels call at run time. */
/* The device heap (cudaLimitMallocHeapSize): kernels' malloc/free, and their
 * cudaMalloc/cudaFree (which return cudaError_t codes). */
LOOM_DEVICE_ENTRY void *__loom_device_malloc(size_t size);
/* Device operator new for over-aligned types: \p align a power of two. */
LOOM_DEVICE_ENTRY void *__loom_device_malloc_aligned(size_t size, size_t align);
LOOM_DEVICE_ENTRY void __loom_device_free(void *ptr);
LOOM_DEVICE_ENTRY int __loom_device_cuda_malloc(void **ptr, size_t size);
LOOM_DEVICE_ENTRY int __loom_device_cuda_free(void *ptr);
/* Dynamic parallelism: a kernel launches \p kernel (its descriptor) with the
 * arguments clang wrote to a buffer from cudaGetParameterBuffer (consumed
 * here); returns a cudaError_t. grid/block point to dim3s. */
LOOM_DEVICE_ENTRY int __loom_launch_device(const LoomKernelDesc *kernel, void *parameterBuffer, const void *grid,
                         const void *block, uint32_t sharedMemBytes, void *stream);
/* printf from device code: clang's NVPTX lowering packs the arguments into a
 * buffer (each argument at its natural alignment, float promoted to double). */
LOOM_DEVICE_ENTRY int __loom_vprintf(const char *format, const void *packedArgs);
/* A failed assert(): prints CUDA's message with the block and thread index,
 * sets the sticky cudaErrorAssert (the next synchronizing API call returns
 * it) and abandons the rest of the launch; does not return inside a kernel. */
LOOM_DEVICE_ENTRY void __loom_assert_fail(const char *message, const char *file, uint32_t line,
                        const char *function, uint32_t blockX, uint32_t blockY,
                        uint32_t blockZ, uint32_t threadX, uint32_t threadY,
                        uint32_t threadZ);
/* __trap(): sticky cudaErrorLaunchFailure, abandons the launch. */
LOOM_DEVICE_ENTRY void __loom_trap(void);
/* grid_group::sync(), called by thread 0 of each block between two
 * __syncthreads(): waits until every block of the cooperative grid arrived
 * (blocks that finished are not waited for). Outside a
 * cudaLaunchCooperativeKernel launch it prints a message, sets the sticky
 * cudaErrorLaunchFailure and abandons the launch. */
LOOM_DEVICE_ENTRY void __loom_grid_sync(void);
/* Called by a block each time its threads take a turn at their spin-wait
 * yield points (compiler/Transforms/BarrierRegions): the block may be
 * waiting for another block, which runs on another OS thread; now and then
 * this gives up the core (sched_yield) so that one can run. */
LOOM_DEVICE_ENTRY void __loom_spin_yield(void);
/* grid_group::is_valid(): 1 inside a cooperative launch, else 0. */
LOOM_DEVICE_ENTRY uint32_t __loom_grid_is_valid(void);

/* Appends through a global counter, `out[atomicAdd(count, 1)] = v`
 * (compiler/Transforms/DeferAppends.h): reserves \p n consecutive elements of
 * \p elemSize bytes in the calling thread's staging buffer for the stream
 * (count, out) and returns where to write them. A full buffer, and every
 * buffer when the kernel entry returns, is copied to out[old...] with one
 * atomicAdd(count, elements) returning old. Flags: */
#define LOOM_APPEND_COUNTER64 1u    /* count is a 64-bit counter, else 32-bit */
#define LOOM_APPEND_SIGNED_INDEX 2u /* a 32-bit old value indexes sign-extended */
LOOM_DEVICE_ENTRY void *__loom_append(void *count, void *out, uint64_t elemSize, uint32_t n, uint32_t flags);

/* Texture fetches. `texture` is a cudaTextureObject_t (for a legacy texture
 * reference: the object the runtime created when it was bound and stored in
 * the reference's device variable). Coordinates come as the CUDA call gives
 * them (an integer index for tex1Dfetch, else unnormalized or normalized
 * floats), as doubles so both kinds are exact. `layer` is the layer of a
 * layered texture, or the component of tex2Dgather. The result is four
 * lanes (x, y, z, w): floats when `wantInt` is 0 (element type float, or
 * cudaReadModeNormalizedFloat), else 32-bit integers (integer element type
 * read as cudaReadModeElementType). Sampling follows CUDA's rules:
 * addressing modes, point/linear filtering with 9-bit fixed-point weights,
 * texel centres at +0.5. */
enum LoomTexKind {
  LoomTex1DFetch = 0, /* tex1Dfetch: integer index into linear memory */
  LoomTex1D = 1,
  LoomTex2D = 2,
  LoomTex3D = 3,
  LoomTex1DLayered = 4,
  LoomTex2DLayered = 5,
  LoomTex2DGather = 6,
  LoomTexCubemap = 7,        /* (x, y, z) direction; the face is a layer of the array */
  LoomTexCubemapLayered = 8  /* layer selects a cube: faces 6*layer .. 6*layer+5 */
};
LOOM_DEVICE_ENTRY void __loom_tex_fetch(uint64_t texture, uint32_t kind, double x, double y, double z,
                      int32_t layer, void *result, uint32_t wantInt);
/* The same with a level of detail (tex*Lod) for a texture over a mipmapped
 * array: `level`, or when `grad` is not null (tex*Grad) the level its
 * gradients give: grad[0..2] = dPdx (x, y, z), grad[3..5] = dPdy. Textures
 * with one level ignore both. */
LOOM_DEVICE_ENTRY void __loom_tex_fetch_lod(uint64_t texture, uint32_t kind, double x, double y, double z,
                          int32_t layer, float level, const float *grad, void *result,
                          uint32_t wantInt);

/* Surface loads and stores: `surface` is a cudaSurfaceObject_t; x is a byte
 * offset in the row (as CUDA's surf*D functions take it), y/z rows and
 * slices, layer for layered arrays; `size` bytes move between the element
 * and `data`. boundaryMode is cudaSurfaceBoundaryMode: Zero (reads give 0,
 * writes are dropped), Clamp, Trap (a sticky cudaErrorIllegalAddress). */
LOOM_DEVICE_ENTRY void __loom_surf_access(uint64_t surface, uint32_t write, int32_t x, int32_t y, int32_t z,
                        int32_t layer, void *data, uint32_t size, uint32_t boundaryMode);

#ifdef __cplusplus
}
#endif

#endif /* LOOM_KERNEL_ABI_H */
