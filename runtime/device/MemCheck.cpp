// MemCheck.cpp - the run-time half of memcheck and racecheck builds (loomcc -memcheck, -racecheck).
// SPDX-License-Identifier: Apache-2.0
//
// compiler/Transforms/InstrumentMemory.cpp puts a call of __loom_check_access
// before every load, store, atomic and memcpy/memset of device code that may
// leave the thread's stack (include/loom/CheckABI.h). Here:
//  - memcheck: the access must be naturally aligned (as far as the IR
//    promises alignment) and lie wholly inside the __shared__ array or
//    variable the compiler saw, or, for an address the compiler could not
//    follow, inside one live allocation (the allocation map), a registered
//    device variable, the block's shared memory, a device-heap block (or a
//    dynamic-parallelism parameter buffer), the calling thread's stack, or
//    for a read the static data of the program and its libraries (vtables,
//    string literals). A freed allocation (the last
//    Allocator::FreedKept frees) is a use after free; anything else is out
//    of bounds (LOOM_MEMCHECK_PAGEABLE=1 accepts mapped host memory the
//    runtime does not track, as a system with pageableMemoryAccess may).
//    A bad access is reported like compute-sanitizer (kernel, file:line,
//    thread, block, address, the nearest allocation) and abandons the
//    launch with a sticky cudaErrorIllegalAddress (cudaErrorMisalignedAddress
//    for a misaligned one), as the fault it would cause on a GPU does.
//  - racecheck: shared memory has a shadow per byte in the worker running
//    the block: the last writer and the last two readers of different
//    threads (thread, barrier interval, site). Each thread counts the __syncthreads() it passed and
//    the __syncwarp() since; two accesses of different threads conflict if
//    one writes and they are in the same __syncthreads() interval, unless the
//    threads are in one warp and a __syncwarp() lies between. Each pair of
//    sites is reported once; racecheck does not fail the launch (neither
//    does compute-sanitizer's). A write of the bytes the conflicting earlier
//    write left there (many threads setting one flag) is what
//    compute-sanitizer rates an INFO hazard, "identical data being written",
//    below its default print level: counted, and shown only with
//    LOOM_RACECHECK_INFO=1.
// A worker runs a block's threads in order, thread (0,0,0) first
// (ThreadLoops), so per-block state lives in thread-local storage and is
// reset when thread (0,0,0) enters the kernel. docs/reliability.md.
#include "loom/CheckABI.h"

#include "core/KernelRegistry.h"
#include "core/Ops.h"
#include "core/Runtime.h"
#include "device/KernelGuard.h"
#include "support/ApiError.h"

#include <link.h>
#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace loom {
void noteDeviceHeapBlock(const void *Ptr, size_t Size, bool Live);
} // namespace loom

namespace {

constexpr uint32_t Unknown = UINT32_MAX;
constexpr uint64_t MaxReports = 100;

std::atomic<bool> Active{false};
std::atomic<uint64_t> Errors{0};
std::atomic<uint64_t> RaceErrors{0};
std::atomic<uint64_t> Hazards{0};
std::atomic<uint64_t> SameValueWrites{0}; // info hazards (identical data being written)
std::atomic<bool> RacecheckUsed{false};
std::atomic<bool> MemcheckUsed{false};
std::mutex ReportLock;
std::set<std::pair<const LoomCheckSite *, const LoomCheckSite *>> ReportedRaces;

std::mutex HeapLock;
std::map<uintptr_t, size_t> HeapBlocks; // device malloc, while memcheck runs

/// LOOM_CHECK_LOG=<file>: every report and the summary are appended there
/// too, each line after the program's name (scripts/memcheck-suite.sh).
void logLines(const std::string &Text) {
  static const char *Path = std::getenv("LOOM_CHECK_LOG");
  if (!Path || !*Path)
    return;
  // Never destroyed: the summary is written by an atexit handler, which
  // may run after the destructors of statics made later than it.
  static const std::string &Program = *new std::string([] {
    std::string Name;
    if (FILE *F = std::fopen("/proc/self/cmdline", "r")) {
      int C;
      while ((C = std::fgetc(F)) != EOF && C != 0)
        Name += char(C);
      std::fclose(F);
    }
    return Name;
  }());
  std::string Out;
  size_t Start = 0;
  while (Start < Text.size()) {
    size_t End = Text.find('\n', Start);
    if (End == std::string::npos)
      End = Text.size();
    Out += Program + ": " + Text.substr(Start, End - Start) + "\n";
    Start = End + 1;
  }
  if (FILE *F = std::fopen(Path, "a")) {
    std::fwrite(Out.data(), 1, Out.size(), F);
    std::fclose(F);
  }
}

bool showInfoHazards() {
  static const bool Show = [] {
    const char *V = std::getenv("LOOM_RACECHECK_INFO");
    return V && *V && std::strcmp(V, "0") != 0;
  }();
  return Show;
}

void summary() {
  std::fflush(stdout);
  char Line[160];
  std::string Text;
  if (MemcheckUsed || !RacecheckUsed) {
    std::snprintf(Line, sizeof(Line), "========= ERROR SUMMARY: %" PRIu64 " error%s\n",
                  Errors.load(), Errors.load() == 1 ? "" : "s");
    Text += Line;
  }
  if (RacecheckUsed) {
    std::snprintf(Line, sizeof(Line),
                  "========= RACECHECK SUMMARY: %" PRIu64 " hazard%s displayed (%" PRIu64
                  " conflicting access%s)\n",
                  RaceErrors.load(), RaceErrors.load() == 1 ? "" : "s", Hazards.load(),
                  Hazards.load() == 1 ? "" : "es");
    Text += Line;
    if (uint64_t Same = SameValueWrites.load()) {
      std::snprintf(Line, sizeof(Line),
                    "========= RACECHECK INFO: %" PRIu64 " conflicting access%s wrote "
                    "identical data (info severity, not hazards%s)\n",
                    Same, Same == 1 ? "" : "es",
                    showInfoHazards() ? "" : "; LOOM_RACECHECK_INFO=1 shows them");
      Text += Line;
    }
  }
  std::fwrite(Text.data(), 1, Text.size(), stderr);
  logLines(Text);
}

void activate() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    Active = true;
    std::atexit(summary);
  });
}

struct Shadow {
  uint64_t Writer = 0, Reader = 0; // packed thread index + 1; 0: none
  uint32_t WriteEpoch = 0, ReadEpoch = 0;
  const LoomCheckSite *WriteSite = nullptr, *ReadSite = nullptr;
  // The reader before the last one, if another thread: a write by the last
  // reader itself still conflicts with it.
  uint64_t OtherReader = 0;
  uint32_t OtherReadEpoch = 0;
  const LoomCheckSite *OtherReadSite = nullptr;
};

struct BlockState {
  std::vector<std::pair<uintptr_t, uint64_t>> Shared; // the block's __shared__ arrays
  std::unordered_map<uint64_t, uint32_t> Epochs;      // thread -> barriers << 16 | warp barriers
  std::unordered_map<uintptr_t, Shadow> Shadows;      // shared byte -> last accesses
  uintptr_t StackLow = 0, StackHigh = 0;
};

BlockState &state() {
  thread_local BlockState S;
  return S;
}

uint64_t packThread(uint32_t X, uint32_t Y, uint32_t Z) {
  return (uint64_t(X) | uint64_t(Y) << 21 | uint64_t(Z) << 42) + 1;
}

std::string demangle(const char *Name) {
  if (!Name)
    return "<unknown>";
  int Status = 0;
  char *D = abi::__cxa_demangle(Name, nullptr, nullptr, &Status);
  std::string S = D ? D : Name;
  std::free(D);
  return S;
}

std::string triple(uint32_t X, uint32_t Y, uint32_t Z) {
  if (X == Unknown)
    return "unknown";
  return "(" + std::to_string(X) + "," + std::to_string(Y) + "," + std::to_string(Z) + ")";
}

std::string where(const LoomCheckSite *Site) {
  std::string S = demangle(Site->function);
  if (Site->file && Site->line)
    S += " in " + std::string(Site->file) + ":" + std::to_string(Site->line);
  return S;
}

const char *spaceName(uint32_t Flags) {
  uint32_t Space = Flags & LOOM_CHECK_SPACE_MASK;
  return Space == LOOM_CHECK_SHARED || Space == LOOM_CHECK_DYNSHARED ? "__shared__"
                                                                     : "__global__";
}

const char *opName(uint32_t Flags) {
  switch (Flags & LOOM_CHECK_OP_MASK) {
  case LOOM_CHECK_WRITE:
    return "write";
  case LOOM_CHECK_ATOMIC:
    return "atomic";
  default:
    return "read";
  }
}

std::string hexAddress(uintptr_t A) {
  char Text[32];
  std::snprintf(Text, sizeof(Text), "0x%" PRIxPTR, A);
  return Text;
}

/// "N bytes before/after <what>" for \p P against [Base, Base + Size).
std::string relation(uintptr_t P, uint64_t Bytes, uintptr_t Base, uint64_t Size) {
  if (P < Base)
    return std::to_string(Base - P) + " bytes before ";
  if (P + Bytes > Base + Size && P >= Base + Size)
    return std::to_string(P - (Base + Size)) + " bytes after ";
  return "partly outside ";
}

/// Prints one error and abandons the launch (does not return inside a kernel).
[[noreturn]] void fail(cudaError_t Error, const LoomCheckSite *Site, const void *Ptr,
                       uint64_t Size, const std::string &Detail, uint32_t TX, uint32_t TY,
                       uint32_t TZ, uint32_t BX, uint32_t BY, uint32_t BZ);

void fail(cudaError_t Error, const LoomCheckSite *Site, const void *Ptr, uint64_t Size,
          const std::string &Detail, uint32_t TX, uint32_t TY, uint32_t TZ, uint32_t BX,
          uint32_t BY, uint32_t BZ) {
  // In its own scope: abandonCurrentKernel longjmps, which runs no destructor.
  {
    uint64_t N = Errors.fetch_add(1) + 1;
    if (N <= MaxReports) {
      std::string Text = "========= Invalid " + std::string(spaceName(Site->flags)) + " " +
                         opName(Site->flags) + " of size " + std::to_string(Size) +
                         " bytes\n=========     at " + where(Site) +
                         "\n=========     by thread " + triple(TX, TY, TZ) + " in block " +
                         triple(BX, BY, BZ) + "\n=========     Address " +
                         hexAddress(reinterpret_cast<uintptr_t>(Ptr)) + " " + Detail + "\n";
      std::lock_guard<std::mutex> Lock(ReportLock);
      std::fflush(stdout);
      std::fwrite(Text.data(), 1, Text.size(), stderr);
      logLines(Text);
    }
    loom::setStickyError(Error,
                         "memcheck: invalid %s %s of %llu bytes at %p by "
                         "thread (%u,%u,%u) in block (%u,%u,%u) of kernel %s",
                         spaceName(Site->flags), opName(Site->flags),
                         (unsigned long long)Size, Ptr, TX, TY, TZ, BX, BY, BZ,
                         loom::currentKernelName());
  }
  loom::abandonCurrentKernel();
  std::abort(); // not inside a guard: cannot happen for kernel code
}

bool onStack(BlockState &S, uintptr_t P, uint64_t Size) {
  if (!S.StackHigh) {
    pthread_attr_t Attr;
    void *Low = nullptr;
    size_t Bytes = 0;
    if (pthread_getattr_np(pthread_self(), &Attr) == 0) {
      pthread_attr_getstack(&Attr, &Low, &Bytes);
      pthread_attr_destroy(&Attr);
    }
    S.StackLow = reinterpret_cast<uintptr_t>(Low);
    S.StackHigh = S.StackLow + Bytes;
  }
  return P >= S.StackLow && P + Size <= S.StackHigh;
}

bool inHeapBlock(uintptr_t P, uint64_t Size) {
  std::lock_guard<std::mutex> Lock(HeapLock);
  auto It = HeapBlocks.upper_bound(P);
  if (It == HeapBlocks.begin())
    return false;
  --It;
  return P >= It->first && P + Size <= It->first + It->second;
}

/// Whether [P, P + Size) lies in a loaded segment of the program or a
/// library: its static data (a vtable, a string literal, a table the
/// compiler placed in read-only data), which kernels may read.
bool inLoadedImage(uintptr_t P, uint64_t Size) {
  struct Query {
    uintptr_t Begin, End;
    bool Found;
  } Q{P, P + Size, false};
  dl_iterate_phdr(
      [](dl_phdr_info *Info, size_t, void *Data) {
        auto *Q = static_cast<Query *>(Data);
        for (unsigned I = 0; I < Info->dlpi_phnum; ++I) {
          const ElfW(Phdr) &Ph = Info->dlpi_phdr[I];
          uintptr_t Begin = Info->dlpi_addr + Ph.p_vaddr;
          if (Ph.p_type == PT_LOAD && Q->Begin >= Begin && Q->End <= Begin + Ph.p_memsz) {
            Q->Found = true;
            return 1;
          }
        }
        return 0;
      },
      &Q);
  return Q.Found;
}

bool pageableAllowed() {
  static const bool Allowed = [] {
    const char *V = std::getenv("LOOM_MEMCHECK_PAGEABLE");
    return V && *V && std::strcmp(V, "0") != 0;
  }();
  return Allowed;
}

/// An address the compiler could not follow.
void checkGeneric(const void *Ptr, uint64_t Size, const LoomCheckSite *Site, uint32_t TX,
                  uint32_t TY, uint32_t TZ, uint32_t BX, uint32_t BY, uint32_t BZ) {
  auto P = reinterpret_cast<uintptr_t>(Ptr);
  loom::Allocator &Map = loom::Runtime::get().allocator();
  loom::RangeStatus Status = Map.classify(Ptr, Size);
  if (Status == loom::RangeStatus::Inside)
    return;
  BlockState &S = state();
  if (Status == loom::RangeStatus::Untracked) {
    for (auto [Base, Bytes] : S.Shared)
      if (P >= Base && P < Base + Bytes + 1) {
        if (P + Size <= Base + Bytes)
          return;
        fail(cudaErrorIllegalAddress, Site, Ptr, Size,
             "is out of bounds\n=========     and is " + relation(P, Size, Base, Bytes) +
                 "the block's shared memory at " + hexAddress(Base) + " of size " +
                 std::to_string(Bytes) + " bytes",
             TX, TY, TZ, BX, BY, BZ);
      }
    if (loom::KernelRegistry::get().containsVarRange(Ptr, Size) || onStack(S, P, Size) ||
        inHeapBlock(P, Size))
      return;
    if ((Site->flags & LOOM_CHECK_OP_MASK) == LOOM_CHECK_READ && inLoadedImage(P, Size))
      return;
    loom::Allocation Freed;
    if (Map.findFreed(Ptr, &Freed))
      fail(cudaErrorIllegalAddress, Site, Ptr, Size,
           "is in freed memory (use after free)\n=========     of the allocation at " +
               hexAddress(Freed.Base) + " of size " + std::to_string(Freed.Size) + " bytes",
           TX, TY, TZ, BX, BY, BZ);
    if (pageableAllowed())
      return;
  }
  loom::Allocation Near;
  std::string Detail = "is out of bounds";
  if (Map.nearest(Ptr, &Near))
    Detail += "\n=========     and is " + relation(P, Size, Near.Base, Near.Size) +
              "the nearest allocation at " + hexAddress(Near.Base) + " of size " +
              std::to_string(Near.Size) + " bytes";
  fail(cudaErrorIllegalAddress, Site, Ptr, Size, Detail, TX, TY, TZ, BX, BY, BZ);
}

/// \p SameValue: a write/write conflict in which the later write stores the
/// bytes the earlier one left (compute-sanitizer's INFO severity).
void reportRace(const LoomCheckSite *Earlier, uint64_t EarlierThread,
                const LoomCheckSite *Later, uint32_t TX, uint32_t TY, uint32_t TZ, uint32_t BX,
                uint32_t BY, uint32_t BZ, uintptr_t Address, bool EarlierWrites,
                bool SameValue = false) {
  if (SameValue) {
    SameValueWrites.fetch_add(1, std::memory_order_relaxed);
    if (!showInfoHazards())
      return;
  } else {
    Hazards.fetch_add(1, std::memory_order_relaxed);
  }
  static std::set<std::pair<const LoomCheckSite *, const LoomCheckSite *>> ReportedInfo;
  std::lock_guard<std::mutex> Lock(ReportLock);
  if (!(SameValue ? ReportedInfo : ReportedRaces).insert({Earlier, Later}).second)
    return;
  uint64_t N = SameValue ? ReportedInfo.size() : RaceErrors.fetch_add(1) + 1;
  if (N > MaxReports)
    return;
  uint64_t E = EarlierThread - 1;
  std::string Text = std::string(SameValue ? "========= Info: (identical data being written) "
                                           : "========= Error: ") +
                     "Race reported between " +
                     std::string(EarlierWrites ? "Write" : "Read") + " access at " +
                     where(Earlier) + "\n=========     by thread " +
                     triple(E & 0x1fffff, (E >> 21) & 0x1fffff, E >> 42) + "\n=========     and " +
                     ((Later->flags & LOOM_CHECK_OP_MASK) == LOOM_CHECK_WRITE ? "Write"
                                                                                : "Read") +
                     " access at " + where(Later) + "\n=========     by thread " +
                     triple(TX, TY, TZ) + " in block " + triple(BX, BY, BZ) +
                     " to __shared__ address " + hexAddress(Address) + "\n";
  std::fflush(stdout);
  std::fwrite(Text.data(), 1, Text.size(), stderr);
  logLines(Text);
}

void checkRaces(const void *Ptr, uint64_t Size, const LoomCheckSite *Site, uint32_t TX,
                uint32_t TY, uint32_t TZ, uint32_t BX, uint32_t BY, uint32_t BZ,
                uint64_t Value) {
  if (!RacecheckUsed.load(std::memory_order_relaxed))
    RacecheckUsed.store(true, std::memory_order_relaxed);
  BlockState &S = state();
  uint64_t Me = packThread(TX, TY, TZ);
  uint32_t Epoch = S.Epochs[Me];
  const loom::KernelOp *Op = loom::KernelOp::current();
  uint64_t DimX = Op ? Op->launch().blockDim.x : 1, DimY = Op ? Op->launch().blockDim.y : 1;
  auto Warp = [&](uint64_t Packed) {
    uint64_t T = Packed - 1;
    uint64_t X = T & 0x1fffff, Y = (T >> 21) & 0x1fffff, Z = T >> 42;
    return (X + DimX * (Y + DimY * Z)) / 32;
  };
  // Ordered: different __syncthreads() intervals, or one warp with a
  // __syncwarp() between.
  auto Concurrent = [&](uint64_t Other, uint32_t OtherEpoch) {
    if (!Other || Other == Me || (OtherEpoch >> 16) != (Epoch >> 16))
      return false;
    return Warp(Other) != Warp(Me) || OtherEpoch == Epoch;
  };
  bool Write = (Site->flags & LOOM_CHECK_OP_MASK) == LOOM_CHECK_WRITE;
  auto P = reinterpret_cast<uintptr_t>(Ptr);
  // The check runs before the store: memory still holds what the last
  // checked writes stored. A store that leaves every byte as it is writes
  // identical data (stored bits are little-endian, as x86's memory).
  bool SameValue = Write && (Site->flags & LOOM_CHECK_VALUE) && Size <= 8 &&
                   std::memcmp(Ptr, &Value, Size) == 0;
  for (uint64_t I = 0; I < Size; ++I) {
    Shadow &Sh = S.Shadows[P + I];
    if (Concurrent(Sh.Writer, Sh.WriteEpoch))
      reportRace(Sh.WriteSite, Sh.Writer, Site, TX, TY, TZ, BX, BY, BZ, P + I, true, SameValue);
    if (Write) {
      if (Concurrent(Sh.Reader, Sh.ReadEpoch))
        reportRace(Sh.ReadSite, Sh.Reader, Site, TX, TY, TZ, BX, BY, BZ, P + I, false);
      else if (Concurrent(Sh.OtherReader, Sh.OtherReadEpoch))
        reportRace(Sh.OtherReadSite, Sh.OtherReader, Site, TX, TY, TZ, BX, BY, BZ, P + I, false);
      Sh.Writer = Me;
      Sh.WriteEpoch = Epoch;
      Sh.WriteSite = Site;
    } else {
      if (Sh.Reader && Sh.Reader != Me) {
        Sh.OtherReader = Sh.Reader;
        Sh.OtherReadEpoch = Sh.ReadEpoch;
        Sh.OtherReadSite = Sh.ReadSite;
      }
      Sh.Reader = Me;
      Sh.ReadEpoch = Epoch;
      Sh.ReadSite = Site;
    }
  }
}

} // namespace

namespace loom {

void noteDeviceHeapBlock(const void *Ptr, size_t Size, bool Live) {
  if (!Active.load(std::memory_order_relaxed) || !Ptr)
    return;
  std::lock_guard<std::mutex> Lock(HeapLock);
  if (Live)
    HeapBlocks[reinterpret_cast<uintptr_t>(Ptr)] = Size;
  else
    HeapBlocks.erase(reinterpret_cast<uintptr_t>(Ptr));
}

} // namespace loom

extern "C" {

void __loom_check_thread_begin(uint32_t TX, uint32_t TY, uint32_t TZ, uint32_t, uint32_t,
                               uint32_t) {
  activate();
  BlockState &S = state();
  if (TX == 0 && TY == 0 && TZ == 0) {
    S.Shared.clear();
    S.Epochs.clear();
    S.Shadows.clear();
  }
  S.Epochs[packThread(TX, TY, TZ)] = 0;
}

void __loom_check_shared_range(const void *Base, uint64_t Size) {
  if (Size == UINT64_MAX) {
    const loom::KernelOp *Op = loom::KernelOp::current();
    Size = Op ? Op->launch().dynamicSharedBytes : 0;
  }
  BlockState &S = state();
  auto B = reinterpret_cast<uintptr_t>(Base);
  for (auto &R : S.Shared)
    if (R.first == B)
      return;
  if (Size)
    S.Shared.emplace_back(B, Size);
}

void __loom_check_barrier(uint32_t Warp, uint32_t TX, uint32_t TY, uint32_t TZ) {
  uint32_t &E = state().Epochs[packThread(TX, TY, TZ)];
  E = Warp ? E + 1 : ((E >> 16) + 1) << 16;
}

void __loom_check_access(const void *Ptr, uint64_t Size, const LoomCheckSite *Site,
                         const void *Base, uint64_t Limit, uint32_t TX, uint32_t TY, uint32_t TZ,
                         uint32_t BX, uint32_t BY, uint32_t BZ, uint64_t Value) {
  if (!Size)
    return;
  uint32_t Flags = Site->flags;
  uint32_t Space = Flags & LOOM_CHECK_SPACE_MASK;
  if (Flags & LOOM_CHECK_MEMORY) {
    if (!MemcheckUsed.load(std::memory_order_relaxed))
      MemcheckUsed.store(true, std::memory_order_relaxed);
    auto P = reinterpret_cast<uintptr_t>(Ptr);
    uint64_t Align = uint64_t(1) << ((Flags >> LOOM_CHECK_ALIGN_SHIFT) & 0xff);
    if (P & (Align - 1))
      fail(cudaErrorMisalignedAddress, Site, Ptr, Size,
           "is misaligned (the access needs " + std::to_string(Align) + "-byte alignment)", TX,
           TY, TZ, BX, BY, BZ);
    if (Space == LOOM_CHECK_GENERIC) {
      checkGeneric(Ptr, Size, Site, TX, TY, TZ, BX, BY, BZ);
    } else {
      if (Space == LOOM_CHECK_DYNSHARED) {
        const loom::KernelOp *Op = loom::KernelOp::current();
        Limit = Op ? Op->launch().dynamicSharedBytes : 0;
      }
      auto B = reinterpret_cast<uintptr_t>(Base);
      if (P < B || Size > Limit || P - B > Limit - Size) {
        std::string What = Space == LOOM_CHECK_VARIABLE ? "the variable '"
                           : Space == LOOM_CHECK_SHARED ? "the __shared__ array '"
                                                        : "the dynamic shared memory '";
        fail(cudaErrorIllegalAddress, Site, Ptr, Size,
             "is out of bounds\n=========     and is " + relation(P, Size, B, Limit) + What +
                 demangle(Site->object) + "' at " + hexAddress(B) + " of size " +
                 std::to_string(Limit) + " bytes",
             TX, TY, TZ, BX, BY, BZ);
      }
    }
  }
  if (Flags & LOOM_CHECK_RACES) {
    if (Space == LOOM_CHECK_GENERIC) {
      // Shared memory only: one of the block's arrays.
      auto P = reinterpret_cast<uintptr_t>(Ptr);
      bool InShared = false;
      for (auto [B, Bytes] : state().Shared)
        InShared |= P >= B && P - B < Bytes;
      if (!InShared)
        return;
    }
    checkRaces(Ptr, Size, Site, TX, TY, TZ, BX, BY, BZ, Value);
  }
}

} // extern "C"
