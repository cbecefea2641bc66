// Surface.cpp - surface objects over CUDA arrays and the loads/stores kernels make.
// SPDX-License-Identifier: Apache-2.0
//
// Records and their lifetime: Surface.h. Device accesses check the magic
// number only.
#include "cuda_runtime_api.h"
#include "loom/KernelABI.h"

#include "core/Runtime.h"
#include "memory/Array.h"
#include "texture/Surface.h"
#include "support/ApiError.h"
#include "device/KernelGuard.h"

#include <cstring>

namespace loom {

namespace {

/// Device accesses: the magic number only (no lock on the hot path).
SurfaceRecord *live(cudaSurfaceObject_t Handle) {
  auto *R = reinterpret_cast<SurfaceRecord *>(static_cast<uintptr_t>(Handle));
  return R && R->Magic == SurfaceMagicLive ? R : nullptr;
}

/// Applies the boundary mode to one coordinate; false: out of range in Zero mode.
bool bound(int64_t &C, int64_t Extent, uint32_t Mode, bool &Trap) {
  if (C >= 0 && C < Extent)
    return true;
  if (Mode == cudaBoundaryModeClamp) {
    C = C < 0 ? 0 : Extent - 1;
    return true;
  }
  if (Mode == cudaBoundaryModeTrap)
    Trap = true;
  return false;
}

} // namespace

} // namespace loom

using namespace loom;

extern "C" {

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const cudaResourceDesc *pResDesc) {
  if (!pSurfObject || !pResDesc || pResDesc->resType != cudaResourceTypeArray)
    return recordError(cudaErrorInvalidValue,
                       why("pSurfObject %p or pResDesc %p is null, or resType is not "
                           "cudaResourceTypeArray", static_cast<void *>(pSurfObject),
                           static_cast<const void *>(pResDesc)));
  ArrayView View;
  if (!Runtime::get().arrays().view(pResDesc->res.array.array, &View))
    return recordError(cudaErrorInvalidResourceHandle,
                       why("resource desc array %p is not a live CUDA array",
                           static_cast<void *>(pResDesc->res.array.array)));
  SurfaceTable &Table = Runtime::get().surfaces();
  std::unique_ptr<SurfaceRecord> Record = Table.make();
  Record->Res = *pResDesc;
  Record->View = View;
  Record->Magic = SurfaceMagicLive;
  SurfaceRecord *R = Table.insert(std::move(Record));
  *pSurfObject = static_cast<cudaSurfaceObject_t>(reinterpret_cast<uintptr_t>(R));
  return cudaSuccess;
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject) {
  if (surfObject == 0)
    return cudaSuccess;
  // Queued kernels may still use it (cudaDestroyTextureObject).
  Runtime::get().scheduler().waitAll();
  if (!Runtime::get().surfaces().destroy(handlePointer(surfObject)))
    return recordError(cudaErrorInvalidValue,
                       why("surface object %#llx is not a live surface object",
                           static_cast<unsigned long long>(surfObject)));
  return cudaSuccess;
}

cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc *pResDesc,
                                             cudaSurfaceObject_t surfObject) {
  if (!pResDesc || !Runtime::get().surfaces().with(handlePointer(surfObject),
                                                    [&](SurfaceRecord &R) { *pResDesc = R.Res; }))
    return recordError(cudaErrorInvalidValue,
                       why("pResDesc %p is null or surface object %#llx is not live",
                           static_cast<void *>(pResDesc),
                           static_cast<unsigned long long>(surfObject)));
  return cudaSuccess;
}

void __loom_surf_access(uint64_t Surface, uint32_t Write, int32_t X, int32_t Y, int32_t Z,
                        int32_t Layer, void *Data, uint32_t Size, uint32_t BoundaryMode) {
  SurfaceRecord *R = live(Surface);
  if (!R) {
    if (!Write)
      std::memset(Data, 0, Size);
    return;
  }
  const ArrayView &V = R->View;
  bool Trap = false;
  int64_t Bx = X, Y64 = Y, Z64 = Z;
  // x is in bytes; accesses must be aligned to the access size.
  int64_t RowBytes = static_cast<int64_t>(V.rowBytes());
  bool In = bound(Bx, RowBytes - static_cast<int64_t>(Size) + 1, BoundaryMode, Trap);
  In &= bound(Y64, static_cast<int64_t>(V.Height), BoundaryMode, Trap);
  int64_t Slice = V.Layers ? Layer : Z64;
  In &= bound(Slice, static_cast<int64_t>(V.Depth), BoundaryMode, Trap);
  if (Trap) {
    setStickyError(
        cudaErrorIllegalAddress,
        "surface %s at (%d, %d, %d) layer %d (x in bytes, %u-byte access) is "
        "outside the %llux%llux%llu surface under cudaBoundaryModeTrap",
        Write ? "write" : "read", X, Y, Z, Layer, Size,
        (unsigned long long)V.rowBytes(), (unsigned long long)V.Height,
        (unsigned long long)V.Depth);
    abandonCurrentKernel();
    return;
  }
  if (!In) {
    if (!Write)
      std::memset(Data, 0, Size);
    return;
  }
  unsigned char *P = V.Base + (static_cast<size_t>(Slice) * V.Height + static_cast<size_t>(Y64)) *
                                  V.rowBytes() +
                     static_cast<size_t>(Bx);
  if (Write)
    std::memcpy(P, Data, Size);
  else
    std::memcpy(Data, P, Size);
}

} // extern "C"
