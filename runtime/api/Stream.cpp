// Stream.cpp - CUDA stream API: creation, synchronization, queries and host functions.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_profiler_api.h"
#include "cuda_runtime_api.h"

#include "core/Ops.h"
#include "core/Runtime.h"
#include "profile/Profile.h"
#include "support/ApiError.h"

#include <algorithm>

using loom::recordError;
using loom::why;
using loom::Runtime;

extern "C" {

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *Stream, unsigned int Flags,
                                         int Priority) {
  LOOM_PROFILE_API("cudaStreamCreateWithPriority");
  if (!Stream || (Flags & ~static_cast<unsigned>(cudaStreamNonBlocking)))
    return recordError(cudaErrorInvalidValue,
                       why("Stream %p is null or flags %#x are not 0 or cudaStreamNonBlocking",
                           static_cast<void *>(Stream), Flags));
  if (cudaError_t Error = loom::stickyError())
    return recordError(Error);
  // Out-of-range priorities are clamped, as CUDA clamps them.
  Priority = std::max(loom::limits::GreatestStreamPriority,
                      std::min(loom::limits::LeastStreamPriority, Priority));
  *Stream = Runtime::get().createStream(Flags, Priority);
  return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *Stream, unsigned int Flags) {
  LOOM_PROFILE_API("cudaStreamCreateWithFlags");
  return cudaStreamCreateWithPriority(Stream, Flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *Stream) {
  LOOM_PROFILE_API("cudaStreamCreate");
  return cudaStreamCreateWithPriority(Stream, cudaStreamDefault, 0);
}

cudaError_t cudaStreamDestroy(cudaStream_t Stream) {
  LOOM_PROFILE_API("cudaStreamDestroy");
  return recordError(Runtime::get().destroyStream(Stream));
}

cudaError_t cudaStreamSynchronize(cudaStream_t Stream) {
  LOOM_PROFILE_API("cudaStreamSynchronize");
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
  LOOM_PROFILE_API("cudaStreamQuery");
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
  LOOM_PROFILE_API("cudaStreamWaitEvent");
  Runtime &R = Runtime::get();
  if (Flags & ~static_cast<unsigned>(cudaEventWaitExternal))
    return recordError(cudaErrorInvalidValue,
                       why("flags %#x are not 0 or cudaEventWaitExternal", Flags));
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  cudaError_t Error;
  if (R.captureWaitEvent(S, Event, &Error))
    return recordError(Error); // joins (or breaks) a capture
  std::shared_ptr<loom::MarkerOp> Recorded;
  unsigned EventFlags;
  if (!R.lookupEvent(Event, &EventFlags, &Recorded))
    return recordError(cudaErrorInvalidResourceHandle,
                       why("event %p is not a live event", static_cast<void *>(Event)));
  if (!Recorded)
    return cudaSuccess; // waiting for a never-recorded event is a no-op
  return recordError(R.enqueue(S, std::make_shared<loom::MarkerOp>(), Recorded));
}

cudaError_t cudaLaunchHostFunc(cudaStream_t Stream, cudaHostFn_t Fn, void *UserData) {
  LOOM_PROFILE_API("cudaLaunchHostFunc");
  if (!Fn)
    return recordError(cudaErrorInvalidValue, why("Fn is null"));
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  return recordError(R.enqueue(S, std::make_shared<loom::HostFnOp>(Fn, UserData)));
}

cudaError_t cudaStreamAddCallback(cudaStream_t Stream, cudaStreamCallback_t Callback,
                                  void *UserData, unsigned int Flags) {
  if (!Callback || Flags != 0)
    return recordError(cudaErrorInvalidValue,
                       why("Callback %p is null or flags %#x are not 0",
                           reinterpret_cast<void *>(Callback), Flags));
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  return recordError(
      R.enqueue(S, std::make_shared<loom::HostFnOp>(Callback, Stream, UserData)));
}

cudaError_t cudaStreamGetFlags(cudaStream_t Stream, unsigned int *Flags) {
  if (!Flags)
    return recordError(cudaErrorInvalidValue, why("Flags is null"));
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = Runtime::get().resolveStream(Stream, &S))
    return recordError(Error);
  *Flags = S->Flags;
  return cudaSuccess;
}

cudaError_t cudaStreamGetPriority(cudaStream_t Stream, int *Priority) {
  if (!Priority)
    return recordError(cudaErrorInvalidValue, why("Priority is null"));
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = Runtime::get().resolveStream(Stream, &S))
    return recordError(Error);
  *Priority = S->Priority;
  return cudaSuccess;
}

cudaError_t cudaStreamSetAttribute(cudaStream_t Stream, cudaStreamAttrID Attr,
                                   const cudaStreamAttrValue *Value) {
  if (!Value)
    return recordError(cudaErrorInvalidValue, why("Value is null"));
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = Runtime::get().resolveStream(Stream, &S))
    return recordError(Error);
  std::lock_guard<std::mutex> Lock(S->AttrM);
  switch (Attr) {
  case cudaStreamAttributeAccessPolicyWindow: {
    const cudaAccessPolicyWindow &W = Value->accessPolicyWindow;
    auto ValidProp = [](cudaAccessProperty P) {
      return P >= cudaAccessPropertyNormal && P <= cudaAccessPropertyPersisting;
    };
    if (!(W.hitRatio >= 0.0f && W.hitRatio <= 1.0f) || !ValidProp(W.hitProp) ||
        !ValidProp(W.missProp) || W.missProp == cudaAccessPropertyPersisting ||
        (W.num_bytes && !W.base_ptr))
      return recordError(cudaErrorInvalidValue,
                         why("access policy window: hitRatio %g, hitProp %d, missProp %d, "
                             "base_ptr %p + %zu bytes is not valid", double(W.hitRatio),
                             int(W.hitProp), int(W.missProp), W.base_ptr, W.num_bytes));
    S->AccessPolicy = W;
    return cudaSuccess;
  }
  case cudaStreamAttributeSynchronizationPolicy:
    if (Value->syncPolicy < cudaSyncPolicyAuto || Value->syncPolicy > cudaSyncPolicyBlockingSync)
      return recordError(cudaErrorInvalidValue,
                         why("syncPolicy %d is not a cudaSynchronizationPolicy",
                             int(Value->syncPolicy)));
    S->SyncPolicy = Value->syncPolicy;
    return cudaSuccess;
  case cudaStreamAttributePriority:
    // Fixed at creation (cudaStreamCreateWithPriority).
    return recordError(cudaErrorNotSupported,
                       why("a stream's priority is fixed when it is created"));
  default:
    return recordError(cudaErrorInvalidValue,
                       why("stream attribute %d is not one Loom can set", int(Attr)));
  }
}

cudaError_t cudaStreamGetAttribute(cudaStream_t Stream, cudaStreamAttrID Attr,
                                   cudaStreamAttrValue *Value) {
  if (!Value)
    return recordError(cudaErrorInvalidValue, why("Value is null"));
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = Runtime::get().resolveStream(Stream, &S))
    return recordError(Error);
  std::lock_guard<std::mutex> Lock(S->AttrM);
  switch (Attr) {
  case cudaStreamAttributeAccessPolicyWindow:
    Value->accessPolicyWindow = S->AccessPolicy;
    return cudaSuccess;
  case cudaStreamAttributeSynchronizationPolicy:
    Value->syncPolicy = S->SyncPolicy;
    return cudaSuccess;
  case cudaStreamAttributePriority:
    Value->priority = S->Priority;
    return cudaSuccess;
  default:
    return recordError(cudaErrorInvalidValue,
                       why("stream attribute %d is not one Loom knows", int(Attr)));
  }
}

cudaError_t cudaStreamCopyAttributes(cudaStream_t Dst, cudaStream_t Src) {
  std::shared_ptr<loom::Stream> D, S;
  if (cudaError_t Error = Runtime::get().resolveStream(Dst, &D))
    return recordError(Error);
  if (cudaError_t Error = Runtime::get().resolveStream(Src, &S))
    return recordError(Error);
  if (D == S)
    return cudaSuccess;
  std::scoped_lock Lock(D->AttrM, S->AttrM);
  D->AccessPolicy = S->AccessPolicy;
  D->SyncPolicy = S->SyncPolicy;
  return cudaSuccess;
}

/// No persisting L2 lines exist on a CPU: nothing to reset.
cudaError_t cudaCtxResetPersistingL2Cache(void) { return cudaSuccess; }

/// cuda_profiler_api.h: no profiler to control.
cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
cudaError_t cudaProfilerStop(void) { return cudaSuccess; }

} // extern "C"
