// fft_cufft.cu - transforms through Loom's cuFFT (libcufft on FFTW):
// plan once, time repeated executions on the default stream; its twin
// fft_fftw.cpp runs the same transforms with FFTW directly, same planner
// flags (LOOM_CUFFT_PLANNER / FFTW_PLANNER: estimate or measure).
// SPDX-License-Identifier: Apache-2.0
#include <cufft.h>
#include <cuda_runtime.h>

#include "lib_bench.h"

int main() {
  auto Sync = [] { cudaDeviceSynchronize(); };
  {
    const int N = 4096, Batch = 64;
    cufftComplex *X;
    cudaMalloc(&X, sizeof(*X) * N * Batch);
    cudaMemset(X, 0, sizeof(*X) * N * Batch);
    cufftHandle P;
    cufftPlan1d(&P, N, CUFFT_C2C, Batch);
    timeIt("c2c_1d_4096x64", [&] { cufftExecC2C(P, X, X, CUFFT_FORWARD); }, Sync);
    cufftDestroy(P);
    cudaFree(X);
  }
  {
    const int N = 512;
    float *In;
    cufftComplex *Out;
    cudaMalloc(&In, sizeof(*In) * N * N);
    cudaMalloc(&Out, sizeof(*Out) * N * (N / 2 + 1));
    cudaMemset(In, 0, sizeof(*In) * N * N);
    cufftHandle P;
    cufftPlan2d(&P, N, N, CUFFT_R2C);
    timeIt("r2c_2d_512", [&] { cufftExecR2C(P, In, Out); }, Sync);
    cufftDestroy(P);
    cudaFree(In);
    cudaFree(Out);
  }
  {
    const int N = 64;
    cufftDoubleComplex *In, *Out;
    cudaMalloc(&In, sizeof(*In) * N * N * N);
    cudaMalloc(&Out, sizeof(*Out) * N * N * N);
    cudaMemset(In, 0, sizeof(*In) * N * N * N);
    cufftHandle P;
    cufftPlan3d(&P, N, N, N, CUFFT_Z2Z);
    timeIt("z2z_3d_64", [&] { cufftExecZ2Z(P, In, Out, CUFFT_FORWARD); }, Sync);
    cufftDestroy(P);
    cudaFree(In);
    cudaFree(Out);
  }
  return 0;
}
