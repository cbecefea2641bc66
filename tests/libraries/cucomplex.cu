// cuComplex.h in device and host code: construction, accessors, conj,
// add/sub/mul/div, abs, fma and the precision conversions, against
// std::complex<double>; division and magnitude stay finite where a naive
// formula's squares would overflow.
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t && %t | FileCheck %s
// CHECK: cucomplex: OK
#include <cuComplex.h>
#include <cuda_runtime.h>

#include <cmath>
#include <complex>
#include <cstdio>

#include "Inputs/check.h"


// Out[0..6]: add, sub, mul, div, conj, fma, double->float; Abs: |a|.
__global__ void ops(const cuFloatComplex *A, const cuFloatComplex *B, cuFloatComplex *Out,
                    float *Abs, cuDoubleComplex *OutD) {
  cuFloatComplex X = A[threadIdx.x], Y = B[threadIdx.x];
  cuFloatComplex *O = Out + 7 * threadIdx.x;
  O[0] = cuCaddf(X, Y);
  O[1] = cuCsubf(X, Y);
  O[2] = cuCmulf(X, Y);
  O[3] = cuCdivf(X, Y);
  O[4] = cuConjf(X);
  O[5] = cuCfmaf(X, Y, make_cuComplex(1.0f, -1.0f));
  cuDoubleComplex D = cuComplexFloatToDouble(X);
  O[6] = cuComplexDoubleToFloat(cuCmul(D, make_cuDoubleComplex(cuCreal(D), -cuCimag(D))));
  Abs[threadIdx.x] = cuCabsf(X);
  OutD[threadIdx.x] = cuCdiv(make_cuDoubleComplex(cuCrealf(X), cuCimagf(X)),
                             make_cuDoubleComplex(cuCrealf(Y), cuCimagf(Y)));
}

static bool near(std::complex<double> A, std::complex<double> B, double Tol) {
  return std::abs(A - B) <= Tol * (1 + std::abs(B));
}

int main() {
  const int N = 4;
  cuFloatComplex HA[N] = {make_cuComplex(1, 2), make_cuComplex(-3, 0.5f),
                          make_cuComplex(1e30f, 1e30f), make_cuComplex(0.25f, -4)};
  cuFloatComplex HB[N] = {make_cuComplex(3, -1), make_cuComplex(0, 2),
                          make_cuComplex(2e30f, -1e30f), make_cuComplex(-1, -1)};
  cuFloatComplex *A, *B, *Out;
  float *Abs;
  cuDoubleComplex *OutD;
  cudaMallocManaged(&A, sizeof(HA));
  cudaMallocManaged(&B, sizeof(HB));
  cudaMallocManaged(&Out, sizeof(cuFloatComplex) * 7 * N);
  cudaMallocManaged(&Abs, sizeof(float) * N);
  cudaMallocManaged(&OutD, sizeof(cuDoubleComplex) * N);
  for (int I = 0; I < N; ++I) {
    A[I] = HA[I];
    B[I] = HB[I];
  }
  ops<<<1, N>>>(A, B, Out, Abs, OutD);
  cudaDeviceSynchronize();
  for (int I = 0; I < N; ++I) {
    std::complex<double> X(HA[I].x, HA[I].y), Y(HB[I].x, HB[I].y);
    auto C = [&](int K) { return std::complex<double>(Out[7 * I + K].x, Out[7 * I + K].y); };
    bool Huge = std::abs(X) > 1e20;
    if (!Huge) { // the naive products overflow float for the huge pair
      CHECK(near(C(0), X + Y, 1e-6));
      CHECK(near(C(1), X - Y, 1e-6));
      CHECK(near(C(2), X * Y, 1e-6));
      CHECK(near(C(5), X * Y + std::complex<double>(1, -1), 1e-6));
      CHECK(near(C(6), X * std::conj(X), 1e-6));
    }
    CHECK(near(C(3), X / Y, 1e-6)); // scaled: finite even for the huge pair
    CHECK(near(C(4), std::conj(X), 0));
    CHECK(std::fabs(Abs[I] - std::abs(X)) <= 1e-6 * std::abs(X));
    CHECK(near(std::complex<double>(OutD[I].x, OutD[I].y), X / Y, 1e-12));
    // The same functions on the host.
    CHECK(cuCrealf(cuCmulf(HA[I], HB[I])) == Out[7 * I + 2].x || Huge);
    CHECK(std::fabs(cuCabsf(HA[I]) - Abs[I]) <= 1e-6f * Abs[I]);
  }
  CHECK(sizeof(cuComplex) == 8 && alignof(cuDoubleComplex) == 16);
  if (Failures) {
    std::printf("cucomplex: %d failures\n", Failures);
    return 1;
  }
  std::printf("cucomplex: OK\n");
  return 0;
}
