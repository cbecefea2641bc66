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
      for (int y = 0; y < HS_ROWS; ++y)
        for (int x = 0; x < HS_COLS; ++x) {
          size_t i = (size_t)y * HS_COLS + x;
          float c = in[i];
          float n = y > 0 ? in[i - HS_COLS] : c, so = y < HS_ROWS - 1 ? in[i + HS_COLS] : c;
          float w = x > 0 ? in[i - 1] : c, e = x < HS_COLS - 1 ? in[i + 1] : c;
          out[i] = hs_update(k, c, n, so, e, w, pw[i]);
        }
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
