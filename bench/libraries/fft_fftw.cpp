// fft_fftw.cpp - the baseline of fft_cufft.cu: the same transforms planned
// and executed with FFTW directly (FFTW_PLANNER=measure: FFTW_MEASURE,
// default FFTW_ESTIMATE, as libcufft's LOOM_CUFFT_PLANNER), on arrays from
// fftw_malloc (SIMD-aligned, as a careful FFTW user allocates them), with
// FFTW_THREADS threads (default 1; libcufft uses one per CPU for transforms
// this large). Also prints planning times.
// SPDX-License-Identifier: Apache-2.0
#include <fftw3.h>

#include <chrono>
#include <cstdlib>
#include <cstring>

#include "lib_bench.h"

static double Since(std::chrono::steady_clock::time_point T0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count() * 1e3;
}

int main() {
  const char *E = std::getenv("FFTW_PLANNER");
  unsigned Flags = E && !std::strcmp(E, "measure") ? FFTW_MEASURE : FFTW_ESTIMATE;
  const char *Th = std::getenv("FFTW_THREADS");
  int Threads = Th ? std::atoi(Th) : 1;
  if (Threads > 1) {
    fftw_init_threads();
    fftwf_init_threads();
    fftw_plan_with_nthreads(Threads);
    fftwf_plan_with_nthreads(Threads);
  }
  auto None = [] {};
  {
    const int N = 4096, Batch = 64;
    auto *X = fftwf_alloc_complex((size_t)N * Batch);
    auto T0 = std::chrono::steady_clock::now();
    int Ns[1] = {N};
    fftwf_plan P = fftwf_plan_many_dft(1, Ns, Batch, X, Ns, 1, N, X, Ns, 1, N, FFTW_FORWARD, Flags);
    std::printf("plan_c2c_1d_4096x64 %.6f\n", Since(T0));
    std::memset(X, 0, sizeof(fftwf_complex) * N * Batch);
    timeIt("c2c_1d_4096x64", [&] { fftwf_execute_dft(P, X, X); }, None);
    fftwf_destroy_plan(P);
    fftwf_free(X);
  }
  {
    const int N = 512;
    auto *In = fftwf_alloc_real((size_t)N * N);
    auto *Out = fftwf_alloc_complex((size_t)N * (N / 2 + 1));
    auto T0 = std::chrono::steady_clock::now();
    fftwf_plan P = fftwf_plan_dft_r2c_2d(N, N, In, Out, Flags);
    std::printf("plan_r2c_2d_512 %.6f\n", Since(T0));
    std::memset(In, 0, sizeof(float) * N * N);
    timeIt("r2c_2d_512", [&] { fftwf_execute_dft_r2c(P, In, Out); }, None);
    fftwf_destroy_plan(P);
    fftwf_free(In);
    fftwf_free(Out);
  }
  {
    const int N = 64;
    auto *In = fftw_alloc_complex((size_t)N * N * N);
    auto *Out = fftw_alloc_complex((size_t)N * N * N);
    auto T0 = std::chrono::steady_clock::now();
    fftw_plan P = fftw_plan_dft_3d(N, N, N, In, Out, FFTW_FORWARD, Flags);
    std::printf("plan_z2z_3d_64 %.6f\n", Since(T0));
    std::memset(In, 0, sizeof(fftw_complex) * N * N * N);
    timeIt("z2z_3d_64", [&] { fftw_execute_dft(P, In, Out); }, None);
    fftw_destroy_plan(P);
    fftw_free(In);
    fftw_free(Out);
  }
  return 0;
}
