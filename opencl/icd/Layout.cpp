// Layout.cpp - shadow copies for the data-layout transformation (issue #15): an
// array-of-structures buffer kept as a structure of arrays while kernels use it so.
// SPDX-License-Identifier: Apache-2.0
//
// A kernel variant built with -loom-layout (opencl/compiler/Layout.cpp)
// reads field (c, w) of element i at byte N * c + i * w of its argument,
// N the element count stored in the 8 bytes before it. The buffer keeps
// its bytes as the application wrote them; its shadow is that copy.
// Converting costs a pass over the buffer each way, so it is done lazily
// and kept across launches:
//  - a launch of a layout variant gathers the fields into the shadow
//    unless the shadow is current, and if the kernel writes, marks the
//    buffer's own bytes stale;
//  - every other command that touches the buffer's bytes (copies, fills,
//    maps, image commands on it, kernels that take it as it is) first
//    scatters a newer shadow back (hostView) and, if it writes, marks the
//    shadow stale.
// So a program that launches its kernels over the buffer again and again
// converts once, and reads back once. One that converts about as often as
// it launches (a read-back after every launch) loses: after 4 conversions
// with fewer launches than conversions the buffer is never transformed
// again (layoutPays), and its copy is freed. Only the kernel's fields travel:
// bytes it never touches (padding, fields it ignores) stay in the buffer.
// Every command runs on its queue's executor in order, and a buffer's
// commands on two queues are ordered by the application's events, so the
// state changes in the order the commands run; layoutLock guards it.
#include "Objects.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <thread>
#include <cstring>

namespace loomcl {

struct LayoutShadow {
  std::string key;      // the layout (LayoutDesc::text)
  LayoutDesc layout;
  char *base = nullptr; // the allocation: 128 bytes, then the fields
  char *soa = nullptr;  // base + 128; the element count at soa - 8
  uint64_t elements = 0;
  bool soaCurrent = false; // the shadow holds the buffer's latest fields
  bool aosCurrent = true;  // the buffer holds them
};

namespace {

/// Copies field (C, W) of elements [B, E) of N Stride-byte elements between
/// the layouts.
template <size_t W>
void gatherField(char *Soa, const char *Aos, uint64_t N, uint64_t Stride, uint64_t C, uint64_t B,
                 uint64_t E) {
  char *D = Soa + N * C;
  for (uint64_t I = B; I < E; ++I)
    std::memcpy(D + I * W, Aos + I * Stride + C, W);
}

template <size_t W>
void scatterField(char *Aos, const char *Soa, uint64_t N, uint64_t Stride, uint64_t C,
                  uint64_t B, uint64_t E) {
  const char *S = Soa + N * C;
  for (uint64_t I = B; I < E; ++I)
    std::memcpy(Aos + I * Stride + C, S + I * W, W);
}

/// Elements [B, E), every field.
void convertBlock(const LayoutShadow &S, char *Aos, bool ToSoa, uint64_t B, uint64_t E);
void convertRange(const LayoutShadow &S, char *Aos, bool ToSoa, uint64_t B, uint64_t E) {
  // In blocks of elements that stay in the first-level cache while each of
  // their fields goes to (or comes from) its array: the buffer streams once.
  uint64_t Block = std::max<uint64_t>(1, 16384 / S.layout.stride);
  for (uint64_t I = B; I < E; I += Block)
    convertBlock(S, Aos, ToSoa, I, std::min(E, I + Block));
}

void convertBlock(const LayoutShadow &S, char *Aos, bool ToSoa, uint64_t B, uint64_t E) {
  uint64_t N = S.elements, Stride = S.layout.stride;
  for (auto [C, W] : S.layout.fields) {
    switch (W) {
#define LOOM_FIELD(Width)                                                                         \
  case Width:                                                                                      \
    ToSoa ? gatherField<Width>(S.soa, Aos, N, Stride, C, B, E)                                     \
          : scatterField<Width>(Aos, S.soa, N, Stride, C, B, E);                                   \
    break;
      LOOM_FIELD(1)
      LOOM_FIELD(2)
      LOOM_FIELD(4)
      LOOM_FIELD(8)
      LOOM_FIELD(12)
      LOOM_FIELD(16)
      LOOM_FIELD(32)
#undef LOOM_FIELD
    default:
      for (uint64_t I = B; I < E; ++I)
        ToSoa ? std::memcpy(S.soa + N * C + I * W, Aos + I * Stride + C, W)
              : std::memcpy(Aos + I * Stride + C, S.soa + N * C + I * W, W);
    }
  }
}

/// Converts the whole buffer; from 8 MiB on, on every hardware thread (the
/// conversion is bound by memory, which one core does not saturate).
void convert(const LayoutShadow &S, char *Aos, bool ToSoa) {
  uint64_t N = S.elements;
  unsigned T = std::thread::hardware_concurrency();
  if (T < 2 || N * S.layout.stride < (uint64_t(8) << 20)) {
    convertRange(S, Aos, ToSoa, 0, N);
    return;
  }
  std::vector<std::thread> Threads;
  uint64_t Chunk = (N + T - 1) / T;
  for (unsigned I = 1; I < T; ++I)
    if (I * Chunk < N)
      Threads.emplace_back(convertRange, std::cref(S), Aos, ToSoa, I * Chunk,
                           std::min(N, (I + 1) * Chunk));
  convertRange(S, Aos, ToSoa, 0, std::min(N, Chunk));
  for (std::thread &X : Threads)
    X.join();
}

/// Brings the buffer's bytes up to date; the caller holds layoutLock.
void syncBack(cl_mem M) {
  LayoutShadow *S = M->shadow;
  if (S && !S->aosCurrent) {
    convert(*S, M->data, false);
    S->aosCurrent = true;
    M->layoutConversions.fetch_add(1);
  }
}

void freeShadow(cl_mem M) {
  if (M->shadow) {
    std::free(M->shadow->base);
    delete M->shadow;
    M->shadow = nullptr;
  }
}

} // namespace

char *layoutView(cl_mem M, const LayoutDesc &L) {
  std::lock_guard<std::mutex> G(M->layoutLock);
  LayoutShadow *S = M->shadow;
  if (S && (S->key != L.text || S->elements != M->size / L.stride)) {
    syncBack(M); // another layout: the buffer first gets this one's changes
    freeShadow(M);
    S = nullptr;
  }
  if (!S) {
    uint64_t N = M->size / L.stride;
    char *Base = allocateBufferMemory(128 + N * L.stride);
    if (!Base)
      return nullptr;
    S = new LayoutShadow();
    S->key = L.text;
    S->layout = L;
    S->base = Base;
    S->soa = Base + 128;
    S->elements = N;
    std::memcpy(S->soa - 8, &N, 8);
    M->shadow = S;
    M->shadowed.store(true);
  }
  if (!S->soaCurrent) {
    convert(*S, M->data, true);
    S->soaCurrent = true;
    M->layoutConversions.fetch_add(1);
  }
  M->layoutLaunches.fetch_add(1);
  if (L.writes)
    S->aosCurrent = false;
  return S->soa;
}

void hostView(cl_mem M, bool Write) {
  while (M->parent) // a sub-buffer or an image on a buffer: the buffer's bytes
    M = M->parent;
  if (!M->shadowed.load(std::memory_order_acquire))
    return;
  std::lock_guard<std::mutex> G(M->layoutLock);
  LayoutShadow *S = M->shadow;
  if (!S)
    return;
  syncBack(M);
  if (M->layoutOff.load())
    freeShadow(M); // no layout launch will use it again
  else if (Write)
    S->soaCurrent = false;
}

bool layoutPays(cl_mem M) {
  if (M->layoutOff.load())
    return false;
  // A program that reads the buffer back (or writes it) after almost every
  // launch pays a conversion per launch and gains little: after 4
  // conversions, fewer launches than conversions turn the layout off.
  uint32_t Conversions = M->layoutConversions.load(), Launches = M->layoutLaunches.load();
  if (Conversions >= 4 && Launches < Conversions) {
    M->layoutOff.store(true);
    return false;
  }
  return true;
}

void dropShadow(cl_mem M) {
  std::lock_guard<std::mutex> G(M->layoutLock);
  freeShadow(M);
}

} // namespace loomcl
