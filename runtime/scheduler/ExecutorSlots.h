// ExecutorSlots.h - the cap on threads executing Loom work at once.
// SPDX-License-Identifier: Apache-2.0
//
// Loom is given N cores (LOOM_NUM_THREADS, else the CPUs the process may run
// on). A thread must hold one of N slots to run units or to spin waiting for
// them: pool workers and host threads helping while they synchronize alike.
// A thread without a slot sleeps. So two workers plus a waiting host thread
// never compete for two cores.
#ifndef LOOM_RUNTIME_SCHEDULER_EXECUTORSLOTS_H
#define LOOM_RUNTIME_SCHEDULER_EXECUTORSLOTS_H

#include <atomic>

namespace loom {

class ExecutorSlots {
public:
  explicit ExecutorSlots(int Count) : Free(Count), Capacity(Count) {}

  /// Sets the count; only while no thread holds a slot (reconfiguration).
  void reset(int Count) {
    Capacity = Count;
    Free.store(Count, std::memory_order_seq_cst);
  }

  /// Takes a slot if one is free.
  bool tryAcquire() {
    int F = Free.load(std::memory_order_seq_cst);
    while (F > 0)
      if (Free.compare_exchange_weak(F, F - 1, std::memory_order_seq_cst))
        return true;
    return false;
  }
  /// Takes a slot even if none is free (the count goes negative). Only for a
  /// thread that lent its slot away for a nested wait and takes it back.
  void forceAcquire() { Free.fetch_sub(1, std::memory_order_seq_cst); }
  void release() { Free.fetch_add(1, std::memory_order_seq_cst); }

  int freeSlots() const { return Free.load(std::memory_order_seq_cst); }
  int capacity() const { return Capacity; }
  /// Threads holding a slot now.
  int running() const { return Capacity - freeSlots(); }

private:
  std::atomic<int> Free;
  int Capacity;
};

} // namespace loom

#endif // LOOM_RUNTIME_SCHEDULER_EXECUTORSLOTS_H
