// WorkPartition.cpp - chunk size from grid size and executor count.
// SPDX-License-Identifier: Apache-2.0
#include "scheduler/WorkPartition.h"

namespace loom {

uint64_t chunkBlocks(uint64_t TotalBlocks, unsigned Executors) {
  if (TotalBlocks == 0)
    return 1;
  if (Executors <= 1)
    return TotalBlocks;
  uint64_t Chunks = static_cast<uint64_t>(Executors) * ChunksPerExecutor;
  uint64_t Size = (TotalBlocks + Chunks - 1) / Chunks;
  return Size ? Size : 1;
}

} // namespace loom
