// CpuRelax.h - the spin-wait hint used by threads that poll before blocking.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_SCHEDULER_CPURELAX_H
#define LOOM_RUNTIME_SCHEDULER_CPURELAX_H

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace loom {

/// Tells the core this thread is spinning (x86 PAUSE, Arm YIELD).
inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

} // namespace loom

#endif
