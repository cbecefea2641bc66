// KernelGuard.cpp - sigsetjmp/siglongjmp guard around kernel entries and copies, and the fault handlers that use it.
// SPDX-License-Identifier: Apache-2.0
//
// The guard is one sigsetjmp (without the signal mask: no system call) per
// chunk of blocks; the handlers are installed once, at the first guarded
// call. A handler leaves through siglongjmp only when the faulting thread is
// inside a guard and the signal is a real fault (si_code > 0, not kill());
// otherwise it gives the signal to the previous disposition. The handlers
// run with SA_NODEFER, so leaving one by siglongjmp leaves the signal
// unblocked for the next fault; each thread that runs guarded code gets an
// alternate signal stack, so a kernel that overflows its stack is caught.
#include "device/KernelGuard.h"

#include "device/Append.h"

#include <csetjmp>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <pthread.h>
#include <sys/mman.h>

namespace loom {

namespace {
// Initial-exec TLS: the handler reads these without a call into the dynamic
// loader (not async-signal-safe on a thread's first access).
__attribute__((tls_model("initial-exec"))) thread_local sigjmp_buf *FaultTarget = nullptr;
__attribute__((tls_model("initial-exec"))) thread_local FaultInfo *FaultOut = nullptr;

constexpr int GuardedSignals[] = {SIGSEGV, SIGBUS, SIGFPE};
struct sigaction Previous[3];
bool Installed = false;

int slotOf(int Signal) {
  for (int I = 0; I < 3; ++I)
    if (GuardedSignals[I] == Signal)
      return I;
  return -1;
}

void onFault(int Signal, siginfo_t *Info, void *Context) {
  sigjmp_buf *Target = FaultTarget;
  if (Target && Info && Info->si_code > 0) {
    if (FaultInfo *Out = FaultOut) {
      Out->Signal = Signal;
      Out->Code = Info->si_code;
      Out->Address = Info->si_addr;
    }
    siglongjmp(*Target, 1);
  }
  // Not kernel code: what would have happened without Loom.
  int Slot = slotOf(Signal);
  const struct sigaction &Old = Previous[Slot < 0 ? 0 : Slot];
  if ((Old.sa_flags & SA_SIGINFO) && Old.sa_sigaction) {
    Old.sa_sigaction(Signal, Info, Context);
    return;
  }
  if (Old.sa_handler != SIG_DFL && Old.sa_handler != SIG_IGN) {
    Old.sa_handler(Signal);
    return;
  }
  sigaction(Signal, &Old, nullptr);
  // A real fault happens again when the instruction restarts; a sent one
  // must be sent again.
  if (!Info || Info->si_code <= 0)
    raise(Signal);
}

void install() {
  const char *Env = std::getenv("LOOM_FAULT_GUARD");
  if (Env && (!std::strcmp(Env, "0") || !std::strcmp(Env, "off")))
    return;
  struct sigaction Action;
  std::memset(&Action, 0, sizeof(Action));
  Action.sa_sigaction = onFault;
  Action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&Action.sa_mask);
  for (int I = 0; I < 3; ++I)
    sigaction(GuardedSignals[I], &Action, &Previous[I]);
  Installed = true;
}

/// The calling thread's alternate signal stack (kept if it has one already,
/// e.g. from a sanitizer), released when the thread exits.
struct AltStack {
  void *Memory = nullptr;
  size_t Bytes = 0;
  AltStack() {
    stack_t Current;
    if (sigaltstack(nullptr, &Current) == 0 && !(Current.ss_flags & SS_DISABLE))
      return;
    Bytes = 64 * 1024;
    Memory = mmap(nullptr, Bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (Memory == MAP_FAILED) {
      Memory = nullptr;
      return;
    }
    stack_t Stack{};
    Stack.ss_sp = Memory;
    Stack.ss_size = Bytes;
    if (sigaltstack(&Stack, nullptr) != 0) {
      munmap(Memory, Bytes);
      Memory = nullptr;
    }
  }
  ~AltStack() {
    if (!Memory)
      return;
    stack_t Off{};
    Off.ss_flags = SS_DISABLE;
    sigaltstack(&Off, nullptr);
    munmap(Memory, Bytes);
  }
};

__attribute__((tls_model("initial-exec"))) thread_local bool ThreadPrepared = false;

/// Once per process: the handlers; once per thread: the alternate stack.
/// Per call only a flag test (std::call_once and a thread_local object with
/// a destructor would each cost a call into libstdc++ or the loader).
void prepareThread() {
  if (__builtin_expect(ThreadPrepared, 1))
    return;
  static std::once_flag Once;
  std::call_once(Once, install);
  thread_local AltStack Stack;
  (void)Stack;
  ThreadPrepared = true;
}

/// Whether \p Address lies in the guard zone just below the calling
/// thread's stack (or within its lowest page): a stack overflow.
bool nearStackLimit(const void *Address) {
  pthread_attr_t Attr;
  if (pthread_getattr_np(pthread_self(), &Attr) != 0)
    return false;
  void *Low = nullptr;
  size_t Size = 0, Guard = 0;
  pthread_attr_getstack(&Attr, &Low, &Size);
  pthread_attr_getguardsize(&Attr, &Guard);
  pthread_attr_destroy(&Attr);
  auto A = reinterpret_cast<uintptr_t>(Address), L = reinterpret_cast<uintptr_t>(Low);
  size_t Below = Guard > 65536 ? Guard : 65536;
  return A + Below >= L && A < L + 4096;
}

// The floating-point control word, which an entry compiled with -ftz=true
// changes and restores when it returns (KernelEntry): a fault that abandons
// the entry skips that, so the guard restores it.
#if defined(__x86_64__) || defined(__i386__)
using FpControl = unsigned;
FpControl fpControl() { return __builtin_ia32_stmxcsr(); }
void setFpControl(FpControl V) { __builtin_ia32_ldmxcsr(V); }
#elif defined(__aarch64__)
using FpControl = uint64_t;
FpControl fpControl() {
  FpControl V;
  asm volatile("mrs %0, fpcr" : "=r"(V));
  return V;
}
void setFpControl(FpControl V) { asm volatile("msr fpcr, %0" : : "r"(V)); }
#else
using FpControl = int;
FpControl fpControl() { return 0; }
void setFpControl(FpControl) {}
#endif
} // namespace

bool faultHandlersInstalled() {
  prepareThread();
  return Installed;
}

// Nothing the guards read after a siglongjmp changes after their sigsetjmp;
// GCC cannot tell for arguments kept in registers.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

bool runEntryGuarded(LoomKernelEntry Entry, const LoomLaunch *Launch, void *const *Args,
                     uint64_t BlockBegin, uint64_t BlockEnd, LoomWorker *Worker,
                     FaultInfo *Fault) {
  prepareThread();
  sigjmp_buf Target;
  sigjmp_buf *const Outer = FaultTarget;
  FaultInfo *const OuterOut = FaultOut;
  FaultInfo Local;
  FaultInfo *const Out = Fault ? Fault : &Local;
  const FpControl Control = fpControl();
  if (sigsetjmp(Target, 0) != 0) {
    FaultTarget = Outer;
    FaultOut = OuterOut;
    setFpControl(Control);
    discardAppends();
    if (Out->Signal == SIGSEGV || Out->Signal == SIGBUS)
      Out->StackOverflow = nearStackLimit(Out->Address);
    return false;
  }
  *Out = FaultInfo();
  FaultOut = Out;
  FaultTarget = &Target;
  Entry(Launch, Args, BlockBegin, BlockEnd, Worker);
  FaultTarget = Outer;
  FaultOut = OuterOut;
  // The chunk's appends (DeferAppends) are in place before it counts as done.
  flushAppends();
  return true;
}

bool runGuarded(void (*Fn)(void *), void *Context, FaultInfo *Fault) {
  prepareThread();
  sigjmp_buf Target;
  sigjmp_buf *const Outer = FaultTarget;
  FaultInfo *const OuterOut = FaultOut;
  FaultInfo *const Out = Fault;
  void (*const Call)(void *) = Fn;
  void *const Arg = Context;
  if (sigsetjmp(Target, 0) != 0) {
    FaultTarget = Outer;
    FaultOut = OuterOut;
    return false;
  }
  *Out = FaultInfo();
  FaultOut = Out;
  FaultTarget = &Target;
  Call(Arg);
  FaultTarget = Outer;
  FaultOut = OuterOut;
  return true;
}

void abandonCurrentKernel() {
  if (FaultTarget)
    siglongjmp(*FaultTarget, 1);
}

std::string describeFault(const FaultInfo &F) {
  char Text[160];
  const char *Name = F.Signal == SIGSEGV  ? "SIGSEGV"
                     : F.Signal == SIGBUS ? "SIGBUS"
                     : F.Signal == SIGFPE ? "SIGFPE"
                                          : "abandoned";
  if (F.StackOverflow)
    std::snprintf(Text, sizeof(Text), "%s: stack overflow at address %p", Name, F.Address);
  else if (F.Signal == SIGFPE)
    std::snprintf(Text, sizeof(Text), "%s: arithmetic exception at instruction %p", Name,
                  F.Address);
  else if (F.Signal == SIGSEGV && F.Code == SI_KERNEL)
    // x86-64 reports an access through a non-canonical address as a general
    // protection fault, without the address.
    std::snprintf(Text, sizeof(Text), "%s: invalid (non-canonical) address", Name);
  else if (F.Signal == SIGSEGV && F.Code == SEGV_MAPERR)
    std::snprintf(Text, sizeof(Text), "%s: address %p is not mapped", Name, F.Address);
  else if (F.Signal == SIGSEGV && F.Code == SEGV_ACCERR)
    std::snprintf(Text, sizeof(Text), "%s: access to address %p not permitted", Name,
                  F.Address);
  else
    std::snprintf(Text, sizeof(Text), "%s: invalid access at address %p", Name, F.Address);
  return Text;
}

} // namespace loom
