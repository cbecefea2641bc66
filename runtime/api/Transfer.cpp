// Transfer.cpp - copies and fills ordered in their stream.
// SPDX-License-Identifier: Apache-2.0
#include "api/Transfer.h"

#include "core/Ops.h"
#include "core/Runtime.h"
#include "support/ApiError.h"

namespace loom {

namespace {
/// Enqueues \p O on \p Handle's stream and, for synchronous calls, waits.
cudaError_t submitAndMaybeWait(OpRef O, cudaStream_t Handle, bool Async) {
  if (cudaError_t Error = stickyError())
    return Error;
  Runtime &R = Runtime::get();
  std::shared_ptr<Stream> S;
  if (cudaError_t Error = R.resolveStream(Handle, &S))
    return Error;
  if (!Async)
    if (cudaError_t Error = R.checkBlockingCall(S))
      return Error;
  OpRef Keep = O;
  if (cudaError_t Error = R.enqueue(S, std::move(O)))
    return Error;
  if (Async)
    return cudaSuccess;
  R.scheduler().waitFor(Keep);
  return stickyError();
}
} // namespace

cudaError_t submitCopy3D(const CopyShape &C, cudaMemcpyKind Kind, cudaStream_t Handle,
                         bool Async) {
  if (Kind < cudaMemcpyHostToHost || Kind > cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  if (C.Width == 0 || C.Height == 0 || C.Depth == 0)
    return cudaSuccess;
  if (!C.Dst || !C.Src)
    return cudaErrorInvalidValue;
  if (C.DstPitch < C.Width || C.SrcPitch < C.Width)
    return cudaErrorInvalidPitchValue;
  if (C.Depth > 1 && (C.DstSlicePitch < C.DstPitch * (C.Height - 1) + C.Width ||
                      C.SrcSlicePitch < C.SrcPitch * (C.Height - 1) + C.Width))
    return cudaErrorInvalidValue;
  return submitAndMaybeWait(std::make_shared<CopyOp>(C.Dst, C.DstPitch, C.Src, C.SrcPitch,
                                                     C.Width, C.Height, C.Depth,
                                                     C.DstSlicePitch, C.SrcSlicePitch),
                            Handle, Async);
}

cudaError_t submitCopy(void *Dst, size_t DstPitch, const void *Src, size_t SrcPitch,
                       size_t Width, size_t Height, cudaMemcpyKind Kind, cudaStream_t Handle,
                       bool Async) {
  return submitCopy3D({Dst, DstPitch, 0, Src, SrcPitch, 0, Width, Height, 1}, Kind, Handle,
                      Async);
}

cudaError_t submitSet3D(void *Dst, size_t Pitch, size_t SlicePitch, int Value, size_t Width,
                        size_t Height, size_t Depth, cudaStream_t Handle, bool Async) {
  if (Width == 0 || Height == 0 || Depth == 0)
    return cudaSuccess;
  if (!Dst)
    return cudaErrorInvalidValue;
  if (Height > 1 && Pitch < Width)
    return cudaErrorInvalidPitchValue;
  if (Depth > 1 && SlicePitch < Pitch * (Height - 1) + Width)
    return cudaErrorInvalidValue;
  return submitAndMaybeWait(
      std::make_shared<SetOp>(Dst, Pitch, Value, Width, Height, Depth, SlicePitch), Handle,
      Async);
}

cudaError_t submitSet(void *Dst, size_t Pitch, int Value, size_t Width, size_t Height,
                      cudaStream_t Handle, bool Async) {
  return submitSet3D(Dst, Pitch, 0, Value, Width, Height, 1, Handle, Async);
}

} // namespace loom
