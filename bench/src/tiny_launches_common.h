// tiny_launches_common.h - the state recurrence of the tiny_launches
// benchmarks (CUDA, OpenMP twin, sequential twin) and its host reference.
#pragma once
#include <cmath>
#include <vector>
#include "bench_common.h"

#define STATE 64

// The same recurrence on the host, in double: fails the run unless `energy`
// (the sum over `steps` of one squared state element per step) matches it.
static inline void tiny_check(double energy, int steps) {
  std::vector<double> ref(STATE, 1.0);
  double want = 0;
  for (int s = 0; s < steps; ++s) {
    for (int i = 0; i < STATE; ++i) ref[i] = ref[i] + 0.001 * (std::sin(0.01 * (float)s + 0.1 * i) - 0.5 * ref[i]);
    want += ref[s % STATE] * ref[s % STATE];
  }
  if (!bench_close(energy, want, 1e-4, 1e-4)) bench_fail("energy %.9g, want %.9g", energy, want);
}
