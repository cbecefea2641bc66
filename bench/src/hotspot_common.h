// hotspot_common.h - the thermal model of the hotspot benchmarks (Rodinia's
// hotspot shape): a ROWS x COLS chip, one explicit step per iteration, edge
// cells use their own temperature for missing neighbours. Shared by the CUDA
// and OpenMP versions and the serial reference, so all compute the same sums.
#pragma once
#include "bench_common.h"

#define HS_ROWS 1024
#define HS_COLS 1024
#define HS_STEPS 40   // total steps per timed iteration
#define HS_PYRAMID 2  // steps per kernel launch (each one a __syncthreads round)

struct HsCoef {
  float cc, cn, cs, ce, cw, cp; // centre, neighbours, power
};

static inline HsCoef hs_coef() { return {0.5f, 0.1f, 0.1f, 0.12f, 0.12f, 0.05f}; }

// One cell's update; t* are the neighbours' temperatures (the cell's own
// value where a neighbour is outside the chip).
#ifdef __CUDACC__
__host__ __device__
#endif
static inline float hs_update(HsCoef k, float c, float n, float s, float e, float w, float p) {
  return k.cc * c + k.cn * n + k.cs * s + k.ce * e + k.cw * w + k.cp * p;
}

static inline void hs_inputs(std::vector<float> &temp, std::vector<float> &power) {
  BenchRng r(17);
  temp.resize((size_t)HS_ROWS * HS_COLS);
  power.resize(temp.size());
  for (auto &t : temp) t = r.uniform(300.0f, 340.0f);
  for (auto &p : power) p = r.uniform(0.0f, 2.0f);
}

// One step of row y (edge cells reuse their own temperature).
static inline void hs_row(const HsCoef &k, const float *in, float *out, const float *power, int y) {
  for (int x = 0; x < HS_COLS; ++x) {
    size_t i = (size_t)y * HS_COLS + x;
    float c = in[i];
    float n = y > 0 ? in[i - HS_COLS] : c, s = y < HS_ROWS - 1 ? in[i + HS_COLS] : c;
    float w = x > 0 ? in[i - 1] : c, e = x < HS_COLS - 1 ? in[i + 1] : c;
    out[i] = hs_update(k, c, n, s, e, w, power[i]);
  }
}

// Serial reference: one step of the whole chip.
static inline void hs_step(const float *in, float *out, const float *power) {
  HsCoef k = hs_coef();
  for (int y = 0; y < HS_ROWS; ++y) hs_row(k, in, out, power, y);
}

static inline double hs_checksum(const std::vector<float> &t) {
  double s = 0;
  for (size_t i = 0; i < t.size(); i += 7) s += t[i];
  return s;
}

// Checks the result against the serial reference (exact: same operations).
static inline void hs_check(const std::vector<float> &got, const std::vector<float> &temp0,
                            const std::vector<float> &power) {
  std::vector<float> a = temp0, b(a.size());
  for (int s = 0; s < HS_STEPS; ++s) {
    hs_step(a.data(), b.data(), power.data());
    a.swap(b);
  }
  for (size_t i = 0; i < a.size(); ++i)
    if (!bench_close(got[i], a[i], 1e-5, 1e-3))
      bench_fail("cell %zu: %.6f, want %.6f", i, got[i], a[i]);
}
