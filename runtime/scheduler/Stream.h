// Stream.h - an in-order queue of ops (a cudaStream_t, or the legacy default stream).
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_SCHEDULER_STREAM_H
#define LOOM_RUNTIME_SCHEDULER_STREAM_H

#include "scheduler/Op.h"

#include <deque>

namespace loom {

class Stream {
public:
  Stream(unsigned Flags, bool IsLegacyDefault)
      : Flags(Flags), IsLegacyDefault(IsLegacyDefault) {}

  /// cudaStreamNonBlocking or cudaStreamDefault.
  const unsigned Flags;
  const bool IsLegacyDefault;

  /// A blocking stream orders itself with the legacy default stream.
  bool synchronizesWithLegacy() const {
    return !IsLegacyDefault && (Flags & 0x01u /* cudaStreamNonBlocking */) == 0;
  }

  /// Set by cudaStreamDestroy; the stream disappears once its queue drains.
  /// Guarded by the scheduler's lock.
  bool Retired = false;

  /// Ops submitted and not yet complete, in submission order; the front one
  /// is the only one that may be running. Guarded by the scheduler's lock.
  std::deque<OpRef> Queue;
};

} // namespace loom

#endif // LOOM_RUNTIME_SCHEDULER_STREAM_H
