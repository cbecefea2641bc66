// Allocator.cpp - aligned host allocations with a range map for frees and pointer queries.
// SPDX-License-Identifier: Apache-2.0
#include "memory/Allocator.h"

#include "support/ApiError.h"

#include <cstdlib>
#include <iterator>
#include <sys/mman.h>

namespace loom {

Allocator::~Allocator() { releaseAll(); }


cudaError_t Allocator::allocate(size_t Size, AllocKind Kind, unsigned Flags, void **Out) {
  if (!Out)
    return failWith(cudaErrorInvalidValue, "the result pointer is null (size %zu)", Size);
  *Out = nullptr;
  if (Size == 0)
    return cudaSuccess;
  if (Size > Limit || Size > SIZE_MAX - HugePageBytes)
    return failWith(cudaErrorMemoryAllocation,
                    "%zu bytes exceed the device memory limit of %zu bytes", Size, Limit);
  size_t Rounded = roundedSize(Size);
  bool Huge = huge(Size);
  void *Ptr = std::aligned_alloc(Huge ? HugePageBytes : Alignment, Rounded);
  if (!Ptr)
    return failWith(cudaErrorMemoryAllocation, "out of host memory for %zu bytes", Rounded);
  // A GPU maps device memory with large pages; kernels written for it stride
  // across memory freely (a grid-stride loop jumps gridDim * blockDim
  // elements per step, a column walk a row per thread), which on 4 KiB pages
  // is a TLB miss per access. Large allocations ask for transparent huge
  // pages (a hint: where THP is off this does nothing).
  if (Huge)
    madvise(Ptr, Rounded, MADV_HUGEPAGE);
  std::unique_lock<std::shared_mutex> Lock(M);
  auto Base = reinterpret_cast<uintptr_t>(Ptr);
  Allocations[Base] = Allocation{Base, Size, Kind, Flags};
  Generation.fetch_add(1, std::memory_order_release);
  InUse += Rounded;
  *Out = Ptr;
  return cudaSuccess;
}

size_t Allocator::roundedSize(size_t Size) const {
  size_t Unit = huge(Size) ? HugePageBytes : Alignment;
  return (Size + Unit - 1) / Unit * Unit;
}

cudaError_t Allocator::release(void *Ptr, unsigned Kinds) {
  std::unique_lock<std::shared_mutex> Lock(M);
  auto It = Allocations.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == Allocations.end() || !(Kinds & bit(It->second.Kind)) ||
      It->second.Kind == AllocKind::Registered || It->second.Kind == AllocKind::Symbol)
    return failWith(cudaErrorInvalidValue,
                    "pointer %p is not the start of a live allocation of the kind this call frees",
                    Ptr);
  InUse -= roundedSize(It->second.Size);
  Freed[FreedNext++ % FreedKept] = It->second;
  Allocations.erase(It);
  Generation.fetch_add(1, std::memory_order_release);
  std::free(Ptr);
  return cudaSuccess;
}

cudaError_t Allocator::registerHost(void *Ptr, size_t Size, unsigned Flags) {
  if (!Ptr || Size == 0)
    return failWith(cudaErrorInvalidValue, "host range %p + %zu bytes is null or empty", Ptr, Size);
  std::unique_lock<std::shared_mutex> Lock(M);
  auto Base = reinterpret_cast<uintptr_t>(Ptr);
  // Reject overlap with any tracked range.
  auto Next = Allocations.lower_bound(Base);
  if (Next != Allocations.end() && Next->first < Base + Size)
    return failWith(cudaErrorHostMemoryAlreadyRegistered,
                    "host range %p + %zu bytes overlaps memory already registered or allocated at "
                    "%p", Ptr, Size, reinterpret_cast<void *>(Next->first));
  if (Next != Allocations.begin()) {
    auto Prev = std::prev(Next);
    if (Prev->first + Prev->second.Size > Base)
      return failWith(cudaErrorHostMemoryAlreadyRegistered,
                      "host range %p + %zu bytes overlaps memory already registered or allocated "
                      "at %p", Ptr, Size, reinterpret_cast<void *>(Prev->first));
  }
  Allocations[Base] = Allocation{Base, Size, AllocKind::Registered, Flags};
  Generation.fetch_add(1, std::memory_order_release);
  return cudaSuccess;
}

cudaError_t Allocator::unregisterHost(void *Ptr) {
  std::unique_lock<std::shared_mutex> Lock(M);
  auto It = Allocations.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == Allocations.end() || It->second.Kind != AllocKind::Registered)
    return failWith(cudaErrorHostMemoryNotRegistered,
                    "host pointer %p is not the start of a registered range", Ptr);
  Allocations.erase(It);
  Generation.fetch_add(1, std::memory_order_release);
  return cudaSuccess;
}

bool Allocator::find(const void *Ptr, Allocation *Out) {
  std::shared_lock<std::shared_mutex> Lock(M);
  auto Address = reinterpret_cast<uintptr_t>(Ptr);
  auto It = Allocations.upper_bound(Address);
  if (It == Allocations.begin())
    return false;
  --It;
  if (Address >= It->first + It->second.Size)
    return false;
  *Out = It->second;
  return true;
}

bool Allocator::nearest(const void *Ptr, Allocation *Out) {
  std::shared_lock<std::shared_mutex> Lock(M);
  auto Address = reinterpret_cast<uintptr_t>(Ptr);
  auto Next = Allocations.upper_bound(Address);
  const Allocation *Best = nullptr;
  uintptr_t BestDistance = UINTPTR_MAX;
  if (Next != Allocations.end()) {
    Best = &Next->second;
    BestDistance = Next->first - Address;
  }
  if (Next != Allocations.begin()) {
    const Allocation &Prev = std::prev(Next)->second;
    uintptr_t Last = Prev.Base + (Prev.Size ? Prev.Size - 1 : 0);
    uintptr_t Distance = Address > Last ? Address - Last : 0;
    if (Distance <= BestDistance)
      Best = &Prev;
  }
  if (!Best)
    return false;
  *Out = *Best;
  return true;
}

bool Allocator::findFreed(const void *Ptr, Allocation *Out) {
  std::shared_lock<std::shared_mutex> Lock(M);
  auto Address = reinterpret_cast<uintptr_t>(Ptr);
  for (unsigned I = 1; I <= FreedKept && I <= FreedNext; ++I) {
    const Allocation &A = Freed[(FreedNext - I) % FreedKept];
    if (Address >= A.Base && Address - A.Base < A.Size) {
      *Out = A;
      return true;
    }
  }
  return false;
}

std::atomic<uint64_t> Allocator::Generation{1};

namespace {
/// One remembered answer of classify: [Begin, End) is an allocation (Inside)
/// or a range no allocation touches (Untracked), as of generation Gen.
struct RangeCacheEntry {
  const Allocator *Owner;
  uint64_t Gen;
  uintptr_t Begin, End;
  RangeStatus Status;
  AllocKind Kind;
};
// A copy-plus-launch loop touches a few device allocations and one or two
// host gaps between them (myocyte's step: four of each kind).
constexpr unsigned RangeCacheSize = 8;
// Initial-exec: the per-copy path reads it without a call into the loader.
__attribute__((tls_model("initial-exec"))) thread_local RangeCacheEntry
    RangeCache[RangeCacheSize];
__attribute__((tls_model("initial-exec"))) thread_local unsigned RangeCacheNext;
} // namespace

RangeStatus Allocator::classify(const void *Ptr, size_t Bytes, AllocKind *Kind) {
  auto Begin = reinterpret_cast<uintptr_t>(Ptr);
  uintptr_t End;
  if (__builtin_add_overflow(Begin, Bytes, &End))
    return RangeStatus::Invalid;
  // A copy loop asks about the same few ranges again and again; while no
  // range was added or removed the answer stands.
  const uint64_t Now = Generation.load(std::memory_order_acquire);
  for (const RangeCacheEntry &E : RangeCache)
    if (E.Owner == this && E.Gen == Now && Begin >= E.Begin && End <= E.End) {
      if (Kind)
        *Kind = E.Kind;
      return E.Status;
    }
  std::shared_lock<std::shared_mutex> Lock(M);
  RangeCacheEntry Entry{this, Generation.load(std::memory_order_relaxed), Begin, End,
                        RangeStatus::Untracked, AllocKind::Device};
  // The first range starting above Begin; the one before it may contain Begin.
  auto Next = Allocations.upper_bound(Begin);
  if (Next != Allocations.begin()) {
    const Allocation &A = std::prev(Next)->second;
    if (Begin < A.Base + A.Size) {
      if (End > A.Base + A.Size)
        return RangeStatus::Invalid;
      Entry.Begin = A.Base;
      Entry.End = A.Base + A.Size;
      Entry.Status = RangeStatus::Inside;
      Entry.Kind = A.Kind;
    } else {
      Entry.Begin = A.Base + A.Size; // the untracked gap starts after it
    }
  } else {
    Entry.Begin = 0;
  }
  if (Entry.Status == RangeStatus::Untracked) {
    if (Next != Allocations.end() && Next->first < End)
      return RangeStatus::Invalid;
    // Remember the whole gap between allocations: every host buffer in it
    // (pageable memory) hits the cache.
    Entry.End = Next != Allocations.end() ? Next->first : UINTPTR_MAX;
  }
  RangeCache[RangeCacheNext++ % RangeCacheSize] = Entry;
  if (Kind)
    *Kind = Entry.Kind;
  return Entry.Status;
}

void Allocator::noteSymbol(void *Ptr, size_t Size) {
  if (!Ptr || Size == 0)
    return;
  std::unique_lock<std::shared_mutex> Lock(M);
  auto Base = reinterpret_cast<uintptr_t>(Ptr);
  auto Next = Allocations.lower_bound(Base);
  if (Next != Allocations.end() && Next->first < Base + Size)
    return; // already tracked (or overlapping something tracked)
  if (Next != Allocations.begin()) {
    auto Prev = std::prev(Next);
    if (Prev->first + Prev->second.Size > Base)
      return;
  }
  Allocations[Base] = Allocation{Base, Size, AllocKind::Symbol, 0};
  Generation.fetch_add(1, std::memory_order_release);
}

void Allocator::releaseAll() {
  std::unique_lock<std::shared_mutex> Lock(M);
  for (auto It = Allocations.begin(); It != Allocations.end();) {
    AllocKind Kind = It->second.Kind;
    if (Kind == AllocKind::Symbol) {
      ++It; // the variables outlive a reset
      continue;
    }
    if (Kind != AllocKind::Registered)
      std::free(reinterpret_cast<void *>(It->first));
    It = Allocations.erase(It);
  }
  Generation.fetch_add(1, std::memory_order_release);
  InUse = 0;
}

size_t Allocator::bytesInUse() {
  std::shared_lock<std::shared_mutex> Lock(M);
  return InUse;
}

} // namespace loom
