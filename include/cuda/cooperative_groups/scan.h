/* cooperative_groups/scan.h - cg::inclusive_scan and cg::exclusive_scan, for loomcc.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Scans over a thread_block_tile<N> or a coalesced_group in rank order
 * (Kogge-Stone: log2 steps of shfl_up). op defaults to cg::plus. The
 * exclusive scan gives rank 0 a value-initialized T (0 for arithmetic types).
 */
#ifndef LOOM_COOPERATIVE_GROUPS_SCAN_H
#define LOOM_COOPERATIVE_GROUPS_SCAN_H

#include "../cooperative_groups.h"
#include "reduce.h"

#if defined(__cplusplus) && defined(__CUDA__)

namespace cooperative_groups {

template <unsigned int N, class P, class T, class Op>
__device__ __forceinline__ T inclusive_scan(const thread_block_tile<N, P> &g, T val, Op op) {
  unsigned int rank = g.thread_rank();
#pragma unroll
  for (unsigned int off = 1; off < N; off <<= 1) {
    T lower = g.shfl_up(val, off);
    if (rank >= off)
      val = op(lower, val);
  }
  return val;
}

template <class T, class Op>
__device__ __forceinline__ T inclusive_scan(const coalesced_group &g, T val, Op op) {
  unsigned int rank = g.thread_rank();
#pragma unroll
  for (unsigned int off = 1; off < 32; off <<= 1) {
    T lower = g.shfl_up(val, off);
    if (rank >= off)
      val = op(lower, val);
  }
  return val;
}

template <class Group, class T, class Op>
__device__ __forceinline__ T exclusive_scan(const Group &g, T val, Op op) {
  T incl = inclusive_scan(g, val, op);
  T prev = g.shfl_up(incl, 1);
  return g.thread_rank() == 0 ? T() : prev;
}

template <class Group, class T>
__device__ __forceinline__ T inclusive_scan(const Group &g, T val) {
  return inclusive_scan(g, val, plus<T>());
}
template <class Group, class T>
__device__ __forceinline__ T exclusive_scan(const Group &g, T val) {
  return exclusive_scan(g, val, plus<T>());
}

} // namespace cooperative_groups

#endif /* __cplusplus && __CUDA__ */
#endif /* LOOM_COOPERATIVE_GROUPS_SCAN_H */
