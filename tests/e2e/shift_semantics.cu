// Shifts by the register width or more give the GPU's (PTX's) result: the
// amount is clamped, so x << 32 == 0, x >> 32 == 0 and a signed x >> 32 is
// the sign (Rodinia's huffman relies on it). Constant shifts are untouched.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"

__global__ void shifts(unsigned x, int s, unsigned long long y, long long sy, unsigned amount,
                       unsigned long long *out) {
  out[0] = x << (32 - amount);
  out[1] = x >> (32 - amount);
  out[2] = (unsigned)(s >> (32 - amount));
  out[3] = y << (64 - amount);
  out[4] = y >> (64 - amount);
  out[5] = (unsigned long long)(sy >> (64 - amount));
  out[6] = x << (amount + 4); // in range: an ordinary shift
  out[7] = x >> (amount + 100);
}

int main() {
  unsigned long long *out;
  CHECK_CUDA(cudaMallocManaged(&out, 8 * sizeof(unsigned long long)));
  shifts<<<1, 1>>>(0xdeadbeefu, -8, 0xfeedfacecafebeefull, -5, 0, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(out[0] == 0 && out[1] == 0);
  EXPECT(out[2] == 0xffffffffull);
  EXPECT(out[3] == 0 && out[4] == 0);
  EXPECT(out[5] == ~0ull);
  EXPECT(out[6] == (unsigned)(0xdeadbeefu << 4));
  EXPECT(out[7] == 0);
  shifts<<<1, 1>>>(0xdeadbeefu, -8, 0xfeedfacecafebeefull, -5, 4, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(out[0] == (unsigned)(0xdeadbeefu << 28) && out[1] == 0xdu);
  EXPECT(out[2] == 0xffffffffull && out[3] == (0xfeedfacecafebeefull << 60));
  EXPECT(out[4] == 0xfull && out[5] == ~0ull);
  std::printf("PASSED\n");
  return 0;
}
