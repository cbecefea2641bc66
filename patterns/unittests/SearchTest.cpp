// SPDX-License-Identifier: Apache-2.0
// The search over rewrite sequences: it times the program's default
// derivation and the sequences it builds from rules, keeps one at least as
// fast as the default (by construction: the default is a candidate), its
// steps replay into a program that computes the right result, and the
// result is cached. A structure check, not a timing one: timings belong in
// bench/ (loom-patterns-bench, loom-patterns PROGRAM --search).
#include "loom/patterns/Search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>

using namespace loom::patterns;

TEST(SearchTest, FindsAtLeastTheDefaultAndReplaysFromCache) {
  char dir[] = "/tmp/loom-patterns-search-XXXXXX";
  ASSERT_TRUE(mkdtemp(dir));
  SearchOptions o;
  o.budgetSeconds = 2; // the default and at least one searched sequence are always timed
  o.depth = 2;
  o.beam = 1;
  o.repetitions = 1;
  o.blockSizes = {16};
  const char *cache = getenv("LOOM_PATTERNS_CACHE"); // compiled kernels: shared, reused
  const ProgramDef &d = *findProgram("mm");
  std::map<std::string, int64_t> sizes{{"M", 16}, {"K", 8}, {"N", 32}};
  std::ostringstream report;
  // Search results go to the temporary directory, compiled code to the shared cache.
  o.cacheDir = cache ? cache : "";
  o.resultDir = dir;
  SearchResult r = searchRewrites(d, sizes, o, report);
  ASSERT_TRUE(r.ok) << report.str();
  EXPECT_FALSE(r.fromCache);
  ASSERT_GE(r.baseline.medianMs, 0) << report.str();
  EXPECT_LE(r.best.medianMs, r.baseline.medianMs) << report.str();
  EXPECT_GE(r.tried.size(), 2u) << report.str();
  bool searched = false;
  for (auto &c : r.tried)
    searched |= !c.isDefault && !c.steps.empty();
  EXPECT_TRUE(searched) << "no rewrite sequence was timed\n" << report.str();
  // Every sequence that ran replays on a freshly built program (types and all).
  for (auto &c : r.tried)
    if (!c.isDefault && c.medianMs >= 0)
      EXPECT_TRUE(applySteps(d.build(), c.steps).has_value()) << c.expr;
  EXPECT_NE(report.str().find("(default derivation)"), std::string::npos) << report.str();

  // Every step names a move the search knows, and the steps replay.
  if (!r.best.isDefault) {
    auto moves = searchMoves(o);
    for (auto &st : r.best.steps)
      EXPECT_NE(std::find(moves.begin(), moves.end(), st.move), moves.end()) << st.str();
    auto q = applySteps(d.build(), r.best.steps);
    ASSERT_TRUE(q) << report.str();
    // The same expression (parameter numbers aside: a replay makes fresh ones).
    auto noDigits = [](std::string t) {
      t.erase(std::remove_if(t.begin(), t.end(), [](char ch) { return isdigit((unsigned char)ch); }), t.end());
      return t;
    };
    EXPECT_EQ(noDigits(print(lambdaBody(q->fun))), noDigits(r.best.expr));
  }

  // Cached: the same choice, without timing anything.
  std::ostringstream again;
  SearchResult c = searchRewrites(d, sizes, o, again);
  EXPECT_TRUE(c.fromCache) << again.str();
  EXPECT_EQ(c.best.isDefault, r.best.isDefault);
  EXPECT_EQ(c.best.steps.size(), r.best.steps.size());
  EXPECT_EQ(c.best.blockSize, r.best.blockSize);
  EXPECT_TRUE(c.tried.empty());
  std::string cmd = std::string("rm -rf '") + dir + "'";
  EXPECT_EQ(system(cmd.c_str()), 0);
}

// Steps that name no known move are an error, not a silent default.
TEST(SearchTest, UnknownMoveIsAnError) {
  EXPECT_THROW(applySteps(findProgram("mm")->build(), {{"noSuchRule", {}}}), Error);
}
