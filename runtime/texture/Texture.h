// Texture.h - texture objects (what a cudaTextureObject_t points to), texture references, sampling.
// SPDX-License-Identifier: Apache-2.0
//
// A cudaTextureObject_t is the address of a TextureRecord. Records are never
// freed: a destroyed record is marked dead and reused by a later creation, so
// a kernel holding a stale handle reads zeros (or the new texture), never
// freed memory. The host API validates handles against the live set; the
// device-side fetch (__loom_tex_fetch, Sample.cpp) only checks the magic
// number, so it takes no lock.
//
// Legacy texture references: __cudaRegisterTexture records the host object
// (textureReference) with its read mode and registers it with the
// KernelRegistry like a shadow variable whose device twin is the 8-byte
// variable of the same name in the module; binding creates a texture object
// from the reference's fields and stores its handle in that device variable
// (0 when unbound).
#ifndef LOOM_RUNTIME_TEXTURE_TEXTURE_H
#define LOOM_RUNTIME_TEXTURE_TEXTURE_H

#include "cuda_runtime_api.h"
#include "support/HandleTable.h"

#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

/// What cudaMipmappedArray_t points to: the level arrays (Runtime's array
/// table owns them; they are destroyed with this). Tag fixed by driver_types.h.
struct cudaMipmappedArray {
  cudaChannelFormatDesc Desc;
  cudaExtent Extent;
  unsigned Flags = 0;
  std::vector<cudaArray_t> Levels;
  ~cudaMipmappedArray();
};

namespace loom {

/// One level of a mipmapped texture's sampling view.
struct MipLevel {
  const unsigned char *Base;
  size_t Width, Height, Depth, RowPitch, SlicePitch;
};
/// Levels of a mipmapped array: enough for 2^17 texels per side.
constexpr unsigned MaxMipLevels = 18;

constexpr uint64_t TextureMagicLive = 0x4c4f4f4d54455831ull; // "LOOMTEX1"
constexpr uint64_t TextureMagicDead = 0x4c4f4f4d44454144ull; // "LOOMDEAD"

struct TextureRecord {
  uint64_t Magic = TextureMagicDead;

  // What the API was given (returned by cudaGetTextureObject*Desc).
  cudaResourceDesc Res;
  cudaTextureDesc Tex;

  // Sampling view of the resource.
  const unsigned char *Base = nullptr;
  size_t Width = 0, Height = 1, Depth = 1; ///< texels; Depth = slices or layers
  size_t Layers = 0;                       ///< layered arrays: number of layers
  size_t RowPitch = 0, SlicePitch = 0;     ///< bytes
  bool LinearResource = false;             ///< cudaResourceTypeLinear (tex1Dfetch)

  // Element format.
  int Channels = 0;
  int Bits = 0;
  cudaChannelFormatKind Kind = cudaChannelFormatKindNone;
  size_t ElementSize = 0;

  // Sampler state.
  bool Normalized = false;
  bool LinearFilter = false; ///< only when the result is float
  bool NormalizedRead = false; ///< cudaReadModeNormalizedFloat on an 8/16-bit integer format
  bool IntResult = false;    ///< integer lanes (integer format read as element type)
  cudaTextureAddressMode Address[3] = {cudaAddressModeClamp, cudaAddressModeClamp,
                                       cudaAddressModeClamp};
  float Border[4] = {0, 0, 0, 0};

  // Mipmapped resources: the levels (level 0 is also the view above) and
  // the mipmap sampler state; NumLevels 0 for other resources.
  MipLevel Levels[MaxMipLevels] = {};
  unsigned NumLevels = 0;
  bool MipLinear = false; ///< mipmapFilterMode linear (float results only)
  float LevelBias = 0, MinLevel = 0, MaxLevel = 0;

  void retire() { Magic = TextureMagicDead; }
};

/// Texture objects and texture references; owned by the Runtime.
class TextureTable {
public:

  /// cudaCreateTextureObject (arguments already non-null).
  cudaError_t create(const cudaResourceDesc &Res, const cudaTextureDesc &Tex,
                     cudaTextureObject_t *Out);
  /// cudaErrorInvalidValue if \p Handle is not a live texture object.
  cudaError_t destroy(cudaTextureObject_t Handle);
  /// Copies a live record (false if \p Handle is not live).
  bool lookup(cudaTextureObject_t Handle, TextureRecord *Out);

  // ---- texture references ----
  void registerReference(void *FatbinHandle, const textureReference *Ref,
                         const char *DeviceName, int Dim, int ReadMode);
  /// Binds \p Ref to \p Res: a new object from the reference's fields; the
  /// previous binding is destroyed. cudaErrorInvalidTexture if \p Ref was
  /// never registered or its device variable is missing.
  cudaError_t bindReference(const textureReference *Ref, const cudaResourceDesc &Res);
  cudaError_t unbindReference(const textureReference *Ref);
  // ---- mipmapped arrays ----
  /// cudaMallocMipmappedArray: numLevels CUDA arrays, level l of extent
  /// max(1, e >> l) per present dimension (layers and cube faces kept).
  cudaError_t createMipmapped(const cudaChannelFormatDesc &Desc, cudaExtent Extent,
                              unsigned NumLevels, unsigned Flags, cudaMipmappedArray_t *Out);
  cudaError_t destroyMipmapped(cudaMipmappedArray_const_t M);
  /// The array of level \p Level; cudaErrorInvalidResourceHandle for a dead
  /// handle, cudaErrorInvalidValue for a level past the last.
  cudaError_t mipmappedLevel(cudaMipmappedArray_const_t M, unsigned Level, cudaArray_t *Out);
  /// The level arrays of a live mipmapped array (false if not live).
  bool mipmappedLevels(cudaMipmappedArray_const_t M, std::vector<cudaArray_t> *Out);

  /// Whether \p Ref was registered (cudaGetTextureReference).
  bool isReference(const void *Ref);
  /// cudaDeviceReset: destroys every texture object and unbinds every
  /// reference (kernels then read a dead handle: zeros).
  void reset();

private:
  struct RefState {
    int Dim = cudaTextureType1D;
    int ReadMode = cudaReadModeElementType;
    cudaTextureObject_t Bound = 0;
  };
  cudaError_t destroyLocked(cudaTextureObject_t Handle);

  std::mutex M;
  HandleSet<TextureRecord, KeepDestroyed> Objects;
  HandleTable<cudaMipmappedArray> Mipmaps;
  std::unordered_map<const textureReference *, RefState> Refs;
};

/// Fills \p Out (four 32-bit lanes) with the result of a fetch of kind
/// \p Kind (LoomTexKind) from \p T. Sample.cpp.
void sampleTexture(const TextureRecord &T, uint32_t Kind, double X, double Y, double Z,
                   int32_t Layer, void *Out);
/// The same at level of detail \p Level, or (\p Grad non-null: dPdx x,y,z
/// then dPdy x,y,z) at the level the gradients give. Sample.cpp.
void sampleTextureLod(const TextureRecord &T, uint32_t Kind, double X, double Y, double Z,
                      int32_t Layer, float Level, const float *Grad, void *Out);

} // namespace loom

#endif // LOOM_RUNTIME_TEXTURE_TEXTURE_H
