// Ops.cpp - execution of the concrete stream operations.
// SPDX-License-Identifier: Apache-2.0
#include "core/Ops.h"

#include "cuda_runtime_api.h"

#include "core/KernelJit.h"
#include "core/KernelRegistry.h"
#include "core/Runtime.h"
#include "device/KernelGuard.h"
#include "scheduler/WorkerState.h"
#include "support/ApiError.h"
#include "support/RecyclingAllocator.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <new>
#include <string>

namespace loom {

namespace {
__attribute__((tls_model("initial-exec"))) thread_local KernelOp *Current = nullptr;

uint64_t alignUp(uint64_t Value, uint64_t Align) {
  return (Value + Align - 1) & ~(Align - 1);
}
} // namespace

KernelOp::KernelOp(const LoomKernelDesc &Desc, const LoomKernelDesc &Launched,
                   const LoomLaunch &Launch, uint64_t TotalBlocks, uint64_t BlocksPerGrab)
    : Op(TotalBlocks, BlocksPerGrab), Desc(Desc), Launched(Launched), Launch(Launch),
      ArgPtrs(InlinePtrs) {
  SharedBytes = Desc.staticSharedBytes + Launch.dynamicSharedBytes;
  ArenaBytes = arenaBytes(Desc, Launch.blockDim);
}

uint64_t KernelOp::arenaBytes(const LoomKernelDesc &Desc, const LoomDim3 &Block) {
  // One copy of the kept state per unit: per thread, or per gang of a
  // vectorized kernel (each row splits into whole gangs, the last partial).
  uint64_t Gang = Desc.gangWidth > 1 ? Desc.gangWidth : 1;
  uint64_t Units = (uint64_t(Block.x) + Gang - 1) / Gang * Block.y * Block.z;
  return Desc.threadArenaBytesPerThread * Units;
}

std::shared_ptr<KernelOp> KernelOp::create(const LoomKernelDesc &Desc, const LoomLaunch &Launch,
                                           void *const *Args, uint64_t BlocksPerGrab) {
  return create(KernelJit::get().select(Desc, Launch.blockDim), Desc, Launch, Args,
                BlocksPerGrab);
}

std::shared_ptr<KernelOp> KernelOp::create(const LoomKernelDesc &Run, const LoomKernelDesc &Desc,
                                           const LoomLaunch &Launch, void *const *Args,
                                           uint64_t BlocksPerGrab) {
  uint64_t Total = uint64_t(Launch.gridDim.x) * Launch.gridDim.y * Launch.gridDim.z;
  auto K = std::allocate_shared<KernelOp>(RecyclingAllocator<KernelOp>(), Run, Desc, Launch,
                                           Total, BlocksPerGrab);

  // Lay the arguments out at their natural alignment.
  uint64_t Size = 0, MaxAlign = 1;
  for (uint32_t I = 0; I < Desc.numArgs; ++I) {
    uint64_t Align = Desc.argAligns && Desc.argAligns[I] ? Desc.argAligns[I] : 1;
    Size = alignUp(Size, Align) + Desc.argSizes[I];
    MaxAlign = Align > MaxAlign ? Align : MaxAlign;
  }
  unsigned char *Base = K->InlineStorage;
  if (Size > InlineArgBytes || MaxAlign > alignof(decltype(K->InlineStorage))) {
    K->HeapStorage.reset(new (std::nothrow) unsigned char[Size + MaxAlign]);
    if (!K->HeapStorage)
      return nullptr;
    Base = reinterpret_cast<unsigned char *>(
        alignUp(reinterpret_cast<uintptr_t>(K->HeapStorage.get()), MaxAlign));
  }
  if (Desc.numArgs > InlineArgs) {
    K->HeapPtrs.reset(new (std::nothrow) void *[Desc.numArgs]);
    if (!K->HeapPtrs)
      return nullptr;
    K->ArgPtrs = K->HeapPtrs.get();
  }
  uint64_t Offset = 0;
  for (uint32_t I = 0; I < Desc.numArgs; ++I) {
    uint64_t Align = Desc.argAligns && Desc.argAligns[I] ? Desc.argAligns[I] : 1;
    Offset = alignUp(Offset, Align);
    std::memcpy(Base + Offset, Args[I], Desc.argSizes[I]);
    K->ArgPtrs[I] = Base + Offset;
    Offset += Desc.argSizes[I];
  }
  return K;
}

uint64_t KernelOp::recycledRecords() {
  return RecycleCount<KernelOp>::Reused.load(std::memory_order_relaxed);
}

OpRef KernelOp::clone() const {
  // Re-copies the captured argument values into the new record.
  return create(Launched, Launch, ArgPtrs, UnitsPerGrab);
}

void KernelOp::run(uint64_t Begin, uint64_t End, WorkerState &Worker) {
  LoomWorker *W = Worker.prepare(SharedBytes, ArenaBytes);
  if (!W) {
    setStickyError(
        cudaErrorLaunchOutOfResources,
        "kernel %s: no memory for a worker's %llu bytes of shared memory and "
        "%llu bytes of per-thread arena",
        Desc.name ? Desc.name : "<unnamed>", (unsigned long long)SharedBytes,
        (unsigned long long)ArenaBytes);
    return;
  }
  KernelOp *Outer = Current;
  Current = this;
  FaultInfo Fault;
  bool Completed = runEntryGuarded(Desc.entry, &Launch, ArgPtrs, Begin, End, W, &Fault);
  Current = Outer;
  if (!Completed && Fault.Signal)
    reportFault(Fault, Begin, End);
}

void KernelOp::reportFault(const FaultInfo &Fault, uint64_t Begin, uint64_t End) {
  // A memory fault is CUDA's illegal address; a stack overflow and an
  // arithmetic trap are its unspecified launch failure.
  cudaError_t Error = (Fault.Signal == SIGFPE || Fault.StackOverflow) ? cudaErrorLaunchFailure
                                                                      : cudaErrorIllegalAddress;
  // The launch's first fault is reported (later ones are usually its echoes
  // in other chunks), unless the context had failed already.
  if (stickyError() == cudaSuccess && !FaultReported.exchange(true)) {
    // Block coordinates of the chunk's first block; the thread is not known
    // (a chunk runs whole blocks, a gang of threads per instruction).
    uint64_t GX = Launch.gridDim.x, GY = Launch.gridDim.y;
    uint64_t X = Begin % GX, Y = Begin / GX % GY, Z = Begin / GX / GY;
    int Status = 0;
    char *Demangled = abi::__cxa_demangle(Desc.name, nullptr, nullptr, &Status);
    std::fflush(stdout); // device printf output before the report, as CUDA does
    std::fprintf(stderr,
                 "loom: kernel %s faulted: %s, in block (%llu,%llu,%llu)%s, thread unknown; "
                 "%s (sticky)\n",
                 Demangled ? Demangled : (Desc.name ? Desc.name : "<unnamed>"),
                 describeFault(Fault).c_str(), (unsigned long long)X, (unsigned long long)Y,
                 (unsigned long long)Z,
                 End - Begin > 1 ? (" or one of the " + std::to_string(End - Begin - 1) +
                                    " blocks after it")
                                       .c_str()
                                 : "",
                 cudaGetErrorName(Error));
    std::free(Demangled);
  }
  setStickyError(
      Error, "kernel %s faulted (%s) in blocks %llu to %llu of its grid",
      Desc.name ? Desc.name : "<unnamed>", describeFault(Fault).c_str(),
      (unsigned long long)Begin, (unsigned long long)(End - 1));
}

KernelOp *KernelOp::current() { return Current; }

const char *currentKernelName() {
  if (!Current)
    return "<no kernel>";
  return Current->desc().name ? Current->desc().name : "<unnamed>";
}

double KernelOp::guessNs() const {
  double Threads = double(Launch.blockDim.x) * Launch.blockDim.y * Launch.blockDim.z;
  return double(NumUnits) * Threads * GuessNsPerThread;
}

double byteOpGuessNs(double Bytes) { return 100 + Bytes / 4; }

double CopyOp::guessNs() const { return byteOpGuessNs(double(Width) * Height * Depth); }

double SetOp::guessNs() const { return byteOpGuessNs(double(Width) * Height * Depth); }

void KernelOp::onComplete() {
  if (DeviceLaunched)
    Runtime::get().PendingDeviceLaunches.fetch_sub(1, std::memory_order_relaxed);
}

CopyOp::CopyOp(void *Dst, size_t DstPitch, const void *Src, size_t SrcPitch, size_t Width,
               size_t Height, size_t Depth, size_t DstSlicePitch, size_t SrcSlicePitch,
               bool Guarded, unsigned Tracked)
    : Op(1, 1), Dst(static_cast<unsigned char *>(Dst)),
      Src(static_cast<const unsigned char *>(Src)), DstPitch(DstPitch), SrcPitch(SrcPitch),
      Width(Width), Height(Height), Depth(Depth), DstSlicePitch(DstSlicePitch),
      SrcSlicePitch(SrcSlicePitch), Guarded(Guarded), DstTracked(Tracked & TrackedDst),
      SrcTracked(Tracked & TrackedSrc) {}

OpRef CopyOp::clone() const {
  auto Copy = std::make_shared<CopyOp>(Dst, DstPitch, Src, SrcPitch, Width, Height, Depth,
                                       DstSlicePitch, SrcSlicePitch, Guarded,
                                       (DstTracked ? TrackedDst : 0) |
                                           (SrcTracked ? TrackedSrc : 0));
  Copy->Replay = true;
  return Copy;
}

bool replayedRangeStillValid(const void *Ptr, size_t Pitch, size_t SlicePitch, size_t Width,
                             size_t Height, size_t Depth, const char *What) {
  // Validated when the graph was made: the footprint does not overflow.
  size_t Bytes = (Depth - 1) * SlicePitch + (Height - 1) * Pitch + Width;
  if (!Width || !Height || !Depth)
    return true;
  RangeStatus Status = Runtime::get().allocator().classify(Ptr, Bytes);
  if (Status == RangeStatus::Inside ||
      (Status == RangeStatus::Untracked && KernelRegistry::get().containsVarRange(Ptr, Bytes)))
    return true;
  if (stickyError() == cudaSuccess) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "loom: a graph's %s reaches %p + %zu bytes, no longer allocated memory (freed "
                 "since the graph was made); the context fails with cudaErrorIllegalAddress\n",
                 What, Ptr, Bytes);
  }
  setStickyError(cudaErrorIllegalAddress,
                 "a graph's %s reaches %p + %zu bytes, freed since the graph was made", What,
                 Ptr, Bytes);
  return false;
}

void CopyOp::run(uint64_t, uint64_t, WorkerState &) {
  // A side that was tracked memory when the graph was made may have been
  // freed since.
  if (Replay &&
      ((DstTracked &&
        !replayedRangeStillValid(Dst, DstPitch, DstSlicePitch, Width, Height, Depth, "copy")) ||
       (SrcTracked &&
        !replayedRangeStillValid(Src, SrcPitch, SrcSlicePitch, Width, Height, Depth, "copy")))) {
    Faulted = true;
    return;
  }
  if (!Guarded) {
    copy();
    return;
  }
  FaultInfo Fault;
  if (runGuarded([](void *Self) { static_cast<CopyOp *>(Self)->copy(); }, this, &Fault))
    return;
  Faulted = true;
  if (CallerWaits)
    return; // the waiting call returns cudaErrorInvalidValue
  if (stickyError() == cudaSuccess) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "loom: an asynchronous copy faulted (%s); the context fails with "
                 "cudaErrorIllegalAddress\n",
                 describeFault(Fault).c_str());
  }
  setStickyError(
      cudaErrorIllegalAddress,
      "an asynchronous copy of %zux%zux%zu bytes from %p to %p faulted (%s)",
      Width, Height, Depth, static_cast<const void *>(Src),
      static_cast<void *>(Dst), describeFault(Fault).c_str());
}

namespace {
/// A copy's shape, for the op and for runNow.
struct CopyShape3D {
  unsigned char *Dst;
  const unsigned char *Src;
  size_t DstPitch, SrcPitch, Width, Height, Depth, DstSlicePitch, SrcSlicePitch;
};

void copyShape(const CopyShape3D &C) {
  for (size_t Slice = 0; Slice < C.Depth; ++Slice) {
    unsigned char *D = C.Dst + Slice * C.DstSlicePitch;
    const unsigned char *S = C.Src + Slice * C.SrcSlicePitch;
    if (C.Height == 1 || (C.DstPitch == C.Width && C.SrcPitch == C.Width)) {
      std::memmove(D, S, C.Width * C.Height);
      continue;
    }
    for (size_t Row = 0; Row < C.Height; ++Row)
      std::memmove(D + Row * C.DstPitch, S + Row * C.SrcPitch, C.Width);
  }
}
} // namespace

void CopyOp::copy() {
  copyShape({Dst, Src, DstPitch, SrcPitch, Width, Height, Depth, DstSlicePitch, SrcSlicePitch});
}

bool CopyOp::runNow(void *Dst, size_t DstPitch, const void *Src, size_t SrcPitch, size_t Width,
                    size_t Height, size_t Depth, size_t DstSlicePitch, size_t SrcSlicePitch,
                    bool Guarded, unsigned /*Tracked: a replay's concern*/) {
  CopyShape3D C{static_cast<unsigned char *>(Dst), static_cast<const unsigned char *>(Src),
                DstPitch, SrcPitch, Width, Height, Depth, DstSlicePitch, SrcSlicePitch};
  if (!Guarded) {
    copyShape(C);
    return true;
  }
  FaultInfo Fault;
  return runGuarded([](void *Shape) { copyShape(*static_cast<CopyShape3D *>(Shape)); }, &C,
                    &Fault);
}

SetOp::SetOp(void *Dst, size_t Pitch, int Value, size_t Width, size_t Height, size_t Depth,
             size_t SlicePitch)
    : Op(1, 1), Dst(static_cast<unsigned char *>(Dst)), Pitch(Pitch), Value(Value),
      Width(Width), Height(Height), Depth(Depth), SlicePitch(SlicePitch) {}

OpRef SetOp::clone() const {
  auto Copy = std::make_shared<SetOp>(Dst, Pitch, Value, Width, Height, Depth, SlicePitch);
  Copy->Replay = true;
  return Copy;
}

void SetOp::run(uint64_t, uint64_t, WorkerState &) {
  if (Replay && !replayedRangeStillValid(Dst, Pitch, SlicePitch, Width, Height, Depth, "memset"))
    return;
  runNow(Dst, Pitch, Value, Width, Height, Depth, SlicePitch);
}

bool SetOp::runNow(void *Ptr, size_t Pitch, int Value, size_t Width, size_t Height,
                   size_t Depth, size_t SlicePitch) {
  auto *Dst = static_cast<unsigned char *>(Ptr);
  for (size_t Slice = 0; Slice < Depth; ++Slice) {
    unsigned char *D = Dst + Slice * SlicePitch;
    if (Height == 1 || Pitch == Width) {
      std::memset(D, Value, Width * Height);
      continue;
    }
    for (size_t Row = 0; Row < Height; ++Row)
      std::memset(D + Row * Pitch, Value, Width);
  }
  return true;
}

HostFnOp::HostFnOp(cudaHostFn_t Fn, void *UserData) : Op(1, 1), Fn(Fn), UserData(UserData) {}

HostFnOp::HostFnOp(cudaStreamCallback_t Callback, cudaStream_t Handle, void *UserData)
    : Op(1, 1), Callback(Callback), Handle(Handle), UserData(UserData) {}

OpRef HostFnOp::clone() const {
  if (Fn)
    return std::make_shared<HostFnOp>(Fn, UserData);
  return std::make_shared<HostFnOp>(Callback, Handle, UserData);
}

void HostFnOp::run(uint64_t, uint64_t, WorkerState &) {
  if (Fn)
    Fn(UserData);
  else
    Callback(Handle, stickyError(), UserData);
}

} // namespace loom
