// Array.h - CUDA arrays (cudaArray_t): dense row-major storage with element size and extent.
// SPDX-License-Identifier: Apache-2.0
//
// An array of W x H x D elements (H, D = 0 for fewer dimensions; for layered
// arrays D counts layers) is stored as rows of W * elementSize bytes with no
// padding: element (x, y, z) is at base + ((z * rows + y) * W + x) * elementSize,
// rows = max(H, 1). Texture and surface fetches read this layout through
// loom::ArrayView.
#ifndef LOOM_RUNTIME_MEMORY_ARRAY_H
#define LOOM_RUNTIME_MEMORY_ARRAY_H

#include "driver_types.h"

#include <cstddef>
#include <cstdlib>
#include "support/HandleTable.h"

/// What cudaArray_t points to. Tag name fixed by driver_types.h.
struct cudaArray {
  cudaChannelFormatDesc Desc;
  cudaExtent Extent; ///< as created (elements; 0 for absent dimensions)
  unsigned Flags;
  size_t ElementSize;
  unsigned char *Base; ///< std::aligned_alloc'ed; freed with the array
  ~cudaArray() { std::free(Base); }
};

namespace loom {

/// The accessor textures and surfaces use.
struct ArrayView {
  unsigned char *Base;
  size_t ElementSize;
  size_t Width;  ///< elements per row
  size_t Height; ///< rows per slice (1 for 1D arrays)
  size_t Depth;  ///< slices (1 for 1D/2D arrays; layers for layered arrays)
  size_t Layers; ///< layers if cudaArrayLayered, else 0
  cudaChannelFormatDesc Desc;
  unsigned Flags;

  size_t rowBytes() const { return Width * ElementSize; }
  size_t sliceBytes() const { return rowBytes() * Height; }
  size_t totalBytes() const { return sliceBytes() * Depth; }
  void *element(size_t X, size_t Y = 0, size_t Z = 0) const {
    return Base + ((Z * Height + Y) * Width + X) * ElementSize;
  }
};

/// Live arrays, so that handles can be validated and freed once; owned by
/// the Runtime.
class ArrayTable {
public:

  /// Validates the descriptor and extent like cudaMalloc3DArray.
  cudaError_t create(const cudaChannelFormatDesc &Desc, cudaExtent Extent, unsigned Flags,
                     cudaArray_t *Out);
  /// cudaErrorInvalidResourceHandle if \p A is not a live array.
  cudaError_t destroy(cudaArray_t A);
  /// Fills \p Out if \p A is a live array.
  bool view(cudaArray_const_t A, ArrayView *Out);
  /// cudaDeviceReset.
  void releaseAll();

private:
  HandleTable<cudaArray> Live;
};

/// Bytes per element of \p Desc, or 0 if the descriptor is not a valid
/// array format (1, 2 or 4 equal channels of 8/16/32 bits; float only 16/32).
size_t channelElementSize(const cudaChannelFormatDesc &Desc);

} // namespace loom

#endif // LOOM_RUNTIME_MEMORY_ARRAY_H
