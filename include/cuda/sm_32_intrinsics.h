/* sm_32_intrinsics.h - CUDA's cache-hinted loads and stores for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * __ldg, __ldcg, __ldcs, __ldcv and __stwt come from clang's CUDA headers;
 * this adds the ones clang lacks: __ldca, __ldlu (loads) and __stwb, __stcg,
 * __stcs (stores). A CPU has no such cache operators, so each is a plain
 * load or store of the value (the one visible semantics they have). The
 * prelude (loom/__loom_device_runtime.h) includes this header, so programs
 * get the functions without including it, as with nvcc.
 */
#ifndef __LOOM_SM_32_INTRINSICS_H__
#define __LOOM_SM_32_INTRINSICS_H__

#if defined(__CUDA__)
template <typename __T> struct __loom_same_type { typedef __T type; };

template <typename __T> static __device__ __forceinline__ __T __ldca(const __T *__p) {
  return *__p;
}
template <typename __T> static __device__ __forceinline__ __T __ldlu(const __T *__p) {
  return *__p;
}
template <typename __T>
static __device__ __forceinline__ void __stwb(__T *__p, typename __loom_same_type<__T>::type __v) {
  *__p = __v;
}
template <typename __T>
static __device__ __forceinline__ void __stcg(__T *__p, typename __loom_same_type<__T>::type __v) {
  *__p = __v;
}
template <typename __T>
static __device__ __forceinline__ void __stcs(__T *__p, typename __loom_same_type<__T>::type __v) {
  *__p = __v;
}
#endif

#endif /* __LOOM_SM_32_INTRINSICS_H__ */
