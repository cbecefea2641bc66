// Allocator.cpp - aligned host allocations with a range map for frees and pointer queries.
// SPDX-License-Identifier: Apache-2.0
#include "memory/Allocator.h"

#include <cstdlib>
#include <iterator>
#include <sys/mman.h>

namespace loom {

Allocator::~Allocator() { releaseAll(); }

cudaError_t Allocator::allocate(size_t Size, AllocKind Kind, unsigned Flags, void **Out) {
  if (!Out)
    return cudaErrorInvalidValue;
  *Out = nullptr;
  if (Size == 0)
    return cudaSuccess;
  if (Size > Limit || Size > SIZE_MAX - HugePageBytes)
    return cudaErrorMemoryAllocation;
  size_t Rounded = roundedSize(Size);
  bool Huge = huge(Size);
  void *Ptr = std::aligned_alloc(Huge ? HugePageBytes : Alignment, Rounded);
  if (!Ptr)
    return cudaErrorMemoryAllocation;
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
    return cudaErrorInvalidValue;
  InUse -= roundedSize(It->second.Size);
  Allocations.erase(It);
  std::free(Ptr);
  return cudaSuccess;
}

cudaError_t Allocator::registerHost(void *Ptr, size_t Size, unsigned Flags) {
  if (!Ptr || Size == 0)
    return cudaErrorInvalidValue;
  std::unique_lock<std::shared_mutex> Lock(M);
  auto Base = reinterpret_cast<uintptr_t>(Ptr);
  // Reject overlap with any tracked range.
  auto Next = Allocations.lower_bound(Base);
  if (Next != Allocations.end() && Next->first < Base + Size)
    return cudaErrorHostMemoryAlreadyRegistered;
  if (Next != Allocations.begin()) {
    auto Prev = std::prev(Next);
    if (Prev->first + Prev->second.Size > Base)
      return cudaErrorHostMemoryAlreadyRegistered;
  }
  Allocations[Base] = Allocation{Base, Size, AllocKind::Registered, Flags};
  return cudaSuccess;
}

cudaError_t Allocator::unregisterHost(void *Ptr) {
  std::unique_lock<std::shared_mutex> Lock(M);
  auto It = Allocations.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == Allocations.end() || It->second.Kind != AllocKind::Registered)
    return cudaErrorHostMemoryNotRegistered;
  Allocations.erase(It);
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

RangeStatus Allocator::classify(const void *Ptr, size_t Bytes, AllocKind *Kind) {
  auto Begin = reinterpret_cast<uintptr_t>(Ptr);
  uintptr_t End;
  if (__builtin_add_overflow(Begin, Bytes, &End))
    return RangeStatus::Invalid;
  std::shared_lock<std::shared_mutex> Lock(M);
  // The first range starting above Begin; the one before it may contain Begin.
  auto Next = Allocations.upper_bound(Begin);
  if (Next != Allocations.begin()) {
    const Allocation &A = std::prev(Next)->second;
    if (Begin < A.Base + A.Size) {
      if (End > A.Base + A.Size)
        return RangeStatus::Invalid;
      if (Kind)
        *Kind = A.Kind;
      return RangeStatus::Inside;
    }
  }
  if (Next != Allocations.end() && Next->first < End)
    return RangeStatus::Invalid;
  return RangeStatus::Untracked;
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
  InUse = 0;
}

size_t Allocator::bytesInUse() {
  std::shared_lock<std::shared_mutex> Lock(M);
  return InUse;
}

} // namespace loom
