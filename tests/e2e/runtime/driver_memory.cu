// A driver-API program as NVIDIA's vectorAddDrv/matrixMulDrv are written:
// the kernels built by `nvcc -fatbin` (on Loom a loadable module under the
// same name; without -o it is named after the source, as with nvcc), the
// file read and loaded with cuModuleLoadData, memory from cuMemAlloc filled
// with cuMemcpyHtoD, a cuLaunchKernel, results back with cuMemcpyDtoH; the
// asynchronous copies on a cuStreamCreate stream, cuMemsetD8, DtoD copies,
// pinned host memory, CUcomputemode, CUDA 13's four-argument cuCtxCreate,
// occupancy queries,
// and CUDA's codes for bad arguments
// (which leave the runtime's last error alone). Checked on the host.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %loomcc -fatbin %S/../Inputs/driver_module/kernels.cu && test -s kernels.fatbin
// RUN: %loomcc -fatbin %S/../Inputs/driver_module/kernels.cu -o %t.dir/kernels64.fatbin
// (The program is %t.exe, not %t: it needs its module's path, so the
// ThreadSanitizer loop of scripts/sanitize.sh, which runs %t alone, skips it.)
// RUN: %loomcc %s -o %t.exe
// RUN: %t.exe %t.dir/kernels64.fatbin | FileCheck %s
// RUN: %t.exe %t.dir/kernels.fatbin | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cuda.h>
#include <fstream>
#include <iterator>
#include <string>

#define CHECK_CU(call)                                                                  \
  do {                                                                                  \
    CUresult r_ = (call);                                                               \
    if (r_ != CUDA_SUCCESS) {                                                           \
      const char *n_ = 0;                                                               \
      cuGetErrorName(r_, &n_);                                                          \
      std::printf("FAILED: %s:%d: %s returned %s\n", __FILE__, __LINE__, #call, n_);    \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

int main(int argc, char **argv) {
  EXPECT(argc == 2);
  CHECK_CU(cuInit(0));
  CUdevice dev;
  CHECK_CU(cuDeviceGet(&dev, 0));
  int mode = -1;
  CHECK_CU(cuDeviceGetAttribute(&mode, CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, dev));
  EXPECT(mode == CU_COMPUTEMODE_DEFAULT && mode != CU_COMPUTEMODE_PROHIBITED);

  // CUDA 13's cuCtxCreate (the samples' form) and CUDA 12's both work;
  // execution-affinity and CIG parameters are not supported on a CPU.
  CUctxCreateParams params = {};
  CUcontext ctx13 = nullptr, ctx12 = nullptr;
  CHECK_CU(cuCtxCreate(&ctx13, &params, 0, dev));
  CHECK_CU(cuCtxCreate(&ctx12, CU_CTX_SCHED_AUTO, dev));
  EXPECT(ctx13 && ctx12 && ctx13 != ctx12);
  CHECK_CU(cuCtxDestroy(ctx12));
  CUctxCigParam cig = {};
  params.cigParams = &cig;
  CUcontext unused = nullptr;
  EXPECT(cuCtxCreate(&unused, &params, 0, dev) == CUDA_ERROR_NOT_SUPPORTED);

  // The fat binary's bytes, as the samples read them.
  std::ifstream file(argv[1], std::ios::binary);
  EXPECT(file.good());
  std::string image((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  CUmodule mod;
  CHECK_CU(cuModuleLoadData(&mod, image.data()));
  CUfunction scale, addValue;
  CHECK_CU(cuModuleGetFunction(&scale, mod, "scale"));
  CHECK_CU(cuModuleGetFunction(&addValue, mod, "_Z8addValuePiii"));

  // Occupancy through the driver: the runtime's model for the same
  // function; scale's __launch_bounds__(128) caps the suggested block.
  int minGrid = 0, blockSize = 0, perSM = 0, perSMRuntime = -1;
  CHECK_CU(cuOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, scale, 0, 0, 0));
  EXPECT(blockSize > 0 && blockSize <= 128 && minGrid > 0);
  CHECK_CU(cuOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, scale, blockSize, 0));
  CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSMRuntime, (const void *)scale,
                                                           blockSize, 0));
  EXPECT(perSM > 0 && perSM == perSMRuntime);
  int minGrid2 = 0, blockSize2 = 0;
  CHECK_CU(cuOccupancyMaxPotentialBlockSize(
      &minGrid2, &blockSize2, scale, [](int b) -> size_t { return size_t(b) * 8; }, 0, 64));
  EXPECT(blockSize2 > 0 && blockSize2 <= 64 && minGrid2 > 0);

  const int n = 1000;
  std::vector<float> host(n), back(n, 0.0f);
  for (int i = 0; i < n; ++i)
    host[i] = float(i) - 300.0f;
  CUdeviceptr d = 0;
  CHECK_CU(cuMemAlloc(&d, n * sizeof(float)));
  EXPECT(d != 0);
  CHECK_CU(cuMemcpyHtoD(d, host.data(), n * sizeof(float)));
  int count = n;
  float factor = 2.5f;
  void *args[] = {&d, &count, &factor};
  CHECK_CU(cuLaunchKernel(scale, (n + 127) / 128, 1, 1, 128, 1, 1, 0, 0, args, 0));
  CHECK_CU(cuCtxSynchronize());
  CHECK_CU(cuMemcpyDtoH(back.data(), d, n * sizeof(float)));
  for (int i = 0; i < n; ++i)
    EXPECT(back[i] == host[i] * 2.5f);

  // Device-to-device, then a fill and asynchronous copies on a stream, into
  // pinned memory.
  CUdeviceptr d2 = 0;
  CHECK_CU(cuMemAlloc(&d2, n * sizeof(float)));
  CHECK_CU(cuMemcpyDtoD(d2, d, n * sizeof(float)));
  CHECK_CU(cuMemcpyDtoH(back.data(), d2, n * sizeof(float)));
  EXPECT(back[7] == host[7] * 2.5f);
  CUstream s;
  CHECK_CU(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
  int *ints = nullptr;
  CHECK_CU(cuMemAllocHost((void **)&ints, n * sizeof(int)));
  CUdeviceptr di = 0;
  CHECK_CU(cuMemAlloc(&di, n * sizeof(int)));
  CHECK_CU(cuMemsetD8(di, 0, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    ints[i] = i;
  CHECK_CU(cuMemcpyHtoDAsync(di, ints, n / 2 * sizeof(int), s));
  int add = 1000;
  void *args2[] = {&di, &count, &add};
  CHECK_CU(cuLaunchKernel(addValue, (n + 255) / 256, 1, 1, 256, 1, 1, 0, s, args2, 0));
  CHECK_CU(cuMemcpyDtoDAsync(d2, di, n * sizeof(int), s));
  CHECK_CU(cuMemcpyDtoHAsync(ints, d2, n * sizeof(int), s));
  CHECK_CU(cuStreamSynchronize(s));
  EXPECT(cuStreamQuery(s) == CUDA_SUCCESS);
  for (int i = 0; i < n; ++i)
    EXPECT(ints[i] == (i < n / 2 ? i : 0) + 1000);

  // Bad arguments: CUDA's driver codes; the runtime's last error stays clear.
  CUdeviceptr none = 0;
  EXPECT(cuMemAlloc(&none, 0) == CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemAlloc(nullptr, 16) == CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemcpyHtoD(d, host.data(), (n + 1) * sizeof(float)) == CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemFree(d + 4) == CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuStreamCreate(&s, 0x80) == CUDA_ERROR_INVALID_VALUE);
  EXPECT(cudaGetLastError() == cudaSuccess);

  CHECK_CU(cuStreamDestroy(s));
  CHECK_CU(cuMemFreeHost(ints));
  CHECK_CU(cuMemFree(di));
  CHECK_CU(cuMemFree(d2));
  CHECK_CU(cuMemFree(d));
  EXPECT(cuMemFree(d) == CUDA_ERROR_INVALID_VALUE); // freed twice
  CHECK_CU(cuModuleUnload(mod));
  CHECK_CU(cuCtxDestroy(ctx13));
  std::printf("PASSED\n");
  return 0;
}
