// Many tiny steps, OpenMP baseline: 5000 time steps, each one parallel loop
// over the 64-element state (a fork-join per step), then the host reads it.
#include "tiny_launches_common.h"


int main() {
  const int steps = 5000;
  std::vector<float> state(STATE), out(STATE);
  auto run = [&]() {
    for (auto &v : state) v = 1.0f;
    double energy = 0;
    for (int s = 0; s < steps; ++s) {
      const float t = 0.01f * s;
#pragma omp parallel for simd schedule(static)
      for (int i = 0; i < STATE; ++i) {
        float v = state[i];
        v = v + 0.001f * (sinf(t + 0.1f * i) - 0.5f * v);
        state[i] = v;
        out[i] = v * v;
      }
      energy += out[s % STATE];
    }
    return energy;
  };
  double energy = run(); // warm-up
  double t0 = bench_now_ms();
  energy = run();
  double ms = bench_now_ms() - t0;
  tiny_check(energy, steps);
  bench_report(ms, 0, 0, energy);
  return 0;
}
