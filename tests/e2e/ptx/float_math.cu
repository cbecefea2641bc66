// Float inline PTX with exact expectations: fma.rn rounds once, while
// mul.rn followed by add.rn rounds twice and must not be contracted into an
// FMA by the host compiler (loomcc compiles with FMA contraction on);
// div.rn/sqrt.rn/rcp.rn are correctly rounded; min/max return the non-NaN
// operand and order -0.0 below +0.0; testp classifies; copysign; .ftz and
// .sat.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cmath>
#include <cstring>

struct R {
  float fused, unfused, plain, quot, root, recip, mn, mx, mnz, sat, ftz, cs;
  unsigned classes;
};

__global__ void fp(const float *a, const float *b, const float *c, R *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = a[i], y = b[i], z = c[i];
  R r;
  asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(r.fused) : "f"(x), "f"(x), "f"(z));
  asm("{ .reg .f32 t; mul.rn.f32 t, %1, %2; add.rn.f32 %0, t, %3; }" : "=f"(r.unfused) : "f"(x), "f"(x), "f"(z));
  asm("div.rn.f32 %0, %1, %2;" : "=f"(r.quot) : "f"(x), "f"(y));
  asm("sqrt.rn.f32 %0, %1;" : "=f"(r.root) : "f"(y));
  asm("rcp.rn.f32 %0, %1;" : "=f"(r.recip) : "f"(y));
  asm("min.f32 %0, %1, %2;" : "=f"(r.mn) : "f"(z), "f"(y));
  asm("max.f32 %0, %1, %2;" : "=f"(r.mx) : "f"(y), "f"(z));
  asm("min.f32 %0, %1, %2;" : "=f"(r.mnz) : "f"(0.0f), "f"(-0.0f * y));
  asm("add.sat.f32 %0, %1, %2;" : "=f"(r.sat) : "f"(x), "f"(y));
  asm("mul.ftz.f32 %0, %1, 0f00800000;" : "=f"(r.ftz) : "f"(y)); // y * FLT_MIN
  asm("copysign.f32 %0, %1, %2;" : "=f"(r.cs) : "f"(z), "f"(y));
  unsigned cls = 0, bit;
  asm("{ .reg .pred p; testp.finite.f32 p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(bit) : "f"(z));
  cls |= bit;
  asm("{ .reg .pred p; testp.notanumber.f32 p, %1; selp.u32 %0, 2, 0, p; }" : "=r"(bit) : "f"(z));
  cls |= bit;
  asm("{ .reg .pred p; testp.subnormal.f32 p, %1; selp.u32 %0, 4, 0, p; }" : "=r"(bit) : "f"(z));
  cls |= bit;
  r.classes = cls;
  out[i] = r;
}

static bool same(float a, float b) { return std::memcmp(&a, &b, 4) == 0 || (a != a && b != b); }

int main() {
  const int n = 64;
  float *a, *b, *c;
  R *out;
  CHECK_CUDA(cudaMallocManaged(&a, n * 4));
  CHECK_CUDA(cudaMallocManaged(&b, n * 4));
  CHECK_CUDA(cudaMallocManaged(&c, n * 4));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(R)));
  for (int i = 0; i < n; ++i) {
    // x = 1 + k*2^-12: x*x has bits below float precision, so fused and
    // unfused results differ for z = -(1 + k*2^-11).
    a[i] = 1.0f + (i + 1) * 0x1p-12f;
    b[i] = 0.75f + i * 0.37f;
    c[i] = i % 8 == 3 ? NAN : i % 8 == 5 ? 1e-40f : -(1.0f + (i + 1) * 0x1p-11f);
  }
  fp<<<2, 32>>>(a, b, c, out, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  int fusedDiffers = 0;
  for (int i = 0; i < n; ++i) {
    float x = a[i], y = b[i], z = c[i];
    const R &r = out[i];
    volatile float p = x * x; // one rounding, stored: no contraction on the host
    EXPECT(same(r.fused, std::fma(x, x, z)));
    EXPECT(same(r.unfused, p + z));
    fusedDiffers += !same(r.fused, r.unfused);
    EXPECT(same(r.quot, x / y));
    EXPECT(same(r.root, std::sqrt(y)));
    EXPECT(same(r.recip, 1.0f / y));
    EXPECT(same(r.mn, z != z ? y : std::fmin(z, y)));
    EXPECT(same(r.mx, z != z ? y : std::fmax(y, z)));
    EXPECT(same(r.mnz, -0.0f));
    EXPECT(same(r.sat, std::fmin(x + y, 1.0f)));
    EXPECT(same(r.ftz, 0.0f + (y * 0x1p-126f >= 0x1p-126f ? y * 0x1p-126f : 0.0f)));
    EXPECT(same(r.cs, std::copysign(y, z)));
    unsigned cls = (std::isfinite(z) ? 1 : 0) | (z != z ? 2 : 0) |
                   (std::fpclassify(z) == FP_SUBNORMAL ? 4 : 0);
    EXPECT(r.classes == cls);
  }
  EXPECT(fusedDiffers > 0); // the test can tell fused from unfused
  std::printf("PASSED\n");
  return 0;
}
