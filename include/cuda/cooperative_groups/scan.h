/* cooperative_groups/scan.h - cg::inclusive_scan and cg::exclusive_scan, for loomcc.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Scans over a thread_block_tile<N> or a coalesced_group in rank order
 * (Kogge-Stone: log2 steps of shfl_up). op defaults to cg::plus. The
 * exclusive scan gives rank 0 a value-initialized T (0 for arithmetic types).
 * A tile of several warps scans each warp, then adds the totals of the
 * warps before (shared memory between two __syncthreads()).
 */
#ifndef LOOM_COOPERATIVE_GROUPS_SCAN_H
#define LOOM_COOPERATIVE_GROUPS_SCAN_H

#include "../cooperative_groups.h"
#include "reduce.h"

#if defined(__cplusplus) && defined(__CUDA__)

namespace cooperative_groups {

namespace __loom_detail {

/* Tiles larger than a warp: each warp scans its lanes; the last existing lane
 * of each warp publishes the warp's total, and every thread combines the
 * totals of the warps before its own in the tile. `warp_incl` is the
 * thread's inclusive scan within its warp; returns the tile prefix before
 * the warp (has_prefix false for the tile's first warp). */
template <unsigned int N, class T, class Op>
__device__ __forceinline__ T large_tile_prefix(T warp_incl, Op op, bool *has_prefix) {
  T *slots = warp_slots<T>();
  unsigned int tid = linear_tid(), warp = tid / 32u, first = warp & ~(N / 32u - 1u);
  unsigned int threads = block_threads();
  unsigned int last_lane = threads - warp * 32u >= 32u ? 31u : threads - warp * 32u - 1u;
  __syncthreads();
  if ((tid & 31u) == last_lane)
    slots[warp] = warp_incl;
  __syncthreads();
  *has_prefix = warp != first;
  T prefix = slots[first];
  for (unsigned int w = first + 1; w < warp; ++w)
    prefix = op(prefix, slots[w]);
  return prefix;
}

} // namespace __loom_detail

template <unsigned int N, class P, class T, class Op>
__device__ __forceinline__ T inclusive_scan(const thread_block_tile<N, P> &g, T val, Op op) {
  if constexpr (N > 32) {
    T incl = inclusive_scan(__loom_detail::own_warp(), val, op);
    bool has_prefix;
    T prefix = __loom_detail::large_tile_prefix<N>(incl, op, &has_prefix);
    return has_prefix ? op(prefix, incl) : incl;
  } else {
    unsigned int rank = g.thread_rank();
#pragma unroll
    for (unsigned int off = 1; off < N; off <<= 1) {
      T lower = g.shfl_up(val, off);
      if (rank >= off)
        val = op(lower, val);
    }
    return val;
  }
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

template <unsigned int N, class P, class T, class Op>
__device__ __forceinline__ T exclusive_scan(const thread_block_tile<N, P> &g, T val, Op op) {
  if constexpr (N > 32) {
    thread_block_tile<32> warp = __loom_detail::own_warp();
    T incl = inclusive_scan(warp, val, op);
    T below = warp.shfl_up(incl, 1);
    bool has_prefix;
    T prefix = __loom_detail::large_tile_prefix<N>(incl, op, &has_prefix);
    if (warp.thread_rank() == 0)
      return has_prefix ? prefix : T();
    return has_prefix ? op(prefix, below) : below;
  } else {
    T incl = inclusive_scan(g, val, op);
    T prev = g.shfl_up(incl, 1);
    return g.thread_rank() == 0 ? T() : prev;
  }
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
