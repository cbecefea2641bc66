/* __loom_textures.h - device-side texture fetches for code compiled by loomcc.
 * SPDX-License-Identifier: Apache-2.0
 *
 * tex1Dfetch/tex1D/tex2D/tex3D/tex1DLayered/tex2DLayered/tex2Dgather on
 * texture objects and on legacy texture<T, dim, mode> references, written
 * on top of one runtime entry point, __loom_tex_fetch (include/loom/
 * KernelABI.h), which samples by CUDA's rules; the mipmapped forms
 * (tex1D/2D/3D/1DLayered/2DLayeredLod, tex1D/2D/3D/2DLayeredGrad) on
 * __loom_tex_fetch_lod. A texture reference is, in
 * device code, the 64-bit handle of the texture object the runtime created
 * when the reference was bound (clang's device_builtin_texture_type; the
 * kernel pipeline turns the handle read into a load of the reference's
 * device variable).
 */
#ifndef LOOM_TEXTURES_H
#define LOOM_TEXTURES_H

#if defined(__CUDA__) && defined(__cplusplus)

/* __loom_tex_fetch, __loom_tex_fetch_lod, __loom_surf_access and the
 * texture kinds (LoomTexKind) are declared once, in KernelABI.h. */
#include "__loom_kernel_abi.h"

namespace __loom_tex {

enum {
  Fetch1D = LoomTex1DFetch,
  Tex1D = LoomTex1D,
  Tex2D = LoomTex2D,
  Tex3D = LoomTex3D,
  Tex1DLayered = LoomTex1DLayered,
  Tex2DLayered = LoomTex2DLayered,
  Gather2D = LoomTex2DGather,
  Cubemap = LoomTexCubemap,
  CubemapLayered = LoomTexCubemapLayered
};

/* What a texel type is made of: scalar, channel count, integer or not, and
 * the float type a cudaReadModeNormalizedFloat read returns. */
template <class T> struct Traits;
#define __LOOM_TEX_TRAITS(T, N, IsInt, NormT)                                   \
  template <> struct Traits<T> {                                                \
    enum { Count = N, Integer = IsInt };                                        \
    typedef NormT Normalized;                                                   \
  };
#define __LOOM_TEX_TRAITS_ALL(S, IsInt)                                         \
  __LOOM_TEX_TRAITS(S, 1, IsInt, float)                                         \
  __LOOM_TEX_TRAITS(S##1, 1, IsInt, float1)                                     \
  __LOOM_TEX_TRAITS(S##2, 2, IsInt, float2)                                     \
  __LOOM_TEX_TRAITS(S##4, 4, IsInt, float4)
__LOOM_TEX_TRAITS(signed char, 1, 1, float)
__LOOM_TEX_TRAITS(unsigned char, 1, 1, float)
__LOOM_TEX_TRAITS(char, 1, 1, float)
__LOOM_TEX_TRAITS(char1, 1, 1, float1)
__LOOM_TEX_TRAITS(char2, 2, 1, float2)
__LOOM_TEX_TRAITS(char4, 4, 1, float4)
__LOOM_TEX_TRAITS(uchar1, 1, 1, float1)
__LOOM_TEX_TRAITS(uchar2, 2, 1, float2)
__LOOM_TEX_TRAITS(uchar4, 4, 1, float4)
__LOOM_TEX_TRAITS(short, 1, 1, float)
__LOOM_TEX_TRAITS(unsigned short, 1, 1, float)
__LOOM_TEX_TRAITS(short1, 1, 1, float1)
__LOOM_TEX_TRAITS(short2, 2, 1, float2)
__LOOM_TEX_TRAITS(short4, 4, 1, float4)
__LOOM_TEX_TRAITS(ushort1, 1, 1, float1)
__LOOM_TEX_TRAITS(ushort2, 2, 1, float2)
__LOOM_TEX_TRAITS(ushort4, 4, 1, float4)
__LOOM_TEX_TRAITS(int, 1, 1, float)
__LOOM_TEX_TRAITS(unsigned int, 1, 1, float)
__LOOM_TEX_TRAITS(int1, 1, 1, float1)
__LOOM_TEX_TRAITS(int2, 2, 1, float2)
__LOOM_TEX_TRAITS(int4, 4, 1, float4)
__LOOM_TEX_TRAITS(uint1, 1, 1, float1)
__LOOM_TEX_TRAITS(uint2, 2, 1, float2)
__LOOM_TEX_TRAITS(uint4, 4, 1, float4)
__LOOM_TEX_TRAITS(float, 1, 0, float)
__LOOM_TEX_TRAITS(float1, 1, 0, float1)
__LOOM_TEX_TRAITS(float2, 2, 0, float2)
__LOOM_TEX_TRAITS(float4, 4, 0, float4)
#undef __LOOM_TEX_TRAITS_ALL
#undef __LOOM_TEX_TRAITS

/* Builds T from the four lanes the runtime returned. */
template <class T, class L> __device__ inline void assign(T &__v, const L *__l) {
  /* Scalars and 1..4-component vectors are laid out as consecutive members. */
  typedef decltype(__v) Ref;
  (void)sizeof(Ref);
  unsigned char *__out = reinterpret_cast<unsigned char *>(&__v);
  constexpr int __n = Traits<T>::Count;
  constexpr int __size = sizeof(T) / __n;
  for (int __i = 0; __i < __n; ++__i) {
    if (__size == 1) {
      char __c = (char)__l[__i];
      __builtin_memcpy(__out + __i, &__c, 1);
    } else if (__size == 2) {
      short __s = (short)__l[__i];
      __builtin_memcpy(__out + 2 * __i, &__s, 2);
    } else {
      L __w = __l[__i];
      __builtin_memcpy(__out + 4 * __i, &__w, 4);
    }
  }
}

/* Element-type read: integer texels come back as integers, float ones as floats. */
template <class T>
__device__ inline T fetch(unsigned long long __tex, unsigned __kind, double __x, double __y,
                          double __z, int __layer) {
  T __v;
  if (Traits<T>::Integer) {
    int __lanes[4];
    __loom_tex_fetch(__tex, __kind, __x, __y, __z, __layer, __lanes, 1u);
    assign(__v, __lanes);
  } else {
    float __lanes[4];
    __loom_tex_fetch(__tex, __kind, __x, __y, __z, __layer, __lanes, 0u);
    assign(__v, __lanes);
  }
  return __v;
}

/* The same at a level of detail, or (grad non-null: dPdx[3], dPdy[3]) at
 * the level the gradients give (mipmapped textures). */
template <class T>
__device__ inline T fetchLod(unsigned long long __tex, unsigned __kind, double __x, double __y,
                             double __z, int __layer, float __level, const float *__grad) {
  T __v;
  if (Traits<T>::Integer) {
    int __lanes[4];
    __loom_tex_fetch_lod(__tex, __kind, __x, __y, __z, __layer, __level, __grad, __lanes, 1u);
    assign(__v, __lanes);
  } else {
    float __lanes[4];
    __loom_tex_fetch_lod(__tex, __kind, __x, __y, __z, __layer, __level, __grad, __lanes, 0u);
    assign(__v, __lanes);
  }
  return __v;
}

/* Normalized-float read of integer texels. */
template <class T>
__device__ inline typename Traits<T>::Normalized
fetchNormalized(unsigned long long __tex, unsigned __kind, double __x, double __y, double __z,
                int __layer) {
  typename Traits<T>::Normalized __v;
  float __lanes[4];
  __loom_tex_fetch(__tex, __kind, __x, __y, __z, __layer, __lanes, 0u);
  __builtin_memcpy(&__v, __lanes, sizeof(__v));
  return __v;
}

/* The handle of a legacy texture reference passed by value. */
template <class R> __device__ inline unsigned long long handle(const R &__ref) {
  unsigned long long __h;
  __builtin_memcpy(&__h, &__ref, sizeof(__h));
  return __h;
}

} // namespace __loom_tex

/* ---- Texture objects ---- */
template <class T> static __device__ inline T tex1Dfetch(cudaTextureObject_t __t, int __x) {
  return __loom_tex::fetch<T>(__t, __loom_tex::Fetch1D, __x, 0, 0, 0);
}
template <class T> static __device__ inline T tex1D(cudaTextureObject_t __t, float __x) {
  return __loom_tex::fetch<T>(__t, __loom_tex::Tex1D, __x, 0, 0, 0);
}
template <class T> static __device__ inline T tex2D(cudaTextureObject_t __t, float __x, float __y) {
  return __loom_tex::fetch<T>(__t, __loom_tex::Tex2D, __x, __y, 0, 0);
}
template <class T>
static __device__ inline T tex3D(cudaTextureObject_t __t, float __x, float __y, float __z) {
  return __loom_tex::fetch<T>(__t, __loom_tex::Tex3D, __x, __y, __z, 0);
}
template <class T>
static __device__ inline T tex1DLayered(cudaTextureObject_t __t, float __x, int __layer) {
  return __loom_tex::fetch<T>(__t, __loom_tex::Tex1DLayered, __x, 0, 0, __layer);
}
template <class T>
static __device__ inline T tex2DLayered(cudaTextureObject_t __t, float __x, float __y, int __layer) {
  return __loom_tex::fetch<T>(__t, __loom_tex::Tex2DLayered, __x, __y, 0, __layer);
}
template <class T>
static __device__ inline T tex2Dgather(cudaTextureObject_t __t, float __x, float __y, int __comp = 0) {
  return __loom_tex::fetch<T>(__t, __loom_tex::Gather2D, __x, __y, 0, __comp);
}
template <class T>
static __device__ inline T texCubemap(cudaTextureObject_t __t, float __x, float __y, float __z) {
  return __loom_tex::fetch<T>(__t, __loom_tex::Cubemap, __x, __y, __z, 0);
}
template <class T>
static __device__ inline T texCubemapLayered(cudaTextureObject_t __t, float __x, float __y,
                                             float __z, int __layer) {
  return __loom_tex::fetch<T>(__t, __loom_tex::CubemapLayered, __x, __y, __z, __layer);
}
/* Mipmapped fetches: an explicit level of detail, or gradients. */
template <class T>
static __device__ inline T tex1DLod(cudaTextureObject_t __t, float __x, float __level) {
  return __loom_tex::fetchLod<T>(__t, __loom_tex::Tex1D, __x, 0, 0, 0, __level, nullptr);
}
template <class T>
static __device__ inline T tex2DLod(cudaTextureObject_t __t, float __x, float __y, float __level) {
  return __loom_tex::fetchLod<T>(__t, __loom_tex::Tex2D, __x, __y, 0, 0, __level, nullptr);
}
template <class T>
static __device__ inline T tex3DLod(cudaTextureObject_t __t, float __x, float __y, float __z,
                                    float __level) {
  return __loom_tex::fetchLod<T>(__t, __loom_tex::Tex3D, __x, __y, __z, 0, __level, nullptr);
}
template <class T>
static __device__ inline T tex1DLayeredLod(cudaTextureObject_t __t, float __x, int __layer,
                                           float __level) {
  return __loom_tex::fetchLod<T>(__t, __loom_tex::Tex1DLayered, __x, 0, 0, __layer, __level,
                                 nullptr);
}
template <class T>
static __device__ inline T tex2DLayeredLod(cudaTextureObject_t __t, float __x, float __y,
                                           int __layer, float __level) {
  return __loom_tex::fetchLod<T>(__t, __loom_tex::Tex2DLayered, __x, __y, 0, __layer, __level,
                                 nullptr);
}
template <class T>
static __device__ inline T tex1DGrad(cudaTextureObject_t __t, float __x, float __dx, float __dy) {
  const float __g[6] = {__dx, 0, 0, __dy, 0, 0};
  return __loom_tex::fetchLod<T>(__t, __loom_tex::Tex1D, __x, 0, 0, 0, 0, __g);
}
template <class T>
static __device__ inline T tex2DGrad(cudaTextureObject_t __t, float __x, float __y, float2 __dx,
                                     float2 __dy) {
  const float __g[6] = {__dx.x, __dx.y, 0, __dy.x, __dy.y, 0};
  return __loom_tex::fetchLod<T>(__t, __loom_tex::Tex2D, __x, __y, 0, 0, 0, __g);
}
template <class T>
static __device__ inline T tex3DGrad(cudaTextureObject_t __t, float __x, float __y, float __z,
                                     float4 __dx, float4 __dy) {
  const float __g[6] = {__dx.x, __dx.y, __dx.z, __dy.x, __dy.y, __dy.z};
  return __loom_tex::fetchLod<T>(__t, __loom_tex::Tex3D, __x, __y, __z, 0, 0, __g);
}
template <class T>
static __device__ inline T tex2DLayeredGrad(cudaTextureObject_t __t, float __x, float __y,
                                            int __layer, float2 __dx, float2 __dy) {
  const float __g[6] = {__dx.x, __dx.y, 0, __dy.x, __dy.y, 0};
  return __loom_tex::fetchLod<T>(__t, __loom_tex::Tex2DLayered, __x, __y, 0, __layer, 0, __g);
}
template <class T>
static __device__ inline void tex2DLod(T *__r, cudaTextureObject_t __t, float __x, float __y,
                                       float __level) {
  *__r = tex2DLod<T>(__t, __x, __y, __level);
}
template <class T>
static __device__ inline void tex2DGrad(T *__r, cudaTextureObject_t __t, float __x, float __y,
                                        float2 __dx, float2 __dy) {
  *__r = tex2DGrad<T>(__t, __x, __y, __dx, __dy);
}

template <class T> static __device__ inline void tex1Dfetch(T *__r, cudaTextureObject_t __t, int __x) {
  *__r = tex1Dfetch<T>(__t, __x);
}
template <class T> static __device__ inline void tex1D(T *__r, cudaTextureObject_t __t, float __x) {
  *__r = tex1D<T>(__t, __x);
}
template <class T>
static __device__ inline void tex2D(T *__r, cudaTextureObject_t __t, float __x, float __y) {
  *__r = tex2D<T>(__t, __x, __y);
}
template <class T>
static __device__ inline void tex3D(T *__r, cudaTextureObject_t __t, float __x, float __y, float __z) {
  *__r = tex3D<T>(__t, __x, __y, __z);
}

/* ---- Legacy texture references ---- */
#define __LOOM_TEX_REF(Name, TexType, Kind, Params, Args)                        \
  template <class T>                                                             \
  static __device__ inline T Name(texture<T, TexType, cudaReadModeElementType> __r Params) { \
    return __loom_tex::fetch<T>(__loom_tex::handle(__r), Kind, Args);            \
  }                                                                              \
  template <class T>                                                             \
  static __device__ inline typename __loom_tex::Traits<T>::Normalized Name(     \
      texture<T, TexType, cudaReadModeNormalizedFloat> __r Params) {              \
    return __loom_tex::fetchNormalized<T>(__loom_tex::handle(__r), Kind, Args);  \
  }
#define __LOOM_COMMA ,
__LOOM_TEX_REF(tex1Dfetch, cudaTextureType1D, __loom_tex::Fetch1D, __LOOM_COMMA int __x,
               __x __LOOM_COMMA 0 __LOOM_COMMA 0 __LOOM_COMMA 0)
__LOOM_TEX_REF(tex1D, cudaTextureType1D, __loom_tex::Tex1D, __LOOM_COMMA float __x,
               __x __LOOM_COMMA 0 __LOOM_COMMA 0 __LOOM_COMMA 0)
__LOOM_TEX_REF(tex2D, cudaTextureType2D, __loom_tex::Tex2D,
               __LOOM_COMMA float __x __LOOM_COMMA float __y,
               __x __LOOM_COMMA __y __LOOM_COMMA 0 __LOOM_COMMA 0)
__LOOM_TEX_REF(tex3D, cudaTextureType3D, __loom_tex::Tex3D,
               __LOOM_COMMA float __x __LOOM_COMMA float __y __LOOM_COMMA float __z,
               __x __LOOM_COMMA __y __LOOM_COMMA __z __LOOM_COMMA 0)
__LOOM_TEX_REF(tex1DLayered, cudaTextureType1DLayered, __loom_tex::Tex1DLayered,
               __LOOM_COMMA float __x __LOOM_COMMA int __layer,
               __x __LOOM_COMMA 0 __LOOM_COMMA 0 __LOOM_COMMA __layer)
__LOOM_TEX_REF(tex2DLayered, cudaTextureType2DLayered, __loom_tex::Tex2DLayered,
               __LOOM_COMMA float __x __LOOM_COMMA float __y __LOOM_COMMA int __layer,
               __x __LOOM_COMMA __y __LOOM_COMMA 0 __LOOM_COMMA __layer)
__LOOM_TEX_REF(texCubemap, cudaTextureTypeCubemap, __loom_tex::Cubemap,
               __LOOM_COMMA float __x __LOOM_COMMA float __y __LOOM_COMMA float __z,
               __x __LOOM_COMMA __y __LOOM_COMMA __z __LOOM_COMMA 0)
__LOOM_TEX_REF(texCubemapLayered, cudaTextureTypeCubemapLayered, __loom_tex::CubemapLayered,
               __LOOM_COMMA float __x __LOOM_COMMA float __y __LOOM_COMMA float __z
                   __LOOM_COMMA int __layer,
               __x __LOOM_COMMA __y __LOOM_COMMA __z __LOOM_COMMA __layer)
#undef __LOOM_COMMA
#undef __LOOM_TEX_REF

/* ---- Surface objects: x is a byte offset, as in CUDA ---- */
#define __LOOM_SURF(Dim, Params, Args)                                            \
  template <class T>                                                              \
  static __device__ inline void surf##Dim##write(                                 \
      T __v, cudaSurfaceObject_t __s Params,                                      \
      cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) {                       \
    __loom_surf_access(__s, 1u, Args, &__v, sizeof(T), __m);                      \
  }                                                                               \
  template <class T>                                                              \
  static __device__ inline T surf##Dim##read(                                     \
      cudaSurfaceObject_t __s Params,                                             \
      cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) {                       \
    T __v;                                                                        \
    __loom_surf_access(__s, 0u, Args, &__v, sizeof(T), __m);                      \
    return __v;                                                                   \
  }                                                                               \
  template <class T>                                                              \
  static __device__ inline void surf##Dim##read(                                  \
      T *__r, cudaSurfaceObject_t __s Params,                                     \
      cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) {                       \
    __loom_surf_access(__s, 0u, Args, __r, sizeof(T), __m);                       \
  }
#define __LOOM_COMMA ,
__LOOM_SURF(1D, __LOOM_COMMA int __x, __x __LOOM_COMMA 0 __LOOM_COMMA 0 __LOOM_COMMA 0)
__LOOM_SURF(2D, __LOOM_COMMA int __x __LOOM_COMMA int __y,
            __x __LOOM_COMMA __y __LOOM_COMMA 0 __LOOM_COMMA 0)
__LOOM_SURF(3D, __LOOM_COMMA int __x __LOOM_COMMA int __y __LOOM_COMMA int __z,
            __x __LOOM_COMMA __y __LOOM_COMMA __z __LOOM_COMMA 0)
__LOOM_SURF(1DLayered, __LOOM_COMMA int __x __LOOM_COMMA int __layer,
            __x __LOOM_COMMA 0 __LOOM_COMMA 0 __LOOM_COMMA __layer)
__LOOM_SURF(2DLayered, __LOOM_COMMA int __x __LOOM_COMMA int __y __LOOM_COMMA int __layer,
            __x __LOOM_COMMA __y __LOOM_COMMA 0 __LOOM_COMMA __layer)
#undef __LOOM_COMMA
#undef __LOOM_SURF

#endif /* __CUDA__ && __cplusplus */
#endif /* LOOM_TEXTURES_H */
