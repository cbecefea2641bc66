// A program mixing the runtime with cuda.h's driver API, as Rodinia's
// mummergpu (cuMemGetInfo after the runtime started) and hybridsort (an
// error-name switch over CUresult codes) do: devices, attributes, contexts,
// memory information and error strings.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: driver 12080, 1 device(s), sm_{{[0-9]+}}
// CHECK: CUDA_ERROR_PROFILER_DISABLED: profiler disabled while using external profiling tool
// CHECK: switch: CUDA_ERROR_NOT_MAPPED_AS_POINTER CUDA_ERROR_KEY_ROTATION
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cuda.h>

#define CHECK_CU(call)                                                         \
  do {                                                                         \
    CUresult r_ = (call);                                                      \
    if (r_ != CUDA_SUCCESS) {                                                  \
      const char *n_ = 0;                                                      \
      cuGetErrorName(r_, &n_);                                                 \
      std::printf("FAILED: %s:%d: %s returned %s\n", __FILE__, __LINE__,       \
                  #call, n_ ? n_ : "?");                                       \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// The shape of the toolkit samples' _cudaGetErrorEnum(CUresult).
static const char *errorEnum(CUresult error) {
  switch (error) {
  case CUDA_SUCCESS: return "CUDA_SUCCESS";
  case CUDA_ERROR_PROFILER_DISABLED: return "CUDA_ERROR_PROFILER_DISABLED";
  case CUDA_ERROR_PROFILER_NOT_INITIALIZED: return "CUDA_ERROR_PROFILER_NOT_INITIALIZED";
  case CUDA_ERROR_PROFILER_ALREADY_STARTED: return "CUDA_ERROR_PROFILER_ALREADY_STARTED";
  case CUDA_ERROR_PROFILER_ALREADY_STOPPED: return "CUDA_ERROR_PROFILER_ALREADY_STOPPED";
  case CUDA_ERROR_CONTEXT_ALREADY_CURRENT: return "CUDA_ERROR_CONTEXT_ALREADY_CURRENT";
  case CUDA_ERROR_MAP_FAILED: return "CUDA_ERROR_MAP_FAILED";
  case CUDA_ERROR_UNMAP_FAILED: return "CUDA_ERROR_UNMAP_FAILED";
  case CUDA_ERROR_ARRAY_IS_MAPPED: return "CUDA_ERROR_ARRAY_IS_MAPPED";
  case CUDA_ERROR_ALREADY_MAPPED: return "CUDA_ERROR_ALREADY_MAPPED";
  case CUDA_ERROR_NO_BINARY_FOR_GPU: return "CUDA_ERROR_NO_BINARY_FOR_GPU";
  case CUDA_ERROR_ALREADY_ACQUIRED: return "CUDA_ERROR_ALREADY_ACQUIRED";
  case CUDA_ERROR_NOT_MAPPED: return "CUDA_ERROR_NOT_MAPPED";
  case CUDA_ERROR_NOT_MAPPED_AS_ARRAY: return "CUDA_ERROR_NOT_MAPPED_AS_ARRAY";
  case CUDA_ERROR_NOT_MAPPED_AS_POINTER: return "CUDA_ERROR_NOT_MAPPED_AS_POINTER";
  case CUDA_ERROR_ECC_UNCORRECTABLE: return "CUDA_ERROR_ECC_UNCORRECTABLE";
  case CUDA_ERROR_UNSUPPORTED_LIMIT: return "CUDA_ERROR_UNSUPPORTED_LIMIT";
  case CUDA_ERROR_CONTEXT_ALREADY_IN_USE: return "CUDA_ERROR_CONTEXT_ALREADY_IN_USE";
  case CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND:
    return "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND";
  case CUDA_ERROR_SHARED_OBJECT_INIT_FAILED: return "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED";
  case CUDA_ERROR_OPERATING_SYSTEM: return "CUDA_ERROR_OPERATING_SYSTEM";
  case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: return "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES";
  case CUDA_ERROR_LAUNCH_TIMEOUT: return "CUDA_ERROR_LAUNCH_TIMEOUT";
  case CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING: return "CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING";
  case CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED: return "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED";
  case CUDA_ERROR_PEER_ACCESS_NOT_ENABLED: return "CUDA_ERROR_PEER_ACCESS_NOT_ENABLED";
  case CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE: return "CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE";
  case CUDA_ERROR_CONTEXT_IS_DESTROYED: return "CUDA_ERROR_CONTEXT_IS_DESTROYED";
  case CUDA_ERROR_TOO_MANY_PEERS: return "CUDA_ERROR_TOO_MANY_PEERS";
  case CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED:
    return "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED";
  case CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED: return "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED";
  case CUDA_ERROR_KEY_ROTATION: return "CUDA_ERROR_KEY_ROTATION";
  default: return "<unknown>";
  }
}

__global__ void fill(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = i;
}

int main() {
  // The runtime first (mummergpu-style: no cuInit before cuMemGetInfo).
  CHECK_CUDA(cudaFree(0));
  size_t freeMem = 0, totalMem = 0;
  CHECK_CU(cuMemGetInfo(&freeMem, &totalMem));
  EXPECT(totalMem > 0 && freeMem <= totalMem);

  CHECK_CU(cuInit(0));
  int version = 0, count = 0;
  CHECK_CU(cuDriverGetVersion(&version));
  CHECK_CU(cuDeviceGetCount(&count));
  CUdevice dev;
  CHECK_CU(cuDeviceGet(&dev, 0));
  int major = 0, minor = 0, warp = 0;
  CHECK_CU(cuDeviceComputeCapability(&major, &minor, dev));
  CHECK_CU(cuDeviceGetAttribute(&warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev));
  EXPECT(warp == 32);
  char name[128];
  CHECK_CU(cuDeviceGetName(name, sizeof name, dev));
  size_t bytes = 0;
  CHECK_CU(cuDeviceTotalMem(&bytes, dev));
  EXPECT(bytes == totalMem);
  std::printf("driver %d, %d device(s), sm_%d%d\n", version, count, major, minor);

  // A context of its own, then kernels through the runtime on the same device.
  CUcontext ctx, current;
  CHECK_CU(cuCtxCreate(&ctx, 0, dev));
  CHECK_CU(cuCtxGetCurrent(&current));
  EXPECT(current == ctx);
  CUdevice ctxDev = -1;
  CHECK_CU(cuCtxGetDevice(&ctxDev));
  EXPECT(ctxDev == dev);
  const int n = 1000;
  int *d;
  CHECK_CUDA(cudaMalloc(&d, n * sizeof(int)));
  fill<<<(n + 127) / 128, 128>>>(d, n);
  CHECK_CU(cuCtxSynchronize());
  int h[n];
  CHECK_CUDA(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    EXPECT(h[i] == i);
  CHECK_CUDA(cudaFree(d));
  CHECK_CU(cuCtxDestroy(ctx));

  // Bad arguments get the driver's codes.
  EXPECT(cuDeviceGet(&dev, 5) == CUDA_ERROR_INVALID_DEVICE);
  EXPECT(cuMemGetInfo(NULL, NULL) == CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuCtxDestroy(ctx) == CUDA_ERROR_INVALID_CONTEXT);

  const char *ename = 0, *etext = 0;
  CHECK_CU(cuGetErrorName(CUDA_ERROR_PROFILER_DISABLED, &ename));
  CHECK_CU(cuGetErrorString(CUDA_ERROR_PROFILER_DISABLED, &etext));
  std::printf("%s: %s\n", ename, etext);
  std::printf("switch: %s %s\n", errorEnum(CUDA_ERROR_NOT_MAPPED_AS_POINTER),
              errorEnum(CUDA_ERROR_KEY_ROTATION));
  std::printf("PASSED\n");
  return 0;
}
