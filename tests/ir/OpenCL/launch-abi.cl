// Input of launch-abi.test.
__kernel void k(__global float *x, __local float *t, int n, __local int *u) {
  __local float s[16]; // 64 bytes of static local memory
  size_t l = get_local_id(0);
  s[l % 16] = 1.0f;
  t[l] = x[get_global_id(0)];
  u[l] = (int)get_work_dim();
  barrier(CLK_LOCAL_MEM_FENCE);
  x[get_global_id(1)] = t[n - 1 - l] + u[0] + s[(l + 1) % 16];
}
