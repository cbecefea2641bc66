// __match_any_sync / __match_all_sync on 64-bit values (long long, double):
// lanes agree only when all 64 bits do.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"

__global__ void match64(const long long *in, const double *din, unsigned *any, unsigned *all,
                        int *pred, unsigned *dany) {
  int t = threadIdx.x;
  any[t] = __match_any_sync(0xffffffffu, in[t]);
  all[t] = __match_all_sync(0xffffffffu, in[t] >> 40, &pred[t]);
  dany[t] = __match_any_sync(0xffffffffu, din[t]);
}

int main() {
  const int n = 64;
  long long *in;
  double *din;
  unsigned *any, *all, *dany;
  int *pred;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(long long)));
  CHECK_CUDA(cudaMallocManaged(&din, n * sizeof(double)));
  CHECK_CUDA(cudaMallocManaged(&any, n * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&all, n * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&dany, n * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&pred, n * sizeof(int)));
  for (int t = 0; t < n; ++t) {
    // Same low 32 bits everywhere; the high half tells lanes apart.
    in[t] = ((long long)(t % 3) << 40) | 0x1234;
    din[t] = (t % 4) * 0.5;
  }
  match64<<<1, n>>>(in, din, any, all, pred, dany);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < n; ++t) {
    int w = t / 32;
    unsigned m = 0, dm = 0;
    bool same = true;
    for (int l = 0; l < 32; ++l) {
      int u = w * 32 + l;
      if (in[u] == in[t])
        m |= 1u << l;
      if (din[u] == din[t])
        dm |= 1u << l;
      same &= (in[u] >> 40) == (in[w * 32] >> 40);
    }
    EXPECT(any[t] == m && dany[t] == dm);
    EXPECT(all[t] == (same ? 0xffffffffu : 0u) && pred[t] == same);
  }
  std::printf("PASSED\n");
  return 0;
}
