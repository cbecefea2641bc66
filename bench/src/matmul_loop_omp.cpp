// Dense C = A * B (768 x 640 times 640 x 1000), OpenMP baseline for
// matmul_loop: the loop nest a CPU programmer writes, rows of C in parallel,
// i-k-j order so the inner j loop streams a row of B and a row of C (simd),
// no blocking. Each C element still sums its k terms in order, as the CUDA
// thread does.
#include "matmul_loop_common.h"

static void matmul(const float *A, const float *B, float *C, int M, int N, int K) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < M; ++i) {
    float *c = C + (size_t)i * N;
#pragma omp simd
    for (int j = 0; j < N; ++j) c[j] = 0.0f;
    for (int k = 0; k < K; ++k) {
      const float a = A[(size_t)i * K + k];
      const float *b = B + (size_t)k * N;
#pragma omp simd
      for (int j = 0; j < N; ++j) c[j] += a * b[j];
    }
  }
}

int main() {
  const int M = ML_M, N = ML_N, K = ML_K, iters = 3;
  std::vector<float> hA, hB, hC((size_t)M * N);
  ml_inputs(hA, hB);
  matmul(hA.data(), hB.data(), hC.data(), M, N, K); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) matmul(hA.data(), hB.data(), hC.data(), M, N, K);
  double ms = (bench_now_ms() - t0) / iters;
  double sum = ml_check(hA, hB, hC.data());
  const double bytes = (double)(hA.size() + hB.size() + hC.size()) * sizeof(float);
  bench_report(ms, bytes, 2.0 * M * N * (double)K, sum);
  return 0;
}
