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

namespace {
/// An on/off knob: 0|off|1|on; anything else keeps \p Default with a warning.
bool parseOnOff(const std::function<const char *(const char *)> &GetEnv, const char *Name,
                bool Default, std::string &Warnings) {
  const char *Value = GetEnv(Name);
  if (!Value || !*Value)
    return Default;
  if (std::strcmp(Value, "0") == 0 || std::strcmp(Value, "off") == 0)
    return false;
  if (std::strcmp(Value, "1") == 0 || std::strcmp(Value, "on") == 0)
    return true;
  Warnings += std::string(Name) + "='" + Value + "' is none of 0, off, 1, on; using " +
              (Default ? "on" : "off") + "\n";
  return Default;
}
} // namespace

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
  Config.HugePages = parseOnOff(GetEnv, "LOOM_HUGE_PAGES", true, Config.Warnings);
  Config.RunInline = parseOnOff(GetEnv, "LOOM_RUN_INLINE", true, Config.Warnings);
  if (Config.Scheduler == SchedulerKind::Serial)
    Config.NumWorkers = 0;
  return Config;
}

JitSettings parseJitSettings(const std::function<const char *(const char *)> &GetEnv) {
  JitSettings S;
  if (const char *Value = GetEnv("LOOM_JIT"); Value && *Value) {
    std::string V = Value;
    if (V == "0" || V == "off")
      S.Mode = JitMode::Off;
    else if (V == "1" || V == "on" || V == "async")
      S.Mode = JitMode::Async;
    else if (V == "sync")
      S.Mode = JitMode::Sync;
    else
      S.Warnings += "LOOM_JIT='" + V + "' is none of 0, 1, async, sync; using the default\n";
  }
  if (const char *Dir = GetEnv("LOOM_CACHE_DIR")) {
    if (*Dir && std::strcmp(Dir, "none") != 0)
      S.CacheDir = Dir;
  } else if (const char *Xdg = GetEnv("XDG_CACHE_HOME"); Xdg && *Xdg == '/') {
    S.CacheDir = std::string(Xdg) + "/loom/jit";
  } else if (const char *Home = GetEnv("HOME"); Home && *Home == '/') {
    S.CacheDir = std::string(Home) + "/.cache/loom/jit";
  }
  if (const char *Compiler = GetEnv("LOOM_JIT_COMPILER"); Compiler && *Compiler)
    S.Compiler = Compiler;
  if (const char *Stats = GetEnv("LOOM_JIT_STATS"); Stats && std::strcmp(Stats, "1") == 0)
    S.Stats = true;
  return S;
}

RuntimeConfig configFromEnvironment() {
  return parseConfig([](const char *Name) { return std::getenv(Name); });
}

} // namespace loom
