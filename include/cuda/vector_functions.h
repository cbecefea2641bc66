/* vector_functions.h - make_<vector type>() constructors for CUDA's vector types.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef LOOM_CUDA_VECTOR_FUNCTIONS_H
#define LOOM_CUDA_VECTOR_FUNCTIONS_H

#include "vector_types.h"

#define __LOOM_VECFN static __host__ __device__ __inline__

__LOOM_VECFN char1 make_char1(signed char x) {
  char1 r;
  r.x = x;
  return r;
}
__LOOM_VECFN char2 make_char2(signed char x, signed char y) {
  char2 r;
  r.x = x; r.y = y;
  return r;
}
__LOOM_VECFN char3 make_char3(signed char x, signed char y, signed char z) {
  char3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
__LOOM_VECFN char4 make_char4(signed char x, signed char y, signed char z, signed char w) {
  char4 r;
  r.x = x; r.y = y; r.z = z; r.w = w;
  return r;
}

__LOOM_VECFN uchar1 make_uchar1(unsigned char x) {
  uchar1 r;
  r.x = x;
  return r;
}
__LOOM_VECFN uchar2 make_uchar2(unsigned char x, unsigned char y) {
  uchar2 r;
  r.x = x; r.y = y;
  return r;
}
__LOOM_VECFN uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z) {
  uchar3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
__LOOM_VECFN uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w) {
  uchar4 r;
  r.x = x; r.y = y; r.z = z; r.w = w;
  return r;
}

__LOOM_VECFN short1 make_short1(short x) {
  short1 r;
  r.x = x;
  return r;
}
__LOOM_VECFN short2 make_short2(short x, short y) {
  short2 r;
  r.x = x; r.y = y;
  return r;
}
__LOOM_VECFN short3 make_short3(short x, short y, short z) {
  short3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
__LOOM_VECFN short4 make_short4(short x, short y, short z, short w) {
  short4 r;
  r.x = x; r.y = y; r.z = z; r.w = w;
  return r;
}

__LOOM_VECFN ushort1 make_ushort1(unsigned short x) {
  ushort1 r;
  r.x = x;
  return r;
}
__LOOM_VECFN ushort2 make_ushort2(unsigned short x, unsigned short y) {
  ushort2 r;
  r.x = x; r.y = y;
  return r;
}
__LOOM_VECFN ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z) {
  ushort3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
__LOOM_VECFN ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w) {
  ushort4 r;
  r.x = x; r.y = y; r.z = z; r.w = w;
  return r;
}

__LOOM_VECFN int1 make_int1(int x) {
  int1 r;
  r.x = x;
  return r;
}
__LOOM_VECFN int2 make_int2(int x, int y) {
  int2 r;
  r.x = x; r.y = y;
  return r;
}
__LOOM_VECFN int3 make_int3(int x, int y, int z) {
  int3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
__LOOM_VECFN int4 make_int4(int x, int y, int z, int w) {
  int4 r;
  r.x = x; r.y = y; r.z = z; r.w = w;
  return r;
}

__LOOM_VECFN uint1 make_uint1(unsigned int x) {
  uint1 r;
  r.x = x;
  return r;
}
__LOOM_VECFN uint2 make_uint2(unsigned int x, unsigned int y) {
  uint2 r;
  r.x = x; r.y = y;
  return r;
}
__LOOM_VECFN uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) {
  uint3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
__LOOM_VECFN uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w) {
  uint4 r;
  r.x = x; r.y = y; r.z = z; r.w = w;
  return r;
}

__LOOM_VECFN long1 make_long1(long int x) {
  long1 r;
  r.x = x;
  return r;
}
__LOOM_VECFN long2 make_long2(long int x, long int y) {
  long2 r;
  r.x = x; r.y = y;
  return r;
}
__LOOM_VECFN long3 make_long3(long int x, long int y, long int z) {
  long3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
__LOOM_VECFN long4 make_long4(long int x, long int y, long int z, long int w) {
  long4 r;
  r.x = x; r.y = y; r.z = z; r.w = w;
  return r;
}

__LOOM_VECFN ulong1 make_ulong1(unsigned long int x) {
  ulong1 r;
  r.x = x;
  return r;
}
__LOOM_VECFN ulong2 make_ulong2(unsigned long int x, unsigned long int y) {
  ulong2 r;
  r.x = x; r.y = y;
  return r;
}
__LOOM_VECFN ulong3 make_ulong3(unsigned long int x, unsigned long int y, unsigned long int z) {
  ulong3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
__LOOM_VECFN ulong4 make_ulong4(unsigned long int x, unsigned long int y, unsigned long int z, unsigned long int w) {
  ulong4 r;
  r.x = x; r.y = y; r.z = z; r.w = w;
  return r;
}

__LOOM_VECFN longlong1 make_longlong1(long long int x) {
  longlong1 r;
  r.x = x;
  return r;
}
__LOOM_VECFN longlong2 make_longlong2(long long int x, long long int y) {
  longlong2 r;
  r.x = x; r.y = y;
  return r;
}
__LOOM_VECFN longlong3 make_longlong3(long long int x, long long int y, long long int z) {
  longlong3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
__LOOM_VECFN longlong4 make_longlong4(long long int x, long long int y, long long int z, long long int w) {
  longlong4 r;
  r.x = x; r.y = y; r.z = z; r.w = w;
  return r;
}

__LOOM_VECFN ulonglong1 make_ulonglong1(unsigned long long int x) {
  ulonglong1 r;
  r.x = x;
  return r;
}
__LOOM_VECFN ulonglong2 make_ulonglong2(unsigned long long int x, unsigned long long int y) {
  ulonglong2 r;
  r.x = x; r.y = y;
  return r;
}
__LOOM_VECFN ulonglong3 make_ulonglong3(unsigned long long int x, unsigned long long int y, unsigned long long int z) {
  ulonglong3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
__LOOM_VECFN ulonglong4 make_ulonglong4(unsigned long long int x, unsigned long long int y, unsigned long long int z, unsigned long long int w) {
  ulonglong4 r;
  r.x = x; r.y = y; r.z = z; r.w = w;
  return r;
}

__LOOM_VECFN float1 make_float1(float x) {
  float1 r;
  r.x = x;
  return r;
}
__LOOM_VECFN float2 make_float2(float x, float y) {
  float2 r;
  r.x = x; r.y = y;
  return r;
}
__LOOM_VECFN float3 make_float3(float x, float y, float z) {
  float3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
__LOOM_VECFN float4 make_float4(float x, float y, float z, float w) {
  float4 r;
  r.x = x; r.y = y; r.z = z; r.w = w;
  return r;
}

__LOOM_VECFN double1 make_double1(double x) {
  double1 r;
  r.x = x;
  return r;
}
__LOOM_VECFN double2 make_double2(double x, double y) {
  double2 r;
  r.x = x; r.y = y;
  return r;
}
__LOOM_VECFN double3 make_double3(double x, double y, double z) {
  double3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
__LOOM_VECFN double4 make_double4(double x, double y, double z, double w) {
  double4 r;
  r.x = x; r.y = y; r.z = z; r.w = w;
  return r;
}

#undef __LOOM_VECFN

#endif /* LOOM_CUDA_VECTOR_FUNCTIONS_H */
