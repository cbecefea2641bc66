// myocyte_common.h - the copy-plus-launch loop of the myocyte benchmarks
// (Rodinia myocyte's pattern): per time step the host copies a small
// parameter block and the state in, one tiny kernel (2 blocks x 32 threads)
// evaluates the derivatives, and the host copies the derivatives and the new
// state back and reads them: four small blocking copies and one launch per step.
#pragma once
#include "bench_common.h"

#define MY_EQS 64     // equations (one per GPU thread)
#define MY_PARAMS 16  // parameters per step
#define MY_TERMS 8    // terms per derivative
#define MY_STEPS 4000

#ifdef __CUDACC__
__host__ __device__
#endif
static inline float my_deriv(const float *params, float y, int i) {
  float acc = 0.0f;
  for (int k = 0; k < MY_TERMS; ++k)
    acc += params[(i + k) % MY_PARAMS] * (y * (0.01f * (k + 1)) - 0.02f * y * y);
  return acc;
}

static inline void my_params(float *p, int step) {
  for (int k = 0; k < MY_PARAMS; ++k) p[k] = 0.001f * ((step * 7 + k * 3) % 17) - 0.008f;
}

// The same recurrence on the host: fails the run unless `sum` (the steps'
// summed derivatives plus the final y[0]) matches it.
static inline void my_check(double sum) {
  std::vector<float> ry(MY_EQS), rp(MY_PARAMS), d(MY_EQS);
  for (int i = 0; i < MY_EQS; ++i) ry[i] = 1.0f + 0.01f * i;
  double want = 0;
  for (int s = 0; s < MY_STEPS; ++s) {
    my_params(rp.data(), s);
    for (int i = 0; i < MY_EQS; ++i) d[i] = my_deriv(rp.data(), ry[i], i);
    for (int i = 0; i < MY_EQS; ++i) ry[i] = ry[i] + 0.01f * d[i];
    want += d[s % MY_EQS];
  }
  want += ry[0];
  if (!bench_close(sum, want, 1e-4, 1e-4)) bench_fail("sum %.9g, want %.9g", sum, want);
}
