// ConfigTest.cpp - parsing of LOOM_NUM_THREADS and LOOM_SCHEDULER.
// SPDX-License-Identifier: Apache-2.0
#include "support/Config.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>
#include <thread>

namespace {

loom::RuntimeConfig parse(std::map<std::string, std::string> Env) {
  return loom::parseConfig([&Env](const char *Name) -> const char * {
    auto It = Env.find(Name);
    return It == Env.end() ? nullptr : It->second.c_str();
  });
}

TEST(Config, Defaults) {
  loom::RuntimeConfig C = parse({});
  EXPECT_EQ(C.Scheduler, loom::SchedulerKind::Pool);
  EXPECT_GE(C.NumWorkers, 1u);
  EXPECT_TRUE(C.Warnings.empty());
}

TEST(Config, Overrides) {
  loom::RuntimeConfig C = parse({{"LOOM_NUM_THREADS", "3"}});
  EXPECT_EQ(C.NumWorkers, 3u);
  C = parse({{"LOOM_SCHEDULER", "serial"}, {"LOOM_NUM_THREADS", "3"}});
  EXPECT_EQ(C.Scheduler, loom::SchedulerKind::Serial);
  EXPECT_EQ(C.NumWorkers, 0u);
}

TEST(Config, DefaultIsTheCpusTheProcessMayUse) {
  loom::RuntimeConfig C = loom::parseConfig([](const char *) { return nullptr; }, 3);
  EXPECT_EQ(C.NumWorkers, 3u);
  unsigned Cpus = loom::availableCpus();
  EXPECT_GE(Cpus, 1u);
  unsigned Hardware = std::thread::hardware_concurrency();
  if (Hardware)
    EXPECT_LE(Cpus, Hardware);
  EXPECT_EQ(parse({}).NumWorkers, Cpus);
  // LOOM_NUM_THREADS wins over what the machine offers.
  C = loom::parseConfig(
      [](const char *N) { return std::strcmp(N, "LOOM_NUM_THREADS") ? nullptr : "5"; }, 3);
  EXPECT_EQ(C.NumWorkers, 5u);
}

TEST(Config, CgroupCpuQuota) {
  EXPECT_EQ(loom::cpusFromCgroupMax("max 100000"), 0u);
  EXPECT_EQ(loom::cpusFromCgroupMax("200000 100000"), 2u);
  EXPECT_EQ(loom::cpusFromCgroupMax("150000 100000\n"), 2u); // rounded up
  EXPECT_EQ(loom::cpusFromCgroupMax("50000 100000"), 1u);
  EXPECT_EQ(loom::cpusFromCgroupMax("-1 100000"), 0u); // v1: no quota
  EXPECT_EQ(loom::cpusFromCgroupMax(""), 0u);
  EXPECT_EQ(loom::cpusFromCgroupMax("x 100000"), 0u);
}

TEST(Config, BadValuesWarn) {
  loom::RuntimeConfig C = parse({{"LOOM_NUM_THREADS", "lots"}, {"LOOM_SCHEDULER", "fifo"}});
  EXPECT_EQ(C.Scheduler, loom::SchedulerKind::Pool);
  EXPECT_GE(C.NumWorkers, 1u);
  EXPECT_NE(C.Warnings.find("LOOM_NUM_THREADS"), std::string::npos);
  EXPECT_NE(C.Warnings.find("LOOM_SCHEDULER"), std::string::npos);
}

} // namespace

namespace {

loom::JitSettings parseJit(std::map<std::string, std::string> Env) {
  return loom::parseJitSettings([&Env](const char *Name) -> const char * {
    auto It = Env.find(Name);
    return It == Env.end() ? nullptr : It->second.c_str();
  });
}

TEST(Config, JitSettings) {
  loom::JitSettings S = parseJit({{"HOME", "/home/u"}});
  EXPECT_EQ(S.Mode, loom::JitMode::Off); // off unless asked for (docs/performance.md)
  EXPECT_EQ(S.CacheDir, "/home/u/.cache/loom/jit");
  EXPECT_FALSE(S.Stats);
  EXPECT_EQ(parseJit({{"LOOM_JIT", "1"}}).Mode, loom::JitMode::Async);
  EXPECT_EQ(parseJit({{"LOOM_JIT", "async"}}).Mode, loom::JitMode::Async);
  EXPECT_EQ(parseJit({{"LOOM_JIT", "sync"}}).Mode, loom::JitMode::Sync);
  EXPECT_EQ(parseJit({{"LOOM_JIT", "0"}}).Mode, loom::JitMode::Off);
  S = parseJit({{"LOOM_JIT", "maybe"}});
  EXPECT_EQ(S.Mode, loom::JitMode::Off);
  EXPECT_NE(S.Warnings.find("LOOM_JIT='maybe'"), std::string::npos);
  EXPECT_EQ(parseJit({{"HOME", "/h"}, {"XDG_CACHE_HOME", "/x"}}).CacheDir, "/x/loom/jit");
  EXPECT_EQ(parseJit({{"HOME", "/h"}, {"LOOM_CACHE_DIR", "/c"}}).CacheDir, "/c");
  EXPECT_EQ(parseJit({{"HOME", "/h"}, {"LOOM_CACHE_DIR", "none"}}).CacheDir, "");
  EXPECT_EQ(parseJit({}).CacheDir, ""); // no home: no disk cache
  EXPECT_TRUE(parseJit({{"LOOM_JIT_STATS", "1"}}).Stats);
  EXPECT_EQ(parseJit({{"LOOM_JIT_COMPILER", "/opt/c"}}).Compiler, "/opt/c");
}

} // namespace

namespace {

TEST(Config, HugePages) {
  EXPECT_TRUE(parse({}).HugePages);
  EXPECT_FALSE(parse({{"LOOM_HUGE_PAGES", "0"}}).HugePages);
  EXPECT_FALSE(parse({{"LOOM_HUGE_PAGES", "off"}}).HugePages);
  EXPECT_TRUE(parse({{"LOOM_HUGE_PAGES", "on"}}).HugePages);
  loom::RuntimeConfig Bad = parse({{"LOOM_HUGE_PAGES", "maybe"}});
  EXPECT_TRUE(Bad.HugePages);
  EXPECT_NE(Bad.Warnings.find("LOOM_HUGE_PAGES"), std::string::npos);
}

} // namespace
