// ApiFuzz.cpp - a libFuzzer target that drives Loom's CUDA runtime API with arguments taken from the fuzz input (issue #16).
// SPDX-License-Identifier: Apache-2.0
//
// Each input is a program of API calls: memory (malloc/free of every kind,
// memcpy/memset, 1D/2D/3D, sync and async, arrays, symbols, pools, host
// registration), streams, events, graphs, textures and surfaces, kernel
// launches with fuzzed grids, blocks and shared sizes, device attributes
// and limits, and the driver API. Pointers and handles are drawn from what
// earlier calls of the same input returned (live, at an offset, freed or
// destroyed), from null, and from addresses that are never mapped. The
// runtime is compiled with AddressSanitizer and libFuzzer's coverage
// (tests/fuzz/api/CMakeLists.txt), so an out-of-bounds read or write in it
// is a report, and the oracle is:
//  - no crash, no sanitizer report, no hang;
//  - a call whose arguments this file's model says are invalid returns an
//    error, never cudaSuccess;
//  - a call the model says is valid returns cudaSuccess, and a copy or fill
//    leaves every byte of every buffer this input owns as the host model
//    computed (device memory is host memory in Loom, so the check reads it
//    directly);
//  - a kernel launch that succeeds wrote what its kernel writes.
// A violation aborts with the call and its arguments. Arguments whose
// validity the model does not decide (sizes of 0, addresses CUDA leaves
// undefined) only need to return without harm; the buffers are then
// re-read into the model.
//
// Garbage addresses are chosen so that they are never mapped, even under
// AddressSanitizer (whose shadow covers most of the low 16 TiB): the shadow
// gap, page zero, and non-canonical addresses (host sides: page zero only). A host-side pointer is never
// a freed one (CUDA cannot tell freed pageable memory from live; Loom treats
// it as pageable memory too, and the sanitizer would rightly report it).
#include "../../unit/runtime/FakeModule.h"

#include "cuda.h"
#include "cuda_runtime_api.h"
#include "driver_functions.h"
#include "texture_types.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

enum class Kind { Device, Managed, Pinned, Host, Pitched, Registered };

struct Buffer {
  char *Base = nullptr;
  size_t Size = 0;
  Kind K = Kind::Device;
  bool Live = true;
  std::vector<unsigned char> Model; // what every byte should hold
  std::vector<unsigned char> HostStorage;
  size_t Pitch = 0; // Pitched: bytes per row
};

constexpr uintptr_t GarbageAddresses[] = {
    0x10,                  // page zero
    0xff8,                 // page zero, near its end
    0x100000000,           // AddressSanitizer's shadow gap (unmapped, protected)
    0x300000001,           // the same, odd
    0x8000000000000000ull, // non-canonical
    0xffffffffffff0000ull, // kernel space
};

[[noreturn]] void violation(const std::string &What) {
  std::fprintf(stderr, "api-fuzz: VIOLATION: %s\n", What.c_str());
  // Fork mode (run.sh with -fork) keeps no child's output: a log of its own.
  if (const char *Log = std::getenv("LOOM_API_FUZZ_LOG"))
    if (FILE *F = std::fopen(Log, "a")) {
      std::fprintf(F, "VIOLATION: %s\n", What.c_str());
      std::fclose(F);
    }
  std::fflush(stderr);
  std::abort();
}

std::string hex(const void *P) {
  char B[32];
  std::snprintf(B, sizeof(B), "%p", P);
  return B;
}

/// A pointer the input chose, and what the model knows about it.
struct Pick {
  void *Ptr = nullptr;
  Buffer *Buf = nullptr; // live or freed buffer it points into (or at)
  size_t Offset = 0;
  bool Garbage = false;
};

class Session {
public:
  explicit Session(FuzzedDataProvider &In) : In(In) {}
  ~Session() { cleanUp(); }
  void run();

private:
  FuzzedDataProvider &In;
  std::vector<Buffer *> Buffers; // owned
  std::vector<cudaStream_t> Streams, DeadStreams;
  std::vector<cudaEvent_t> Events, DeadEvents;
  std::vector<cudaArray_t> Arrays, DeadArrays;
  std::vector<cudaTextureObject_t> Textures, DeadTextures;
  std::vector<cudaSurfaceObject_t> Surfaces, DeadSurfaces;
  std::vector<cudaGraph_t> Graphs, DeadGraphs;
  std::vector<cudaGraphExec_t> Execs, DeadExecs;
  int Step = 0;

  // --- choosing arguments -------------------------------------------------
  size_t size(size_t Small = 4096) {
    switch (In.ConsumeIntegralInRange<int>(0, 9)) {
    case 0:
      return 0;
    case 1:
      return SIZE_MAX - In.ConsumeIntegralInRange<size_t>(0, 16);
    case 2:
      return size_t(1) << In.ConsumeIntegralInRange<int>(45, 62); // more than any host has
    default:
      return In.ConsumeIntegralInRange<size_t>(1, Small);
    }
  }
  Buffer *anyBuffer(bool LiveOnly) {
    std::vector<Buffer *> C;
    for (Buffer *B : Buffers)
      if (!LiveOnly || B->Live)
        C.push_back(B);
    if (C.empty())
      return nullptr;
    return C[In.ConsumeIntegralInRange<size_t>(0, C.size() - 1)];
  }
  /// A pointer for an argument. \p HostSide: never a freed buffer.
  Pick pointer(bool HostSide) {
    Pick P;
    int What = In.ConsumeIntegralInRange<int>(0, 9);
    if (What == 0)
      return P; // null
    if (What == 1) {
      P.Garbage = true;
      // A host side is copied by the runtime (under its fault guard), but
      // AddressSanitizer's memmove checks the shadow of the range first, and
      // the shadow of the gap or of a non-canonical address is itself
      // unmapped: only page zero gets through to the guard there.
      P.Ptr = reinterpret_cast<void *>(GarbageAddresses[In.ConsumeIntegralInRange<size_t>(
          0, HostSide ? 1 : std::size(GarbageAddresses) - 1)]);
      return P;
    }
    Buffer *B = anyBuffer(HostSide || What > 3);
    if (!B)
      return P;
    P.Buf = B;
    // Mostly inside; sometimes at or past the end.
    size_t Off = 0;
    switch (In.ConsumeIntegralInRange<int>(0, 5)) {
    case 0:
    case 1:
      Off = 0;
      break;
    case 2:
      Off = B->Size;
      break;
    case 3:
      Off = B->Size + In.ConsumeIntegralInRange<size_t>(1, 64);
      break;
    default:
      Off = B->Size ? In.ConsumeIntegralInRange<size_t>(0, B->Size - 1) : 0;
    }
    // A host side that starts outside every tracked range is pageable memory
    // to CUDA and to Loom, which copy it: start inside the buffer (the
    // runtime must then refuse a range that runs past its end).
    if (HostSide && Off >= B->Size)
      Off = B->Size - 1;
    P.Offset = Off;
    P.Ptr = B->Base + Off;
    return P;
  }
  template <typename T> T handle(std::vector<T> &Live, std::vector<T> &Dead, T Null) {
    switch (In.ConsumeIntegralInRange<int>(0, 7)) {
    case 0:
      return Null;
    case 1:
      return Dead.empty() ? Null : Dead[In.ConsumeIntegralInRange<size_t>(0, Dead.size() - 1)];
    case 2:
      if constexpr (std::is_pointer_v<T>)
        return reinterpret_cast<T>(
            GarbageAddresses[In.ConsumeIntegralInRange<size_t>(0, std::size(GarbageAddresses) - 1)]);
      else
        return T(In.ConsumeIntegral<uint64_t>());
    default:
      return Live.empty() ? Null : Live[In.ConsumeIntegralInRange<size_t>(0, Live.size() - 1)];
    }
  }
  cudaStream_t stream() {
    if (In.ConsumeIntegralInRange<int>(0, 9) == 0)
      return cudaStreamPerThread;
    return handle(Streams, DeadStreams, cudaStream_t(nullptr));
  }
  static bool liveIn(cudaStream_t S, const std::vector<cudaStream_t> &Live) {
    return !S || S == cudaStreamPerThread ||
           std::find(Live.begin(), Live.end(), S) != Live.end();
  }

  // --- the model ----------------------------------------------------------
  static bool tracked(Kind K) { return K != Kind::Host; }
  /// Is [P, P + Bytes) wholly inside one live buffer of the right sort?
  /// 1: yes; 0: no (the runtime must refuse it); -1: unknown.
  int valid(const Pick &P, size_t Bytes, bool DeviceSide) const {
    if (!P.Ptr)
      return 0;
    if (P.Garbage)
      return 0;
    const Buffer &B = *P.Buf;
    if (!B.Live) {
      // Freed: a later allocation may have reused the address.
      for (const Buffer *O : Buffers)
        if (O->Live && P.Ptr >= static_cast<void *>(O->Base) &&
            static_cast<char *>(P.Ptr) < O->Base + O->Size + 1)
          return -1;
      return 0;
    }
    if (DeviceSide && !tracked(B.K))
      return 0;
    if (!tracked(B.K))
      return P.Offset + Bytes <= B.Size ? 1 : -1; // pageable: only in range is known
    return P.Offset <= B.Size && Bytes <= B.Size - P.Offset ? 1 : 0;
  }
  /// The harness's own pageable memory must never be overrun: CUDA and
  /// Loom both accept any untracked host range, so such a call is the
  /// caller's bug (the sanitizer would report it), and is not made.
  static bool hostOverrun(const Pick &P, size_t Bytes) {
    return P.Ptr && !P.Garbage && P.Buf->K == Kind::Host &&
           (P.Offset > P.Buf->Size || Bytes > P.Buf->Size - P.Offset);
  }
  /// Page zero as a host side with a range of terabytes: the runtime copies
  /// it (pageable memory) and faults, but AddressSanitizer's memmove checks
  /// the range's shadow first and fails its own size check (1 << 40).
  static bool asanLimit(const Pick &P, size_t Bytes) {
    return P.Garbage && Bytes > (size_t(1) << 30);
  }
  void verify(const char *What) {
    for (Buffer *B : Buffers)
      if (B->Live && B->Size && std::memcmp(B->Base, B->Model.data(), B->Size) != 0) {
        size_t I = 0;
        while (B->Base[I] == char(B->Model[I]))
          ++I;
        violation(std::string(What) + " (step " + std::to_string(Step) + "): byte " +
                  std::to_string(I) + " of the buffer at " + hex(B->Base) + " (" +
                  std::to_string(B->Size) + " bytes) is " +
                  std::to_string(static_cast<unsigned char>(B->Base[I])) + ", the model says " +
                  std::to_string(B->Model[I]));
      }
  }
  static bool sticky(int E) {
    return E == cudaErrorIllegalAddress || E == cudaErrorLaunchFailure ||
           E == CUDA_ERROR_ILLEGAL_ADDRESS || E == CUDA_ERROR_LAUNCH_FAILED;
  }
  /// Waits for the device; an asynchronous copy through a bad host pointer
  /// leaves a sticky error, after which every call fails: start afresh.
  void settle() {
    if (sticky(cudaDeviceSynchronize()))
      deviceReset();
  }
  void resync() {
    settle();
    for (Buffer *B : Buffers)
      if (B->Live && B->Size)
        std::memcpy(B->Model.data(), B->Base, B->Size);
  }
  /// The model's copy: \p Rows rows of \p Width bytes.
  void modelCopy(const Pick &Dst, size_t DPitch, const Pick &Src, size_t SPitch, size_t Width,
                 size_t Rows) {
    std::vector<unsigned char> Tmp(Width * Rows);
    for (size_t R = 0; R < Rows; ++R)
      std::memcpy(&Tmp[R * Width], &Src.Buf->Model[Src.Offset + R * SPitch], Width);
    for (size_t R = 0; R < Rows; ++R)
      std::memcpy(&Dst.Buf->Model[Dst.Offset + R * DPitch], &Tmp[R * Width], Width);
  }
  void modelFill(const Pick &Dst, size_t Pitch, int Value, size_t Width, size_t Rows) {
    for (size_t R = 0; R < Rows; ++R)
      std::memset(&Dst.Buf->Model[Dst.Offset + R * Pitch], Value, Width);
  }
  /// Checks a call's code against the model's verdict (1 valid, 0 invalid).
  /// A sticky error (an asynchronous copy through a bad host pointer) resets
  /// the device and the model.
  void expect(cudaError_t Got, int Verdict, const std::string &Call) {
    if (sticky(Got)) {
      deviceReset();
      return;
    }
    if (Verdict == 1 && Got != cudaSuccess)
      violation(Call + " returned " + cudaGetErrorName(Got) + " for valid arguments");
    if (Verdict == 0 && Got == cudaSuccess)
      violation(Call + " returned cudaSuccess for invalid arguments");
  }
  void deviceReset() {
    for (Buffer *B : Buffers)
      if (B->K == Kind::Registered)
        cudaHostUnregister(B->Base);
    cudaDeviceReset();
    cudaGetLastError();
    for (Buffer *B : Buffers)
      if (B->K != Kind::Host && B->K != Kind::Registered)
        B->Live = false;
      else if (B->K == Kind::Registered)
        B->K = Kind::Host; // the registration is gone
    auto Kill = [](auto &Live, auto &Dead) {
      Dead.insert(Dead.end(), Live.begin(), Live.end());
      Live.clear();
    };
    Kill(Streams, DeadStreams);
    Kill(Events, DeadEvents);
    Kill(Arrays, DeadArrays);
    Kill(Textures, DeadTextures);
    Kill(Surfaces, DeadSurfaces);
    Kill(Graphs, DeadGraphs);
    Kill(Execs, DeadExecs);
  }
  std::string describe(const Pick &P) const {
    if (!P.Ptr)
      return "null";
    if (P.Garbage)
      return hex(P.Ptr);
    return std::string(P.Buf->Live ? "" : "freed ") +
           (P.Buf->K == Kind::Host ? "host" : "tracked") + " buffer+" + std::to_string(P.Offset) +
           " (of " + std::to_string(P.Buf->Size) + ")";
  }

  Buffer *adopt(char *Base, size_t Size, Kind K) {
    auto *B = new Buffer;
    B->Base = Base;
    B->Size = Size;
    B->K = K;
    B->Model.assign(Size, 0);
    Buffers.push_back(B);
    return B;
  }
  void fillNew(Buffer *B) {
    unsigned char V = In.ConsumeIntegral<unsigned char>();
    std::memset(B->Base, V, B->Size); // Loom's device memory is host memory
    std::fill(B->Model.begin(), B->Model.end(), V);
  }

  // --- operations ---------------------------------------------------------
  void allocate();
  void release();
  void copy();
  void fill();
  void copy2D();
  void copy3D();
  void streamsAndEvents();
  void launch();
  void deviceQueries();
  void graphs();
  void arrays();
  void texturesAndSurfaces();
  void symbols();
  void driver();
  void pointerQueries();
  void hostRegistration();
  void cleanUp();
};

void Session::allocate() {
  int What = In.ConsumeIntegralInRange<int>(0, 6);
  size_t N = size(8192);
  bool Huge = N >= (size_t(1) << 45);
  void *P = nullptr;
  cudaError_t E;
  Kind K = Kind::Device;
  size_t Pitch = 0;
  std::string Call;
  switch (What) {
  case 0:
    E = cudaMalloc(&P, N), Call = "cudaMalloc";
    break;
  case 1:
    E = cudaMallocManaged(&P, N, cudaMemAttachGlobal), K = Kind::Managed, Call = "cudaMallocManaged";
    break;
  case 2:
    E = cudaMallocHost(&P, N), K = Kind::Pinned, Call = "cudaMallocHost";
    break;
  case 3: {
    size_t W = In.ConsumeIntegralInRange<size_t>(0, 512), H = In.ConsumeIntegralInRange<size_t>(0, 16);
    if (In.ConsumeBool() && In.ConsumeBool())
      H = size(); // huge heights
    E = cudaMallocPitch(&P, &Pitch, W, H), K = Kind::Pitched, Call = "cudaMallocPitch";
    Huge = W && H >= (size_t(1) << 45);
    N = E == cudaSuccess ? Pitch * H : 0;
    if (E == cudaSuccess && N > (size_t(1) << 24)) // too big to model: let it go
      return (void)cudaFree(P);
    if (E == cudaSuccess && P && (Pitch < W))
      violation("cudaMallocPitch gave a pitch below the width");
    break;
  }
  case 4: {
    cudaStream_t S = stream();
    E = cudaMallocAsync(&P, N, S), Call = "cudaMallocAsync";
    if (E == cudaSuccess && !liveIn(S, Streams))
      violation("cudaMallocAsync succeeded on a destroyed or garbage stream");
    break;
  }
  case 5: {
    // Harness-owned pageable memory (a host side only, never past its end).
    auto *B = adopt(nullptr, 0, Kind::Host);
    B->HostStorage.resize(N > 65536 || N == 0 ? 64 : N);
    B->Base = reinterpret_cast<char *>(B->HostStorage.data());
    B->Size = B->HostStorage.size();
    B->Model.assign(B->Size, 0);
    fillNew(B);
    return;
  }
  default: {
    unsigned Flags = In.ConsumeIntegralInRange<unsigned>(0, 16);
    E = cudaHostAlloc(&P, N, Flags), K = Kind::Pinned, Call = "cudaHostAlloc";
    if (E == cudaSuccess && Flags > 7)
      violation("cudaHostAlloc accepted flags " + std::to_string(Flags));
    break;
  }
  }
  if (E == cudaErrorIllegalAddress || E == cudaErrorLaunchFailure)
    return deviceReset();
  if (E != cudaSuccess) {
    if (N && !Huge && What != 3 && What != 4 && What != 6)
      violation(Call + "(" + std::to_string(N) + ") failed: " + cudaGetErrorName(E));
    cudaGetLastError();
    return;
  }
  if (Huge)
    violation(Call + " of " + std::to_string(N) + " bytes succeeded");
  if (!P || !N) {
    if (!P && N)
      violation(Call + " succeeded with a null pointer for " + std::to_string(N) + " bytes");
    if (P)
      K == Kind::Pinned ? cudaFreeHost(P) : cudaFree(P);
    return;
  }
  if (What == 4)
    cudaStreamSynchronize(nullptr), cudaDeviceSynchronize();
  Buffer *B = adopt(static_cast<char *>(P), N, K);
  B->Pitch = Pitch;
  fillNew(B);
}

void Session::release() {
  int What = In.ConsumeIntegralInRange<int>(0, 3);
  Pick P = pointer(false);
  // Valid only at the exact base of a live buffer of the call's kind.
  auto ExactBase = [&](bool Pinned) {
    if (!P.Ptr || P.Garbage || P.Offset != 0)
      return P.Ptr ? (P.Garbage ? 0 : -1) : 1; // free(null) succeeds
    bool Kinds = Pinned ? P.Buf->K == Kind::Pinned
                        : (P.Buf->K == Kind::Device || P.Buf->K == Kind::Managed ||
                           P.Buf->K == Kind::Pitched);
    if (P.Buf->Live)
      return Kinds ? 1 : (P.Buf->K == Kind::Host ? 0 : 0);
    return valid(P, 0, false) == -1 ? -1 : 0;
  };
  cudaError_t E;
  int Verdict;
  std::string Call;
  switch (What) {
  case 0:
  case 1:
    Verdict = ExactBase(false), E = cudaFree(P.Ptr), Call = "cudaFree";
    break;
  case 2:
    Verdict = ExactBase(true), E = cudaFreeHost(P.Ptr), Call = "cudaFreeHost";
    break;
  default: {
    cudaStream_t S = stream();
    Verdict = liveIn(S, Streams) ? ExactBase(false) : (P.Ptr ? 0 : -1);
    if (P.Ptr && !P.Garbage && P.Buf->K == Kind::Managed)
      Verdict = -1; // CUDA leaves cudaFreeAsync of managed memory unspecified
    E = cudaFreeAsync(P.Ptr, S), Call = "cudaFreeAsync";
    cudaDeviceSynchronize();
    break;
  }
  }
  if (E == cudaSuccess && P.Ptr && Verdict != 0)
    for (Buffer *B : Buffers)
      if (B->Live && B->Base == P.Ptr && B->K != Kind::Host)
        B->Live = false;
  expect(E, Verdict, Call + "(" + describe(P) + ")");
  cudaGetLastError();
  verify(Call.c_str());
}

cudaMemcpyKind kindFrom(int K) { return static_cast<cudaMemcpyKind>(K); }

void Session::copy() {
  int KindIn = In.ConsumeIntegralInRange<int>(0, 6); // 5, 6: invalid kinds
  cudaMemcpyKind K = kindFrom(KindIn == 6 ? In.ConsumeIntegral<int>() : KindIn);
  bool DstDevice = K == cudaMemcpyHostToDevice || K == cudaMemcpyDeviceToDevice;
  bool SrcDevice = K == cudaMemcpyDeviceToHost || K == cudaMemcpyDeviceToDevice;
  Pick Dst = pointer(!DstDevice), Src = pointer(!SrcDevice);
  size_t N = In.ConsumeBool() ? size(4096) : In.ConsumeIntegralInRange<size_t>(0, 256);
  bool Async = In.ConsumeBool();
  cudaStream_t S = Async ? stream() : nullptr;
  bool KindOk = K >= cudaMemcpyHostToHost && K <= cudaMemcpyDefault;
  int Verdict;
  if (N == 0)
    Verdict = -1; // CUDA: nothing to do, whatever the rest
  else if (!KindOk)
    Verdict = 0;
  else {
    int A = valid(Dst, N, DstDevice), B = valid(Src, N, SrcDevice);
    Verdict = A == 0 || B == 0 ? 0 : (A == 1 && B == 1 ? 1 : -1);
  }
  if (Async && !liveIn(S, Streams))
    Verdict = 0;
  if (hostOverrun(Dst, N) || hostOverrun(Src, N) || asanLimit(Dst, N) || asanLimit(Src, N))
    return;
  cudaError_t E = Async ? cudaMemcpyAsync(Dst.Ptr, Src.Ptr, N, K, S)
                        : cudaMemcpy(Dst.Ptr, Src.Ptr, N, K);
  std::string Call = std::string(Async ? "cudaMemcpyAsync(" : "cudaMemcpy(") + describe(Dst) +
                     ", " + describe(Src) + ", " + std::to_string(N) + ", kind " +
                     std::to_string(int(K)) + ")";
  if (Async && E == cudaSuccess) {
    cudaError_t Sync = cudaStreamSynchronize(S);
    if (Sync != cudaSuccess)
      E = Sync;
  }
  expect(E, Verdict, Call);
  cudaGetLastError();
  if (E == cudaSuccess && Verdict == 1)
    modelCopy(Dst, 0, Src, 0, N, 1);
  else if (Verdict == -1)
    resync();
  verify(Call.c_str());
}

void Session::fill() {
  Pick Dst = pointer(false);
  int Value = In.ConsumeIntegral<int>();
  size_t N = In.ConsumeBool() ? size(4096) : In.ConsumeIntegralInRange<size_t>(0, 256);
  bool Async = In.ConsumeBool();
  cudaStream_t S = Async ? stream() : nullptr;
  int Verdict = N == 0 ? -1 : valid(Dst, N, true);
  if (Async && !liveIn(S, Streams))
    Verdict = 0;
  cudaError_t E = Async ? cudaMemsetAsync(Dst.Ptr, Value, N, S) : cudaMemset(Dst.Ptr, Value, N);
  if (Async && E == cudaSuccess)
    E = cudaStreamSynchronize(S);
  std::string Call = std::string(Async ? "cudaMemsetAsync(" : "cudaMemset(") + describe(Dst) +
                     ", " + std::to_string(N) + ")";
  expect(E, Verdict, Call);
  cudaGetLastError();
  if (E == cudaSuccess && Verdict == 1)
    modelFill(Dst, 0, Value, N, 1);
  else if (Verdict == -1)
    resync();
  verify(Call.c_str());
}

void Session::copy2D() {
  bool IsFill = In.ConsumeBool();
  int KindIn = In.ConsumeIntegralInRange<int>(0, 5);
  cudaMemcpyKind K = kindFrom(KindIn);
  bool DstDevice = IsFill || K == cudaMemcpyHostToDevice || K == cudaMemcpyDeviceToDevice;
  bool SrcDevice = K == cudaMemcpyDeviceToHost || K == cudaMemcpyDeviceToDevice;
  Pick Dst = pointer(!DstDevice), Src = pointer(!SrcDevice);
  size_t W = In.ConsumeIntegralInRange<size_t>(0, 128), H = In.ConsumeIntegralInRange<size_t>(0, 16);
  size_t DPitch = In.ConsumeIntegralInRange<size_t>(0, 256), SPitch = In.ConsumeIntegralInRange<size_t>(0, 256);
  if (In.ConsumeIntegralInRange<int>(0, 7) == 0)
    H = size();
  if (In.ConsumeIntegralInRange<int>(0, 7) == 0)
    DPitch = size();
  if (Dst.Buf && Dst.Buf->Pitch && In.ConsumeBool())
    DPitch = Dst.Buf->Pitch;
  bool Async = In.ConsumeBool();
  cudaStream_t S = Async ? stream() : nullptr;
  auto Footprint = [&](size_t Pitch, size_t *Out) {
    size_t Span;
    if (H == 0)
      return *Out = 0, true;
    if (__builtin_mul_overflow(H - 1, Pitch, &Span) || __builtin_add_overflow(Span, W, Out))
      return false;
    return true;
  };
  size_t DBytes = 0, SBytes = 0;
  int Verdict;
  bool FitsD = Footprint(DPitch, &DBytes), FitsS = Footprint(SPitch, &SBytes);
  if (W == 0 || H == 0 || (H == 1 && (DPitch < W || SPitch < W)))
    Verdict = -1; // one row: whether CUDA checks the unused pitch is not documented
  else if (DPitch < W || (!IsFill && SPitch < W) || (!IsFill && KindIn == 5) || !FitsD ||
           (!IsFill && !FitsS))
    Verdict = 0;
  else if (DPitch > (size_t(1) << 31) || (!IsFill && SPitch > (size_t(1) << 31)))
    Verdict = -1; // CUDA caps pitches (cudaDevAttrMaxPitch)
  else {
    int A = valid(Dst, DBytes, DstDevice), B = IsFill ? 1 : valid(Src, SBytes, SrcDevice);
    Verdict = A == 0 || B == 0 ? 0 : (A == 1 && B == 1 ? 1 : -1);
  }
  if (Async && !liveIn(S, Streams))
    Verdict = 0;
  int Value = In.ConsumeIntegral<int>();
  if ((!FitsD || hostOverrun(Dst, DBytes)) && Dst.Buf && Dst.Buf->K == Kind::Host)
    return;
  if (asanLimit(Dst, FitsD ? DBytes : SIZE_MAX) || asanLimit(Src, FitsS ? SBytes : SIZE_MAX))
    return;
  if (!IsFill && (!FitsS || hostOverrun(Src, SBytes)) && Src.Buf && Src.Buf->K == Kind::Host)
    return;
  cudaError_t E;
  std::string Call;
  if (IsFill) {
    E = Async ? cudaMemset2DAsync(Dst.Ptr, DPitch, Value, W, H, S)
              : cudaMemset2D(Dst.Ptr, DPitch, Value, W, H);
    Call = "cudaMemset2D(" + describe(Dst) + ", pitch " + std::to_string(DPitch);
  } else {
    E = Async ? cudaMemcpy2DAsync(Dst.Ptr, DPitch, Src.Ptr, SPitch, W, H, K, S)
              : cudaMemcpy2D(Dst.Ptr, DPitch, Src.Ptr, SPitch, W, H, K);
    Call = "cudaMemcpy2D(" + describe(Dst) + ", pitch " + std::to_string(DPitch) + ", " +
           describe(Src) + ", pitch " + std::to_string(SPitch) + ", kind " + std::to_string(KindIn);
  }
  Call += ", " + std::to_string(W) + " x " + std::to_string(H) + ")";
  if (Async && E == cudaSuccess)
    E = cudaStreamSynchronize(S);
  expect(E, Verdict, Call);
  cudaGetLastError();
  if (E == cudaSuccess && Verdict == 1) {
    // Overlapping 2D windows: the result is not the model's row order.
    bool Overlap = !IsFill && Dst.Buf == Src.Buf &&
                   Dst.Offset < Src.Offset + SBytes && Src.Offset < Dst.Offset + DBytes;
    if (Overlap)
      resync();
    else if (IsFill)
      modelFill(Dst, DPitch, Value, W, H);
    else
      modelCopy(Dst, DPitch, Src, SPitch, W, H);
  } else if (Verdict == -1) {
    resync();
  }
  verify(Call.c_str());
}

void Session::copy3D() {
  cudaMemcpy3DParms P = {};
  // Either side may be a host side (the kind is fuzzed): host-side picks.
  Pick Dst = pointer(true), Src = pointer(true);
  if ((Dst.Buf && Dst.Buf->K == Kind::Host) || (Src.Buf && Src.Buf->K == Kind::Host))
    return; // windows with positions are not modelled: never near harness memory
  P.dstPtr = make_cudaPitchedPtr(Dst.Ptr, In.ConsumeIntegralInRange<size_t>(0, 300),
                                 In.ConsumeIntegralInRange<size_t>(0, 300),
                                 In.ConsumeIntegralInRange<size_t>(0, 20));
  P.srcPtr = make_cudaPitchedPtr(Src.Ptr, In.ConsumeIntegralInRange<size_t>(0, 300),
                                 In.ConsumeIntegralInRange<size_t>(0, 300),
                                 In.ConsumeIntegralInRange<size_t>(0, 20));
  P.extent = make_cudaExtent(In.ConsumeIntegralInRange<size_t>(0, 64),
                             In.ConsumeIntegralInRange<size_t>(0, 8),
                             In.ConsumeIntegralInRange<size_t>(0, 4));
  if (In.ConsumeIntegralInRange<int>(0, 7) == 0)
    P.extent.depth = size();
  P.dstPos = make_cudaPos(In.ConsumeIntegralInRange<size_t>(0, 8), In.ConsumeIntegralInRange<size_t>(0, 2),
                          In.ConsumeIntegralInRange<size_t>(0, 1));
  P.kind = kindFrom(In.ConsumeIntegralInRange<int>(0, 5));
  if (In.ConsumeIntegralInRange<int>(0, 5) == 0 && !Arrays.empty())
    P.dstArray = Arrays[0], P.dstPtr = {};
  // Page zero as a host side with a huge window: AddressSanitizer's
  // memmove checks the window's shadow and fails its own check first.
  if ((Dst.Garbage || Src.Garbage) && P.extent.depth > 64)
    return;
  bool IsFill = In.ConsumeBool();
  cudaError_t E;
  if (IsFill)
    E = cudaMemset3D(P.dstPtr, In.ConsumeIntegral<int>(), P.extent);
  else if (In.ConsumeBool())
    E = cudaMemcpy3DAsync(&P, stream());
  else
    E = cudaMemcpy3D(&P);
  // 3D windows are not modelled: the code need only be an answer, and the
  // buffers are re-read (the sanitizer checks the runtime stayed inside them).
  if (sticky(E))
    deviceReset();
  cudaGetLastError();
  resync();
}

void Session::streamsAndEvents() {
  switch (In.ConsumeIntegralInRange<int>(0, 11)) {
  case 0: {
    cudaStream_t S = nullptr;
    unsigned Flags = In.ConsumeIntegralInRange<unsigned>(0, 3);
    cudaError_t E = cudaStreamCreateWithFlags(&S, Flags);
    if (sticky(E))
      return deviceReset();
    if (E == cudaSuccess)
      Streams.push_back(S);
    else if (Flags <= 1)
      violation(std::string("cudaStreamCreateWithFlags(") + std::to_string(Flags) + ") failed: " +
                cudaGetErrorName(E));
    break;
  }
  case 1: {
    cudaStream_t S = handle(Streams, DeadStreams, cudaStream_t(nullptr));
    bool Live = std::find(Streams.begin(), Streams.end(), S) != Streams.end();
    cudaError_t E = cudaStreamDestroy(S);
    if (Live && E == cudaSuccess) {
      Streams.erase(std::find(Streams.begin(), Streams.end(), S));
      DeadStreams.push_back(S);
    }
    expect(E, Live ? 1 : (S ? 0 : -1), "cudaStreamDestroy");
    break;
  }
  case 2: {
    cudaStream_t S = stream();
    expect(cudaStreamSynchronize(S), liveIn(S, Streams) ? 1 : 0, "cudaStreamSynchronize");
    break;
  }
  case 3: {
    cudaStream_t S = stream();
    cudaError_t E = cudaStreamQuery(S);
    if (sticky(E))
      return deviceReset();
    if (liveIn(S, Streams) ? (E != cudaSuccess && E != cudaErrorNotReady) : E == cudaSuccess)
      violation(std::string("cudaStreamQuery returned ") + cudaGetErrorName(E));
    break;
  }
  case 4: {
    cudaEvent_t Ev = nullptr;
    unsigned Flags = In.ConsumeIntegralInRange<unsigned>(0, 15);
    cudaError_t E = cudaEventCreateWithFlags(&Ev, Flags);
    if (E == cudaSuccess)
      Events.push_back(Ev);
    break;
  }
  case 5: {
    cudaEvent_t Ev = handle(Events, DeadEvents, cudaEvent_t(nullptr));
    cudaStream_t S = stream();
    bool Live = std::find(Events.begin(), Events.end(), Ev) != Events.end();
    expect(cudaEventRecord(Ev, S), Live && liveIn(S, Streams) ? -1 : 0, "cudaEventRecord");
    break;
  }
  case 6: {
    cudaEvent_t Ev = handle(Events, DeadEvents, cudaEvent_t(nullptr));
    bool Live = std::find(Events.begin(), Events.end(), Ev) != Events.end();
    expect(cudaEventSynchronize(Ev), Live ? 1 : 0, "cudaEventSynchronize");
    break;
  }
  case 7: {
    cudaEvent_t A = handle(Events, DeadEvents, cudaEvent_t(nullptr));
    cudaEvent_t B = handle(Events, DeadEvents, cudaEvent_t(nullptr));
    float Ms = 0;
    bool Live = std::find(Events.begin(), Events.end(), A) != Events.end() &&
                std::find(Events.begin(), Events.end(), B) != Events.end();
    cudaError_t E = cudaEventElapsedTime(In.ConsumeBool() ? &Ms : nullptr, A, B);
    if (!Live && E == cudaSuccess)
      violation("cudaEventElapsedTime succeeded on a bad event");
    break;
  }
  case 8: {
    cudaEvent_t Ev = handle(Events, DeadEvents, cudaEvent_t(nullptr));
    bool Live = std::find(Events.begin(), Events.end(), Ev) != Events.end();
    cudaError_t E = cudaEventDestroy(Ev);
    if (Live && E == cudaSuccess) {
      Events.erase(std::find(Events.begin(), Events.end(), Ev));
      DeadEvents.push_back(Ev);
    }
    expect(E, Live ? 1 : 0, "cudaEventDestroy");
    break;
  }
  case 9: {
    cudaStream_t S = stream();
    cudaEvent_t Ev = handle(Events, DeadEvents, cudaEvent_t(nullptr));
    bool Live = std::find(Events.begin(), Events.end(), Ev) != Events.end();
    expect(cudaStreamWaitEvent(S, Ev, In.ConsumeIntegralInRange<unsigned>(0, 2)),
           Live && liveIn(S, Streams) ? -1 : 0, "cudaStreamWaitEvent");
    break;
  }
  case 10: {
    cudaEvent_t Ev = handle(Events, DeadEvents, cudaEvent_t(nullptr));
    cudaError_t E = cudaEventQuery(Ev);
    bool Live = std::find(Events.begin(), Events.end(), Ev) != Events.end();
    if (!Live && E == cudaSuccess)
      violation("cudaEventQuery succeeded on a bad event");
    break;
  }
  default: {
    cudaStream_t S = stream();
    int Prio = 0;
    unsigned Flags = 0;
    cudaError_t E1 = cudaStreamGetPriority(S, In.ConsumeBool() ? &Prio : nullptr);
    cudaError_t E2 = cudaStreamGetFlags(S, In.ConsumeBool() ? &Flags : nullptr);
    if (!liveIn(S, Streams) && (E1 == cudaSuccess || E2 == cudaSuccess))
      violation("cudaStreamGetPriority/Flags succeeded on a bad stream");
    break;
  }
  }
  cudaGetLastError();
}

void Session::launch() {
  dim3 Grid(In.ConsumeIntegralInRange<unsigned>(0, 8), In.ConsumeIntegralInRange<unsigned>(0, 3),
            In.ConsumeIntegralInRange<unsigned>(0, 2));
  dim3 Block(In.ConsumeIntegralInRange<unsigned>(0, 64), In.ConsumeIntegralInRange<unsigned>(0, 4),
             In.ConsumeIntegralInRange<unsigned>(0, 2));
  switch (In.ConsumeIntegralInRange<int>(0, 7)) {
  case 0:
    Grid.x = In.ConsumeIntegral<unsigned>(); // past the grid limits (the kernel writes nothing then)
    Grid.y = Grid.z = 70000;
    break;
  case 1:
    Block.x = In.ConsumeIntegralInRange<unsigned>(1025, UINT32_MAX);
    break;
  case 2:
    Block.z = In.ConsumeIntegralInRange<unsigned>(65, 1u << 20);
    break;
  default:
    break;
  }
  size_t Shared = In.ConsumeBool() ? In.ConsumeIntegralInRange<size_t>(0, 4096) : size(1 << 20);
  cudaStream_t S = stream();
  uint64_t Blocks = uint64_t(Grid.x) * Grid.y * Grid.z;
  uint64_t Threads = uint64_t(Block.x) * Block.y * Block.z;
  bool GridOk = Grid.x >= 1 && Grid.y >= 1 && Grid.z >= 1 && Grid.y <= 65535 && Grid.z <= 65535 &&
                Grid.x <= 0x7fffffffu;
  bool BlockOk = Threads >= 1 && Threads <= 1024 && Block.x <= 1024 && Block.y <= 1024 &&
                 Block.z <= 64;
  bool SharedOk = Shared <= 48 * 1024 - 128;
  int Verdict = GridOk && BlockOk && SharedOk && liveIn(S, Streams) ? 1 : 0;
  if (GridOk && BlockOk && liveIn(S, Streams) && !SharedOk &&
      Shared <= 228 * 1024)
    Verdict = -1; // above the default limit: the answer depends on attributes
  if (Verdict != 0 && Blocks > 64)
    return; // keep launches small: the outputs below are sized for 64 blocks
  std::vector<uint64_t> Out(2 * 64 + 1, 0xababababababababull);
  int Value = In.ConsumeIntegral<int>();
  int *IntOut = reinterpret_cast<int *>(Out.data());
  uint64_t *U64Out = Out.data();
  void *ArgsStore[] = {&IntOut, &Value};
  void *ArgsProbe[] = {&U64Out};
  bool Probe = In.ConsumeBool();
  const void *Fn = Probe ? reinterpret_cast<const void *>(&fake::sharedProbeStub)
                         : reinterpret_cast<const void *>(&fake::storeValueStub);
  int FnPick = In.ConsumeIntegralInRange<int>(0, 15);
  if (FnPick == 0)
    Fn = nullptr;
  else if (FnPick == 1)
    Fn = reinterpret_cast<const void *>(&violation); // not a kernel
  if (FnPick <= 1)
    Verdict = 0;
  cudaError_t E = cudaLaunchKernel(Fn, Grid, Block, Probe ? ArgsProbe : ArgsStore, Shared, S);
  cudaError_t Sync = cudaDeviceSynchronize();
  std::string Call = "cudaLaunchKernel(grid " + std::to_string(Grid.x) + "x" +
                     std::to_string(Grid.y) + "x" + std::to_string(Grid.z) + ", block " +
                     std::to_string(Block.x) + "x" + std::to_string(Block.y) + "x" +
                     std::to_string(Block.z) + ", shared " + std::to_string(Shared) + ")";
  expect(E, Verdict, Call);
  if (E == cudaSuccess && Sync != cudaSuccess)
    violation(Call + ": the launch succeeded and the synchronization returned " +
              cudaGetErrorName(Sync));
  if (E == cudaSuccess) {
    for (uint64_t B = 0; B < Blocks; ++B)
      if (Probe ? (Out[2 * B] != Shared || Out[2 * B + 1] != 1) : IntOut[B] != Value)
        violation(Call + ": block " + std::to_string(B) + " did not write its result");
  }
  // (A refused launch with more blocks would have written past Out: the
  // sanitizer reports that.)
  if (Blocks <= 64 && (Probe ? Out[2 * Blocks] != 0xababababababababull
                             : IntOut[Blocks] != int(0xabababab)))
    violation(Call + ": a block wrote past the grid");
  cudaGetLastError();
}

void Session::deviceQueries() {
  switch (In.ConsumeIntegralInRange<int>(0, 5)) {
  case 0: {
    int V = 0;
    int Attr = In.ConsumeIntegralInRange<int>(-2, 140);
    int Dev = In.ConsumeIntegralInRange<int>(-1, 2);
    cudaError_t E = cudaDeviceGetAttribute(In.ConsumeBool() ? &V : nullptr,
                                           static_cast<cudaDeviceAttr>(Attr), Dev);
    if (E == cudaSuccess && Dev != 0)
      violation("cudaDeviceGetAttribute succeeded on device " + std::to_string(Dev));
    break;
  }
  case 1: {
    size_t V = 0;
    int Limit = In.ConsumeIntegralInRange<int>(-1, 8);
    size_t Set = In.ConsumeBool() ? In.ConsumeIntegralInRange<size_t>(0, 1 << 20) : size();
    if (In.ConsumeBool()) {
      cudaDeviceGetLimit(&V, static_cast<cudaLimit>(Limit));
      cudaError_t E = cudaDeviceSetLimit(static_cast<cudaLimit>(Limit), Set);
      // Restore what tests rely on: the printf FIFO and the heap.
      if (E == cudaSuccess)
        cudaDeviceSetLimit(static_cast<cudaLimit>(Limit), V);
    } else {
      cudaError_t E = cudaDeviceGetLimit(In.ConsumeBool() ? &V : nullptr, static_cast<cudaLimit>(Limit));
      (void)E;
    }
    break;
  }
  case 2: {
    cudaDeviceProp Prop;
    int Dev = In.ConsumeIntegralInRange<int>(-1, 2);
    cudaError_t E = cudaGetDeviceProperties(In.ConsumeBool() ? &Prop : nullptr, Dev);
    if (E == cudaSuccess && Dev != 0)
      violation("cudaGetDeviceProperties succeeded on device " + std::to_string(Dev));
    break;
  }
  case 3: {
    int Dev = In.ConsumeIntegralInRange<int>(-1, 2);
    cudaError_t E = cudaSetDevice(Dev);
    expect(E, Dev == 0 ? 1 : 0, "cudaSetDevice(" + std::to_string(Dev) + ")");
    cudaSetDevice(0);
    break;
  }
  case 4: {
    size_t Free = 0, Total = 0;
    cudaMemGetInfo(In.ConsumeBool() ? &Free : nullptr, In.ConsumeBool() ? &Total : nullptr);
    cudaFuncAttributes A;
    cudaFuncGetAttributes(In.ConsumeBool() ? &A : nullptr,
                          In.ConsumeBool() ? reinterpret_cast<const void *>(&fake::storeValueStub)
                                           : reinterpret_cast<const void *>(&violation));
    int Blocks = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &Blocks, reinterpret_cast<const void *>(&fake::storeValueStub),
        In.ConsumeIntegralInRange<int>(-1, 2048), In.ConsumeBool() ? 0 : size(1 << 20));
    break;
  }
  default: {
    cudaFuncSetAttribute(reinterpret_cast<const void *>(&fake::sharedProbeStub),
                         static_cast<cudaFuncAttribute>(In.ConsumeIntegralInRange<int>(-1, 16)),
                         In.ConsumeIntegral<int>());
    // Back to the defaults the launch model assumes.
    cudaFuncSetAttribute(reinterpret_cast<const void *>(&fake::sharedProbeStub),
                         cudaFuncAttributeMaxDynamicSharedMemorySize, 48 * 1024 - 128);
    break;
  }
  }
  cudaGetLastError();
}

void hostNode(void *) {}

void Session::graphs() {
  switch (In.ConsumeIntegralInRange<int>(0, 5)) {
  case 0: {
    cudaGraph_t G = nullptr;
    if (cudaGraphCreate(&G, In.ConsumeIntegralInRange<unsigned>(0, 1)) == cudaSuccess)
      Graphs.push_back(G);
    break;
  }
  case 1: {
    cudaGraph_t G = handle(Graphs, DeadGraphs, cudaGraph_t(nullptr));
    bool Live = std::find(Graphs.begin(), Graphs.end(), G) != Graphs.end();
    cudaGraphNode_t Node = nullptr;
    Pick Dst = pointer(false);
    cudaMemsetParams P = {};
    P.dst = Dst.Ptr;
    P.elementSize = 1u << In.ConsumeIntegralInRange<unsigned>(0, 3);
    P.width = In.ConsumeIntegralInRange<size_t>(0, 64);
    P.height = In.ConsumeIntegralInRange<size_t>(0, 4);
    P.pitch = In.ConsumeIntegralInRange<size_t>(0, 256);
    P.value = In.ConsumeIntegral<unsigned>();
    size_t Bytes = P.height && P.width ? (P.height - 1) * P.pitch + P.width * P.elementSize : 0;
    cudaError_t E = cudaGraphAddMemsetNode(&Node, G, nullptr, 0, &P);
    if (E == cudaSuccess && Bytes && (!Live || valid(Dst, Bytes, true) == 0 ||
                             (P.height > 1 && P.pitch < P.width * P.elementSize)))
      violation("cudaGraphAddMemsetNode accepted " + describe(Dst) + ", " + std::to_string(Bytes) +
                " bytes");
    break;
  }
  case 2: {
    cudaGraph_t G = handle(Graphs, DeadGraphs, cudaGraph_t(nullptr));
    bool Live = std::find(Graphs.begin(), Graphs.end(), G) != Graphs.end();
    cudaGraphNode_t Node = nullptr;
    Pick Dst = pointer(true), Src = pointer(true);
    size_t N = In.ConsumeIntegralInRange<size_t>(0, 512);
    if (hostOverrun(Dst, N) || hostOverrun(Src, N))
      return;
    cudaError_t E = cudaGraphAddMemcpyNode1D(&Node, G, nullptr, 0, Dst.Ptr, Src.Ptr, N,
                                             cudaMemcpyDefault);
    // cudaMemcpyDefault: an unmapped pointer is pageable memory to check at
    // the launch (where it faults into a sticky error); a range that starts
    // in an allocation and leaves it is refused now.
    auto Leaves = [&](const Pick &P) {
      return P.Ptr && !P.Garbage && P.Buf->Live && tracked(P.Buf->K) && valid(P, N, false) == 0;
    };
    if (E == cudaSuccess && N && (!Live || Leaves(Dst) || Leaves(Src)))
      violation("cudaGraphAddMemcpyNode1D accepted " + describe(Dst) + " <- " + describe(Src) +
                ", " + std::to_string(N));
    cudaHostNodeParams H = {In.ConsumeBool() ? hostNode : nullptr, nullptr};
    cudaGraphAddHostNode(&Node, G, nullptr, 0, &H);
    cudaGraphAddEmptyNode(&Node, G, nullptr, In.ConsumeIntegralInRange<size_t>(0, 2));
    break;
  }
  case 3: {
    cudaGraph_t G = handle(Graphs, DeadGraphs, cudaGraph_t(nullptr));
    cudaGraphExec_t X = nullptr;
    if (cudaGraphInstantiate(&X, G, 0) == cudaSuccess)
      Execs.push_back(X);
    break;
  }
  case 4: {
    cudaGraphExec_t X = handle(Execs, DeadExecs, cudaGraphExec_t(nullptr));
    bool Live = std::find(Execs.begin(), Execs.end(), X) != Execs.end();
    cudaError_t E = cudaGraphLaunch(X, stream());
    settle();
    if (E == cudaSuccess && !Live)
      violation("cudaGraphLaunch succeeded on a bad executable graph");
    // A graph's memset or copy may have changed any buffer (its nodes were
    // checked when they were added).
    resync();
    break;
  }
  default: {
    if (In.ConsumeBool()) {
      cudaGraph_t G = handle(Graphs, DeadGraphs, cudaGraph_t(nullptr));
      bool Live = std::find(Graphs.begin(), Graphs.end(), G) != Graphs.end();
      cudaError_t E = cudaGraphDestroy(G);
      expect(E, Live ? 1 : 0, "cudaGraphDestroy");
      if (Live) {
        Graphs.erase(std::find(Graphs.begin(), Graphs.end(), G));
        DeadGraphs.push_back(G);
      }
    } else {
      cudaGraphExec_t X = handle(Execs, DeadExecs, cudaGraphExec_t(nullptr));
      bool Live = std::find(Execs.begin(), Execs.end(), X) != Execs.end();
      cudaError_t E = cudaGraphExecDestroy(X);
      expect(E, Live ? 1 : 0, "cudaGraphExecDestroy");
      if (Live) {
        Execs.erase(std::find(Execs.begin(), Execs.end(), X));
        DeadExecs.push_back(X);
      }
    }
    break;
  }
  }
  cudaGetLastError();
}

void Session::arrays() {
  switch (In.ConsumeIntegralInRange<int>(0, 4)) {
  case 0: {
    int Bits = 8 << In.ConsumeIntegralInRange<int>(0, 3);
    cudaChannelFormatDesc D = cudaCreateChannelDesc(
        Bits, In.ConsumeBool() ? Bits : 0, 0, 0,
        static_cast<cudaChannelFormatKind>(In.ConsumeIntegralInRange<int>(0, 3)));
    if (In.ConsumeIntegralInRange<int>(0, 7) == 0)
      D.x = In.ConsumeIntegral<int>();
    cudaArray_t A = nullptr;
    size_t W = In.ConsumeIntegralInRange<size_t>(0, 64), H = In.ConsumeIntegralInRange<size_t>(0, 8);
    if (In.ConsumeIntegralInRange<int>(0, 7) == 0)
      W = size();
    if (cudaMallocArray(&A, &D, W, H, In.ConsumeIntegralInRange<unsigned>(0, 3)) == cudaSuccess)
      Arrays.push_back(A);
    break;
  }
  case 1: {
    cudaArray_t A = handle(Arrays, DeadArrays, cudaArray_t(nullptr));
    bool Live = std::find(Arrays.begin(), Arrays.end(), A) != Arrays.end();
    cudaError_t E = cudaFreeArray(A);
    if (Live && E == cudaSuccess) {
      Arrays.erase(std::find(Arrays.begin(), Arrays.end(), A));
      DeadArrays.push_back(A);
    }
    expect(E, Live ? 1 : (A ? 0 : -1), "cudaFreeArray");
    break;
  }
  case 2:
  case 3: {
    cudaArray_t A = handle(Arrays, DeadArrays, cudaArray_t(nullptr));
    bool To = In.ConsumeBool();
    Pick P = pointer(true);
    size_t X = In.ConsumeIntegralInRange<size_t>(0, 64), Y = In.ConsumeIntegralInRange<size_t>(0, 8);
    size_t W = In.ConsumeIntegralInRange<size_t>(0, 256), H = In.ConsumeIntegralInRange<size_t>(0, 8);
    size_t Pitch = In.ConsumeIntegralInRange<size_t>(0, 512);
    cudaMemcpyKind K = kindFrom(In.ConsumeIntegralInRange<int>(0, 5));
    bool Live = std::find(Arrays.begin(), Arrays.end(), A) != Arrays.end();
    if (H && P.Buf && P.Buf->K == Kind::Host && hostOverrun(P, (H - 1) * Pitch + W))
      return;
    cudaError_t E = To ? cudaMemcpy2DToArray(A, X, Y, P.Ptr, Pitch, W, H, K)
                       : cudaMemcpy2DFromArray(P.Ptr, Pitch, A, X, Y, W, H, K);
    if (E == cudaSuccess && W && H && !Live)
      violation("cudaMemcpy2D{To,From}Array succeeded on a bad array");
    if (E == cudaSuccess && W && H && (Pitch < W || valid(P, (H - 1) * Pitch + W, false) == 0))
      violation("cudaMemcpy2D{To,From}Array accepted " + describe(P) + ", pitch " +
                std::to_string(Pitch) + ", " + std::to_string(W) + " x " + std::to_string(H));
    resync();
    break;
  }
  default: {
    cudaArray_t A = handle(Arrays, DeadArrays, cudaArray_t(nullptr));
    cudaChannelFormatDesc D;
    cudaExtent Ext;
    unsigned Flags;
    cudaError_t E = cudaArrayGetInfo(&D, &Ext, &Flags, A);
    if (E == cudaSuccess && std::find(Arrays.begin(), Arrays.end(), A) == Arrays.end())
      violation("cudaArrayGetInfo succeeded on a bad array");
    break;
  }
  }
  cudaGetLastError();
}

void Session::texturesAndSurfaces() {
  switch (In.ConsumeIntegralInRange<int>(0, 3)) {
  case 0: {
    cudaResourceDesc R = {};
    cudaTextureDesc T = {};
    R.resType = static_cast<cudaResourceType>(In.ConsumeIntegralInRange<int>(0, 4));
    if (R.resType == cudaResourceTypeArray) {
      R.res.array.array = handle(Arrays, DeadArrays, cudaArray_t(nullptr));
    } else {
      Pick P = pointer(false);
      R.res.linear.devPtr = P.Ptr;
      R.res.linear.desc = cudaCreateChannelDesc(8 << In.ConsumeIntegralInRange<int>(0, 2), 0, 0, 0,
                                                cudaChannelFormatKindUnsigned);
      R.res.linear.sizeInBytes = In.ConsumeIntegralInRange<size_t>(0, 8192);
      R.res.pitch2D.width = In.ConsumeIntegralInRange<size_t>(0, 64);
      R.res.pitch2D.height = In.ConsumeIntegralInRange<size_t>(0, 64);
      R.res.pitch2D.pitchInBytes = In.ConsumeIntegralInRange<size_t>(0, 512);
    }
    T.addressMode[0] = static_cast<cudaTextureAddressMode>(In.ConsumeIntegralInRange<int>(0, 5));
    T.filterMode = static_cast<cudaTextureFilterMode>(In.ConsumeIntegralInRange<int>(0, 2));
    T.readMode = static_cast<cudaTextureReadMode>(In.ConsumeIntegralInRange<int>(0, 2));
    T.normalizedCoords = In.ConsumeIntegralInRange<int>(0, 1);
    cudaTextureObject_t Tex = 0;
    if (cudaCreateTextureObject(&Tex, &R, &T, nullptr) == cudaSuccess)
      Textures.push_back(Tex);
    break;
  }
  case 1: {
    cudaTextureObject_t Tex = handle(Textures, DeadTextures, cudaTextureObject_t(0));
    bool Live = std::find(Textures.begin(), Textures.end(), Tex) != Textures.end();
    cudaError_t E = cudaDestroyTextureObject(Tex);
    if (Live && E == cudaSuccess) {
      Textures.erase(std::find(Textures.begin(), Textures.end(), Tex));
      DeadTextures.push_back(Tex);
    }
    if (!Live && Tex && E == cudaSuccess)
      violation("cudaDestroyTextureObject succeeded on a bad handle");
    break;
  }
  case 2: {
    cudaResourceDesc R = {};
    R.resType = static_cast<cudaResourceType>(In.ConsumeIntegralInRange<int>(0, 3));
    R.res.array.array = handle(Arrays, DeadArrays, cudaArray_t(nullptr));
    cudaSurfaceObject_t Surf = 0;
    if (cudaCreateSurfaceObject(&Surf, &R) == cudaSuccess)
      Surfaces.push_back(Surf);
    break;
  }
  default: {
    cudaSurfaceObject_t Surf = handle(Surfaces, DeadSurfaces, cudaSurfaceObject_t(0));
    bool Live = std::find(Surfaces.begin(), Surfaces.end(), Surf) != Surfaces.end();
    cudaError_t E = cudaDestroySurfaceObject(Surf);
    if (Live && E == cudaSuccess) {
      Surfaces.erase(std::find(Surfaces.begin(), Surfaces.end(), Surf));
      DeadSurfaces.push_back(Surf);
    }
    if (!Live && Surf && E == cudaSuccess)
      violation("cudaDestroySurfaceObject succeeded on a bad handle");
    break;
  }
  }
  cudaGetLastError();
}

void Session::symbols() {
  // fake::DeviceCounterShadow is a registered __device__ int,
  // fake::DeviceTableShadow a __constant__ float[8].
  bool Table = In.ConsumeBool();
  const void *Sym = Table ? static_cast<const void *>(fake::DeviceTableShadow)
                          : static_cast<const void *>(&fake::DeviceCounterShadow);
  size_t Bytes = Table ? sizeof(fake::DeviceTableShadow) : sizeof(int);
  int Pick3 = In.ConsumeIntegralInRange<int>(0, 7);
  if (Pick3 == 0)
    Sym = nullptr, Bytes = 0;
  else if (Pick3 == 1)
    Sym = &Bytes, Bytes = 0; // not a symbol
  size_t Count = In.ConsumeIntegralInRange<size_t>(0, 40);
  size_t Offset = In.ConsumeBool() ? In.ConsumeIntegralInRange<size_t>(0, 40) : size();
  if (In.ConsumeIntegralInRange<int>(0, 7) == 0)
    Count = size();
  unsigned char Host[64] = {};
  bool Fits = Bytes && Offset <= Bytes && Count <= Bytes - Offset;
  bool To = In.ConsumeBool();
  cudaError_t E = To ? cudaMemcpyToSymbol(Sym, Host, Count <= 64 ? Count : 64, Offset)
                     : cudaMemcpyFromSymbol(Host, Sym, Count <= 64 ? Count : 64, Offset);
  size_t Used = Count <= 64 ? Count : 64;
  Fits = Bytes && Offset <= Bytes && Used <= Bytes - Offset;
  expect(E, Used == 0 ? -1 : (Fits ? 1 : 0),
         std::string(To ? "cudaMemcpyToSymbol" : "cudaMemcpyFromSymbol") + "(" +
             std::to_string(Used) + " bytes at offset " + std::to_string(Offset) + " of " +
             std::to_string(Bytes) + ")");
  void *Addr = nullptr;
  size_t Size = 0;
  cudaGetSymbolAddress(&Addr, Sym);
  cudaGetSymbolSize(&Size, Sym);
  cudaGetLastError();
}

void Session::driver() {
  cuInit(0);
  switch (In.ConsumeIntegralInRange<int>(0, 5)) {
  case 0: {
    CUdeviceptr D = 0;
    size_t N = size(4096);
    CUresult R = cuMemAlloc(&D, N);
    if (R == CUDA_SUCCESS && D) {
      Buffer *B = adopt(reinterpret_cast<char *>(D), N, Kind::Device);
      fillNew(B);
    }
    break;
  }
  case 1: {
    Pick P = pointer(false);
    bool Base = P.Ptr && !P.Garbage && P.Buf->Live && P.Offset == 0 &&
                (P.Buf->K == Kind::Device || P.Buf->K == Kind::Pitched ||
                 P.Buf->K == Kind::Managed);
    CUresult R = cuMemFree(reinterpret_cast<CUdeviceptr>(P.Ptr));
    if (R == CUDA_SUCCESS && Base)
      P.Buf->Live = false;
    if (R == CUDA_SUCCESS && !Base && P.Ptr && valid(P, 0, false) != -1)
      violation("cuMemFree succeeded on " + describe(P));
    break;
  }
  case 2:
  case 3: {
    bool ToDevice = In.ConsumeBool();
    Pick D = pointer(false), H = pointer(true);
    size_t N = In.ConsumeIntegralInRange<size_t>(0, 512);
    if (hostOverrun(H, N))
      return;
    CUresult R = ToDevice ? cuMemcpyHtoD(reinterpret_cast<CUdeviceptr>(D.Ptr), H.Ptr, N)
                          : cuMemcpyDtoH(H.Ptr, reinterpret_cast<CUdeviceptr>(D.Ptr), N);
    int Verdict = N == 0 ? -1 : std::min(valid(D, N, true), valid(H, N, false));
    if (sticky(R))
      return deviceReset();
    if (Verdict == 0 && R == CUDA_SUCCESS)
      violation("cuMemcpy accepted " + describe(D) + ", " + describe(H) + ", " + std::to_string(N));
    if (Verdict == 1 && R != CUDA_SUCCESS)
      violation("cuMemcpy refused " + describe(D) + ", " + describe(H) + ", " + std::to_string(N));
    if (R == CUDA_SUCCESS && Verdict == 1) {
      if (ToDevice)
        modelCopy(D, 0, H, 0, N, 1);
      else
        modelCopy(H, 0, D, 0, N, 1);
    } else if (Verdict == -1) {
      resync();
    }
    verify("cuMemcpy");
    break;
  }
  case 4: {
    Pick D = pointer(false);
    size_t N = In.ConsumeIntegralInRange<size_t>(0, 512);
    unsigned char V = In.ConsumeIntegral<unsigned char>();
    CUresult R = cuMemsetD8(reinterpret_cast<CUdeviceptr>(D.Ptr), V, N);
    int Verdict = N == 0 ? -1 : valid(D, N, true);
    if (sticky(R))
      return deviceReset();
    if (Verdict == 0 && R == CUDA_SUCCESS)
      violation("cuMemsetD8 accepted " + describe(D) + ", " + std::to_string(N));
    if (Verdict == 1 && R != CUDA_SUCCESS)
      violation("cuMemsetD8 refused " + describe(D) + ", " + std::to_string(N));
    if (R == CUDA_SUCCESS && Verdict == 1)
      modelFill(D, 0, V, N, 1);
    else if (Verdict == -1)
      resync();
    verify("cuMemsetD8");
    break;
  }
  default: {
    int V = 0;
    cuDeviceGetAttribute(&V, static_cast<CUdevice_attribute>(In.ConsumeIntegralInRange<int>(-1, 140)),
                         In.ConsumeIntegralInRange<int>(-1, 1));
    CUcontext C = nullptr;
    cuCtxGetCurrent(&C);
    CUstream S = nullptr;
    if (cuStreamCreate(&S, In.ConsumeIntegralInRange<unsigned>(0, 2)) == CUDA_SUCCESS) {
      cuStreamSynchronize(S);
      cuStreamDestroy(S);
    }
    cuStreamQuery(reinterpret_cast<CUstream>(handle(Streams, DeadStreams, cudaStream_t(nullptr))));
    break;
  }
  }
  cudaGetLastError();
}

void Session::pointerQueries() {
  Pick P = pointer(false);
  // Prefetch and advice take pageable memory too (pageableMemoryAccess is
  // 1): only a range that starts in a live allocation and runs past its end
  // must be refused.
  auto PastAllocation = [&](size_t N) {
    return N && P.Ptr && !P.Garbage && P.Buf->Live && tracked(P.Buf->K) && P.Offset < P.Buf->Size &&
           valid(P, N, true) == 0;
  };
  switch (In.ConsumeIntegralInRange<int>(0, 2)) {
  case 0: {
    cudaPointerAttributes A;
    cudaError_t E = cudaPointerGetAttributes(In.ConsumeBool() ? &A : nullptr, P.Ptr);
    if (E == cudaSuccess && P.Ptr && P.Garbage && A.type != cudaMemoryTypeUnregistered)
      violation("cudaPointerGetAttributes calls " + describe(P) + " registered");
    break;
  }
  case 1: {
    size_t N = In.ConsumeBool() ? In.ConsumeIntegralInRange<size_t>(0, 4096) : size();
    cudaError_t E = cudaMemPrefetchAsync(P.Ptr, N, In.ConsumeIntegralInRange<int>(-2, 1), stream());
    if (E == cudaSuccess && PastAllocation(N))
      violation("cudaMemPrefetchAsync accepted " + describe(P) + ", " + std::to_string(N));
    settle();
    break;
  }
  default: {
    size_t N = In.ConsumeBool() ? In.ConsumeIntegralInRange<size_t>(0, 4096) : size();
    cudaError_t E = cudaMemAdvise(P.Ptr, N, static_cast<cudaMemoryAdvise>(In.ConsumeIntegralInRange<int>(0, 7)),
                                  In.ConsumeIntegralInRange<int>(-2, 1));
    if (E == cudaSuccess && PastAllocation(N))
      violation("cudaMemAdvise accepted " + describe(P) + ", " + std::to_string(N));
    break;
  }
  }
  cudaGetLastError();
}

void Session::hostRegistration() {
  Buffer *B = anyBuffer(true);
  if (!B)
    return;
  if (B->K == Kind::Host && In.ConsumeBool()) {
    size_t Off = In.ConsumeIntegralInRange<size_t>(0, B->Size);
    size_t N = In.ConsumeIntegralInRange<size_t>(0, B->Size - Off);
    unsigned Flags = In.ConsumeIntegralInRange<unsigned>(0, 16);
    cudaError_t E = cudaHostRegister(B->Base + Off, N, Flags);
    if (E == cudaSuccess && (N == 0 || Flags > 15))
      violation("cudaHostRegister accepted " + std::to_string(N) + " bytes, flags " +
                std::to_string(Flags));
    if (E == cudaSuccess) {
      // Model it as its own tracked buffer over the same bytes: split the
      // host buffer's bookkeeping (the bytes stay the model's).
      if (Off == 0 && N == B->Size)
        B->K = Kind::Registered;
      else
        cudaHostUnregister(B->Base + Off);
    }
  } else {
    Pick P = pointer(true);
    cudaError_t E = cudaHostUnregister(P.Ptr);
    bool Registered = P.Ptr && !P.Garbage && P.Buf->Live && P.Offset == 0 &&
                      P.Buf->K == Kind::Registered;
    expect(E, Registered ? 1 : (P.Ptr && !P.Garbage && P.Buf->K == Kind::Host ? 0 : -1),
           "cudaHostUnregister(" + describe(P) + ")");
    if (E == cudaSuccess && Registered)
      P.Buf->K = Kind::Host;
  }
  cudaGetLastError();
}

void Session::cleanUp() {
  cudaDeviceSynchronize();
  for (cudaGraphExec_t X : Execs)
    cudaGraphExecDestroy(X);
  for (cudaGraph_t G : Graphs)
    cudaGraphDestroy(G);
  for (cudaTextureObject_t T : Textures)
    cudaDestroyTextureObject(T);
  for (cudaSurfaceObject_t S : Surfaces)
    cudaDestroySurfaceObject(S);
  for (cudaArray_t A : Arrays)
    cudaFreeArray(A);
  for (cudaEvent_t E : Events)
    cudaEventDestroy(E);
  for (cudaStream_t S : Streams)
    cudaStreamDestroy(S);
  for (Buffer *B : Buffers) {
    if (B->Live) {
      if (B->K == Kind::Pinned)
        cudaFreeHost(B->Base);
      else if (B->K == Kind::Registered)
        cudaHostUnregister(B->Base);
      else if (B->K != Kind::Host)
        cudaFree(B->Base);
    }
    delete B;
  }
  Buffers.clear();
  cudaDeviceSynchronize();
  cudaGetLastError();
}

void Session::run() {
  while (In.remaining_bytes() && Step < 64) {
    ++Step;
    switch (In.ConsumeIntegralInRange<int>(0, 17)) {
    case 0:
    case 1:
      allocate();
      break;
    case 2:
      release();
      break;
    case 3:
    case 4:
      copy();
      break;
    case 5:
      fill();
      break;
    case 6:
      copy2D();
      break;
    case 7:
      copy3D();
      break;
    case 8:
      streamsAndEvents();
      break;
    case 9:
      launch();
      break;
    case 10:
      deviceQueries();
      break;
    case 11:
      graphs();
      break;
    case 12:
      arrays();
      break;
    case 13:
      texturesAndSurfaces();
      break;
    case 14:
      symbols();
      break;
    case 15:
      driver();
      break;
    case 16:
      pointerQueries();
      break;
    default:
      hostRegistration();
      break;
    }
  }
}

} // namespace

// Huge allocations are refused with an error, not an abort (libFuzzer's
// -rss_limit_mb and -malloc_limit_mb still catch runaway memory).
extern "C" const char *__asan_default_options() {
  return "allocator_may_return_null=1:detect_leaks=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  FuzzedDataProvider In(Data, Size);
  // Every input starts from a fresh device (limits, function attributes and
  // sticky errors of earlier inputs would make a finding depend on them).
  cudaDeviceReset();
  cudaGetLastError();
  Session S(In);
  S.run();
  return 0;
}
