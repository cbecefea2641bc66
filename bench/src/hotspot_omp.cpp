// Hotspot, OpenMP baseline: one parallel sweep per step over the whole chip,
// ping-pong between two buffers (the pyramid tiling only exists to save
// launches and global traffic on a GPU).
#include "hotspot_common.h"

int main() {
  std::vector<float> temp0, power;
  hs_inputs(temp0, power);
  std::vector<float> a(temp0.size()), b(temp0.size());
  HsCoef k = hs_coef();
  std::vector<float> *result = nullptr;
  auto run = [&]() {
    a = temp0;
    std::vector<float> *src = &a, *dst = &b;
    for (int s = 0; s < HS_STEPS; ++s) {
      const float *in = src->data(), *pw = power.data();
      float *out = dst->data();
#pragma omp parallel for schedule(static)
      for (int y = 0; y < HS_ROWS; ++y) hs_row(k, in, out, pw, y);
      std::swap(src, dst);
    }
    result = src;
  };
  run(); // warm-up
  double t0 = bench_now_ms();
  run();
  double ms = bench_now_ms() - t0;
  hs_check(*result, temp0, power);
  size_t bytes = temp0.size() * sizeof(float);
  bench_report(ms, 3.0 * bytes * HS_STEPS / HS_PYRAMID, 0, hs_checksum(*result));
  return 0;
}
