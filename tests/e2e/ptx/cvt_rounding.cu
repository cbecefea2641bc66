// cvt in inline PTX with edge values: float to integer in every integer
// rounding mode (NaN gives 0, +-inf and out-of-range values saturate, ties
// round to even, .ftz flushes subnormal inputs), integer to integer with
// .sat, f64 to f32 and s64/u64/s32 to f32 in all four rounding modes
// (ties, overflow, values below the smallest subnormal), .sat on floats,
// f32 to f16 and back, bf16. The CPU reference is written from the
// definitions (the adjacent representable value in the rounding direction;
// long double holds every 64-bit integer exactly).
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>

constexpr int kF = 16; // results per float input
constexpr int kD = 4;  // per double input
constexpr int kI = 12; // per integer input

__global__ void convert(const float *f, const double *d, const long long *n, unsigned *fo,
                        unsigned *dout, unsigned *io, int nf, int nd, int ni) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nf) {
    float x = f[i];
    unsigned *o = fo + kF * i;
    asm("cvt.rni.s32.f32 %0, %1;" : "=r"(o[0]) : "f"(x));
    asm("cvt.rzi.s32.f32 %0, %1;" : "=r"(o[1]) : "f"(x));
    asm("cvt.rmi.s32.f32 %0, %1;" : "=r"(o[2]) : "f"(x));
    asm("cvt.rpi.s32.f32 %0, %1;" : "=r"(o[3]) : "f"(x));
    asm("cvt.rzi.u32.f32 %0, %1;" : "=r"(o[4]) : "f"(x));
    long long w;
    asm("cvt.rni.s64.f32 %0, %1;" : "=l"(w) : "f"(x));
    o[5] = (unsigned)w;
    o[6] = (unsigned)(w >> 32);
    asm("cvt.rpi.ftz.s32.f32 %0, %1;" : "=r"(o[7]) : "f"(x));
    float s;
    asm("cvt.sat.f32.f32 %0, %1;" : "=f"(s) : "f"(x));
    memcpy(&o[8], &s, 4);
    asm("cvt.rni.f32.f32 %0, %1;" : "=f"(s) : "f"(x));
    memcpy(&o[9], &s, 4);
    unsigned short h;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x));
    o[10] = h;
    asm("cvt.f32.f16 %0, %1;" : "=f"(s) : "h"(h));
    memcpy(&o[11], &s, 4);
    asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(x));
    o[12] = h;
    double wide;
    asm("cvt.f64.f32 %0, %1;" : "=d"(wide) : "f"(x));
    o[13] = wide == (double)x || (x != x && wide != wide);
    asm("cvt.rzi.u16.f32 %0, %1;" : "=h"(h) : "f"(x));
    o[14] = h;
    asm("cvt.rmi.s8.f32 %0, %1;" : "=r"(o[15]) : "f"(x));
  }
  if (i < nd) {
    double x = d[i];
    unsigned *o = dout + kD * i;
    asm("cvt.rn.f32.f64 %0, %1;" : "=r"(o[0]) : "d"(x));
    asm("cvt.rz.f32.f64 %0, %1;" : "=r"(o[1]) : "d"(x));
    asm("cvt.rm.f32.f64 %0, %1;" : "=r"(o[2]) : "d"(x));
    asm("cvt.rp.f32.f64 %0, %1;" : "=r"(o[3]) : "d"(x));
  }
  if (i < ni) {
    long long x = n[i];
    unsigned *o = io + kI * i;
    asm("cvt.rn.f32.s64 %0, %1;" : "=r"(o[0]) : "l"(x));
    asm("cvt.rz.f32.s64 %0, %1;" : "=r"(o[1]) : "l"(x));
    asm("cvt.rm.f32.s64 %0, %1;" : "=r"(o[2]) : "l"(x));
    asm("cvt.rp.f32.s64 %0, %1;" : "=r"(o[3]) : "l"(x));
    asm("cvt.rz.f32.u64 %0, %1;" : "=r"(o[4]) : "l"(x));
    asm("cvt.rp.f32.u64 %0, %1;" : "=r"(o[5]) : "l"(x));
    asm("cvt.rm.f32.s32 %0, %1;" : "=r"(o[6]) : "r"((int)x));
    asm("cvt.rp.f32.u32 %0, %1;" : "=r"(o[7]) : "r"((unsigned)x));
    asm("cvt.sat.u8.s32 %0, %1;" : "=r"(o[8]) : "r"((int)x));
    asm("cvt.sat.s16.s64 %0, %1;" : "=r"(o[9]) : "l"(x));
    asm("cvt.sat.u32.s64 %0, %1;" : "=r"(o[10]) : "l"(x));
    asm("cvt.s32.s16 %0, %1;" : "=r"(o[11]) : "r"((int)x));
  }
}

// ---- reference ----
static unsigned bits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static long long toInt(float x, int mode, long long lo, long long hi) {
  if (x != x)
    return 0;
  double r = mode == 0 ? std::nearbyint((double)x) : mode == 1 ? std::trunc((double)x)
           : mode == 2 ? std::floor((double)x) : std::ceil((double)x);
  if (r <= (double)lo) return lo;
  if (r >= (double)hi) return hi;
  return (long long)r;
}
// Directed rounding of an exact value v (long double holds it) to float.
static float directed(long double v, int mode) { // 0 rn, 1 rz, 2 rm, 3 rp
  float r = (float)v; // round to nearest (the host's default mode)
  if (v != v || mode == 0 || (long double)r == v)
    return r;
  bool above = v > (long double)r; // the exact value lies above r
  if (mode == 1)
    return (r > 0 && !above) ? std::nextafterf(r, 0.0f) : (r < 0 && above) ? std::nextafterf(r, 0.0f) : r;
  if (mode == 2)
    return above ? r : std::nextafterf(r, -INFINITY);
  return above ? std::nextafterf(r, INFINITY) : r;
}
static unsigned bf16(float x) {
  unsigned u = bits(x);
  if (x != x)
    return 0x7fff; // the canonical NaN, as an H200 gives
  return (u + 0x7fff + ((u >> 16) & 1)) >> 16;
}

int main() {
  const float fs[] = {0.0f, -0.0f, 0.5f, 1.5f, 2.5f, -2.5f, -0.5f, 0.49999997f, 3.7f, -3.7f,
                      1e10f, -1e10f, 2147483520.0f, 2147483648.0f, -2147483648.0f,
                      4294967040.0f, 4294967296.0f, 9.3e18f, -9.3e18f, INFINITY, -INFINITY,
                      NAN, 1e-45f, -1e-45f, 1.17e-38f, 65504.0f, 65520.0f, 65519.0f,
                      5.96e-8f, 2.98e-8f, 0.999f, 1.0000001f, 300.5f, -128.5f, 70000.0f,
                      1.00390625f, 1.01171875f};
  const double ds[] = {0.1, -0.1, 1.0 / 3.0, 1e300, -1e300, 1e-50, -1e-50, 3.4028235677973366e38,
                       3.4028234663852886e38, 1.401298464324817e-45, 7.006e-46, NAN, INFINITY,
                       -INFINITY, 16777217.0, -16777219.0, 0.0, -0.0};
  const long long ns[] = {0, 1, -1, 16777217, 16777219, -16777217, -16777219, 2147483647,
                          -2147483647 - 1, LLONG_MAX, LLONG_MIN, (1ll << 60) + 1, -(1ll << 60) - 1,
                          -1ll, 255, 256, -200, 70000, -40000, 4294967296ll, 0x7ffffff7ffffffffll};
  int nf = sizeof(fs) / sizeof(fs[0]), nd = sizeof(ds) / sizeof(ds[0]), ni = sizeof(ns) / sizeof(ns[0]);
  float *f; double *d; long long *n; unsigned *fo, *dout, *io;
  CHECK_CUDA(cudaMallocManaged(&f, sizeof(fs)));
  CHECK_CUDA(cudaMallocManaged(&d, sizeof(ds)));
  CHECK_CUDA(cudaMallocManaged(&n, sizeof(ns)));
  CHECK_CUDA(cudaMallocManaged(&fo, kF * nf * 4));
  CHECK_CUDA(cudaMallocManaged(&dout, kD * nd * 4));
  CHECK_CUDA(cudaMallocManaged(&io, kI * ni * 4));
  memcpy(f, fs, sizeof(fs)); memcpy(d, ds, sizeof(ds)); memcpy(n, ns, sizeof(ns));
  convert<<<1, 64>>>(f, d, n, fo, dout, io, nf, nd, ni);
  CHECK_CUDA(cudaDeviceSynchronize());
  int bad = 0;
  auto check = [&](bool ok, const char *what, int i) {
    if (!ok && bad++ < 10) std::printf("FAILED: %s, input #%d\n", what, i);
  };
  for (int i = 0; i < nf; ++i) {
    float x = fs[i];
    const unsigned *o = fo + kF * i;
    for (int m = 0; m < 4; ++m)
      check((int)o[m] == toInt(x, m, INT_MIN, INT_MAX), "cvt.r?i.s32.f32", i);
    check(o[4] == (unsigned)toInt(x, 1, 0, UINT_MAX), "cvt.rzi.u32.f32", i);
    long long w = (long long)((unsigned long long)o[6] << 32 | o[5]);
    // NaN gives 0x8000000000000000 for 64-bit results (an H200 does; 0 for
    // 32-bit ones).
    long long want = x != x ? LLONG_MIN : toInt(x, 0, LLONG_MIN, LLONG_MAX);
    check(w == want || (x >= 9.2e18f && w == LLONG_MAX), "cvt.rni.s64.f32", i);
    float flushed = std::fabs(x) < FLT_MIN ? 0.0f : x;
    check((int)o[7] == toInt(flushed, 3, INT_MIN, INT_MAX), "cvt.rpi.ftz.s32.f32", i);
    float sat = x > 0 ? (x < 1 ? x : 1.0f) : 0.0f; // NaN and -0.0 give +0.0
    check(o[8] == bits(sat), "cvt.sat.f32.f32", i);
    check(x != x ? (o[9] & 0x7fffffff) > 0x7f800000 : o[9] == bits(std::nearbyint(x)), "cvt.rni.f32.f32", i);
    _Float16 h = (_Float16)x;
    unsigned short hb; memcpy(&hb, &h, 2);
    check(x != x ? (o[10] & 0x7fff) > 0x7c00 : o[10] == hb, "cvt.rn.f16.f32", i);
    float back = (float)h;
    check(x != x ? (o[11] & 0x7fffffff) > 0x7f800000 : o[11] == bits(back), "cvt.f32.f16", i);
    check(o[12] == bf16(x), "cvt.rn.bf16.f32", i);
    check(o[13] == 1, "cvt.f64.f32", i);
    check(o[14] == (unsigned)toInt(x, 1, 0, 65535), "cvt.rzi.u16.f32", i);
    check((int)o[15] == toInt(x, 2, -128, 127), "cvt.rmi.s8.f32", i);
  }
  for (int i = 0; i < nd; ++i)
    for (int m = 0; m < 4; ++m) {
      unsigned want = bits(directed((long double)ds[i], m));
      unsigned got = dout[kD * i + m];
      check(ds[i] != ds[i] ? (got & 0x7fffffff) > 0x7f800000 : got == want, "cvt.r?.f32.f64", i);
    }
  for (int i = 0; i < ni; ++i) {
    long long x = ns[i];
    const unsigned *o = io + kI * i;
    for (int m = 0; m < 4; ++m)
      check(o[m] == bits(directed((long double)x, m)), "cvt.r?.f32.s64", i);
    check(o[4] == bits(directed((long double)(unsigned long long)x, 1)), "cvt.rz.f32.u64", i);
    check(o[5] == bits(directed((long double)(unsigned long long)x, 3)), "cvt.rp.f32.u64", i);
    check(o[6] == bits(directed((long double)(int)x, 2)), "cvt.rm.f32.s32", i);
    check(o[7] == bits(directed((long double)(unsigned)x, 3)), "cvt.rp.f32.u32", i);
    int xi = (int)x;
    check(o[8] == (unsigned)(xi < 0 ? 0 : xi > 255 ? 255 : xi), "cvt.sat.u8.s32", i);
    check((int)o[9] == (x < -32768 ? -32768 : x > 32767 ? 32767 : x), "cvt.sat.s16.s64", i);
    check(o[10] == (unsigned)(x < 0 ? 0 : x > 0xffffffffll ? 0xffffffffll : x), "cvt.sat.u32.s64", i);
    check((int)o[11] == (int)(short)x, "cvt.s32.s16", i);
  }
  if (bad)
    return 1;
  std::printf("PASSED\n");
  return 0;
}
