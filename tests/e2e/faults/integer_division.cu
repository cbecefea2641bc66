// Integer division and remainder by zero, and INT_MIN / -1, in kernels give
// the values a GPU gives instead of killing the process with SIGFPE
// (SafeIntegerDivision): unsigned x / 0 = all ones, signed x / 0 = -1 for
// x >= 0 and 1 for x < 0, x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0.
// Divisions by constants and ordinary divisors are unchanged.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: %loomcc --loom-disable=vectorize %s -o %t.scalar
// RUN: %t.scalar | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <limits>
#include <climits>
#include <cstdint>

template <typename T> struct Results {
  T q, r;
};

__global__ void divide32(const int *x, const int *d, Results<int> *s, Results<unsigned> *u,
                         int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  s[i].q = x[i] / d[i];
  s[i].r = x[i] % d[i];
  u[i].q = unsigned(x[i]) / unsigned(d[i]);
  u[i].r = unsigned(x[i]) % unsigned(d[i]);
}

__global__ void divide64(const long long *x, const long long *d, Results<long long> *s,
                         Results<unsigned long long> *u, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  s[i].q = x[i] / d[i];
  s[i].r = x[i] % d[i];
  u[i].q = (unsigned long long)x[i] / (unsigned long long)d[i];
  u[i].r = (unsigned long long)x[i] % (unsigned long long)d[i];
}

// A uniform (kernel-argument) divisor of zero: the case a hoisted guard takes.
__global__ void divideUniform(int *out, int d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (i - 5) / d + (i % d) * 1000;
}

template <typename S, typename U> void reference(S x, S d, Results<S> &s, Results<U> &u) {
  U ux = U(x), ud = U(d);
  if (d == 0) {
    s.q = x < 0 ? 1 : -1;
    s.r = x;
    u.q = U(~U(0));
    u.r = ux;
    return;
  }
  if (d == -1 && x == std::numeric_limits<S>::min()) {
    s.q = x;
    s.r = 0;
  } else {
    s.q = x / d;
    s.r = x % d;
  }
  u.q = ux / ud;
  u.r = ux % ud;
}

template <typename S, typename U>
bool run(void (*kernel)(const S *, const S *, Results<S> *, Results<U> *, int)) {
  const S Min = std::numeric_limits<S>::min(), Max = std::numeric_limits<S>::max();
  std::vector<S> x, d;
  const S xs[] = {0, 1, -1, 7, -7, 100, -100, Min, Max, Min + 1};
  const S ds[] = {0, 1, -1, 3, -3, Min, Max, 0, -1, 2};
  for (S a : xs)
    for (S b : ds) {
      x.push_back(a);
      d.push_back(b);
    }
  int n = int(x.size());
  S *dx, *dd;
  Results<S> *ds_;
  Results<U> *du;
  CHECK_CUDA(cudaMalloc(&dx, n * sizeof(S)));
  CHECK_CUDA(cudaMalloc(&dd, n * sizeof(S)));
  CHECK_CUDA(cudaMalloc(&ds_, n * sizeof(Results<S>)));
  CHECK_CUDA(cudaMalloc(&du, n * sizeof(Results<U>)));
  CHECK_CUDA(cudaMemcpy(dx, x.data(), n * sizeof(S), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dd, d.data(), n * sizeof(S), cudaMemcpyHostToDevice));
  kernel<<<(n + 31) / 32, 32>>>(dx, dd, ds_, du, n);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<Results<S>> hs(n);
  std::vector<Results<U>> hu(n);
  CHECK_CUDA(cudaMemcpy(hs.data(), ds_, n * sizeof(Results<S>), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(hu.data(), du, n * sizeof(Results<U>), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    Results<S> rs;
    Results<U> ru;
    reference(x[i], d[i], rs, ru);
    if (rs.q != hs[i].q || rs.r != hs[i].r || ru.q != hu[i].q || ru.r != hu[i].r) {
      std::printf("FAILED: %lld / %lld: got %lld %lld %llu %llu, want %lld %lld %llu %llu\n",
                  (long long)x[i], (long long)d[i], (long long)hs[i].q, (long long)hs[i].r,
                  (unsigned long long)hu[i].q, (unsigned long long)hu[i].r, (long long)rs.q,
                  (long long)rs.r, (unsigned long long)ru.q, (unsigned long long)ru.r);
      ok = false;
    }
  }
  cudaFree(dx);
  cudaFree(dd);
  cudaFree(ds_);
  cudaFree(du);
  return ok;
}

int main() {
  bool ok = run<int, unsigned>(divide32);
  ok = run<long long, unsigned long long>(divide64) && ok;
  int n = 300, *out;
  CHECK_CUDA(cudaMalloc(&out, n * sizeof(int)));
  divideUniform<<<(n + 127) / 128, 128>>>(out, 0, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<int> h(n);
  CHECK_CUDA(cudaMemcpy(h.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    int want = (i - 5 < 0 ? 1 : -1) + i * 1000;
    if (h[i] != want) {
      std::printf("FAILED: uniform divisor 0 at %d: %d, want %d\n", i, h[i], want);
      ok = false;
      break;
    }
  }
  if (!ok)
    return 1;
  std::printf("PASSED\n");
  return 0;
}
