// InteropTest.cpp - graphics interop: declared with CUDA's signatures, not supported.
// SPDX-License-Identifier: Apache-2.0
#include "cudaGL.h"
#include "cuda_gl_interop.h"
#include "cuda_runtime.h"

#include <gtest/gtest.h>

namespace {

/// Each runtime call fails with cudaErrorNotSupported, which is the last
/// error (not sticky: the next cudaGetLastError clears it).
void expectNotSupported(cudaError_t Error) {
  EXPECT_EQ(Error, cudaErrorNotSupported);
  EXPECT_EQ(cudaGetLastError(), cudaErrorNotSupported);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(Interop, GLRegistrationIsNotSupported) {
  cudaGraphicsResource_t Resource = reinterpret_cast<cudaGraphicsResource_t>(0x1234);
  GLuint Buffer = 7;
  GLenum Target = 0x0DE1; // GL_TEXTURE_2D
  expectNotSupported(
      cudaGraphicsGLRegisterBuffer(&Resource, Buffer, cudaGraphicsRegisterFlagsWriteDiscard));
  EXPECT_EQ(Resource, nullptr);
  Resource = reinterpret_cast<cudaGraphicsResource_t>(0x1234);
  expectNotSupported(cudaGraphicsGLRegisterImage(&Resource, Buffer, Target,
                                                 cudaGraphicsRegisterFlagsSurfaceLoadStore));
  EXPECT_EQ(Resource, nullptr);
  unsigned Count = 5;
  int Devices[4] = {-1, -1, -1, -1};
  expectNotSupported(cudaGLGetDevices(&Count, Devices, 4, cudaGLDeviceListAll));
  EXPECT_EQ(Count, 0u);
  expectNotSupported(cudaGLSetGLDevice(0));
}

TEST(Interop, GenericResourceCallsAreNotSupported) {
  cudaGraphicsResource_t Resource = nullptr;
  void *Ptr = &Resource;
  size_t Size = 99;
  expectNotSupported(cudaGraphicsMapResources(1, &Resource));
  expectNotSupported(cudaGraphicsMapResources(1, &Resource, cudaStreamPerThread));
  expectNotSupported(cudaGraphicsResourceGetMappedPointer(&Ptr, &Size, Resource));
  EXPECT_EQ(Ptr, nullptr);
  EXPECT_EQ(Size, 0u);
  cudaArray_t Array = reinterpret_cast<cudaArray_t>(0x10);
  expectNotSupported(cudaGraphicsSubResourceGetMappedArray(&Array, Resource, 0, 0));
  EXPECT_EQ(Array, nullptr);
  cudaMipmappedArray_t Mip = reinterpret_cast<cudaMipmappedArray_t>(0x10);
  expectNotSupported(cudaGraphicsResourceGetMappedMipmappedArray(&Mip, Resource));
  EXPECT_EQ(Mip, nullptr);
  expectNotSupported(cudaGraphicsResourceSetMapFlags(Resource, cudaGraphicsMapFlagsReadOnly));
  expectNotSupported(cudaGraphicsUnmapResources(1, &Resource));
  expectNotSupported(cudaGraphicsUnregisterResource(Resource));
  // The failures are not sticky: the device still works.
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

TEST(Interop, DeprecatedBufferObjectsAreNotSupported) {
  void *Ptr = &Ptr;
  expectNotSupported(cudaGLRegisterBufferObject(3));
  expectNotSupported(cudaGLSetBufferObjectMapFlags(3, cudaGLMapFlagsReadOnly));
  expectNotSupported(cudaGLMapBufferObject(&Ptr, 3));
  EXPECT_EQ(Ptr, nullptr);
  Ptr = &Ptr;
  expectNotSupported(cudaGLMapBufferObjectAsync(&Ptr, 3, 0));
  EXPECT_EQ(Ptr, nullptr);
  expectNotSupported(cudaGLUnmapBufferObject(3));
  expectNotSupported(cudaGLUnmapBufferObjectAsync(3, 0));
  expectNotSupported(cudaGLUnregisterBufferObject(3));
}

TEST(Interop, DriverCallsAreNotSupported) {
  CUgraphicsResource Resource = reinterpret_cast<CUgraphicsResource>(0x1234);
  EXPECT_EQ(cuGraphicsGLRegisterBuffer(&Resource, 1, CU_GRAPHICS_REGISTER_FLAGS_NONE),
            CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(Resource, nullptr);
  Resource = reinterpret_cast<CUgraphicsResource>(0x1234);
  EXPECT_EQ(cuGraphicsGLRegisterImage(&Resource, 1, 0x0DE1, CU_GRAPHICS_REGISTER_FLAGS_READ_ONLY),
            CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(Resource, nullptr);
  unsigned Count = 3;
  CUdevice Devices[2];
  EXPECT_EQ(cuGLGetDevices(&Count, Devices, 2, CU_GL_DEVICE_LIST_ALL), CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(Count, 0u);
  EXPECT_EQ(cuGraphicsMapResources(1, &Resource, nullptr), CUDA_ERROR_NOT_SUPPORTED);
  CUdeviceptr Ptr = 5;
  size_t Size = 5;
  EXPECT_EQ(cuGraphicsResourceGetMappedPointer(&Ptr, &Size, Resource), CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(Ptr, 0u);
  EXPECT_EQ(Size, 0u);
  CUarray Array = reinterpret_cast<CUarray>(0x10);
  EXPECT_EQ(cuGraphicsSubResourceGetMappedArray(&Array, Resource, 0, 0), CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(Array, nullptr);
  EXPECT_EQ(cuGraphicsResourceSetMapFlags(Resource, CU_GRAPHICS_MAP_RESOURCE_FLAGS_WRITE_DISCARD),
            CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(cuGraphicsUnmapResources(1, &Resource, nullptr), CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(cuGraphicsUnregisterResource(Resource), CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(cuGLInit(), CUDA_ERROR_NOT_SUPPORTED);
  CUcontext Ctx = reinterpret_cast<CUcontext>(0x10);
  EXPECT_EQ(cuGLCtxCreate(&Ctx, 0, 0), CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(Ctx, nullptr);
  Ptr = 5;
  EXPECT_EQ(cuGLMapBufferObject(&Ptr, &Size, 1), CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(Ptr, 0u);
  // The driver API leaves the runtime's last error alone.
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

} // namespace
