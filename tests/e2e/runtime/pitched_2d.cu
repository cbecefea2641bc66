// A 2D kernel over cudaMallocPitch memory, filled and read back with cudaMemcpy2D
// at widths that are not multiples of the pitch alignment or the block size.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <vector>

__global__ void scale2D(float *data, size_t pitch, int width, int height, float factor) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    float *row = (float *)((char *)data + y * pitch);
    row[x] = row[x] * factor + y;
  }
}

static void run(int width, int height) {
  std::vector<float> in(width * height), out(width * height, 0.0f);
  for (int i = 0; i < width * height; ++i)
    in[i] = float(i % 1000) * 0.25f;
  float *dev;
  size_t pitch;
  CHECK_CUDA(cudaMallocPitch(&dev, &pitch, width * sizeof(float), height));
  EXPECT(pitch >= width * sizeof(float) && pitch % 256 == 0);
  CHECK_CUDA(cudaMemset2D(dev, pitch, 0, pitch, height));
  CHECK_CUDA(cudaMemcpy2D(dev, pitch, in.data(), width * sizeof(float), width * sizeof(float),
                          height, cudaMemcpyHostToDevice));
  dim3 block(16, 8);
  dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  scale2D<<<grid, block>>>(dev, pitch, width, height, 2.0f);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy2D(out.data(), width * sizeof(float), dev, pitch, width * sizeof(float),
                          height, cudaMemcpyDefault));
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      EXPECT(out[y * width + x] == in[y * width + x] * 2.0f + y);
  // The padding after each row stays zero.
  std::vector<unsigned char> raw(pitch * height);
  CHECK_CUDA(cudaMemcpy(raw.data(), dev, raw.size(), cudaMemcpyDeviceToHost));
  for (int y = 0; y < height; ++y)
    for (size_t b = width * sizeof(float); b < pitch; ++b)
      EXPECT(raw[y * pitch + b] == 0);
  // width > pitch is refused.
  EXPECT(cudaMemcpy2D(out.data(), 4, dev, pitch, 8, 2, cudaMemcpyDeviceToHost) ==
         cudaErrorInvalidPitchValue);
  EXPECT(cudaGetLastError() == cudaErrorInvalidPitchValue);
  CHECK_CUDA(cudaFree(dev));
}

int main() {
  run(1, 1);
  run(67, 33);
  run(300, 17);
  run(1023, 5);
  std::printf("PASSED\n");
  return 0;
}
