// Transfer.cpp - copies and fills ordered in their stream.
// SPDX-License-Identifier: Apache-2.0
#include "api/Transfer.h"

#include "core/Ops.h"
#include "core/Runtime.h"
#include "support/ApiError.h"

namespace loom {

cudaError_t submitCopy(void *Dst, size_t DstPitch, const void *Src, size_t SrcPitch,
                       size_t Width, size_t Height, cudaMemcpyKind Kind, cudaStream_t Handle,
                       bool Async) {
  if (Kind < cudaMemcpyHostToHost || Kind > cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  if (Width == 0 || Height == 0)
    return cudaSuccess;
  if (!Dst || !Src)
    return cudaErrorInvalidValue;
  if (Height > 1 && (DstPitch < Width || SrcPitch < Width))
    return cudaErrorInvalidPitchValue;
  if (cudaError_t Error = stickyError())
    return Error;
  Runtime &R = Runtime::get();
  std::shared_ptr<Stream> S;
  if (cudaError_t Error = R.resolveStream(Handle, &S))
    return Error;
  auto Copy = std::make_shared<CopyOp>(Dst, DstPitch, Src, SrcPitch, Width, Height);
  R.scheduler().submit(S, Copy);
  if (Async)
    return cudaSuccess;
  R.scheduler().waitFor(Copy);
  return stickyError();
}

cudaError_t submitSet(void *Dst, size_t Pitch, int Value, size_t Width, size_t Height,
                      cudaStream_t Handle, bool Async) {
  if (Width == 0 || Height == 0)
    return cudaSuccess;
  if (!Dst)
    return cudaErrorInvalidValue;
  if (Height > 1 && Pitch < Width)
    return cudaErrorInvalidPitchValue;
  if (cudaError_t Error = stickyError())
    return Error;
  Runtime &R = Runtime::get();
  std::shared_ptr<Stream> S;
  if (cudaError_t Error = R.resolveStream(Handle, &S))
    return Error;
  auto Set = std::make_shared<SetOp>(Dst, Pitch, Value, Width, Height);
  R.scheduler().submit(S, Set);
  if (Async)
    return cudaSuccess;
  R.scheduler().waitFor(Set);
  return stickyError();
}

} // namespace loom
