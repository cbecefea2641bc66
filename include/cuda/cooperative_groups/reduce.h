/* cooperative_groups/reduce.h - cg::reduce and the cg function objects, for loomcc.
 * SPDX-License-Identifier: Apache-2.0
 *
 * cg::reduce(group, value, op) over a thread_block_tile<N> or a
 * coalesced_group: every member gets op applied over the values of all
 * members, combined in rank order (a shfl_down tree followed by a broadcast
 * of rank 0's result; a tile of several warps reduces each warp so, then
 * combines the warps' results in order through shared memory between two
 * __syncthreads()). Only the members that exist take part, so a tile cut
 * short by the end of the block reduces its threads only. op is any
 * associative callable: cg::plus, cg::less (minimum), cg::greater (maximum),
 * cg::bit_and, cg::bit_or, cg::bit_xor, or a lambda.
 */
#ifndef LOOM_COOPERATIVE_GROUPS_REDUCE_H
#define LOOM_COOPERATIVE_GROUPS_REDUCE_H

#include "../cooperative_groups.h"

#if defined(__cplusplus) && defined(__CUDA__)

namespace cooperative_groups {

template <class T> struct plus {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a + b; }
};
template <class T> struct less { // the smaller value, as CUDA defines it
  __host__ __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <class T> struct greater { // the larger value
  __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a & b; }
};
template <class T> struct bit_or {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a | b; }
};
template <class T> struct bit_xor {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a ^ b; }
};

namespace __loom_detail {

/* Tiles larger than a warp: one slot per warp of the block in shared memory
 * (a block has at most 32 warps), per value type. */
template <class T> __device__ __forceinline__ T *warp_slots() {
  __shared__ T slots[32];
  return slots;
}

/* The warp of the calling thread as a tile<32>. */
__device__ __forceinline__ thread_block_tile<32> own_warp() {
  return thread_block_tile<32>(from_parts(), linear_tid() / 32u, (block_threads() + 31u) / 32u);
}

template <unsigned int N, class T, class Op>
__device__ __forceinline__ T large_tile_reduce(unsigned int present, T warp_value, Op op) {
  T *slots = warp_slots<T>();
  unsigned int warp = linear_tid() / 32u, first = warp & ~(N / 32u - 1u);
  __syncthreads(); // readers of the previous use of the slots are done
  if ((linear_tid() & 31u) == 0u)
    slots[warp] = warp_value;
  __syncthreads();
  unsigned int warps = (present + 31u) / 32u;
  T result = slots[first];
  for (unsigned int w = 1; w < warps; ++w)
    result = op(result, slots[first + w]);
  return result;
}

} // namespace __loom_detail

template <unsigned int N, class P, class T, class Op>
__device__ __forceinline__ T reduce(const thread_block_tile<N, P> &g, T val, Op op) {
  if constexpr (N > 32) {
    // Each warp reduces its lanes, then the tile combines the warps in order.
    T warp_value = reduce(__loom_detail::own_warp(), val, op);
    return __loom_detail::large_tile_reduce<N>(g.__loom_present(), warp_value, op);
  } else {
    if (N == 1)
      return val;
    unsigned int rank = g.thread_rank(), present = g.__loom_present();
#pragma unroll
    for (unsigned int off = N / 2; off > 0; off >>= 1) {
      T other = g.shfl_down(val, off);
      if (rank + off < present)
        val = op(val, other);
    }
    return g.shfl(val, 0);
  }
}

template <class T, class Op>
__device__ __forceinline__ T reduce(const coalesced_group &g, T val, Op op) {
  unsigned int rank = g.thread_rank(), n = g.size();
#pragma unroll
  for (unsigned int off = 16; off > 0; off >>= 1) {
    T other = g.shfl_down(val, off);
    if (rank + off < n)
      val = op(val, other);
  }
  return g.shfl(val, 0);
}

} // namespace cooperative_groups

#endif /* __cplusplus && __CUDA__ */
#endif /* LOOM_COOPERATIVE_GROUPS_REDUCE_H */
