// Stream.h - an in-order queue of ops (a cudaStream_t, or the legacy default stream).
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_SCHEDULER_STREAM_H
#define LOOM_RUNTIME_SCHEDULER_STREAM_H

#include "driver_types.h"
#include "scheduler/Op.h"

#include <deque>
#include <mutex>

namespace loom {

struct CaptureSession;

class Stream {
public:
  Stream(unsigned Flags, bool IsLegacyDefault, int Priority = 0)
      : Flags(Flags), IsLegacyDefault(IsLegacyDefault), Priority(Priority) {}

  /// cudaStreamNonBlocking or cudaStreamDefault.
  const unsigned Flags;
  const bool IsLegacyDefault;
  /// Lower is more urgent (CUDA's convention); threads looking for work take
  /// units of the most urgent started op first.
  const int Priority;
  /// LOOM_DEVICES=n: the device whose workers run this stream's ops (the
  /// device current when it was created); -1: any worker (the legacy
  /// stream, per-thread default streams, device-side launch streams).
  int Device = -1;

  /// A blocking stream orders itself with the legacy default stream.
  bool synchronizesWithLegacy() const {
    return !IsLegacyDefault && (Flags & 0x01u /* cudaStreamNonBlocking */) == 0;
  }

  /// The stream capture this stream records into, if any. Guarded by the
  /// runtime's capture lock (core/Capture.cpp), not the scheduler's.
  std::shared_ptr<CaptureSession> Capture;

  /// Set by cudaStreamDestroy; the stream disappears once its queue drains.
  /// Guarded by the scheduler's lock.
  bool Retired = false;

  /// cudaStreamSetAttribute's values: kept and reported back (nothing on a
  /// CPU acts on them). Guarded by AttrM.
  std::mutex AttrM;
  cudaAccessPolicyWindow AccessPolicy{};
  cudaSynchronizationPolicy SyncPolicy = cudaSyncPolicyAuto;

  /// Ops submitted and not yet complete, in submission order; the front one
  /// is the only one that may be running. Guarded by the scheduler's lock.
  std::deque<OpRef> Queue;
};

} // namespace loom

#endif // LOOM_RUNTIME_SCHEDULER_STREAM_H
