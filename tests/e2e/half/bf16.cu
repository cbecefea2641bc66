// cuda_bf16.h on the device and the host: every bfloat16 pattern round-trips
// through float (NaNs stay NaN), float -> bfloat16 in four rounding modes
// (ties, float subnormals, overflow), double and integer conversions,
// arithmetic intrinsics and operators on __nv_bfloat16 / __nv_bfloat162,
// comparisons, math functions, a warp-shuffle reduction of __nv_bfloat162
// and atomicAdd on __nv_bfloat162 and __nv_bfloat16.
// Tolerances as for half: conversions, +, -, *, /, fma, sqrt bit-exact
// against Inputs/ref16.h (float's 24 bits >= 2*8+2, so rounding through float
// is harmless); exp/log/sin/cos/tanh within 1 ulp of bfloat16; shuffles equal
// the host replay; atomics add exactly representable partial sums.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: bf16 conversions PASSED
// CHECK: bf16 ops PASSED
// CHECK: bf16 math PASSED
// CHECK: bf16 warp PASSED
#include "../Inputs/check.h"
#include "Inputs/ref16.h"
#include <climits>
#include <cstring>
#include <cuda_bf16.h>
#include <vector>

typedef __nv_bfloat16 bf16;
typedef __nv_bfloat162 bf162;

__global__ void conv(const float *in, unsigned short *out, float *rt, unsigned short *rtBits, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 65536) {
    bf16 h = __ushort_as_bfloat16((unsigned short)i);
    float f = __bfloat162float(h);
    rt[i] = f;
    rtBits[i] = __bfloat16_as_ushort(__float2bfloat16(f));
  }
  if (i < n) {
    float f = in[i];
    out[5 * i + 0] = __bfloat16_as_ushort(__float2bfloat16_rn(f));
    out[5 * i + 1] = __bfloat16_as_ushort(__float2bfloat16_rz(f));
    out[5 * i + 2] = __bfloat16_as_ushort(__float2bfloat16_ru(f));
    out[5 * i + 3] = __bfloat16_as_ushort(__float2bfloat16_rd(f));
    out[5 * i + 4] = __bfloat16_as_ushort(__double2bfloat16((double)f * (1.0 + 1e-12)));
  }
}

enum { ADD, SUB, MUL, DIV, FMA, OPS, MAX, SQRT, EXP, LOG, SIN, TANH, I2B, B2I, NOPS };

__host__ __device__ void ops(bf16 a, bf16 b, bf16 c, int k, unsigned short *r) {
  r[ADD] = __bfloat16_as_ushort(__hadd(a, b));
  r[SUB] = __bfloat16_as_ushort(a - b);
  r[MUL] = __bfloat16_as_ushort(__hmul(a, b));
  r[DIV] = __bfloat16_as_ushort(a / b);
  r[FMA] = __bfloat16_as_ushort(__hfma(a, b, c));
  bf162 p = __halves2bfloat162(a, b), q = make_bfloat162(b, c);
  bf162 s = p * q + q;
  r[OPS] = __bfloat16_as_ushort(__high2bfloat16(s));
  r[MAX] = __bfloat16_as_ushort(__hmax(a, b));
  r[SQRT] = __bfloat16_as_ushort(hsqrt(a));
  r[EXP] = __bfloat16_as_ushort(hexp(a));
  r[LOG] = __bfloat16_as_ushort(hlog(a));
  r[SIN] = __bfloat16_as_ushort(__low2bfloat16(h2sin(p)));
  r[TANH] = __bfloat16_as_ushort(htanh(a));
  r[I2B] = __bfloat16_as_ushort(__int2bfloat16_rn(k));
  r[B2I] = (unsigned short)__bfloat162short_rz(a);
}

__global__ void opsKernel(const bf16 *a, const bf16 *b, const bf16 *c, unsigned short *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    ops(a[i], b[i], c[i], i * 977 - 40000000, out + NOPS * i);
}

__global__ void warpAndAtomics(const bf162 *in, bf162 *sums, bf162 *acc2, bf16 *acc, int *cmpBad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bf162 v = in[i];
  for (int off = 16; off > 0; off /= 2)
    v = __hadd2(v, __shfl_down_sync(0xffffffffu, v, off));
  if (threadIdx.x % 32 == 0)
    sums[i / 32] = v;
  bf16 x = __shfl_xor_sync(0xffffffffu, __low2bfloat16(in[i]), 1);
  if (__bfloat16_as_ushort(x) != __bfloat16_as_ushort(__low2bfloat16(in[i ^ 1])))
    atomicAdd(cmpBad, 1);
  atomicAdd(&acc2[i % 4], __floats2bfloat162_rn(1.0f, -0.5f));
  if (i < 384) // 128 additions of 0.25 per element: every partial sum is exact
    atomicAdd(&acc[i % 3], __float2bfloat16(0.25f));
  bf16 one = __float2bfloat16(1.0f), nan = CUDART_NAN_BF16, inf = CUDART_INF_BF16;
  if (!(one < inf) || one == nan || !(one != nan) || !__hisnan(nan) || __hisinf(-inf) != -1 ||
      !__hbeq2(__bfloat162bfloat162(one), make_bfloat162(one, one)) || __hgt(nan, one) || !__hgtu(nan, one))
    atomicAdd(cmpBad, 1);
}

int main() {
  std::vector<float> in = {0.0f, -0.0f, 1.0f, 3.0e38f, 3.4e38f, -3.4e38f, INFINITY, -INFINITY, NAN, 1e-45f,
                           -1e-45f, 1.1754942e-38f, 1.0f + 1.0f / 256, 1.0f + 3.0f / 256, 1.0f + 1.0f / 512};
  for (unsigned b = 0; b < 0x7F7Fu; b += 13) {
    float lo = (float)kBf16.decode(b), hi = (float)kBf16.decode(b + 1), mid = 0.5f * (lo + hi);
    for (float v : {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, INFINITY), lo})
      for (float s : {1.0f, -1.0f})
        in.push_back(s * v);
  }
  Lcg rng(11);
  for (int k = 0; k < 50000; ++k) {
    unsigned u = rng.next();
    float f;
    std::memcpy(&f, &u, 4);
    in.push_back(f);
  }
  int n = (int)in.size(), threads = n > 65536 ? n : 65536;
  float *dIn, *rt;
  unsigned short *out, *rtBits;
  CHECK_CUDA(cudaMallocManaged(&dIn, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&out, 5 * n * sizeof(unsigned short)));
  CHECK_CUDA(cudaMallocManaged(&rt, 65536 * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&rtBits, 65536 * sizeof(unsigned short)));
  std::copy(in.begin(), in.end(), dIn);
  conv<<<(threads + 255) / 256, 256>>>(dIn, out, rt, rtBits, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < 65536; ++i) {
    if (kBf16.isNaN(i)) {
      EXPECT(std::isnan(rt[i]) && kBf16.isNaN(rtBits[i]));
      continue;
    }
    EXPECT(rt[i] == kBf16.decode(i) && std::signbit(rt[i]) == std::signbit(kBf16.decode(i)) && rtBits[i] == i);
  }
  const RefMode modes[4] = {RN, RZ, RU, RD};
  for (int i = 0; i < n; ++i) {
    for (int m = 0; m < 5; ++m) {
      unsigned want = m < 4 ? kBf16.round(in[i], modes[m]) : kBf16.round((double)in[i] * (1.0 + 1e-12), RN);
      unsigned host = m == 0 ? __bfloat16_as_ushort(__float2bfloat16_rn(in[i]))
                      : m == 2 ? __bfloat16_as_ushort(__float2bfloat16_ru(in[i])) : want;
      bool ok = kBf16.isNaN(want) ? kBf16.isNaN(out[5 * i + m]) : out[5 * i + m] == want && host == want;
      if (!ok) {
        std::printf("FAILED: float %a mode %d: 0x%04x want 0x%04x\n", in[i], m, out[5 * i + m], want);
        return 1;
      }
    }
  }
  std::printf("bf16 conversions PASSED\n");

  const int k = 1 << 16;
  bf16 *a, *b, *c;
  unsigned short *r;
  CHECK_CUDA(cudaMallocManaged(&a, k * sizeof(bf16)));
  CHECK_CUDA(cudaMallocManaged(&b, k * sizeof(bf16)));
  CHECK_CUDA(cudaMallocManaged(&c, k * sizeof(bf16)));
  CHECK_CUDA(cudaMallocManaged(&r, NOPS * k * sizeof(unsigned short)));
  for (int i = 0; i < k; ++i) {
    a[i] = __ushort_as_bfloat16((unsigned short)i); // every pattern as the first operand
    b[i] = (i & 1) ? __ushort_as_bfloat16((unsigned short)rng.next()) : __float2bfloat16(rng.uniform(-10, 10));
    c[i] = (i & 2) ? __ushort_as_bfloat16((unsigned short)rng.next()) : __float2bfloat16(rng.uniform(-10, 10));
  }
  opsKernel<<<k / 256, 256>>>(a, b, c, r, k);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < k; ++i) {
    unsigned short host[NOPS];
    ops(a[i], b[i], c[i], i * 977 - 40000000, host);
    double x = kBf16.decode(__bfloat16_as_ushort(a[i])), y = kBf16.decode(__bfloat16_as_ushort(b[i])),
           z = kBf16.decode(__bfloat16_as_ushort(c[i]));
    unsigned ab = __bfloat16_as_ushort(a[i]), bb = __bfloat16_as_ushort(b[i]);
    unsigned want[NOPS] = {kBf16.round(x + y, RN), kBf16.round(x - y, RN), kBf16.round(x * y, RN),
                           kBf16.round(x / y, RN), kBf16.round(std::fma(x, y, z), RN),
                           kBf16.round(kBf16.decode(kBf16.round(y * z, RN)) + z, RN),
                           std::isnan(x) ? bb : std::isnan(y) ? ab : x > y ? ab : y > x ? bb : (ab & bb),
                           kBf16.round(std::sqrt(x), RN), kBf16.round(std::exp(x), RN),
                           kBf16.round(std::log(x), RN), kBf16.round(std::sin(x), RN),
                           kBf16.round(std::tanh(x), RN), kBf16.round((double)(i * 977 - 40000000), RN),
                           (unsigned short)(std::isnan(x) ? 0 : x >= 32767 ? 32767 : x <= -32768 ? -32768 : (short)std::trunc(x))};
    for (int o = 0; o < NOPS; ++o) {
      unsigned got = r[NOPS * i + o];
      int tol = (o >= EXP && o <= TANH) ? 1 : 0;
      bool ok;
      if (kBf16.isNaN(want[o]) && o != B2I)
        ok = kBf16.isNaN(got);
      else if (o == B2I)
        ok = got == want[o];
      else if (kBf16.isNaN(got))
        ok = false;
      else
        ok = ulpDist(got, want[o]) <= tol || ((got & 0x7FFFu) == 0 && (want[o] & 0x7FFFu) == 0);
      if (ok && o <= MAX && host[o] != got && !(kBf16.isNaN(got) && kBf16.isNaN(host[o])))
        ok = false; // arithmetic is bit-identical on host and device
      if (!ok) {
        std::printf("FAILED: bf16 op %d on %a %a %a: 0x%04x want 0x%04x (host 0x%04x)\n", o, x, y, z, got, want[o],
                    host[o]);
        return 1;
      }
    }
  }
  std::printf("bf16 ops PASSED\n");
  std::printf("bf16 math PASSED\n");

  const int w = 1024;
  bf162 *vin, *sums, *acc2;
  bf16 *acc;
  int *bad;
  CHECK_CUDA(cudaMallocManaged(&vin, w * sizeof(bf162)));
  CHECK_CUDA(cudaMallocManaged(&sums, w / 32 * sizeof(bf162)));
  CHECK_CUDA(cudaMallocManaged(&acc2, 4 * sizeof(bf162)));
  CHECK_CUDA(cudaMallocManaged(&acc, 4 * sizeof(bf16)));
  CHECK_CUDA(cudaMallocManaged(&bad, sizeof(int)));
  *bad = 0;
  for (int i = 0; i < 4; ++i) {
    acc2[i] = __floats2bfloat162_rn(0.0f, 0.0f);
    acc[i] = __float2bfloat16(0.0f);
  }
  for (int i = 0; i < w; ++i)
    vin[i] = __floats2bfloat162_rn(rng.uniform(-3, 3), rng.uniform(-3, 3));
  warpAndAtomics<<<w / 128, 128>>>(vin, sums, acc2, acc, bad);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(*bad == 0);
  for (int g = 0; g < w / 32; ++g) {
    std::vector<bf162> t(vin + 32 * g, vin + 32 * g + 32);
    for (int off = 16; off > 0; off /= 2) {
      std::vector<bf162> u(t);
      for (int l = 0; l < 32; ++l)
        u[l] = __hadd2(t[l], l + off < 32 ? t[l + off] : t[l]);
      t = u;
    }
    EXPECT(__bfloat16_as_ushort(sums[g].x) == __bfloat16_as_ushort(t[0].x));
    EXPECT(__bfloat16_as_ushort(sums[g].y) == __bfloat16_as_ushort(t[0].y));
  }
  for (int i = 0; i < 4; ++i) // 256 additions each: exact in bfloat16 (8-bit significand)
    EXPECT(__low2float(acc2[i]) == 256.0f && __high2float(acc2[i]) == -128.0f);
  EXPECT(__bfloat162float(acc[0]) == 32.0f && __bfloat162float(acc[1]) == 32.0f &&
         __bfloat162float(acc[2]) == 32.0f && __bfloat162float(acc[3]) == 0.0f);
  std::printf("bf16 warp PASSED\n");
  return 0;
}
