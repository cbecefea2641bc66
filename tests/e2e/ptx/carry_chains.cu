// Multi-word arithmetic written in inline PTX, as bignum and hash code
// writes it: 128-bit add and subtract through add.cc/addc.cc/addc and
// sub.cc/subc chains of four 32-bit limbs, a 64x64->128 multiply from
// mul.lo/mul.hi and mad.lo.cc/madc.hi.cc/addc limbs, mul.wide/mad.wide, and
// a predicated limb. Checked per thread against unsigned __int128 on the host.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cstdint>

typedef unsigned __int128 u128;

struct Result {
  unsigned add[4], sub[4], mul[4], split[2];
  unsigned long long wide, madwide;
  unsigned guarded;
};

__device__ void add128(const unsigned *a, const unsigned *b, unsigned *r) {
  asm("add.cc.u32 %0, %4, %8;\n\t"
      "addc.cc.u32 %1, %5, %9;\n\t"
      "addc.cc.u32 %2, %6, %10;\n\t"
      "addc.u32 %3, %7, %11;"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]),
        "r"(b[3]));
}

__device__ void sub128(const unsigned *a, const unsigned *b, unsigned *r) {
  asm("sub.cc.u32 %0, %4, %8;\n\t"
      "subc.cc.u32 %1, %5, %9;\n\t"
      "subc.cc.u32 %2, %6, %10;\n\t"
      "subc.u32 %3, %7, %11;"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]),
        "r"(b[3]));
}

// (a1:a0) * (b1:b0), schoolbook with carries, as in 64-bit mulhi emulations.
__device__ void mul64x64(unsigned a0, unsigned a1, unsigned b0, unsigned b1, unsigned *r) {
  asm("{\n\t"
      ".reg .u32 t1, t2, t3;\n\t"
      "mul.lo.u32 %0, %4, %6;\n\t"
      "mul.hi.u32 t1, %4, %6;\n\t"
      "mad.lo.cc.u32 t1, %5, %6, t1;\n\t"
      "madc.hi.u32 t2, %5, %6, 0;\n\t"
      "mad.lo.cc.u32 %1, %4, %7, t1;\n\t"
      "madc.hi.cc.u32 t2, %4, %7, t2;\n\t"
      "addc.u32 t3, 0, 0;\n\t"
      "mad.lo.cc.u32 %2, %5, %7, t2;\n\t"
      "madc.hi.u32 %3, %5, %7, t3;\n\t"
      "}"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
      : "r"(a0), "r"(a1), "r"(b0), "r"(b1));
}

__global__ void limbs(const unsigned *in, Result *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const unsigned *a = in + 8 * i, *b = a + 4;
  Result r;
  add128(a, b, r.add);
  sub128(a, b, r.sub);
  mul64x64(a[0], a[1], b[0], b[1], r.mul);
  // (A chain split over two asm statements is not checked: Loom keeps the
  // carry flag between them, but on a GPU the compiler may schedule other
  // code between the statements, and an H200 lost the carry here.)
  r.split[0] = r.split[1] = 0;
  asm("mul.wide.u32 %0, %1, %2;" : "=l"(r.wide) : "r"(a[0]), "r"(b[0]));
  asm("mad.wide.s32 %0, %1, %2, %3;" : "=l"(r.madwide) : "r"(a[1]), "r"(b[1]), "l"((unsigned long long)a[2]));
  // A predicated carry chain: the add only runs for odd a[0].
  asm("{\n\t.reg .pred p;\n\t.reg .u32 lo;\n\t"
      "setp.ne.u32 p, %1, 0;\n\t"
      "mov.u32 %0, 7;\n\t"
      "add.cc.u32 lo, %2, %3;\n\t"
      "@p addc.u32 %0, 0, 0;\n\t}"
      : "=r"(r.guarded) : "r"(a[0] & 1), "r"(a[3]), "r"(b[3]));
  out[i] = r;
}

static u128 join(const unsigned *w) {
  return (u128)w[0] | (u128)w[1] << 32 | (u128)w[2] << 64 | (u128)w[3] << 96;
}

int main() {
  const int n = 1000;
  unsigned *in;
  Result *out;
  CHECK_CUDA(cudaMallocManaged(&in, 8 * n * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(Result)));
  unsigned long long s = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 8 * n; ++i) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    // Mix in all-ones and zero limbs so that carries ripple through.
    in[i] = (i % 11 == 0) ? 0xffffffffu : (i % 13 == 0) ? 0u : (unsigned)s;
  }
  limbs<<<(n + 127) / 128, 128>>>(in, out, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    const unsigned *a = in + 8 * i, *b = a + 4;
    const Result &r = out[i];
    u128 A = join(a), B = join(b);
    EXPECT(join(r.add) == A + B);
    EXPECT(join(r.sub) == A - B);
    u128 P = (u128)(((unsigned long long)a[1] << 32) | a[0]) *
             (((unsigned long long)b[1] << 32) | b[0]);
    EXPECT(join(r.mul) == P);
    EXPECT(r.wide == (unsigned long long)a[0] * b[0]);
    EXPECT(r.madwide == (unsigned long long)((long long)(int)a[1] * (int)b[1] + a[2]));
    unsigned carry = (unsigned)(((unsigned long long)a[3] + b[3]) >> 32);
    EXPECT(r.guarded == ((a[0] & 1) ? carry : 7u));
  }
  std::printf("PASSED\n");
  return 0;
}
