// Kernels for implicit_barriers.test (opencl/compiler/ImplicitBarriers.cpp).
#define N 64
// Every work-item clears the whole array, then stores its element: a barrier
// goes after the clearing loop.
__kernel void clear_then_fill(__global int *out, int n) {
  __local int buf[N];
  for (int i = 0; i < n; ++i)
    buf[i] = 0;
  buf[get_local_id(0)] = get_global_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = buf[(get_local_id(0) + 1) % get_local_size(0)];
}
// The trip count depends on the work-item: no barrier.
__kernel void per_item(__global int *out) {
  __local int buf[N];
  for (int i = 0; i < get_local_id(0); ++i)
    buf[i] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = buf[0];
}
// Not every work-item reaches the loop: no barrier.
__kernel void guarded(__global int *out) {
  __local int buf[N];
  if (get_local_id(0) < 8)
    for (int i = 0; i < N; ++i)
      buf[i] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = buf[1];
}
// No barrier in the kernel: none added.
__kernel void no_barrier(__global int *out) {
  __local int buf[N];
  for (int i = 0; i < N; ++i)
    buf[i] = i;
  out[get_global_id(0)] = buf[get_local_id(0)];
}
