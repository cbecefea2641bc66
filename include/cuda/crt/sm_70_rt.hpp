/* crt/sm_70_rt.hpp - Loom's stand-in for the header clang's intrinsics wrapper includes.
 * SPDX-License-Identifier: Apache-2.0
 * clang's __clang_cuda_intrinsics.h includes this name for sm_70+ and defines
 * __match32/64_{any,all}_sync; CUDA's public __match_any_sync/__match_all_sync
 * overloads on the value type are defined here on top of them.
 */
#ifndef LOOM_CRT_SM_70_RT_HPP
#define LOOM_CRT_SM_70_RT_HPP

#define __LOOM_MATCH32(T)                                                       \
  inline __device__ unsigned int __match_any_sync(unsigned int __mask, T __v) { \
    return __match32_any_sync(__mask, (unsigned int)__v);                       \
  }                                                                             \
  inline __device__ unsigned int __match_all_sync(unsigned int __mask, T __v,   \
                                                  int *__pred) {                \
    return __match32_all_sync(__mask, (unsigned int)__v, __pred);               \
  }
#define __LOOM_MATCH64(T)                                                       \
  inline __device__ unsigned int __match_any_sync(unsigned int __mask, T __v) { \
    return __match64_any_sync(__mask, (unsigned long long)__v);                 \
  }                                                                             \
  inline __device__ unsigned int __match_all_sync(unsigned int __mask, T __v,   \
                                                  int *__pred) {                \
    return __match64_all_sync(__mask, (unsigned long long)__v, __pred);         \
  }
__LOOM_MATCH32(int)
__LOOM_MATCH32(unsigned int)
__LOOM_MATCH64(long)
__LOOM_MATCH64(unsigned long)
__LOOM_MATCH64(long long)
__LOOM_MATCH64(unsigned long long)
/* __nanosleep: a hint to back off; Loom yields the CPU. */
inline __device__ void __nanosleep(unsigned int __ns) { __nvvm_nanosleep(__ns); }

#undef __LOOM_MATCH32
#undef __LOOM_MATCH64

inline __device__ unsigned int __match_any_sync(unsigned int __mask, float __v) {
  return __match32_any_sync(__mask, __float_as_uint(__v));
}
inline __device__ unsigned int __match_all_sync(unsigned int __mask, float __v, int *__pred) {
  return __match32_all_sync(__mask, __float_as_uint(__v), __pred);
}
inline __device__ unsigned int __match_any_sync(unsigned int __mask, double __v) {
  return __match64_any_sync(__mask, (unsigned long long)__double_as_longlong(__v));
}
inline __device__ unsigned int __match_all_sync(unsigned int __mask, double __v, int *__pred) {
  return __match64_all_sync(__mask, (unsigned long long)__double_as_longlong(__v), __pred);
}

#endif
