// CostModel.h - measured costs behind the scheduler's two decisions: how long
// an idle thread spins before it sleeps, and which ops run on the thread that
// waits for them instead of waking workers.
// SPDX-License-Identifier: Apache-2.0
//
// Both come from what the process measures, not from constants:
// - the wake-up latency: time from notifying a sleeping worker to the worker
//   running (an exponentially weighted moving average of every wake-up);
// - per kernel, the time one block takes on one thread (the same average
//   over every chunk that ran), keyed by the kernel's descriptor in a small
//   direct-mapped table (a collision only replaces an estimate).
//
// Spin: an idle thread spins for about one wake-up latency (spinning longer
// costs more than sleeping and being woken). Inline: an op whose estimated
// time on one thread is T runs on the waiting thread when that is cheaper
// than handing it to N executors: T < T/N + 2 * wake (workers woken, then the
// waiting thread woken again), i.e. T < 2 * wake * N / (N - 1).
#ifndef LOOM_RUNTIME_SCHEDULER_COSTMODEL_H
#define LOOM_RUNTIME_SCHEDULER_COSTMODEL_H

#include <atomic>
#include <chrono>
#include <cstdint>

namespace loom {

/// Monotonic nanoseconds (steady clock).
inline int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

class CostModel {
public:
  /// Before any wake-up was measured.
  static constexpr double InitialWakeNs = 10000;
  /// Bounds of the spin (ns).
  static constexpr double MinSpinNs = 1000, MaxSpinNs = 50000;
  /// Bounds of the inline threshold (ns): above the cap an op is worth other
  /// threads even with one executor (the host may be computing meanwhile).
  static constexpr double MinInlineNs = 2000, MaxInlineNs = 200000;
  static constexpr unsigned TableSize = 512;

  explicit CostModel(unsigned Executors) { setExecutors(Executors); }
  void setExecutors(unsigned N) { Executors.store(N ? N : 1, std::memory_order_relaxed); }

  /// Records one measured wake-up latency (ns); outliers are clamped.
  void recordWake(double Ns);
  double wakeNs() const { return WakeNs.load(std::memory_order_relaxed); }
  double spinNs() const;
  double inlineThresholdNs() const;
  /// Tests: a fixed inline threshold instead of the measured one (negative:
  /// measured again), so that what runs inline does not depend on how fast
  /// this machine's wake-ups happen to be.
  void pinInlineThresholdForTesting(double Ns) {
    PinnedInlineNs.store(Ns, std::memory_order_relaxed);
  }

  /// Records that \p Units units of the op kind \p Key took \p Ns on one thread.
  void recordUnits(const void *Key, uint64_t Units, double Ns);
  /// Measured ns per unit of \p Key, or a negative value if unknown.
  double perUnitNs(const void *Key) const;

private:
  struct Entry {
    std::atomic<const void *> Key{nullptr};
    std::atomic<double> PerUnitNs{0};
  };
  static unsigned slotOf(const void *Key);

  std::atomic<unsigned> Executors{1};
  std::atomic<double> WakeNs{InitialWakeNs};
  std::atomic<double> PinnedInlineNs{-1};
  Entry Table[TableSize];
};

} // namespace loom

#endif // LOOM_RUNTIME_SCHEDULER_COSTMODEL_H
