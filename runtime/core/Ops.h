// Ops.h - the concrete stream operations: kernel launch, copy, set, host function, marker, event record.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_CORE_OPS_H
#define LOOM_RUNTIME_CORE_OPS_H

#include "driver_types.h"
#include "loom/KernelABI.h"
#include "scheduler/Op.h"

#include <atomic>
#include <chrono>
#include <memory>

namespace loom {

struct FaultInfo;

/// One kernel launch: the grid's blocks are the units. Argument values are
/// copied at construction, so the caller's variables may change afterwards.
class KernelOp final : public Op {
public:
  /// Returns null if the argument copy cannot be allocated. Runs the
  /// kernel's entry specialized for the launch's block size when the JIT
  /// has one (core/KernelJit.h).
  static std::shared_ptr<KernelOp> create(const LoomKernelDesc &Desc, const LoomLaunch &Launch,
                                          void *const *Args, uint64_t BlocksPerGrab);
  /// The same with the entry to run already chosen (\p Run: KernelJit's
  /// selection for \p Desc and the launch's block size).
  static std::shared_ptr<KernelOp> create(const LoomKernelDesc &Run, const LoomKernelDesc &Desc,
                                          const LoomLaunch &Launch, void *const *Args,
                                          uint64_t BlocksPerGrab);
  /// For an op that runs before the launch call returns and is then
  /// dropped (Scheduler::runIfIdle, an op on the launching thread's stack):
  /// the kernel reads its arguments from the caller's \p Args, not a copy.
  void borrowArgs(void *const *Args) { ArgPtrs = const_cast<void **>(Args); }
  KernelOp(const LoomKernelDesc &Desc, const LoomKernelDesc &Launched, const LoomLaunch &Launch,
           uint64_t TotalBlocks, uint64_t BlocksPerGrab);
  void run(uint64_t Begin, uint64_t End, WorkerState &Worker) override;
  OpRef clone() const override;
  /// Block times are measured per kernel; before the first measurement a
  /// launch is guessed at GuessNsPerThread per GPU thread.
  const void *costKey() const override { return &Desc; }
  double guessNs() const override;
  uint64_t costUnitsPerUnit() const override {
    return uint64_t(Launch.blockDim.x) * Launch.blockDim.y * Launch.blockDim.z;
  }
  static constexpr double GuessNsPerThread = 10;
  bool mayRunOnSubmitter() const override {
    return (Launched.flags & LOOM_KERNEL_NEVER_WAITS_FOR_HOST) != 0;
  }
  /// Bytes of per-unit state a block of \p Block threads keeps across
  /// barriers: a unit is a thread, or for a vectorized kernel (gangWidth W
  /// > 1) a gang of W threads of a row, ceil(x / W) gangs per row.
  static uint64_t arenaBytes(const LoomKernelDesc &Desc, const LoomDim3 &Block);
  /// A memory or arithmetic fault in blocks [Begin, End): the sticky error,
  /// and (for the launch's first) a message naming kernel, block and address.
  void reportFault(const FaultInfo &Fault, uint64_t Begin, uint64_t End);

  /// The launch whose blocks the calling thread is running, or null
  /// (device-side launches make it their parent).
  static KernelOp *current();
  /// What runs and with which launch record (memcheck's reports).
  const LoomKernelDesc &desc() const { return Desc; }
  const LoomLaunch &launch() const { return Launch; }
  /// Launch records that reused a freed one (support/RecyclingAllocator.h).
  static uint64_t recycledRecords();
  /// Launched by a kernel: counted in Runtime::PendingDeviceLaunches until
  /// it completes.
  bool DeviceLaunched = false;
  /// A fault in this launch was reported (reportFault: one message per launch).
  std::atomic<bool> FaultReported{false};
  /// The scheduled op this launch's blocks run under when it is not itself
  /// submitted (a cooperative launch's grid); children attach to it.
  Op *ScheduledAs = this;
  void onComplete() override;

private:
  static constexpr unsigned InlineArgs = 16;
  static constexpr unsigned InlineArgBytes = 256;

  /// What runs (a specialized descriptor, core/KernelJit.h) and what was
  /// launched (clones select again).
  const LoomKernelDesc &Desc;
  const LoomKernelDesc &Launched;
  LoomLaunch Launch;
  uint64_t SharedBytes;
  uint64_t ArenaBytes;
  void **ArgPtrs;
  void *InlinePtrs[InlineArgs];
  alignas(64) unsigned char InlineStorage[InlineArgBytes];
  std::unique_ptr<void *[]> HeapPtrs;
  std::unique_ptr<unsigned char[]> HeapStorage;
};

/// Guessed cost of touching \p Bytes in a copy or fill on one thread (ns): a
/// call plus a few GB/s, cold caches assumed.
double byteOpGuessNs(double Bytes);

/// A 3D byte copy: Depth slices of Height rows of Width bytes (a 1D copy is
/// one row). Device memory is host memory on Loom, so every cudaMemcpyKind is
/// the same host copy (memmove: overlap-safe).
class CopyOp final : public Op {
public:
  /// \p Guarded: a side is memory the allocation map does not track
  /// (pageable host memory, or an address that is not mapped): the copy
  /// runs under the fault guard, and a fault fails it (faulted()) instead of
  /// killing the process.
  /// \p Tracked: which sides (TrackedDst, TrackedSrc) the API found in the
  /// allocation map, which a replay (a clone, from a graph) checks again;
  /// not a side that is pageable memory or Loom's own (an array's storage).
  static constexpr unsigned TrackedDst = 1, TrackedSrc = 2;
  CopyOp(void *Dst, size_t DstPitch, const void *Src, size_t SrcPitch, size_t Width,
         size_t Height, size_t Depth = 1, size_t DstSlicePitch = 0, size_t SrcSlicePitch = 0,
         bool Guarded = false, unsigned Tracked = 0);
  void run(uint64_t Begin, uint64_t End, WorkerState &Worker) override;
  OpRef clone() const override;
  double guessNs() const override;
  bool mayRunOnSubmitter() const override { return true; }
  /// The copy touched an address that is not mapped. A caller that waits
  /// for it reports cudaErrorInvalidValue; an asynchronous one got the
  /// sticky cudaErrorIllegalAddress.
  bool faulted() const { return Faulted; }
  /// The same copy done now on the calling thread, with no op (a blocking
  /// copy with nothing to wait for): false if it faulted.
  static bool runNow(void *Dst, size_t DstPitch, const void *Src, size_t SrcPitch, size_t Width,
                     size_t Height, size_t Depth, size_t DstSlicePitch, size_t SrcSlicePitch,
                     bool Guarded, unsigned Tracked = 0);

private:
  void copy();

  unsigned char *Dst;
  const unsigned char *Src;
  size_t DstPitch, SrcPitch, Width, Height, Depth, DstSlicePitch, SrcSlicePitch;
  bool Guarded;
  bool Faulted = false;
  bool Replay = false; ///< a clone (a graph's replay): the sides are checked again
  bool DstTracked, SrcTracked; ///< see Tracked

};

/// For an op replayed from a graph: is the window [Ptr, Ptr + footprint)
/// still wholly inside one tracked allocation (or a device variable), as it
/// was when the graph was made? If not (the program freed it since), fails
/// the context with a sticky cudaErrorIllegalAddress, as the same replay
/// faults on a GPU, and returns false: the op must not touch the memory.
bool replayedRangeStillValid(const void *Ptr, size_t Pitch, size_t SlicePitch, size_t Width,
                             size_t Height, size_t Depth, const char *What);

/// A 3D byte fill (cudaMemset family).
class SetOp final : public Op {
public:
  SetOp(void *Dst, size_t Pitch, int Value, size_t Width, size_t Height, size_t Depth = 1,
        size_t SlicePitch = 0);
  void run(uint64_t Begin, uint64_t End, WorkerState &Worker) override;
  OpRef clone() const override;
  double guessNs() const override;
  bool mayRunOnSubmitter() const override { return true; }
  /// The same fill done now on the calling thread, with no op; true (a
  /// fill's range is always tracked memory: it cannot fault).
  static bool runNow(void *Dst, size_t Pitch, int Value, size_t Width, size_t Height,
                     size_t Depth, size_t SlicePitch);

private:
  unsigned char *Dst;
  size_t Pitch;
  int Value;
  size_t Width, Height, Depth, SlicePitch;
  bool Replay = false; ///< a clone (a graph's replay): the range is checked again
};

/// A host function in stream order (cudaLaunchHostFunc, cudaStreamAddCallback).
class HostFnOp final : public Op {
public:
  HostFnOp(cudaHostFn_t Fn, void *UserData);
  HostFnOp(cudaStreamCallback_t Callback, cudaStream_t Handle, void *UserData);
  void run(uint64_t Begin, uint64_t End, WorkerState &Worker) override;
  bool skipAfterFault() const override { return false; }
  OpRef clone() const override;

private:
  cudaHostFn_t Fn = nullptr;
  cudaStreamCallback_t Callback = nullptr;
  cudaStream_t Handle = nullptr;
  void *UserData;
};

/// A generic callable op with one unit (cudaFreeAsync and friends).
class CallOp final : public Op {
public:
  explicit CallOp(void (*Fn)(void *), void *Arg) : Op(1, 1), Fn(Fn), Arg(Arg) {}
  void run(uint64_t, uint64_t, WorkerState &) override { Fn(Arg); }
  bool skipAfterFault() const override { return false; }

private:
  void (*Fn)(void *);
  void *Arg;
};

/// Completes as soon as everything before it in its stream (and its extra
/// dependency) completed; records the time then. Used for events and for
/// cudaStreamWaitEvent.
class MarkerOp final : public Op {
public:
  MarkerOp() : Op(0, 1) {}
  void run(uint64_t, uint64_t, WorkerState &) override {}
  void onComplete() override { CompletedAt = std::chrono::steady_clock::now(); }
  OpRef clone() const override { return std::make_shared<MarkerOp>(); }
  std::chrono::steady_clock::time_point completedAt() const { return CompletedAt; }

private:
  std::chrono::steady_clock::time_point CompletedAt;
};

} // namespace loom

#endif // LOOM_RUNTIME_CORE_OPS_H
