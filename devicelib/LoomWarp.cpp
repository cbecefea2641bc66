// LoomWarp.cpp - warp collectives (shuffle, vote, match, reduce) computed from
// the values a warp's lanes published; see include/loom/WarpOps.h.
// SPDX-License-Identifier: Apache-2.0
#include "../include/loom/WarpOps.h"

namespace {

inline bool has(uint32_t Mask, uint32_t Lane) { return (Mask >> Lane) & 1u; }

/// PTX shfl.sync: c holds the segment mask in bits 12:8 and the clamp lane in
/// bits 4:0 (CUDA's width w gives c = ((32 - w) << 8) | (up ? 0 : 31)).
uint32_t shuffle(uint32_t Op, const uint32_t *Values, uint32_t Active,
                 uint32_t Lane, uint32_t Arg, uint32_t C) {
  int32_t SegMask = (C >> 8) & 0x1f;
  int32_t MinLane = Lane & SegMask;
  int32_t MaxLane = MinLane | ((C & 0x1f) & ~SegMask);
  int32_t L = static_cast<int32_t>(Lane), J = L;
  bool Valid = false;
  switch (Op) {
  case LoomWarpShflUp:
    J = L - static_cast<int32_t>(Arg);
    Valid = J >= MaxLane;
    break;
  case LoomWarpShflDown:
    J = L + static_cast<int32_t>(Arg);
    Valid = J <= MaxLane;
    break;
  case LoomWarpShflXor:
    J = L ^ static_cast<int32_t>(Arg & 0x1f);
    Valid = J <= MaxLane;
    break;
  default: // idx
    J = MinLane | (static_cast<int32_t>(Arg & 0x1f) & ~SegMask);
    Valid = J <= MaxLane;
    break;
  }
  // Out of the segment, or a lane that is not there (inactive, or beyond a
  // partial last warp): the thread keeps its own value.
  if (!Valid || J < 0 || J > 31 || !has(Active, static_cast<uint32_t>(J)))
    J = L;
  return Values[J];
}

} // namespace

extern "C" uint32_t __loom_warp_collective(uint32_t Op, uint32_t Member,
                                           const uint32_t *Values, uint32_t Active,
                                           uint32_t Lane, uint32_t Arg, uint32_t C) {
  if (Op <= LoomWarpShflXor)
    return shuffle(Op, Values, Active, Lane, Arg, C);
  uint32_t Lanes = Active & Member;
  if (Op == LoomWarpActiveMask)
    return Active;
  uint32_t Ballot = 0;
  for (uint32_t L = 0; L < 32; ++L)
    if (has(Lanes, L) && Values[L] != 0)
      Ballot |= 1u << L;
  switch (Op) {
  case LoomWarpBallot:
    return Ballot;
  case LoomWarpAll:
    return Ballot == Lanes;
  case LoomWarpAny:
    return Ballot != 0;
  case LoomWarpUni:
    return Ballot == 0 || Ballot == Lanes;
  case LoomWarpMatchAny: {
    uint32_t Same = 0;
    for (uint32_t L = 0; L < 32; ++L)
      if (has(Lanes, L) && Values[L] == Values[Lane])
        Same |= 1u << L;
    return Same;
  }
  case LoomWarpMatchAll:
    for (uint32_t L = 0; L < 32; ++L)
      if (has(Lanes, L) && Values[L] != Values[Lane])
        return 0;
    return Lanes;
  default:
    break;
  }
  // Reductions over the member lanes that are present.
  uint32_t Acc = Op == LoomWarpReduxAnd ? ~0u
                 : Op == LoomWarpReduxMin ? 0x7fffffffu
                 : Op == LoomWarpReduxUMin ? ~0u
                 : Op == LoomWarpReduxMax ? 0x80000000u
                                          : 0u;
  for (uint32_t L = 0; L < 32; ++L) {
    if (!has(Lanes, L))
      continue;
    uint32_t V = Values[L];
    switch (Op) {
    case LoomWarpReduxAdd: Acc += V; break;
    case LoomWarpReduxMin: Acc = (int32_t)V < (int32_t)Acc ? V : Acc; break;
    case LoomWarpReduxMax: Acc = (int32_t)V > (int32_t)Acc ? V : Acc; break;
    case LoomWarpReduxUMin: Acc = V < Acc ? V : Acc; break;
    case LoomWarpReduxUMax: Acc = V > Acc ? V : Acc; break;
    case LoomWarpReduxAnd: Acc &= V; break;
    case LoomWarpReduxOr: Acc |= V; break;
    case LoomWarpReduxXor: Acc ^= V; break;
    default: break;
    }
  }
  return Acc;
}
