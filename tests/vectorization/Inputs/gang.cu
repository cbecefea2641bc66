// Kernels for whole_function.test: what the kernel vectorizer takes and
// what it leaves to the scalar thread loop.
__global__ void gridStride(float *a, const float *b, float s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = s * b[i] + a[i];
}

__global__ void rowDot(const float *m, const float *v, float *out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float acc = 0.0f;
  for (int k = 0; k < cols; ++k)
    acc += m[k * rows + r] * v[k];
  out[r] = acc;
}

__global__ void blockSum(const float *in, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0;
    for (int i = 0; i < blockDim.x; ++i)
      t += s[(i + 1) % blockDim.x];
    out[blockIdx.x] = t;
  }
}

__global__ void warpSum(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_down_sync(0xffffffffu, v, d);
  if (threadIdx.x % 32 == 0)
    out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
}
