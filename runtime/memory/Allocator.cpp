// Allocator.cpp - aligned host allocations with a range map for frees and pointer queries.
// SPDX-License-Identifier: Apache-2.0
#include "memory/Allocator.h"

#include <cstdlib>

namespace loom {

Allocator::~Allocator() { releaseAll(); }

cudaError_t Allocator::allocate(size_t Size, AllocKind Kind, unsigned Flags, void **Out) {
  if (!Out)
    return cudaErrorInvalidValue;
  *Out = nullptr;
  if (Size == 0)
    return cudaSuccess;
  if (Size > Limit || Size > SIZE_MAX - Alignment)
    return cudaErrorMemoryAllocation;
  size_t Rounded = (Size + Alignment - 1) / Alignment * Alignment;
  void *Ptr = std::aligned_alloc(Alignment, Rounded);
  if (!Ptr)
    return cudaErrorMemoryAllocation;
  std::lock_guard<std::mutex> Lock(M);
  auto Base = reinterpret_cast<uintptr_t>(Ptr);
  Allocations[Base] = Allocation{Base, Size, Kind, Flags};
  InUse += Rounded;
  *Out = Ptr;
  return cudaSuccess;
}

cudaError_t Allocator::release(void *Ptr, unsigned Kinds) {
  std::lock_guard<std::mutex> Lock(M);
  auto It = Allocations.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == Allocations.end() || !(Kinds & bit(It->second.Kind)) ||
      It->second.Kind == AllocKind::Registered)
    return cudaErrorInvalidValue;
  InUse -= (It->second.Size + Alignment - 1) / Alignment * Alignment;
  Allocations.erase(It);
  std::free(Ptr);
  return cudaSuccess;
}

cudaError_t Allocator::registerHost(void *Ptr, size_t Size, unsigned Flags) {
  if (!Ptr || Size == 0)
    return cudaErrorInvalidValue;
  std::lock_guard<std::mutex> Lock(M);
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
  std::lock_guard<std::mutex> Lock(M);
  auto It = Allocations.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == Allocations.end() || It->second.Kind != AllocKind::Registered)
    return cudaErrorHostMemoryNotRegistered;
  Allocations.erase(It);
  return cudaSuccess;
}

bool Allocator::find(const void *Ptr, Allocation *Out) {
  std::lock_guard<std::mutex> Lock(M);
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

void Allocator::releaseAll() {
  std::lock_guard<std::mutex> Lock(M);
  for (auto &Entry : Allocations)
    if (Entry.second.Kind != AllocKind::Registered)
      std::free(reinterpret_cast<void *>(Entry.first));
  Allocations.clear();
  InUse = 0;
}

size_t Allocator::bytesInUse() {
  std::lock_guard<std::mutex> Lock(M);
  return InUse;
}

} // namespace loom
