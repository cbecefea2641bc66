/* cooperative_groups/memcpy_async.h - cg::memcpy_async, cg::wait and
 * cg::wait_prior for loomcc.
 * SPDX-License-Identifier: Apache-2.0
 *
 * cg::memcpy_async(group, dst, src, bytes) copies collectively: each member
 * copies its share (contiguous chunks in rank order), synchronously on the
 * CPU. cg::wait(group) / cg::wait_prior<N>(group) is group.sync(), which
 * makes every member's share visible to the whole group, as CUDA's wait
 * does once the copies are complete.
 */
#ifndef LOOM_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define LOOM_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H

#include "../cooperative_groups.h"

#if defined(__cplusplus) && defined(__CUDA__)

namespace cooperative_groups {

namespace __loom_detail {
__device__ __forceinline__ void group_copy(unsigned int rank, unsigned int size, void *dst,
                                           const void *src, size_t n) {
  size_t chunk = (n + size - 1) / size;
  chunk = (chunk + 15) & ~size_t(15);
  size_t begin = size_t(rank) * chunk;
  if (begin >= n)
    return;
  size_t len = n - begin < chunk ? n - begin : chunk;
  __builtin_memcpy(static_cast<char *>(dst) + begin, static_cast<const char *>(src) + begin,
                   len);
}
} // namespace __loom_detail

template <class Group>
__device__ __forceinline__ void memcpy_async(const Group &group, void *dst, const void *src,
                                             size_t bytes) {
  __loom_detail::group_copy(group.thread_rank(), group.size(), dst, src, bytes);
}

/* The typed form: dst_count elements of dst are filled from src_count of
 * src (CUDA requires them equal up to the layout). */
template <class Group, class T>
__device__ __forceinline__ void memcpy_async(const Group &group, T *dst, size_t dst_count,
                                             const T *src, size_t src_count) {
  size_t n = dst_count < src_count ? dst_count : src_count;
  __loom_detail::group_copy(group.thread_rank(), group.size(), dst, src, n * sizeof(T));
}

template <class Group> __device__ __forceinline__ void wait(const Group &group) { group.sync(); }

template <unsigned int NumStages, class Group>
__device__ __forceinline__ void wait_prior(const Group &group) {
  group.sync();
}

} // namespace cooperative_groups

#endif /* __cplusplus && __CUDA__ */
#endif /* LOOM_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H */
