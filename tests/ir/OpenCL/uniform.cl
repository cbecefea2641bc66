// Input of uniform.test: a loop bound, a row stride, a value only stored, a float; a barrier.
__kernel void k(__global float *out, __global const float *in, int n, int width, int tag,
                float a) {
  int x = get_global_id(0), y = get_global_id(1);
  float s = 0;
  for (int j = 0; j < n; ++j)
    s += in[y * width + j] * a;
  out[y * width + x] = s + tag;
}
__kernel void sync(__local float *t, __global float *o) {
  t[get_local_id(0)] = o[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  o[get_global_id(0)] = t[0];
}
