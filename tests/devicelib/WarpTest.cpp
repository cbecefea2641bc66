// WarpTest.cpp - __loom_warp_collective: shuffles with widths and clamping,
// votes, match and reductions over full and partial warps.
// SPDX-License-Identifier: Apache-2.0
#include "../../include/loom/WarpOps.h"

#include <gtest/gtest.h>

namespace {

uint32_t run(uint32_t Op, const uint32_t *Values, uint32_t Lane, uint32_t Arg = 0,
             uint32_t C = 0x1f, uint32_t Active = ~0u, uint32_t Member = ~0u) {
  return __loom_warp_collective(Op, Member, Values, Active, Lane, Arg, C);
}

/// CUDA's __shfl*_sync(mask, v, arg, width) clamp word.
uint32_t clampWord(uint32_t Width, bool Up) { return ((32 - Width) << 8) | (Up ? 0 : 0x1f); }

struct Warp : testing::Test {
  uint32_t V[32];
  void SetUp() override {
    for (uint32_t L = 0; L < 32; ++L)
      V[L] = 100 + L;
  }
};

TEST_F(Warp, ShuffleDownClampsAtSegmentEnd) {
  for (uint32_t L = 0; L < 32; ++L) {
    EXPECT_EQ(run(LoomWarpShflDown, V, L, 4, clampWord(32, false)), L + 4 < 32 ? V[L + 4] : V[L]);
    // width 8: segments of 8 lanes.
    uint32_t Seg = L & ~7u;
    EXPECT_EQ(run(LoomWarpShflDown, V, L, 3, clampWord(8, false)),
              L + 3 < Seg + 8 ? V[L + 3] : V[L]);
  }
}

TEST_F(Warp, ShuffleUpXorIdx) {
  for (uint32_t L = 0; L < 32; ++L) {
    EXPECT_EQ(run(LoomWarpShflUp, V, L, 1, clampWord(32, true)), L >= 1 ? V[L - 1] : V[L]);
    uint32_t Seg = L & ~15u;
    EXPECT_EQ(run(LoomWarpShflUp, V, L, 2, clampWord(16, true)), L >= Seg + 2 ? V[L - 2] : V[L]);
    EXPECT_EQ(run(LoomWarpShflXor, V, L, 5, clampWord(32, false)), V[L ^ 5]);
    EXPECT_EQ(run(LoomWarpShflIdx, V, L, 7, clampWord(32, false)), V[7]);
    EXPECT_EQ(run(LoomWarpShflIdx, V, L, 3, clampWord(4, false)), V[(L & ~3u) | 3]);
  }
}

TEST_F(Warp, ShuffleFromAbsentLaneKeepsOwnValue) {
  uint32_t Active = 0x0000ffff; // a partial warp of 16 threads
  EXPECT_EQ(run(LoomWarpShflDown, V, 15, 1, clampWord(32, false), Active), V[15]);
  EXPECT_EQ(run(LoomWarpShflDown, V, 14, 1, clampWord(32, false), Active), V[15]);
}

TEST_F(Warp, Votes) {
  uint32_t P[32] = {};
  P[3] = P[9] = 1;
  EXPECT_EQ(run(LoomWarpBallot, P, 0), (1u << 3) | (1u << 9));
  EXPECT_EQ(run(LoomWarpAny, P, 0), 1u);
  EXPECT_EQ(run(LoomWarpAll, P, 0), 0u);
  EXPECT_EQ(run(LoomWarpUni, P, 0), 0u);
  // Only lanes 3 and 9 active: all true.
  EXPECT_EQ(run(LoomWarpAll, P, 3, 0, 0x1f, (1u << 3) | (1u << 9)), 1u);
  EXPECT_EQ(run(LoomWarpActiveMask, P, 3, 0, 0x1f, 0xf0f0u), 0xf0f0u);
  // The member mask restricts the ballot.
  EXPECT_EQ(run(LoomWarpBallot, P, 0, 0, 0x1f, ~0u, 0xffu), 1u << 3);
}

TEST_F(Warp, MatchAndReduce) {
  uint32_t M[32];
  for (uint32_t L = 0; L < 32; ++L)
    M[L] = L % 3;
  uint32_t Same0 = 0;
  for (uint32_t L = 0; L < 32; L += 3)
    Same0 |= 1u << L;
  EXPECT_EQ(run(LoomWarpMatchAny, M, 0), Same0);
  EXPECT_EQ(run(LoomWarpMatchAll, M, 0), 0u);
  EXPECT_EQ(run(LoomWarpMatchAll, M, 0, 0, 0x1f, Same0), Same0);
  uint32_t Sum = 0;
  for (uint32_t L = 0; L < 32; ++L)
    Sum += V[L];
  EXPECT_EQ(run(LoomWarpReduxAdd, V, 5), Sum);
  uint32_t S[32];
  for (uint32_t L = 0; L < 32; ++L)
    S[L] = static_cast<uint32_t>(static_cast<int32_t>(L) - 10);
  EXPECT_EQ(static_cast<int32_t>(run(LoomWarpReduxMin, S, 0)), -10);
  EXPECT_EQ(static_cast<int32_t>(run(LoomWarpReduxMax, S, 0)), 21);
  EXPECT_EQ(run(LoomWarpReduxUMax, S, 0), static_cast<uint32_t>(-1));
  EXPECT_EQ(run(LoomWarpReduxUMin, S, 0), 0u);
  EXPECT_EQ(run(LoomWarpReduxOr, V, 0, 0, 0x1f, 0x3u), (100u | 101u));
  EXPECT_EQ(run(LoomWarpReduxAnd, V, 0, 0, 0x1f, 0x3u), (100u & 101u));
  EXPECT_EQ(run(LoomWarpReduxXor, V, 0, 0, 0x1f, 0x3u), (100u ^ 101u));
}

} // namespace
