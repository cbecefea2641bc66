// Transfer.h - shared validation and submission of copies and fills (memcpy/memset/symbol/array families).
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_API_TRANSFER_H
#define LOOM_RUNTIME_API_TRANSFER_H

#include "driver_types.h"

#include <cstddef>

namespace loom {

class Allocator;

/// A 3D byte copy: Depth slices of Height rows of Width bytes.
struct CopyShape {
  void *Dst;
  size_t DstPitch, DstSlicePitch;
  const void *Src;
  size_t SrcPitch, SrcSlicePitch;
  size_t Width, Height, Depth;
  /// A side Loom resolved itself (a CUDA array's storage, a symbol's range,
  /// checked by the caller): not looked up in the allocation map.
  bool DstTrusted = false, SrcTrusted = false;
};

/// A 3D copy in \p Stream; waits for it unless \p Async. Validates like CUDA:
/// bad kind -> cudaErrorInvalidMemcpyDirection, null pointer with nonzero
/// size -> cudaErrorInvalidValue, pitch < width -> cudaErrorInvalidPitchValue,
/// and each side's whole footprint against the allocation map
/// (checkTransferSide): cudaErrorInvalidValue for a range that runs past an
/// allocation, wraps around, or, on a side the kind says is device memory,
/// is no memory Loom tracks (freed, garbage).
/// During stream capture the copy is recorded (or refused, see Runtime::enqueue).
cudaError_t submitCopy3D(const CopyShape &Shape, cudaMemcpyKind Kind, cudaStream_t Stream,
                         bool Async);

/// A 2D copy (a 1D copy has pitch = width and one row). \p Trusted: which
/// sides Loom resolved itself (TrustDst, TrustSrc).
enum : unsigned { TrustDst = 1, TrustSrc = 2 };
cudaError_t submitCopy(void *Dst, size_t DstPitch, const void *Src, size_t SrcPitch,
                       size_t Width, size_t Height, cudaMemcpyKind Kind, cudaStream_t Stream,
                       bool Async, unsigned Trusted = 0);

/// Checks one side of a copy or fill: the \p Depth x \p Height x \p Width
/// window at \p Ptr with the given pitches. \p MustBeDevice: the call's kind
/// says this side is device memory, so untracked memory is refused.
/// \p Untracked is set when the side is memory the map does not track.
cudaError_t checkTransferSide(const void *Ptr, size_t Pitch, size_t SlicePitch, size_t Width,
                              size_t Height, size_t Depth, bool MustBeDevice,
                              bool *Untracked = nullptr);
/// The same against \p Map (a caller that has the runtime at hand).
cudaError_t checkTransferSide(Allocator &Map, const void *Ptr, size_t Pitch, size_t SlicePitch,
                              size_t Width, size_t Height, size_t Depth, bool MustBeDevice,
                              bool *Untracked = nullptr);

/// A 3D fill in \p Stream; waits for it unless \p Async.
cudaError_t submitSet3D(void *Dst, size_t Pitch, size_t SlicePitch, int Value, size_t Width,
                        size_t Height, size_t Depth, cudaStream_t Stream, bool Async);

/// A 2D fill in \p Stream; waits for it unless \p Async.
cudaError_t submitSet(void *Dst, size_t Pitch, int Value, size_t Width, size_t Height,
                      cudaStream_t Stream, bool Async);

} // namespace loom

#endif // LOOM_RUNTIME_API_TRANSFER_H
