// Image.cpp - OpenCL images and samplers: creation, formats, info, the image enqueue commands.
// SPDX-License-Identifier: Apache-2.0
//
// An image is a cl_mem whose storage is host memory laid out in rows and
// slices (its own allocation, the application's with CL_MEM_USE_HOST_PTR, or
// a buffer's for 1D image buffers and 2D images from buffers). Each image
// carries the descriptor its kernels receive (LoomClImage, image_abi.h) and
// one libloomrt texture record per sampler state, so that a kernel's
// read_image* samples through the same code as CUDA's textures
// (runtime/texture/Sample.cpp): CLAMP_TO_EDGE and NONE are CUDA's clamp,
// CLAMP its border mode with a border of 0 (the channel order then gives
// alpha 1 to orders without alpha, as OpenCL's border colour rule says),
// REPEAT wrap and MIRRORED_REPEAT mirror. Every image is addressed here in
// three canonical dimensions (x, y, z): a 1D array's layers are z.
#include "Objects.h"

#include "image_abi.h"
#include "loom/KernelABI.h"
#include "texture/Texture.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace loomcl {

struct ImageState {
  cl_image_format format;
  cl_image_desc desc; // as the application gave it (pitches as used)
  size_t elementSize = 0;
  size_t dims[3] = {1, 1, 1}; // canonical x, y, z (z: depth or layers)
  size_t rowPitch = 0, slicePitch = 0;
  LoomClImage device;
  loom::TextureRecord records[LOOM_CL_SAMPLER_RECORDS];
};

void destroyImage(ImageState *Image) { delete Image; }

void *imageDescriptor(cl_mem M) { return M && M->image ? &M->image->device : nullptr; }

namespace {

const char *typeName(cl_mem_object_type T) {
  switch (T) {
  case CL_MEM_OBJECT_IMAGE1D: return "image1d_t";
  case CL_MEM_OBJECT_IMAGE1D_BUFFER: return "image1d_buffer_t";
  case CL_MEM_OBJECT_IMAGE1D_ARRAY: return "image1d_array_t";
  case CL_MEM_OBJECT_IMAGE2D: return "image2d_t";
  case CL_MEM_OBJECT_IMAGE2D_ARRAY: return "image2d_array_t";
  case CL_MEM_OBJECT_IMAGE3D: return "image3d_t";
  default: return "";
  }
}

} // namespace

bool imageFitsArgument(cl_mem M, const std::string &TypeName) {
  if (!M->image)
    return false;
  // The argument's type name may carry an access qualifier prefix.
  std::string Want = typeName(M->type);
  return TypeName.size() >= Want.size() &&
         TypeName.compare(TypeName.size() - Want.size(), Want.size(), Want) == 0;
}

namespace {

// ---- Formats ----

/// Channels in memory of channel order \p O (0: not supported).
int channelCount(cl_channel_order O) {
  switch (O) {
  case CL_R: case CL_A: case CL_INTENSITY: case CL_LUMINANCE: return 1;
  case CL_RG: case CL_RA: return 2;
  case CL_RGBA: case CL_BGRA: case CL_ARGB: case CL_ABGR: return 4;
  default: return 0;
  }
}

/// Bytes per channel of channel type \p T (0: not supported).
int channelBytes(cl_channel_type T) {
  switch (T) {
  case CL_UNORM_INT8: case CL_SNORM_INT8: case CL_SIGNED_INT8: case CL_UNSIGNED_INT8: return 1;
  case CL_UNORM_INT16: case CL_SNORM_INT16: case CL_SIGNED_INT16: case CL_UNSIGNED_INT16:
  case CL_HALF_FLOAT: return 2;
  case CL_SIGNED_INT32: case CL_UNSIGNED_INT32: case CL_FLOAT: return 4;
  default: return 0;
  }
}

/// Whether \p F names a channel order and type of the specification at all
/// (CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if not; CL_IMAGE_FORMAT_NOT_SUPPORTED
/// for a valid one Loom does not support).
bool validFormat(const cl_image_format &F) {
  cl_channel_order O = F.image_channel_order;
  cl_channel_type T = F.image_channel_data_type;
  bool Order = channelCount(O) || O == CL_RGB || O == CL_Rx || O == CL_RGx || O == CL_RGBx ||
               O == CL_DEPTH || O == CL_sRGB || O == CL_sRGBx || O == CL_sRGBA ||
               O == CL_sBGRA;
  bool Type = channelBytes(T) || T == CL_UNORM_SHORT_565 || T == CL_UNORM_SHORT_555 ||
              T == CL_UNORM_INT_101010 || T == CL_UNORM_INT_101010_2 || T == CL_UNORM_INT24;
  return Order && Type;
}

bool isIntegerType(cl_channel_type T) {
  return T == CL_SIGNED_INT8 || T == CL_SIGNED_INT16 || T == CL_SIGNED_INT32 ||
         T == CL_UNSIGNED_INT8 || T == CL_UNSIGNED_INT16 || T == CL_UNSIGNED_INT32;
}

/// The formats Loom supports: R, A, RG, RA, RGBA with every channel type;
/// BGRA, ARGB, ABGR with 8-bit types; INTENSITY, LUMINANCE with the
/// normalized and floating types (the specification's restrictions).
bool supported(const cl_image_format &F) {
  int C = channelCount(F.image_channel_order), B = channelBytes(F.image_channel_data_type);
  if (!C || !B)
    return false;
  switch (F.image_channel_order) {
  case CL_BGRA: case CL_ARGB: case CL_ABGR: return B == 1;
  case CL_INTENSITY: case CL_LUMINANCE: return !isIntegerType(F.image_channel_data_type);
  default: return true;
  }
}

std::vector<cl_image_format> allFormats() {
  const cl_channel_order Orders[] = {CL_R, CL_A, CL_RG, CL_RA, CL_RGBA, CL_BGRA,
                                     CL_ARGB, CL_ABGR, CL_INTENSITY, CL_LUMINANCE};
  const cl_channel_type Types[] = {CL_UNORM_INT8,     CL_UNORM_INT16,    CL_SNORM_INT8,
                                   CL_SNORM_INT16,    CL_SIGNED_INT8,    CL_SIGNED_INT16,
                                   CL_SIGNED_INT32,   CL_UNSIGNED_INT8,  CL_UNSIGNED_INT16,
                                   CL_UNSIGNED_INT32, CL_HALF_FLOAT,     CL_FLOAT};
  std::vector<cl_image_format> Out;
  for (cl_channel_order O : Orders)
    for (cl_channel_type T : Types)
      if (supported({O, T}))
        Out.push_back({O, T});
  return Out;
}

// Limits (clGetDeviceInfo answers the same; Objects.cpp).
constexpr size_t Max2D = 16384, Max3D = 2048, MaxArray = 2048, MaxBuffer = size_t(1) << 27;

// ---- Texture records ----

void buildRecords(cl_mem M) {
  ImageState &S = *M->image;
  cl_channel_type T = S.format.image_channel_data_type;
  int Channels = channelCount(S.format.image_channel_order);
  bool Layered = M->type == CL_MEM_OBJECT_IMAGE1D_ARRAY || M->type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
  for (int I = 0; I < LOOM_CL_SAMPLER_RECORDS; ++I) {
    loom::TextureRecord &R = S.records[I];
    R.Base = reinterpret_cast<const unsigned char *>(M->data);
    R.Width = S.dims[0];
    R.Height = S.dims[1];
    R.Depth = Layered ? 1 : S.dims[2];
    R.Layers = Layered ? S.dims[2] : 0;
    R.RowPitch = S.rowPitch;
    R.SlicePitch = S.slicePitch;
    R.Channels = Channels;
    R.Bits = channelBytes(T) * 8;
    R.Kind = T == CL_FLOAT || T == CL_HALF_FLOAT ? cudaChannelFormatKindFloat
             : T == CL_SNORM_INT8 || T == CL_SNORM_INT16 || T == CL_SIGNED_INT8 ||
                     T == CL_SIGNED_INT16 || T == CL_SIGNED_INT32
                 ? cudaChannelFormatKindSigned
                 : cudaChannelFormatKindUnsigned;
    R.ElementSize = S.elementSize;
    R.IntResult = isIntegerType(T);
    R.NormalizedRead = !R.IntResult && R.Kind != cudaChannelFormatKindFloat;
    // The index is LOOM_CL_SAMPLER_INDEX: normalized * 10 + address * 2 + linear.
    R.Normalized = I >= 10;
    R.LinearFilter = (I & 1) && !R.IntResult;
    int Address = (I % 10) / 2; // NONE, CLAMP_TO_EDGE, CLAMP, REPEAT, MIRRORED_REPEAT
    cudaTextureAddressMode Mode = Address == 2   ? cudaAddressModeBorder
                                  : Address == 3 ? cudaAddressModeWrap
                                  : Address == 4 ? cudaAddressModeMirror
                                                 : cudaAddressModeClamp;
    for (auto &A : R.Address)
      A = Mode;
    // Border colour 0, in memory order; orders without alpha whose lanes
    // leave none for it (R, RG) read alpha 1 there, as OpenCL says.
    for (float &B : R.Border)
      B = 0.0f;
    cl_channel_order O = S.format.image_channel_order;
    if (O == CL_R || O == CL_RG)
      R.Border[3] = 1.0f;
    R.Magic = loom::TextureMagicLive;
    S.device.handles[I] = reinterpret_cast<uint64_t>(&R);
  }
  LoomClImage &D = S.device;
  D.data = reinterpret_cast<uint64_t>(M->data);
  D.rowPitch = S.rowPitch;
  D.slicePitch = S.slicePitch;
  D.width = static_cast<int32_t>(S.dims[0]);
  D.height = static_cast<int32_t>(S.dims[1]);
  D.depth = static_cast<int32_t>(S.dims[2]);
  D.arraySize = Layered ? static_cast<int32_t>(S.dims[2]) : 0;
  D.elementSize = static_cast<int32_t>(S.elementSize);
  D.channels = Channels;
  D.order = static_cast<int32_t>(S.format.image_channel_order);
  D.type = static_cast<int32_t>(T);
  switch (M->type) {
  case CL_MEM_OBJECT_IMAGE1D_ARRAY: D.kind = LoomTex1DLayered; break;
  case CL_MEM_OBJECT_IMAGE2D: D.kind = LoomTex2D; break;
  case CL_MEM_OBJECT_IMAGE2D_ARRAY: D.kind = LoomTex2DLayered; break;
  case CL_MEM_OBJECT_IMAGE3D: D.kind = LoomTex3D; break;
  default: D.kind = LoomTex1D; break;
  }
}

// ---- Creation ----

constexpr cl_mem_flags AccessFlags = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
constexpr cl_mem_flags HostAccessFlags =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
constexpr cl_mem_flags AllMemFlags = AccessFlags | HostAccessFlags | CL_MEM_USE_HOST_PTR |
                                     CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR |
                                     CL_MEM_KERNEL_READ_AND_WRITE;

bool atMostOne(cl_mem_flags Flags, cl_mem_flags Mask) {
  cl_mem_flags F = Flags & Mask;
  return (F & (F - 1)) == 0;
}

/// Copies \p Rows x \p Slices rows of \p RowBytes between two pitched layouts.
void copy3D(char *Dst, size_t DRow, size_t DSlice, const char *Src, size_t SRow, size_t SSlice,
            size_t RowBytes, size_t Rows, size_t Slices) {
  for (size_t Z = 0; Z < Slices; ++Z)
    for (size_t Y = 0; Y < Rows; ++Y)
      std::memmove(Dst + Z * DSlice + Y * DRow, Src + Z * SSlice + Y * SRow, RowBytes);
}

cl_mem createImage(cl_context C, cl_mem_flags Flags, const cl_image_format *Format,
                   const cl_image_desc *Desc, void *HostPtr, cl_int *Err) {
  auto Fail = [&](cl_int E) -> cl_mem {
    if (Err)
      *Err = E;
    return nullptr;
  };
  if (!valid(C, ContextMagic))
    return Fail(CL_INVALID_CONTEXT);
  if (Flags == 0)
    Flags = CL_MEM_READ_WRITE;
  if ((Flags & ~AllMemFlags) || !atMostOne(Flags, AccessFlags) ||
      !atMostOne(Flags, HostAccessFlags) ||
      ((Flags & CL_MEM_USE_HOST_PTR) && (Flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))))
    return Fail(CL_INVALID_VALUE);
  if (!Format || !validFormat(*Format))
    return Fail(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  if (!Desc)
    return Fail(CL_INVALID_IMAGE_DESCRIPTOR);
  if (!supported(*Format))
    return Fail(CL_IMAGE_FORMAT_NOT_SUPPORTED);
  cl_mem_object_type Type = Desc->image_type;
  if (!*typeName(Type))
    return Fail(CL_INVALID_IMAGE_DESCRIPTOR);
  if (Desc->num_mip_levels || Desc->num_samples)
    return Fail(CL_INVALID_IMAGE_DESCRIPTOR);
  size_t Elem = size_t(channelCount(Format->image_channel_order)) *
                size_t(channelBytes(Format->image_channel_data_type));
  size_t W = Desc->image_width, H = 1, D = 1;
  if (Type == CL_MEM_OBJECT_IMAGE2D || Type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
      Type == CL_MEM_OBJECT_IMAGE3D)
    H = Desc->image_height;
  if (Type == CL_MEM_OBJECT_IMAGE3D)
    D = Desc->image_depth;
  if (Type == CL_MEM_OBJECT_IMAGE1D_ARRAY || Type == CL_MEM_OBJECT_IMAGE2D_ARRAY)
    D = Desc->image_array_size;
  size_t MaxW = Type == CL_MEM_OBJECT_IMAGE1D_BUFFER ? MaxBuffer
                : Type == CL_MEM_OBJECT_IMAGE3D     ? Max3D
                                                    : Max2D;
  size_t MaxD = Type == CL_MEM_OBJECT_IMAGE3D ? Max3D : MaxArray;
  if (W == 0 || H == 0 || D == 0)
    return Fail(CL_INVALID_IMAGE_DESCRIPTOR);
  if (W > MaxW || H > (Type == CL_MEM_OBJECT_IMAGE3D ? Max3D : Max2D) || D > MaxD)
    return Fail(CL_INVALID_IMAGE_SIZE);

  // Image from a buffer: a 1D image buffer, or a 2D image (OpenCL 2.0).
  cl_mem Buffer = Desc->buffer;
  if (Type == CL_MEM_OBJECT_IMAGE1D_BUFFER && !Buffer)
    return Fail(CL_INVALID_IMAGE_DESCRIPTOR);
  if (Buffer) {
    if (Type != CL_MEM_OBJECT_IMAGE1D_BUFFER && Type != CL_MEM_OBJECT_IMAGE2D)
      return Fail(CL_INVALID_IMAGE_DESCRIPTOR);
    if (!valid(Buffer, MemMagic) || Buffer->type != CL_MEM_OBJECT_BUFFER ||
        Buffer->context != C)
      return Fail(CL_INVALID_IMAGE_DESCRIPTOR);
    if (HostPtr || (Flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
      return Fail(CL_INVALID_VALUE);
  }

  // Pitches: the application's (host pointer, buffer) or packed.
  bool External = HostPtr && (Flags & CL_MEM_USE_HOST_PTR);
  bool WantsHostPtr = Flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
  if (WantsHostPtr != (HostPtr != nullptr))
    return Fail(CL_INVALID_HOST_PTR);
  size_t Row = W * Elem;
  size_t GivenRow = Desc->image_row_pitch, GivenSlice = Desc->image_slice_pitch;
  if (!HostPtr && !Buffer && (GivenRow || GivenSlice))
    return Fail(CL_INVALID_IMAGE_DESCRIPTOR);
  size_t HostRow = GivenRow ? GivenRow : Row;
  if (HostRow < Row || HostRow % Elem)
    return Fail(CL_INVALID_IMAGE_DESCRIPTOR);
  // A 1D array's slice is one row; a 2D array's or 3D image's is H rows.
  size_t MinSlice = Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? HostRow : HostRow * H;
  size_t HostSlice = GivenSlice ? GivenSlice : MinSlice;
  bool HasSlices = Type == CL_MEM_OBJECT_IMAGE1D_ARRAY || Type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                   Type == CL_MEM_OBJECT_IMAGE3D;
  if (HasSlices && (HostSlice < MinSlice || HostSlice % HostRow))
    return Fail(CL_INVALID_IMAGE_DESCRIPTOR);
  if (!HasSlices)
    HostSlice = HostRow * H;

  auto *M = new _cl_mem();
  M->magic = MemMagic;
  M->context = C;
  M->flags = Flags;
  M->type = Type;
  M->image = new ImageState();
  ImageState &S = *M->image;
  S.format = *Format;
  S.desc = *Desc;
  S.elementSize = Elem;
  S.dims[0] = W;
  S.dims[1] = H;
  S.dims[2] = D;
  if (Buffer) {
    size_t Need = (H - 1) * HostRow + Row;
    if (Need > Buffer->size) {
      destroyImage(M->image);
      delete M;
      return Fail(CL_INVALID_IMAGE_SIZE);
    }
    S.rowPitch = HostRow;
    S.slicePitch = HostRow * H;
    M->data = Buffer->data;
    M->size = Need;
    M->parent = Buffer; // CL_MEM_ASSOCIATED_MEMOBJECT; released with the image
    retainMem(Buffer);
    S.desc.image_row_pitch = HostRow;
  } else if (External) {
    S.rowPitch = HostRow;
    S.slicePitch = HostSlice;
    M->data = static_cast<char *>(HostPtr);
    M->hostPtr = HostPtr;
    M->size = HostSlice * D;
  } else {
    S.rowPitch = Row;
    S.slicePitch = Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? Row : Row * H;
    M->size = S.slicePitch * D;
    size_t Bytes = (M->size + 127) / 128 * 128;
    M->data = static_cast<char *>(std::aligned_alloc(128, Bytes));
    if (!M->data) {
      destroyImage(M->image);
      delete M;
      return Fail(CL_MEM_OBJECT_ALLOCATION_FAILURE);
    }
    M->owned = true;
    if (HostPtr) { // CL_MEM_COPY_HOST_PTR
      M->hostPtr = nullptr;
      // In canonical rows: a 1D array's rows are its layers.
      bool Arr1 = Type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
      copy3D(M->data, S.rowPitch, S.slicePitch, static_cast<const char *>(HostPtr),
             Arr1 ? HostSlice : HostRow, HostSlice, Row, H, D);
    }
  }
  buildRecords(M);
  retainContext(C);
  if (Err)
    *Err = CL_SUCCESS;
  return M;
}

cl_mem CL_API_CALL CreateImage(cl_context C, cl_mem_flags Flags, const cl_image_format *Format,
                               const cl_image_desc *Desc, void *HostPtr, cl_int *Err) {
  return createImage(C, Flags, Format, Desc, HostPtr, Err);
}

cl_mem CL_API_CALL CreateImageWithProperties(cl_context C, const cl_mem_properties *Props,
                                             cl_mem_flags Flags, const cl_image_format *Format,
                                             const cl_image_desc *Desc, void *HostPtr,
                                             cl_int *Err) {
  if (Props && *Props) {
    if (Err)
      *Err = CL_INVALID_PROPERTY;
    return nullptr;
  }
  return createImage(C, Flags, Format, Desc, HostPtr, Err);
}

cl_mem CL_API_CALL CreateImage2D(cl_context C, cl_mem_flags Flags, const cl_image_format *Format,
                                 size_t W, size_t H, size_t RowPitch, void *HostPtr, cl_int *Err) {
  cl_image_desc D = {};
  D.image_type = CL_MEM_OBJECT_IMAGE2D;
  D.image_width = W;
  D.image_height = H;
  D.image_row_pitch = RowPitch;
  return createImage(C, Flags, Format, &D, HostPtr, Err);
}

cl_mem CL_API_CALL CreateImage3D(cl_context C, cl_mem_flags Flags, const cl_image_format *Format,
                                 size_t W, size_t H, size_t Depth, size_t RowPitch,
                                 size_t SlicePitch, void *HostPtr, cl_int *Err) {
  cl_image_desc D = {};
  D.image_type = CL_MEM_OBJECT_IMAGE3D;
  D.image_width = W;
  D.image_height = H;
  D.image_depth = Depth;
  D.image_row_pitch = RowPitch;
  D.image_slice_pitch = SlicePitch;
  return createImage(C, Flags, Format, &D, HostPtr, Err);
}

cl_int CL_API_CALL GetSupportedImageFormats(cl_context C, cl_mem_flags Flags,
                                            cl_mem_object_type Type, cl_uint Num,
                                            cl_image_format *Formats, cl_uint *NumRet) {
  if (!valid(C, ContextMagic))
    return CL_INVALID_CONTEXT;
  if (!*typeName(Type) || (Flags & ~AllMemFlags) || (Num == 0 && Formats))
    return CL_INVALID_VALUE;
  std::vector<cl_image_format> All = allFormats();
  if (NumRet)
    *NumRet = static_cast<cl_uint>(All.size());
  if (Formats)
    for (cl_uint I = 0; I < Num && I < All.size(); ++I)
      Formats[I] = All[I];
  return CL_SUCCESS;
}

cl_int CL_API_CALL GetImageInfo(cl_mem M, cl_image_info Param, size_t Size, void *Value,
                                size_t *SizeRet) {
  if (!valid(M, MemMagic) || !M->image)
    return CL_INVALID_MEM_OBJECT;
  const ImageState &S = *M->image;
  auto SZ = [&](size_t V) { return infoValue(Size, Value, SizeRet, V); };
  bool Arr1 = M->type == CL_MEM_OBJECT_IMAGE1D_ARRAY, Arr2 = M->type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
  switch (Param) {
  case CL_IMAGE_FORMAT:
    return infoValue(Size, Value, SizeRet, S.format);
  case CL_IMAGE_ELEMENT_SIZE:
    return SZ(S.elementSize);
  case CL_IMAGE_ROW_PITCH:
    return SZ(S.rowPitch);
  case CL_IMAGE_SLICE_PITCH:
    return SZ(Arr1 || Arr2 || M->type == CL_MEM_OBJECT_IMAGE3D ? S.slicePitch : 0);
  case CL_IMAGE_WIDTH:
    return SZ(S.dims[0]);
  case CL_IMAGE_HEIGHT:
    return SZ(M->type == CL_MEM_OBJECT_IMAGE2D || Arr2 || M->type == CL_MEM_OBJECT_IMAGE3D
                  ? S.dims[1]
                  : 0);
  case CL_IMAGE_DEPTH:
    return SZ(M->type == CL_MEM_OBJECT_IMAGE3D ? S.dims[2] : 0);
  case CL_IMAGE_ARRAY_SIZE:
    return SZ(Arr1 || Arr2 ? S.dims[2] : 0);
  case CL_IMAGE_BUFFER:
    return infoValue<cl_mem>(Size, Value, SizeRet, M->parent);
  case CL_IMAGE_NUM_MIP_LEVELS:
  case CL_IMAGE_NUM_SAMPLES:
    return infoValue<cl_uint>(Size, Value, SizeRet, 0);
  default:
    return CL_INVALID_VALUE;
  }
}

// ---- Enqueue ----

cl_int checkImage(cl_command_queue Q, cl_mem M) {
  if (!valid(Q, QueueMagic))
    return CL_INVALID_COMMAND_QUEUE;
  if (!valid(M, MemMagic) || !M->image)
    return CL_INVALID_MEM_OBJECT;
  if (M->context != Q->context)
    return CL_INVALID_CONTEXT;
  return CL_SUCCESS;
}

std::shared_ptr<_cl_mem> hold(cl_mem M) {
  retainMem(M);
  return std::shared_ptr<_cl_mem>(M, [](cl_mem X) { releaseMem(X); });
}

/// \p Origin and \p Region of image \p M in canonical (x, y, z) texels;
/// CL_INVALID_VALUE if they do not fit the image's type or size.
cl_int canonical(cl_mem M, const size_t *Origin, const size_t *Region, size_t O[3], size_t R[3]) {
  if (!Origin || !Region)
    return CL_INVALID_VALUE;
  for (int I = 0; I < 3; ++I) {
    O[I] = Origin[I];
    R[I] = Region[I];
  }
  switch (M->type) {
  case CL_MEM_OBJECT_IMAGE1D:
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    if (O[1] || O[2] || R[1] != 1 || R[2] != 1)
      return CL_INVALID_VALUE;
    break;
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    if (O[2] || R[2] != 1)
      return CL_INVALID_VALUE;
    O[2] = O[1];
    R[2] = R[1];
    O[1] = 0;
    R[1] = 1;
    break;
  case CL_MEM_OBJECT_IMAGE2D:
    if (O[2] || R[2] != 1)
      return CL_INVALID_VALUE;
    break;
  default:
    break;
  }
  const ImageState &S = *M->image;
  for (int I = 0; I < 3; ++I)
    if (R[I] == 0 || O[I] > S.dims[I] || R[I] > S.dims[I] - O[I])
      return CL_INVALID_VALUE;
  return CL_SUCCESS;
}

char *texelAt(cl_mem M, const size_t O[3]) {
  const ImageState &S = *M->image;
  return M->data + O[2] * S.slicePitch + O[1] * S.rowPitch + O[0] * S.elementSize;
}

/// Host pitches of a read/write: the given ones or packed; in canonical
/// terms (a 1D array's layers step by the slice pitch).
cl_int hostPitches(cl_mem M, const size_t R[3], size_t RowPitch, size_t SlicePitch, size_t &Row,
                   size_t &Slice) {
  size_t Elem = M->image->elementSize;
  size_t MinRow = R[0] * Elem;
  Row = RowPitch ? RowPitch : MinRow;
  if (Row < MinRow)
    return CL_INVALID_VALUE;
  bool Arr1 = M->type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
  size_t MinSlice = Arr1 ? Row : Row * R[1];
  Slice = SlicePitch ? SlicePitch : MinSlice;
  if (Slice < MinSlice)
    return CL_INVALID_VALUE;
  if (M->type != CL_MEM_OBJECT_IMAGE3D && M->type != CL_MEM_OBJECT_IMAGE2D_ARRAY && !Arr1 &&
      SlicePitch)
    return CL_INVALID_VALUE;
  return CL_SUCCESS;
}

/// The checks of clEnqueueReadImage and clEnqueueWriteImage: the image,
/// the region (canonical in \p O and \p R), the host pointer and pitches
/// (\p Row and \p Slice), and host access (\p Refused: the flag that
/// forbids this direction).
static cl_int checkHostImageCopy(cl_command_queue Q, cl_mem M, const size_t *Origin,
                                 const size_t *Region, size_t RowPitch, size_t SlicePitch,
                                 const void *Ptr, cl_mem_flags Refused, size_t *O, size_t *R,
                                 size_t &Row, size_t &Slice) {
  if (cl_int E = checkImage(Q, M))
    return E;
  if (cl_int E = canonical(M, Origin, Region, O, R))
    return E;
  if (!Ptr)
    return CL_INVALID_VALUE;
  if (cl_int E = hostPitches(M, R, RowPitch, SlicePitch, Row, Slice))
    return E;
  if (M->flags & (Refused | CL_MEM_HOST_NO_ACCESS))
    return CL_INVALID_OPERATION;
  return CL_SUCCESS;
}

cl_int CL_API_CALL EnqueueReadImage(cl_command_queue Q, cl_mem M, cl_bool Blocking,
                                    const size_t *Origin, const size_t *Region, size_t RowPitch,
                                    size_t SlicePitch, void *Ptr, cl_uint NumWait,
                                    const cl_event *Wait, cl_event *Event) {
  size_t O[3], R[3], Row, Slice;
  if (cl_int E = checkHostImageCopy(Q, M, Origin, Region, RowPitch, SlicePitch, Ptr,
                                    CL_MEM_HOST_WRITE_ONLY, O, R, Row, Slice))
    return E;
  auto H = hold(M);
  std::array<size_t, 3> OA = {O[0], O[1], O[2]}, RA = {R[0], R[1], R[2]};
  return enqueue(Q, CL_COMMAND_READ_IMAGE, NumWait, Wait, Event, Blocking,
                 [H, OA, RA, Row, Slice, Ptr] {
                   hostView(H.get(), false);
                   const ImageState &S = *H->image;
                   copy3D(static_cast<char *>(Ptr), Row, Slice, texelAt(H.get(), OA.data()),
                          S.rowPitch, S.slicePitch, RA[0] * S.elementSize, RA[1], RA[2]);
                   return CL_SUCCESS;
                 });
}

cl_int CL_API_CALL EnqueueWriteImage(cl_command_queue Q, cl_mem M, cl_bool Blocking,
                                     const size_t *Origin, const size_t *Region, size_t RowPitch,
                                     size_t SlicePitch, const void *Ptr, cl_uint NumWait,
                                     const cl_event *Wait, cl_event *Event) {
  size_t O[3], R[3], Row, Slice;
  if (cl_int E = checkHostImageCopy(Q, M, Origin, Region, RowPitch, SlicePitch, Ptr,
                                    CL_MEM_HOST_READ_ONLY, O, R, Row, Slice))
    return E;
  auto H = hold(M);
  std::array<size_t, 3> OA = {O[0], O[1], O[2]}, RA = {R[0], R[1], R[2]};
  return enqueue(Q, CL_COMMAND_WRITE_IMAGE, NumWait, Wait, Event, Blocking,
                 [H, OA, RA, Row, Slice, Ptr] {
                   hostView(H.get(), true);
                   const ImageState &S = *H->image;
                   copy3D(texelAt(H.get(), OA.data()), S.rowPitch, S.slicePitch,
                          static_cast<const char *>(Ptr), Row, Slice, RA[0] * S.elementSize,
                          RA[1], RA[2]);
                   return CL_SUCCESS;
                 });
}

bool sameFormat(const cl_image_format &A, const cl_image_format &B) {
  return A.image_channel_order == B.image_channel_order &&
         A.image_channel_data_type == B.image_channel_data_type;
}

cl_int CL_API_CALL EnqueueCopyImage(cl_command_queue Q, cl_mem Src, cl_mem Dst,
                                    const size_t *SrcOrigin, const size_t *DstOrigin,
                                    const size_t *Region, cl_uint NumWait, const cl_event *Wait,
                                    cl_event *Event) {
  if (cl_int E = checkImage(Q, Src))
    return E;
  if (cl_int E = checkImage(Q, Dst))
    return E;
  if (!sameFormat(Src->image->format, Dst->image->format))
    return CL_IMAGE_FORMAT_MISMATCH;
  size_t SO[3], SR[3], DO[3], DR[3];
  if (cl_int E = canonical(Src, SrcOrigin, Region, SO, SR))
    return E;
  if (cl_int E = canonical(Dst, DstOrigin, Region, DO, DR))
    return E;
  if (SR[0] != DR[0] || SR[1] * SR[2] != DR[1] * DR[2])
    return CL_INVALID_VALUE;
  if (Src->data == Dst->data) {
    bool Overlap = true;
    for (int I = 0; I < 3; ++I)
      if (SO[I] + SR[I] <= DO[I] || DO[I] + DR[I] <= SO[I])
        Overlap = false;
    if (Overlap)
      return CL_MEM_COPY_OVERLAP;
  }
  auto HS = hold(Src), HD = hold(Dst);
  std::array<size_t, 3> SOA = {SO[0], SO[1], SO[2]}, DOA = {DO[0], DO[1], DO[2]},
                        SRA = {SR[0], SR[1], SR[2]}, DRA = {DR[0], DR[1], DR[2]};
  return enqueue(Q, CL_COMMAND_COPY_IMAGE, NumWait, Wait, Event, false,
                 [HS, HD, SOA, DOA, SRA, DRA] {
                   hostView(HS.get(), false);
                   hostView(HD.get(), true);
                   const ImageState &S = *HS->image;
                   size_t RowBytes = SRA[0] * S.elementSize;
                   // Row by row in each side's canonical order (a 1D array's
                   // layers meet a 2D image's rows).
                   for (size_t K = 0; K < SRA[1] * SRA[2]; ++K) {
                     size_t SP[3] = {SOA[0], SOA[1] + K % SRA[1], SOA[2] + K / SRA[1]};
                     size_t DP[3] = {DOA[0], DOA[1] + K % DRA[1], DOA[2] + K / DRA[1]};
                     std::memmove(texelAt(HD.get(), DP), texelAt(HS.get(), SP), RowBytes);
                   }
                   return CL_SUCCESS;
                 });
}

/// The checks of clEnqueueCopyImageToBuffer and clEnqueueCopyBufferToImage:
/// \p Img an image and \p Buf a buffer of the queue's context, the region
/// (canonical in \p O and \p R, \p Row bytes a row) within both, the
/// buffer's part starting at \p Offset.
static cl_int checkImageBufferCopy(cl_command_queue Q, cl_mem Img, cl_mem Buf, size_t Offset,
                                   const size_t *Origin, const size_t *Region, size_t *O,
                                   size_t *R, size_t &Row) {
  if (cl_int E = checkImage(Q, Img))
    return E;
  if (!valid(Buf, MemMagic) || Buf->type != CL_MEM_OBJECT_BUFFER)
    return CL_INVALID_MEM_OBJECT;
  if (Buf->context != Q->context)
    return CL_INVALID_CONTEXT;
  if (cl_int E = canonical(Img, Origin, Region, O, R))
    return E;
  Row = R[0] * Img->image->elementSize;
  size_t Bytes = Row * R[1] * R[2];
  if (Offset > Buf->size || Bytes > Buf->size - Offset)
    return CL_INVALID_VALUE;
  return CL_SUCCESS;
}

cl_int CL_API_CALL EnqueueCopyImageToBuffer(cl_command_queue Q, cl_mem Src, cl_mem Dst,
                                            const size_t *Origin, const size_t *Region,
                                            size_t DstOffset, cl_uint NumWait,
                                            const cl_event *Wait, cl_event *Event) {
  size_t O[3], R[3], Row;
  if (cl_int E = checkImageBufferCopy(Q, Src, Dst, DstOffset, Origin, Region, O, R, Row))
    return E;
  auto HS = hold(Src), HD = hold(Dst);
  std::array<size_t, 3> OA = {O[0], O[1], O[2]}, RA = {R[0], R[1], R[2]};
  return enqueue(Q, CL_COMMAND_COPY_IMAGE_TO_BUFFER, NumWait, Wait, Event, false,
                 [HS, HD, OA, RA, Row, DstOffset] {
                   hostView(HS.get(), false);
                   hostView(HD.get(), true);
                   const ImageState &S = *HS->image;
                   copy3D(HD->data + DstOffset, Row, Row * RA[1], texelAt(HS.get(), OA.data()),
                          S.rowPitch, S.slicePitch, Row, RA[1], RA[2]);
                   return CL_SUCCESS;
                 });
}

cl_int CL_API_CALL EnqueueCopyBufferToImage(cl_command_queue Q, cl_mem Src, cl_mem Dst,
                                            size_t SrcOffset, const size_t *Origin,
                                            const size_t *Region, cl_uint NumWait,
                                            const cl_event *Wait, cl_event *Event) {
  size_t O[3], R[3], Row;
  if (cl_int E = checkImageBufferCopy(Q, Dst, Src, SrcOffset, Origin, Region, O, R, Row))
    return E;
  auto HS = hold(Src), HD = hold(Dst);
  std::array<size_t, 3> OA = {O[0], O[1], O[2]}, RA = {R[0], R[1], R[2]};
  return enqueue(Q, CL_COMMAND_COPY_BUFFER_TO_IMAGE, NumWait, Wait, Event, false,
                 [HS, HD, OA, RA, Row, SrcOffset] {
                   hostView(HS.get(), false);
                   hostView(HD.get(), true);
                   const ImageState &S = *HD->image;
                   copy3D(texelAt(HD.get(), OA.data()), S.rowPitch, S.slicePitch,
                          HS->data + SrcOffset, Row, Row * RA[1], Row, RA[1], RA[2]);
                   return CL_SUCCESS;
                 });
}

/// float to IEEE half, rounding to nearest even.
uint16_t floatToHalf(float F) {
  uint32_t X;
  std::memcpy(&X, &F, 4);
  uint32_t Sign = (X >> 16) & 0x8000, Abs = X & 0x7fffffff;
  if (Abs >= 0x7f800000) // Inf, NaN
    return uint16_t(Sign | 0x7c00 | (Abs > 0x7f800000 ? 0x200 : 0));
  if (Abs >= 0x477ff000) // rounds past the largest half
    return uint16_t(Sign | 0x7c00);
  if (Abs < 0x38800000) { // half subnormal or zero: scale by 2^24 and round
    float V;
    std::memcpy(&V, &Abs, 4);
    return uint16_t(Sign | uint32_t(std::nearbyint(V * 16777216.0f)));
  }
  uint32_t Mant = Abs + 0xfff + ((Abs >> 13) & 1); // round to nearest even
  return uint16_t(Sign | ((Mant - 0x38000000) >> 13));
}

/// \p Color (float4, int4 or uint4 per the format) packed as one element.
void packColor(const cl_image_format &F, const void *Color, unsigned char *Out) {
  cl_channel_order O = F.image_channel_order;
  cl_channel_type T = F.image_channel_data_type;
  float Fv[4];
  int32_t Iv[4];
  std::memcpy(Fv, Color, 16);
  std::memcpy(Iv, Color, 16);
  // (r, g, b, a) to memory order.
  int Map[4] = {0, 1, 2, 3};
  switch (O) {
  case CL_A: Map[0] = 3; break;
  case CL_RA: Map[1] = 3; break;
  case CL_BGRA: Map[0] = 2; Map[2] = 0; break;
  case CL_ARGB: Map[0] = 3; Map[1] = 0; Map[2] = 1; Map[3] = 2; break;
  case CL_ABGR: Map[0] = 3; Map[1] = 2; Map[2] = 1; Map[3] = 0; break;
  default: break;
  }
  int N = channelCount(O), B = channelBytes(T);
  auto Norm = [](float V, float Scale, float Lo, float Hi) {
    float R = std::nearbyint(V * Scale);
    return std::isnan(V) ? 0.0f : std::min(Hi, std::max(Lo, R));
  };
  for (int C = 0; C < N; ++C) {
    float V = Fv[Map[C]];
    int32_t I = Iv[Map[C]];
    uint32_t U = uint32_t(I);
    unsigned char *P = Out + C * B;
    switch (T) {
    case CL_UNORM_INT8: P[0] = uint8_t(Norm(V, 255.0f, 0, 255)); break;
    case CL_UNORM_INT16: { uint16_t X = uint16_t(Norm(V, 65535.0f, 0, 65535)); std::memcpy(P, &X, 2); break; }
    case CL_SNORM_INT8: P[0] = uint8_t(int8_t(Norm(V, 127.0f, -128, 127))); break;
    case CL_SNORM_INT16: { int16_t X = int16_t(Norm(V, 32767.0f, -32768, 32767)); std::memcpy(P, &X, 2); break; }
    case CL_HALF_FLOAT: { uint16_t X = floatToHalf(V); std::memcpy(P, &X, 2); break; }
    case CL_FLOAT: std::memcpy(P, &V, 4); break;
    case CL_SIGNED_INT8: P[0] = uint8_t(int8_t(std::min(127, std::max(-128, I)))); break;
    case CL_SIGNED_INT16: { int16_t X = int16_t(std::min(32767, std::max(-32768, I))); std::memcpy(P, &X, 2); break; }
    case CL_SIGNED_INT32: std::memcpy(P, &I, 4); break;
    case CL_UNSIGNED_INT8: P[0] = uint8_t(std::min(255u, U)); break;
    case CL_UNSIGNED_INT16: { uint16_t X = uint16_t(std::min(65535u, U)); std::memcpy(P, &X, 2); break; }
    case CL_UNSIGNED_INT32: std::memcpy(P, &U, 4); break;
    default: break;
    }
  }
}

cl_int CL_API_CALL EnqueueFillImage(cl_command_queue Q, cl_mem M, const void *Color,
                                    const size_t *Origin, const size_t *Region, cl_uint NumWait,
                                    const cl_event *Wait, cl_event *Event) {
  if (cl_int E = checkImage(Q, M))
    return E;
  size_t O[3], R[3];
  if (cl_int E = canonical(M, Origin, Region, O, R))
    return E;
  if (!Color)
    return CL_INVALID_VALUE;
  std::vector<unsigned char> Elem(M->image->elementSize);
  packColor(M->image->format, Color, Elem.data());
  auto H = hold(M);
  std::array<size_t, 3> OA = {O[0], O[1], O[2]}, RA = {R[0], R[1], R[2]};
  return enqueue(Q, CL_COMMAND_FILL_IMAGE, NumWait, Wait, Event, false, [H, OA, RA, Elem] {
    hostView(H.get(), true);
    const ImageState &S = *H->image;
    char *Base = texelAt(H.get(), OA.data());
    for (size_t Z = 0; Z < RA[2]; ++Z)
      for (size_t Y = 0; Y < RA[1]; ++Y)
        for (size_t X = 0; X < RA[0]; ++X)
          std::memcpy(Base + Z * S.slicePitch + Y * S.rowPitch + X * Elem.size(), Elem.data(),
                      Elem.size());
    return CL_SUCCESS;
  });
}

void *CL_API_CALL EnqueueMapImage(cl_command_queue Q, cl_mem M, cl_bool Blocking,
                                  cl_map_flags Flags, const size_t *Origin, const size_t *Region,
                                  size_t *RowPitch, size_t *SlicePitch, cl_uint NumWait,
                                  const cl_event *Wait, cl_event *Event, cl_int *Err) {
  auto Fail = [&](cl_int E) -> void * {
    if (Err)
      *Err = E;
    return nullptr;
  };
  if (cl_int E = checkImage(Q, M))
    return Fail(E);
  size_t O[3], R[3];
  if (cl_int E = canonical(M, Origin, Region, O, R))
    return Fail(E);
  if (!RowPitch || (Flags & ~(CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) ||
      ((Flags & CL_MAP_WRITE_INVALIDATE_REGION) && (Flags & (CL_MAP_READ | CL_MAP_WRITE))))
    return Fail(CL_INVALID_VALUE);
  bool Slices = M->type == CL_MEM_OBJECT_IMAGE3D || M->type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                M->type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
  if (Slices && !SlicePitch)
    return Fail(CL_INVALID_VALUE);
  if (((Flags & CL_MAP_READ) && (M->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) ||
      ((Flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
       (M->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))))
    return Fail(CL_INVALID_OPERATION);
  // Zero-copy: the mapped region is the image's storage.
  *RowPitch = M->image->rowPitch;
  if (SlicePitch)
    *SlicePitch = Slices ? M->image->slicePitch : 0;
  auto H = hold(M);
  cl_int E = enqueue(Q, CL_COMMAND_MAP_IMAGE, NumWait, Wait, Event, Blocking, [H] {
    hostView(H.get(), true);
    H->mapCount.fetch_add(1);
    return CL_SUCCESS;
  });
  if (Err)
    *Err = E;
  return E == CL_SUCCESS ? texelAt(M, O) : nullptr;
}

// ---- Samplers ----

cl_sampler newSampler(cl_context C, cl_bool Normalized, cl_addressing_mode Addressing,
                      cl_filter_mode Filter, std::vector<cl_sampler_properties> Props,
                      cl_int *Err) {
  auto Fail = [&](cl_int E) -> cl_sampler {
    if (Err)
      *Err = E;
    return nullptr;
  };
  if (!valid(C, ContextMagic))
    return Fail(CL_INVALID_CONTEXT);
  uint32_t Address;
  switch (Addressing) {
  case CL_ADDRESS_NONE: Address = 0; break;
  case CL_ADDRESS_CLAMP_TO_EDGE: Address = 2; break;
  case CL_ADDRESS_CLAMP: Address = 4; break;
  case CL_ADDRESS_REPEAT: Address = 6; break;
  case CL_ADDRESS_MIRRORED_REPEAT: Address = 8; break;
  default: return Fail(CL_INVALID_VALUE);
  }
  if ((Filter != CL_FILTER_NEAREST && Filter != CL_FILTER_LINEAR) ||
      (Normalized != CL_TRUE && Normalized != CL_FALSE))
    return Fail(CL_INVALID_VALUE);
  auto *S = new _cl_sampler();
  S->magic = SamplerMagic;
  S->context = C;
  S->normalized = Normalized;
  S->addressing = Addressing;
  S->filter = Filter;
  S->properties = std::move(Props);
  S->bits = (Normalized ? 1u : 0u) | Address | (Filter == CL_FILTER_LINEAR ? 0x20u : 0x10u);
  retainContext(C);
  if (Err)
    *Err = CL_SUCCESS;
  return S;
}

cl_sampler CL_API_CALL CreateSampler(cl_context C, cl_bool Normalized,
                                     cl_addressing_mode Addressing, cl_filter_mode Filter,
                                     cl_int *Err) {
  return newSampler(C, Normalized, Addressing, Filter, {}, Err);
}

cl_sampler CL_API_CALL CreateSamplerWithProperties(cl_context C,
                                                   const cl_sampler_properties *Props,
                                                   cl_int *Err) {
  cl_bool Normalized = CL_TRUE;
  cl_addressing_mode Addressing = CL_ADDRESS_CLAMP;
  cl_filter_mode Filter = CL_FILTER_NEAREST;
  std::vector<cl_sampler_properties> List;
  bool Seen[3] = {false, false, false};
  for (const cl_sampler_properties *P = Props; P && *P; P += 2) {
    int Which = P[0] == CL_SAMPLER_NORMALIZED_COORDS ? 0
                : P[0] == CL_SAMPLER_ADDRESSING_MODE ? 1
                : P[0] == CL_SAMPLER_FILTER_MODE     ? 2
                                                     : -1;
    if (Which < 0 || Seen[Which]) {
      if (Err)
        *Err = CL_INVALID_VALUE;
      return nullptr;
    }
    Seen[Which] = true;
    if (Which == 0)
      Normalized = static_cast<cl_bool>(P[1]);
    else if (Which == 1)
      Addressing = static_cast<cl_addressing_mode>(P[1]);
    else
      Filter = static_cast<cl_filter_mode>(P[1]);
    List.push_back(P[0]);
    List.push_back(P[1]);
  }
  if (!List.empty())
    List.push_back(0);
  return newSampler(C, Normalized, Addressing, Filter, std::move(List), Err);
}

cl_int CL_API_CALL RetainSampler(cl_sampler S) {
  if (!valid(S, SamplerMagic))
    return CL_INVALID_SAMPLER;
  S->refs.fetch_add(1);
  return CL_SUCCESS;
}

cl_int CL_API_CALL ReleaseSampler(cl_sampler S) {
  if (!valid(S, SamplerMagic))
    return CL_INVALID_SAMPLER;
  if (S->refs.fetch_sub(1) == 1) {
    cl_context C = S->context;
    S->magic = 0;
    delete S;
    releaseContext(C);
  }
  return CL_SUCCESS;
}

cl_int CL_API_CALL GetSamplerInfo(cl_sampler S, cl_sampler_info Param, size_t Size, void *Value,
                                  size_t *SizeRet) {
  if (!valid(S, SamplerMagic))
    return CL_INVALID_SAMPLER;
  switch (Param) {
  case CL_SAMPLER_REFERENCE_COUNT:
    return infoValue<cl_uint>(Size, Value, SizeRet, S->refs.load());
  case CL_SAMPLER_CONTEXT:
    return infoValue(Size, Value, SizeRet, S->context);
  case CL_SAMPLER_NORMALIZED_COORDS:
    return infoValue(Size, Value, SizeRet, S->normalized);
  case CL_SAMPLER_ADDRESSING_MODE:
    return infoValue(Size, Value, SizeRet, S->addressing);
  case CL_SAMPLER_FILTER_MODE:
    return infoValue(Size, Value, SizeRet, S->filter);
  case CL_SAMPLER_PROPERTIES:
    return info(Size, Value, SizeRet, S->properties.data(),
                S->properties.size() * sizeof(cl_sampler_properties));
  default:
    return CL_INVALID_VALUE;
  }
}

} // namespace

void installImages(cl_icd_dispatch &D) {
  D.clCreateImage = CreateImage;
  D.clCreateImageWithProperties = CreateImageWithProperties;
  D.clCreateImage2D = CreateImage2D;
  D.clCreateImage3D = CreateImage3D;
  D.clGetSupportedImageFormats = GetSupportedImageFormats;
  D.clGetImageInfo = GetImageInfo;
  D.clEnqueueReadImage = EnqueueReadImage;
  D.clEnqueueWriteImage = EnqueueWriteImage;
  D.clEnqueueCopyImage = EnqueueCopyImage;
  D.clEnqueueCopyImageToBuffer = EnqueueCopyImageToBuffer;
  D.clEnqueueCopyBufferToImage = EnqueueCopyBufferToImage;
  D.clEnqueueFillImage = EnqueueFillImage;
  D.clEnqueueMapImage = EnqueueMapImage;
  D.clCreateSampler = CreateSampler;
  D.clCreateSamplerWithProperties = CreateSamplerWithProperties;
  D.clRetainSampler = RetainSampler;
  D.clReleaseSampler = ReleaseSampler;
  D.clGetSamplerInfo = GetSamplerInfo;
}

} // namespace loomcl
