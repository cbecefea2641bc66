// Append.cpp - per-thread staging of appends through a global counter.
// SPDX-License-Identifier: Apache-2.0
#include "device/Append.h"

#include "loom/KernelABI.h"

#include <cstdint>
#include <cstring>
#include <memory>

namespace loom {

namespace {

struct Stream {
  void *Count;
  char *Out;
  uint64_t Elem;
  uint32_t Flags;
  uint32_t Used; // elements staged
  uint32_t Cap;  // elements that fit
  char *Buf;
};

/// Trivially constructed and destroyed, in the initial-exec TLS model: a
/// kernel calls __loom_append per thread or gang, and a general-dynamic
/// access (a __tls_get_addr call) or a lazily-constructed thread_local (an
/// init check) would cost as much as the uncontended atomic it replaces.
struct Staging {
  Stream S[AppendMaxStreams];
  unsigned N;    // streams in use
  unsigned Last; // the stream of the previous call
  char *Buffers; // AppendMaxStreams buffers, 64-byte aligned; null until used
};

__attribute__((tls_model("initial-exec"))) thread_local Staging TLS;

/// Owns the calling thread's buffers; touched only when they are made.
thread_local std::unique_ptr<char[]> BufferStorage;

char *buffer(Staging &T, unsigned I) {
  if (!T.Buffers) {
    BufferStorage.reset(new char[AppendMaxStreams * AppendStagingBytes + 64]);
    auto Base = (reinterpret_cast<uintptr_t>(BufferStorage.get()) + 63) & ~uintptr_t(63);
    T.Buffers = reinterpret_cast<char *>(Base);
  }
  return T.Buffers + I * AppendStagingBytes;
}

/// Reserves \p N elements of (Count, Out) with one atomic; the first one's
/// address in Out.
char *claim(void *Count, char *Out, uint64_t Elem, uint32_t Flags, uint64_t N) {
  int64_t Index;
  if (Flags & LOOM_APPEND_COUNTER64) {
    Index = static_cast<int64_t>(
        __atomic_fetch_add(static_cast<uint64_t *>(Count), N, __ATOMIC_RELAXED));
  } else {
    uint32_t Old = __atomic_fetch_add(static_cast<uint32_t *>(Count), static_cast<uint32_t>(N),
                                      __ATOMIC_RELAXED);
    Index = (Flags & LOOM_APPEND_SIGNED_INDEX) ? int64_t(int32_t(Old)) : int64_t(Old);
  }
  return Out + Index * static_cast<int64_t>(Elem);
}

void flush(Stream &S) {
  if (!S.Used)
    return;
  std::memcpy(claim(S.Count, S.Out, S.Elem, S.Flags, S.Used), S.Buf, size_t(S.Used) * S.Elem);
  S.Used = 0;
}

} // namespace

void flushAppends() {
  Staging &T = TLS;
  for (unsigned I = 0; I < T.N; ++I)
    flush(T.S[I]);
  T.N = 0;
  T.Last = 0;
}

void discardAppends() {
  Staging &T = TLS;
  for (unsigned I = 0; I < T.N; ++I)
    T.S[I].Used = 0;
  T.N = 0;
  T.Last = 0;
}

} // namespace loom

extern "C" void *__loom_append(void *Count, void *OutPtr, uint64_t Elem, uint32_t N,
                               uint32_t Flags) {
  using namespace loom;
  char *Out = static_cast<char *>(OutPtr);
  Staging &T = TLS;
  Stream *S = nullptr;
  if (T.Last < T.N) {
    Stream &P = T.S[T.Last];
    if (P.Count == Count && P.Out == Out && P.Elem == Elem && P.Flags == Flags)
      S = &P;
  }
  if (!S) {
    for (unsigned I = 0; I < T.N && !S; ++I)
      if (T.S[I].Count == Count && T.S[I].Out == Out && T.S[I].Elem == Elem &&
          T.S[I].Flags == Flags) {
        S = &T.S[I];
        T.Last = I;
      }
  }
  if (!S) {
    if (Elem == 0 || Elem > AppendStagingBytes)
      return claim(Count, Out, Elem, Flags, N); // nothing to gain from staging
    if (T.N == AppendMaxStreams)
      flushAppends();
    T.Last = T.N++;
    S = &T.S[T.Last];
    *S = Stream{Count, Out, Elem, Flags, 0, uint32_t(AppendStagingBytes / Elem),
                buffer(T, T.Last)};
  }
  if (S->Used + uint64_t(N) > S->Cap) {
    flush(*S);
    if (N > S->Cap)
      return claim(Count, Out, Elem, Flags, N); // more than a buffer: in place
  }
  char *At = S->Buf + uint64_t(S->Used) * Elem;
  S->Used += N;
  return At;
}
