// gemm_cublas.cu - sgemm/dgemm through Loom's cuBLAS (libcublas on
// OpenBLAS), default stream, synchronized after the timed calls; its twin
// gemm_openblas.cpp calls OpenBLAS directly with the same arguments.
// SPDX-License-Identifier: Apache-2.0
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <vector>

#include "lib_bench.h"

template <class T, class F> void run(cublasHandle_t H, const char *Name, int N, F Gemm) {
  std::vector<T> Init((size_t)N * N);
  for (size_t I = 0; I < Init.size(); ++I)
    Init[I] = (T)((I * 7919 % 1000) / 1000.0 - 0.5);
  T *A, *B, *C;
  cudaMalloc(&A, sizeof(T) * Init.size());
  cudaMalloc(&B, sizeof(T) * Init.size());
  cudaMalloc(&C, sizeof(T) * Init.size());
  cudaMemcpy(A, Init.data(), sizeof(T) * Init.size(), cudaMemcpyHostToDevice);
  cudaMemcpy(B, Init.data(), sizeof(T) * Init.size(), cudaMemcpyHostToDevice);
  T One = 1, Zero = 0;
  timeIt(Name, [&] { Gemm(H, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &One, A, N, B, N, &Zero, C, N); },
         [] { cudaDeviceSynchronize(); });
  cudaFree(A);
  cudaFree(B);
  cudaFree(C);
}

int main() {
  cublasHandle_t H;
  cublasCreate(&H);
  run<float>(H, "sgemm_256", 256, cublasSgemm);
  run<float>(H, "sgemm_1024", 1024, cublasSgemm);
  run<double>(H, "dgemm_256", 256, cublasDgemm);
  run<double>(H, "dgemm_1024", 1024, cublasDgemm);
  cublasDestroy(H);
  return 0;
}
