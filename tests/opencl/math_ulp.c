/* math_ulp.c - OpenCL C's elementary functions within the spec's ULP limits, float and double.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Each function of opencl/lib/math.cl runs over inputs spread across its
 * domain (and special values); every result is compared with the C
 * library's long double function (64-bit mantissa: far more precise than
 * either type) and its error in ulps of the result type must stay within
 * OpenCL 3.0's full-profile limit for that function. Non-finite expected
 * values must match in kind (NaN, +-inf). Prints the worst error of each. */
#define _GNU_SOURCE /* exp10l */
#include "common.h"

#include <float.h>
#include <math.h>
#include <string.h>

#define FUNCS1(X)                                                                                  \
  X(exp, expl, 3, -87, 88) X(exp2, exp2l, 3, -125, 127) X(exp10, exp10l, 3, -37, 38)               \
  X(expm1, expm1l, 3, -80, 80) X(log, logl, 3, 1e-30, 1e30) X(log2, log2l, 3, 1e-30, 1e30)         \
  X(log10, log10l, 3, 1e-30, 1e30) X(log1p, log1pl, 2, -0.999, 1e20)                               \
  X(sin, sinl, 4, -1e5, 1e5) X(cos, cosl, 4, -1e5, 1e5) X(tan, tanl, 5, -1e4, 1e4)                 \
  X(asin, asinl, 4, -1, 1) X(acos, acosl, 4, -1, 1) X(atan, atanl, 5, -1e6, 1e6)                   \
  X(sinh, sinhl, 4, -88, 88) X(cosh, coshl, 4, -88, 88) X(tanh, tanhl, 5, -20, 20)                 \
  X(asinh, asinhl, 4, -1e10, 1e10) X(acosh, acoshl, 4, 1, 1e10) X(atanh, atanhl, 5, -0.999, 0.999) \
  X(cbrt, cbrtl, 2, -1e30, 1e30) X(erf, erfl, 16, -6, 6) X(erfc, erfcl, 16, -6, 9)
#define FUNCS2(X)                                                                                  \
  X(atan2, atan2l, 6, -1e3, 1e3) X(pow, powl, 16, 0, 40) X(hypot, hypotl, 4, -1e18, 1e18)

#define SRC1(n, l, u, lo, hi)                                                                      \
  "__kernel void f_" #n "(__global const float *x, __global float *y) {\n"                        \
  "  size_t i = get_global_id(0); y[i] = " #n "(x[i]); }\n"                                       \
  "__kernel void d_" #n "(__global const double *x, __global double *y) {\n"                      \
  "  size_t i = get_global_id(0); y[i] = " #n "(x[i]); }\n"
#define SRC2(n, l, u, lo, hi)                                                                      \
  "__kernel void f_" #n "(__global const float *x, __global float *y) {\n"                        \
  "  size_t i = get_global_id(0); y[i] = " #n "(x[i], x[i + N]); }\n"                             \
  "__kernel void d_" #n "(__global const double *x, __global double *y) {\n"                      \
  "  size_t i = get_global_id(0); y[i] = " #n "(x[i], x[i + N]); }\n"

enum { N = 4096 };

static const char *source = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                            "#define N 4096\n" FUNCS1(SRC1) FUNCS2(SRC2);

/* The error of \p got in units of the last place of \p mant_bits-bit
 * floating point at the exact value \p want (the spacing of the binade
 * want lies in, subnormal spacing below the smallest normal). */
static double ulps(long double got, long double want, int mant_bits, int min_exp) {
  if (isnan(want))
    return isnan(got) ? 0 : INFINITY;
  if (isinf(want))
    return got == want ? 0 : INFINITY;
  if (isnan(got) || isinf(got))
    return INFINITY;
  int e;
  frexpl(want, &e);
  if (want == 0 || e < min_exp)
    e = min_exp;
  long double spacing = ldexpl(1.0L, e - mant_bits);
  return (double)(fabsl(got - want) / spacing);
}

/* Inputs over [lo, hi]: uniform, and log-spaced over the magnitudes when
 * the range spans orders of magnitude, plus the ends and a few specials. */
static void inputs(double *x, double lo, double hi, unsigned seed) {
  for (int i = 0; i < N; ++i) {
    seed = seed * 1664525u + 1013904223u;
    double u = (seed >> 8) / 16777216.0;
    if (i % 2 && lo > 0 && hi / lo > 1e3)
      x[i] = lo * pow(hi / lo, u);
    else if (i % 2 && hi > 1e3)
      x[i] = (u < 0.5 ? -1 : 1) * pow(10, (u < 0.5 ? 2 * u : 2 * u - 1) * log10(hi));
    else
      x[i] = lo + (hi - lo) * u;
    if (x[i] < lo || x[i] > hi)
      x[i] = lo + (hi - lo) * u;
  }
  x[0] = lo, x[1] = hi, x[2] = lo <= 0 && hi >= 0 ? 0.0 : lo, x[3] = (lo + hi) / 2;
}

typedef long double (*ref1_t)(long double);
typedef long double (*ref2_t)(long double, long double);

static int check(cl_program p, const char *name, void *ref, int args, double limit, double lo,
                 double hi, int is_double) {
  static double xd[2 * N];
  static float xf[2 * N];
  static double yd[N];
  static float yf[N];
  inputs(xd, lo, hi, 12345u);
  inputs(xd + N, lo, hi, 777u);
  for (int i = 0; i < 2 * N; ++i)
    xf[i] = (float)xd[i];
  size_t esize = is_double ? sizeof(double) : sizeof(float);
  cl_mem dx = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 2 * N * esize,
                     is_double ? (void *)xd : (void *)xf);
  cl_mem dy = buffer(CL_MEM_WRITE_ONLY, N * esize, NULL);
  char kname[64];
  snprintf(kname, sizeof kname, "%s_%s", is_double ? "d" : "f", name);
  cl_kernel k = kernel(p, kname);
  OK(clSetKernelArg(k, 0, sizeof dx, &dx));
  OK(clSetKernelArg(k, 1, sizeof dy, &dy));
  size_t g = N;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, dy, CL_TRUE, 0, N * esize, is_double ? (void *)yd : (void *)yf, 0,
                         NULL, NULL));
  double worst = 0;
  int worst_i = 0, bad = 0;
  for (int i = 0; i < N; ++i) {
    long double a = is_double ? xd[i] : xf[i], b = is_double ? xd[i + N] : xf[i + N];
    long double want = args == 1 ? ((ref1_t)ref)(a) : ((ref2_t)ref)(a, b);
    long double got = is_double ? yd[i] : yf[i];
    /* Past the type's largest value (and the rounding threshold above it),
     * the correctly rounded result is an infinity. */
    long double max = is_double ? (long double)DBL_MAX * (1 + 0x1p-54L)
                                : (long double)FLT_MAX * (1 + 0x1p-25L);
    if (isfinite(want) && fabsl(want) >= max)
      want = copysignl(INFINITY, want);
    double e = is_double ? ulps(got, want, 53, DBL_MIN_EXP) : ulps(got, want, 24, FLT_MIN_EXP);
    if (e > worst)
      worst = e, worst_i = i;
    if (e > limit && bad++ < 3)
      fprintf(stderr, "%s(%.17g%s%.17g) = %.17g, expected %.21Lg: %.2f ulp > %g\n", kname,
              (double)a, args == 2 ? ", " : "", args == 2 ? (double)b : 0.0, (double)got, want,
              e, limit);
  }
  printf("%-8s %s max %.2f ulp (limit %g) at x = %.9g\n", name, is_double ? "double" : "float ",
         worst, limit, is_double ? xd[worst_i] : xf[worst_i]);
  clReleaseKernel(k);
  clReleaseMemObject(dx);
  clReleaseMemObject(dy);
  return bad == 0;
}

int main(void) {
  setup_queue(0);
  cl_program p = build(source, NULL);
  for (int d = 0; d < 2; ++d) {
#define RUN1(n, l, u, lo, hi) CHECK(check(p, #n, (void *)l, 1, u, lo, hi, d));
#define RUN2(n, l, u, lo, hi) CHECK(check(p, #n, (void *)l, 2, u, lo, hi, d));
    FUNCS1(RUN1)
    FUNCS2(RUN2)
  }
  clReleaseProgram(p);
  return finish("math_ulp");
}
