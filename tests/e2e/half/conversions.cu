// cuda_fp16.h conversions on the device and the host, checked bit-exactly
// against an independent reference (Inputs/ref16.h: a sorted table of all
// binary16 values, no bit tricks): every one of the 65536 half patterns
// round-trips half -> float -> half (NaNs stay NaN), float -> half in all four
// rounding modes on edge cases (exact ties between neighbours, one float ulp
// either side, overflow, subnormals, underflow to zero), double -> half (no
// double rounding), half <-> integer conversions with saturation and NaN.
// Tolerance: none, every result must be the correctly rounded one.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: roundtrip PASSED
// CHECK: float2half PASSED
// CHECK: double2half PASSED
// CHECK: integers PASSED
#include "../Inputs/check.h"
#include "Inputs/ref16.h"
#include <cfloat>
#include <climits>
#include <cstring>
#include <cuda_fp16.h>
#include <vector>

__global__ void roundTrip(unsigned short *out, float *asFloat) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half h = __ushort_as_half((unsigned short)i);
  float f = __half2float(h);
  asFloat[i] = f;
  out[i] = __half_as_ushort(__float2half(f));
}

__global__ void fromFloat(const float *in, unsigned short *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float f = in[i];
  out[4 * i + 0] = __half_as_ushort(__float2half_rn(f));
  out[4 * i + 1] = __half_as_ushort(__float2half_rz(f));
  out[4 * i + 2] = __half_as_ushort(__float2half_ru(f));
  out[4 * i + 3] = __half_as_ushort(__float2half_rd(f));
  // the implicit conversion and __float2half are round-to-nearest too
  __half viaCtor = f;
  if (__half_as_ushort(viaCtor) != __half_as_ushort(__float2half(f)))
    out[4 * i] = 0xDEAD;
}

__global__ void fromDouble(const double *in, unsigned short *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __half_as_ushort(__double2half(in[i]));
}

struct IntResults {
  int rn, rz, ru, rd;
  short s_rn;
  unsigned short us_rz;
  unsigned u_rd;
  long long ll_rn;
  unsigned long long ull_ru;
  int viaOperator;
};

__global__ void toInt(IntResults *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half h = __ushort_as_half((unsigned short)i);
  IntResults r;
  r.rn = __half2int_rn(h);
  r.rz = __half2int_rz(h);
  r.ru = __half2int_ru(h);
  r.rd = __half2int_rd(h);
  r.s_rn = __half2short_rn(h);
  r.us_rz = __half2ushort_rz(h);
  r.u_rd = __half2uint_rd(h);
  r.ll_rn = __half2ll_rn(h);
  r.ull_ru = __half2ull_ru(h);
  r.viaOperator = (int)h;
  out[i] = r;
}

__global__ void fromInt(const long long *in, unsigned short *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  long long v = in[i];
  if (v >= INT_MIN && v <= INT_MAX) {
    out[4 * i + 0] = __half_as_ushort(__int2half_rn((int)v));
    out[4 * i + 1] = __half_as_ushort(__int2half_rz((int)v));
    out[4 * i + 2] = __half_as_ushort(__int2half_ru((int)v));
    out[4 * i + 3] = __half_as_ushort(__int2half_rd((int)v));
  } else {
    out[4 * i + 0] = __half_as_ushort(__ll2half_rn(v));
    out[4 * i + 1] = __half_as_ushort(__ll2half_rz(v));
    out[4 * i + 2] = __half_as_ushort(__ll2half_ru(v));
    out[4 * i + 3] = __half_as_ushort(__ll2half_rd(v));
  }
}

static long long refToInt(double v, RefMode m, long long lo, long long hi, long long nanv) {
  if (std::isnan(v))
    return nanv;
  double r = m == RN ? std::nearbyint(v) : m == RZ ? std::trunc(v) : m == RU ? std::ceil(v) : std::floor(v);
  if (r <= (double)lo)
    return lo;
  if (r >= (double)hi)
    return hi;
  return (long long)r;
}

int main() {
  const int N = 65536;
  // ---- round trip of every pattern ----
  unsigned short *rt;
  float *asF;
  CHECK_CUDA(cudaMallocManaged(&rt, N * sizeof(unsigned short)));
  CHECK_CUDA(cudaMallocManaged(&asF, N * sizeof(float)));
  roundTrip<<<N / 256, 256>>>(rt, asF);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < N; ++i) {
    double ref = kHalf.decode(i);
    if (kHalf.isNaN(i)) {
      EXPECT(std::isnan(asF[i]) && kHalf.isNaN(rt[i]));
      continue;
    }
    if (!(asF[i] == ref && std::signbit(asF[i]) == std::signbit(ref) && rt[i] == i)) {
      std::printf("FAILED: pattern 0x%04x -> %g (want %g) -> 0x%04x\n", i, asF[i], ref, rt[i]);
      return 1;
    }
    // the host side gives the same bits
    EXPECT(__half2float(__ushort_as_half((unsigned short)i)) == asF[i]);
  }
  std::printf("roundtrip PASSED\n");

  // ---- float -> half, four modes ----
  std::vector<float> in = {0.0f, -0.0f, 1.0f, -1.0f, 65504.0f, 65519.996f, 65520.0f, -65520.0f,
                           65536.0f, 1e10f, -1e10f, FLT_MAX, -FLT_MAX, INFINITY, -INFINITY, NAN,
                           -NAN, 5.9604645e-8f /*2^-24*/, 2.9802322e-8f /*2^-25, tie to 0*/,
                           2.9802326e-8f, 1e-30f, -1e-30f, FLT_MIN, 1e-45f /*float subnormal*/,
                           -1e-45f, 6.1035156e-5f /*2^-14*/, 6.1004674e-5f, 0.1f, 1.0f / 3.0f,
                           2049.0f, 2051.0f, -2049.0f, 3.14159265f};
  for (unsigned b = 0; b < 0x7C00u; ++b) { // every tie and its float neighbours
    float lo = (float)kHalf.decode(b), hi = (float)kHalf.decode(b + 1 == 0x7C00u ? 0x7BFFu : b + 1);
    if (b + 1 == 0x7C00u)
      hi = 65536.0f;
    float mid = 0.5f * (lo + hi);
    for (float v : {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, INFINITY), lo})
      for (float s : {1.0f, -1.0f})
        in.push_back(s * v);
  }
  Lcg rng(42);
  for (int k = 0; k < 100000; ++k) { // random bit patterns of all magnitudes
    unsigned u = rng.next();
    float f;
    std::memcpy(&f, &u, 4);
    in.push_back(f);
  }
  int n = (int)in.size();
  float *dIn;
  unsigned short *dOut;
  CHECK_CUDA(cudaMallocManaged(&dIn, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&dOut, 4 * n * sizeof(unsigned short)));
  std::copy(in.begin(), in.end(), dIn);
  fromFloat<<<(n + 255) / 256, 256>>>(dIn, dOut, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  const RefMode modes[4] = {RN, RZ, RU, RD};
  for (int i = 0; i < n; ++i) {
    unsigned short host[4] = {__half_as_ushort(__float2half_rn(in[i])), __half_as_ushort(__float2half_rz(in[i])),
                              __half_as_ushort(__float2half_ru(in[i])), __half_as_ushort(__float2half_rd(in[i]))};
    for (int m = 0; m < 4; ++m) {
      unsigned want = kHalf.round(in[i], modes[m]);
      bool ok = kHalf.isNaN(want) ? (kHalf.isNaN(dOut[4 * i + m]) && kHalf.isNaN(host[m]))
                                  : (dOut[4 * i + m] == want && host[m] == want);
      if (!ok) {
        std::printf("FAILED: float %a mode %d: device 0x%04x host 0x%04x want 0x%04x\n", in[i], m,
                    dOut[4 * i + m], host[m], want);
        return 1;
      }
    }
  }
  std::printf("float2half PASSED\n");

  // ---- double -> half: values a float cannot hold, just off a tie ----
  std::vector<double> din = {0.0, -0.0, 65519.99999999, 65520.0, 1e300, -1e300, 1e-300, NAN,
                             2.9802322387695312e-8 * (1 + 1e-15)};
  for (unsigned b = 0; b < 0x7BFFu; b += 7) {
    double mid = 0.5 * (kHalf.decode(b) + kHalf.decode(b + 1));
    din.push_back(mid * (1 + 1e-12));
    din.push_back(-mid * (1 - 1e-12));
    din.push_back(mid);
  }
  int nd = (int)din.size();
  double *dD;
  CHECK_CUDA(cudaMallocManaged(&dD, nd * sizeof(double)));
  std::copy(din.begin(), din.end(), dD);
  fromDouble<<<(nd + 255) / 256, 256>>>(dD, dOut, nd);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < nd; ++i) {
    unsigned want = kHalf.round(din[i], RN);
    unsigned host = __half_as_ushort(__double2half(din[i]));
    bool ok = kHalf.isNaN(want) ? kHalf.isNaN(dOut[i]) && kHalf.isNaN(host) : dOut[i] == want && host == want;
    if (!ok) {
      std::printf("FAILED: double %a: device 0x%04x host 0x%04x want 0x%04x\n", din[i], dOut[i], host, want);
      return 1;
    }
  }
  std::printf("double2half PASSED\n");

  // ---- half <-> integers ----
  IntResults *ir;
  CHECK_CUDA(cudaMallocManaged(&ir, N * sizeof(IntResults)));
  toInt<<<N / 256, 256>>>(ir);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < N; ++i) {
    double v = kHalf.decode(i);
    const IntResults &r = ir[i];
    EXPECT(r.rn == refToInt(v, RN, INT_MIN, INT_MAX, 0));
    EXPECT(r.rz == refToInt(v, RZ, INT_MIN, INT_MAX, 0));
    EXPECT(r.ru == refToInt(v, RU, INT_MIN, INT_MAX, 0));
    EXPECT(r.rd == refToInt(v, RD, INT_MIN, INT_MAX, 0));
    EXPECT(r.s_rn == refToInt(v, RN, SHRT_MIN, SHRT_MAX, 0));
    EXPECT(r.us_rz == refToInt(v, RZ, 0, USHRT_MAX, 0));
    EXPECT(r.u_rd == (unsigned)refToInt(v, RD, 0, UINT_MAX, 0));
    EXPECT(r.ll_rn == refToInt(v, RN, LLONG_MIN, LLONG_MAX, LLONG_MIN));
    unsigned long long ullWant = std::isnan(v) ? 0x8000000000000000ull
                                 : v > 1e30 ? ULLONG_MAX
                                 : (unsigned long long)refToInt(v, RU, 0, LLONG_MAX, 0);
    EXPECT(r.ull_ru == ullWant);
    EXPECT(r.viaOperator == r.rz);
    EXPECT(__half2int_rn(__ushort_as_half((unsigned short)i)) == r.rn); // host side
  }
  std::vector<long long> iv;
  for (long long v = -70000; v <= 70000; v += 3)
    iv.push_back(v);
  for (long long v : {(long long)INT_MAX, (long long)INT_MIN, 65504LL, 65505LL, 65519LL, 65520LL, 2049LL, 2051LL,
                      -2049LL, LLONG_MAX, LLONG_MIN, 1LL << 40})
    iv.push_back(v);
  int ni = (int)iv.size();
  long long *dI;
  CHECK_CUDA(cudaMallocManaged(&dI, ni * sizeof(long long)));
  CHECK_CUDA(cudaFree(dOut));
  CHECK_CUDA(cudaMallocManaged(&dOut, 4 * ni * sizeof(unsigned short)));
  std::copy(iv.begin(), iv.end(), dI);
  fromInt<<<(ni + 255) / 256, 256>>>(dI, dOut, ni);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < ni; ++i)
    for (int m = 0; m < 4; ++m) {
      unsigned want = kHalf.round((double)iv[i], modes[m]); // |v| <= 2^63: exact in double's range for the table
      if (dOut[4 * i + m] != want) {
        std::printf("FAILED: integer %lld mode %d: 0x%04x want 0x%04x\n", iv[i], m, dOut[4 * i + m], want);
        return 1;
      }
    }
  std::printf("integers PASSED\n");
  return 0;
}
