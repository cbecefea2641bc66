// Event.cpp - CUDA event API on the host's steady clock.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "core/Ops.h"
#include "core/Runtime.h"
#include "profile/Profile.h"
#include "support/ApiError.h"

#include <chrono>

using loom::MarkerOp;
using loom::recordError;
using loom::why;
using loom::Runtime;

namespace {
constexpr unsigned ValidEventFlags =
    cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
} // namespace

extern "C" {

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *Event, unsigned int Flags) {
  LOOM_PROFILE_API("cudaEventCreateWithFlags");
  if (!Event || (Flags & ~ValidEventFlags))
    return recordError(cudaErrorInvalidValue,
                       why("Event %p is null or flags %#x have unknown bits",
                           static_cast<void *>(Event), Flags));
  // Interprocess events must also disable timing, as in CUDA.
  if ((Flags & cudaEventInterprocess) && !(Flags & cudaEventDisableTiming))
    return recordError(cudaErrorInvalidValue,
                       why("flags %#x: an interprocess event must also disable timing", Flags));
  *Event = Runtime::get().createEvent(Flags);
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *Event) {
  LOOM_PROFILE_API("cudaEventCreate");
  return cudaEventCreateWithFlags(Event, cudaEventDefault);
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t Event, cudaStream_t Stream,
                                     unsigned int Flags) {
  LOOM_PROFILE_API("cudaEventRecordWithFlags");
  if (Flags & ~static_cast<unsigned>(cudaEventRecordExternal))
    return recordError(cudaErrorInvalidValue,
                       why("flags %#x are not 0 or cudaEventRecordExternal", Flags));
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  cudaError_t Error;
  if (R.captureEventRecord(S, Event, &Error))
    return recordError(Error); // a fork point of the capture, not a marker
  unsigned EventFlags;
  std::shared_ptr<MarkerOp> Previous;
  if (!R.lookupEvent(Event, &EventFlags, &Previous))
    return recordError(cudaErrorInvalidResourceHandle,
                       why("event %p is not a live event", static_cast<void *>(Event)));
  auto Marker = std::make_shared<MarkerOp>();
  if (cudaError_t Error = R.enqueue(S, Marker))
    return recordError(Error);
  if (!R.setEventRecord(Event, Marker))
    return recordError(cudaErrorInvalidResourceHandle,
                       why("event %p was destroyed while it was being recorded",
                           static_cast<void *>(Event)));
  return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t Event, cudaStream_t Stream) {
  LOOM_PROFILE_API("cudaEventRecord");
  return cudaEventRecordWithFlags(Event, Stream, cudaEventRecordDefault);
}

cudaError_t cudaEventQuery(cudaEvent_t Event) {
  LOOM_PROFILE_API("cudaEventQuery");
  Runtime &R = Runtime::get();
  unsigned Flags;
  std::shared_ptr<MarkerOp> Recorded;
  if (!R.lookupEvent(Event, &Flags, &Recorded))
    return recordError(cudaErrorInvalidResourceHandle,
                       why("event %p is not a live event", static_cast<void *>(Event)));
  bool Done = R.scheduler().queryOp(Recorded);
  if (cudaError_t Error = loom::stickyError())
    return recordError(Error);
  return Done ? cudaSuccess : cudaErrorNotReady; // not-ready is not recorded
}

cudaError_t cudaEventSynchronize(cudaEvent_t Event) {
  LOOM_PROFILE_API("cudaEventSynchronize");
  Runtime &R = Runtime::get();
  unsigned Flags;
  std::shared_ptr<MarkerOp> Recorded;
  if (!R.lookupEvent(Event, &Flags, &Recorded))
    return recordError(cudaErrorInvalidResourceHandle,
                       why("event %p is not a live event", static_cast<void *>(Event)));
  R.scheduler().waitFor(Recorded);
  return recordError(loom::stickyError());
}

cudaError_t cudaEventDestroy(cudaEvent_t Event) {
  LOOM_PROFILE_API("cudaEventDestroy");
  return recordError(Runtime::get().destroyEvent(Event));
}

cudaError_t cudaEventElapsedTime(float *Ms, cudaEvent_t Start, cudaEvent_t End) {
  LOOM_PROFILE_API("cudaEventElapsedTime");
  if (!Ms)
    return recordError(cudaErrorInvalidValue, why("Ms is null"));
  Runtime &R = Runtime::get();
  unsigned StartFlags, EndFlags;
  std::shared_ptr<MarkerOp> StartOp, EndOp;
  if (!R.lookupEvent(Start, &StartFlags, &StartOp) || !R.lookupEvent(End, &EndFlags, &EndOp))
    return recordError(cudaErrorInvalidResourceHandle,
                       why("start %p or end %p is not a live event", static_cast<void *>(Start),
                           static_cast<void *>(End)));
  if ((StartFlags | EndFlags) & cudaEventDisableTiming)
    return recordError(cudaErrorInvalidResourceHandle,
                       why("event %p or %p was created with cudaEventDisableTiming",
                           static_cast<void *>(Start), static_cast<void *>(End)));
  if (!StartOp || !EndOp)
    return recordError(cudaErrorInvalidResourceHandle,
                       why("event %p or %p has not been recorded", static_cast<void *>(Start),
                           static_cast<void *>(End)));
  if (!R.scheduler().queryOp(StartOp) || !R.scheduler().queryOp(EndOp))
    return recordError(cudaErrorNotReady, why("event %p or %p has not completed yet",
                                               static_cast<void *>(Start),
                                               static_cast<void *>(End)));
  std::chrono::duration<float, std::milli> Elapsed = EndOp->completedAt() - StartOp->completedAt();
  *Ms = Elapsed.count();
  return cudaSuccess;
}

} // extern "C"
