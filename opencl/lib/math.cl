// math.cl - OpenCL C's elementary functions on Loom's device library.
// SPDX-License-Identifier: Apache-2.0
//
// What: the scalar float and double overloads of exp, log, sin, pow, ... call
// the device library's __nv_* functions, the ones CUDA's expf, sinf, ...
// become (devicelib/NVMath*.cpp): glibc's libm, whose vector variants
// (libmvec) the kernel vectorizer and the host optimizer call for whole
// gangs. Linked before libclc (opencl/compiler/ClCompile.cpp), so these
// definitions win; what is not here (the vector overloads, native_*,
// half_*, sincos, ...) is libclc's.
//
// Why: libclc's own implementations are branchy polynomial code (range
// reduction with a slow path for large arguments) that a gang runs on every
// path under masks: exp(-x) * sin(x) ran 2.2x slower through Loom's OpenCL
// platform than the same kernel through Loom's CUDA path
// (bench/opencl_vs_cuda.sh). Accuracy: tests/opencl/math_ulp.c measures
// every function here, float and double, against OpenCL 3.0's full-profile
// ULP limits (the vector variants are less accurate than the scalar libm
// functions, but within OpenCL's limits: at most 3.1 ulp where the limit is
// 4, 2.5 where it is 3). cbrt is not here: libmvec's double cbrt measured
// 2.5 ulp against OpenCL's 2; libclc's gives 0.5.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define LOOM_CL_MATH1(NAME)                                                    \
  float __nv_##NAME##f(float);                                                 \
  double __nv_##NAME(double);                                                  \
  float __attribute__((overloadable)) NAME(float X) { return __nv_##NAME##f(X); } \
  double __attribute__((overloadable)) NAME(double X) { return __nv_##NAME(X); }
#define LOOM_CL_MATH2(NAME)                                                    \
  float __nv_##NAME##f(float, float);                                          \
  double __nv_##NAME(double, double);                                          \
  float __attribute__((overloadable)) NAME(float X, float Y) {                 \
    return __nv_##NAME##f(X, Y);                                               \
  }                                                                            \
  double __attribute__((overloadable)) NAME(double X, double Y) {              \
    return __nv_##NAME(X, Y);                                                  \
  }

LOOM_CL_MATH1(exp)
LOOM_CL_MATH1(exp2)
LOOM_CL_MATH1(exp10)
LOOM_CL_MATH1(expm1)
LOOM_CL_MATH1(log)
LOOM_CL_MATH1(log2)
LOOM_CL_MATH1(log10)
LOOM_CL_MATH1(log1p)
LOOM_CL_MATH1(sin)
LOOM_CL_MATH1(cos)
LOOM_CL_MATH1(tan)
LOOM_CL_MATH1(asin)
LOOM_CL_MATH1(acos)
LOOM_CL_MATH1(atan)
LOOM_CL_MATH1(sinh)
LOOM_CL_MATH1(cosh)
LOOM_CL_MATH1(tanh)
LOOM_CL_MATH1(asinh)
LOOM_CL_MATH1(acosh)
LOOM_CL_MATH1(atanh)
LOOM_CL_MATH1(erf)
LOOM_CL_MATH1(erfc)
LOOM_CL_MATH2(atan2)
LOOM_CL_MATH2(pow)
LOOM_CL_MATH2(hypot)
