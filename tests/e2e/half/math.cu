// Half-precision math functions (hsqrt ... hrint and the h2* paired forms) on
// all 65536 inputs, against the double-precision C library result rounded to
// half by Inputs/ref16.h.
// Tolerances: hsqrt, hrcp, hfloor, hceil, htrunc, hrint are exact (correctly
// rounded); hrsqrt, hexp, hexp2, hexp10, hlog, hlog2, hlog10, hsin, hcos,
// htanh within 1 ulp of half (they round a float function that is itself
// within a few float ulps). NaN where the reference is NaN, infinities exact.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: math PASSED
// CHECK: math2 PASSED
#include "../Inputs/check.h"
#include "Inputs/ref16.h"
#include <cuda_fp16.h>

enum { SQRT, RCP, FLOOR, CEIL, TRUNC, RINT, RSQRT, EXP, EXP2, EXP10, LOG, LOG2, LOG10, SIN, COS, TANH, NF };
static const int kExact = RINT + 1; // functions before this one must be exact

__global__ void mathKernel(unsigned short *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half h = __ushort_as_half((unsigned short)i);
  __half r[NF] = {hsqrt(h), hrcp(h), hfloor(h), hceil(h), htrunc(h), hrint(h), hrsqrt(h), hexp(h), hexp2(h),
                  hexp10(h), hlog(h), hlog2(h), hlog10(h), hsin(h), hcos(h), htanh(h)};
  for (int k = 0; k < NF; ++k)
    out[NF * i + k] = __half_as_ushort(r[k]);
}

// Paired forms on (h, -h) must match the scalar forms per element.
__global__ void math2Kernel(int *bad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half h = __ushort_as_half((unsigned short)i), g = __hneg(h);
  __half2 p = __halves2half2(h, g);
  __half2 r[NF] = {h2sqrt(p), h2rcp(p), h2floor(p), h2ceil(p), h2trunc(p), h2rint(p), h2rsqrt(p), h2exp(p),
                   h2exp2(p), h2exp10(p), h2log(p), h2log2(p), h2log10(p), h2sin(p), h2cos(p), h2tanh(p)};
  __half s[NF] = {hsqrt(g), hrcp(g), hfloor(g), hceil(g), htrunc(g), hrint(g), hrsqrt(g), hexp(g), hexp2(g),
                  hexp10(g), hlog(g), hlog2(g), hlog10(g), hsin(g), hcos(g), htanh(g)};
  for (int k = 0; k < NF; ++k) {
    unsigned short hi = __half_as_ushort(__high2half(r[k])), want = __half_as_ushort(s[k]);
    if (hi != want && !(__hisnan(s[k]) && __hisnan(__high2half(r[k]))))
      atomicAdd(bad, 1);
  }
}

static double refFn(int k, double x) {
  switch (k) {
  case SQRT: return std::sqrt(x);
  case RCP: return 1.0 / x;
  case FLOOR: return std::floor(x);
  case CEIL: return std::ceil(x);
  case TRUNC: return std::trunc(x);
  case RINT: return std::nearbyint(x);
  case RSQRT: return 1.0 / std::sqrt(x);
  case EXP: return std::exp(x);
  case EXP2: return std::exp2(x);
  case EXP10: return std::pow(10.0, x);
  case LOG: return std::log(x);
  case LOG2: return std::log2(x);
  case LOG10: return std::log10(x);
  case SIN: return std::sin(x);
  case COS: return std::cos(x);
  default: return std::tanh(x);
  }
}

int main() {
  const int N = 65536;
  unsigned short *out;
  CHECK_CUDA(cudaMallocManaged(&out, NF * N * sizeof(unsigned short)));
  mathKernel<<<N / 256, 256>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  int worst[NF] = {0};
  for (int i = 0; i < N; ++i) {
    if (kHalf.isNaN(i))
      continue;
    double x = kHalf.decode(i);
    for (int k = 0; k < NF; ++k) {
      unsigned want = kHalf.round(refFn(k, x), RN), got = out[NF * i + k];
      bool ok;
      if (kHalf.isNaN(want))
        ok = kHalf.isNaN(got);
      else if (kHalf.isNaN(got) || ((want & 0x7FFFu) == 0x7C00u && got != want))
        ok = false;
      else {
        int d = ulpDist(want, got);
        // a zero result may come out as either signed zero
        if ((want & 0x7FFFu) == 0 && (got & 0x7FFFu) == 0)
          d = 0;
        worst[k] = d > worst[k] ? d : worst[k];
        ok = d <= (k < kExact ? 0 : 1);
      }
      if (!ok) {
        std::printf("FAILED: function %d of %a (0x%04x): 0x%04x want 0x%04x\n", k, x, i, got, want);
        return 1;
      }
    }
  }
  std::printf("math PASSED (worst ulps:");
  for (int k = 0; k < NF; ++k)
    std::printf(" %d", worst[k]);
  std::printf(")\n");
  int *bad;
  CHECK_CUDA(cudaMallocManaged(&bad, sizeof(int)));
  *bad = 0;
  math2Kernel<<<N / 256, 256>>>(bad);
  CHECK_CUDA(cudaDeviceSynchronize());
  if (*bad) {
    std::printf("FAILED: %d paired results differ from the scalar ones\n", *bad);
    return 1;
  }
  std::printf("math2 PASSED\n");
  return 0;
}
