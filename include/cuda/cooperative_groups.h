/* cooperative_groups.h - CUDA's Cooperative Groups API for programs compiled by loomcc.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Written for Loom from the API the CUDA C++ Programming Guide describes
 * (thread_block, thread_block_tile<N>, coalesced_group, thread_group,
 * grid_group, tiled_partition, labeled/binary_partition, cg::sync). Every
 * group operation is built from the CUDA builtins Loom already runs:
 * threadIdx/blockDim, __syncthreads, __syncwarp and the warp collectives
 * (__shfl*_sync, __ballot_sync, __any/__all_sync, __match_*_sync,
 * __activemask). Loom runs those correctly in divergent code and partial
 * warps (docs/barriers.md, "Warp collectives"), so the groups inherit that.
 * See docs/cooperative-groups.md for what is and is not supported.
 *
 * Header-only and __device__ only; the host compilation sees the same
 * declarations (nvcc's header works the same way). cg::reduce and the scans
 * live in <cooperative_groups/reduce.h> and <cooperative_groups/scan.h> as in
 * CUDA 12; this header includes both, so programs that forget the include
 * still compile.
 *
 * grid_group::sync() is the one operation that needs the runtime: thread 0
 * of each block calls __loom_grid_sync() (libloomrt) between two
 * __syncthreads(); it works in a cudaLaunchCooperativeKernel launch and fails
 * the launch otherwise.
 *
 * Tiles larger than a warp (64 .. 1024 threads): sync() is a block barrier
 * (__syncthreads: every tile of the block stops there, which Loom's barrier
 * machinery allows in tile-divergent code too), cg::reduce and the scans
 * combine per-warp results through a static __shared__ slot per warp.
 * block_tile_memory is accepted and not needed.
 *
 * cg::memcpy_async / cg::wait (cooperative_groups/memcpy_async.h, included
 * here) copy synchronously, each member its share; wait is group.sync().
 *
 * Not supported: multi_grid_group, cluster groups.
 */
#ifndef LOOM_COOPERATIVE_GROUPS_H
#define LOOM_COOPERATIVE_GROUPS_H

#if defined(__cplusplus) && defined(__CUDA__)

#include "cuda_runtime.h"

#define __LOOM_CG_QUAL __device__ __forceinline__
#define __LOOM_CG_STATIC static __device__ __forceinline__
/* Grid barrier of the cooperative launch, __loom_grid_sync and
 * __loom_grid_is_valid (runtime/device/DeviceCalls.cpp): declared in
 * KernelABI.h. */
#include "loom/__loom_kernel_abi.h"

namespace cooperative_groups {

namespace __loom_detail {

/* ---- Thread geometry: warps are formed from the linear thread index, as on
 * a GPU and in Loom's warp collectives. ---- */
__LOOM_CG_QUAL unsigned int linear_tid() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__LOOM_CG_QUAL unsigned int block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
__LOOM_CG_QUAL unsigned int lane() { return linear_tid() & 31u; }
__LOOM_CG_QUAL unsigned int lanemask_lt() { return (1u << lane()) - 1u; }

/* Member mask of the aligned tile of `size` lanes (a power of two <= 32) that
 * holds the calling lane. */
__LOOM_CG_QUAL unsigned int tile_mask(unsigned int size) {
  if (size >= 32u)
    return 0xffffffffu;
  return ((1u << size) - 1u) << (lane() & ~(size - 1u));
}

/* Lane of the set bit of `mask` whose rank (number of set bits below it) is
 * `rank`; 32 when mask has no such bit. A binary search with popcounts. */
__LOOM_CG_QUAL unsigned int lane_of_rank(unsigned int mask, unsigned int rank) {
  if (rank >= 32u)
    return 32u;
  unsigned int base = 0;
  for (unsigned int width = 16; width > 0; width >>= 1) {
    unsigned int low = __popc(mask & ((1u << width) - 1u));
    if (rank >= low) {
      rank -= low;
      mask >>= width;
      base += width;
    }
  }
  return (rank == 0 && (mask & 1u)) ? base : 32u;
}

/* Gathers the bits of `bits` at the lanes of `mask` into consecutive low bits
 * (bit k of the result = bit of the k-th lane of mask): lane masks become
 * group-rank masks. */
__LOOM_CG_QUAL unsigned int compact(unsigned int bits, unsigned int mask) {
  unsigned int out = 0, k = 0;
  while (mask) {
    unsigned int low = mask & (0u - mask);
    if (bits & low)
      out |= 1u << k;
    ++k;
    mask ^= low;
  }
  return out;
}

/* ---- Shuffles of any trivially copyable T, 32 bits at a time through the
 * unsigned int builtins (64-bit types take two shuffles, as in CUDA). ---- */
enum shfl_kind { shfl_idx, shfl_up, shfl_down, shfl_xor };

template <shfl_kind K>
__LOOM_CG_QUAL unsigned int shfl_word(unsigned int mask, unsigned int v, int arg, int width) {
  switch (K) {
  case shfl_idx: return __shfl_sync(mask, v, arg, width);
  case shfl_up: return __shfl_up_sync(mask, v, (unsigned int)arg, width);
  case shfl_down: return __shfl_down_sync(mask, v, (unsigned int)arg, width);
  default: return __shfl_xor_sync(mask, v, arg, width);
  }
}

template <shfl_kind K, class T>
__LOOM_CG_QUAL T shfl(unsigned int mask, T v, int arg, int width) {
  static_assert(__is_trivially_copyable(T),
                "cooperative_groups shuffles need a trivially copyable type");
  constexpr unsigned int words = (sizeof(T) + 3) / 4;
  unsigned int w[words];
  w[words - 1] = 0;
  __builtin_memcpy(w, &v, sizeof(T));
#pragma unroll
  for (unsigned int i = 0; i < words; ++i)
    w[i] = shfl_word<K>(mask, w[i], arg, width);
  T out;
  __builtin_memcpy(&out, w, sizeof(T));
  return out;
}

/* match_any / match_all of any 4- or 8-byte value. An 8-byte value is
 * matched as its two 32-bit halves (lanes that agree on both), which is the
 * same result as __match64_*_sync. */
template <class T> __LOOM_CG_QUAL unsigned int match_any(unsigned int mask, T v) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "match_any needs a 4- or 8-byte type");
  unsigned int w[2] = {0, 0};
  __builtin_memcpy(w, &v, sizeof(T));
  unsigned int same = __match32_any_sync(mask, w[0]);
  if (sizeof(T) == 8)
    same &= __match32_any_sync(mask, w[1]);
  return same;
}

template <class T> __LOOM_CG_QUAL unsigned int match_all(unsigned int mask, T v, int &pred) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "match_all needs a 4- or 8-byte type");
  unsigned int w[2] = {0, 0};
  __builtin_memcpy(w, &v, sizeof(T));
  unsigned int all = __match32_all_sync(mask, w[0], &pred);
  if (sizeof(T) == 8) {
    int pred_hi = 0;
    unsigned int all_hi = __match32_all_sync(mask, w[1], &pred_hi);
    pred = pred && pred_hi;
    all = pred ? (all & all_hi) : 0u;
  }
  return all;
}

enum group_kind : unsigned int { kind_block = 0, kind_tile = 1, kind_coalesced = 2 };

struct from_parts {}; // tag for Loom's internal constructors

} // namespace __loom_detail

/* ---- thread_group: the generic handle. Every block-level group converts to
 * it; sync/size/thread_rank dispatch on the kind of group it holds. ---- */
class thread_group {
protected:
  unsigned int __kind;      // __loom_detail::group_kind
  unsigned int __tile_size; // kind_tile: the tile size
  unsigned int __mask;      // kind_tile / kind_coalesced: member lanes of the warp
  unsigned int __meta_rank, __meta_size;

public:
  __LOOM_CG_QUAL thread_group(__loom_detail::from_parts, unsigned int kind,
                              unsigned int tile_size, unsigned int mask,
                              unsigned int meta_rank, unsigned int meta_size)
      : __kind(kind), __tile_size(tile_size), __mask(mask), __meta_rank(meta_rank),
        __meta_size(meta_size) {}

  __LOOM_CG_QUAL unsigned int size() const {
    switch (__kind) {
    case __loom_detail::kind_block: return __loom_detail::block_threads();
    case __loom_detail::kind_tile: return __tile_size;
    default: return __popc(__mask);
    }
  }
  __LOOM_CG_QUAL unsigned long long num_threads() const { return size(); }
  __LOOM_CG_QUAL unsigned int thread_rank() const {
    switch (__kind) {
    case __loom_detail::kind_block: return __loom_detail::linear_tid();
    case __loom_detail::kind_tile: return __loom_detail::linear_tid() & (__tile_size - 1u);
    default: return __popc(__mask & __loom_detail::lanemask_lt());
    }
  }
  __LOOM_CG_QUAL void sync() const {
    if (__kind == __loom_detail::kind_block ||
        (__kind == __loom_detail::kind_tile && __tile_size > 32u))
      __syncthreads(); // a tile of several warps: see thread_block_tile<N>
    else
      __syncwarp(__mask);
  }
  __LOOM_CG_QUAL bool is_valid() const { return true; }

  /* Loom internals, used by tiled_partition & co. */
  __LOOM_CG_QUAL unsigned int __loom_kind() const { return __kind; }
  __LOOM_CG_QUAL unsigned int __loom_mask() const { return __mask; }
};

/* ---- thread_block: all threads of the block. ---- */
class thread_block : public thread_group {
public:
  __LOOM_CG_QUAL thread_block()
      : thread_group(__loom_detail::from_parts(), __loom_detail::kind_block, 0, 0xffffffffu,
                     0, 1) {}

  __LOOM_CG_STATIC void sync() { __syncthreads(); }
  __LOOM_CG_STATIC unsigned int thread_rank() { return __loom_detail::linear_tid(); }
  __LOOM_CG_STATIC unsigned int size() { return __loom_detail::block_threads(); }
  __LOOM_CG_STATIC unsigned int num_threads() { return __loom_detail::block_threads(); }
  __LOOM_CG_STATIC dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __LOOM_CG_STATIC dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __LOOM_CG_STATIC dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __LOOM_CG_STATIC dim3 group_dim() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __LOOM_CG_STATIC bool is_valid() { return true; }
};

__LOOM_CG_QUAL thread_block this_thread_block() { return thread_block(); }

/* CUDA's scratch for tiles larger than a warp on GPUs without hardware
 * support. Loom's large tiles need none: it is accepted and unused. */
template <unsigned int MaxBlockSize = 1024> struct block_tile_memory {
  char __loom_unused;
};
template <unsigned int MaxBlockSize>
__LOOM_CG_QUAL thread_block this_thread_block(block_tile_memory<MaxBlockSize> &) {
  return thread_block();
}

/* ---- coalesced_group: the lanes of a warp that are active together (the
 * result of coalesced_threads(), binary/labeled_partition, or tiled_partition
 * of a coalesced group). Ranks count the member lanes in lane order. ---- */
class coalesced_group : public thread_group {
  __LOOM_CG_QUAL unsigned int lane_or_own(unsigned int l) const {
    return l < 32u ? l : __loom_detail::lane();
  }

public:
  __LOOM_CG_QUAL explicit coalesced_group(__loom_detail::from_parts, unsigned int mask,
                                          unsigned int meta_rank = 0,
                                          unsigned int meta_size = 1)
      : thread_group(__loom_detail::from_parts(), __loom_detail::kind_coalesced, 0, mask,
                     meta_rank, meta_size) {}

  __LOOM_CG_QUAL unsigned int size() const { return __popc(__mask); }
  __LOOM_CG_QUAL unsigned long long num_threads() const { return size(); }
  __LOOM_CG_QUAL unsigned int thread_rank() const {
    return __popc(__mask & __loom_detail::lanemask_lt());
  }
  __LOOM_CG_QUAL unsigned int meta_group_rank() const { return __meta_rank; }
  __LOOM_CG_QUAL unsigned int meta_group_size() const { return __meta_size; }
  __LOOM_CG_QUAL void sync() const { __syncwarp(__mask); }

  template <class T> __LOOM_CG_QUAL T shfl(T var, unsigned int src_rank) const {
    unsigned int l = lane_or_own(__loom_detail::lane_of_rank(__mask, src_rank));
    return __loom_detail::shfl<__loom_detail::shfl_idx>(__mask, var, (int)l, 32);
  }
  template <class T> __LOOM_CG_QUAL T shfl_up(T var, unsigned int delta) const {
    unsigned int r = thread_rank();
    unsigned int l = r >= delta ? lane_or_own(__loom_detail::lane_of_rank(__mask, r - delta))
                                : __loom_detail::lane();
    return __loom_detail::shfl<__loom_detail::shfl_idx>(__mask, var, (int)l, 32);
  }
  template <class T> __LOOM_CG_QUAL T shfl_down(T var, unsigned int delta) const {
    unsigned int l = lane_or_own(__loom_detail::lane_of_rank(__mask, thread_rank() + delta));
    return __loom_detail::shfl<__loom_detail::shfl_idx>(__mask, var, (int)l, 32);
  }

  __LOOM_CG_QUAL unsigned int ballot(int pred) const {
    return __loom_detail::compact(__ballot_sync(__mask, pred), __mask);
  }
  __LOOM_CG_QUAL int any(int pred) const { return __any_sync(__mask, pred); }
  __LOOM_CG_QUAL int all(int pred) const { return __all_sync(__mask, pred); }
  template <class T> __LOOM_CG_QUAL unsigned int match_any(T val) const {
    return __loom_detail::compact(__loom_detail::match_any(__mask, val), __mask);
  }
  template <class T> __LOOM_CG_QUAL unsigned int match_all(T val, int &pred) const {
    return __loom_detail::compact(__loom_detail::match_all(__mask, val, pred), __mask);
  }
};

__LOOM_CG_QUAL coalesced_group coalesced_threads() {
  return coalesced_group(__loom_detail::from_parts(), __activemask());
}

/* ---- thread_block_tile<N>: N consecutive threads of the block (N a power of
 * two up to 1024). Up to 32, an aligned group of lanes of one warp:
 * collectives use the builtins with width N and the tile's lane mask. Larger
 * tiles are N / 32 consecutive warps: sync() is __syncthreads() (every
 * thread of the block stops at it, a superset of the tile's barrier; Loom
 * runs each group of threads to its own barrier, so tiles that sync
 * different numbers of times still work), and, as in CUDA, the warp-level
 * operations (shuffles, votes, match) are not available. A tile cut short by
 * the end of the block keeps size() == N (as in CUDA); cg::reduce and the
 * scans use only the threads that exist. ---- */
template <unsigned int N, class ParentT = void> class thread_block_tile;

template <unsigned int N> class thread_block_tile<N, void> : public thread_group {
  static_assert(N >= 1 && N <= 1024 && (N & (N - 1)) == 0,
                "thread_block_tile<N>: N must be a power of two up to 1024");
#define __LOOM_CG_WARP_ONLY                                                             \
  static_assert(N <= 32, "this thread_block_tile operation needs a tile of at most 32 " \
                         "threads (as in CUDA)")

public:
  __LOOM_CG_QUAL thread_block_tile(__loom_detail::from_parts, unsigned int meta_rank,
                                   unsigned int meta_size)
      : thread_group(__loom_detail::from_parts(), __loom_detail::kind_tile, N,
                     __loom_detail::tile_mask(N), meta_rank, meta_size) {}

  __LOOM_CG_STATIC constexpr unsigned int size() { return N; }
  __LOOM_CG_STATIC constexpr unsigned int num_threads() { return N; }
  __LOOM_CG_STATIC unsigned int thread_rank() { return __loom_detail::linear_tid() & (N - 1u); }
  __LOOM_CG_QUAL unsigned int meta_group_rank() const { return __meta_rank; }
  __LOOM_CG_QUAL unsigned int meta_group_size() const { return __meta_size; }
  __LOOM_CG_QUAL void sync() const {
    if (N > 32)
      __syncthreads();
    else
      __syncwarp(__mask);
  }

  template <class T> __LOOM_CG_QUAL T shfl(T var, int src_rank) const {
    __LOOM_CG_WARP_ONLY;
    return __loom_detail::shfl<__loom_detail::shfl_idx>(__mask, var, src_rank, (int)N);
  }
  template <class T> __LOOM_CG_QUAL T shfl_up(T var, unsigned int delta) const {
    __LOOM_CG_WARP_ONLY;
    return __loom_detail::shfl<__loom_detail::shfl_up>(__mask, var, (int)delta, (int)N);
  }
  template <class T> __LOOM_CG_QUAL T shfl_down(T var, unsigned int delta) const {
    __LOOM_CG_WARP_ONLY;
    return __loom_detail::shfl<__loom_detail::shfl_down>(__mask, var, (int)delta, (int)N);
  }
  template <class T> __LOOM_CG_QUAL T shfl_xor(T var, unsigned int lane_mask) const {
    __LOOM_CG_WARP_ONLY;
    return __loom_detail::shfl<__loom_detail::shfl_xor>(__mask, var, (int)lane_mask, (int)N);
  }

  /* Votes; ballot and match masks are in tile ranks (bit r = rank r). */
  __LOOM_CG_QUAL unsigned int ballot(int pred) const {
    __LOOM_CG_WARP_ONLY;
    return (__ballot_sync(__mask, pred) >> (__loom_detail::lane() & ~(N - 1u))) &
           (N >= 32 ? 0xffffffffu : (1u << (N & 31u)) - 1u);
  }
  __LOOM_CG_QUAL int any(int pred) const {
    __LOOM_CG_WARP_ONLY;
    return __any_sync(__mask, pred);
  }
  __LOOM_CG_QUAL int all(int pred) const {
    __LOOM_CG_WARP_ONLY;
    return __all_sync(__mask, pred);
  }
  template <class T> __LOOM_CG_QUAL unsigned int match_any(T val) const {
    __LOOM_CG_WARP_ONLY;
    return __loom_detail::match_any(__mask, val) >> (__loom_detail::lane() & ~(N - 1u));
  }
  template <class T> __LOOM_CG_QUAL unsigned int match_all(T val, int &pred) const {
    __LOOM_CG_WARP_ONLY;
    return __loom_detail::match_all(__mask, val, pred) >> (__loom_detail::lane() & ~(N - 1u));
  }
#undef __LOOM_CG_WARP_ONLY

  /* Threads of this tile that exist (fewer than N only in a tile cut short by
   * the end of the block). */
  __LOOM_CG_QUAL unsigned int __loom_present() const {
    unsigned int first = __loom_detail::linear_tid() & ~(N - 1u);
    unsigned int left = __loom_detail::block_threads() - first;
    return left < N ? left : N;
  }
};

/* The parent-typed form tiled_partition<N>(g) returns; converts to
 * thread_block_tile<N>. */
template <unsigned int N, class ParentT>
class thread_block_tile : public thread_block_tile<N, void> {
public:
  __LOOM_CG_QUAL thread_block_tile(__loom_detail::from_parts p, unsigned int meta_rank,
                                   unsigned int meta_size)
      : thread_block_tile<N, void>(p, meta_rank, meta_size) {}
};

template <unsigned int N>
__LOOM_CG_QUAL thread_block_tile<N, thread_block> tiled_partition(const thread_block &) {
  unsigned int threads = __loom_detail::block_threads();
  return thread_block_tile<N, thread_block>(__loom_detail::from_parts(),
                                            __loom_detail::linear_tid() / N,
                                            (threads + N - 1) / N);
}

template <unsigned int N, unsigned int M, class P>
__LOOM_CG_QUAL thread_block_tile<N, thread_block_tile<M, P>>
tiled_partition(const thread_block_tile<M, P> &parent) {
  static_assert(N <= M, "tiled_partition<N>(tile<M>) needs N <= M");
  return thread_block_tile<N, thread_block_tile<M, P>>(
      __loom_detail::from_parts(), parent.thread_rank() / N, M / N);
}

/* Dynamic partitions. A tile size must be a power of two up to 32 for a
 * coalesced group, up to 1024 for a block or tile (more than 32: a tile of
 * whole warps whose sync() is __syncthreads()). */
__LOOM_CG_QUAL coalesced_group tiled_partition(const coalesced_group &parent,
                                               unsigned int tile_size) {
  unsigned int mask = parent.__loom_mask(), rank = parent.thread_rank();
  unsigned int first = rank / tile_size * tile_size;
  unsigned int lo = __loom_detail::lane_of_rank(mask, first);
  unsigned int hi = __loom_detail::lane_of_rank(mask, first + tile_size);
  unsigned int window = (hi >= 32u ? 0xffffffffu : (1u << hi) - 1u) & ~((1u << lo) - 1u);
  return coalesced_group(__loom_detail::from_parts(), mask & window, rank / tile_size,
                         (parent.size() + tile_size - 1) / tile_size);
}

__LOOM_CG_QUAL thread_group tiled_partition(const thread_group &parent, unsigned int tile_size) {
  if (parent.__loom_kind() == __loom_detail::kind_coalesced)
    return tiled_partition(
        coalesced_group(__loom_detail::from_parts(), parent.__loom_mask()), tile_size);
  unsigned int rank = parent.thread_rank();
  return thread_group(__loom_detail::from_parts(), __loom_detail::kind_tile, tile_size,
                      __loom_detail::tile_mask(tile_size), rank / tile_size,
                      (parent.size() + tile_size - 1) / tile_size);
}

__LOOM_CG_QUAL thread_group tiled_partition(const thread_block &parent, unsigned int tile_size) {
  return tiled_partition(static_cast<const thread_group &>(parent), tile_size);
}

/* binary_partition / labeled_partition: the members with the same predicate
 * value / label form a coalesced_group. */
__LOOM_CG_QUAL coalesced_group binary_partition(const coalesced_group &parent, bool pred) {
  unsigned int mask = parent.__loom_mask(), yes = __ballot_sync(mask, pred);
  return coalesced_group(__loom_detail::from_parts(), pred ? yes : mask & ~yes);
}
template <unsigned int N, class P>
__LOOM_CG_QUAL coalesced_group binary_partition(const thread_block_tile<N, P> &parent,
                                                bool pred) {
  unsigned int mask = parent.__loom_mask(), yes = __ballot_sync(mask, pred);
  return coalesced_group(__loom_detail::from_parts(), pred ? yes : mask & ~yes);
}
template <class Label>
__LOOM_CG_QUAL coalesced_group labeled_partition(const coalesced_group &parent, Label label) {
  return coalesced_group(__loom_detail::from_parts(),
                         __loom_detail::match_any(parent.__loom_mask(), label));
}
template <unsigned int N, class P, class Label>
__LOOM_CG_QUAL coalesced_group labeled_partition(const thread_block_tile<N, P> &parent,
                                                 Label label) {
  return coalesced_group(__loom_detail::from_parts(),
                         __loom_detail::match_any(parent.__loom_mask(), label));
}

/* ---- grid_group: queries work in any launch. sync() and is_valid() ask the
 * runtime: only a cudaLaunchCooperativeKernel launch has a grid barrier. ---- */
class grid_group {
public:
  __LOOM_CG_STATIC bool is_valid() { return __loom_grid_is_valid() != 0u; }
  /* Every thread of the block reaches the block barrier, one thread waits for
   * the other blocks, and the second block barrier holds the rest of the
   * block until it returns. */
  __LOOM_CG_STATIC void sync() {
    __syncthreads();
    if (__loom_detail::linear_tid() == 0u)
      __loom_grid_sync();
    __syncthreads();
  }
  __LOOM_CG_STATIC unsigned long long num_blocks() {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  __LOOM_CG_STATIC unsigned long long block_rank() {
    return blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
  }
  __LOOM_CG_STATIC unsigned long long num_threads() {
    return num_blocks() * __loom_detail::block_threads();
  }
  __LOOM_CG_STATIC unsigned long long size() { return num_threads(); }
  __LOOM_CG_STATIC unsigned long long thread_rank() {
    return block_rank() * __loom_detail::block_threads() + __loom_detail::linear_tid();
  }
  __LOOM_CG_STATIC dim3 dim_blocks() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  __LOOM_CG_STATIC dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
};

__LOOM_CG_QUAL grid_group this_grid() { return grid_group(); }

/* ---- cg::sync(g) ---- */
template <class Group> __LOOM_CG_QUAL void sync(const Group &g) { g.sync(); }

} // namespace cooperative_groups

#undef __LOOM_CG_STATIC
#undef __LOOM_CG_QUAL

#include "cooperative_groups/reduce.h"
#include "cooperative_groups/scan.h"
#include "cooperative_groups/memcpy_async.h"

#endif /* __cplusplus && __CUDA__ */
#endif /* LOOM_COOPERATIVE_GROUPS_H */
