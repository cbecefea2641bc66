// KernelGuard.h - runs kernel entries (and copies) so that a device-side assert, a trap or a memory fault abandons them.
// SPDX-License-Identifier: Apache-2.0
//
// CUDA aborts the whole grid on a failed device assert, __trap() or an
// illegal address, reports a sticky error at the next synchronization, and
// the process lives on. Loom's entries are plain host code: __loom_assert_fail
// and __loom_trap record the sticky error and longjmp back to the guard
// around the current chunk; a SIGSEGV, SIGBUS or SIGFPE raised by code
// running under a guard does the same from a signal handler (on an alternate
// signal stack, so that a stack overflow from deep recursion is caught too).
// The scheduler then skips the launch's remaining chunks. Kernel code is
// compiled C-like code, so no destructors are skipped in practice. A fault
// outside any guard (the runtime's own code, the host program) goes to the
// handler that was there before, or kills the process as it would have.
// docs/reliability.md says what cannot be recovered.
#ifndef LOOM_RUNTIME_DEVICE_KERNELGUARD_H
#define LOOM_RUNTIME_DEVICE_KERNELGUARD_H

#include "loom/KernelABI.h"

#include <string>

namespace loom {

/// What abandoned a guarded call.
struct FaultInfo {
  int Signal = 0;                ///< SIGSEGV, SIGBUS, SIGFPE; 0: assert/trap (abandonCurrentKernel)
  int Code = 0;                  ///< siginfo's si_code
  const void *Address = nullptr; ///< the faulting address (SIGSEGV/SIGBUS), instruction (SIGFPE)
  bool StackOverflow = false;    ///< the address is in the thread's stack guard zone
};

/// Calls \p Entry; returns false if the kernel was abandoned (\p Fault, if
/// given, says why).
bool runEntryGuarded(LoomKernelEntry Entry, const LoomLaunch *Launch, void *const *Args,
                     uint64_t BlockBegin, uint64_t BlockEnd, LoomWorker *Worker,
                     FaultInfo *Fault = nullptr);

/// Calls \p Fn(\p Context) under a guard (a copy through a host pointer that
/// is not mapped); returns false, with \p Fault set, if it faulted.
bool runGuarded(void (*Fn)(void *), void *Context, FaultInfo *Fault);

/// If the calling thread is inside a guard, leaves the kernel (does not
/// return); otherwise returns.
void abandonCurrentKernel();

/// The (mangled) name of the kernel the calling worker is running, for
/// error reasons; "<no kernel>" outside one.
const char *currentKernelName();

/// Installs the fault handlers (once per process; LOOM_FAULT_GUARD=0 leaves
/// the signals alone). Guards call it; whether they are installed.
bool faultHandlersInstalled();

/// "SIGSEGV (address 0x10 not mapped)" and the like, for messages.
std::string describeFault(const FaultInfo &Fault);

} // namespace loom

#endif // LOOM_RUNTIME_DEVICE_KERNELGUARD_H
