// Shared by the Black-Scholes benchmarks: inputs (the sample's ranges) and a
// double-precision check (L1 relative error, as in NVIDIA's sample).
#pragma once
#include "bench_common.h"

static const float BS_R = 0.02f, BS_V = 0.30f;

static void bs_inputs(std::vector<float> &S, std::vector<float> &X, std::vector<float> &T, int n) {
  BenchRng rng(10);
  S.resize(n); X.resize(n); T.resize(n);
  for (int i = 0; i < n; ++i) {
    S[i] = rng.uniform(5.0f, 30.0f);
    X[i] = rng.uniform(1.0f, 100.0f);
    T[i] = rng.uniform(0.25f, 10.0f);
  }
}

static double bs_cnd(double d) {
  const double A1 = 0.31938153, A2 = -0.356563782, A3 = 1.781477937, A4 = -1.821255978, A5 = 1.330274429;
  const double RSQRT2PI = 0.39894228040143267793994605993438;
  double K = 1.0 / (1.0 + 0.2316419 * std::fabs(d));
  double cnd = RSQRT2PI * std::exp(-0.5 * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  return d > 0 ? 1.0 - cnd : cnd;
}

static double bs_check(const std::vector<float> &S, const std::vector<float> &X, const std::vector<float> &T,
                       const float *call, const float *put, int n) {
  double errSum = 0, refSum = 0, maxErr = 0, sum = 0;
  for (int i = 0; i < n; ++i) {
    double s = S[i], x = X[i], t = T[i], sqrtT = std::sqrt(t);
    double d1 = (std::log(s / x) + (BS_R + 0.5 * BS_V * BS_V) * t) / (BS_V * sqrtT);
    double d2 = d1 - BS_V * sqrtT;
    double c1 = bs_cnd(d1), c2 = bs_cnd(d2), expRT = std::exp(-BS_R * t);
    double c = s * c1 - x * expRT * c2, p = x * expRT * (1.0 - c2) - s * (1.0 - c1);
    double e = std::fabs(call[i] - c) + std::fabs(put[i] - p);
    errSum += e;
    refSum += std::fabs(c) + std::fabs(p);
    if (e > maxErr) maxErr = e;
    sum += call[i] + put[i];
  }
  if (!(errSum / refSum < 1e-5) || !(maxErr < 1e-2))
    bench_fail("L1 relative error %g, max abs error %g", errSum / refSum, maxErr);
  return sum;
}
