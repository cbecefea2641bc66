// sparse_test.h - shared pieces of the cuSPARSE tests: checks, a seeded
// random source, per-type ids and tolerances, device copies.
// SPDX-License-Identifier: Apache-2.0
// Before including: <cusparse.h> (or <cusparse_v2.h>), SPARSE_TEST_SEED (the random source's seed) and
// optionally SPARSE_TEST_DOUBLE_TOL (double and complex double, default
// 1e-12).
#ifndef LOOM_TESTS_SPARSE_TEST_H
#define LOOM_TESTS_SPARSE_TEST_H

#include <cuda_runtime.h>

#include <complex>
#include <vector>

#include "check.h"

#define CHECK_OK(Expr) CHECK((Expr) == CUSPARSE_STATUS_SUCCESS)
#define CHECK_CUDA(Expr) CHECK((Expr) == cudaSuccess)

#ifndef SPARSE_TEST_DOUBLE_TOL
#define SPARSE_TEST_DOUBLE_TOL 1e-12
#endif

using Cx = std::complex<double>;
using cf = std::complex<float>;
using cd = std::complex<double>;

static unsigned Seed = SPARSE_TEST_SEED;
static double rnd() {
  Seed = Seed * 1103515245u + 12345u;
  return ((Seed >> 8) & 0xffff) / 32768.0 - 1.0; // [-1, 1)
}

template <class T> struct Ty;
template <> struct Ty<float> {
  static constexpr cudaDataType Id = CUDA_R_32F;
  static constexpr double Tol = 1e-4;
  static float make(Cx V) { return (float)V.real(); }
};
template <> struct Ty<double> {
  static constexpr cudaDataType Id = CUDA_R_64F;
  static constexpr double Tol = SPARSE_TEST_DOUBLE_TOL;
  static double make(Cx V) { return V.real(); }
};
template <> struct Ty<cf> {
  static constexpr cudaDataType Id = CUDA_C_32F;
  static constexpr double Tol = 1e-4;
  static cf make(Cx V) { return cf((float)V.real(), (float)V.imag()); }
};
template <> struct Ty<cd> {
  static constexpr cudaDataType Id = CUDA_C_64F;
  static constexpr double Tol = SPARSE_TEST_DOUBLE_TOL;
  static cd make(Cx V) { return V; }
};
template <class T> Cx toC(T V) { return Cx(V); }

/// A device copy of a host vector (at least one element).
template <class T> T *dev(const std::vector<T> &H) {
  T *P = nullptr;
  CHECK_CUDA(cudaMalloc(&P, (H.size() ? H.size() : 1) * sizeof(T)));
  if (!H.empty())
    CHECK_CUDA(cudaMemcpy(P, H.data(), H.size() * sizeof(T), cudaMemcpyHostToDevice));
  return P;
}
template <class T> std::vector<T> host(const T *P, size_t N) {
  std::vector<T> H(N);
  if (N)
    CHECK_CUDA(cudaMemcpy(H.data(), P, N * sizeof(T), cudaMemcpyDeviceToHost));
  return H;
}

#endif
