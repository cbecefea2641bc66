// Config.h - the runtime's environment knobs (LOOM_NUM_THREADS, LOOM_SCHEDULER), parsed once.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_SUPPORT_CONFIG_H
#define LOOM_RUNTIME_SUPPORT_CONFIG_H

#include <functional>
#include <string>

namespace loom {

enum class SchedulerKind {
  /// Persistent worker pool; launches run asynchronously.
  Pool,
  /// No workers: every operation runs on the thread that synchronizes, in
  /// submission order and, for kernels, in block order. Deterministic.
  Serial,
};

struct RuntimeConfig {
  SchedulerKind Scheduler = SchedulerKind::Pool;
  /// Threads that execute Loom work at once: the pool's workers, of which a
  /// host thread helping while it synchronizes takes one's place
  /// (scheduler/ExecutorSlots.h). 0 in serial mode.
  unsigned NumWorkers = 1;
  /// LOOM_HUGE_PAGES=0: large allocations do not ask for transparent huge
  /// pages (memory/Allocator.h).
  bool HugePages = true;
  /// LOOM_RUN_INLINE=0: small asynchronous work (a kernel or copy whose
  /// measured time is below the inline threshold, into an idle stream) is
  /// always handed to the workers instead of running on the calling thread
  /// (Scheduler::submitOrRunHere).
  bool RunInline = true;
  /// Problems found while parsing, reported once on stderr.
  std::string Warnings;
};

/// Launch-time specialization (core/KernelJit.h).
enum class JitMode {
  Off,   ///< LOOM_JIT=0: only the compiled entries run
  Async, ///< LOOM_JIT=1: compile on a background thread; launches never wait
  Sync,  ///< LOOM_JIT=sync: compile at the first launch, which waits for it
};

struct JitSettings {
  JitMode Mode = JitMode::Off;
  /// The on-disk cache; empty: none.
  std::string CacheDir;
  /// The compiler (loom-jit-compile); empty: <libloomrt's directory>/loom/.
  std::string Compiler;
  /// LOOM_JIT_STATS=1: each compile and failure, and launch counts at exit.
  bool Stats = false;
  std::string Warnings;
};

/// LOOM_JIT=0|off|1|on|async|sync (default: on, asynchronous),
/// LOOM_CACHE_DIR=<dir>|none (default: $XDG_CACHE_HOME/loom/jit, else
/// $HOME/.cache/loom/jit), LOOM_JIT_COMPILER=<path>, LOOM_JIT_STATS=1.
JitSettings parseJitSettings(const std::function<const char *(const char *)> &GetEnv);

/// Reads the knobs through \p GetEnv (so tests can inject values).
/// LOOM_SCHEDULER=pool|serial, LOOM_NUM_THREADS=<n >= 1>, LOOM_HUGE_PAGES and
/// LOOM_RUN_INLINE (0|off|1|on, default on); defaults: pool,
/// one worker per CPU the process may use (\p AvailableCpus, by default
/// availableCpus()).
RuntimeConfig parseConfig(const std::function<const char *(const char *)> &GetEnv,
                          unsigned AvailableCpus = 0);

/// The CPUs this process may use: the affinity mask (sched_getaffinity),
/// lowered by a cgroup CPU quota (cgroup v2 cpu.max, v1 cpu.cfs_quota_us /
/// cpu.cfs_period_us, rounded up); at least 1.
unsigned availableCpus();

/// CPUs a cgroup v2 `cpu.max` line ("<quota> <period>" or "max <period>")
/// allows, rounded up; 0 for no limit or an unreadable line.
unsigned cpusFromCgroupMax(const std::string &Line);

/// The process environment's configuration.
RuntimeConfig configFromEnvironment();

} // namespace loom

#endif // LOOM_RUNTIME_SUPPORT_CONFIG_H
