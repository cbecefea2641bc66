// subgroups.cl - cl_khr_subgroups' functions for Loom, on the warp machinery of its kernel pipeline.
// SPDX-License-Identifier: Apache-2.0
//
// A sub-group is a CUDA warp: 32 consecutive work-items in the order of the
// linear local id (libclc's nvptx library gives get_sub_group_size, _id,
// _local_id, get_num_sub_groups and get_max_sub_group_size on top of the
// same special registers). Loom's kernel pipeline turns the warp shuffles
// used here into its warp collectives and vectorizes such kernels with
// 32-lane warp gangs (docs/pipeline.md, "Warps as gangs"). Every shuffle
// runs in every lane of the sub-group; a lane's result only combines values
// of lanes that exist, so the last sub-group of a work-group whose size is
// not a multiple of 32 reduces and scans its own lanes only.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define LOOM_OVL __attribute__((overloadable))
#define LOOM_FULL 0xffffffffu

static uint LOOM_OVL loom_idx(uint v, uint lane) {
  return (uint)__nvvm_shfl_sync_idx_i32(LOOM_FULL, (int)v, (int)lane, 31);
}
static uint LOOM_OVL loom_up(uint v, uint d) {
  return (uint)__nvvm_shfl_sync_up_i32(LOOM_FULL, (int)v, (int)d, 0);
}
static uint LOOM_OVL loom_down(uint v, uint d) {
  return (uint)__nvvm_shfl_sync_down_i32(LOOM_FULL, (int)v, (int)d, 31);
}
static ulong LOOM_OVL loom_idx(ulong v, uint lane) {
  return upsample(loom_idx((uint)(v >> 32), lane), loom_idx((uint)v, lane));
}
static ulong LOOM_OVL loom_up(ulong v, uint d) {
  return upsample(loom_up((uint)(v >> 32), d), loom_up((uint)v, d));
}
static ulong LOOM_OVL loom_down(ulong v, uint d) {
  return upsample(loom_down((uint)(v >> 32), d), loom_down((uint)v, d));
}
#define LOOM_SHUFFLE_AS(T, U)                                                                      \
  static T LOOM_OVL loom_idx(T v, uint l) { return as_##T(loom_idx(as_##U(v), l)); }              \
  static T LOOM_OVL loom_up(T v, uint d) { return as_##T(loom_up(as_##U(v), d)); }                \
  static T LOOM_OVL loom_down(T v, uint d) { return as_##T(loom_down(as_##U(v), d)); }
LOOM_SHUFFLE_AS(int, uint)
LOOM_SHUFFLE_AS(float, uint)
LOOM_SHUFFLE_AS(long, ulong)
LOOM_SHUFFLE_AS(double, ulong)

#define LOOM_ADD(a, b) ((a) + (b))
#define LOOM_MIN(a, b) min(a, b)
#define LOOM_MAX(a, b) max(a, b)

// Reduction: a tree over shuffles down, then lane 0's value to every lane.
// Scans: shuffles up, a lane adding the lanes below it (Hillis-Steele).
#define LOOM_COLLECTIVES(T, NAME, OP, IDENTITY)                                                    \
  T LOOM_OVL sub_group_reduce_##NAME(T x) {                                                        \
    uint lid = get_sub_group_local_id(), n = get_sub_group_size();                                 \
    for (uint o = 16; o > 0; o >>= 1) {                                                            \
      T y = loom_down(x, o);                                                                       \
      if (lid + o < n)                                                                             \
        x = OP(x, y);                                                                              \
    }                                                                                              \
    return loom_idx(x, 0);                                                                         \
  }                                                                                                \
  T LOOM_OVL sub_group_scan_inclusive_##NAME(T x) {                                                \
    uint lid = get_sub_group_local_id();                                                           \
    for (uint o = 1; o < 32; o <<= 1) {                                                            \
      T y = loom_up(x, o);                                                                         \
      if (lid >= o)                                                                                \
        x = OP(x, y);                                                                              \
    }                                                                                              \
    return x;                                                                                      \
  }                                                                                                \
  T LOOM_OVL sub_group_scan_exclusive_##NAME(T x) {                                                \
    T y = loom_up(sub_group_scan_inclusive_##NAME(x), 1);                                          \
    return get_sub_group_local_id() == 0 ? (T)(IDENTITY) : y;                                      \
  }

#define LOOM_TYPE(T, MINV, MAXV)                                                                   \
  T LOOM_OVL sub_group_broadcast(T x, uint id) { return loom_idx(x, id); }                         \
  LOOM_COLLECTIVES(T, add, LOOM_ADD, 0)                                                            \
  LOOM_COLLECTIVES(T, min, LOOM_MIN, MAXV)                                                         \
  LOOM_COLLECTIVES(T, max, LOOM_MAX, MINV)

LOOM_TYPE(int, INT_MIN, INT_MAX)
LOOM_TYPE(uint, 0, UINT_MAX)
LOOM_TYPE(long, LONG_MIN, LONG_MAX)
LOOM_TYPE(ulong, 0, ULONG_MAX)
LOOM_TYPE(float, -INFINITY, INFINITY)
LOOM_TYPE(double, -INFINITY, INFINITY)

int LOOM_OVL sub_group_all(int predicate) { return sub_group_reduce_min(predicate != 0 ? 1 : 0); }
int LOOM_OVL sub_group_any(int predicate) { return sub_group_reduce_max(predicate != 0 ? 1 : 0); }

void LOOM_OVL sub_group_barrier(cl_mem_fence_flags flags) { __nvvm_bar_warp_sync(LOOM_FULL); }
void LOOM_OVL sub_group_barrier(cl_mem_fence_flags flags, memory_scope scope) {
  __nvvm_bar_warp_sync(LOOM_FULL);
}

uint LOOM_OVL get_enqueued_num_sub_groups(void) { return get_num_sub_groups(); }
