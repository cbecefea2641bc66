// Many tiny steps, sequential baseline: tiny_launches.cu's work on one thread
// with no runtime in between (the state update, then the 256-byte copy back
// the CUDA version makes), the floor a launch path for small work aims at.
#include "tiny_launches_common.h"

#include <cstring>


int main() {
  const int steps = 5000;
  std::vector<float> state(STATE), out(STATE), o(STATE);
  auto run = [&]() {
    for (auto &v : state) v = 1.0f;
    double energy = 0;
    for (int s = 0; s < steps; ++s) {
      const float t = 0.01f * s;
      for (int i = 0; i < STATE; ++i) {
        float v = state[i];
        v = v + 0.001f * (sinf(t + 0.1f * i) - 0.5f * v);
        state[i] = v;
        out[i] = v * v;
      }
      std::memcpy(o.data(), out.data(), STATE * sizeof(float));
      asm volatile("" ::"r"(o.data()) : "memory"); // the copy is observed
      energy += o[s % STATE];
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
