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
cudaError_t recordError(cudaError_t Error);

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
