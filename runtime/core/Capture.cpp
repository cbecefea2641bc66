// Capture.cpp - stream capture: recording submitted work into graphs and the rules for illegal calls.
// SPDX-License-Identifier: Apache-2.0
#include "core/Graph.h"
#include "core/Handles.h"
#include "core/Runtime.h"
#include "support/ApiError.h"

#include <algorithm>

namespace loom {

cudaStreamCaptureMode &threadCaptureMode() {
  thread_local cudaStreamCaptureMode Mode = cudaStreamCaptureModeGlobal;
  return Mode;
}

bool Runtime::forbidsUnsafeCalls(const CaptureSession &C) const {
  if (threadCaptureMode() == cudaStreamCaptureModeRelaxed)
    return false;
  switch (C.Mode) {
  case cudaStreamCaptureModeGlobal: return true;
  case cudaStreamCaptureModeThreadLocal: return C.Thread == std::this_thread::get_id();
  default: return false;
  }
}

void Runtime::invalidateLocked(CaptureSession &C) { C.Invalidated = true; }

cudaError_t Runtime::enqueue(const std::shared_ptr<Stream> &S, OpRef O, const OpRef &WaitFor,
                             bool MayRunHere) {
  {
    std::lock_guard<std::mutex> Lock(CaptureM);
    if (const std::shared_ptr<CaptureSession> &C = S->Capture) {
      if (C->Invalidated)
        return failWith(cudaErrorStreamCaptureInvalidated,
                        "the stream's capture was invalidated by an earlier illegal call");
      if (!O->clone()) { // probe: the op must be replayable
        invalidateLocked(*C);
        return failWith(cudaErrorStreamCaptureUnsupported,
                        "the stream is capturing and this operation cannot be recorded into a "
                        "graph");
      }
      auto Node = std::make_unique<CUgraphNode_st>();
      Node->Type = nodeTypeOf(*O);
      Node->Template = std::move(O);
      Node->Owner = C->Graph;
      if (C->Last) { // the captured sequence is a chain
        Node->Deps.push_back(C->Last);
        C->Last->Dependents.push_back(Node.get());
      }
      C->Last = Node.get();
      C->Graph->Nodes.push_back(std::move(Node));
      return cudaSuccess;
    }
    if (S->IsLegacyDefault) {
      // The legacy stream would depend on the capturing blocking streams.
      bool Implicit = false;
      for (const std::shared_ptr<CaptureSession> &C : Captures)
        for (const std::shared_ptr<Stream> &M : C->Members)
          if (M->synchronizesWithLegacy()) {
            invalidateLocked(*C);
            Implicit = true;
          }
      if (Implicit)
        return failWith(cudaErrorStreamCaptureImplicit,
                        "the legacy default stream was used while a blocking stream is capturing "
                        "(implicit dependency)");
    }
  }
  if (MayRunHere && !WaitFor && scheduler().tryRunHere(S, O))
    return cudaSuccess;
  scheduler().submit(S, std::move(O), WaitFor);
  // A bounded launch queue: a thread far ahead of the device waits.
  scheduler().throttle(S);
  return cudaSuccess;
}

cudaError_t Runtime::checkBlockingCall(const std::shared_ptr<Stream> &S) {
  std::lock_guard<std::mutex> Lock(CaptureM);
  if (S->Capture) {
    invalidateLocked(*S->Capture);
    return failWith(cudaErrorStreamCaptureUnsupported,
                    "a blocking call on a capturing stream (the capture is now invalidated)");
  }
  if (!S->IsLegacyDefault)
    return cudaSuccess;
  cudaError_t Result = cudaSuccess;
  for (const std::shared_ptr<CaptureSession> &C : Captures)
    if (forbidsUnsafeCalls(*C)) {
      invalidateLocked(*C);
      Result = failWith(cudaErrorStreamCaptureUnsupported,
                        "a call that synchronizes the device while a stream captures in "
                        "global or thread-local mode (the capture is now invalidated)");
    }
  return Result;
}

cudaError_t Runtime::checkDeviceWideCall() {
  std::lock_guard<std::mutex> Lock(CaptureM);
  cudaError_t Result = cudaSuccess;
  for (const std::shared_ptr<CaptureSession> &C : Captures)
    if (forbidsUnsafeCalls(*C)) {
      invalidateLocked(*C);
      Result = failWith(cudaErrorStreamCaptureUnsupported,
                        "a call that synchronizes the device while a stream captures in "
                        "global or thread-local mode (the capture is now invalidated)");
    }
  return Result;
}

cudaError_t Runtime::beginCapture(const std::shared_ptr<Stream> &S,
                                  cudaStreamCaptureMode Mode) {
  if (S->IsLegacyDefault)
    return failWith(cudaErrorStreamCaptureUnsupported,
                    "the legacy default stream cannot be captured");
  std::lock_guard<std::mutex> Lock(CaptureM);
  if (S->Capture)
    return failWith(cudaErrorIllegalState, "the stream is already capturing");
  auto C = std::make_shared<CaptureSession>();
  C->Graph = Runtime::get().graphs().createGraph();
  C->Mode = Mode;
  C->Id = NextCaptureId++;
  C->Thread = std::this_thread::get_id();
  C->Origin = S;
  C->Members.push_back(S);
  S->Capture = C;
  Captures.push_back(C);
  ActiveCaptures.store(Captures.size(), std::memory_order_release);
  return cudaSuccess;
}

cudaError_t Runtime::endCapture(const std::shared_ptr<Stream> &S, cudaGraph_t *Graph) {
  std::shared_ptr<CaptureSession> C;
  {
    std::lock_guard<std::mutex> Lock(CaptureM);
    C = S->Capture;
    if (!C)
      return failWith(cudaErrorIllegalState, "the stream is not capturing");
    if (C->Origin != S)
      return failWith(cudaErrorStreamCaptureUnmatched,
                      "the stream joined a capture begun on another stream; end it on the origin "
                      "stream");
    if (C->Mode != cudaStreamCaptureModeRelaxed && C->Thread != std::this_thread::get_id())
      return failWith(cudaErrorStreamCaptureWrongThread,
                      "a capture in mode %d must end on the thread that began it", int(C->Mode));
    for (const std::shared_ptr<Stream> &M : C->Members)
      M->Capture.reset();
    C->Members.clear();
    C->Origin.reset();
    C->Ended = true;
    Captures.erase(std::remove(Captures.begin(), Captures.end(), C), Captures.end());
    ActiveCaptures.store(Captures.size(), std::memory_order_release);
  }
  if (C->Invalidated) {
    Runtime::get().graphs().destroyGraph(C->Graph);
    *Graph = nullptr;
    return failWith(cudaErrorStreamCaptureInvalidated,
                    "the capture was invalidated by an illegal call while it ran");
  }
  *Graph = C->Graph;
  return cudaSuccess;
}

std::shared_ptr<CaptureSession> Runtime::captureOf(const std::shared_ptr<Stream> &S) {
  std::lock_guard<std::mutex> Lock(CaptureM);
  return S->Capture;
}

void Runtime::captureInfo(const std::shared_ptr<CaptureSession> &C,
                          cudaStreamCaptureStatus *Status, unsigned long long *Id,
                          cudaGraph_t *Graph, cudaGraphNode_t **Last) {
  std::lock_guard<std::mutex> Lock(CaptureM);
  *Status = C->Invalidated ? cudaStreamCaptureStatusInvalidated : cudaStreamCaptureStatusActive;
  *Id = C->Id;
  *Graph = C->Graph;
  *Last = &C->Last;
}

bool Runtime::captureEventRecord(const std::shared_ptr<Stream> &S, cudaEvent_t Event,
                                 cudaError_t *Error) {
  std::shared_ptr<CaptureSession> C = captureOf(S);
  if (!C)
    return false;
  if (!Events.with(Event, [&](CUevent_st &E) { E.Captured = C; })) {
    *Error = failWith(cudaErrorInvalidResourceHandle, "event %p is not a live event",
                      static_cast<void *>(Event));
    return true;
  }
  *Error = C->Invalidated ? failWith(cudaErrorStreamCaptureInvalidated,
                                     "the stream's capture was invalidated by an earlier call")
                          : cudaSuccess;
  return true;
}

bool Runtime::captureWaitEvent(const std::shared_ptr<Stream> &S, cudaEvent_t Event,
                               cudaError_t *Error) {
  std::shared_ptr<CaptureSession> Source;
  if (!Events.with(Event, [&](CUevent_st &E) { Source = E.Captured; })) {
    *Error = failWith(cudaErrorInvalidResourceHandle, "event %p is not a live event",
                      static_cast<void *>(Event));
    return true;
  }
  std::lock_guard<std::mutex> Lock(CaptureM);
  if (Source && Source->Ended)
    Source.reset(); // the capture is over: an ordinary (old) record
  if (!Source && !S->Capture)
    return false;
  *Error = cudaSuccess;
  if (!Source) {
    // A capturing stream waiting for work outside the capture.
    invalidateLocked(*S->Capture);
    *Error = failWith(cudaErrorStreamCaptureIsolation,
                      "a capturing stream waits for event %p recorded outside its capture",
                      static_cast<void *>(Event));
  } else if (!S->Capture) {
    // Fork: the stream joins the capture; its work is recorded from now on.
    S->Capture = Source;
    Source->Members.push_back(S);
  } else if (S->Capture != Source) {
    invalidateLocked(*S->Capture);
    invalidateLocked(*Source);
    *Error = failWith(cudaErrorStreamCaptureMerge,
                      "event %p joins two different captures", static_cast<void *>(Event));
  }
  // Same capture: the recorded sequence already orders the two streams.
  return true;
}

bool Runtime::captureFree(const std::shared_ptr<Stream> &S, void *Ptr, cudaError_t *Error) {
  std::lock_guard<std::mutex> Lock(CaptureM);
  if (!S->Capture)
    return false;
  if (S->Capture->Invalidated) {
    *Error = failWith(cudaErrorStreamCaptureInvalidated,
                      "the stream's capture was invalidated by an earlier call");
    return true;
  }
  S->Capture->Graph->Memory->Frees.push_back(Ptr);
  *Error = cudaSuccess;
  return true;
}

} // namespace loom
