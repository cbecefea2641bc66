// Uses a device function and a variable that rdc_definitions.cu defines.
extern __device__ float weights[4];
__device__ float weigh(float x, int i);
__global__ void apply(float *v) { v[threadIdx.x] = weigh(v[threadIdx.x], threadIdx.x % 4) + weights[0]; }
int main() { return 0; }
