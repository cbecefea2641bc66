// The sm_*_intrinsics.h / *_atomic_functions.h / sm_*_rt.h headers programs
// include by name resolve, and the intrinsics clang's headers lack work in
// kernels: __dp4a/__dp2a_lo/__dp2a_hi (signed, unsigned and vector forms)
// against a CPU reference, and the cache-hinted __ldca/__ldlu/__stwb/__stcg/
// __stcs next to clang's __ldg/__ldcs/__stwt.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include <sm_20_intrinsics.h>
#include <sm_30_intrinsics.h>
#include <sm_32_intrinsics.h>
#include <sm_35_intrinsics.h>
#include <sm_61_intrinsics.h>
#include <sm_20_atomic_functions.h>
#include <sm_32_atomic_functions.h>
#include <sm_35_atomic_functions.h>
#include <sm_60_atomic_functions.h>
#include <device_atomic_functions.h>
#include <sm_70_rt.h>
#include <sm_80_rt.h>
#include <cstdio>

constexpr int N = 256;

__global__ void dots(const int *A, const int *B, int *Out) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  int a = __ldca(A + I), b = __ldlu(B + I);
  unsigned ua = (unsigned)__ldg(A + I), ub = (unsigned)__ldcs(B + I);
  char4 ca = *reinterpret_cast<const char4 *>(A + I), cb = *reinterpret_cast<const char4 *>(B + I);
  uchar4 uca = *reinterpret_cast<const uchar4 *>(A + I);
  uchar4 ucb = *reinterpret_cast<const uchar4 *>(B + I);
  short2 sa = *reinterpret_cast<const short2 *>(A + I);
  __stwb(Out + 8 * I + 0, __dp4a(a, b, 7));
  __stcg(Out + 8 * I + 1, (int)__dp4a(ua, ub, 7u));
  __stcs(Out + 8 * I + 2, __dp4a(ca, cb, -3));
  __stwt(Out + 8 * I + 3, (int)__dp4a(uca, ucb, 3u));
  Out[8 * I + 4] = __dp2a_lo(a, b, 11);
  Out[8 * I + 5] = __dp2a_hi(a, b, 11);
  Out[8 * I + 6] = (int)__dp2a_hi(ua, ub, 5u);
  Out[8 * I + 7] = __dp2a_lo(sa, cb, 1);
}

static int dp4(int A, int B, int C, bool Signed) {
  long long S = C;
  for (int K = 0; K < 32; K += 8) {
    int X = (A >> K) & 0xff, Y = (B >> K) & 0xff;
    if (Signed) {
      X = (signed char)X;
      Y = (signed char)Y;
    }
    S += (long long)X * Y;
  }
  return (int)(unsigned)S;
}
static int dp2(int A, int B, int C, int Shift, bool Signed) {
  long long S = C;
  for (int H = 0; H < 2; ++H) {
    int X = (A >> (16 * H)) & 0xffff, Y = (B >> (Shift + 8 * H)) & 0xff;
    if (Signed) {
      X = (short)X;
      Y = (signed char)Y;
    }
    S += (long long)X * Y;
  }
  return (int)(unsigned)S;
}

int main() {
  int *A, *B, *Out;
  cudaMallocManaged(&A, N * sizeof(int));
  cudaMallocManaged(&B, N * sizeof(int));
  cudaMallocManaged(&Out, 8 * N * sizeof(int));
  unsigned X = 12345;
  for (int I = 0; I < N; ++I) {
    X = X * 1664525u + 1013904223u;
    A[I] = (int)X;
    X = X * 1664525u + 1013904223u;
    B[I] = (int)X;
  }
  dots<<<N / 64, 64>>>(A, B, Out);
  cudaDeviceSynchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    int a = A[I], b = B[I];
    int Want[8] = {dp4(a, b, 7, true),      dp4(a, b, 7, false),     dp4(a, b, -3, true),
                   dp4(a, b, 3, false),     dp2(a, b, 11, 0, true),  dp2(a, b, 11, 16, true),
                   dp2(a, b, 5, 16, false), dp2(a, b, 1, 0, true)};
    for (int K = 0; K < 8; ++K)
      if (Out[8 * I + K] != Want[K] && Bad++ < 5)
        std::printf("element %d, form %d: %d, want %d\n", I, K, Out[8 * I + K], Want[K]);
  }
  cudaFree(A);
  cudaFree(B);
  cudaFree(Out);
  if (Bad) {
    std::printf("FAILED (%d)\n", Bad);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
