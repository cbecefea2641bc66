// Texture.cpp - texture object records, their validation, and texture reference bindings.
// SPDX-License-Identifier: Apache-2.0
#include "texture/Texture.h"

#include "core/KernelRegistry.h"
#include "core/Runtime.h"
#include "driver_functions.h"
#include "memory/Array.h"
#include "scheduler/Scheduler.h"
#include "support/ApiError.h"

#include <cstring>

namespace loom {

namespace {

bool validAddressMode(int Mode) { return Mode >= cudaAddressModeWrap && Mode <= cudaAddressModeBorder; }

/// Fills the format fields of \p R from \p Desc; 0 on an invalid descriptor.
size_t setFormat(TextureRecord &R, const cudaChannelFormatDesc &Desc) {
  size_t ElementSize = channelElementSize(Desc);
  if (!ElementSize)
    return 0;
  R.Bits = Desc.x;
  R.Channels = int(ElementSize * 8 / size_t(Desc.x));
  R.Kind = Desc.f;
  R.ElementSize = ElementSize;
  return ElementSize;
}

} // namespace

cudaError_t TextureTable::create(const cudaResourceDesc &Res, const cudaTextureDesc &Tex,
                                 cudaTextureObject_t *Out) {
  TextureRecord R;
  R.Res = Res;
  R.Tex = Tex;
  for (int I = 0; I < 3; ++I)
    if (!validAddressMode(Tex.addressMode[I]))
      return failWith(cudaErrorInvalidValue,
                      "texture desc addressMode[%d] %d is not a cudaTextureAddressMode", I,
                      int(Tex.addressMode[I]));
  if ((Tex.filterMode != cudaFilterModePoint && Tex.filterMode != cudaFilterModeLinear) ||
      (Tex.readMode != cudaReadModeElementType && Tex.readMode != cudaReadModeNormalizedFloat))
    return failWith(cudaErrorInvalidValue,
                    "texture desc filterMode %d / readMode %d is not a valid mode",
                    int(Tex.filterMode), int(Tex.readMode));

  switch (Res.resType) {
  case cudaResourceTypeArray: {
    if (!Res.res.array.array)
      return failWith(cudaErrorInvalidValue, "resource desc of type array has a null array");
    ArrayView V;
    if (!Runtime::get().arrays().view(Res.res.array.array, &V))
      return failWith(cudaErrorInvalidResourceHandle,
                      "resource desc array %p is not a live CUDA array",
                      static_cast<void *>(Res.res.array.array));
    if (!setFormat(R, V.Desc))
      return failWith(cudaErrorInvalidChannelDescriptor,
                      "array %p has an invalid channel format (%d,%d,%d,%d kind %d)",
                      static_cast<void *>(Res.res.array.array), V.Desc.x, V.Desc.y, V.Desc.z,
                      V.Desc.w, int(V.Desc.f));
    R.Base = V.Base;
    R.Width = V.Width;
    R.Height = V.Height;
    R.Depth = V.Depth;
    R.Layers = V.Layers;
    R.RowPitch = V.rowBytes();
    R.SlicePitch = V.sliceBytes();
    break;
  }
  case cudaResourceTypeMipmappedArray: {
    std::vector<cudaArray_t> Levels;
    if (!Res.res.mipmap.mipmap)
      return failWith(cudaErrorInvalidValue,
                      "resource desc of type mipmapped array has a null mipmap");
    if (!mipmappedLevels(Res.res.mipmap.mipmap, &Levels))
      return failWith(cudaErrorInvalidResourceHandle,
                      "resource desc mipmap %p is not a live mipmapped array",
                      static_cast<void *>(Res.res.mipmap.mipmap));
    for (size_t L = 0; L < Levels.size(); ++L) {
      ArrayView V;
      if (!Runtime::get().arrays().view(Levels[L], &V))
        return failWith(cudaErrorInvalidResourceHandle,
                        "level %zu of mipmapped array %p is not a live CUDA array", L,
                        static_cast<void *>(Res.res.mipmap.mipmap));
      if (L == 0) {
        if (!setFormat(R, V.Desc))
          return failWith(cudaErrorInvalidChannelDescriptor,
                          "mipmapped array %p has an invalid channel format (%d,%d,%d,%d kind %d)",
                          static_cast<void *>(Res.res.mipmap.mipmap), V.Desc.x, V.Desc.y, V.Desc.z,
                          V.Desc.w, int(V.Desc.f));
        R.Base = V.Base;
        R.Width = V.Width;
        R.Height = V.Height;
        R.Depth = V.Depth;
        R.Layers = V.Layers;
        R.RowPitch = V.rowBytes();
        R.SlicePitch = V.sliceBytes();
      }
      R.Levels[L] = MipLevel{V.Base, V.Width, V.Height, V.Depth, V.rowBytes(), V.sliceBytes()};
    }
    R.NumLevels = unsigned(Levels.size());
    break;
  }
  case cudaResourceTypeLinear: {
    if (!Res.res.linear.devPtr)
      return failWith(cudaErrorInvalidValue, "resource desc of type linear has a null devPtr");
    size_t ElementSize = setFormat(R, Res.res.linear.desc);
    if (!ElementSize)
      return failWith(cudaErrorInvalidChannelDescriptor,
                      "linear resource channel format (%d,%d,%d,%d kind %d) is invalid",
                      Res.res.linear.desc.x, Res.res.linear.desc.y, Res.res.linear.desc.z,
                      Res.res.linear.desc.w, int(Res.res.linear.desc.f));
    if (Res.res.linear.sizeInBytes < ElementSize)
      return failWith(cudaErrorInvalidValue,
                      "linear resource sizeInBytes %zu is smaller than one %zu-byte element",
                      Res.res.linear.sizeInBytes, ElementSize);
    R.Base = static_cast<const unsigned char *>(Res.res.linear.devPtr);
    R.Width = Res.res.linear.sizeInBytes / ElementSize;
    R.RowPitch = R.SlicePitch = R.Width * ElementSize;
    R.LinearResource = true;
    break;
  }
  case cudaResourceTypePitch2D: {
    const auto &P = Res.res.pitch2D;
    if (!P.devPtr || P.width == 0 || P.height == 0)
      return failWith(cudaErrorInvalidValue,
                      "pitch2D resource devPtr %p, width %zu, height %zu: none may be 0", P.devPtr,
                      P.width, P.height);
    size_t ElementSize = setFormat(R, P.desc);
    if (!ElementSize)
      return failWith(cudaErrorInvalidChannelDescriptor,
                      "pitch2D resource channel format (%d,%d,%d,%d kind %d) is invalid", P.desc.x,
                      P.desc.y, P.desc.z, P.desc.w, int(P.desc.f));
    if (P.pitchInBytes / ElementSize < P.width)
      return failWith(cudaErrorInvalidValue,
                      "pitch2D pitchInBytes %zu is less than width %zu x %zu-byte elements",
                      P.pitchInBytes, P.width, ElementSize);
    R.Base = static_cast<const unsigned char *>(P.devPtr);
    R.Width = P.width;
    R.Height = P.height;
    R.RowPitch = P.pitchInBytes;
    R.SlicePitch = P.pitchInBytes * P.height;
    break;
  }
  default:
    return failWith(cudaErrorInvalidValue, "resource desc resType %d is not a cudaResourceType",
                    int(Res.resType));
  }

  bool IntegerFormat = R.Kind != cudaChannelFormatKindFloat;
  // Normalized reads exist for 8- and 16-bit integers; 32-bit integers are
  // always read as integers (as the driver API documents).
  R.NormalizedRead = IntegerFormat && Tex.readMode == cudaReadModeNormalizedFloat && R.Bits <= 16;
  R.IntResult = IntegerFormat && !R.NormalizedRead;
  // Linear filtering needs float results; integer results are point-sampled.
  R.LinearFilter = Tex.filterMode == cudaFilterModeLinear && !R.IntResult;
  R.Normalized = Tex.normalizedCoords != 0;
  for (int I = 0; I < 3; ++I)
    R.Address[I] = Tex.addressMode[I];
  for (int I = 0; I < 4; ++I)
    R.Border[I] = Tex.borderColor[I];
  if (R.NumLevels) {
    if (Tex.mipmapFilterMode != cudaFilterModePoint &&
        Tex.mipmapFilterMode != cudaFilterModeLinear)
      return failWith(cudaErrorInvalidValue,
                      "texture desc mipmapFilterMode %d is not a cudaTextureFilterMode",
                      int(Tex.mipmapFilterMode));
    R.MipLinear = Tex.mipmapFilterMode == cudaFilterModeLinear && !R.IntResult;
    R.LevelBias = Tex.mipmapLevelBias;
    R.MinLevel = Tex.minMipmapLevelClamp;
    R.MaxLevel = Tex.maxMipmapLevelClamp;
  }

  std::lock_guard<std::mutex> Lock(M);
  std::unique_ptr<TextureRecord> Record = Objects.make();
  *Record = R;
  Record->Magic = TextureMagicLive;
  *Out = reinterpret_cast<cudaTextureObject_t>(Objects.insert(std::move(Record)));
  return cudaSuccess;
}

cudaError_t TextureTable::destroyLocked(cudaTextureObject_t Handle) {
  std::unique_ptr<TextureRecord> Record = Objects.take(handlePointer(Handle));
  if (!Record)
    return failWith(cudaErrorInvalidValue, "texture object %#llx is not a live texture object",
                    static_cast<unsigned long long>(Handle));
  Objects.release(std::move(Record));
  return cudaSuccess;
}

cudaError_t TextureTable::destroy(cudaTextureObject_t Handle) {
  std::lock_guard<std::mutex> Lock(M);
  return destroyLocked(Handle);
}

bool TextureTable::lookup(cudaTextureObject_t Handle, TextureRecord *Out) {
  std::lock_guard<std::mutex> Lock(M);
  const TextureRecord *Record = Objects.find(handlePointer(Handle));
  if (!Record)
    return false;
  *Out = *Record;
  return true;
}

void TextureTable::registerReference(void *FatbinHandle, const textureReference *Ref,
                                     const char *DeviceName, int Dim, int ReadMode) {
  if (!FatbinHandle || !Ref || !DeviceName)
    return;
  // The device twin is an ordinary 8-byte variable of the module.
  KernelRegistry::get().registerVar(FatbinHandle, Ref, DeviceName, sizeof(uint64_t));
  std::lock_guard<std::mutex> Lock(M);
  RefState &State = Refs[Ref];
  State.Dim = Dim;
  State.ReadMode = ReadMode;
}

void TextureTable::reset() {
  {
    std::lock_guard<std::mutex> Lock(M);
    for (std::unique_ptr<TextureRecord> &Record : Objects.takeAll())
      Objects.release(std::move(Record));
    for (auto &Entry : Refs)
      Entry.second.Bound = 0;
  }
  Mipmaps.destroyAll();
}

cudaError_t TextureTable::createMipmapped(const cudaChannelFormatDesc &Desc, cudaExtent Extent,
                                          unsigned NumLevels, unsigned Flags,
                                          cudaMipmappedArray_t *Out) {
  if (!Extent.width)
    return failWith(cudaErrorInvalidValue, "mipmapped array extent width is 0 (extent %zux%zux%zu)",
                    Extent.width, Extent.height, Extent.depth);
  size_t Largest = Extent.width;
  bool Layers = Flags & (cudaArrayLayered | cudaArrayCubemap);
  if (Extent.height > Largest)
    Largest = Extent.height;
  if (!Layers && Extent.depth > Largest)
    Largest = Extent.depth;
  unsigned Full = 1;
  while ((Largest >> Full) != 0)
    ++Full; // 1 + floor(log2(largest))
  // CUDA clamps the level count to [1, full chain].
  unsigned Count = NumLevels == 0 ? 1 : (NumLevels > Full ? Full : NumLevels);
  if (Count > MaxMipLevels)
    return failWith(cudaErrorInvalidValue, "%u mip levels exceed Loom's limit of %u", Count,
                    unsigned(MaxMipLevels));
  auto Mip = std::make_unique<cudaMipmappedArray>();
  Mip->Desc = Desc;
  Mip->Extent = Extent;
  Mip->Flags = Flags;
  auto Shrink = [](size_t E, unsigned L) { return E == 0 ? 0 : (E >> L ? E >> L : 1); };
  for (unsigned L = 0; L < Count; ++L) {
    cudaExtent E = make_cudaExtent(Shrink(Extent.width, L), Shrink(Extent.height, L),
                                   Layers ? Extent.depth : Shrink(Extent.depth, L));
    cudaArray_t A;
    if (cudaError_t Error = Runtime::get().arrays().create(Desc, E, Flags, &A))
      return Error; // the levels made so far go with Mip
    Mip->Levels.push_back(A);
  }
  *Out = Mipmaps.insert(std::move(Mip));
  return cudaSuccess;
}

cudaError_t TextureTable::destroyMipmapped(cudaMipmappedArray_const_t Mip) {
  if (Mipmaps.destroy(Mip))
    return cudaSuccess;
  return failWith(cudaErrorInvalidResourceHandle, "mipmapped array %p is not live",
                  static_cast<const void *>(Mip));
}

cudaError_t TextureTable::mipmappedLevel(cudaMipmappedArray_const_t Mip, unsigned Level,
                                         cudaArray_t *Out) {
  cudaError_t Error = cudaErrorInvalidResourceHandle;
  size_t Levels = 0;
  Mipmaps.with(Mip, [&](cudaMipmappedArray &A) {
    Levels = A.Levels.size();
    if (Level >= Levels) {
      Error = cudaErrorInvalidValue;
      return;
    }
    *Out = A.Levels[Level];
    Error = cudaSuccess;
  });
  if (Error == cudaErrorInvalidResourceHandle)
    return failWith(Error, "mipmapped array %p is not live", static_cast<const void *>(Mip));
  if (Error == cudaErrorInvalidValue)
    return failWith(Error, "level %u of mipmapped array %p with %zu levels", Level,
                    static_cast<const void *>(Mip), Levels);
  return Error;
}

bool TextureTable::mipmappedLevels(cudaMipmappedArray_const_t Mip,
                                   std::vector<cudaArray_t> *Out) {
  return Mipmaps.with(Mip, [&](cudaMipmappedArray &A) { *Out = A.Levels; });
}

bool TextureTable::isReference(const void *Ref) {
  std::lock_guard<std::mutex> Lock(M);
  return Refs.count(static_cast<const textureReference *>(Ref)) != 0;
}

namespace {
/// The device variable of a registered reference, or null.
uint64_t *deviceSlot(const textureReference *Ref) {
  void *Address = nullptr;
  size_t Size = 0;
  if (KernelRegistry::get().lookupVar(Ref, &Address, &Size) != cudaSuccess ||
      Size < sizeof(uint64_t))
    return nullptr;
  return static_cast<uint64_t *>(Address);
}
} // namespace

cudaError_t TextureTable::bindReference(const textureReference *Ref, const cudaResourceDesc &Res) {
  int ReadMode;
  {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Refs.find(Ref);
    if (It == Refs.end())
      return failWith(cudaErrorInvalidTexture,
                      "texture reference %p was not registered by any module",
                      static_cast<const void *>(Ref));
    ReadMode = It->second.ReadMode;
  }
  uint64_t *Slot = deviceSlot(Ref);
  if (!Slot)
    return failWith(cudaErrorInvalidTexture, "texture reference %p has no device variable to bind",
                    static_cast<const void *>(Ref));

  cudaTextureDesc Tex;
  std::memset(&Tex, 0, sizeof(Tex));
  for (int I = 0; I < 3; ++I)
    Tex.addressMode[I] = Ref->addressMode[I];
  Tex.filterMode = Ref->filterMode;
  Tex.readMode = static_cast<cudaTextureReadMode>(ReadMode);
  Tex.sRGB = Ref->sRGB;
  Tex.normalizedCoords = Ref->normalized;
  Tex.maxAnisotropy = Ref->maxAnisotropy;
  cudaTextureObject_t Handle;
  if (cudaError_t Error = create(Res, Tex, &Handle))
    return Error;

  // Kernels read the reference when they run: let the ones launched before
  // this binding finish with the old one.
  Runtime::get().scheduler().waitAll();
  std::lock_guard<std::mutex> Lock(M);
  RefState &State = Refs[Ref];
  if (State.Bound)
    destroyLocked(State.Bound);
  State.Bound = Handle;
  std::memcpy(Slot, &Handle, sizeof(Handle));
  return cudaSuccess;
}

cudaError_t TextureTable::unbindReference(const textureReference *Ref) {
  {
    std::lock_guard<std::mutex> Lock(M);
    if (!Refs.count(Ref))
      return failWith(cudaErrorInvalidTexture,
                      "texture reference %p was not registered by any module",
                      static_cast<const void *>(Ref));
  }
  uint64_t *Slot = deviceSlot(Ref);
  Runtime::get().scheduler().waitAll();
  std::lock_guard<std::mutex> Lock(M);
  RefState &State = Refs[Ref];
  if (State.Bound)
    destroyLocked(State.Bound);
  State.Bound = 0;
  if (Slot)
    std::memset(Slot, 0, sizeof(uint64_t));
  return cudaSuccess;
}

} // namespace loom

cudaMipmappedArray::~cudaMipmappedArray() {
  for (cudaArray_t A : Levels)
    loom::Runtime::get().arrays().destroy(A); // dead after cudaDeviceReset: refused, harmless
}
