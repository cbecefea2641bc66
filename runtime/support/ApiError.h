// ApiError.h - the per-thread "last error" and the process-wide sticky error of the CUDA API.
// SPDX-License-Identifier: Apache-2.0
//
// CUDA keeps one last error per host thread: every failing call records its
// code, cudaGetLastError returns and clears it, cudaPeekAtLastError only
// returns it. A sticky error (a device-side assert or trap) is different: it
// corrupts the "context", every later call that touches the device returns
// it, and only cudaDeviceReset clears it.
#ifndef LOOM_RUNTIME_SUPPORT_APIERROR_H
#define LOOM_RUNTIME_SUPPORT_APIERROR_H

#include "driver_types.h"

namespace loom {

/// Records \p Error as the calling thread's last error unless it is
/// cudaSuccess, and returns it. Every API entry point returns through this.
/// With LOOM_LOG=errors, a failure is also printed on stderr: the API call
/// (the function that records it), CUDA's name for the code, \p Reason
/// when the site gives one (see why()), and the site's source line:
///   loom: cudaMemcpy: cudaErrorInvalidValue: 4096 bytes from 0x... [api/Transfer.cpp:88]
/// The call site's function, file and line are filled in by the compiler.
cudaError_t recordError(cudaError_t Error, const char *Reason = nullptr,
                        const char *Function = __builtin_FUNCTION(),
                        const char *File = __builtin_FILE(), int Line = __builtin_LINE());

/// A reason for recordError, formatted printf-style into a per-thread
/// buffer only when errors are logged (else null, at the cost of one
/// test), so a site may give its arguments without slowing the error path:
///   return recordError(cudaErrorInvalidValue, why("count %zu > %zu", Count, Size));
const char *why(const char *Format, ...) __attribute__((format(printf, 1, 2)));

/// For functions below the API entry points: returns \p Error and, when
/// errors are logged, keeps the formatted reason for the recordError that
/// reports it (a recordError without a reason of its own prints it):
///   return failWith(cudaErrorInvalidConfiguration, "block %ux%ux%u", X, Y, Z);
cudaError_t failWith(cudaError_t Error, const char *Format, ...)
    __attribute__((format(printf, 2, 3)));

/// Like failWith, for code that returns another API's codes (the driver
/// API's CUresult, a library's status): keeps the formatted reason, when
/// errors are logged, for the next logged failure of this thread.
void keepReason(const char *Format, ...) __attribute__((format(printf, 1, 2)));

/// The reason kept by failWith/keepReason (or by a runtime call made on
/// behalf of another API, see RuntimeOnBehalf) and not yet reported, or
/// null; taking it forgets it.
const char *takeKeptReason();

/// Prints one failure line as recordError does (LOOM_LOG=errors only):
///   loom: <Function>: <CodeName>[: <Why>] [<site>]
/// For entry points of the other APIs (driver API, libraries).
void logFailure(const char *Function, const char *CodeName, const char *Why,
                const char *File, int Line);

/// While one lives on a thread, runtime calls made there on behalf of
/// another API (the driver API's cuMemcpy calls cudaMemcpy) do not print
/// their failures: each keeps its reason, naming the runtime call, for the
/// calling API's own line.
struct RuntimeOnBehalf {
  RuntimeOnBehalf();
  ~RuntimeOnBehalf();
  RuntimeOnBehalf(const RuntimeOnBehalf &) = delete;
  RuntimeOnBehalf &operator=(const RuntimeOnBehalf &) = delete;
};

/// Whether LOOM_LOG names "errors" (read once); tests may override it.
bool errorLogEnabled();
void setErrorLogForTesting(bool Enabled);

/// Returns the calling thread's last error (or the sticky error) and clears
/// the non-sticky part.
cudaError_t takeLastError();
cudaError_t peekLastError();

/// Sets the sticky error (first one wins) and, for the first one, the
/// reason: what failed where (formatted only when errors are logged; then
/// also printed at once). Later API calls that return the sticky error give
/// this reason in their LOOM_LOG=errors line, since the call that reports a
/// sticky error is rarely the one that caused it:
///   setStickyError(cudaErrorLaunchOutOfResources, "kernel %s: ...", Name);
void setStickyError(cudaError_t Error, const char *Format, ...)
    __attribute__((format(printf, 2, 3)));
cudaError_t stickyError();
/// The sticky error's reason (only kept with LOOM_LOG=errors), or null.
const char *stickyErrorReason();
/// Clears the sticky error and the calling thread's last error (cudaDeviceReset).
void clearStickyError();

} // namespace loom

#endif // LOOM_RUNTIME_SUPPORT_APIERROR_H
