// Runtime.cpp - construction of the runtime object, handle tables, limits and device reset.
// SPDX-License-Identifier: Apache-2.0
#include "core/Runtime.h"

#include "core/Devices.h"
#include "core/KernelRegistry.h"
#include "support/ApiError.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace loom {

namespace {
/// The runtime once it exists. Every API call asks for it, so the common
/// case is one acquire load: std::call_once alone costs ~10 ns a call
/// (libstdc++ sets its thread-local callable before pthread_once each time).
std::atomic<Runtime *> Instance{nullptr};
} // namespace

Runtime &Runtime::get() {
  if (Runtime *R = Instance.load(std::memory_order_acquire))
    return *R;
  static std::once_flag Once;
  std::call_once(Once, [] { Instance.store(new Runtime(), std::memory_order_release); });
  return *Instance.load(std::memory_order_acquire);
}

Runtime::Runtime()
    : Config(configFromEnvironment()), Host(readHostFacts()),
      Memory(Host.PhysicalBytes ? Host.PhysicalBytes : SIZE_MAX, Config.HugePages) {
  if (!Config.Warnings.empty())
    std::fprintf(stderr, "loom: %s", Config.Warnings.c_str());
  fillDeviceProperties(Host, &Props);
}

extern "C" void __loomUsePerThreadDefaultStream(void) {
  Runtime::get().PerThreadDefaultStream.store(true, std::memory_order_relaxed);
}

Scheduler &Runtime::scheduler() {
  if (Scheduler *S = SchedReady.load(std::memory_order_acquire))
    return *S;
  std::call_once(SchedulerOnce, [this] {
    // LOOM_DEVICES=n: each device has workers of its own (Scheduler.h).
    Sched = std::make_unique<Scheduler>(Config.Scheduler, Config.NumWorkers,
                                        unsigned(devices::count()));
    Sched->setRunInline(Config.RunInline);
    if (const char *Stats = std::getenv("LOOM_SCHED_STATS"); Stats && *Stats == '1')
      std::atexit([] {
        Scheduler &S = Runtime::get().scheduler();
        std::fprintf(stderr,
                     "loom: scheduler: %u executing threads, %llu worker wake-ups, "
                     "%llu ops started deferred, %llu promoted, %llu waiter sleeps, "
                     "%llu run inline, "
                     "wake-up latency %.1f us, spin %.1f us, inline threshold %.1f us\n",
                     S.numWorkers(), (unsigned long long)S.workerWakeups(),
                     (unsigned long long)S.deferredStarts(), (unsigned long long)S.promotions(),
                     (unsigned long long)S.helperSleeps(), (unsigned long long)S.ranHere(),
                     S.costs().wakeNs() / 1000,
                     S.costs().spinNs() / 1000, S.costs().inlineThresholdNs() / 1000);
      });
    SchedReady.store(Sched.get(), std::memory_order_release);
  });
  return *Sched;
}

void Runtime::setSchedulerForTesting(SchedulerKind Kind, unsigned NumWorkers) {
  scheduler().reconfigure(Kind, NumWorkers);
}

cudaError_t Runtime::resolveStream(cudaStream_t Handle, std::shared_ptr<Stream> *Out) {
  if (Handle == nullptr && PerThreadDefaultStream.load(std::memory_order_relaxed))
    Handle = cudaStreamPerThread;
  if (Handle == nullptr || Handle == cudaStreamLegacy) {
    *Out = scheduler().legacyStream();
    return cudaSuccess;
  }
  if (Handle == cudaStreamPerThread) {
    // The calling thread's default stream: a blocking stream created on first
    // use and retired (its pending work still runs) when the thread exits.
    struct PerThread {
      std::shared_ptr<Stream> S;
      ~PerThread() {
        if (S)
          Runtime::get().scheduler().retireStream(S);
      }
    };
    thread_local PerThread Mine;
    if (!Mine.S)
      Mine.S = scheduler().createStream(0);
    *Out = Mine.S;
    return cudaSuccess;
  }
  if (!Streams.with(Handle, [&](CUstream_st &S) { *Out = S.Impl; }))
    return failWith(cudaErrorInvalidResourceHandle,
                    "stream %p is not a live stream (destroyed, or never created)",
                    static_cast<void *>(Handle));
  return cudaSuccess;
}

cudaStream_t Runtime::createStream(unsigned Flags, int Priority) {
  auto Handle = std::make_unique<CUstream_st>();
  Handle->Impl = scheduler().createStream(Flags, Priority, devices::current());
  Handle->Priority = Priority;
  return Streams.insert(std::move(Handle));
}

cudaError_t Runtime::destroyStream(cudaStream_t Handle) {
  return Streams.destroy(Handle) ? cudaSuccess
                                 : failWith(cudaErrorInvalidResourceHandle,
                                            "stream %p is not a live stream",
                                            static_cast<void *>(Handle));
}

cudaEvent_t Runtime::createEvent(unsigned Flags) {
  auto Handle = std::make_unique<CUevent_st>();
  Handle->Flags = Flags;
  return Events.insert(std::move(Handle));
}

cudaError_t Runtime::destroyEvent(cudaEvent_t Handle) {
  return Events.destroy(Handle) ? cudaSuccess
                                : failWith(cudaErrorInvalidResourceHandle,
                                           "event %p is not a live event",
                                           static_cast<void *>(Handle));
}

bool Runtime::lookupEvent(cudaEvent_t Handle, unsigned *Flags,
                          std::shared_ptr<MarkerOp> *Recorded) {
  return Events.with(Handle, [&](CUevent_st &E) {
    *Flags = E.Flags;
    *Recorded = E.Recorded;
  });
}

bool Runtime::setEventRecord(cudaEvent_t Handle, std::shared_ptr<MarkerOp> Marker) {
  return Events.with(Handle, [&](CUevent_st &E) {
    E.Recorded = std::move(Marker);
    E.Captured.reset();
  });
}

cudaError_t Runtime::getLimit(cudaLimit Limit, size_t *Value) {
  std::lock_guard<std::mutex> Lock(LimitsM);
  switch (Limit) {
  case cudaLimitStackSize: *Value = StackSize; return cudaSuccess;
  case cudaLimitPrintfFifoSize: *Value = PrintfFifoSize; return cudaSuccess;
  case cudaLimitMallocHeapSize: *Value = MallocHeapSize; return cudaSuccess;
  case cudaLimitDevRuntimeSyncDepth: *Value = DevRuntimeSyncDepth; return cudaSuccess;
  case cudaLimitDevRuntimePendingLaunchCount: *Value = PendingDeviceLaunchLimit; return cudaSuccess;
  default: return failWith(cudaErrorUnsupportedLimit, "limit %d is not a cudaLimit Loom supports",
                           int(Limit));
  }
}

cudaError_t Runtime::setLimit(cudaLimit Limit, size_t Value) {
  std::lock_guard<std::mutex> Lock(LimitsM);
  switch (Limit) {
  case cudaLimitStackSize: StackSize = Value; return cudaSuccess;
  case cudaLimitPrintfFifoSize: PrintfFifoSize = Value; return cudaSuccess;
  case cudaLimitMallocHeapSize:
    if (DeviceHeapFixed.load(std::memory_order_relaxed))
      return failWith(cudaErrorInvalidValue,
                      "cudaLimitMallocHeapSize can only be set before the first launch of a "
                      "kernel that uses malloc/free (or after cudaDeviceReset)");
    MallocHeapSize = Value;
    return cudaSuccess;
  case cudaLimitDevRuntimeSyncDepth: DevRuntimeSyncDepth = Value; return cudaSuccess;
  case cudaLimitDevRuntimePendingLaunchCount:
    PendingDeviceLaunchLimit = Value;
    return cudaSuccess;
  default: return failWith(cudaErrorUnsupportedLimit, "limit %d is not a cudaLimit Loom supports",
                           int(Limit));
  }
}

void Runtime::reset() {
  scheduler().waitAll();
  {
    // Captures in progress end without a graph.
    std::lock_guard<std::mutex> Lock(CaptureM);
    for (const std::shared_ptr<CaptureSession> &C : Captures) {
      for (const std::shared_ptr<Stream> &M : C->Members)
        M->Capture.reset();
      C->Members.clear();
      C->Origin.reset();
      C->Ended = C->Invalidated = true;
    }
    Captures.clear();
    ActiveCaptures.store(0, std::memory_order_release);
  }
  // Graphs first: destroying one may free captured memory.
  Graphs.reset();
  Textures.reset();
  Surfaces.destroyAll();
  Streams.destroyAll(); // retires each stream (its work is done)
  Events.destroyAll();
  {
    std::lock_guard<std::mutex> Lock(LimitsM);
    StackSize = 1024;
    PrintfFifoSize = 1 << 20;
    MallocHeapSize = 8 << 20;
    DevRuntimeSyncDepth = 2;
  }
  PendingDeviceLaunchLimit = 2048;
  DeviceHeapFixed = false;
  Memory.releaseAll();
  KernelRegistry::get().restoreInitialValues();
  MemPools.reset();
  Arrays.releaseAll();
  DeviceFlags = 0;
  CacheConfig = 0;
  SharedMemConfig = 0;
  clearStickyError();
}

} // namespace loom

CUstream_st::~CUstream_st() {
  if (Impl)
    loom::Runtime::get().scheduler().retireStream(Impl);
}
