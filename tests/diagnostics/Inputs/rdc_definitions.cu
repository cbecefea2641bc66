__device__ float weights[4] = {1, 2, 3, 4};
__device__ float weigh(float x, int i) { return x * weights[i]; }
