// fft_test.h - shared pieces of the cuFFT tests: checks, a seeded random
// source and an unnormalized CPU DFT of a packed rank-d array.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_TESTS_FFT_TEST_H
#define LOOM_TESTS_FFT_TEST_H

#include <cufft.h>
#include <cuda_runtime.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>

#include "check.h"

#define CHECK_OK(Expr) CHECK((Expr) == CUFFT_SUCCESS)

using Cx = std::complex<double>;

static unsigned Seed = 777;
static double rnd() {
  Seed = Seed * 1103515245u + 12345u;
  return ((Seed >> 8) & 0xffff) / 32768.0 - 1.0;
}

/// Unnormalized DFT of one packed rank-d array (dims N), sign -1 or +1.
static std::vector<Cx> dft(const std::vector<Cx> &In, const std::vector<int> &N, int Sign) {
  size_t Total = 1;
  for (int D : N)
    Total *= D;
  std::vector<Cx> Out(Total);
  std::vector<int> K(N.size()), X(N.size());
  for (size_t Ki = 0; Ki < Total; ++Ki) {
    size_t R = Ki;
    for (int D = (int)N.size() - 1; D >= 0; --D) {
      K[D] = R % N[D];
      R /= N[D];
    }
    Cx Sum = 0;
    for (size_t Xi = 0; Xi < Total; ++Xi) {
      size_t Q = Xi;
      double Phase = 0;
      for (int D = (int)N.size() - 1; D >= 0; --D) {
        X[D] = Q % N[D];
        Q /= N[D];
        Phase += (double)K[D] * X[D] / N[D];
      }
      Sum += In[Xi] * std::polar(1.0, Sign * 2 * M_PI * Phase);
    }
    Out[Ki] = Sum;
  }
  return Out;
}

static bool near(Cx A, Cx B, double Tol) { return std::abs(A - B) <= Tol * (1 + std::abs(B)); }

#endif // LOOM_TESTS_FFT_TEST_H
