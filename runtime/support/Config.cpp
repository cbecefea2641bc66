// Config.cpp - parsing of the runtime's environment knobs.
// SPDX-License-Identifier: Apache-2.0
#include "support/Config.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#if defined(__linux__)
#include <sched.h>
#endif

namespace loom {

unsigned cpusFromCgroupMax(const std::string &Line) {
  std::istringstream In(Line);
  std::string Quota;
  double Period = 0;
  if (!(In >> Quota >> Period) || Quota == "max" || Period <= 0)
    return 0;
  char *End = nullptr;
  double Q = std::strtod(Quota.c_str(), &End);
  if (*End != '\0' || Q <= 0)
    return 0;
  return unsigned(std::ceil(Q / Period));
}

namespace {
/// The cgroup CPU quota in CPUs (0: none found). Looks at the process's own
/// cgroup (v2 unified path from /proc/self/cgroup) and the mount root.
unsigned cgroupCpus() {
  std::string Line;
  std::string Own;
  {
    std::ifstream Cg("/proc/self/cgroup");
    std::string L;
    while (std::getline(Cg, L))
      if (L.rfind("0::", 0) == 0)
        Own = L.substr(3);
  }
  for (const std::string &Dir : {"/sys/fs/cgroup" + Own, std::string("/sys/fs/cgroup")}) {
    std::ifstream Max(Dir + "/cpu.max");
    if (Max && std::getline(Max, Line))
      if (unsigned N = cpusFromCgroupMax(Line))
        return N;
  }
  std::ifstream Quota("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"),
      Period("/sys/fs/cgroup/cpu/cpu.cfs_period_us");
  std::string Q, P;
  if (Quota >> Q && Period >> P)
    return cpusFromCgroupMax(Q + " " + P);
  return 0;
}
} // namespace

unsigned availableCpus() {
  unsigned N = std::thread::hardware_concurrency();
#if defined(__linux__)
  cpu_set_t Set;
  if (sched_getaffinity(0, sizeof(Set), &Set) == 0 && CPU_COUNT(&Set) > 0)
    N = unsigned(CPU_COUNT(&Set));
#endif
  if (unsigned Quota = cgroupCpus(); Quota && Quota < N)
    N = Quota;
  return N ? N : 1;
}

RuntimeConfig parseConfig(const std::function<const char *(const char *)> &GetEnv,
                          unsigned AvailableCpus) {
  RuntimeConfig Config;
  Config.NumWorkers = AvailableCpus ? AvailableCpus : availableCpus();

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
