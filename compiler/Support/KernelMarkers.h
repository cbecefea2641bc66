//===- KernelMarkers.h - Loom's vocabulary for GPU concepts in IR ---------===//
// SPDX-License-Identifier: Apache-2.0
//
// Front ends (NVVM today, OpenCL later) translate their own spellings of
// "thread index", "barrier", ... into calls to Loom marker functions; every
// later pass speaks only this vocabulary. A marker is a declaration
// `@loom.<name>` with a fixed signature, e.g. `i32 @loom.tid.x()` or
// `void @loom.barrier()`. Kernels are marked with the function attribute
// "loom-kernel".
//
//===----------------------------------------------------------------------===//
#ifndef LOOM_SUPPORT_KERNELMARKERS_H
#define LOOM_SUPPORT_KERNELMARKERS_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace llvm {
class CallBase;
class Function;
class Module;
class Value;
} // namespace llvm

namespace loom {

enum class Marker {
#define LOOM_MARKER(Enum, Name, Kind) Enum,
#include "Support/Markers.def"
};

/// What a marker is: a 32-bit index/size (no operands), a barrier, or a
/// barrier that also reduces an i1 over the block (i32 popc, i1 and/or).
enum class MarkerShape { Index, Sync, Reduce, Collective };

llvm::StringRef markerName(Marker M);
MarkerShape markerShape(Marker M);

/// Returns (declaring it if needed) the marker function in \p M.
llvm::Function *getMarkerFunction(llvm::Module &M, Marker Kind);

/// Which marker \p Call calls, if any.
std::optional<Marker> getMarker(const llvm::CallBase &Call);
std::optional<Marker> getMarker(const llvm::Function &F);

/// Dimension (0 = x, 1 = y, 2 = z) of an index marker.
unsigned markerDimension(Marker M);

/// Index markers grouped by what they read.
bool isThreadIndex(Marker M); // threadIdx.{x,y,z}
bool isBlockIndex(Marker M);  // blockIdx.{x,y,z}
bool isBlockDim(Marker M);    // blockDim.{x,y,z}
bool isGridDim(Marker M);     // gridDim.{x,y,z}
/// Same value in every thread of a block, as a leaf: kernel arguments,
/// constants (globals included), block indices and dimensions, grid
/// dimensions.
bool isBlockUniformLeaf(const llvm::Value *V);
/// __syncthreads, its counting / voting forms, and warp collectives (a
/// collective synchronizes its warp: it is a barrier for the threads that
/// reach it). Also a spin-wait's yield point (SpinWaits), which is a region
/// boundary without synchronizing anyone.
bool isBarrier(Marker M);

/// The device-library function that computes a warp collective's result.
constexpr const char *WarpCollectiveFn = "__loom_warp_collective";

/// Dynamic parallelism: a private placeholder global carrying this attribute
/// (its value: the launched kernel's name) stands for that kernel's
/// descriptor until KernelRegistration creates the descriptors.
constexpr const char *KernelRefAttr = "loom-kernel-ref";

/// Kernel attribute helpers.
constexpr const char *KernelAttr = "loom-kernel";
/// On a kernel (and the block function cloned from it): the thread count of
/// its __launch_bounds__ (clang's "nvvm.maxntid", x*y*z), which
/// KernelRegistration puts in LoomKernelDesc::maxThreadsPerBlock.
constexpr const char *MaxThreadsAttr = "loom-max-threads";
bool isKernel(const llvm::Function &F);
void markKernel(llvm::Function &F);

} // namespace loom

#endif
