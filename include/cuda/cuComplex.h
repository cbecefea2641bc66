/* cuComplex.h - CUDA's single- and double-precision complex numbers
 * (cuFloatComplex = float2, cuDoubleComplex = double2) and their arithmetic,
 * for host and device code; cuBLAS and cuFFT take these types.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Written for Loom from NVIDIA's documented API. Division and magnitude
 * scale their operands first so that intermediate squares neither overflow
 * nor underflow for any representable finite input (as the toolkit's do).
 * Valid C and C++.
 */
#ifndef LOOM_CUDA_CUCOMPLEX_H
#define LOOM_CUDA_CUCOMPLEX_H
/* The toolkit header's guard: programs test it. */
#define CU_COMPLEX_H_

#include <math.h>

#include "host_defines.h"
#include "vector_types.h"

#if defined(__cplusplus)
extern "C" {
#endif

#define __LOOM_CUCOMPLEX_FN __host__ __device__ static __inline__

typedef float2 cuFloatComplex;

__LOOM_CUCOMPLEX_FN float cuCrealf(cuFloatComplex x) { return x.x; }
__LOOM_CUCOMPLEX_FN float cuCimagf(cuFloatComplex x) { return x.y; }

__LOOM_CUCOMPLEX_FN cuFloatComplex make_cuFloatComplex(float r, float i) {
  cuFloatComplex z;
  z.x = r;
  z.y = i;
  return z;
}

__LOOM_CUCOMPLEX_FN cuFloatComplex cuConjf(cuFloatComplex x) {
  return make_cuFloatComplex(x.x, -x.y);
}

__LOOM_CUCOMPLEX_FN cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x + y.x, x.y + y.y);
}

__LOOM_CUCOMPLEX_FN cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x - y.x, x.y - y.y);
}

__LOOM_CUCOMPLEX_FN cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}

/* x / y with both scaled by 1/(|y.re| + |y.im|) first. */
__LOOM_CUCOMPLEX_FN cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y) {
  float s = fabsf(y.x) + fabsf(y.y);
  float inv = 1.0f / s;
  float xr = x.x * inv, xi = x.y * inv;
  float yr = y.x * inv, yi = y.y * inv;
  float d = 1.0f / (yr * yr + yi * yi);
  return make_cuFloatComplex((xr * yr + xi * yi) * d, (xi * yr - xr * yi) * d);
}

/* |x| as max * sqrt(1 + (min/max)^2): no overflow of the squares. */
__LOOM_CUCOMPLEX_FN float cuCabsf(cuFloatComplex x) {
  float a = fabsf(x.x), b = fabsf(x.y);
  float hi = a > b ? a : b, lo = a > b ? b : a;
  if (hi == 0.0f || hi > 3.402823466e38f || lo > 3.402823466e38f)
    return hi + lo; /* zero, or an infinity (or NaN) propagates */
  float q = lo / hi;
  return hi * sqrtf(1.0f + q * q);
}

typedef double2 cuDoubleComplex;

__LOOM_CUCOMPLEX_FN double cuCreal(cuDoubleComplex x) { return x.x; }
__LOOM_CUCOMPLEX_FN double cuCimag(cuDoubleComplex x) { return x.y; }

__LOOM_CUCOMPLEX_FN cuDoubleComplex make_cuDoubleComplex(double r, double i) {
  cuDoubleComplex z;
  z.x = r;
  z.y = i;
  return z;
}

__LOOM_CUCOMPLEX_FN cuDoubleComplex cuConj(cuDoubleComplex x) {
  return make_cuDoubleComplex(x.x, -x.y);
}

__LOOM_CUCOMPLEX_FN cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x + y.x, x.y + y.y);
}

__LOOM_CUCOMPLEX_FN cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x - y.x, x.y - y.y);
}

__LOOM_CUCOMPLEX_FN cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}

__LOOM_CUCOMPLEX_FN cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y) {
  double s = fabs(y.x) + fabs(y.y);
  double inv = 1.0 / s;
  double xr = x.x * inv, xi = x.y * inv;
  double yr = y.x * inv, yi = y.y * inv;
  double d = 1.0 / (yr * yr + yi * yi);
  return make_cuDoubleComplex((xr * yr + xi * yi) * d, (xi * yr - xr * yi) * d);
}

__LOOM_CUCOMPLEX_FN double cuCabs(cuDoubleComplex x) {
  double a = fabs(x.x), b = fabs(x.y);
  double hi = a > b ? a : b, lo = a > b ? b : a;
  if (hi == 0.0 || hi > 1.7976931348623157e308 || lo > 1.7976931348623157e308)
    return hi + lo;
  double q = lo / hi;
  return hi * sqrt(1.0 + q * q);
}

typedef cuFloatComplex cuComplex;

__LOOM_CUCOMPLEX_FN cuComplex make_cuComplex(float x, float y) {
  return make_cuFloatComplex(x, y);
}

__LOOM_CUCOMPLEX_FN cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return make_cuDoubleComplex((double)c.x, (double)c.y);
}

__LOOM_CUCOMPLEX_FN cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return make_cuFloatComplex((float)c.x, (float)c.y);
}

/* x * y + d */
__LOOM_CUCOMPLEX_FN cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d) {
  float r = x.x * y.x + d.x;
  float i = x.x * y.y + d.y;
  r = -(x.y * y.y) + r;
  i = x.y * y.x + i;
  return make_cuComplex(r, i);
}

__LOOM_CUCOMPLEX_FN cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y,
                                           cuDoubleComplex d) {
  double r = x.x * y.x + d.x;
  double i = x.x * y.y + d.y;
  r = -(x.y * y.y) + r;
  i = x.y * y.x + i;
  return make_cuDoubleComplex(r, i);
}

#undef __LOOM_CUCOMPLEX_FN

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* LOOM_CUDA_CUCOMPLEX_H */
