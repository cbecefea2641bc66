// ConfigTest.cpp - parsing of LOOM_NUM_THREADS and LOOM_SCHEDULER.
// SPDX-License-Identifier: Apache-2.0
#include "support/Config.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>

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

TEST(Config, BadValuesWarn) {
  loom::RuntimeConfig C = parse({{"LOOM_NUM_THREADS", "lots"}, {"LOOM_SCHEDULER", "fifo"}});
  EXPECT_EQ(C.Scheduler, loom::SchedulerKind::Pool);
  EXPECT_GE(C.NumWorkers, 1u);
  EXPECT_NE(C.Warnings.find("LOOM_NUM_THREADS"), std::string::npos);
  EXPECT_NE(C.Warnings.find("LOOM_SCHEDULER"), std::string::npos);
}

} // namespace
