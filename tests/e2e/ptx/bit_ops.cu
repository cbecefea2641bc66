// Bit-manipulation inline PTX against CPU models written from the PTX ISA's
// definitions: lop3.b32 with several lookup tables, prmt.b32 in the default
// mode (sign replication included) and every special mode with variable
// selectors, bfe.u32/s32/u64/s64 and bfi.b32/b64 with positions and lengths
// past the width, funnel shifts shf.l/r.wrap/clamp (clang's __funnelshift_*
// spelled as PTX), clamped shl/shr, clz, popc, brev, bfind.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cstdint>

constexpr int kOut = 24;

__global__ void bits(const unsigned *in, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned a = in[4 * i], b = in[4 * i + 1], c = in[4 * i + 2], d = in[4 * i + 3];
  unsigned long long w = ((unsigned long long)b << 32) | a;
  unsigned *o = out + kOut * i;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(o[0]) : "r"(a), "r"(b), "r"(c));
  asm("lop3.b32 %0, %1, %2, %3, 0xE8;" : "=r"(o[1]) : "r"(a), "r"(b), "r"(c));
  asm("lop3.b32 %0, %1, %2, %3, 0xCA;" : "=r"(o[2]) : "r"(a), "r"(b), "r"(c));
  asm("lop3.b32 %0, %1, %2, %3, 0x1E;" : "=r"(o[3]) : "r"(a), "r"(b), "r"(c));
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(o[4]) : "r"(a), "r"(b), "r"(c));
  asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(o[5]) : "r"(a), "r"(b), "r"(d));
  asm("prmt.b32.b4e %0, %1, %2, %3;" : "=r"(o[6]) : "r"(a), "r"(b), "r"(d));
  asm("prmt.b32.rc8 %0, %1, %2, %3;" : "=r"(o[7]) : "r"(a), "r"(b), "r"(d));
  asm("prmt.b32.ecl %0, %1, %2, %3;" : "=r"(o[8]) : "r"(a), "r"(b), "r"(d));
  asm("prmt.b32.ecr %0, %1, %2, %3;" : "=r"(o[9]) : "r"(a), "r"(b), "r"(d));
  asm("prmt.b32.rc16 %0, %1, %2, %3;" : "=r"(o[10]) : "r"(a), "r"(b), "r"(d));
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(o[11]) : "r"(a), "r"(c & 0x3f), "r"(d & 0x3f));
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(o[12]) : "r"(a), "r"(c & 0x3f), "r"(d & 0x3f));
  unsigned long long e64;
  asm("bfe.s64 %0, %1, %2, %3;" : "=l"(e64) : "l"(w), "r"(c & 0x7f), "r"(d & 0x7f));
  o[13] = (unsigned)e64;
  o[14] = (unsigned)(e64 >> 32);
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(o[15]) : "r"(a), "r"(b), "r"(c & 0x3f), "r"(d & 0x3f));
  asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(o[16]) : "r"(a), "r"(b), "r"(c & 0x3f));
  asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(o[17]) : "r"(a), "r"(b), "r"(c & 0x3f));
  asm("shl.b32 %0, %1, %2;" : "=r"(o[18]) : "r"(a), "r"(d & 0x3f));
  asm("shr.s32 %0, %1, %2;" : "=r"(o[19]) : "r"(a), "r"(d & 0x3f));
  asm("clz.b32 %0, %1;" : "=r"(o[20]) : "r"(a >> (d & 31)));
  asm("popc.b64 %0, %1;" : "=r"(o[21]) : "l"(w));
  asm("brev.b32 %0, %1;" : "=r"(o[22]) : "r"(a));
  asm("bfind.s32 %0, %1;" : "=r"(o[23]) : "r"(a >> (c & 31)));
}

// ---- CPU models, from the PTX ISA's definitions ----
static unsigned lop3(unsigned a, unsigned b, unsigned c, unsigned lut) {
  unsigned d = 0;
  for (int i = 0; i < 32; ++i) {
    unsigned k = ((a >> i & 1) << 2) | ((b >> i & 1) << 1) | (c >> i & 1);
    d |= (lut >> k & 1) << i;
  }
  return d;
}
static unsigned prmt(unsigned a, unsigned b, unsigned c, int mode) {
  uint64_t t = (uint64_t)b << 32 | a;
  unsigned ctl = c & 3, d = 0;
  for (unsigned i = 0; i < 4; ++i) {
    unsigned idx, byte;
    if (mode < 0) {
      unsigned sel = c >> (4 * i) & 0xf;
      byte = t >> (8 * (sel & 7)) & 0xff;
      if (sel & 8)
        byte = (byte & 0x80) ? 0xff : 0;
    } else {
      switch (mode) {
      case 0: idx = (ctl + i) & 7; break;       // f4e
      case 1: idx = (8 + ctl - i) & 7; break;   // b4e
      case 2: idx = ctl; break;                 // rc8
      case 3: idx = ctl > i ? ctl : i; break;   // ecl
      case 4: idx = ctl < i ? ctl : i; break;   // ecr
      default: idx = (i & 1) | (ctl & 1) << 1;  // rc16
      }
      byte = t >> (8 * idx) & 0xff;
    }
    d |= byte << (8 * i);
  }
  return d;
}
static uint64_t bfe(uint64_t a, unsigned pos, unsigned len, int width, bool sign) {
  pos &= 0xff;
  len &= 0xff;
  int msb = width - 1;
  unsigned sbit = 0;
  if (sign && len)
    sbit = a >> (pos + len - 1 < (unsigned)msb ? pos + len - 1 : msb) & 1;
  uint64_t d = 0;
  for (int i = 0; i < width; ++i) {
    unsigned bit = (i < (int)len && pos + i <= (unsigned)msb) ? (a >> (pos + i) & 1) : sbit;
    d |= (uint64_t)bit << i;
  }
  return d;
}
static unsigned bfi(unsigned a, unsigned b, unsigned pos, unsigned len) {
  unsigned f = b;
  for (unsigned i = 0; i < len && pos + i <= 31; ++i)
    f = (f & ~(1u << (pos + i))) | ((a >> i & 1) << (pos + i));
  return f;
}
static unsigned shf(unsigned a, unsigned b, unsigned n, bool left, bool wrap) {
  n = wrap ? n & 31 : (n < 32 ? n : 32);
  uint64_t v = (uint64_t)b << 32 | a;
  return left ? (unsigned)((v << n) >> 32) : (unsigned)(v >> n);
}

int main() {
  const int n = 2000;
  unsigned *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 4 * n * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&out, kOut * n * sizeof(unsigned)));
  uint64_t s = 88172645463325252ull;
  for (int i = 0; i < 4 * n; ++i) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    in[i] = (unsigned)(s >> 11);
  }
  bits<<<(n + 255) / 256, 256>>>(in, out, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    unsigned a = in[4 * i], b = in[4 * i + 1], c = in[4 * i + 2], d = in[4 * i + 3];
    uint64_t w = (uint64_t)b << 32 | a;
    const unsigned *o = out + kOut * i;
    EXPECT(o[0] == lop3(a, b, c, 0x96) && o[0] == (a ^ b ^ c));
    EXPECT(o[1] == lop3(a, b, c, 0xE8)); // majority
    EXPECT(o[2] == lop3(a, b, c, 0xCA) && o[2] == ((a & b) | (~a & c)));
    EXPECT(o[3] == lop3(a, b, c, 0x1E));
    EXPECT(o[4] == prmt(a, b, c, -1));
    for (int m = 0; m < 6; ++m)
      EXPECT(o[5 + m] == prmt(a, b, d, m));
    EXPECT(o[11] == (unsigned)bfe(a, c & 0x3f, d & 0x3f, 32, false));
    EXPECT(o[12] == (unsigned)bfe(a, c & 0x3f, d & 0x3f, 32, true));
    uint64_t e = bfe(w, c & 0x7f, d & 0x7f, 64, true);
    EXPECT(o[13] == (unsigned)e && o[14] == (unsigned)(e >> 32));
    EXPECT(o[15] == bfi(a, b, c & 0x3f, d & 0x3f));
    EXPECT(o[16] == shf(a, b, c & 0x3f, true, true));
    EXPECT(o[17] == shf(a, b, c & 0x3f, false, false));
    unsigned sh = d & 0x3f;
    EXPECT(o[18] == (sh >= 32 ? 0u : a << sh));
    EXPECT(o[19] == (unsigned)((int)a >> (sh >= 32 ? 31 : sh)));
    unsigned x = a >> (d & 31);
    EXPECT(o[20] == (x ? (unsigned)__builtin_clz(x) : 32u));
    EXPECT(o[21] == (unsigned)__builtin_popcountll(w));
    unsigned r = 0;
    for (int k = 0; k < 32; ++k)
      r |= (a >> k & 1) << (31 - k);
    EXPECT(o[22] == r);
    int y = (int)(a >> (c & 31));
    unsigned yy = y < 0 ? ~(unsigned)y : (unsigned)y;
    EXPECT(o[23] == (yy ? 31u - __builtin_clz(yy) : 0xffffffffu));
  }
  std::printf("PASSED\n");
  return 0;
}
