// A table indexed by `threadIdx.x & 3` (or % 4) next to an access whose index
// wraps in 32 bits (unsigned `t + off`, or the barrier state slots): with or
// without barriers, every thread must read its own table entry.
// LLVM 22's loop vectorizer (upstream LoopVectorize/SCEV, not Loom's passes)
// treats `tab[iv & 3]` as consecutive under a wrap predicate on the narrow i2
// recurrence, then drops that always-false runtime check, so lane k would load
// tab[k] instead of tab[k & 3] (plain C shows it with clang-22 -O2
// -march=x86-64-v3). Loom's GuardMaskedInductions pass hides such masked
// inductions from SCEV right before the vectorizer; this test keeps it honest.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 64 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 128 | FileCheck %s
// CHECK: no barrier PASSED
// CHECK: barrier PASSED
#include "../Inputs/check.h"
#include <vector>

__global__ void noBarrier(const double *tab, const int *m, double *out, unsigned off) {
  unsigned t = threadIdx.x;
  out[blockIdx.x * blockDim.x + t] = tab[t & 3] + m[t + off];
}

__global__ void withBarrier(const double *in, double *out) {
  extern __shared__ double s[];
  __shared__ double tab[4];
  int t = threadIdx.x, n = blockDim.x;
  if (t < 4)
    tab[t] = 100.0 * (t + 1);
  s[t] = in[t];
  __syncthreads();
  out[blockIdx.x * n + t] = s[n - 1 - t] + tab[t % 4];
}

int main(int argc, char **argv) {
  int n = blockSizeArg(argc, argv, 256);
  EXPECT(n >= 4);
  const int blocks = 2;
  double tab[4] = {1, 2, 3, 4};
  std::vector<int> m(2 * n, 0);
  std::vector<double> in(n), out(blocks * n);
  for (int i = 0; i < n; ++i)
    in[i] = i;
  double *dtab, *din, *dout;
  int *dm;
  CHECK_CUDA(cudaMalloc(&dtab, sizeof tab));
  CHECK_CUDA(cudaMalloc(&dm, m.size() * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&din, n * sizeof(double)));
  CHECK_CUDA(cudaMalloc(&dout, blocks * n * sizeof(double)));
  CHECK_CUDA(cudaMemcpy(dtab, tab, sizeof tab, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dm, m.data(), m.size() * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(din, in.data(), n * sizeof(double), cudaMemcpyHostToDevice));

  noBarrier<<<blocks, n>>>(dtab, dm, dout, 5);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(out.data(), dout, out.size() * sizeof(double), cudaMemcpyDeviceToHost));
  for (int i = 0; i < blocks * n; ++i)
    EXPECT(out[i] == tab[(i % n) & 3]);
  std::printf("no barrier PASSED\n");

  withBarrier<<<blocks, n, n * sizeof(double)>>>(din, dout);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(out.data(), dout, out.size() * sizeof(double), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t)
      EXPECT(out[b * n + t] == in[n - 1 - t] + 100.0 * (t % 4 + 1));
  std::printf("barrier PASSED\n");
  CHECK_CUDA(cudaFree(dtab));
  CHECK_CUDA(cudaFree(dm));
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dout));
  return 0;
}
