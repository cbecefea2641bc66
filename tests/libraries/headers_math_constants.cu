// math_constants.h: NVIDIA's CUDART_* names with the right values, in host
// and device code (and as constant expressions), against <cmath>/<cfloat>
// and bit patterns.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include <math_constants.h>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>

static int Failures = 0;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("FAIL line %d: %s\n", __LINE__, #cond);                                          \
      ++Failures;                                                                                  \
    }                                                                                              \
  } while (0)

static unsigned bitsF(float F) {
  unsigned U;
  std::memcpy(&U, &F, 4);
  return U;
}
static unsigned long long bitsD(double D) {
  unsigned long long U;
  std::memcpy(&U, &D, 8);
  return U;
}

static bool ulp1(double A, double B) { return std::fabs(A - B) <= DBL_EPSILON * std::fabs(B); }

constexpr float PiF = CUDART_PI_F; // constant expressions
constexpr double Inf = CUDART_INF;

__global__ void device(float *F, double *D) {
  F[0] = CUDART_PI_F;
  F[1] = CUDART_INF_F;
  F[2] = CUDART_NAN_F;
  F[3] = CUDART_SQRT_HALF_F * CUDART_SQRT_TWO_F;
  D[0] = CUDART_PI;
  D[1] = CUDART_PI_HI + CUDART_PI_LO;
  D[2] = CUDART_L2E * CUDART_LN2;
  D[3] = CUDART_NAN;
}

int main() {
  const double Pi = 3.14159265358979323846;
  CHECK(PiF == (float)Pi && CUDART_PI == Pi);
  CHECK(CUDART_PIO2 == Pi / 2 && CUDART_PIO4 == Pi / 4 && CUDART_PIO2_F == (float)(Pi / 2));
  CHECK(CUDART_3PIO4 == 3 * Pi / 4 && CUDART_2_OVER_PI == 2 / Pi);
  // pi's rounding plus the rest: the _LO part is pi - (double)pi.
  CHECK(CUDART_PI_HI == CUDART_PI && std::fabs(CUDART_PI_LO - 1.2246467991473532e-16) < 1e-31);
  CHECK(CUDART_SQRT_TWO == std::sqrt(2.0) && CUDART_SQRT_HALF == std::sqrt(0.5));
  // Correctly rounded constants; computed from rounded pi they may be an ulp off.
  CHECK(ulp1(CUDART_SQRT_PI, std::sqrt(Pi)) && ulp1(CUDART_SQRT_2PI, std::sqrt(2 * Pi)));
  CHECK(CUDART_LN2 == std::log(2.0) && CUDART_LNT == std::log(10.0));
  CHECK(CUDART_L2E == M_LOG2E && CUDART_LGE == M_LOG10E);
  CHECK(ulp1(CUDART_L2T, std::log2(10.0)) && ulp1(CUDART_LNPI, std::log(Pi)));
  CHECK(CUDART_LN2_F == std::log(2.0f) && CUDART_L2E_F == (float)M_LOG2E);
  CHECK(CUDART_THIRD == 1.0 / 3 && CUDART_THIRD_F == 1.0f / 3);
  CHECK(CUDART_TWO_TO_52 == std::ldexp(1.0, 52) && CUDART_TWO_TO_M1022 == DBL_MIN);
  CHECK(CUDART_TWO_TO_M54 == std::ldexp(1.0, -54) && CUDART_TWO_TO_32_F == 4294967296.0f);
  CHECK(CUDART_TWO_TO_M126_F == FLT_MIN && CUDART_NORM_HUGE_F == FLT_MAX);
  CHECK(bitsF(CUDART_INF_F) == 0x7f800000u && bitsF(CUDART_NAN_F) == 0x7fffffffu);
  CHECK(bitsF(CUDART_NEG_ZERO_F) == 0x80000000u && bitsF(CUDART_MIN_DENORM_F) == 1u);
  CHECK(bitsF(CUDART_MAX_NORMAL_F) == 0x7f7fffffu);
  CHECK(bitsD(Inf) == 0x7ff0000000000000ull && bitsD(CUDART_NAN) == 0xfff8000000000000ull);
  CHECK(bitsD(CUDART_NEG_ZERO) == 0x8000000000000000ull && bitsD(CUDART_MIN_DENORM) == 1ull);
  CHECK(CUDART_LN2_X_1024 == 1024 * std::log(2.0));

  float *F;
  double *D;
  cudaMallocManaged(&F, 4 * sizeof(float));
  cudaMallocManaged(&D, 4 * sizeof(double));
  device<<<1, 1>>>(F, D);
  cudaDeviceSynchronize();
  CHECK(F[0] == (float)Pi && std::isinf(F[1]) && bitsF(F[2]) == 0x7fffffffu);
  CHECK(std::fabs(F[3] - 1.0f) < 1e-6f);
  CHECK(D[0] == Pi && D[1] == Pi && std::fabs(D[2] - 1.0) < 1e-15);
  CHECK(std::isnan(D[3]));
  cudaFree(F);
  cudaFree(D);
  if (Failures) {
    std::printf("FAILED (%d)\n", Failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
