// __half and __half2 arithmetic in kernels: intrinsics (__hadd ... __hfma,
// _sat, _relu, max/min), the C++ operators, the paired __h*2 forms; an axpy in
// __half2 and a dot product that accumulates in float; comparisons, __hisnan
// and __hisinf on special values.
// Tolerances: +, -, *, /, fma must be correctly rounded (bit-exact against
// the double result rounded by Inputs/ref16.h; for +, -, * the double result
// is exact, division rounds twice harmlessly since 53 >= 2*11+2, fma rounds
// the exact product plus c once in double), device and host bit-identical.
// The axpy must match the host's half computation bit for bit and the float
// result to 1 ulp of half; the float-accumulated dot product to 1e-5 relative.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: ops PASSED
// CHECK: axpy PASSED
// CHECK: dot PASSED
// CHECK: compare PASSED
#include "../Inputs/check.h"
#include "Inputs/ref16.h"
#include <cuda_fp16.h>
#include <vector>

enum { ADD, SUB, MUL, DIV, FMA, OPADD, OPSUB, OPMUL, OPDIV, NEG, ABS, MAX, MIN, MAXNAN, MINNAN,
       ADDSAT, FMASAT, FMARELU, COMPOUND, NOPS };

__host__ __device__ void allOps(__half a, __half b, __half c, unsigned short *r) {
  r[ADD] = __half_as_ushort(__hadd(a, b));
  r[SUB] = __half_as_ushort(__hsub(a, b));
  r[MUL] = __half_as_ushort(__hmul(a, b));
  r[DIV] = __half_as_ushort(__hdiv(a, b));
  r[FMA] = __half_as_ushort(__hfma(a, b, c));
  r[OPADD] = __half_as_ushort(a + b);
  r[OPSUB] = __half_as_ushort(a - b);
  r[OPMUL] = __half_as_ushort(a * b);
  r[OPDIV] = __half_as_ushort(a / b);
  r[NEG] = __half_as_ushort(-a);
  r[ABS] = __half_as_ushort(__habs(a));
  r[MAX] = __half_as_ushort(__hmax(a, b));
  r[MIN] = __half_as_ushort(__hmin(a, b));
  r[MAXNAN] = __half_as_ushort(__hmax_nan(a, b));
  r[MINNAN] = __half_as_ushort(__hmin_nan(a, b));
  r[ADDSAT] = __half_as_ushort(__hadd_sat(a, b));
  r[FMASAT] = __half_as_ushort(__hfma_sat(a, b, c));
  r[FMARELU] = __half_as_ushort(__hfma_relu(a, b, c));
  __half t = a;
  t += b;
  t *= c;
  t -= a;
  t /= b;
  r[COMPOUND] = __half_as_ushort(t);
}

__global__ void opsKernel(const __half *a, const __half *b, const __half *c, unsigned short *out,
                          unsigned short *out2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  allOps(a[i], b[i], c[i], out + NOPS * i);
  // the paired forms on (a, c) x (b, a) must give the scalar results per element
  __half2 x = __halves2half2(a[i], c[i]), y = __halves2half2(b[i], a[i]), z = make_half2(c[i], b[i]);
  __half2 r[8] = {__hadd2(x, y), __hsub2(x, y), __hmul2(x, y), __h2div(x, y), __hfma2(x, y, z),
                  x * y + z, __hmax2(x, y), __hneg2(x)};
  for (int k = 0; k < 8; ++k) {
    out2[16 * i + 2 * k] = __half_as_ushort(__low2half(r[k]));
    out2[16 * i + 2 * k + 1] = __half_as_ushort(__high2half(r[k]));
  }
}

__global__ void axpy2(__half2 alpha, const __half2 *x, __half2 *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = __hfma2(alpha, x[i], y[i]);
}

__global__ void dotKernel(const __half2 *x, const __half2 *y, int n, float *partial) {
  __shared__ float s[256];
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float2 a = __half22float2(x[i]), b = __half22float2(y[i]);
    acc += a.x * b.x + a.y * b.y;
  }
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w)
      s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = s[0];
}

enum { EQ, NE, LT, LE, GT, GE, EQU, NEU, LTU, LEU, GTU, GEU, OPEQ, OPNE, OPLT, OPLE, OPGT, OPGE,
       ISNAN, ISINF, EQ2, BEQ2, LT2MASK, BLTU2, ISNAN2, NCMP };

__global__ void compareKernel(const __half *v, int n, int *out) {
  int i = blockIdx.x, j = threadIdx.x;
  if (i >= n || j >= n)
    return;
  __half a = v[i], b = v[j];
  int *r = out + NCMP * (i * n + j);
  r[EQ] = __heq(a, b); r[NE] = __hne(a, b); r[LT] = __hlt(a, b); r[LE] = __hle(a, b);
  r[GT] = __hgt(a, b); r[GE] = __hge(a, b); r[EQU] = __hequ(a, b); r[NEU] = __hneu(a, b);
  r[LTU] = __hltu(a, b); r[LEU] = __hleu(a, b); r[GTU] = __hgtu(a, b); r[GEU] = __hgeu(a, b);
  r[OPEQ] = a == b; r[OPNE] = a != b; r[OPLT] = a < b; r[OPLE] = a <= b; r[OPGT] = a > b; r[OPGE] = a >= b;
  r[ISNAN] = __hisnan(a);
  r[ISINF] = __hisinf(a);
  __half2 p = __halves2half2(a, b), q = __halves2half2(b, b);
  r[EQ2] = __half_as_ushort(__low2half(__heq2(p, q))) | (__half_as_ushort(__high2half(__heq2(p, q))) << 16);
  r[BEQ2] = __hbeq2(p, q);
  r[LT2MASK] = (int)__hlt2_mask(p, q);
  r[BLTU2] = __hbltu2(p, q);
  r[ISNAN2] = __half_as_ushort(__low2half(__hisnan2(p)));
}

static unsigned refFma(double a, double b, double c) { return kHalf.round(std::fma(a, b, c), RN); }

int main() {
  // ---- elementwise operations on random operands ----
  const int n = 1 << 16;
  __half *a, *b, *c;
  unsigned short *out, *out2;
  CHECK_CUDA(cudaMallocManaged(&a, n * sizeof(__half)));
  CHECK_CUDA(cudaMallocManaged(&b, n * sizeof(__half)));
  CHECK_CUDA(cudaMallocManaged(&c, n * sizeof(__half)));
  CHECK_CUDA(cudaMallocManaged(&out, NOPS * n * sizeof(unsigned short)));
  CHECK_CUDA(cudaMallocManaged(&out2, 16 * n * sizeof(unsigned short)));
  Lcg rng(7);
  for (int i = 0; i < n; ++i) {
    // half the operands are arbitrary patterns (NaN, inf, subnormals
    // included), half are moderate numbers whose results stay finite
    if (i & 1) {
      a[i] = __ushort_as_half((unsigned short)rng.next());
      b[i] = __ushort_as_half((unsigned short)rng.next());
      c[i] = __ushort_as_half((unsigned short)rng.next());
    } else {
      a[i] = __float2half(rng.uniform(-8.0f, 8.0f));
      b[i] = __float2half(rng.uniform(-8.0f, 8.0f));
      c[i] = __float2half(rng.uniform(-64.0f, 64.0f));
    }
  }
  a[0] = __float2half(0.0f); b[0] = __float2half(-0.0f);
  a[2] = __float2half(65504.0f); b[2] = __float2half(65504.0f);
  opsKernel<<<n / 256, 256>>>(a, b, c, out, out2, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    unsigned short host[NOPS];
    allOps(a[i], b[i], c[i], host);
    unsigned ab = __half_as_ushort(a[i]), bb = __half_as_ushort(b[i]), cb = __half_as_ushort(c[i]);
    double x = kHalf.decode(ab), y = kHalf.decode(bb), z = kHalf.decode(cb);
    bool xn = std::isnan(x), yn = std::isnan(y);
    auto sat = [](unsigned h) -> unsigned {
      double v = kHalf.decode(h);
      return std::isnan(v) || std::signbit(v) ? 0u : v > 1.0 ? 0x3C00u : h;
    };
    unsigned maxRef = xn && yn ? 0x7FFFu : xn ? bb : yn ? ab : x > y ? ab : y > x ? bb : (ab & bb);
    unsigned minRef = xn && yn ? 0x7FFFu : xn ? bb : yn ? ab : x < y ? ab : y < x ? bb : (ab | bb);
    unsigned fmaRef = refFma(x, y, z);
    unsigned want[NOPS];
    want[ADD] = want[OPADD] = kHalf.round(x + y, RN);
    want[SUB] = want[OPSUB] = kHalf.round(x - y, RN);
    want[MUL] = want[OPMUL] = kHalf.round(x * y, RN);
    want[DIV] = want[OPDIV] = kHalf.round(x / y, RN);
    want[FMA] = fmaRef;
    want[NEG] = ab ^ 0x8000u;
    want[ABS] = ab & 0x7FFFu;
    want[MAX] = maxRef;
    want[MIN] = minRef;
    want[MAXNAN] = xn || yn ? 0x7FFFu : maxRef;
    want[MINNAN] = xn || yn ? 0x7FFFu : minRef;
    want[ADDSAT] = sat(want[ADD]);
    want[FMASAT] = sat(fmaRef);
    want[FMARELU] = kHalf.isNaN(fmaRef) ? 0x7FFFu : (fmaRef & 0x8000u) ? 0u : fmaRef;
    {
      unsigned t = kHalf.round(x + y, RN);
      t = kHalf.round(kHalf.decode(t) * z, RN);
      t = kHalf.round(kHalf.decode(t) - x, RN);
      want[COMPOUND] = kHalf.round(kHalf.decode(t) / y, RN);
    }
    for (int k = 0; k < NOPS; ++k) {
      unsigned got = out[NOPS * i + k];
      bool ok = kHalf.isNaN(want[k]) ? kHalf.isNaN(got) && kHalf.isNaN(host[k]) : got == want[k] && host[k] == want[k];
      if (k == NEG || k == ABS) // sign-bit operations keep NaN payloads
        ok = got == want[k] && host[k] == want[k];
      if (!ok) {
        std::printf("FAILED: op %d on 0x%04x 0x%04x 0x%04x: device 0x%04x host 0x%04x want 0x%04x\n", k, ab, bb,
                    cb, got, host[k], want[k]);
        return 1;
      }
    }
    // paired forms: lanes (a,b,c) and (c,a,b)
    const unsigned short *p = out2 + 16 * i;
    unsigned lane1[8] = {kHalf.round(z + x, RN), kHalf.round(z - x, RN), kHalf.round(z * x, RN),
                         kHalf.round(z / x, RN), refFma(z, x, y), kHalf.round(kHalf.decode(kHalf.round(z * x, RN)) + y, RN),
                         __half_as_ushort(__hmax(c[i], a[i])), cb ^ 0x8000u};
    unsigned lane0[8] = {want[ADD], want[SUB], want[MUL], want[DIV], fmaRef, kHalf.round(kHalf.decode(want[MUL]) + z, RN),
                         maxRef, want[NEG]};
    for (int k = 0; k < 8; ++k) {
      bool ok0 = kHalf.isNaN(lane0[k]) ? kHalf.isNaN(p[2 * k]) : p[2 * k] == lane0[k];
      bool ok1 = kHalf.isNaN(lane1[k]) ? kHalf.isNaN(p[2 * k + 1]) : p[2 * k + 1] == lane1[k];
      if (!ok0 || !ok1) {
        std::printf("FAILED: paired op %d on 0x%04x 0x%04x 0x%04x: 0x%04x 0x%04x want 0x%04x 0x%04x\n", k, ab, bb, cb,
                    p[2 * k], p[2 * k + 1], lane0[k], lane1[k]);
        return 1;
      }
    }
  }
  std::printf("ops PASSED\n");

  // ---- axpy in __half2 ----
  const int m = 100003;
  __half2 *x, *y;
  CHECK_CUDA(cudaMallocManaged(&x, m * sizeof(__half2)));
  CHECK_CUDA(cudaMallocManaged(&y, m * sizeof(__half2)));
  std::vector<__half2> y0(m);
  for (int i = 0; i < m; ++i) {
    x[i] = __floats2half2_rn(rng.uniform(-4, 4), rng.uniform(-4, 4));
    y[i] = y0[i] = __floats2half2_rn(rng.uniform(-100, 100), rng.uniform(-100, 100));
  }
  const __half2 alpha = __floats2half2_rn(1.5f, -0.375f);
  axpy2<<<64, 256>>>(alpha, x, y, m);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < m; ++i) {
    __half2 host = __hfma2(alpha, x[i], y0[i]);
    EXPECT(host == y[i]); // bit-identical to the host computation (no NaNs here)
    float2 fx = __half22float2(x[i]), fy = __half22float2(y0[i]), fa = __half22float2(alpha);
    unsigned r0 = kHalf.round((double)fa.x * fx.x + fy.x, RN), r1 = kHalf.round((double)fa.y * fx.y + fy.y, RN);
    EXPECT(ulpDist(r0, __half_as_ushort(y[i].x)) <= 1 && ulpDist(r1, __half_as_ushort(y[i].y)) <= 1);
  }
  std::printf("axpy PASSED\n");

  // ---- dot product accumulating in float ----
  float *partial;
  const int blocks = 32;
  CHECK_CUDA(cudaMallocManaged(&partial, blocks * sizeof(float)));
  dotKernel<<<blocks, 256>>>(x, y, m, partial);
  CHECK_CUDA(cudaDeviceSynchronize());
  double got = 0, ref = 0, mag = 0;
  for (int k = 0; k < blocks; ++k)
    got += partial[k];
  for (int i = 0; i < m; ++i) {
    double p0 = (double)__low2float(x[i]) * __low2float(y[i]), p1 = (double)__high2float(x[i]) * __high2float(y[i]);
    ref += p0 + p1;
    mag += std::fabs(p0) + std::fabs(p1);
  }
  if (std::fabs(got - ref) > 1e-5 * mag) {
    std::printf("FAILED: dot %f want %f\n", got, ref);
    return 1;
  }
  std::printf("dot PASSED\n");

  // ---- comparisons ----
  const float specials[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -2.0f, 65504.0f, -65504.0f, INFINITY, -INFINITY,
                            NAN, 5.9604645e-8f, -5.9604645e-8f, 1.0009765625f};
  const int ns = sizeof(specials) / sizeof(specials[0]);
  __half *v;
  int *cmp;
  CHECK_CUDA(cudaMallocManaged(&v, ns * sizeof(__half)));
  CHECK_CUDA(cudaMallocManaged(&cmp, NCMP * ns * ns * sizeof(int)));
  for (int i = 0; i < ns; ++i)
    v[i] = __float2half(specials[i]);
  compareKernel<<<ns, 32>>>(v, ns, cmp);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < ns; ++i)
    for (int j = 0; j < ns; ++j) {
      float p = specials[i], q = specials[j];
      bool un = std::isnan(p) || std::isnan(q);
      int want[NCMP] = {p == q, !un && p != q, p < q, p <= q, p > q, p >= q, un || p == q, p != q, un || p < q,
                        un || p <= q, un || p > q, un || p >= q, p == q, p != q, p < q, p <= q, p > q, p >= q,
                        std::isnan(p), std::isinf(p) ? (p > 0 ? 1 : -1) : 0,
                        (p == q ? 0x3C00 : 0) | (q == q ? 0x3C000000 : 0), p == q && q == q,
                        (p < q ? 0xFFFF : 0) | 0, (un || p < q) && std::isnan(q), std::isnan(p) ? 0x3C00 : 0};
      for (int k = 0; k < NCMP; ++k)
        if (cmp[NCMP * (i * ns + j) + k] != want[k]) {
          std::printf("FAILED: compare %d of %g and %g: %d want %d\n", k, p, q, cmp[NCMP * (i * ns + j) + k], want[k]);
          return 1;
        }
    }
  std::printf("compare PASSED\n");
  return 0;
}
