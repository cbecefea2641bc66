// LoomTime.cpp - %globaltimer for kernels: nanoseconds of the host's realtime clock.
// SPDX-License-Identifier: Apache-2.0
#include <stdint.h>
#include <time.h>

extern "C" uint64_t __loom_globaltimer(void) {
  struct timespec Ts;
  clock_gettime(CLOCK_REALTIME, &Ts);
  return static_cast<uint64_t>(Ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(Ts.tv_nsec);
}
