// A generated test matrix for the integer and floating-point min/max/abs
// overloads device code sees: every pair CUDA's math_functions.hpp defines
// (int, unsigned, long, unsigned long, long long, unsigned long long, the
// mixed signed/unsigned pairs of one width, which return the unsigned type,
// float, double and float/double mixes), checked for the result type at
// compile time (in device code) and for the value against a CPU model, with
// edge values (0, -1, the extremes, values above the signed range).
// Regression (issue #14): min/max of two unsigned ints resolved to
// min(int, int), so `long long r = min(0xac88f7c8u, 0xf0000000u)` was
// 0xffffffffac88f7c8; min of two floats truncated them to int.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: minmax PASSED
// CHECK: abs PASSED
#include "Inputs/check.h"
#include <climits>
#include <cstring>
#include <type_traits>
#include <vector>

// Edge values every type is built from (converted to the type).
static const unsigned long long kSeeds[] = {
    0ull, 1ull, 2ull, 0x7full, 0xffull, 0x7fffull, 0xffffull, 0x7fffffffull, 0x80000000ull,
    0xac88f7c8ull, 0xf0000000ull, 0xffffffffull, 0x100000000ull, 0x7fffffffffffffffull,
    0x8000000000000000ull, 0xfffffffffffffffeull, 0xffffffffffffffffull, 0x123456789abcdefull};
constexpr int kNumSeeds = sizeof(kSeeds) / sizeof(kSeeds[0]);

template <class T> T fromSeed(unsigned long long s) {
  if constexpr (std::is_floating_point<T>::value)
    return (T)(long long)s * T(0.25) + T(0.5); // negative, tiny and huge values
  else
    return (T)s;
}

// The result of min/max widened to 64 bits as a program would assign it.
template <class R> using Wide = typename std::conditional<
    std::is_floating_point<R>::value, double,
    typename std::conditional<std::is_signed<R>::value, long long, unsigned long long>::type>::type;

template <class A, class B, class R>
__global__ void minMax(const A *a, const B *b, Wide<R> *mn, Wide<R> *mx, int n) {
  static_assert(std::is_same<decltype(min(a[0], b[0])), R>::value, "min: CUDA's result type");
  static_assert(std::is_same<decltype(max(a[0], b[0])), R>::value, "max: CUDA's result type");
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Wide<R> lo = min(a[i], b[i]); // implicit conversion, as in the report
    Wide<R> hi = max(a[i], b[i]);
    mn[i] = lo;
    mx[i] = hi;
  }
}

static int failures = 0;

template <class R> R modelMin(R x, R y) {
  if constexpr (std::is_floating_point<R>::value)
    return std::fmin(x, y);
  else
    return y < x ? y : x;
}
template <class R> R modelMax(R x, R y) {
  if constexpr (std::is_floating_point<R>::value)
    return std::fmax(x, y);
  else
    return x < y ? y : x;
}

template <class A, class B, class R> void checkPair(const char *name) {
  int n = kNumSeeds * kNumSeeds;
  A *a;
  B *b;
  Wide<R> *mn, *mx;
  CHECK_CUDA(cudaMallocManaged(&a, n * sizeof(A)));
  CHECK_CUDA(cudaMallocManaged(&b, n * sizeof(B)));
  CHECK_CUDA(cudaMallocManaged(&mn, n * sizeof(Wide<R>)));
  CHECK_CUDA(cudaMallocManaged(&mx, n * sizeof(Wide<R>)));
  for (int i = 0; i < n; ++i) {
    a[i] = fromSeed<A>(kSeeds[i / kNumSeeds]);
    b[i] = fromSeed<B>(kSeeds[i % kNumSeeds]);
  }
  minMax<A, B, R><<<(n + 63) / 64, 64>>>(a, b, mn, mx, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    Wide<R> wantLo = modelMin<R>((R)a[i], (R)b[i]), wantHi = modelMax<R>((R)a[i], (R)b[i]);
    if ((mn[i] != wantLo || mx[i] != wantHi) && failures++ < 10)
      std::printf("FAILED: %s #%d: min %.17g (want %.17g), max %.17g (want %.17g)\n", name, i,
                  (double)mn[i], (double)wantLo, (double)mx[i], (double)wantHi);
  }
  CHECK_CUDA(cudaFree(a));
  CHECK_CUDA(cudaFree(b));
  CHECK_CUDA(cudaFree(mn));
  CHECK_CUDA(cudaFree(mx));
}

// abs and its named forms: result type and value (abs(INT_MIN) wraps).
struct AbsOut {
  int i, li;
  long l, ll_;
  long long ll, lll;
  float f, ff;
  double d, dd;
};
__global__ void absKernel(const long long *in, AbsOut *out, int n) {
  static_assert(std::is_same<decltype(abs(0)), int>::value, "abs(int)");
  static_assert(std::is_same<decltype(abs(0l)), long>::value, "abs(long)");
  static_assert(std::is_same<decltype(abs(0ll)), long long>::value, "abs(long long)");
  static_assert(std::is_same<decltype(labs(0l)), long>::value, "labs");
  static_assert(std::is_same<decltype(llabs(0ll)), long long>::value, "llabs");
  static_assert(std::is_same<decltype(abs(0.0f)), float>::value, "abs(float)");
  static_assert(std::is_same<decltype(abs(0.0)), double>::value, "abs(double)");
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  long long v = in[t];
  AbsOut o;
  o.i = abs((int)v);
  o.li = abs((int)(v >> 32));
  o.l = abs((long)v);
  o.ll_ = labs((long)v);
  o.ll = abs(v);
  o.lll = llabs(v);
  o.f = abs((float)v * 0.5f);
  o.ff = fabsf((float)v * 0.5f);
  o.d = abs((double)v * 0.5);
  o.dd = fabs((double)v * 0.5);
  out[t] = o;
}

template <class T> T modelAbs(T x) { // two's complement: abs(MIN) is MIN
  using U = typename std::make_unsigned<T>::type;
  return x < 0 ? (T)(U)(0 - (U)x) : x;
}

void checkAbs() {
  int n = kNumSeeds;
  long long *in;
  AbsOut *out;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(long long)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(AbsOut)));
  for (int i = 0; i < n; ++i)
    in[i] = (long long)kSeeds[i];
  absKernel<<<1, 32>>>(in, out, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    long long v = in[i];
    const AbsOut &o = out[i];
    bool ok = o.i == modelAbs((int)v) && o.li == modelAbs((int)(v >> 32)) &&
              o.l == modelAbs((long)v) && o.ll_ == modelAbs((long)v) &&
              o.ll == modelAbs(v) && o.lll == modelAbs(v) &&
              o.f == std::fabs((float)v * 0.5f) && o.ff == o.f &&
              o.d == std::fabs((double)v * 0.5) && o.dd == o.d;
    if (!ok && failures++ < 10)
      std::printf("FAILED: abs of %lld: %d %d %ld %ld %lld %lld %g %g %g %g\n", v, o.i, o.li, o.l,
                  o.ll_, o.ll, o.lll, o.f, o.ff, o.d, o.dd);
  }
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
}

#define PAIR(A, B, R) checkPair<A, B, R>(#A ", " #B " -> " #R)

int main() {
  PAIR(int, int, int);
  PAIR(unsigned, unsigned, unsigned);
  PAIR(int, unsigned, unsigned);
  PAIR(unsigned, int, unsigned);
  PAIR(long, long, long);
  PAIR(unsigned long, unsigned long, unsigned long);
  PAIR(long, unsigned long, unsigned long);
  PAIR(unsigned long, long, unsigned long);
  PAIR(long long, long long, long long);
  PAIR(unsigned long long, unsigned long long, unsigned long long);
  PAIR(long long, unsigned long long, unsigned long long);
  PAIR(unsigned long long, long long, unsigned long long);
  PAIR(float, float, float);
  PAIR(double, double, double);
  PAIR(float, double, double);
  PAIR(double, float, double);
  if (failures)
    return 1;
  std::printf("minmax PASSED\n");
  checkAbs();
  if (failures)
    return 1;
  std::printf("abs PASSED\n");
  return 0;
}
