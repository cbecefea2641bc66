// Profile.h - LOOM_PROFILE (an nsys-style summary at exit) and LOOM_TRACE (a Chrome/Perfetto trace).
// SPDX-License-Identifier: Apache-2.0
//
// Recording points in the runtime call the hooks below behind one test of
// profile::Enabled, a flag fixed before main() from the environment: with
// neither variable set that test is the whole cost. Recording takes a lock
// and appends one event (kernels and copies per op, worker spans per op and
// worker, API calls per call); at exit the summary goes to standard error
// and the trace to the file LOOM_TRACE names. docs/tools.md describes both.
#ifndef LOOM_RUNTIME_PROFILE_PROFILE_H
#define LOOM_RUNTIME_PROFILE_PROFILE_H

#include <cstdint>

namespace loom {

class Op;
class Stream;

namespace profile {

/// LOOM_PROFILE=1 or LOOM_TRACE=<file>; read once, before main().
extern const bool Enabled;

int64_t nowNs();

/// What kind of work an op was; copies carry their cudaMemcpyKind + 1.
enum : uint8_t { KindNone = 0, KindCopyBase = 1, KindMemset = 16 };

/// A copy (\p Kind: cudaMemcpyKind) or fill (KindMemset) of \p Bytes is
/// being submitted on this thread: the op built meanwhile is tagged with
/// them (Op's constructor calls tagNewOp).
class TransferScope {
public:
  TransferScope(int Kind, uint64_t Bytes, bool IsMemset = false);
  ~TransferScope();
};
void tagNewOp(Op &O);

/// A copy or fill ran on this thread, outside the scheduler, from
/// \p StartNs to now (a blocking call on an idle stream).
void ranInline(const Op &O, int64_t StartNs);
/// An op's last unit finished (its first unit began at Op::ProfileStartNs).
void opFinished(const Op &O);
/// Worker \p Worker ran units of \p O from \p StartNs to now.
void workerSpan(const Op &O, uint32_t Worker, int64_t StartNs);

/// Times one runtime API call (its name must be a literal). Only the
/// outermost call of a thread is recorded: cudaStreamCreate calling
/// cudaStreamCreateWithFlags is one cudaStreamCreate, as a program sees it.
class ApiScope {
public:
  explicit ApiScope(const char *Name) {
    if (Enabled)
      enter(Name);
  }
  ~ApiScope() {
    if (Enabled)
      leave();
  }
  ApiScope(const ApiScope &) = delete;
  ApiScope &operator=(const ApiScope &) = delete;

private:
  void enter(const char *Name);
  void leave();
  const char *Name = nullptr; // null: nested in another recorded call
  int64_t Start = 0;
};

} // namespace profile
} // namespace loom

/// One API call's time in the profile (a branch on a constant flag when off).
#define LOOM_PROFILE_API(Name) ::loom::profile::ApiScope LoomProfileApiScope_(Name)

#endif // LOOM_RUNTIME_PROFILE_PROFILE_H
