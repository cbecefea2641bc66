/* WarpOps.h - the warp collectives compiled kernels perform, shared by the
 * compiler (NVVMIntrinsics, BarrierRegions) and the device library.
 * SPDX-License-Identifier: Apache-2.0
 *
 * A collective is compiled as: every participating thread publishes a 32-bit
 * value in a per-thread slot, the warp synchronizes (a barrier region
 * boundary), then each thread computes its result from its warp's published
 * values with __loom_warp_collective(). Lanes that did not reach the
 * collective are absent from `active`.
 */
#ifndef LOOM_WARP_OPS_H
#define LOOM_WARP_OPS_H

#include <stdint.h>

enum LoomWarpOp {
  LoomWarpShflIdx = 0,  /* arg: source lane, c: PTX clamp/segment word */
  LoomWarpShflUp = 1,   /* arg: delta */
  LoomWarpShflDown = 2, /* arg: delta */
  LoomWarpShflXor = 3,  /* arg: lane mask */
  LoomWarpBallot = 4,   /* value: predicate (0/1) */
  LoomWarpAll = 5,
  LoomWarpAny = 6,
  LoomWarpUni = 7,
  LoomWarpActiveMask = 8,
  LoomWarpMatchAny = 9,
  LoomWarpMatchAll = 10, /* result: mask if all equal, else 0 */
  LoomWarpReduxAdd = 11,
  LoomWarpReduxMin = 12,
  LoomWarpReduxMax = 13,
  LoomWarpReduxUMin = 14,
  LoomWarpReduxUMax = 15,
  LoomWarpReduxAnd = 16,
  LoomWarpReduxOr = 17,
  LoomWarpReduxXor = 18,
};

#ifdef __cplusplus
extern "C" {
#endif
/* values: the warp's 32 published values (lane 0 first); active: lanes that
 * reached the collective; member: the mask the program passed. */
uint32_t __loom_warp_collective(uint32_t op, uint32_t member, const uint32_t *values,
                                uint32_t active, uint32_t lane, uint32_t arg,
                                uint32_t c);
#ifdef __cplusplus
}
#endif

#endif /* LOOM_WARP_OPS_H */
