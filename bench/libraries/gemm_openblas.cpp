// gemm_openblas.cpp - the baseline of gemm_cublas.cu: the same sgemm/dgemm
// calls made on OpenBLAS directly (column-major, same sizes and data).
// SPDX-License-Identifier: Apache-2.0
#include <cblas.h>

#include <cstdlib>
#include <vector>

#include "lib_bench.h"

template <class T, class F> void run(const char *Name, int N, F Gemm) {
  std::vector<T> A((size_t)N * N), B((size_t)N * N), C((size_t)N * N);
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = B[I] = (T)((I * 7919 % 1000) / 1000.0 - 0.5);
  timeIt(Name, [&] { Gemm(CblasColMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1, A.data(), N, B.data(), N, 0, C.data(), N); },
         [] {});
}

int main() {
  run<float>("sgemm_256", 256, cblas_sgemm);
  run<float>("sgemm_1024", 1024, cblas_sgemm);
  run<double>("dgemm_256", 256, cblas_dgemm);
  run<double>("dgemm_1024", 1024, cblas_dgemm);
  return 0;
}
