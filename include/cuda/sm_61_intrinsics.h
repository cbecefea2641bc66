/* sm_61_intrinsics.h - CUDA's integer dot products (__dp4a, __dp2a_lo,
 * __dp2a_hi) for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * __dp4a(a, b, c): c plus the sum of the four products of the bytes of a
 * and b (signed for int and char4 operands, unsigned for unsigned and
 * uchar4). __dp2a_lo/__dp2a_hi(a, b, c): c plus the two products of a's
 * 16-bit halves with the bytes 0-1 (lo) or 2-3 (hi) of b. Wrapping 32-bit
 * sums, as the instructions. Included by the prelude
 * (loom/__loom_device_runtime.h), so programs need not include it.
 */
#ifndef __LOOM_SM_61_INTRINSICS_H__
#define __LOOM_SM_61_INTRINSICS_H__

#if defined(__CUDA__)
#include "vector_types.h"

static __device__ __forceinline__ int __dp4a(int __a, int __b, int __c) {
  unsigned __s = (unsigned)__c;
  for (int __i = 0; __i < 32; __i += 8)
    __s += (unsigned)((int)(signed char)(__a >> __i) * (int)(signed char)(__b >> __i));
  return (int)__s;
}
static __device__ __forceinline__ unsigned int __dp4a(unsigned int __a, unsigned int __b,
                                                      unsigned int __c) {
  unsigned __s = __c;
  for (int __i = 0; __i < 32; __i += 8)
    __s += ((__a >> __i) & 0xffu) * ((__b >> __i) & 0xffu);
  return __s;
}
static __device__ __forceinline__ int __dp4a(char4 __a, char4 __b, int __c) {
  return __c + __a.x * __b.x + __a.y * __b.y + __a.z * __b.z + __a.w * __b.w;
}
static __device__ __forceinline__ unsigned int __dp4a(uchar4 __a, uchar4 __b, unsigned int __c) {
  return __c + (unsigned)__a.x * __b.x + (unsigned)__a.y * __b.y + (unsigned)__a.z * __b.z +
         (unsigned)__a.w * __b.w;
}

static __device__ __forceinline__ int __loom_dp2a(int __a, int __b, int __c, int __shift) {
  unsigned __s = (unsigned)__c;
  __s += (unsigned)((int)(short)__a * (int)(signed char)(__b >> __shift));
  __s += (unsigned)((int)(short)(__a >> 16) * (int)(signed char)(__b >> (__shift + 8)));
  return (int)__s;
}
static __device__ __forceinline__ unsigned int __loom_dp2a_u(unsigned int __a, unsigned int __b,
                                                             unsigned int __c, int __shift) {
  return __c + (__a & 0xffffu) * ((__b >> __shift) & 0xffu) +
         (__a >> 16) * ((__b >> (__shift + 8)) & 0xffu);
}
static __device__ __forceinline__ int __dp2a_lo(int __a, int __b, int __c) {
  return __loom_dp2a(__a, __b, __c, 0);
}
static __device__ __forceinline__ int __dp2a_hi(int __a, int __b, int __c) {
  return __loom_dp2a(__a, __b, __c, 16);
}
static __device__ __forceinline__ unsigned int __dp2a_lo(unsigned int __a, unsigned int __b,
                                                         unsigned int __c) {
  return __loom_dp2a_u(__a, __b, __c, 0);
}
static __device__ __forceinline__ unsigned int __dp2a_hi(unsigned int __a, unsigned int __b,
                                                         unsigned int __c) {
  return __loom_dp2a_u(__a, __b, __c, 16);
}
static __device__ __forceinline__ int __dp2a_lo(short2 __a, char4 __b, int __c) {
  return __c + __a.x * __b.x + __a.y * __b.y;
}
static __device__ __forceinline__ int __dp2a_hi(short2 __a, char4 __b, int __c) {
  return __c + __a.x * __b.z + __a.y * __b.w;
}
static __device__ __forceinline__ unsigned int __dp2a_lo(ushort2 __a, uchar4 __b, unsigned int __c) {
  return __c + (unsigned)__a.x * __b.x + (unsigned)__a.y * __b.y;
}
static __device__ __forceinline__ unsigned int __dp2a_hi(ushort2 __a, uchar4 __b, unsigned int __c) {
  return __c + (unsigned)__a.x * __b.z + (unsigned)__a.y * __b.w;
}
#endif

#endif /* __LOOM_SM_61_INTRINSICS_H__ */
