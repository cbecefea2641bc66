// Black-Scholes, OpenMP baseline (same formulas, expf/logf vectorized through libmvec).
#include "bench_common.h"
#include "bs_common.h"

static inline float cnd(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f, A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = RSQRT2PI * expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  return d > 0 ? 1.0f - c : c;
}

static void blackScholes(float *call, float *put, const float *S, const float *X, const float *T, float R,
                         float V, int n) {
#pragma omp parallel for simd schedule(static)
  for (int i = 0; i < n; ++i) {
    float s = S[i], x = X[i], t = T[i];
    float sqrtT = sqrtf(t);
    float d1 = (logf(s / x) + (R + 0.5f * V * V) * t) / (V * sqrtT);
    float d2 = d1 - V * sqrtT;
    float cndd1 = cnd(d1), cndd2 = cnd(d2);
    float expRT = expf(-R * t);
    call[i] = s * cndd1 - x * expRT * cndd2;
    put[i] = x * expRT * (1.0f - cndd2) - s * (1.0f - cndd1);
  }
}

int main() {
  const int n = 1 << 22, iters = 10;
  std::vector<float> hS, hX, hT, hc(n), hp(n);
  bs_inputs(hS, hX, hT, n);
  blackScholes(hc.data(), hp.data(), hS.data(), hX.data(), hT.data(), BS_R, BS_V, n); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it)
    blackScholes(hc.data(), hp.data(), hS.data(), hX.data(), hT.data(), BS_R, BS_V, n);
  double ms = (bench_now_ms() - t0) / iters;
  double sum = bs_check(hS, hX, hT, hc.data(), hp.data(), n);
  bench_report(ms, 5.0 * n * sizeof(float), 0, sum);
  return 0;
}
