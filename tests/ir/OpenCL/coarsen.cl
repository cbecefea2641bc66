// Input of coarsen.test (the kernels of tests/opencl/coarsen.c).
__kernel void rowinv(__global float *out, __global const float *in,
                     __global const float *w, int n) {
  int x = get_global_id(0), y = get_global_id(1);
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += w[j] * sin((float)(x * j) * 0.01f);
  size_t i = (size_t)y * get_global_size(0) + x;
  out[i] = s * in[i] + y;
}
__kernel void early(__global float *out, int width, int pitch) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= width) return;
  float c = cos((float)x * 0.1f) * exp((float)x * 0.01f) + sqrt((float)x);
  out[y * pitch + x] = c + y;
}
__kernel void grouped(__global float *out, __global const float *w, int n) {
  int x = get_global_id(0), y = get_global_id(1);
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += w[j] * sin((float)(x * j) * 0.01f);
  out[y * get_global_size(0) + x] = s + get_local_id(1);
}
