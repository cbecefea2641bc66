// KernelGuard.h - runs a kernel entry so that a device-side assert or trap can abandon it.
// SPDX-License-Identifier: Apache-2.0
//
// CUDA aborts the whole grid on a failed device assert or __trap(). Loom's
// entries are plain host code, so __loom_assert_fail and __loom_trap record
// the sticky error and longjmp back to the guard around the current chunk;
// the scheduler then skips the launch's remaining chunks. Kernel code is
// compiled C-like code, so no destructors are skipped in practice.
#ifndef LOOM_RUNTIME_DEVICE_KERNELGUARD_H
#define LOOM_RUNTIME_DEVICE_KERNELGUARD_H

#include "loom/KernelABI.h"

namespace loom {

/// Calls \p Entry; returns false if the kernel was abandoned by a fault.
bool runEntryGuarded(LoomKernelEntry Entry, const LoomLaunch *Launch, void *const *Args,
                     uint64_t BlockBegin, uint64_t BlockEnd, LoomWorker *Worker);

/// If the calling thread is inside runEntryGuarded, leaves the kernel (does
/// not return); otherwise returns.
void abandonCurrentKernel();

} // namespace loom

#endif // LOOM_RUNTIME_DEVICE_KERNELGUARD_H
