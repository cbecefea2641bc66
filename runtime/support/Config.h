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
  /// Pool worker threads (the synchronizing host thread helps in addition).
  unsigned NumWorkers = 1;
  /// Problems found while parsing, reported once on stderr.
  std::string Warnings;
};

/// Reads the knobs through \p GetEnv (so tests can inject values).
/// LOOM_SCHEDULER=pool|serial, LOOM_NUM_THREADS=<n >= 1>; defaults: pool,
/// one worker per hardware thread.
RuntimeConfig parseConfig(const std::function<const char *(const char *)> &GetEnv);

/// The process environment's configuration.
RuntimeConfig configFromEnvironment();

} // namespace loom

#endif // LOOM_RUNTIME_SUPPORT_CONFIG_H
