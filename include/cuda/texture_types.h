/* texture_types.h - CUDA texture objects and (legacy) texture references for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Types with CUDA's layouts and values, the texture API of libloomrt
 * (runtime/api/Texture.cpp) and, in C++, the `texture<T, dim, mode>`
 * reference template with the cudaBindTexture* / cudaUnbindTexture
 * templates CUDA's cuda_runtime.h has. Included at the end of
 * cuda_runtime_api.h. Valid C and C++. See docs/runtime.md, "Textures".
 */
#ifndef LOOM_CUDA_TEXTURE_TYPES_H
#define LOOM_CUDA_TEXTURE_TYPES_H
/* The toolkit header's guard: programs test it (e.g. helper_cuda.h). */
#define __TEXTURE_TYPES_H__

#include "host_defines.h"
#include "driver_types.h"

#include <limits.h>
#include <stddef.h>

#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC

enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};

enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };

enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };

/* A texture object: Loom's handle is the address of a runtime record. */
typedef unsigned long long cudaTextureObject_t;

/* Mipmapped arrays (cudaMallocMipmappedArray): one CUDA array per level. */
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;

enum cudaResourceType {
  cudaResourceTypeArray = 0x00,
  cudaResourceTypeMipmappedArray = 0x01,
  cudaResourceTypeLinear = 0x02,
  cudaResourceTypePitch2D = 0x03
};

enum cudaResourceViewFormat {
  cudaResViewFormatNone = 0x00,
  cudaResViewFormatUnsignedChar1 = 0x01,
  cudaResViewFormatUnsignedChar2 = 0x02,
  cudaResViewFormatUnsignedChar4 = 0x03,
  cudaResViewFormatSignedChar1 = 0x04,
  cudaResViewFormatSignedChar2 = 0x05,
  cudaResViewFormatSignedChar4 = 0x06,
  cudaResViewFormatUnsignedShort1 = 0x07,
  cudaResViewFormatUnsignedShort2 = 0x08,
  cudaResViewFormatUnsignedShort4 = 0x09,
  cudaResViewFormatSignedShort1 = 0x0a,
  cudaResViewFormatSignedShort2 = 0x0b,
  cudaResViewFormatSignedShort4 = 0x0c,
  cudaResViewFormatUnsignedInt1 = 0x0d,
  cudaResViewFormatUnsignedInt2 = 0x0e,
  cudaResViewFormatUnsignedInt4 = 0x0f,
  cudaResViewFormatSignedInt1 = 0x10,
  cudaResViewFormatSignedInt2 = 0x11,
  cudaResViewFormatSignedInt4 = 0x12,
  cudaResViewFormatHalf1 = 0x13,
  cudaResViewFormatHalf2 = 0x14,
  cudaResViewFormatHalf4 = 0x15,
  cudaResViewFormatFloat1 = 0x16,
  cudaResViewFormatFloat2 = 0x17,
  cudaResViewFormatFloat4 = 0x18,
  cudaResViewFormatUnsignedBlockCompressed1 = 0x19,
  cudaResViewFormatUnsignedBlockCompressed2 = 0x1a,
  cudaResViewFormatUnsignedBlockCompressed3 = 0x1b,
  cudaResViewFormatUnsignedBlockCompressed4 = 0x1c,
  cudaResViewFormatSignedBlockCompressed4 = 0x1d,
  cudaResViewFormatUnsignedBlockCompressed5 = 0x1e,
  cudaResViewFormatSignedBlockCompressed5 = 0x1f,
  cudaResViewFormatUnsignedBlockCompressed6H = 0x20,
  cudaResViewFormatSignedBlockCompressed6H = 0x21,
  cudaResViewFormatUnsignedBlockCompressed7 = 0x22
};

struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct {
      cudaArray_t array;
    } array;
    struct {
      cudaMipmappedArray_t mipmap;
    } mipmap;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t width;
      size_t height;
      size_t pitchInBytes;
    } pitch2D;
  } res;
};

struct cudaResourceViewDesc {
  enum cudaResourceViewFormat format;
  size_t width;
  size_t height;
  size_t depth;
  unsigned int firstMipmapLevel;
  unsigned int lastMipmapLevel;
  unsigned int firstLayer;
  unsigned int lastLayer;
};

struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};

/* A legacy texture reference (the host-side object of a texture<> variable). */
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int __cudaReserved[14];
};

/* Surfaces: surface objects over CUDA arrays (runtime/texture/Surface.cpp). */
typedef unsigned long long cudaSurfaceObject_t;
enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0,
  cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2
};
enum cudaSurfaceFormatMode { cudaFormatModeForced = 0, cudaFormatModeAuto = 1 };

#if defined(__cplusplus)
extern "C" {
#endif

/* Surface objects (over a cudaArray resource). */
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const struct cudaResourceDesc *pResDesc);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaSurfaceObject_t surfObject);

/* Texture objects. */
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pResViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                                 cudaTextureObject_t texObject);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array);

/* Texture references (removed in CUDA 12, kept for old programs). */
cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref,
                            const void *devPtr, const struct cudaChannelFormatDesc *desc,
#if defined(__cplusplus)
                            size_t size = UINT_MAX
#else
                            size_t size
#endif
);
cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
                              const void *devPtr, const struct cudaChannelFormatDesc *desc,
                              size_t width, size_t height, size_t pitch);
cudaError_t cudaBindTextureToArray(const struct textureReference *texref,
                                   cudaArray_const_t array,
                                   const struct cudaChannelFormatDesc *desc);
cudaError_t cudaUnbindTexture(const struct textureReference *texref);
cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const struct textureReference *texref);
cudaError_t cudaGetTextureReference(const struct textureReference **texref, const void *symbol);

/* Called by clang's host code for every texture<> variable: hostVar is the
 * host object, deviceAddress is (as clang emits it) the device variable's
 * name, dim the texture type, norm the read mode, ext whether it is extern. */
void __cudaRegisterTexture(void **fatCubinHandle, const struct textureReference *hostVar,
                           const void **deviceAddress, const char *deviceName, int dim,
                           int norm, int ext);

#if defined(__cplusplus)
} /* extern "C" */

/* cudaCreateChannelDesc<T>() is defined in cuda_runtime.h. */
template <class T> static __inline__ __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(void);

#if defined(__CUDA__)
#define __LOOM_TEXTURE_TYPE __attribute__((device_builtin_texture_type))
#else
#define __LOOM_TEXTURE_TYPE
#endif

/* A texture reference variable. In device code clang makes it a 64-bit
 * variable that holds the texture object bound to it (see docs/runtime.md). */
template <class T, int texType = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __LOOM_TEXTURE_TYPE texture : public textureReference {
  __host__ texture(int norm = 0, enum cudaTextureFilterMode fMode = cudaFilterModePoint,
                   enum cudaTextureAddressMode aMode = cudaAddressModeClamp) {
    __loomInit(norm, fMode, aMode, aMode, aMode);
    channelDesc = cudaCreateChannelDesc<T>();
  }
  __host__ texture(int norm, enum cudaTextureFilterMode fMode,
                   enum cudaTextureAddressMode aMode, struct cudaChannelFormatDesc desc) {
    __loomInit(norm, fMode, aMode, aMode, aMode);
    channelDesc = desc;
  }

private:
  __host__ void __loomInit(int norm, enum cudaTextureFilterMode fMode,
                           enum cudaTextureAddressMode a0, enum cudaTextureAddressMode a1,
                           enum cudaTextureAddressMode a2) {
    normalized = norm;
    filterMode = fMode;
    addressMode[0] = a0;
    addressMode[1] = a1;
    addressMode[2] = a2;
    sRGB = 0;
    maxAnisotropy = 0;
    mipmapFilterMode = cudaFilterModePoint;
    mipmapLevelBias = 0.0f;
    minMipmapLevelClamp = 0.0f;
    maxMipmapLevelClamp = 0.0f;
    disableTrilinearOptimization = 0;
    for (int I = 0; I < 14; ++I)
      __cudaReserved[I] = 0;
  }
};
#undef __LOOM_TEXTURE_TYPE

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t cudaBindTexture(size_t *offset,
                                                       const struct texture<T, dim, readMode> &tex,
                                                       const void *devPtr,
                                                       const struct cudaChannelFormatDesc &desc,
                                                       size_t size = UINT_MAX) {
  return ::cudaBindTexture(offset, &tex, devPtr, &desc, size);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t cudaBindTexture(size_t *offset,
                                                       const struct texture<T, dim, readMode> &tex,
                                                       const void *devPtr, size_t size = UINT_MAX) {
  return ::cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTexture2D(size_t *offset, const struct texture<T, dim, readMode> &tex, const void *devPtr,
                  size_t width, size_t height, size_t pitch) {
  return ::cudaBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width, height, pitch);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTexture2D(size_t *offset, const struct texture<T, dim, readMode> &tex, const void *devPtr,
                  const struct cudaChannelFormatDesc &desc, size_t width, size_t height,
                  size_t pitch) {
  return ::cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height, pitch);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTextureToArray(const struct texture<T, dim, readMode> &tex, cudaArray_const_t array,
                       const struct cudaChannelFormatDesc &desc) {
  return ::cudaBindTextureToArray(&tex, array, &desc);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTextureToArray(const struct texture<T, dim, readMode> &tex, cudaArray_const_t array) {
  struct cudaChannelFormatDesc desc;
  cudaError_t err = ::cudaGetChannelDesc(&desc, array);
  return err == cudaSuccess ? ::cudaBindTextureToArray(&tex, array, &desc) : err;
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t cudaUnbindTexture(const struct texture<T, dim, readMode> &tex) {
  return ::cudaUnbindTexture(&tex);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaGetTextureAlignmentOffset(size_t *offset, const struct texture<T, dim, readMode> &tex) {
  return ::cudaGetTextureAlignmentOffset(offset, &tex);
}

#endif /* __cplusplus */

#endif /* LOOM_CUDA_TEXTURE_TYPES_H */
