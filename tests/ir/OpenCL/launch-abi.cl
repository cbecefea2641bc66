// Input of launch-abi.test.
__kernel void k(__global float *x, __local float *t, int n, __local int *u) {
  size_t l = get_local_id(0);
  t[l] = x[get_global_id(0)];
  u[l] = (int)get_work_dim();
  barrier(CLK_LOCAL_MEM_FENCE);
  x[get_global_id(1)] = t[n - 1 - l] + u[0];
}
