// -fmad=false: kernels keep a*b-c as a rounded multiply and a rounded
// subtract, in the ahead-of-time code and in the launch-time JIT's (the
// module's jitConfig carries fmad=0). A program relying on unfused rounding
// (error-free transformations, bitwise comparison with a CPU reference)
// needs it. The residual a*b - fl(a*b) is exactly 0 unfused; fused it is the
// product's rounding error, not 0 for these inputs (on FMA hardware).
// RUN: %loomcc -fmad=false %s -o %t
// RUN: env LOOM_JIT=0 %t | FileCheck %s
// RUN: rm -rf %t.cache && env LOOM_JIT=sync LOOM_JIT_STATS=1 LOOM_CACHE_DIR=%t.cache %t 2> %t.err | FileCheck %s
// RUN: FileCheck --check-prefix=JIT %s < %t.err
// RUN: %loomcc -fmad=false --use_fast_math %s -o %t.fast
// RUN: %t.fast | FileCheck %s
// CHECK: PASSED
// JIT: residual{{.*}}compiled in
#include "Inputs/check.h"

__global__ void residual(const float *a, const float *b, const float *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a[i] * b[i] - p[i];
}

int main() {
  const int n = 64;
  std::vector<float> a(n), b(n), p(n), out(n);
  for (int i = 0; i < n; ++i) {
    a[i] = 1.0f + float(i + 1) * 0x1p-20f;
    b[i] = 1.0f + float(3 * i + 1) * 0x1p-21f;
    volatile float prod = a[i] * b[i]; // rounded on the host
    p[i] = prod;
  }
  float *da, *db, *dp, *dout;
  CHECK_CUDA(cudaMalloc(&da, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&db, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dp, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dout, n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dp, p.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  residual<<<1, n>>>(da, db, dp, dout, n);
  CHECK_CUDA(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (out[i] != 0.0f) {
      std::printf("FAILED: element %d: a*b - fl(a*b) = %g, expected 0 without FMA\n", i,
                  out[i]);
      return 1;
    }
  std::printf("PASSED\n");
  return 0;
}
