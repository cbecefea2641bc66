// SPDX-License-Identifier: Apache-2.0
// Exploration: tries variants within the budget, keeps a correct fastest
// one, reports what it tried, and answers from its disk cache the second
// time (keyed by expression, sizes and CPU).
#include "loom/patterns/Explore.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <unistd.h>

using namespace loom::patterns;

TEST(ExploreTest, KeepsTheFastestAndCaches) {
  char dir[] = "/tmp/loom-patterns-explore-XXXXXX";
  ASSERT_TRUE(mkdtemp(dir));
  ExploreOptions o;
  o.budgetSeconds = 2;
  o.repetitions = 3;
  o.cacheDir = dir;
  const ProgramDef &d = *findProgram("scal");
  std::map<std::string, int64_t> sizes{{"N", 4096}};
  std::ostringstream report;
  ExploreResult r = explore_(d, sizes, o, report);
  ASSERT_TRUE(r.ok) << report.str();
  EXPECT_FALSE(r.fromCache);
  EXPECT_GE(r.tried.size(), 1u);
  for (auto &v : r.tried)
    if (v.medianMs >= 0)
      EXPECT_LE(r.best.medianMs, v.medianMs);
  EXPECT_NE(report.str().find("parts  chunk  vector  wg  rows  block  median ms"), std::string::npos) << report.str();
  // The best variant derives and checks.
  EXPECT_EQ(checkProgram(d, r.best.params, sizes), "");

  std::ostringstream again;
  ExploreResult c = explore_(d, sizes, o, again);
  EXPECT_TRUE(c.fromCache) << again.str();
  EXPECT_EQ(c.best.params.parts, r.best.params.parts);
  EXPECT_EQ(c.best.params.chunk, r.best.params.chunk);
  EXPECT_EQ(c.best.blockSize, r.best.blockSize);
  // Other sizes are another cache entry.
  std::ostringstream other;
  o.budgetSeconds = 0;
  EXPECT_FALSE(explore_(d, {{"N", 8192}}, o, other).fromCache);
  std::string cmd = std::string("rm -rf '") + dir + "'";
  EXPECT_EQ(system(cmd.c_str()), 0);
}
