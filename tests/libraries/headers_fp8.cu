// cuda_fp8.h (and cuda_fp6.h, cuda_fp4.h) against references written here
// from the format definitions: every code of every format is decoded and
// compared with an independent decoder, then re-encoded (round trip);
// boundary values (each representable value, each halfway point and the
// doubles and floats just beside it, the largest value and beyond, subnormal
// boundaries, NaN, infinities, -0, tiny and huge values) and every half and
// bfloat16 value are encoded from double, float, half and bfloat16 with and
// without saturation and compared with a reference encoder that picks the
// nearest representable value by exhaustive search over the codes (ties to
// the even code). The same conversions run in a kernel and on the host.
// RUN: %loomcc %s -o %t && %t | FileCheck %s
// CHECK: fp8 decode ok
// CHECK: fp8 encode ok
// CHECK: fp6 fp4 ok
// CHECK: PASSED
#include <cuda_fp8.h>
#include <cuda_fp6.h>
#include <cuda_fp4.h>
#include <cuda_runtime.h>
#include <math.h>
#include <float.h>
#include <stdio.h>
#include <string.h>
#include <vector>

static int failures = 0;
#define CHECK(cond, ...)                                                     \
  do {                                                                       \
    if (!(cond)) {                                                           \
      if (++failures <= 30) {                                                \
        printf("FAIL %s:%d: ", __FILE__, __LINE__);                          \
        printf(__VA_ARGS__);                                                 \
        printf("\n");                                                        \
      }                                                                      \
    }                                                                        \
  } while (0)

// ---- Reference formats, from their definitions. ----
struct Fmt {
  const char *name;
  int bits, ebits, mbits, bias;
  int special; // 0: no inf/NaN; 1: E4M3 (NaN = S.1111.111 only); 2: IEEE-like
};
static const Fmt E4M3 = {"e4m3", 8, 4, 3, 7, 1};
static const Fmt E5M2 = {"e5m2", 8, 5, 2, 15, 2};
static const Fmt E2M3 = {"e2m3", 6, 2, 3, 1, 0};
static const Fmt E3M2 = {"e3m2", 6, 3, 2, 3, 0};
static const Fmt E2M1 = {"e2m1", 4, 2, 1, 1, 0};

static double ref_decode(const Fmt &f, unsigned code) {
  unsigned s = (code >> (f.bits - 1)) & 1u;
  unsigned E = (code >> f.mbits) & ((1u << f.ebits) - 1u);
  unsigned M = code & ((1u << f.mbits) - 1u);
  unsigned Emax = (1u << f.ebits) - 1u, Mmax = (1u << f.mbits) - 1u;
  double v;
  if (f.special == 1 && E == Emax && M == Mmax)
    return s ? -NAN : NAN;
  if (f.special == 2 && E == Emax)
    v = M ? NAN : INFINITY;
  else if (E == 0)
    v = ldexp((double)M, 1 - f.bias - f.mbits);
  else
    v = ldexp((double)((1u << f.mbits) + M), (int)E - f.bias - f.mbits);
  return s ? -v : v;
}
// Largest finite magnitude code.
static unsigned ref_maxcode(const Fmt &f) {
  unsigned c = (1u << (f.bits - 1)) - 1u;
  while (!isfinite(ref_decode(f, c)))
    --c;
  return c;
}
// Magnitude of code c, c <= maxcode + 1 (maxcode + 1: the value the format
// would have next with a wider exponent: the largest plus its ulp).
static double ref_mag(const Fmt &f, unsigned c) {
  unsigned mc = ref_maxcode(f);
  if (c <= mc)
    return ref_decode(f, c);
  unsigned E = (mc >> f.mbits);
  return ref_decode(f, mc) + ldexp(1.0, (int)E - f.bias - f.mbits);
}

// Round to nearest, ties to the even code, by exhaustive search; returns the
// magnitude code, maxcode + 1 meaning overflow.
static unsigned ref_nearest(const Fmt &f, double a) {
  unsigned mc = ref_maxcode(f), best = 0;
  long double bd = -1;
  if (a >= ref_mag(f, mc + 1)) // past the next value: no spurious ties of huge distances
    return mc + 1;
  for (unsigned c = 0; c <= mc + 1; ++c) {
    long double d = fabsl((long double)a - (long double)ref_mag(f, c));
    if (bd < 0 || d < bd || (d == bd && (c & 1u) == 0)) {
      bd = d;
      best = c;
    }
  }
  return best;
}
// Directed rounding (mode: 1 toward zero, 2 up, 3 down) on the signed value,
// saturating: the code whose value is the closest on the right side.
static unsigned ref_directed(const Fmt &f, double x, int mode) {
  unsigned mc = ref_maxcode(f);
  double a = fabs(x);
  bool up = (mode == 2 && !signbit(x)) || (mode == 3 && signbit(x));
  unsigned best = up ? mc : 0;
  for (unsigned c = 0; c <= mc; ++c) {
    double v = ref_mag(f, c);
    if (up ? (v >= a && v < ref_mag(f, best)) : (v <= a && v > ref_mag(f, best)))
      best = c;
  }
  if (up && a > ref_mag(f, mc))
    best = mc;
  return best;
}

static unsigned ref_fp8(double x, bool sat, const Fmt &f) {
  unsigned sign = signbit(x) ? 0x80u : 0u;
  if (isnan(x)) { // E4M3 NaN is S.1111.111; E5M2 keeps the top two payload bits, quieted
    unsigned long long u;
    memcpy(&u, &x, 8);
    return sign | (f.special == 1 ? 0x7Fu : 0x7Eu | (unsigned)((u >> 50) & 1u));
  }
  unsigned mc = ref_maxcode(f), c = ref_nearest(f, fabs(x));
  if (c > mc)
    c = sat ? mc : (f.special == 1 ? 0x7Fu : 0x7Cu);
  return sign | c;
}

// ---- The conversions under test, the same code on host and device. ----
enum { NFP8 = 8 };
__host__ __device__ static void fp8_all(double d, unsigned char *o) {
  float f = (float)d;
  o[0] = __nv_cvt_double_to_fp8(d, __NV_NOSAT, __NV_E4M3);
  o[1] = __nv_cvt_double_to_fp8(d, __NV_SATFINITE, __NV_E4M3);
  o[2] = __nv_cvt_double_to_fp8(d, __NV_NOSAT, __NV_E5M2);
  o[3] = __nv_cvt_double_to_fp8(d, __NV_SATFINITE, __NV_E5M2);
  o[4] = __nv_cvt_float_to_fp8(f, __NV_NOSAT, __NV_E4M3);
  o[5] = __nv_cvt_float_to_fp8(f, __NV_SATFINITE, __NV_E4M3);
  o[6] = __nv_cvt_float_to_fp8(f, __NV_NOSAT, __NV_E5M2);
  o[7] = __nv_cvt_float_to_fp8(f, __NV_SATFINITE, __NV_E5M2);
}
static void ref_fp8_all(double d, unsigned char *o) {
  double f = (double)(float)d;
  o[0] = ref_fp8(d, false, E4M3);
  o[1] = ref_fp8(d, true, E4M3);
  o[2] = ref_fp8(d, false, E5M2);
  o[3] = ref_fp8(d, true, E5M2);
  o[4] = ref_fp8(f, false, E4M3);
  o[5] = ref_fp8(f, true, E4M3);
  o[6] = ref_fp8(f, false, E5M2);
  o[7] = ref_fp8(f, true, E5M2);
}
// half and bfloat16 inputs: index i < 65536 is a half code, else bfloat16.
__host__ __device__ static void fp8_16(unsigned i, unsigned char *o) {
  int k = 0;
  for (int kind = 0; kind < 2; ++kind)
    for (int sat = 0; sat < 2; ++sat) {
      __nv_fp8_interpretation_t K = kind ? __NV_E5M2 : __NV_E4M3;
      __nv_saturation_t S = sat ? __NV_SATFINITE : __NV_NOSAT;
      if (i < 65536) {
        __half_raw h;
        h.x = (unsigned short)i;
        o[k++] = __nv_cvt_halfraw_to_fp8(h, S, K);
      } else {
        __nv_bfloat16_raw b;
        b.x = (unsigned short)(i - 65536);
        o[k++] = __nv_cvt_bfloat16raw_to_fp8(b, S, K);
      }
    }
}
static double half_value(unsigned h) {
  unsigned s = h >> 15, E = (h >> 10) & 31, M = h & 1023;
  if (E == 31 && M) { // NaN with its payload in the top significand bits
    unsigned long long u = ((unsigned long long)s << 63) | (0x7FFull << 52) | ((unsigned long long)M << 42);
    double d;
    memcpy(&d, &u, 8);
    return d;
  }
  double v = E == 31 ? (M ? NAN : INFINITY) : E == 0 ? ldexp(M, -24) : ldexp(1024 + M, (int)E - 25);
  return s ? -v : v;
}
static double bf16_value(unsigned b) {
  unsigned u = b << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

__global__ void k_fp8(const double *in, int n, unsigned char *out, unsigned char *out16,
                      float *dec) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = gridDim.x * blockDim.x;
  for (int i = t; i < n; i += stride)
    fp8_all(in[i], out + (size_t)i * NFP8);
  for (int i = t; i < 2 * 65536; i += stride)
    fp8_16((unsigned)i, out16 + (size_t)i * 4);
  for (int i = t; i < 256; i += stride) {
    __nv_fp8_e4m3 a;
    a.__x = (__nv_fp8_storage_t)i;
    __nv_fp8_e5m2 b;
    b.__x = (__nv_fp8_storage_t)i;
    dec[2 * i] = float(a);
    dec[2 * i + 1] = float(b);
  }
}

static void add_boundaries(const Fmt &f, std::vector<double> &v) {
  unsigned mc = ref_maxcode(f);
  for (unsigned c = 0; c <= mc + 1; ++c) {
    double a = ref_mag(f, c);
    v.push_back(a);
    v.push_back(nextafter(a, INFINITY));
    if (a > 0)
      v.push_back(nextafter(a, 0.0));
    v.push_back((double)nextafterf((float)a, INFINITY));
    if (c <= mc) {
      double m = (a + ref_mag(f, c + 1)) / 2; // halfway (exact)
      v.push_back(m);
      v.push_back(nextafter(m, INFINITY));
      v.push_back(nextafter(m, 0.0));
      v.push_back((double)nextafterf((float)m, INFINITY));
      v.push_back((double)nextafterf((float)m, 0.0f));
      // a double just above the halfway point that rounds to it as a float:
      // converting through float would tie and could round the other way
      v.push_back(m + ldexp(m, -40));
      v.push_back(m - ldexp(m, -40));
    }
  }
  v.push_back(ref_mag(f, 1) / 4); // below half the smallest subnormal
  v.push_back(ref_mag(f, mc) * 4);
}

static void push_specials(std::vector<double> &v) {
  const double s[] = {0.0, 1e-30, 1e-300, 5e-324, 1e30, 1e300, DBL_MAX, (double)FLT_MAX,
                      (double)FLT_MIN, 1.0, 3.0, 17.0, 100.0, 1000.0, 60000.0, INFINITY, NAN};
  for (double x : s)
    v.push_back(x);
}

static void test_fp8() {
  // Decode every code; round trip.
  const Fmt *fs[2] = {&E4M3, &E5M2};
  for (int k = 0; k < 2; ++k) {
    const Fmt &f = *fs[k];
    __nv_fp8_interpretation_t K = k ? __NV_E5M2 : __NV_E4M3;
    for (unsigned c = 0; c < 256; ++c) {
      double r = ref_decode(f, c);
      __half_raw h = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)c, K);
      double hv = half_value(h.x);
      if (isnan(r))
        CHECK(isnan(hv), "%s %02x -> half %04x not NaN", f.name, c, h.x);
      else
        CHECK(hv == r && signbit(hv) == signbit(r), "%s %02x -> half %04x, want %g", f.name, c,
              h.x, r);
      float fv;
      if (k == 0) {
        __nv_fp8_e4m3 a;
        a.__x = (__nv_fp8_storage_t)c;
        fv = float(a);
        CHECK((double)float(__half(a)) == (double)fv || isnan(r), "e4m3 %02x __half", c);
        CHECK((double)float(__nv_bfloat16(a)) == (double)fv || isnan(r), "e4m3 %02x bf16", c);
        CHECK(double(a) == (double)fv || isnan(r), "e4m3 %02x double", c);
      } else {
        __nv_fp8_e5m2 a;
        a.__x = (__nv_fp8_storage_t)c;
        fv = float(a);
        CHECK((double)float(__half(a)) == (double)fv || isnan(r), "e5m2 %02x __half", c);
      }
      if (isnan(r))
        CHECK(isnan(fv), "%s %02x -> float not NaN", f.name, c);
      else
        CHECK((double)fv == r && signbit(fv) == signbit(r), "%s %02x -> %g want %g", f.name, c,
              (double)fv, r);
      // round trip
      for (int sat = 0; sat < 2; ++sat) {
        __nv_saturation_t S = sat ? __NV_SATFINITE : __NV_NOSAT;
        unsigned back = __nv_cvt_double_to_fp8(r, S, K);
        unsigned backf = __nv_cvt_float_to_fp8((float)r, S, K);
        unsigned backh = __nv_cvt_halfraw_to_fp8(h, S, K);
        unsigned want = isnan(r) ? ref_fp8(r, sat, f) : (isinf(r) && sat) ? (c & 0x80u) | ref_maxcode(f) : c;
        bool hok = isnan(r) ? (backh & 0x7Fu) == (k ? (backh & 0x7Fu) : 0x7Fu) && isnan(ref_decode(f, backh))
                            : backh == want;
        CHECK(back == want && backf == want && hok,
              "%s round trip %02x sat %d: %02x %02x %02x want %02x", f.name, c, sat, back, backf,
              backh, want);
      }
    }
    unsigned mc = ref_maxcode(f);
    CHECK(ref_mag(f, mc) == (k ? 57344.0 : 448.0), "%s max", f.name);
  }
  printf("fp8 decode ok\n");

  // Encode boundary values, both signs, host and kernel.
  std::vector<double> in;
  add_boundaries(E4M3, in);
  add_boundaries(E5M2, in);
  push_specials(in);
  size_t n0 = in.size();
  for (size_t i = 0; i < n0; ++i)
    in.push_back(-in[i]);
  int n = (int)in.size();
  std::vector<unsigned char> host(n * NFP8), dev(n * NFP8), ref(NFP8), dev16(2 * 65536 * 4);
  std::vector<float> dec(512);
  double *d_in;
  unsigned char *d_out, *d_out16;
  float *d_dec;
  cudaMalloc(&d_in, n * sizeof(double));
  cudaMalloc(&d_out, n * NFP8);
  cudaMalloc(&d_out16, dev16.size());
  cudaMalloc(&d_dec, 512 * sizeof(float));
  cudaMemcpy(d_in, in.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  k_fp8<<<64, 128>>>(d_in, n, d_out, d_out16, d_dec);
  CHECK(cudaDeviceSynchronize() == cudaSuccess, "kernel");
  cudaMemcpy(dev.data(), d_out, n * NFP8, cudaMemcpyDeviceToHost);
  cudaMemcpy(dev16.data(), d_out16, dev16.size(), cudaMemcpyDeviceToHost);
  cudaMemcpy(dec.data(), d_dec, 512 * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    fp8_all(in[i], &host[i * NFP8]);
    ref_fp8_all(in[i], ref.data());
    for (int j = 0; j < NFP8; ++j) {
      CHECK(host[i * NFP8 + j] == ref[j], "host %.17g conv %d: %02x want %02x", in[i], j,
            host[i * NFP8 + j], ref[j]);
      CHECK(dev[i * NFP8 + j] == ref[j], "kernel %.17g conv %d: %02x want %02x", in[i], j,
            dev[i * NFP8 + j], ref[j]);
    }
  }
  for (unsigned i = 0; i < 2 * 65536; ++i) {
    unsigned char o[4];
    fp8_16(i, o);
    double x = i < 65536 ? half_value(i) : bf16_value(i - 65536);
    int k = 0;
    for (int kind = 0; kind < 2; ++kind)
      for (int sat = 0; sat < 2; ++sat, ++k) {
        unsigned want = ref_fp8(x, sat, kind ? E5M2 : E4M3);
        CHECK(o[k] == want && dev16[i * 4 + k] == want, "%s %04x kind %d sat %d: %02x/%02x want %02x",
              i < 65536 ? "half" : "bf16", i & 0xFFFF, kind, sat, o[k], dev16[i * 4 + k], want);
      }
  }
  for (unsigned c = 0; c < 256; ++c) {
    double r0 = ref_decode(E4M3, c), r1 = ref_decode(E5M2, c);
    CHECK(isnan(r0) ? isnan(dec[2 * c]) : (double)dec[2 * c] == r0, "kernel e4m3 decode %02x", c);
    CHECK(isnan(r1) ? isnan(dec[2 * c + 1]) : (double)dec[2 * c + 1] == r1, "kernel e5m2 decode %02x", c);
  }
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_out16);
  cudaFree(d_dec);

  // Spot values (documented behaviour, spelled out).
  CHECK(__nv_cvt_float_to_fp8(448.f, __NV_NOSAT, __NV_E4M3) == 0x7E, "448");
  CHECK(__nv_cvt_float_to_fp8(464.f, __NV_NOSAT, __NV_E4M3) == 0x7E, "464 ties to even 448");
  CHECK(__nv_cvt_float_to_fp8(465.f, __NV_NOSAT, __NV_E4M3) == 0x7F, "465 -> NaN");
  CHECK(__nv_cvt_float_to_fp8(-465.f, __NV_SATFINITE, __NV_E4M3) == 0xFE, "-465 sat");
  CHECK(__nv_cvt_float_to_fp8(INFINITY, __NV_NOSAT, __NV_E5M2) == 0x7C, "inf e5m2");
  CHECK(__nv_cvt_float_to_fp8(-INFINITY, __NV_SATFINITE, __NV_E5M2) == 0xFB, "-inf e5m2 sat");
  CHECK(__nv_cvt_float_to_fp8(61440.f, __NV_NOSAT, __NV_E5M2) == 0x7C, "61440 ties up to inf");
  CHECK(__nv_cvt_float_to_fp8(-0.0f, __NV_NOSAT, __NV_E4M3) == 0x80, "-0");
  CHECK(__nv_cvt_float_to_fp8(NAN, __NV_SATFINITE, __NV_E4M3) == 0x7F, "nan e4m3");
  CHECK(__nv_cvt_float_to_fp8(0x1p-10f, __NV_NOSAT, __NV_E4M3) == 0x00, "half min subnormal ties to 0");
  CHECK(__nv_cvt_float_to_fp8(0x1.8p-9f, __NV_NOSAT, __NV_E4M3) == 0x02, "1.5 subnormal ties to 2");
  // 1 + 2^-4 + 2^-40 as a double rounds up in e4m3; as a float it is the tie
  // 1 + 2^-4, which goes to even (1.0): the double must not pass via float.
  CHECK(__nv_cvt_double_to_fp8(1.0 + 0x1p-4 + 0x1p-40, __NV_NOSAT, __NV_E4M3) == 0x39, "double direct");
  CHECK(__nv_cvt_float_to_fp8((float)(1.0 + 0x1p-4 + 0x1p-40), __NV_NOSAT, __NV_E4M3) == 0x38, "via float");

  // Classes: constructors saturate to finite and round to nearest even.
  CHECK(__nv_fp8_e4m3(500.f).__x == 0x7E && __nv_fp8_e4m3(-1e9).__x == 0xFE, "e4m3 ctor sat");
  CHECK(__nv_fp8_e5m2((float)INFINITY).__x == 0x7B, "e5m2 ctor inf sat");
  CHECK(__nv_fp8_e4m3(17).__x == 0x58 && float(__nv_fp8_e4m3(17)) == 16.f, "e4m3(int 17) ties to 16");
  CHECK(__nv_fp8_e4m3(19u).__x == 0x5A && __nv_fp8_e4m3(-3LL).__x == 0xC4, "int ctors");
  CHECK(__nv_fp8_e4m3(__half(2.5f)).__x == 0x42 && __nv_fp8_e5m2(__nv_bfloat16(-2.5f)).__x == 0xC1,
        "half/bf16 ctors");
  CHECK(int(__nv_fp8_e4m3(-7.5f)) == -7 && (unsigned)__nv_fp8_e4m3(-2.f) == 0u &&
            (unsigned char)__nv_fp8_e5m2(57344.f) == 255 && !bool(__nv_fp8_e4m3(0.0f)),
        "integer/bool operators");
  {
    __nv_fp8_e4m3 nan;
    nan.__x = 0x7F;
    CHECK(int(nan) == 0, "NaN -> int 0");
  }
  __nv_fp8x2_e4m3 p(make_float2(1.0f, -2.0f));
  CHECK(p.__x == 0xC038, "x2 layout %04x", p.__x);
  float2 pf = float2(p);
  CHECK(pf.x == 1.0f && pf.y == -2.0f, "x2 -> float2");
  __half2 ph = __half2(p);
  CHECK(__low2float(ph) == 1.0f && __high2float(ph) == -2.0f, "x2 -> half2");
  __nv_fp8x2_e5m2 q(make_double2(1e6, 0.75));
  CHECK(q.__x == 0x3A7B, "x2 e5m2 %04x", q.__x);
  __nv_fp8x4_e4m3 r(make_float4(1.f, 2.f, 3.f, 1000.f));
  CHECK(r.__x == 0x7E444038u, "x4 layout %08x", r.__x);
  float4 rf = float4(r);
  CHECK(rf.x == 1.f && rf.y == 2.f && rf.z == 3.f && rf.w == 448.f, "x4 -> float4");
  __nv_fp8x4_e5m2 s(__floats2half2_rn(1.f, 2.f), __floats2half2_rn(3.f, 4.f));
  CHECK(s.__x == 0x4442403Cu, "x4 half2 %08x", s.__x);
  __nv_fp8x2_storage_t p2 = __nv_cvt_float2_to_fp8x2(make_float2(0.5f, 448.f), __NV_NOSAT, __NV_E4M3);
  CHECK(p2 == 0x7E30, "float2 -> fp8x2 %04x", p2);
  __half2_raw h2 = __nv_cvt_fp8x2_to_halfraw2(0x7E30, __NV_E4M3);
  CHECK(h2.x == 0x3800 && h2.y == 0x5F00, "fp8x2 -> half2 %04x %04x", h2.x, h2.y);

  // e8m0: powers of two, 0xFF NaN, round up by default in the class.
  CHECK(__nv_cvt_float_to_e8m0(1.0f, __NV_SATFINITE, cudaRoundPosInf) == 127, "e8m0 1");
  CHECK(__nv_cvt_float_to_e8m0(3.0f, __NV_SATFINITE, cudaRoundPosInf) == 129, "e8m0 3 up");
  CHECK(__nv_cvt_float_to_e8m0(3.0f, __NV_SATFINITE, cudaRoundZero) == 128, "e8m0 3 rz");
  CHECK(__nv_cvt_float_to_e8m0(3.0f, __NV_SATFINITE, cudaRoundNearest) == 128, "e8m0 3 rn tie even");
  CHECK(__nv_cvt_float_to_e8m0(NAN, __NV_SATFINITE, cudaRoundPosInf) == 0xFF, "e8m0 nan");
  CHECK(__nv_cvt_double_to_e8m0(1e300, __NV_SATFINITE, cudaRoundPosInf) == 0xFE, "e8m0 sat");
  CHECK(__nv_cvt_double_to_e8m0(1e300, __NV_NOSAT, cudaRoundPosInf) == 0xFF, "e8m0 nosat");
  CHECK(__nv_cvt_e8m0_to_bf16raw(0).x == 0x0040 && __nv_cvt_e8m0_to_bf16raw(127).x == 0x3F80 &&
            __nv_cvt_e8m0_to_bf16raw(254).x == 0x7F00,
        "e8m0 -> bf16");
  CHECK(__nv_fp8_e8m0(5.0f).__x == 130 && float(__nv_fp8_e8m0(0.25)) == 0.25f, "e8m0 class");
  for (unsigned c = 0; c < 255; ++c) {
    __nv_fp8_e8m0 e;
    e.__x = (__nv_fp8_storage_t)c;
    CHECK((double)float(e) == ldexp(1.0, (int)c - 127), "e8m0 decode %u", c);
    CHECK(__nv_cvt_double_to_e8m0(ldexp(1.0, (int)c - 127), __NV_NOSAT, cudaRoundZero) == c,
          "e8m0 round trip %u", c);
  }
  printf("fp8 encode ok\n");
}

// ---- fp6 / fp4: saturating, any rounding mode. ----
static unsigned ref_fpn(double x, const Fmt &f, int mode) {
  unsigned mc = ref_maxcode(f);
  if (isnan(x)) // Loom's documented choice: +largest
    return mc;
  unsigned c = mode == 0 ? ref_nearest(f, fabs(x)) : ref_directed(f, x, mode);
  if (c > mc)
    c = mc;
  return (signbit(x) ? 1u << (f.bits - 1) : 0u) | c;
}
enum { NFPN = 15 };
__host__ __device__ static void fpn_all(double d, unsigned char *o) {
  float f = (float)d;
  o[0] = __nv_cvt_double_to_fp6(d, __NV_E2M3, cudaRoundNearest);
  o[1] = __nv_cvt_float_to_fp6(f, __NV_E2M3, cudaRoundNearest);
  o[2] = __nv_cvt_double_to_fp6(d, __NV_E3M2, cudaRoundNearest);
  o[3] = __nv_cvt_float_to_fp6(f, __NV_E3M2, cudaRoundNearest);
  o[4] = __nv_cvt_double_to_fp4(d, __NV_E2M1, cudaRoundNearest);
  o[5] = __nv_cvt_float_to_fp4(f, __NV_E2M1, cudaRoundNearest);
  const cudaRoundMode m[3] = {cudaRoundZero, cudaRoundPosInf, cudaRoundMinInf};
  for (int i = 0; i < 3; ++i) {
    o[6 + i] = __nv_cvt_double_to_fp6(d, __NV_E2M3, m[i]);
    o[9 + i] = __nv_cvt_double_to_fp6(d, __NV_E3M2, m[i]);
    o[12 + i] = __nv_cvt_double_to_fp4(d, __NV_E2M1, m[i]);
  }
}
static void ref_fpn_all(double d, unsigned char *o) {
  double f = (double)(float)d;
  o[0] = ref_fpn(d, E2M3, 0);
  o[1] = ref_fpn(f, E2M3, 0);
  o[2] = ref_fpn(d, E3M2, 0);
  o[3] = ref_fpn(f, E3M2, 0);
  o[4] = ref_fpn(d, E2M1, 0);
  o[5] = ref_fpn(f, E2M1, 0);
  for (int i = 0; i < 3; ++i) {
    o[6 + i] = ref_fpn(d, E2M3, i + 1);
    o[9 + i] = ref_fpn(d, E3M2, i + 1);
    o[12 + i] = ref_fpn(d, E2M1, i + 1);
  }
}
__host__ __device__ static void fpn_16(unsigned i, unsigned char *o) {
  if (i < 65536) {
    __half_raw h;
    h.x = (unsigned short)i;
    o[0] = __nv_cvt_halfraw_to_fp6(h, __NV_E2M3, cudaRoundNearest);
    o[1] = __nv_cvt_halfraw_to_fp6(h, __NV_E3M2, cudaRoundNearest);
    o[2] = __nv_cvt_halfraw_to_fp4(h, __NV_E2M1, cudaRoundNearest);
  } else {
    __nv_bfloat16_raw b;
    b.x = (unsigned short)(i - 65536);
    o[0] = __nv_cvt_bfloat16raw_to_fp6(b, __NV_E2M3, cudaRoundNearest);
    o[1] = __nv_cvt_bfloat16raw_to_fp6(b, __NV_E3M2, cudaRoundNearest);
    o[2] = __nv_cvt_bfloat16raw_to_fp4(b, __NV_E2M1, cudaRoundNearest);
  }
}
__global__ void k_fpn(const double *in, int n, unsigned char *out, unsigned char *out16, float *dec) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = gridDim.x * blockDim.x;
  for (int i = t; i < n; i += stride)
    fpn_all(in[i], out + (size_t)i * NFPN);
  for (int i = t; i < 2 * 65536; i += stride)
    fpn_16((unsigned)i, out16 + (size_t)i * 3);
  for (int i = t; i < 64; i += stride) {
    __nv_fp6_e2m3 a;
    a.__x = (__nv_fp6_storage_t)i;
    __nv_fp6_e3m2 b;
    b.__x = (__nv_fp6_storage_t)i;
    __nv_fp4_e2m1 c;
    c.__x = (__nv_fp4_storage_t)(i & 15);
    dec[3 * i] = float(a);
    dec[3 * i + 1] = float(b);
    dec[3 * i + 2] = float(c);
  }
}

static void test_fpn() {
  const Fmt *fs[3] = {&E2M3, &E3M2, &E2M1};
  for (int k = 0; k < 3; ++k) {
    const Fmt &f = *fs[k];
    for (unsigned c = 0; c < (1u << f.bits); ++c) {
      double r = ref_decode(f, c);
      float fv;
      unsigned hx, back, backf, backh;
      if (k < 2) {
        __nv_fp6_interpretation_t K = k ? __NV_E3M2 : __NV_E2M3;
        hx = __nv_cvt_fp6_to_halfraw((__nv_fp6_storage_t)c, K).x;
        if (k == 0) {
          __nv_fp6_e2m3 a;
          a.__x = (__nv_fp6_storage_t)c;
          fv = float(a);
        } else {
          __nv_fp6_e3m2 a;
          a.__x = (__nv_fp6_storage_t)c;
          fv = float(a);
        }
        back = __nv_cvt_double_to_fp6(r, K, cudaRoundNearest);
        backf = __nv_cvt_float_to_fp6((float)r, K, cudaRoundZero);
        __half_raw h;
        h.x = (unsigned short)hx;
        backh = __nv_cvt_halfraw_to_fp6(h, K, cudaRoundPosInf);
      } else {
        hx = __nv_cvt_fp4_to_halfraw((__nv_fp4_storage_t)c, __NV_E2M1).x;
        __nv_fp4_e2m1 a;
        a.__x = (__nv_fp4_storage_t)c;
        fv = float(a);
        back = __nv_cvt_double_to_fp4(r, __NV_E2M1, cudaRoundNearest);
        backf = __nv_cvt_float_to_fp4((float)r, __NV_E2M1, cudaRoundZero);
        __half_raw h;
        h.x = (unsigned short)hx;
        backh = __nv_cvt_halfraw_to_fp4(h, __NV_E2M1, cudaRoundMinInf);
      }
      CHECK(half_value(hx) == r && signbit(half_value(hx)) == signbit(r), "%s %02x -> half %04x want %g",
            f.name, c, hx, r);
      CHECK((double)fv == r && signbit(fv) == signbit(r), "%s %02x -> %g want %g", f.name, c, (double)fv, r);
      CHECK(back == c && backf == c && backh == c, "%s round trip %02x: %02x %02x %02x", f.name, c, back,
            backf, backh);
    }
  }
  CHECK(ref_mag(E2M3, ref_maxcode(E2M3)) == 7.5 && ref_mag(E3M2, ref_maxcode(E3M2)) == 28.0 &&
            ref_mag(E2M1, ref_maxcode(E2M1)) == 6.0,
        "fp6/fp4 max");

  std::vector<double> in;
  add_boundaries(E2M3, in);
  add_boundaries(E3M2, in);
  add_boundaries(E2M1, in);
  push_specials(in);
  size_t n0 = in.size();
  for (size_t i = 0; i < n0; ++i)
    in.push_back(-in[i]);
  int n = (int)in.size();
  std::vector<unsigned char> host(n * NFPN), dev(n * NFPN), ref(NFPN), dev16(2 * 65536 * 3);
  std::vector<float> dec(192);
  double *d_in;
  unsigned char *d_out, *d_out16;
  float *d_dec;
  cudaMalloc(&d_in, n * sizeof(double));
  cudaMalloc(&d_out, n * NFPN);
  cudaMalloc(&d_out16, dev16.size());
  cudaMalloc(&d_dec, 192 * sizeof(float));
  cudaMemcpy(d_in, in.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  k_fpn<<<64, 128>>>(d_in, n, d_out, d_out16, d_dec);
  CHECK(cudaDeviceSynchronize() == cudaSuccess, "kernel");
  cudaMemcpy(dev.data(), d_out, n * NFPN, cudaMemcpyDeviceToHost);
  cudaMemcpy(dev16.data(), d_out16, dev16.size(), cudaMemcpyDeviceToHost);
  cudaMemcpy(dec.data(), d_dec, 192 * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    fpn_all(in[i], &host[i * NFPN]);
    ref_fpn_all(in[i], ref.data());
    for (int j = 0; j < NFPN; ++j) {
      CHECK(host[i * NFPN + j] == ref[j], "fpn host %.17g conv %d: %02x want %02x", in[i], j,
            host[i * NFPN + j], ref[j]);
      CHECK(dev[i * NFPN + j] == ref[j], "fpn kernel %.17g conv %d: %02x want %02x", in[i], j,
            dev[i * NFPN + j], ref[j]);
    }
  }
  for (unsigned i = 0; i < 2 * 65536; ++i) {
    unsigned char o[3];
    fpn_16(i, o);
    double x = i < 65536 ? half_value(i) : bf16_value(i - 65536);
    for (int k = 0; k < 3; ++k) {
      unsigned want = ref_fpn(x, *fs[k], 0);
      CHECK(o[k] == want && dev16[i * 3 + k] == want, "%s %04x -> %s: %02x/%02x want %02x",
            i < 65536 ? "half" : "bf16", i & 0xFFFF, fs[k]->name, o[k], dev16[i * 3 + k], want);
    }
  }
  for (unsigned c = 0; c < 64; ++c) {
    CHECK((double)dec[3 * c] == ref_decode(E2M3, c), "kernel e2m3 decode %02x", c);
    CHECK((double)dec[3 * c + 1] == ref_decode(E3M2, c), "kernel e3m2 decode %02x", c);
    CHECK((double)dec[3 * c + 2] == ref_decode(E2M1, c & 15), "kernel e2m1 decode %02x", c & 15);
  }
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_out16);
  cudaFree(d_dec);

  // Spot values and the classes (round to nearest even, saturate).
  CHECK(__nv_cvt_float_to_fp4(5.0f, __NV_E2M1, cudaRoundNearest) == 0x6, "5 ties to 4");
  CHECK(__nv_cvt_float_to_fp4(0.25f, __NV_E2M1, cudaRoundNearest) == 0x0, "0.25 ties to 0");
  CHECK(__nv_cvt_float_to_fp4(0.75f, __NV_E2M1, cudaRoundNearest) == 0x2, "0.75 ties to 1");
  CHECK(__nv_cvt_float_to_fp4(-100.f, __NV_E2M1, cudaRoundNearest) == 0xF, "-100 -> -6");
  CHECK(__nv_cvt_float_to_fp6(-INFINITY, __NV_E3M2, cudaRoundNearest) == 0x3F, "-inf -> -28");
  CHECK(__nv_cvt_float_to_fp6(-0.0f, __NV_E2M3, cudaRoundNearest) == 0x20, "-0");
  CHECK(__nv_fp6_e2m3(7.25f).__x == 0x1E && __nv_fp6_e2m3(7.75f).__x == 0x1F && __nv_fp6_e2m3(100).__x == 0x1F, "e2m3 class");
  CHECK(float(__nv_fp6_e3m2(__half(0.3f))) == 0.3125f && int(__nv_fp6_e3m2(-27.0)) == -28, "e3m2 class");
  CHECK(__nv_fp4_e2m1(2.5f).__x == 0x4 && __nv_fp4_e2m1(__nv_bfloat16(-3.5f)).__x == 0xE, "e2m1 class");
  __nv_fp4x2_e2m1 p(make_float2(1.0f, -6.0f));
  CHECK(p.__x == 0xF2, "fp4x2 layout %02x", p.__x);
  float2 pf = float2(p);
  CHECK(pf.x == 1.0f && pf.y == -6.0f, "fp4x2 -> float2");
  __nv_fp4x4_e2m1 q(make_float4(0.5f, 1.f, 2.f, 4.f));
  CHECK(q.__x == 0x6421, "fp4x4 layout %04x", q.__x);
  __nv_fp6x2_e2m3 r(make_double2(1.0, -7.5));
  CHECK(r.__x == 0x3F08, "fp6x2 layout %04x", r.__x);
  __nv_fp6x4_e3m2 s(make_float4(1.f, 2.f, 0.0625f, 28.f));
  CHECK(s.__x == 0x1F01100Cu, "fp6x4 layout %08x", s.__x);
  __half2 h = __half2(r);
  CHECK(__low2float(h) == 1.0f && __high2float(h) == -7.5f, "fp6x2 -> half2");
  printf("fp6 fp4 ok\n");
}

int main() {
  test_fp8();
  test_fpn();
  if (failures) {
    printf("FAILED (%d)\n", failures);
    return 1;
  }
  printf("PASSED\n");
  return 0;
}
