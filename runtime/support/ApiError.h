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

/// Whether LOOM_LOG names "errors" (read once); tests may override it.
bool errorLogEnabled();
void setErrorLogForTesting(bool Enabled);

/// Returns the calling thread's last error (or the sticky error) and clears
/// the non-sticky part.
cudaError_t takeLastError();
cudaError_t peekLastError();

/// Sets the sticky error (first one wins).
void setStickyError(cudaError_t Error);
cudaError_t stickyError();
/// Clears the sticky error and the calling thread's last error (cudaDeviceReset).
void clearStickyError();

} // namespace loom

#endif // LOOM_RUNTIME_SUPPORT_APIERROR_H
