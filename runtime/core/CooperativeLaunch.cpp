// CooperativeLaunch.cpp - the cooperative-grid thread pool and the op that runs a cooperative grid.
// SPDX-License-Identifier: Apache-2.0
#include "core/CooperativeLaunch.h"

#include "core/Runtime.h"
#include "scheduler/GridBarrier.h"
#include "scheduler/WorkerState.h"
#include "support/ApiError.h"

#include <pthread.h>

namespace loom {

void CompletionLatch::countDown(uint64_t N) {
  std::lock_guard<std::mutex> Lock(M);
  Count -= N;
  if (Count == 0)
    Cv.notify_all();
}

void CompletionLatch::wait() {
  std::unique_lock<std::mutex> Lock(M);
  Cv.wait(Lock, [this] { return Count == 0; });
}

struct CooperativeThreads::Thread {
  CooperativeThreads *Pool;
  std::mutex M;
  std::condition_variable Cv;
  // The next task; Fn is null while there is none. Guarded by M.
  TaskFn Fn = nullptr;
  void *Context = nullptr;
  uint64_t Index = 0;
  CompletionLatch *Done = nullptr;
};

bool CooperativeThreads::spawnLocked() {
  auto *T = new Thread();
  T->Pool = this;
  pthread_attr_t Attr;
  if (pthread_attr_init(&Attr) != 0) {
    delete T;
    return false;
  }
  pthread_attr_setdetachstate(&Attr, PTHREAD_CREATE_DETACHED);
  pthread_t Id;
  int Error = pthread_create(&Id, &Attr, threadMain, T);
  pthread_attr_destroy(&Attr);
  if (Error != 0) {
    delete T;
    return false;
  }
  Idle.push_back(T);
  ++Count;
  return true;
}

void *CooperativeThreads::threadMain(void *Arg) {
  auto *T = static_cast<Thread *>(Arg);
  // A block thread is an executing thread like a helping host thread: its
  // own shared-memory buffer and thread arena, a unique worker index.
  WorkerState &Worker = helperWorkerState(Runtime::get().scheduler().numWorkers());
  for (;;) {
    TaskFn Fn;
    void *Context;
    uint64_t Index;
    CompletionLatch *Done;
    {
      std::unique_lock<std::mutex> Lock(T->M);
      T->Cv.wait(Lock, [T] { return T->Fn != nullptr; });
      Fn = T->Fn;
      Context = T->Context;
      Index = T->Index;
      Done = T->Done;
      T->Fn = nullptr;
    }
    Fn(Context, Index, Worker);
    // Idle again before the launch learns this block finished, so that the
    // next launch finds this thread instead of creating another one.
    {
      std::lock_guard<std::mutex> Lock(T->Pool->M);
      T->Pool->Idle.push_back(T);
    }
    Done->countDown();
  }
  return nullptr;
}

bool CooperativeThreads::reserve(uint64_t Wanted) {
  std::lock_guard<std::mutex> Lock(M);
  while (Count < Wanted)
    if (!spawnLocked())
      return false;
  return true;
}

uint64_t CooperativeThreads::start(uint64_t Begin, uint64_t End, TaskFn Fn, void *Context,
                                   CompletionLatch &Done) {
  for (uint64_t I = Begin; I < End; ++I) {
    Thread *T;
    {
      std::lock_guard<std::mutex> Lock(M);
      if (Idle.empty() && !spawnLocked())
        return I - Begin;
      T = Idle.back();
      Idle.pop_back();
    }
    {
      std::lock_guard<std::mutex> Lock(T->M);
      T->Fn = Fn;
      T->Context = Context;
      T->Index = I;
      T->Done = &Done;
    }
    T->Cv.notify_one();
  }
  return End - Begin;
}

uint64_t CooperativeThreads::size() {
  std::lock_guard<std::mutex> Lock(M);
  return Count;
}

namespace {

/// One running cooperative grid.
struct GridRun {
  GridRun(KernelOp &Kernel, uint64_t Blocks, uint32_t Spin, bool GridSync)
      : Kernel(Kernel), Barrier(uint32_t(Blocks), Spin), GridSync(GridSync),
        Finished(Blocks - 1) {}
  KernelOp &Kernel;
  GridBarrier Barrier;
  bool GridSync; ///< a cooperative launch: grid.sync() waits at Barrier
  CompletionLatch Finished; ///< blocks 1..N-1 (block 0 runs on the launching thread)
};

void runBlock(void *Context, uint64_t Block, WorkerState &Worker) {
  auto &Grid = *static_cast<GridRun *>(Context);
  GridBarrier *Outer = setCurrentGridBarrier(Grid.GridSync ? &Grid.Barrier : nullptr);
  // Like a chunk of an ordinary launch, a block that starts after a fault
  // does not run.
  if (stickyError() == cudaSuccess)
    Grid.Kernel.run(Block, Block + 1, Worker);
  setCurrentGridBarrier(Outer);
  // Finished or abandoned: the others no longer wait for this block.
  Grid.Barrier.leave();
}

} // namespace

CooperativeKernelOp::CooperativeKernelOp(std::shared_ptr<KernelOp> Kernel, uint64_t Blocks,
                                         bool GridSync)
    : Op(1, 1), Kernel(std::move(Kernel)), Blocks(Blocks), GridSync(GridSync) {
  // Grids launched by its blocks (dynamic parallelism) belong to this op.
  this->Kernel->ScheduledAs = this;
}

OpRef CooperativeKernelOp::clone() const {
  auto Copy = std::static_pointer_cast<KernelOp>(Kernel->clone());
  if (!Copy)
    return nullptr;
  return std::make_shared<CooperativeKernelOp>(std::move(Copy), Blocks, GridSync);
}

void CooperativeKernelOp::run(uint64_t, uint64_t, WorkerState &Worker) {
  GridRun Grid(*Kernel, Blocks,
               GridBarrier::spinFor(Blocks, Runtime::get().host().HardwareThreads), GridSync);
  uint64_t Others = Blocks - 1;
  uint64_t Started = Runtime::get().cooperativeThreads().start(1, Blocks, runBlock, &Grid, Grid.Finished);
  if (Started < Others && !GridSync) {
    // A kernel with spin-waits on an ordinary launch: the blocks without a
    // thread run here after block 0, in order (as the serial scheduler
    // would run them all), rather than failing a launch CUDA accepted.
    runBlock(&Grid, 0, Worker);
    for (uint64_t I = Started + 1; I < Blocks; ++I) {
      runBlock(&Grid, I, Worker);
      Grid.Finished.countDown();
    }
    Grid.Finished.wait();
    return;
  }
  if (Started < Others) {
    // No thread for some blocks (cudaLaunchCooperativeKernel reserved enough
    // threads, but concurrent cooperative launches share them): fail the
    // launch like a GPU out of resources; the blocks that run are not kept
    // waiting for the missing ones.
    setStickyError(cudaErrorLaunchOutOfResources,
                   "cooperative kernel %s: threads for %llu of its %llu blocks "
                   "only (others "
                   "hold the cooperative threads)",
                   Kernel->desc().name ? Kernel->desc().name : "<unnamed>",
                   (unsigned long long)(Started + 1),
                   (unsigned long long)Blocks);
    for (uint64_t I = Started; I < Others; ++I)
      Grid.Barrier.leave();
    Grid.Finished.countDown(Others - Started);
  }
  runBlock(&Grid, 0, Worker);
  Grid.Finished.wait();
}

} // namespace loom
