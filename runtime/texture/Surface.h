// Surface.h - what a cudaSurfaceObject_t points to.
// SPDX-License-Identifier: Apache-2.0
//
// A cudaSurfaceObject_t is the address of a SurfaceRecord. Kernels check only
// the record's magic number (no lock on the hot path), so destroyed records
// are kept, marked dead, and reused (HandleTable's KeepDestroyed policy): a
// stale handle never reaches freed memory.
#ifndef LOOM_RUNTIME_TEXTURE_SURFACE_H
#define LOOM_RUNTIME_TEXTURE_SURFACE_H

#include "driver_types.h"
#include "texture_types.h"
#include "memory/Array.h"
#include "support/HandleTable.h"

#include <cstdint>

namespace loom {

constexpr uint64_t SurfaceMagicLive = 0x4c4f4f4d53555246ull; // "LOOMSURF"
constexpr uint64_t SurfaceMagicDead = 0x4c4f4f4d53444541ull;

struct SurfaceRecord {
  uint64_t Magic = SurfaceMagicDead;
  cudaResourceDesc Res;
  ArrayView View;
  void retire() { Magic = SurfaceMagicDead; }
};

/// Live surface objects; owned by the Runtime.
using SurfaceTable = HandleTable<SurfaceRecord, KeepDestroyed>;

} // namespace loom

#endif // LOOM_RUNTIME_TEXTURE_SURFACE_H
