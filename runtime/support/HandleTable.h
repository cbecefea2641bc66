// HandleTable.h - the live objects behind one kind of CUDA handle.
// SPDX-License-Identifier: Apache-2.0
//
// A CUDA handle (cudaStream_t, cudaEvent_t, cudaGraph_t, cudaArray_t,
// cudaMemPool_t, cudaTextureObject_t, cudaSurfaceObject_t, CUcontext) is the
// address of the object behind it. The table owns those objects, answers
// "is this handle live?" for the API's validation, and gives every object
// back to the runtime at cudaDeviceReset. One template serves every kind, so
// that creation, validation, destruction and reset cannot drift apart.
//
// HandleSet is the unlocked core, for owners that guard it together with
// other state under their own lock (memory pools, texture objects and their
// references). HandleTable adds the lock.
//
// Kept records (the Policy argument): texture and surface handles are read by kernels without a
// lock (a magic number in the record says whether it is live). Their
// policy keeps destroyed records, marked dead, and reuses them for later
// creations, so that a stale handle in a kernel never reaches freed memory.
#ifndef LOOM_RUNTIME_SUPPORT_HANDLETABLE_H
#define LOOM_RUNTIME_SUPPORT_HANDLETABLE_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace loom {

/// Destroyed objects are deleted (their destructor releases what they own).
struct DeleteDestroyed {
  static constexpr bool KeepRecords = false;
  static constexpr bool ReuseRecords = false;
  template <typename T> static void retire(T &) {}
};

/// Destroyed objects are kept and reused: T::retire() marks one dead.
struct KeepDestroyed {
  static constexpr bool KeepRecords = true;
  static constexpr bool ReuseRecords = true;
  template <typename T> static void retire(T &Obj) { Obj.retire(); }
};

/// Destroyed objects are kept and never reused, so that a stale handle can
/// never alias a new one (driver-API contexts, which other threads may still
/// hold on their context stacks). For small objects made rarely.
struct NeverReuse {
  static constexpr bool KeepRecords = true;
  static constexpr bool ReuseRecords = false;
  template <typename T> static void retire(T &) {}
};

/// The pointer behind a 64-bit handle (texture and surface objects).
inline const void *handlePointer(uint64_t Handle) {
  return reinterpret_cast<const void *>(static_cast<uintptr_t>(Handle));
}

template <typename T, typename Policy = DeleteDestroyed> class HandleSet {
public:
  using Owned = std::unique_ptr<T>;

  /// An object to fill before insert(): a dead record to reuse if the policy
  /// keeps records and one is free, else a new one.
  Owned make() {
    if constexpr (Policy::ReuseRecords) {
      if (!Free.empty()) {
        Owned Obj = std::move(Free.back());
        Free.pop_back();
        return Obj;
      }
    }
    return std::make_unique<T>();
  }
  /// Makes \p Obj live; returns its handle.
  T *insert(Owned Obj) {
    T *Handle = Obj.get();
    Live.emplace(Handle, std::move(Obj));
    return Handle;
  }
  /// The live object at \p Handle, or null (null handles are never live).
  T *find(const void *Handle) const {
    auto It = Live.find(static_cast<const T *>(Handle));
    return It == Live.end() ? nullptr : It->second.get();
  }
  bool contains(const void *Handle) const { return find(Handle) != nullptr; }
  /// Removes \p Handle from the live set and hands its object over (null if
  /// it was not live). Give it back with release().
  Owned take(const void *Handle) {
    auto It = Live.find(static_cast<const T *>(Handle));
    if (It == Live.end())
      return nullptr;
    Owned Obj = std::move(It->second);
    Live.erase(It);
    return Obj;
  }
  /// Every live object, the set left empty (cudaDeviceReset).
  std::vector<Owned> takeAll() {
    std::vector<Owned> All;
    All.reserve(Live.size());
    for (auto &Entry : Live)
      All.push_back(std::move(Entry.second));
    Live.clear();
    return All;
  }
  /// Ends an object taken from the set: deletes it, or marks it dead and
  /// keeps it for reuse.
  void release(Owned Obj) {
    if (!Obj)
      return;
    if constexpr (Policy::KeepRecords) {
      Policy::retire(*Obj);
      Free.push_back(std::move(Obj));
    }
  }
  size_t size() const { return Live.size(); }

private:
  std::unordered_map<const T *, Owned> Live;
  std::vector<Owned> Free; ///< dead records (KeepRecords only)
};

/// A HandleSet with its own lock. Objects are deleted outside the lock, so
/// a destructor may call back into the runtime.
template <typename T, typename Policy = DeleteDestroyed> class HandleTable {
public:
  using Owned = typename HandleSet<T, Policy>::Owned;

  Owned make() {
    std::lock_guard<std::mutex> Lock(M);
    return Set.make();
  }
  T *insert(Owned Obj) {
    std::lock_guard<std::mutex> Lock(M);
    return Set.insert(std::move(Obj));
  }
  /// Makes a new object live (constructed from \p A); returns its handle.
  template <typename... Args> T *create(Args &&...A) {
    return insert(std::unique_ptr<T>(new T(std::forward<Args>(A)...)));
  }
  bool contains(const void *Handle) const {
    std::lock_guard<std::mutex> Lock(M);
    return Set.contains(Handle);
  }
  /// Runs \p F(T &) under the table's lock if \p Handle is live; returns
  /// whether it was.
  template <typename Fn> bool with(const void *Handle, Fn &&F) {
    std::lock_guard<std::mutex> Lock(M);
    T *Obj = Set.find(Handle);
    if (!Obj)
      return false;
    F(*Obj);
    return true;
  }
  /// Removes \p Handle (null if it was not live); the caller may finish with
  /// the object, then gives it to release().
  Owned take(const void *Handle) {
    std::lock_guard<std::mutex> Lock(M);
    return Set.take(Handle);
  }
  void release(Owned Obj) {
    if constexpr (Policy::KeepRecords) {
      std::lock_guard<std::mutex> Lock(M);
      Set.release(std::move(Obj));
    } else {
      Obj.reset();
    }
  }
  /// Destroys \p Handle; false if it was not live.
  bool destroy(const void *Handle) {
    Owned Obj = take(Handle);
    if (!Obj)
      return false;
    release(std::move(Obj));
    return true;
  }
  /// Every live object, the table left empty; release() each when done.
  std::vector<Owned> takeAll() {
    std::lock_guard<std::mutex> Lock(M);
    return Set.takeAll();
  }
  /// Destroys every live object (cudaDeviceReset).
  void destroyAll() {
    for (Owned &Obj : takeAll())
      release(std::move(Obj));
  }
  size_t size() const {
    std::lock_guard<std::mutex> Lock(M);
    return Set.size();
  }

private:
  mutable std::mutex M;
  HandleSet<T, Policy> Set;
};

} // namespace loom

#endif // LOOM_RUNTIME_SUPPORT_HANDLETABLE_H
