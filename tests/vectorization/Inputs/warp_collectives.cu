// Kernels for warp_collectives.test: a ballot and a shuffle reduction.
__global__ void ballot(const int *in, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __ballot_sync(0xffffffffu, in[i] > 0);
}

__global__ void shuffleSum(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0) out[i / 32] = v;
}
