// Config.cpp - parsing of the runtime's environment knobs.
// SPDX-License-Identifier: Apache-2.0
#include "support/Config.h"

#include <cstdlib>
#include <cstring>
#include <thread>

namespace loom {

RuntimeConfig parseConfig(const std::function<const char *(const char *)> &GetEnv) {
  RuntimeConfig Config;
  unsigned Hardware = std::thread::hardware_concurrency();
  Config.NumWorkers = Hardware ? Hardware : 1;

  if (const char *Value = GetEnv("LOOM_NUM_THREADS"); Value && *Value) {
    char *End = nullptr;
    long Parsed = std::strtol(Value, &End, 10);
    if (*End == '\0' && Parsed >= 1 && Parsed <= 4096)
      Config.NumWorkers = static_cast<unsigned>(Parsed);
    else
      Config.Warnings += std::string("LOOM_NUM_THREADS='") + Value +
                         "' is not a thread count in [1, 4096]; ignored\n";
  }

  if (const char *Value = GetEnv("LOOM_SCHEDULER"); Value && *Value) {
    if (std::strcmp(Value, "serial") == 0)
      Config.Scheduler = SchedulerKind::Serial;
    else if (std::strcmp(Value, "pool") == 0)
      Config.Scheduler = SchedulerKind::Pool;
    else
      Config.Warnings += std::string("LOOM_SCHEDULER='") + Value +
                         "' is neither 'pool' nor 'serial'; using 'pool'\n";
  }
  if (Config.Scheduler == SchedulerKind::Serial)
    Config.NumWorkers = 0;
  return Config;
}

RuntimeConfig configFromEnvironment() {
  return parseConfig([](const char *Name) { return std::getenv(Name); });
}

} // namespace loom
