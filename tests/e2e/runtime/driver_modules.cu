// Driver-API modules: a shared object built by `loomcc -shared` loaded with
// cuModuleLoad and (from memory) cuModuleLoadData; kernels found by their
// device-side names (extern "C", mangled, namespaced, template) with
// cuModuleGetFunction, launched with cuLaunchKernel (kernelParams and the
// packed `extra` buffer), cuFuncGetAttribute (__launch_bounds__),
// cuModuleGetGlobal, cuModuleUnload; PTX text, a cubin-like ELF, garbage
// and missing files refused with CUDA's codes. Results checked on the host.
// RUN: %loomcc -shared -Xcompiler -fPIC %S/../Inputs/driver_module/kernels.cu -o %t.so
// (The program is %t.exe, not %t: it needs its module's path, so the
// ThreadSanitizer loop of scripts/sanitize.sh, which runs %t alone, skips it.)
// RUN: %loomcc %s -o %t.exe
// RUN: %t.exe %t.so | FileCheck %s
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

static void run(CUmodule mod) {
  const int n = 300;
  CUfunction scale, addValue, twice, fill;
  CHECK_CU(cuModuleGetFunction(&scale, mod, "scale"));
  CHECK_CU(cuModuleGetFunction(&addValue, mod, "_Z8addValuePiii"));
  CHECK_CU(cuModuleGetFunction(&twice, mod, "_ZN2ns5twiceEPx"));
  CHECK_CU(cuModuleGetFunction(&fill, mod, "_Z4fillIdEvPT_S0_"));
  CUfunction missing;
  EXPECT(cuModuleGetFunction(&missing, mod, "nonexistent") == CUDA_ERROR_NOT_FOUND);

  int maxThreads = 0;
  CHECK_CU(cuFuncGetAttribute(&maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, scale));
  EXPECT(maxThreads == 128);

  // The module's __device__ variable, set through its address.
  CUdeviceptr counter;
  size_t bytes = 0;
  CHECK_CU(cuModuleGetGlobal(&counter, &bytes, mod, "counter"));
  EXPECT(bytes == sizeof(int));
  int three = 3;
  CHECK_CUDA(cudaMemcpy((void *)counter, &three, sizeof three, cudaMemcpyHostToDevice));

  float *v;
  CHECK_CUDA(cudaMallocManaged(&v, n * sizeof(float)));
  for (int i = 0; i < n; ++i)
    v[i] = float(i);
  int nArg = n;
  float a = 2.0f;
  void *params[] = {&v, &nArg, &a};
  CHECK_CU(cuLaunchKernel(scale, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, params, nullptr));
  // More threads than __launch_bounds__ allows: refused.
  EXPECT(cuLaunchKernel(scale, 1, 1, 1, 256, 1, 1, 0, nullptr, params, nullptr) != CUDA_SUCCESS);
  CHECK_CU(cuCtxSynchronize());
  for (int i = 0; i < n; ++i)
    EXPECT(v[i] == 2.0f * i + 3.0f);

  int *w;
  CHECK_CUDA(cudaMallocManaged(&w, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    w[i] = i;
  struct {
    int *v;
    int n;
    int value;
  } packed = {w, n, 7};
  size_t packedSize = sizeof packed;
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed, CU_LAUNCH_PARAM_BUFFER_SIZE,
                   &packedSize, CU_LAUNCH_PARAM_END};
  CUstream s;
  CHECK_CUDA(cudaStreamCreate((cudaStream_t *)&s));
  CHECK_CU(cuLaunchKernel(addValue, 3, 1, 1, 100, 1, 1, 0, s, nullptr, extra));
  EXPECT(cuLaunchKernel(addValue, 3, 1, 1, 100, 1, 1, 0, s, params, extra) ==
         CUDA_ERROR_INVALID_VALUE);
  CHECK_CUDA(cudaStreamSynchronize((cudaStream_t)s));
  for (int i = 0; i < n; ++i)
    EXPECT(w[i] == i + 7);

  long long *ll;
  double *d;
  CHECK_CUDA(cudaMallocManaged(&ll, 32 * sizeof(long long)));
  CHECK_CUDA(cudaMallocManaged(&d, 32 * sizeof(double)));
  for (int i = 0; i < 32; ++i)
    ll[i] = 1000000000000LL + i;
  void *twiceArgs[] = {&ll};
  CHECK_CU(cuLaunchKernel(twice, 1, 1, 1, 32, 1, 1, 0, nullptr, twiceArgs, nullptr));
  double value = 2.25;
  void *fillArgs[] = {&d, &value};
  CHECK_CU(cuLaunchKernel(fill, 1, 1, 1, 32, 1, 1, 0, nullptr, fillArgs, nullptr));
  CHECK_CU(cuCtxSynchronize());
  for (int i = 0; i < 32; ++i)
    EXPECT(ll[i] == 2 * (1000000000000LL + i) && d[i] == 2.25);
  CHECK_CUDA(cudaFree(v));
  CHECK_CUDA(cudaFree(w));
  CHECK_CUDA(cudaFree(ll));
  CHECK_CUDA(cudaFree(d));
  CHECK_CUDA(cudaStreamDestroy((cudaStream_t)s));
}

int main(int argc, char **argv) {
  EXPECT(argc == 2);
  CHECK_CU(cuInit(0));
  CUmodule mod;
  CHECK_CU(cuModuleLoad(&mod, argv[1]));
  run(mod);
  CHECK_CU(cuModuleUnload(mod));
  CUfunction f;
  EXPECT(cuModuleGetFunction(&f, mod, "scale") == CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuModuleUnload(mod) == CUDA_ERROR_INVALID_HANDLE);

  // The same shared object from memory.
  std::ifstream in(argv[1], std::ios::binary);
  std::string image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK_CU(cuModuleLoadData(&mod, image.data()));
  run(mod);
  CHECK_CU(cuModuleUnload(mod));

  // What Loom cannot load, and what is no module at all.
  const char *ptx = "//\n// Generated by NVIDIA NVVM Compiler\n.version 8.0\n.target sm_80\n";
  EXPECT(cuModuleLoadData(&mod, ptx) == CUDA_ERROR_NOT_SUPPORTED);
  unsigned char cubin[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
  cubin[16] = 2;   // ET_EXEC
  cubin[18] = 190; // EM_CUDA
  EXPECT(cuModuleLoadData(&mod, cubin) == CUDA_ERROR_NOT_SUPPORTED);
  EXPECT(cuModuleLoadData(&mod, "not a module") == CUDA_ERROR_INVALID_IMAGE);
  EXPECT(cuModuleLoad(&mod, "/nonexistent/kernels.so") == CUDA_ERROR_FILE_NOT_FOUND);
  EXPECT(cuModuleLoad(&mod, argv[0]) == CUDA_ERROR_INVALID_IMAGE); // an executable
  EXPECT(cuModuleLoad(nullptr, argv[1]) == CUDA_ERROR_INVALID_VALUE);
  EXPECT(cudaGetLastError() == cudaSuccess); // driver calls leave it alone
  std::printf("PASSED\n");
  return 0;
}
