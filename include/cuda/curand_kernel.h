/* curand_kernel.h - cuRAND's device API for Loom: generator states and
 * distributions used inside kernels, header-only.
 * SPDX-License-Identifier: Apache-2.0
 *
 * The same code is libcurand's host generators (libs/curand/): the header
 * compiles as device code under loomcc and as plain C++, so a host generator
 * and a kernel seeded alike produce the same numbers. Algorithms
 * (docs/libraries.md, "cuRAND", says what was verified against what):
 *  - XORWOW: Marsaglia's xorshift with a Weyl counter (J. Stat. Softw. 8(14),
 *    2003), seeded from a 64-bit seed as cuRAND does; curand_init's
 *    subsequence is 2^67 steps. Skip-ahead uses jump polynomials
 *    (curand_loom_xorwow_jumps.h, derived by libs/curand/gen_xorwow_jumps.py):
 *    z^n mod p(z) applied to the state by Horner's rule.
 *  - Philox4x32-10: Salmon et al., "Parallel random numbers: as easy as
 *    1, 2, 3" (SC'11); key = seed, counter words z/w = subsequence, x/y =
 *    offset / 4, four outputs per counter.
 *  - MRG32k3a: L'Ecuyer, "Good parameters and implementations for combined
 *    multiple recursive random number generators" (Oper. Res. 47(1), 1999);
 *    seed 0 is L'Ecuyer's 12345 state; subsequences of 2^76 steps, sequences
 *    of 2^127 (matrix powers mod m1/m2; those for offsets and subsequences
 *    tabulated in curand_loom_mrg_jumps.h by libs/curand/gen_mrg_jumps.py).
 *  - Sobol32/Sobol64 (curandStateSobol32_t/64_t): Gray-code order, as
 *    Antonov-Saleev; the scrambled states XOR every point with their
 *    scramble constant (the direction vectors come scrambled).
 *  - MTGP32 (curandStateMtgp32_t): curand_mtgp32_kernel.h, included at the
 *    end.
 * Normal numbers come from Box-Muller pairs on the pseudo generators (the
 * second of a pair is kept in the state) and from the inverse normal CDF on
 * Sobol; Poisson from Knuth's product method below lambda 64 and Hormann's
 * PTRS rejection (1993) above.
 */
#ifndef CURAND_KERNEL_H_
#define CURAND_KERNEL_H_

#include "curand.h"
#include "vector_types.h"
#include "curand_loom_xorwow_jumps.h"
#include "curand_loom_mrg_jumps.h"

#include <math.h>
#if defined(__CUDACC__) || defined(__CUDA__)
#define __LOOM_CURAND_FN static __host__ __device__ inline
#else
#define __LOOM_CURAND_FN static inline
#endif

#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_2POW53_INV_DOUBLE (1.1102230246251565e-16)
#define CURAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)
#define CURAND_2PI (6.2831853071795860f)
#define CURAND_SQRT2 (-1.4142135f)
#define CURAND_SQRT2_DOUBLE (-1.4142135623730951)

/* ---- States (field layouts as cuRAND's, so code that copies or sizes them
 * behaves alike). ---- */
struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;

struct curandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;

/* Scrambled Sobol: the same fields; c is the scramble constant. */
struct curandStateScrambledSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;

struct curandStateScrambledSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

#define __LOOM_CURAND_EXTRA_FLAG_NORMAL 0x00000001
#define __LOOM_CURAND_EXTRA_FLAG_LOG_NORMAL 0x00000002

/* ---- Math that differs between device code and host code (the device
 * library's sincospi/normcdfinv; the host's libm has neither). ---- */
__LOOM_CURAND_FN void __loom_curand_sincosf(float x, float *s, float *c) {
#ifdef __CUDA_ARCH__
  sincosf(x, s, c);
#else
  *s = sinf(x);
  *c = cosf(x);
#endif
}
__LOOM_CURAND_FN void __loom_curand_sincospi(double x, double *s, double *c) {
#ifdef __CUDA_ARCH__
  sincospi(x, s, c);
#else
  *s = sin(3.141592653589793 * x);
  *c = cos(3.141592653589793 * x);
#endif
}
/* Inverse of the standard normal CDF: an initial guess refined by Halley
 * steps on erfc (converges to double precision in a few steps). */
__LOOM_CURAND_FN double __loom_curand_normcdfinv(double u) {
#ifdef __CUDA_ARCH__
  return normcdfinv(u);
#else
  if (!(u > 0.0))
    return -HUGE_VAL;
  if (!(u < 1.0))
    return HUGE_VAL;
  double p = u < 0.5 ? u : 1.0 - u;
  double t = sqrt(-2.0 * log(p));
  /* Hastings' rational guess (|error| < 4.5e-4), then Halley's method. */
  double x = t - (2.515517 + t * (0.802853 + t * 0.010328)) /
                     (1.0 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
  x = -x; /* quantile of p <= 0.5 */
  for (int i = 0; i < 4; ++i) {
    double e = 0.5 * erfc(-x / 1.4142135623730951) - p;
    double pdf = 0.3989422804014327 * exp(-0.5 * x * x);
    if (pdf == 0.0)
      break;
    double d = e / pdf;
    x = x - d / (1.0 + 0.5 * x * d);
  }
  return u < 0.5 ? x : -x;
#endif
}

/* ---- Conversions of raw 32-bit outputs (shared by all generators). ---- */
__LOOM_CURAND_FN float _curand_uniform(unsigned int x) {
  return x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
}
__LOOM_CURAND_FN double _curand_uniform_double_hq(unsigned int x, unsigned int y) {
  unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << (53 - 32));
  return z * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}
__LOOM_CURAND_FN float2 _curand_box_muller(unsigned int x, unsigned int y) {
  float2 r;
  float u = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
  float v = y * CURAND_2POW32_INV_2PI + (CURAND_2POW32_INV_2PI / 2.0f);
  float s = sqrtf(-2.0f * logf(u));
  __loom_curand_sincosf(v, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
}
__LOOM_CURAND_FN double2 _curand_box_muller_double(unsigned int x0, unsigned int x1,
                                                   unsigned int y0, unsigned int y1) {
  double2 r;
  unsigned long long zx = (unsigned long long)x0 ^ ((unsigned long long)x1 << (53 - 32));
  double u = zx * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
  unsigned long long zy = (unsigned long long)y0 ^ ((unsigned long long)y1 << (53 - 32));
  double v = zy * (CURAND_2POW53_INV_DOUBLE * 2.0) + CURAND_2POW53_INV_DOUBLE;
  double s = sqrt(-2.0 * log(u));
  __loom_curand_sincospi(v, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
}

/* ================================ XORWOW ================================ */
__LOOM_CURAND_FN void __loom_xorwow_step(unsigned int v[5]) {
  unsigned int t = v[0] ^ (v[0] >> 2);
  v[0] = v[1];
  v[1] = v[2];
  v[2] = v[3];
  v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}
/* v = g(M) v for the jump polynomial in row `row` of the table. */
__LOOM_CURAND_FN void __loom_xorwow_jump(unsigned int v[5], int row) {
  static const unsigned int T[128][5] = {LOOM_CURAND_XORWOW_JUMP_ROWS};
  unsigned int r[5] = {0, 0, 0, 0, 0};
  for (int i = 159; i >= 0; --i) {
    __loom_xorwow_step(r);
    if ((T[row][i >> 5] >> (i & 31)) & 1u)
      for (int w = 0; w < 5; ++w)
        r[w] ^= v[w];
  }
  for (int w = 0; w < 5; ++w)
    v[w] = r[w];
}
__LOOM_CURAND_FN unsigned int curand(curandStateXORWOW_t *state) {
  __loom_xorwow_step(state->v);
  state->d += 362437;
  return state->v[4] + state->d;
}
__LOOM_CURAND_FN void skipahead(unsigned long long n, curandStateXORWOW_t *state) {
  state->d += 362437u * (unsigned int)n;
  if (n < 256) { /* cheaper than one jump (160 steps and XORs) */
    for (; n; --n)
      __loom_xorwow_step(state->v);
    return;
  }
  for (int k = 0; n; ++k, n >>= 1)
    if (n & 1)
      __loom_xorwow_jump(state->v, k);
}
__LOOM_CURAND_FN void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state) {
  for (int k = 0; n; ++k, n >>= 1)
    if (n & 1)
      __loom_xorwow_jump(state->v, 64 + k);
}
__LOOM_CURAND_FN void curand_init(unsigned long long seed, unsigned long long subsequence,
                                  unsigned long long offset, curandStateXORWOW_t *state) {
  unsigned int s0 = ((unsigned int)seed) ^ 0xaad26b49u;
  unsigned int s1 = ((unsigned int)(seed >> 32)) ^ 0xf7dcefddu;
  unsigned int t0 = 1099087573u * s0;
  unsigned int t1 = 2591861531u * s1;
  state->d = 6615241u + t1 + t0;
  state->v[0] = 123456789u + t0;
  state->v[1] = 362436069u ^ t0;
  state->v[2] = 521288629u + t1;
  state->v[3] = 88675123u ^ t1;
  state->v[4] = 5783321u + t0;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
}

/* ============================ Philox4x32-10 ============================= */
__LOOM_CURAND_FN uint4 __loom_philox_round(uint4 c, uint2 k) {
  unsigned long long p0 = (unsigned long long)0xD2511F53u * c.x;
  unsigned long long p1 = (unsigned long long)0xCD9E8D57u * c.z;
  uint4 r;
  r.x = (unsigned int)(p1 >> 32) ^ c.y ^ k.x;
  r.y = (unsigned int)p1;
  r.z = (unsigned int)(p0 >> 32) ^ c.w ^ k.y;
  r.w = (unsigned int)p0;
  return r;
}
__LOOM_CURAND_FN uint4 curand_Philox4x32_10(uint4 c, uint2 k) {
  for (int i = 0; i < 9; ++i) {
    c = __loom_philox_round(c, k);
    k.x += 0x9E3779B9u;
    k.y += 0xBB67AE85u;
  }
  return __loom_philox_round(c, k);
}
__LOOM_CURAND_FN void __loom_philox_incr(curandStatePhilox4_32_10_t *s, unsigned long long n) {
  unsigned int lo = (unsigned int)n, hi = (unsigned int)(n >> 32);
  s->ctr.x += lo;
  if (s->ctr.x < lo)
    ++hi;
  s->ctr.y += hi;
  if (hi <= s->ctr.y)
    return;
  if (++s->ctr.z)
    return;
  ++s->ctr.w;
}
__LOOM_CURAND_FN void __loom_philox_incr_hi(curandStatePhilox4_32_10_t *s, unsigned long long n) {
  unsigned int lo = (unsigned int)n, hi = (unsigned int)(n >> 32);
  s->ctr.z += lo;
  if (s->ctr.z < lo)
    ++hi;
  s->ctr.w += hi;
}
__LOOM_CURAND_FN void __loom_philox_next(curandStatePhilox4_32_10_t *s) {
  if (++s->ctr.x == 0 && ++s->ctr.y == 0 && ++s->ctr.z == 0)
    ++s->ctr.w;
  s->output = curand_Philox4x32_10(s->ctr, s->key);
}
__LOOM_CURAND_FN unsigned int curand(curandStatePhilox4_32_10_t *state) {
  unsigned int r;
  switch (state->STATE++) {
  case 0: r = state->output.x; break;
  case 1: r = state->output.y; break;
  case 2: r = state->output.z; break;
  default: r = state->output.w; break;
  }
  if (state->STATE == 4) {
    __loom_philox_next(state);
    state->STATE = 0;
  }
  return r;
}
__LOOM_CURAND_FN uint4 curand4(curandStatePhilox4_32_10_t *state) {
  uint4 t = state->output, r;
  __loom_philox_next(state);
  switch (state->STATE) {
  case 0: return t;
  case 1: r.x = t.y; r.y = t.z; r.z = t.w; r.w = state->output.x; break;
  case 2: r.x = t.z; r.y = t.w; r.z = state->output.x; r.w = state->output.y; break;
  default: r.x = t.w; r.y = state->output.x; r.z = state->output.y; r.w = state->output.z; break;
  }
  return r;
}
__LOOM_CURAND_FN void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state) {
  state->STATE += (unsigned int)(n & 3);
  n /= 4;
  if (state->STATE > 3) {
    n += 1;
    state->STATE -= 4;
  }
  __loom_philox_incr(state, n);
  state->output = curand_Philox4x32_10(state->ctr, state->key);
}
__LOOM_CURAND_FN void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *state) {
  __loom_philox_incr_hi(state, n);
  state->output = curand_Philox4x32_10(state->ctr, state->key);
}
__LOOM_CURAND_FN void curand_init(unsigned long long seed, unsigned long long subsequence,
                                  unsigned long long offset, curandStatePhilox4_32_10_t *state) {
  state->ctr.x = state->ctr.y = state->ctr.z = state->ctr.w = 0;
  state->key.x = (unsigned int)seed;
  state->key.y = (unsigned int)(seed >> 32);
  state->STATE = 0;
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
}

/* =============================== MRG32k3a =============================== */
#define __LOOM_MRG_M1 4294967087ull
#define __LOOM_MRG_M2 4294944443ull
#define MRG32K3A_NORM (2.3283065498378290e-10) /* 1 / m1: uniforms in (0, 1] */
__LOOM_CURAND_FN unsigned long long __loom_mrg_mulmod(unsigned long long a, unsigned long long b,
                                                      unsigned long long m) {
  return (a * b) % m; /* a, b < 2^32 */
}
/* r = A * B mod m, 3x3. */
__LOOM_CURAND_FN void __loom_mrg_matmul(unsigned long long r[9], const unsigned long long a[9],
                                        const unsigned long long b[9], unsigned long long m) {
  unsigned long long t[9];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      unsigned long long s = 0;
      for (int k = 0; k < 3; ++k)
        s = (s + __loom_mrg_mulmod(a[3 * i + k], b[3 * k + j], m)) % m;
      t[3 * i + j] = s;
    }
  for (int i = 0; i < 9; ++i)
    r[i] = t[i];
}
template <typename T>
__LOOM_CURAND_FN void __loom_mrg_apply(unsigned int s[3], const T a[9], unsigned long long m) {
  unsigned long long t[3];
  for (int i = 0; i < 3; ++i) {
    unsigned long long acc = 0;
    for (int k = 0; k < 3; ++k)
      acc = (acc + __loom_mrg_mulmod(a[3 * i + k], s[k], m)) % m;
    t[i] = acc;
  }
  for (int i = 0; i < 3; ++i)
    s[i] = (unsigned int)t[i];
}
/* Advances the state by n * 2^e steps, e = 0 or 76: the tabulated powers
 * A^(2^(e+k)) of the two transition matrices (curand_loom_mrg_jumps.h,
 * from libs/curand/gen_mrg_jumps.py) for the set bits k of n. */
__LOOM_CURAND_FN void __loom_mrg_skip_table(curandStateMRG32k3a_t *state, unsigned long long n,
                                            int row) {
  static const unsigned int T1[128][9] = {LOOM_CURAND_MRG_JUMP1_ROWS};
  static const unsigned int T2[128][9] = {LOOM_CURAND_MRG_JUMP2_ROWS};
  for (; n; n >>= 1, ++row)
    if (n & 1) {
      __loom_mrg_apply(state->s1, T1[row], __LOOM_MRG_M1);
      __loom_mrg_apply(state->s2, T2[row], __LOOM_MRG_M2);
    }
}
/* Advances the state by n * 2^e steps for any e: powers of the two
 * transition matrices by repeated squaring. */
__LOOM_CURAND_FN void __loom_mrg_skip(curandStateMRG32k3a_t *state, unsigned long long n, int e) {
  unsigned long long a1[9] = {0, 1, 0, 0, 0, 1, __LOOM_MRG_M1 - 810728, 1403580, 0};
  unsigned long long a2[9] = {0, 1, 0, 0, 0, 1, __LOOM_MRG_M2 - 1370589, 0, 527612};
  for (int i = 0; i < e; ++i) {
    __loom_mrg_matmul(a1, a1, a1, __LOOM_MRG_M1);
    __loom_mrg_matmul(a2, a2, a2, __LOOM_MRG_M2);
  }
  while (n) {
    if (n & 1) {
      __loom_mrg_apply(state->s1, a1, __LOOM_MRG_M1);
      __loom_mrg_apply(state->s2, a2, __LOOM_MRG_M2);
    }
    n >>= 1;
    if (n) {
      __loom_mrg_matmul(a1, a1, a1, __LOOM_MRG_M1);
      __loom_mrg_matmul(a2, a2, a2, __LOOM_MRG_M2);
    }
  }
}
/* One step; the combined value in [1, m1]. */
__LOOM_CURAND_FN unsigned int __loom_mrg_next(curandStateMRG32k3a_t *state) {
  /* Each product below 2^64, reduced before the sum (which could wrap). */
  unsigned long long p1 = (1403580ull * state->s1[1] % __LOOM_MRG_M1 +
                           (__LOOM_MRG_M1 - 810728) * state->s1[0] % __LOOM_MRG_M1) %
                          __LOOM_MRG_M1;
  state->s1[0] = state->s1[1];
  state->s1[1] = state->s1[2];
  state->s1[2] = (unsigned int)p1;
  unsigned long long p2 = (527612ull * state->s2[2] % __LOOM_MRG_M2 +
                           (__LOOM_MRG_M2 - 1370589) * state->s2[0] % __LOOM_MRG_M2) %
                          __LOOM_MRG_M2;
  state->s2[0] = state->s2[1];
  state->s2[1] = state->s2[2];
  state->s2[2] = (unsigned int)p2;
  return (unsigned int)(p1 > p2 ? p1 - p2 : p1 + __LOOM_MRG_M1 - p2);
}
__LOOM_CURAND_FN double curand_MRG32k3a(curandStateMRG32k3a_t *state) {
  return (double)__loom_mrg_next(state);
}
__LOOM_CURAND_FN unsigned int curand(curandStateMRG32k3a_t *state) {
  /* [1, m1] scaled to 32 bits; m1 itself saturates, as a GPU's conversion. */
  double x = (double)__loom_mrg_next(state) * (4294967296.0 / 4294967087.0);
  return x >= 4294967295.0 ? 0xffffffffu : (unsigned int)x;
}
__LOOM_CURAND_FN void skipahead(unsigned long long n, curandStateMRG32k3a_t *state) {
  __loom_mrg_skip_table(state, n, 0);
}
__LOOM_CURAND_FN void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *state) {
  __loom_mrg_skip_table(state, n, 64);
}
__LOOM_CURAND_FN void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t *state) {
  __loom_mrg_skip(state, n, 127);
}
__LOOM_CURAND_FN void curand_init(unsigned long long seed, unsigned long long subsequence,
                                  unsigned long long offset, curandStateMRG32k3a_t *state) {
  for (int i = 0; i < 3; ++i)
    state->s1[i] = state->s2[i] = 12345u;
  if (seed != 0ull) {
    unsigned int x1 = ((unsigned int)seed) ^ 0x55555555u;
    unsigned int x2 = ((unsigned int)(seed >> 32)) ^ 0xAAAAAAAAu;
    state->s1[0] = (unsigned int)__loom_mrg_mulmod(x1, state->s1[0], __LOOM_MRG_M1);
    state->s1[1] = (unsigned int)__loom_mrg_mulmod(x2, state->s1[1], __LOOM_MRG_M1);
    state->s1[2] = (unsigned int)__loom_mrg_mulmod(x1, state->s1[2], __LOOM_MRG_M1);
    state->s2[0] = (unsigned int)__loom_mrg_mulmod(x2, state->s2[0], __LOOM_MRG_M2);
    state->s2[1] = (unsigned int)__loom_mrg_mulmod(x1, state->s2[1], __LOOM_MRG_M2);
    state->s2[2] = (unsigned int)__loom_mrg_mulmod(x2, state->s2[2], __LOOM_MRG_M2);
  }
  skipahead_subsequence(subsequence, state);
  skipahead(offset, state);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
}

/* ============================ Sobol32/Sobol64 =========================== */
/* Point i of a dimension is c ^ (XOR of v[k] for the set bits k of i's Gray
 * code), c = 0 for the plain sequence and the scramble constant (a digital
 * shift) for the scrambled one; the scrambled direction vectors themselves
 * come scrambled from the library (curandGetDirectionVectors32/64). */
template <typename S, typename W, int B>
__LOOM_CURAND_FN void __loom_sobol_init(const W *v, W c, W offset, S *state) {
  state->i = offset;
  state->c = c;
  for (int k = 0; k < B; ++k)
    state->direction_vectors[k] = v[k];
  W g = offset ^ (offset >> 1), x = c;
  for (int k = 0; k < B; ++k)
    if ((g >> k) & 1u)
      x ^= v[k];
  state->x = x;
}
template <typename S, typename W, int B> __LOOM_CURAND_FN W __loom_sobol_next(S *state) {
  W r = state->x, i = state->i;
  unsigned int k = 0;
  while (i & 1u) { /* lowest zero bit of i: the Gray code's changed bit */
    i >>= 1;
    ++k;
  }
  state->x ^= state->direction_vectors[k & (B - 1)];
  state->i++;
  return r;
}
template <typename S, typename W, int B> __LOOM_CURAND_FN void __loom_sobol_skip(W n, S *state) {
  W o = state->i + n, g = o ^ (o >> 1), x = state->c;
  for (int k = 0; k < B; ++k)
    if ((g >> k) & 1u)
      x ^= state->direction_vectors[k];
  state->i = o;
  state->x = x;
}
/* Doubles from one 64-bit output: its top 53 bits, (x >> 11) 2^-53 + 2^-54
 * (what a GPU gives for Sobol64, normals included). */
__LOOM_CURAND_FN double __loom_curand_uniform64(unsigned long long x) {
  return (double)(x >> 11) * CURAND_2POW53_INV_DOUBLE + CURAND_2POW53_INV_DOUBLE / 2.0;
}
/* Doubles from one 32-bit output, x 2^-32 + 2^-32 (a GPU's uniform doubles
 * from Sobol32 and MTGP32), and x 2^-32 + 2^-33 (its Sobol32 normals). */
__LOOM_CURAND_FN double _curand_uniform_double(unsigned int x) {
  return x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE;
}
__LOOM_CURAND_FN double __loom_sobol_double(unsigned int x) { return _curand_uniform_double(x); }
__LOOM_CURAND_FN double __loom_sobol_double(unsigned long long x) {
  return __loom_curand_uniform64(x);
}
__LOOM_CURAND_FN double __loom_sobol_normal_double(unsigned int x) {
  return __loom_curand_normcdfinv(x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE / 2.0);
}
__LOOM_CURAND_FN double __loom_sobol_normal_double(unsigned long long x) {
  return __loom_curand_normcdfinv(__loom_curand_uniform64(x));
}
__LOOM_CURAND_FN float __loom_sobol_float(unsigned int x) { return _curand_uniform(x); }
__LOOM_CURAND_FN float __loom_sobol_float(unsigned long long x) {
  return _curand_uniform((unsigned int)(x >> 32));
}
/* Poisson by inversion of its CDF at u: summed from 0 up to lambda 700
 * (exp(-lambda) is still a normal double), a normal approximation with
 * continuity correction above. Used where one uniform per value must
 * suffice (quasi-random points, MTGP32 rounds). */
__LOOM_CURAND_FN unsigned int __loom_curand_poisson_inverse(double u, double lambda) {
  if (!(lambda > 0.0))
    return 0;
  if (lambda > 700.0) {
    double k = floor(lambda + sqrt(lambda) * __loom_curand_normcdfinv(u) + 0.5);
    return k < 0.0 ? 0u : (unsigned int)k;
  }
  double p = exp(-lambda), cdf = p;
  unsigned int k = 0;
  while (u > cdf && k < 0x7fffffffu) {
    ++k;
    p *= lambda / k;
    cdf += p;
    if (p == 0.0 && k > lambda)
      break;
  }
  return k;
}

#define __LOOM_CURAND_SOBOL_API(S, W, B)                                                           \
  __LOOM_CURAND_FN W curand(S *state) { return __loom_sobol_next<S, W, B>(state); }               \
  __LOOM_CURAND_FN float curand_uniform(S *state) { return __loom_sobol_float(curand(state)); }   \
  __LOOM_CURAND_FN double curand_uniform_double(S *state) {                                       \
    return __loom_sobol_double(curand(state));                                                    \
  }                                                                                               \
  __LOOM_CURAND_FN float curand_normal(S *state) {                                                \
    return (float)__loom_curand_normcdfinv(sizeof(W) == 4 ? (double)curand_uniform(state)        \
                                                          : curand_uniform_double(state));        \
  }                                                                                               \
  __LOOM_CURAND_FN double curand_normal_double(S *state) {                                        \
    return __loom_sobol_normal_double(curand(state));                                             \
  }                                                                                               \
  __LOOM_CURAND_FN float curand_log_normal(S *state, float mean, float stddev) {                  \
    return expf(mean + stddev * curand_normal(state));                                            \
  }                                                                                               \
  __LOOM_CURAND_FN double curand_log_normal_double(S *state, double mean, double stddev) {        \
    return exp(mean + stddev * curand_normal_double(state));                                      \
  }                                                                                               \
  __LOOM_CURAND_FN unsigned int curand_poisson(S *state, double lambda) {                         \
    return __loom_curand_poisson_inverse(curand_uniform_double(state), lambda);                   \
  }

/* Sobol32 */
__LOOM_CURAND_FN void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset,
                                  curandStateSobol32_t *state) {
  __loom_sobol_init<curandStateSobol32_t, unsigned int, 32>(direction_vectors, 0u, offset, state);
}
__LOOM_CURAND_FN void skipahead(unsigned int n, curandStateSobol32_t *state) {
  __loom_sobol_skip<curandStateSobol32_t, unsigned int, 32>(n, state);
}
__LOOM_CURAND_SOBOL_API(curandStateSobol32_t, unsigned int, 32)

/* Scrambled Sobol32: scramble_c is the first point (offset 0). */
__LOOM_CURAND_FN void curand_init(curandDirectionVectors32_t direction_vectors,
                                  unsigned int scramble_c, unsigned int offset,
                                  curandStateScrambledSobol32_t *state) {
  __loom_sobol_init<curandStateScrambledSobol32_t, unsigned int, 32>(direction_vectors, scramble_c,
                                                                     offset, state);
}
__LOOM_CURAND_FN void skipahead(unsigned int n, curandStateScrambledSobol32_t *state) {
  __loom_sobol_skip<curandStateScrambledSobol32_t, unsigned int, 32>(n, state);
}
__LOOM_CURAND_SOBOL_API(curandStateScrambledSobol32_t, unsigned int, 32)

/* Sobol64 */
__LOOM_CURAND_FN void curand_init(curandDirectionVectors64_t direction_vectors,
                                  unsigned long long offset, curandStateSobol64_t *state) {
  __loom_sobol_init<curandStateSobol64_t, unsigned long long, 64>(direction_vectors, 0ull, offset,
                                                                  state);
}
__LOOM_CURAND_FN void skipahead(unsigned long long n, curandStateSobol64_t *state) {
  __loom_sobol_skip<curandStateSobol64_t, unsigned long long, 64>(n, state);
}
__LOOM_CURAND_SOBOL_API(curandStateSobol64_t, unsigned long long, 64)

/* Scrambled Sobol64 */
__LOOM_CURAND_FN void curand_init(curandDirectionVectors64_t direction_vectors,
                                  unsigned long long scramble_c, unsigned long long offset,
                                  curandStateScrambledSobol64_t *state) {
  __loom_sobol_init<curandStateScrambledSobol64_t, unsigned long long, 64>(
      direction_vectors, scramble_c, offset, state);
}
__LOOM_CURAND_FN void skipahead(unsigned long long n, curandStateScrambledSobol64_t *state) {
  __loom_sobol_skip<curandStateScrambledSobol64_t, unsigned long long, 64>(n, state);
}
__LOOM_CURAND_SOBOL_API(curandStateScrambledSobol64_t, unsigned long long, 64)
#undef __LOOM_CURAND_SOBOL_API
/* ====================== Distributions (pseudo) ========================= */
template <typename S> struct __loom_curand_box_muller_gen { static const bool value = false; };
template <> struct __loom_curand_box_muller_gen<curandStateXORWOW> { static const bool value = true; };
template <> struct __loom_curand_box_muller_gen<curandStatePhilox4_32_10> {
  static const bool value = true;
};
template <bool B, typename T> struct __loom_curand_if {};
template <typename T> struct __loom_curand_if<true, T> { typedef T type; };
#define __LOOM_CURAND_GEN(S, T)                                                                    \
  typename __loom_curand_if<__loom_curand_box_muller_gen<S>::value, T>::type

template <typename S> __LOOM_CURAND_FN __LOOM_CURAND_GEN(S, float) curand_uniform(S *state) {
  return _curand_uniform(curand(state));
}
template <typename S>
__LOOM_CURAND_FN __LOOM_CURAND_GEN(S, double) curand_uniform_double(S *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return _curand_uniform_double_hq(x, y);
}
template <typename S> __LOOM_CURAND_FN __LOOM_CURAND_GEN(S, float2) curand_normal2(S *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return _curand_box_muller(x, y);
}
template <typename S> __LOOM_CURAND_FN __LOOM_CURAND_GEN(S, float) curand_normal(S *state) {
  if (state->boxmuller_flag != __LOOM_CURAND_EXTRA_FLAG_NORMAL) {
    float2 v = curand_normal2(state);
    state->boxmuller_extra = v.y;
    state->boxmuller_flag = __LOOM_CURAND_EXTRA_FLAG_NORMAL;
    return v.x;
  }
  state->boxmuller_flag = 0;
  return state->boxmuller_extra;
}
template <typename S>
__LOOM_CURAND_FN __LOOM_CURAND_GEN(S, double2) curand_normal2_double(S *state) {
  unsigned int x0 = curand(state);
  unsigned int x1 = curand(state);
  unsigned int y0 = curand(state);
  unsigned int y1 = curand(state);
  return _curand_box_muller_double(x0, x1, y0, y1);
}
template <typename S>
__LOOM_CURAND_FN __LOOM_CURAND_GEN(S, double) curand_normal_double(S *state) {
  if (state->boxmuller_flag_double != __LOOM_CURAND_EXTRA_FLAG_NORMAL) {
    double2 v = curand_normal2_double(state);
    state->boxmuller_extra_double = v.y;
    state->boxmuller_flag_double = __LOOM_CURAND_EXTRA_FLAG_NORMAL;
    return v.x;
  }
  state->boxmuller_flag_double = 0;
  return state->boxmuller_extra_double;
}

/* MRG32k3a: uniforms straight from the combined value; Box-Muller on them. */
__LOOM_CURAND_FN float curand_uniform(curandStateMRG32k3a_t *state) {
  return (float)(curand_MRG32k3a(state) * MRG32K3A_NORM);
}
__LOOM_CURAND_FN double curand_uniform_double(curandStateMRG32k3a_t *state) {
  return curand_MRG32k3a(state) * MRG32K3A_NORM;
}
__LOOM_CURAND_FN float2 curand_normal2(curandStateMRG32k3a_t *state) {
  float2 r;
  float x = curand_uniform(state);
  float y = curand_uniform(state) * CURAND_2PI;
  float s = sqrtf(-2.0f * logf(x));
  __loom_curand_sincosf(y, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
}
__LOOM_CURAND_FN float curand_normal(curandStateMRG32k3a_t *state) {
  if (state->boxmuller_flag != __LOOM_CURAND_EXTRA_FLAG_NORMAL) {
    float2 v = curand_normal2(state);
    state->boxmuller_extra = v.y;
    state->boxmuller_flag = __LOOM_CURAND_EXTRA_FLAG_NORMAL;
    return v.x;
  }
  state->boxmuller_flag = 0;
  return state->boxmuller_extra;
}
__LOOM_CURAND_FN double2 curand_normal2_double(curandStateMRG32k3a_t *state) {
  double2 r;
  double x = curand_uniform_double(state);
  double y = curand_uniform_double(state) * 2.0;
  double s = sqrt(-2.0 * log(x));
  __loom_curand_sincospi(y, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
}
__LOOM_CURAND_FN double curand_normal_double(curandStateMRG32k3a_t *state) {
  if (state->boxmuller_flag_double != __LOOM_CURAND_EXTRA_FLAG_NORMAL) {
    double2 v = curand_normal2_double(state);
    state->boxmuller_extra_double = v.y;
    state->boxmuller_flag_double = __LOOM_CURAND_EXTRA_FLAG_NORMAL;
    return v.x;
  }
  state->boxmuller_flag_double = 0;
  return state->boxmuller_extra_double;
}

/* Log-normal: exp of the normal ones, for every pseudo generator. */
template <typename S> __LOOM_CURAND_FN float curand_log_normal(S *state, float mean, float stddev) {
  return expf(mean + stddev * curand_normal(state));
}
template <typename S>
__LOOM_CURAND_FN double curand_log_normal_double(S *state, double mean, double stddev) {
  return exp(mean + stddev * curand_normal_double(state));
}
template <typename S>
__LOOM_CURAND_FN float2 curand_log_normal2(S *state, float mean, float stddev) {
  float2 v = curand_normal2(state);
  v.x = expf(mean + stddev * v.x);
  v.y = expf(mean + stddev * v.y);
  return v;
}
template <typename S>
__LOOM_CURAND_FN double2 curand_log_normal2_double(S *state, double mean, double stddev) {
  double2 v = curand_normal2_double(state);
  v.x = exp(mean + stddev * v.x);
  v.y = exp(mean + stddev * v.y);
  return v;
}

/* Poisson: Knuth's product of uniforms below 64, PTRS above (exact). */
template <typename S> __LOOM_CURAND_FN unsigned int curand_poisson(S *state, double lambda) {
  if (!(lambda > 0.0))
    return 0;
  if (lambda < 64.0) {
    double limit = exp(-lambda), p = 1.0;
    unsigned int k = 0;
    for (;;) {
      p *= curand_uniform_double(state);
      if (p <= limit)
        return k;
      ++k;
    }
  }
  double slam = sqrt(lambda), loglam = log(lambda);
  double b = 0.931 + 2.53 * slam;
  double a = -0.059 + 0.02483 * b;
  double invalpha = 1.1239 + 1.1328 / (b - 3.4);
  double vr = 0.9277 - 3.6224 / (b - 2.0);
  for (;;) {
    double u = curand_uniform_double(state) - 0.5;
    double v = curand_uniform_double(state);
    double us = 0.5 - fabs(u);
    double k = floor((2.0 * a / us + b) * u + lambda + 0.43);
    if (us >= 0.07 && v <= vr)
      return (unsigned int)k;
    if (k < 0.0 || (us < 0.013 && v > us))
      continue;
    if (log(v) + log(invalpha) - log(a / (us * us) + b) <= -lambda + k * loglam - lgamma(k + 1.0))
      return (unsigned int)k;
  }
}

/* Discrete distributions (curandCreatePoissonDistribution): inversion of
 * the tabulated CDF at a double uniform, by binary search. */
template <typename S>
__LOOM_CURAND_FN unsigned int curand_discrete(S *state,
                                              curandDiscreteDistribution_t discrete_distribution) {
  double u = curand_uniform_double(state);
  const double *cdf = discrete_distribution->cdf;
  unsigned int lo = 0, hi = discrete_distribution->length - 1;
  while (lo < hi) {
    unsigned int mid = lo + (hi - lo) / 2;
    if (cdf[mid] < u)
      lo = mid + 1;
    else
      hi = mid;
  }
  return discrete_distribution->shift + lo;
}

/* ==================== Philox: four at a time ============================ */
/* Philox's curand_uniform_double takes one 32-bit output (x 2^-32 + 2^-32), as
 * cuRAND documents it ("uses only 32 random bits"; curand_uniform2_double for
 * 53): a non-template overload, chosen over the XORWOW-style template above. */
__LOOM_CURAND_FN double curand_uniform_double(curandStatePhilox4_32_10_t *state) {
  return _curand_uniform_double(curand(state));
}
__LOOM_CURAND_FN float4 curand_uniform4(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  float4 r;
  r.x = _curand_uniform(x.x);
  r.y = _curand_uniform(x.y);
  r.z = _curand_uniform(x.z);
  r.w = _curand_uniform(x.w);
  return r;
}
__LOOM_CURAND_FN double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  double2 r;
  r.x = _curand_uniform_double_hq(x.x, x.y);
  r.y = _curand_uniform_double_hq(x.z, x.w);
  return r;
}
__LOOM_CURAND_FN float4 curand_normal4(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  float2 a = _curand_box_muller(x.x, x.y), b = _curand_box_muller(x.z, x.w);
  float4 r;
  r.x = a.x;
  r.y = a.y;
  r.z = b.x;
  r.w = b.y;
  return r;
}
__LOOM_CURAND_FN float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean,
                                           float stddev) {
  float4 r = curand_normal4(state);
  r.x = expf(mean + stddev * r.x);
  r.y = expf(mean + stddev * r.y);
  r.z = expf(mean + stddev * r.z);
  r.w = expf(mean + stddev * r.w);
  return r;
}
__LOOM_CURAND_FN uint4 curand_discrete4(curandStatePhilox4_32_10_t *state,
                                         curandDiscreteDistribution_t discrete_distribution) {
  uint4 r;
  r.x = curand_discrete(state, discrete_distribution);
  r.y = curand_discrete(state, discrete_distribution);
  r.z = curand_discrete(state, discrete_distribution);
  r.w = curand_discrete(state, discrete_distribution);
  return r;
}
__LOOM_CURAND_FN double4 curand_uniform4_double(curandStatePhilox4_32_10_t *state) {
  uint4 a = curand4(state), b = curand4(state);
  double4 r;
  r.x = _curand_uniform_double_hq(a.x, a.y);
  r.y = _curand_uniform_double_hq(a.z, a.w);
  r.z = _curand_uniform_double_hq(b.x, b.y);
  r.w = _curand_uniform_double_hq(b.z, b.w);
  return r;
}
__LOOM_CURAND_FN double4 curand_normal4_double(curandStatePhilox4_32_10_t *state) {
  uint4 a = curand4(state), b = curand4(state);
  double2 p = _curand_box_muller_double(a.x, a.y, a.z, a.w);
  double2 q = _curand_box_muller_double(b.x, b.y, b.z, b.w);
  double4 r;
  r.x = p.x;
  r.y = p.y;
  r.z = q.x;
  r.w = q.y;
  return r;
}
__LOOM_CURAND_FN double4 curand_log_normal4_double(curandStatePhilox4_32_10_t *state,
                                                   double mean, double stddev) {
  double4 r = curand_normal4_double(state);
  r.x = exp(mean + stddev * r.x);
  r.y = exp(mean + stddev * r.y);
  r.z = exp(mean + stddev * r.z);
  r.w = exp(mean + stddev * r.w);
  return r;
}
__LOOM_CURAND_FN uint4 curand_poisson4(curandStatePhilox4_32_10_t *state, double lambda) {
  uint4 r;
  r.x = curand_poisson(state, lambda);
  r.y = curand_poisson(state, lambda);
  r.z = curand_poisson(state, lambda);
  r.w = curand_poisson(state, lambda);
  return r;
}

/* MTGP32's state and device functions (cuRAND's curand_kernel.h includes
 * them too). */
#include "curand_mtgp32_kernel.h"

#endif /* CURAND_KERNEL_H_ */
