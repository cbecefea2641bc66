// CostModel.cpp - moving averages of wake-up latency and per-unit op cost.
// SPDX-License-Identifier: Apache-2.0
#include "scheduler/CostModel.h"

#include <algorithm>
#include <cstdint>

namespace loom {

namespace {
/// Weight of a new sample in the moving averages.
constexpr double Alpha = 0.25;

void blend(std::atomic<double> &Avg, double Sample) {
  // Races between recorders lose a sample at worst: these are estimates.
  double Old = Avg.load(std::memory_order_relaxed);
  Avg.store(Old + Alpha * (Sample - Old), std::memory_order_relaxed);
}
} // namespace

void CostModel::recordWake(double Ns) {
  // A wake-up that took a millisecond says the machine was overloaded for a
  // moment, not what the next one costs.
  blend(WakeNs, std::clamp(Ns, 100.0, 1e6));
}

double CostModel::spinNs() const { return std::clamp(wakeNs(), MinSpinNs, MaxSpinNs); }

double CostModel::inlineThresholdNs() const {
  if (double Pinned = PinnedInlineNs.load(std::memory_order_relaxed); Pinned >= 0)
    return Pinned;
  unsigned N = Executors.load(std::memory_order_relaxed);
  if (N <= 1)
    return MaxInlineNs;
  double T = 2.0 * wakeNs() * N / (N - 1);
  return std::clamp(T, MinInlineNs, MaxInlineNs);
}

unsigned CostModel::slotOf(const void *Key) {
  uint64_t H = reinterpret_cast<uintptr_t>(Key);
  H ^= H >> 33;
  H *= 0xff51afd7ed558ccdull;
  H ^= H >> 33;
  return unsigned(H % TableSize);
}

void CostModel::recordUnits(const void *Key, uint64_t Units, double Ns) {
  if (!Key || Units == 0)
    return;
  Entry &E = Table[slotOf(Key)];
  double Sample = Ns / double(Units);
  if (E.Key.load(std::memory_order_acquire) != Key) {
    E.PerUnitNs.store(Sample, std::memory_order_relaxed);
    E.Key.store(Key, std::memory_order_release);
    return;
  }
  // A chunk whose thread was preempted looks many times slower than it is;
  // a sample counts as at most 4x the estimate (which so grows at most
  // 1.75x per sample): one preemption does not make a small kernel look
  // large, a kernel that really got slower (other arguments) is followed
  // within a few launches.
  double Old = E.PerUnitNs.load(std::memory_order_relaxed);
  blend(E.PerUnitNs, Old > 0 ? std::min(Sample, 4 * Old) : Sample);
}

double CostModel::perUnitNs(const void *Key) const {
  const Entry &E = Table[slotOf(Key)];
  if (!Key || E.Key.load(std::memory_order_acquire) != Key)
    return -1;
  return E.PerUnitNs.load(std::memory_order_relaxed);
}

} // namespace loom
