// Handles.h - what cudaStream_t and cudaEvent_t point to.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_CORE_HANDLES_H
#define LOOM_RUNTIME_CORE_HANDLES_H

#include "core/Graph.h"
#include "core/Ops.h"
#include "scheduler/Stream.h"

#include <memory>

/// A user stream (cudaStreamCreate*). Tag name fixed by driver_types.h.
/// Destroying one retires its stream: work already queued still runs.
struct CUstream_st {
  std::shared_ptr<loom::Stream> Impl;
  int Priority = 0;
  ~CUstream_st();
};

/// An event. Recorded is the marker of the latest cudaEventRecord (null if
/// never recorded); guarded by the event table's lock (Runtime::lookupEvent).
struct CUevent_st {
  unsigned Flags = 0;
  std::shared_ptr<loom::MarkerOp> Recorded;
  /// The capture the latest record happened in (a fork point other streams
  /// may join with cudaStreamWaitEvent); null if recorded outside capture.
  std::shared_ptr<loom::CaptureSession> Captured;
};

/// A driver-API context (CUcontext). Every context shares the one device;
/// the Runtime's context table never frees or reuses a destroyed one
/// (NeverReuse), so a stale handle cannot alias a new one.
struct CUctx_st {
  unsigned Flags;
  bool Primary;
};

#endif // LOOM_RUNTIME_CORE_HANDLES_H
