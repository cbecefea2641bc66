// Transfer.cpp - copies and fills ordered in their stream.
// SPDX-License-Identifier: Apache-2.0
#include "api/Transfer.h"

#include "core/KernelRegistry.h"
#include "core/Ops.h"
#include "core/Runtime.h"
#include "profile/Profile.h"
#include "scheduler/WorkerState.h"
#include "support/ApiError.h"

namespace loom {

namespace {
bool faulted(const CopyOp &O) { return O.faulted(); }
bool faulted(const SetOp &) { return false; } // its range is always tracked memory

/// A blocking copy or fill whose stream has nothing to wait for, done on
/// the calling thread without an op in any queue.
template <typename OpT, typename... ArgTs> cudaError_t runHere(Runtime &R, ArgTs... Args) {
  if (!profile::Enabled) // no op to describe to the profiler: none is built
    return OpT::runNow(Args...)
               ? stickyError()
               : failWith(cudaErrorInvalidValue,
                          "the copy faulted on an unmapped address (a bad host pointer)");
  OpT Inline(Args...);
  int64_t ProfileStart = profile::Enabled ? profile::nowNs() : 0;
  Inline.CallerWaits = true;
  Inline.run(0, 1, helperWorkerState(R.scheduler().numWorkers()));
  if (profile::Enabled)
    profile::ranInline(Inline, ProfileStart);
  if (faulted(Inline))
    return failWith(cudaErrorInvalidValue,
                    "the copy faulted on an unmapped address (a bad host pointer)");
  return stickyError();
}

/// Enqueues the op \p Make builds on \p Handle's stream and, for synchronous
/// calls, waits. A synchronous call first waits (helping: a small kernel
/// before it runs on this thread) for the work it is ordered after, then runs
/// the copy or fill right here, without an op: the cheapest path for the
/// small copies around small kernels.
template <typename OpT, typename... ArgTs>
cudaError_t submitAndMaybeWait(Runtime &R, cudaStream_t Handle, bool Async, ArgTs... Args) {
  if (cudaError_t Error = stickyError())
    return Error;
  // The cheapest case: a blocking call on a predefined stream (always
  // valid) while nothing is queued anywhere and nothing captures: there is
  // nothing to wait for and nothing to check (checkBlockingCall only
  // concerns captures), so the copy runs here without a stream lookup or a
  // lock.
  if (!Async &&
      (Handle == nullptr || Handle == cudaStreamLegacy || Handle == cudaStreamPerThread) &&
      !R.anyCapture() && R.scheduler().idleEverywhere())
    return runHere<OpT>(R, Args...);
  std::shared_ptr<Stream> S;
  if (cudaError_t Error = R.resolveStream(Handle, &S))
    return Error;
  if (!Async) {
    if (cudaError_t Error = R.checkBlockingCall(S))
      return Error;
    // Wait for what the call would wait for, then do it here if nothing
    // new arrived meanwhile (else it goes behind that as an op).
    R.scheduler().waitBeforeBlockingCall(S);
    // A kernel before it faulted: the copy is skipped, as its op would be.
    if (cudaError_t Error = stickyError())
      return Error;
    if (R.scheduler().idleForBlockingCall(S))
      return runHere<OpT>(R, Args...);
  }
  std::shared_ptr<OpT> O = std::make_shared<OpT>(Args...);
  // The caller waits for it at once: it runs the op itself (or a worker that
  // is awake anyway does) instead of waking one.
  O->CallerWaits = !Async;
  std::shared_ptr<OpT> Keep = O;
  // An asynchronous small copy or fill for an idle stream runs here.
  if (cudaError_t Error = R.enqueue(S, std::move(O), nullptr, /*MayRunHere=*/Async))
    return Error;
  if (Async)
    return cudaSuccess;
  R.scheduler().waitFor(Keep);
  // A copy through an address that is not mapped fails the call, as CUDA's
  // does for a bad host pointer.
  if (faulted(*Keep))
    return failWith(cudaErrorInvalidValue,
                    "the copy faulted on an unmapped address (a bad host pointer)");
  return stickyError();
}
} // namespace

cudaError_t checkTransferSide(const void *Ptr, size_t Pitch, size_t SlicePitch, size_t Width,
                              size_t Height, size_t Depth, bool MustBeDevice, bool *Untracked) {
  return checkTransferSide(Runtime::get().allocator(), Ptr, Pitch, SlicePitch, Width, Height,
                           Depth, MustBeDevice, Untracked);
}

cudaError_t checkTransferSide(Allocator &Map, const void *Ptr, size_t Pitch, size_t SlicePitch,
                              size_t Width, size_t Height, size_t Depth, bool MustBeDevice,
                              bool *Untracked) {
  // The bytes from the window's first to its last: rows and slices between
  // belong to the same allocation (a pitched one).
  size_t Extent = Width, Span;
  if (Height > 1 && (__builtin_mul_overflow(Height - 1, Pitch, &Span) ||
                     __builtin_add_overflow(Extent, Span, &Extent)))
    return failWith(cudaErrorInvalidValue, "%zu rows of pitch %zu overflow the address space",
                    Height, Pitch);
  if (Depth > 1 && (__builtin_mul_overflow(Depth - 1, SlicePitch, &Span) ||
                    __builtin_add_overflow(Extent, Span, &Extent)))
    return failWith(cudaErrorInvalidValue,
                    "%zu slices of slice pitch %zu overflow the address space", Depth, SlicePitch);
  switch (Map.classify(Ptr, Extent)) {
  case RangeStatus::Inside:
    return cudaSuccess;
  case RangeStatus::Untracked:
    // Pageable host memory is legal where the kind allows host memory (and
    // for cudaMemcpyDefault); a copy through an unmapped address is caught
    // by the fault guard around the copy (CopyOp::run).
    if (Untracked)
      *Untracked = true;
    // A device side may also be a __device__ variable's storage whose
    // address the program has from elsewhere (a managed variable's &x).
    if (!MustBeDevice || KernelRegistry::get().containsVarRange(Ptr, Extent))
      return cudaSuccess;
    return failWith(cudaErrorInvalidValue,
                    "%p + %zu bytes is host memory where the copy's kind needs device memory",
                    Ptr, Extent);
  case RangeStatus::Invalid:
    break;
  }
  return failWith(cudaErrorInvalidValue, "%p + %zu bytes is not inside one allocation", Ptr,
                  Extent);
}

cudaError_t submitCopy3D(const CopyShape &C, cudaMemcpyKind Kind, cudaStream_t Handle,
                         bool Async) {
  if (Kind < cudaMemcpyHostToHost || Kind > cudaMemcpyDefault)
    return failWith(cudaErrorInvalidMemcpyDirection, "kind %d is not a cudaMemcpyKind", int(Kind));
  if (C.Width == 0 || C.Height == 0 || C.Depth == 0)
    return cudaSuccess;
  if (!C.Dst || !C.Src)
    return failWith(cudaErrorInvalidValue, "null pointer: dst %p, src %p", C.Dst, C.Src);
  if (C.DstPitch < C.Width || C.SrcPitch < C.Width)
    return failWith(cudaErrorInvalidPitchValue,
                    "pitch less than the row of %zu bytes: dst pitch %zu, src pitch %zu", C.Width,
                    C.DstPitch, C.SrcPitch);
  if (C.Depth > 1 && (C.DstSlicePitch < C.DstPitch * (C.Height - 1) + C.Width ||
                      C.SrcSlicePitch < C.SrcPitch * (C.Height - 1) + C.Width))
    return failWith(cudaErrorInvalidValue,
                    "slice pitch less than the slice of %zu rows of %zu bytes: dst slice pitch "
                    "%zu, src slice pitch %zu", C.Height, C.Width, C.DstSlicePitch,
                    C.SrcSlicePitch);
  const bool DstDevice = Kind == cudaMemcpyHostToDevice || Kind == cudaMemcpyDeviceToDevice;
  const bool SrcDevice = Kind == cudaMemcpyDeviceToHost || Kind == cudaMemcpyDeviceToDevice;
  // One Runtime::get() per call: it is not free (std::call_once).
  Runtime &R = Runtime::get();
  bool DstUntracked = false, SrcUntracked = false;
  if (!C.DstTrusted)
    if (cudaError_t Error = checkTransferSide(R.allocator(), C.Dst, C.DstPitch, C.DstSlicePitch, C.Width,
                                              C.Height, C.Depth, DstDevice, &DstUntracked))
      return Error;
  if (!C.SrcTrusted)
    if (cudaError_t Error = checkTransferSide(R.allocator(), C.Src, C.SrcPitch, C.SrcSlicePitch, C.Width,
                                              C.Height, C.Depth, SrcDevice, &SrcUntracked))
      return Error;
  bool Untracked = DstUntracked || SrcUntracked;
  // The sides a graph's replay of this copy checks again (the program may
  // free them after making the graph).
  unsigned Tracked = (C.DstTrusted || DstUntracked ? 0 : CopyOp::TrackedDst) |
                     (C.SrcTrusted || SrcUntracked ? 0 : CopyOp::TrackedSrc);
  LOOM_PROFILE_API(Async ? "cudaMemcpy*Async" : "cudaMemcpy*");
  profile::TransferScope Profiled(Kind, uint64_t(C.Width) * C.Height * C.Depth);
  return submitAndMaybeWait<CopyOp>(R, Handle, Async, C.Dst, C.DstPitch, C.Src, C.SrcPitch,
                                    C.Width, C.Height, C.Depth, C.DstSlicePitch,
                                    C.SrcSlicePitch, Untracked, Tracked);
}

cudaError_t submitCopy(void *Dst, size_t DstPitch, const void *Src, size_t SrcPitch,
                       size_t Width, size_t Height, cudaMemcpyKind Kind, cudaStream_t Handle,
                       bool Async, unsigned Trusted) {
  CopyShape Shape{Dst, DstPitch, 0, Src, SrcPitch, 0, Width, Height, 1};
  Shape.DstTrusted = Trusted & TrustDst;
  Shape.SrcTrusted = Trusted & TrustSrc;
  return submitCopy3D(Shape, Kind, Handle, Async);
}

cudaError_t submitSet3D(void *Dst, size_t Pitch, size_t SlicePitch, int Value, size_t Width,
                        size_t Height, size_t Depth, cudaStream_t Handle, bool Async) {
  if (Width == 0 || Height == 0 || Depth == 0)
    return cudaSuccess;
  if (!Dst)
    return failWith(cudaErrorInvalidValue, "dst is null (%zux%zux%zu bytes)", Width, Height, Depth);
  if (Height > 1 && Pitch < Width)
    return failWith(cudaErrorInvalidPitchValue, "pitch %zu is less than the row of %zu bytes",
                    Pitch, Width);
  if (Depth > 1 && SlicePitch < Pitch * (Height - 1) + Width)
    return failWith(cudaErrorInvalidValue,
                    "slice pitch %zu is less than the slice of %zu rows of pitch %zu", SlicePitch,
                    Height, Pitch);
  Runtime &R = Runtime::get();
  if (cudaError_t Error = checkTransferSide(R.allocator(), Dst, Pitch, SlicePitch, Width, Height,
                                            Depth, /*MustBeDevice=*/true))
    return Error;
  LOOM_PROFILE_API(Async ? "cudaMemset*Async" : "cudaMemset*");
  profile::TransferScope Profiled(0, uint64_t(Width) * Height * Depth, /*IsMemset=*/true);
  return submitAndMaybeWait<SetOp>(R, Handle, Async, Dst, Pitch, Value, Width, Height, Depth,
                                   SlicePitch);
}

cudaError_t submitSet(void *Dst, size_t Pitch, int Value, size_t Width, size_t Height,
                      cudaStream_t Handle, bool Async) {
  return submitSet3D(Dst, Pitch, 0, Value, Width, Height, 1, Handle, Async);
}

} // namespace loom
