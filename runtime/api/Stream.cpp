// Stream.cpp - CUDA stream API: creation, synchronization, queries and host functions.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "core/Ops.h"
#include "core/Runtime.h"
#include "support/ApiError.h"

#include <algorithm>

using loom::recordError;
using loom::Runtime;

extern "C" {

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *Stream, unsigned int Flags,
                                         int Priority) {
  if (!Stream || (Flags & ~static_cast<unsigned>(cudaStreamNonBlocking)))
    return recordError(cudaErrorInvalidValue);
  if (cudaError_t Error = loom::stickyError())
    return recordError(Error);
  // Out-of-range priorities are clamped, as CUDA clamps them.
  Priority = std::max(loom::limits::GreatestStreamPriority,
                      std::min(loom::limits::LeastStreamPriority, Priority));
  *Stream = Runtime::get().createStream(Flags, Priority);
  return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *Stream, unsigned int Flags) {
  return cudaStreamCreateWithPriority(Stream, Flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *Stream) {
  return cudaStreamCreateWithPriority(Stream, cudaStreamDefault, 0);
}

cudaError_t cudaStreamDestroy(cudaStream_t Stream) {
  return recordError(Runtime::get().destroyStream(Stream));
}

cudaError_t cudaStreamSynchronize(cudaStream_t Stream) {
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  if (cudaError_t Error = R.checkBlockingCall(S))
    return recordError(Error);
  R.scheduler().waitStream(S);
  return recordError(loom::stickyError());
}

cudaError_t cudaStreamQuery(cudaStream_t Stream) {
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  if (cudaError_t Error = R.checkBlockingCall(S))
    return recordError(Error);
  bool Idle = R.scheduler().queryStream(S);
  if (cudaError_t Error = loom::stickyError())
    return recordError(Error);
  return Idle ? cudaSuccess : cudaErrorNotReady; // not-ready is not recorded
}

cudaError_t cudaStreamWaitEvent(cudaStream_t Stream, cudaEvent_t Event, unsigned int Flags) {
  Runtime &R = Runtime::get();
  if (Flags & ~static_cast<unsigned>(cudaEventWaitExternal))
    return recordError(cudaErrorInvalidValue);
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  cudaError_t Error;
  if (R.captureWaitEvent(S, Event, &Error))
    return recordError(Error); // joins (or breaks) a capture
  std::shared_ptr<loom::MarkerOp> Recorded;
  unsigned EventFlags;
  if (!R.lookupEvent(Event, &EventFlags, &Recorded))
    return recordError(cudaErrorInvalidResourceHandle);
  if (!Recorded)
    return cudaSuccess; // waiting for a never-recorded event is a no-op
  return recordError(R.enqueue(S, std::make_shared<loom::MarkerOp>(), Recorded));
}

cudaError_t cudaLaunchHostFunc(cudaStream_t Stream, cudaHostFn_t Fn, void *UserData) {
  if (!Fn)
    return recordError(cudaErrorInvalidValue);
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  return recordError(R.enqueue(S, std::make_shared<loom::HostFnOp>(Fn, UserData)));
}

cudaError_t cudaStreamAddCallback(cudaStream_t Stream, cudaStreamCallback_t Callback,
                                  void *UserData, unsigned int Flags) {
  if (!Callback || Flags != 0)
    return recordError(cudaErrorInvalidValue);
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  return recordError(
      R.enqueue(S, std::make_shared<loom::HostFnOp>(Callback, Stream, UserData)));
}

cudaError_t cudaStreamGetFlags(cudaStream_t Stream, unsigned int *Flags) {
  if (!Flags)
    return recordError(cudaErrorInvalidValue);
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = Runtime::get().resolveStream(Stream, &S))
    return recordError(Error);
  *Flags = S->Flags;
  return cudaSuccess;
}

cudaError_t cudaStreamGetPriority(cudaStream_t Stream, int *Priority) {
  if (!Priority)
    return recordError(cudaErrorInvalidValue);
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = Runtime::get().resolveStream(Stream, &S))
    return recordError(Error);
  *Priority = S->Priority;
  return cudaSuccess;
}

} // extern "C"
