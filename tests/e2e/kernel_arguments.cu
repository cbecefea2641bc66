// Kernel arguments of every common kind: char, short, double, bool, long long,
// pointers, vector types, structs by value (small, large, with padding).
// Arguments are captured at launch: changing them afterwards has no effect.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"

struct Small {
  char c;
  int i;
};
struct Big {
  double d[5];
  short s;
  char tag[3];
  long long ll;
};
struct Out {
  int c, s, i, b;
  long long ll;
  double d, f2sum, bigsum;
  int smallc, smalli, tag;
  long long bigll;
  float f4w;
};

__global__ void takeAll(char c, short s, int i, bool b, long long ll, double d, float2 f2,
                        Small small, Big big, float4 f4, Out *out) {
  if (threadIdx.x != 0 || blockIdx.x != 1)
    return;
  out->c = c; out->s = s; out->i = i; out->b = b; out->ll = ll; out->d = d;
  out->f2sum = f2.x + f2.y;
  out->smallc = small.c; out->smalli = small.i;
  double sum = 0;
  for (int k = 0; k < 5; ++k)
    sum += big.d[k];
  out->bigsum = sum + big.s;
  out->tag = big.tag[0] + big.tag[1] + big.tag[2];
  out->bigll = big.ll;
  out->f4w = f4.w;
}

// A kernel that writes its by-value struct: each thread has its own copy.
__global__ void mutateByValue(Small s, int *out) {
  s.i += threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s.i;
}

int main() {
  Out *d;
  CHECK_CUDA(cudaMalloc(&d, sizeof(Out)));
  Small small{'x', -77};
  Big big{{1.5, 2.5, 3.5, 4.5, 5.5}, 300, {'a', 'b', 'c'}, 1LL << 40};
  char c = -5;
  short s = -1234;
  double dd = 3.25;
  takeAll<<<2, 32>>>(c, s, 123456, true, -(1LL << 50), dd, make_float2(1.5f, 2.0f), small,
                     big, make_float4(1, 2, 3, 4.5f), d);
  // Changing the host variables after the launch must not change the launch.
  small.i = 0;
  big.d[0] = 1000;
  CHECK_CUDA(cudaGetLastError());
  Out h;
  CHECK_CUDA(cudaMemcpy(&h, d, sizeof(Out), cudaMemcpyDeviceToHost));
  EXPECT(h.c == -5 && h.s == -1234 && h.i == 123456 && h.b == 1);
  EXPECT(h.ll == -(1LL << 50) && h.d == 3.25 && h.f2sum == 3.5);
  EXPECT(h.smallc == 'x' && h.smalli == -77);
  EXPECT(h.bigsum == 17.5 + 300 && h.tag == 'a' + 'b' + 'c' && h.bigll == (1LL << 40));
  EXPECT(h.f4w == 4.5f);

  int *dv;
  CHECK_CUDA(cudaMalloc(&dv, 4 * 64 * sizeof(int)));
  mutateByValue<<<4, 64>>>(Small{'q', 10}, dv);
  int hv[4 * 64];
  CHECK_CUDA(cudaMemcpy(hv, dv, sizeof(hv), cudaMemcpyDeviceToHost));
  for (int b = 0; b < 4; ++b)
    for (int t = 0; t < 64; ++t)
      EXPECT(hv[b * 64 + t] == 10 + t);
  std::printf("PASSED\n");
  return 0;
}
