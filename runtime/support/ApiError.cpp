// ApiError.cpp - per-thread last error and process-wide sticky error.
// SPDX-License-Identifier: Apache-2.0
#include "support/ApiError.h"

#include <atomic>

namespace loom {

namespace {
thread_local cudaError_t LastError = cudaSuccess;
std::atomic<int> Sticky{cudaSuccess};
} // namespace

cudaError_t recordError(cudaError_t Error) {
  if (Error != cudaSuccess)
    LastError = Error;
  return Error;
}

cudaError_t takeLastError() {
  cudaError_t Sticky = stickyError();
  cudaError_t Error = LastError;
  LastError = cudaSuccess;
  if (Sticky != cudaSuccess)
    return Sticky;
  return Error;
}

cudaError_t peekLastError() {
  cudaError_t Sticky = stickyError();
  return Sticky != cudaSuccess ? Sticky : LastError;
}

void setStickyError(cudaError_t Error) {
  int Expected = cudaSuccess;
  Sticky.compare_exchange_strong(Expected, Error);
}

cudaError_t stickyError() {
  return static_cast<cudaError_t>(Sticky.load(std::memory_order_acquire));
}

void clearStickyError() {
  Sticky.store(cudaSuccess);
  LastError = cudaSuccess;
}

} // namespace loom
