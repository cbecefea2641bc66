// StreamTask.h - runs a library call (cuBLAS, cuFFT) in stream order: the
// work is enqueued as a host function on the caller's stream, so it starts
// when the stream reaches it and the host does not wait for it.
// SPDX-License-Identifier: Apache-2.0
//
// Device memory is host memory in Loom, so a library call is a host
// function on the data: cudaLaunchHostFunc orders it after the stream's
// earlier kernels and copies (the legacy stream's implicit synchronization
// included) and before its later ones. A stream being captured into a graph
// records the host function; the graph may replay it, so a captured task is
// kept alive by its owner (the handle or plan) instead of deleting itself.
#ifndef LOOM_LIBS_COMMON_STREAMTASK_H
#define LOOM_LIBS_COMMON_STREAMTASK_H

#include "cuda_runtime_api.h"

#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace loomlib {

class Task {
public:
  virtual ~Task() = default;
  virtual void run() = 0;
  bool Kept = false; ///< owned by a TaskKeeper (graph capture): not self-deleting
};

template <class F> class FnTask final : public Task {
public:
  explicit FnTask(F &&Fn) : Fn(std::move(Fn)) {}
  void run() override { Fn(); }

private:
  F Fn;
};

/// Owns the tasks recorded into graphs; freed with the handle or plan.
class TaskKeeper {
public:
  void keep(Task *T) {
    std::lock_guard<std::mutex> Lock(M);
    Tasks.emplace_back(T);
  }

private:
  std::mutex M;
  std::vector<std::unique_ptr<Task>> Tasks;
};

inline void runTask(void *P) {
  Task *T = static_cast<Task *>(P);
  T->run();
  if (!T->Kept)
    delete T;
}

/// Enqueues \p Fn on \p Stream. Returns the CUDA error of the enqueue.
template <class F> cudaError_t enqueue(cudaStream_t Stream, TaskKeeper &Keeper, F &&Fn) {
  auto *T = new FnTask<std::decay_t<F>>(std::forward<F>(Fn));
  cudaStreamCaptureStatus Capture = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(Stream, &Capture) == cudaSuccess &&
      Capture == cudaStreamCaptureStatusActive) {
    T->Kept = true;
    Keeper.keep(T);
  }
  cudaError_t Error = cudaLaunchHostFunc(Stream, runTask, T);
  if (Error != cudaSuccess && !T->Kept)
    delete T;
  return Error;
}

/// Waits for \p Stream before a handle or plan (and the tasks it keeps) goes
/// away. The stream may already be destroyed, as programs often destroy it
/// first: that error is not the caller's, so it does not stay as the
/// thread's last error (one the program had before is left alone).
inline void drainStream(cudaStream_t Stream) {
  cudaError_t Before = cudaPeekAtLastError();
  cudaStreamSynchronize(Stream);
  if (Before == cudaSuccess)
    (void)cudaGetLastError();
}

} // namespace loomlib

#endif // LOOM_LIBS_COMMON_STREAMTASK_H
