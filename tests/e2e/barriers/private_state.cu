// Per-thread state that lives in memory across barriers: a by-value struct
// parameter that each thread modifies (its own copy), a scalar parameter
// used as a loop counter (`while (iters-- > 0)`), and a private array of
// doubles indexed dynamically, large enough (320 bytes a thread) to need a
// sizeable thread arena at 1024 threads.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 7 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 100 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 33 | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <vector>

struct Params {
  int a[6];
  double scale;
  int bias;
};

constexpr int PRIV = 40;

__global__ void privateState(Params p, int *out, int iters) {
  __shared__ int s[1024];
  int t = threadIdx.x;
  double priv[PRIV];
  for (int i = 0; i < PRIV; ++i)
    priv[i] = t + i * p.scale;
  p.a[t % 6] += t + p.bias;
  while (iters-- > 0) {
    s[t] = p.a[t % 6];
    __syncthreads();
    p.a[(t + 1) % 6] += s[(t + 1) % blockDim.x] & 7;
    priv[(t + iters) % PRIV] += p.a[0];
    __syncthreads();
  }
  double acc = 0;
  for (int i = 0; i < PRIV; ++i)
    acc += priv[i];
  out[blockIdx.x * blockDim.x + t] = p.a[0] + p.a[1] * 3 + p.a[2] * 5 + p.a[3] * 7 +
                                     p.a[4] * 11 + p.a[5] * 13 + (int)acc;
}

int main(int argc, char **argv) {
  int n = blockSizeArg(argc, argv, 256);
  const int blocks = 3, iters = 9;
  Params p;
  for (int i = 0; i < 6; ++i)
    p.a[i] = i * 10;
  p.scale = 0.5;
  p.bias = -3;
  int *d;
  CHECK_CUDA(cudaMalloc(&d, blocks * n * sizeof(int)));
  privateState<<<blocks, n>>>(p, d, iters);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> h(blocks * n);
  CHECK_CUDA(cudaMemcpy(h.data(), d, h.size() * sizeof(int), cudaMemcpyDeviceToHost));

  std::vector<Params> ps(n, p);
  std::vector<double> priv(n * PRIV);
  for (int t = 0; t < n; ++t) {
    for (int i = 0; i < PRIV; ++i)
      priv[t * PRIV + i] = t + i * p.scale;
    ps[t].a[t % 6] += t + p.bias;
  }
  std::vector<int> s(n);
  for (int left = iters - 1; left >= 0; --left) {
    for (int t = 0; t < n; ++t)
      s[t] = ps[t].a[t % 6];
    for (int t = 0; t < n; ++t) {
      ps[t].a[(t + 1) % 6] += s[(t + 1) % n] & 7;
      priv[t * PRIV + (t + left) % PRIV] += ps[t].a[0];
    }
  }
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t) {
      double acc = 0;
      for (int i = 0; i < PRIV; ++i)
        acc += priv[t * PRIV + i];
      const Params &q = ps[t];
      int e = q.a[0] + q.a[1] * 3 + q.a[2] * 5 + q.a[3] * 7 + q.a[4] * 11 + q.a[5] * 13 + (int)acc;
      EXPECT(h[b * n + t] == e);
    }
  // The host's copy of the parameter is untouched.
  EXPECT(p.a[0] == 0 && p.a[5] == 50);
  std::printf("PASSED\n");
  CHECK_CUDA(cudaFree(d));
  return 0;
}
