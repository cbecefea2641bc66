// A simpleGL-style program: it includes cuda_gl_interop.h (with or without
// an OpenGL header, in either order), tries to share an OpenGL buffer, gets
// cudaErrorNotSupported (Loom has no OpenGL context) and falls back to plain
// device memory for the same kernel.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: %loomcc -DGL_FIRST -I%S/../../headers/Inputs %s -o %t.glfirst
// RUN: %t.glfirst | FileCheck %s
// RUN: %loomcc -DGL_AFTER -I%S/../../headers/Inputs %s -o %t.glafter
// RUN: %t.glafter | FileCheck %s
// CHECK: register buffer: cudaErrorNotSupported (operation not supported)
// CHECK: falling back to device memory
// CHECK: PASSED
#ifdef GL_FIRST
#include <GL/gl.h>
#endif
#include <cuda_gl_interop.h>
#ifdef GL_AFTER
#include <GL/gl.h>
#endif
#include "../Inputs/check.h"

__global__ void wave(float4 *pos, unsigned width, unsigned height, float time) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  float u = x / (float)width * 2.0f - 1.0f, v = y / (float)height * 2.0f - 1.0f;
  float w = sinf(u * 4.0f + time) * cosf(v * 4.0f + time) * 0.5f;
  pos[y * width + x] = make_float4(u, w, v, 1.0f);
}

int main() {
  const unsigned width = 64, height = 32;
  GLuint vbo = 1; // would come from glGenBuffers
  struct cudaGraphicsResource *resource = 0;
  cudaError_t err =
      cudaGraphicsGLRegisterBuffer(&resource, vbo, cudaGraphicsMapFlagsWriteDiscard);
  std::printf("register buffer: %s (%s)\n", cudaGetErrorName(err), cudaGetErrorString(err));
  EXPECT(err == cudaErrorNotSupported && resource == 0);
  EXPECT(cudaGetLastError() == cudaErrorNotSupported);

  float4 *pos = 0;
  size_t bytes = 0;
  if (cudaGraphicsMapResources(1, &resource, 0) == cudaSuccess) {
    CHECK_CUDA(cudaGraphicsResourceGetMappedPointer((void **)&pos, &bytes, resource));
  } else {
    cudaGetLastError();
    std::printf("falling back to device memory\n");
    bytes = width * height * sizeof(float4);
    CHECK_CUDA(cudaMalloc(&pos, bytes));
  }
  dim3 block(8, 8), grid(width / 8, height / 8);
  wave<<<grid, block>>>(pos, width, height, 0.5f);
  CHECK_CUDA(cudaGetLastError());
  float4 *host = (float4 *)std::malloc(bytes);
  CHECK_CUDA(cudaMemcpy(host, pos, bytes, cudaMemcpyDeviceToHost));
  for (unsigned y = 0; y < height; ++y)
    for (unsigned x = 0; x < width; ++x) {
      float u = x / (float)width * 2.0f - 1.0f, v = y / (float)height * 2.0f - 1.0f;
      float w = sinf(u * 4.0f + 0.5f) * cosf(v * 4.0f + 0.5f) * 0.5f;
      EXPECT(close(host[y * width + x].y, w, 1e-4) && host[y * width + x].x == u);
    }
  std::free(host);
  CHECK_CUDA(cudaFree(pos));
  EXPECT(cudaGraphicsUnregisterResource(resource) == cudaErrorNotSupported);
  std::printf("PASSED\n");
  return 0;
}
