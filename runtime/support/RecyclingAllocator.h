// RecyclingAllocator.h - a std::allocator that keeps freed single objects for reuse.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_SUPPORT_RECYCLINGALLOCATOR_H
#define LOOM_RUNTIME_SUPPORT_RECYCLINGALLOCATOR_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <new>
#include <vector>

namespace loom {

/// Freed blocks of one size and alignment, kept for the next allocation.
/// Launch records are allocated on the launching thread and freed on a
/// worker: through malloc each launch took fresh heap (the host runs ahead
/// of the workers), and every free went through the allocating arena's lock
/// (measured: ~30% of an empty asynchronous launch's time in malloc and free).
/// At most \c Cap blocks are kept; the rest go back to the heap.
template <std::size_t Size, std::size_t Align> class BlockPool {
public:
  static constexpr std::size_t Cap = 4096;

  /// Never destroyed: records may be freed by workers during exit.
  static BlockPool &get() {
    static BlockPool *Pool = new BlockPool;
    return *Pool;
  }

  /// A kept block (\p Reused set) or a new one.
  void *take(bool &Reused) {
    {
      std::lock_guard<std::mutex> Lock(M);
      Reused = !Free.empty();
      if (Reused) {
        void *P = Free.back();
        Free.pop_back();
        return P;
      }
    }
    return ::operator new(Size, std::align_val_t(Align));
  }

  void give(void *P) {
    {
      std::lock_guard<std::mutex> Lock(M);
      if (Free.size() < Cap) {
        Free.push_back(P);
        return;
      }
    }
    ::operator delete(P, std::align_val_t(Align));
  }

  std::size_t kept() {
    std::lock_guard<std::mutex> Lock(M);
    return Free.size();
  }

private:
  BlockPool() { Free.reserve(Cap); }
  std::mutex M;
  std::vector<void *> Free;
};

/// How many allocations of RecyclingAllocators tagged \p Tag reused a kept
/// block (a launch's record: KernelOp::recycledRecords).
template <class Tag> struct RecycleCount {
  static inline std::atomic<uint64_t> Reused{0};
};

/// For std::allocate_shared: single objects come from (and return to) the
/// BlockPool of their size and alignment; arrays use the heap. \p Tag (kept
/// through allocate_shared's rebinding to its control block) names the
/// RecycleCount.
template <class T, class Tag = T> struct RecyclingAllocator {
  using value_type = T;
  template <class U> struct rebind {
    using other = RecyclingAllocator<U, Tag>;
  };
  RecyclingAllocator() = default;
  template <class U> RecyclingAllocator(const RecyclingAllocator<U, Tag> &) {}

  T *allocate(std::size_t N) {
    if (N == 1) {
      bool Reused = false;
      void *P = BlockPool<sizeof(T), alignof(T)>::get().take(Reused);
      if (Reused)
        RecycleCount<Tag>::Reused.fetch_add(1, std::memory_order_relaxed);
      return static_cast<T *>(P);
    }
    return static_cast<T *>(::operator new(N * sizeof(T), std::align_val_t(alignof(T))));
  }
  void deallocate(T *P, std::size_t N) {
    if (N == 1)
      return BlockPool<sizeof(T), alignof(T)>::get().give(P);
    ::operator delete(P, std::align_val_t(alignof(T)));
  }
  template <class U> bool operator==(const RecyclingAllocator<U, Tag> &) const { return true; }
  template <class U> bool operator!=(const RecyclingAllocator<U, Tag> &) const { return false; }
};

} // namespace loom

#endif // LOOM_RUNTIME_SUPPORT_RECYCLINGALLOCATOR_H
