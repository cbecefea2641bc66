// ApiError.cpp - per-thread last error and process-wide sticky error.
// SPDX-License-Identifier: Apache-2.0
#include "support/ApiError.h"

#include "cuda_runtime_api.h"

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <memory>
#include <cstdlib>
#include <cstring>

namespace loom {

namespace {
// Initial-exec: every API call records its result here (no loader call).
__attribute__((tls_model("initial-exec"))) thread_local cudaError_t LastError = cudaSuccess;
std::atomic<int> Sticky{cudaSuccess};
} // namespace

namespace {
/// LOOM_LOG: a comma-separated list of what to log; "errors" (or "all").
bool parseErrorLog() {
  const char *Env = std::getenv("LOOM_LOG");
  if (!Env)
    return false;
  const char *P = Env;
  while (*P) {
    size_t N = std::strcspn(P, ",");
    if ((N == 6 && !std::strncmp(P, "errors", 6)) || (N == 3 && !std::strncmp(P, "all", 3)))
      return true;
    P += N;
    if (*P == ',')
      ++P;
  }
  return false;
}
std::atomic<int> ErrorLog{-1}; // -1: not read yet
/// This thread's messages: Reason for why(), Pending for a reason failWith
/// kept for the next recordError. On the heap, made when first needed
/// (only with LOOM_LOG=errors): as thread-local arrays their kilobyte would
/// count against glibc's static TLS surplus, which libloomrt must fit in to
/// be dlopen()ed (the OpenCL ICD loader loads it so; docs/opencl.md).
struct Messages {
  char Reason[512];
  char Pending[512];
};
thread_local std::unique_ptr<Messages> ThreadMessages;
Messages &messages() {
  if (!ThreadMessages)
    ThreadMessages.reset(new Messages());
  return *ThreadMessages;
}
thread_local bool HasPending = false;

/// The part of a source path from the runtime's folder on ("api/Memory.cpp").
const char *shortPath(const char *File) {
  const char *Hit = std::strstr(File, "runtime/");
  return Hit ? Hit + 8 : File;
}
} // namespace

bool errorLogEnabled() {
  int V = ErrorLog.load(std::memory_order_relaxed);
  if (V < 0) {
    V = parseErrorLog();
    ErrorLog.store(V, std::memory_order_relaxed);
  }
  return V;
}

void setErrorLogForTesting(bool Enabled) { ErrorLog.store(Enabled); }

const char *why(const char *Format, ...) {
  if (!errorLogEnabled())
    return nullptr;
  va_list Args;
  va_start(Args, Format);
  char *Reason = messages().Reason;
  std::vsnprintf(Reason, sizeof(Messages::Reason), Format, Args);
  va_end(Args);
  return Reason;
}

cudaError_t failWith(cudaError_t Error, const char *Format, ...) {
  if (!errorLogEnabled())
    return Error;
  va_list Args;
  va_start(Args, Format);
  std::vsnprintf(messages().Pending, sizeof(Messages::Pending), Format, Args);
  va_end(Args);
  HasPending = true;
  return Error;
}

void keepReason(const char *Format, ...) {
  if (!errorLogEnabled())
    return;
  va_list Args;
  va_start(Args, Format);
  std::vsnprintf(messages().Pending, sizeof(Messages::Pending), Format, Args);
  va_end(Args);
  HasPending = true;
}

const char *takeKeptReason() {
  if (!HasPending)
    return nullptr;
  HasPending = false;
  return messages().Pending;
}

void logFailure(const char *Function, const char *CodeName, const char *Why,
                const char *File, int Line) {
  if (!errorLogEnabled())
    return;
  std::fprintf(stderr, "loom: %s: %s%s%s [%s:%d]\n", Function, CodeName,
               Why ? ": " : "", Why ? Why : "", shortPath(File), Line);
}

namespace {
/// Runtime calls made on behalf of another API on this thread (nesting).
thread_local int OnBehalf = 0;

/// The first sticky error's reason, written once by the thread that set it
/// (then StickyReasonReady), read by any thread that reports the error.
char StickyReason[512];
std::atomic<bool> StickyReasonReady{false};

/// The reason to give for \p Error when its site gave none: the sticky
/// error's, when that is what the call returns.
const char *stickyReasonFor(cudaError_t Error) {
  if (Error !=
          static_cast<cudaError_t>(Sticky.load(std::memory_order_acquire)) ||
      !StickyReasonReady.load(std::memory_order_acquire))
    return nullptr;
  return StickyReason;
}
} // namespace

RuntimeOnBehalf::RuntimeOnBehalf() { ++OnBehalf; }
RuntimeOnBehalf::~RuntimeOnBehalf() { --OnBehalf; }

cudaError_t recordError(cudaError_t Error, const char *Why, const char *Function,
                        const char *File, int Line) {
  // A kept reason belongs to this call's result, whatever it is.
  bool Kept = HasPending;
  HasPending = false;
  if (Error == cudaSuccess)
    return Error;
  LastError = Error;
  if (!errorLogEnabled())
    return Error;
  if (!Why && Kept)
    Why = messages().Pending;
  char StickyWhy[sizeof StickyReason + 16];
  if (!Why)
    if (const char *Reason = stickyReasonFor(Error)) {
      std::snprintf(StickyWhy, sizeof StickyWhy, "sticky: %s", Reason);
      Why = StickyWhy;
    }
  if (OnBehalf > 0) {
    // The calling API prints the line; keep this call's part of it.
    // Formatted aside first: Why may be the Pending buffer itself.
    char Part[2 * sizeof(Messages::Pending)];
    std::snprintf(Part, sizeof Part, "%s%s%s (%s) [%s:%d]",
                  cudaGetErrorName(Error), Why ? ": " : "", Why ? Why : "",
                  Function, shortPath(File), Line);
    size_t N = strnlen(Part, sizeof(Messages::Pending) - 1);
    std::memcpy(messages().Pending, Part, N);
    messages().Pending[N] = '\0';
    HasPending = true;
    return Error;
  }
  logFailure(Function, cudaGetErrorName(Error), Why, File, Line);
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

void setStickyError(cudaError_t Error, const char *Format, ...) {
  int Expected = cudaSuccess;
  if (!Sticky.compare_exchange_strong(Expected, Error) || !errorLogEnabled())
    return;
  va_list Args;
  va_start(Args, Format);
  std::vsnprintf(StickyReason, sizeof StickyReason, Format, Args);
  va_end(Args);
  StickyReasonReady.store(true, std::memory_order_release);
  std::fprintf(stderr, "loom: sticky error %s: %s\n", cudaGetErrorName(Error),
               StickyReason);
}

const char *stickyErrorReason() { return stickyReasonFor(stickyError()); }

cudaError_t stickyError() {
  return static_cast<cudaError_t>(Sticky.load(std::memory_order_acquire));
}

void clearStickyError() {
  StickyReasonReady.store(false, std::memory_order_relaxed);
  Sticky.store(cudaSuccess);
  LastError = cudaSuccess;
}

} // namespace loom
