// Input of noalias.test: buffers, a __constant buffer, a __local buffer, a scalar, an image.
__kernel void k(__global float *out, __global const float *in, __constant float *c,
                __local float *t, int n, read_only image2d_t img) {
  int i = get_global_id(0);
  t[get_local_id(0)] = in[i];
  for (int k = 0; k < n; ++k)
    out[i] += t[get_local_id(0)] * c[k] + read_imagef(img, (int2)(k, 0)).x;
}
