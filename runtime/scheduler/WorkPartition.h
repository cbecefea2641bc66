// WorkPartition.h - how many blocks one grab of the atomic counter takes (the chunk size).
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_SCHEDULER_WORKPARTITION_H
#define LOOM_RUNTIME_SCHEDULER_WORKPARTITION_H

#include <cstdint>

namespace loom {

/// Target number of chunks per executing thread: enough to balance uneven
/// blocks, few enough that the atomic counter stays cold.
constexpr uint64_t ChunksPerExecutor = 6;

/// Blocks per chunk for a grid of \p TotalBlocks run by \p Executors threads
/// (pool workers plus the helping host thread); always >= 1. With one
/// executor (serial scheduling) the whole grid is one chunk.
uint64_t chunkBlocks(uint64_t TotalBlocks, unsigned Executors);

} // namespace loom

#endif // LOOM_RUNTIME_SCHEDULER_WORKPARTITION_H
