// Defines weigh() a second time.
__device__ float weigh(float x, int i) { return x + i; }
