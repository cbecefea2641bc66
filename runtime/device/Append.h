// Append.h - per-thread staging of appends through a global counter (__loom_append).
// SPDX-License-Identifier: Apache-2.0
//
// compiler/Transforms/DeferAppends.h turns `out[atomicAdd(count, 1)] = v`
// into a call of __loom_append, which hands out slots of a staging buffer of
// the calling thread. A full buffer goes to out with one atomicAdd on count;
// runEntryGuarded flushes every buffer when a kernel entry returns, so a
// launch's appends are all in place when its last chunk finishes, and
// discards them when a fault abandons the kernel.
#ifndef LOOM_RUNTIME_DEVICE_APPEND_H
#define LOOM_RUNTIME_DEVICE_APPEND_H

#include <cstddef>

namespace loom {

/// Bytes of one stream's staging buffer.
constexpr size_t AppendStagingBytes = 16384;
/// Streams (count, out, element size, flags) a thread stages at once; one
/// more flushes them all.
constexpr unsigned AppendMaxStreams = 4;

/// Copies the calling thread's staged elements to their arrays (one atomic
/// per stream) and forgets the streams.
void flushAppends();
/// Forgets the calling thread's staged elements (the kernel was abandoned).
void discardAppends();

} // namespace loom

#endif // LOOM_RUNTIME_DEVICE_APPEND_H
