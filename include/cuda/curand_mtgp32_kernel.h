/* curand_mtgp32_kernel.h - MTGP32 for Loom's cuRAND: the recursion and
 * tempering, and the device functions a block calls on its shared state.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Written from the algorithm's description (Saito and Matsumoto, "Variants
 * of Mersenne Twister Suitable for Graphic Processors", ACM TOMS 39(2),
 * 2013): with N = 351 state words x[i] and parameters (pos, sh1, sh2, mask,
 * 16-entry tables tbl and tmp_tbl),
 *   t = (x[i] & mask) ^ x[i+1];  t ^= t << sh1;  y = t ^ (x[i+pos] >> sh2);
 *   x[i+N] = y ^ tbl[y & 15];
 *   out = x[i+N] ^ tmp_tbl[u & 15] with u = x[i+pos-1], u ^= u >> 16, u ^= u >> 8.
 * Thread t of a block computes element i = offset + t of the ring; at most
 * 256 threads per call, so (pos <= 95) no thread reads an element another
 * thread of the same call writes, and the threads may run in any order.
 * curand() then moves the state's offset by the number of threads. The
 * library's MTGP32 host generator (libs/curand/Curand.cpp) uses the same
 * step, so both give the same numbers.
 */
#include "curand_kernel.h" /* whose end includes this file again: the guard below stops it */

#ifndef CURAND_MTGP32_KERNEL_H
#define CURAND_MTGP32_KERNEL_H

#include "curand_mtgp32.h"

/* Element `t` of the state's next round (t < 256): stores the new word in
 * the ring, returns it and sets *temper to the index of its tempering table
 * entry. Does not move the offset. */
__LOOM_CURAND_FN unsigned int __loom_mtgp32_next(curandStateMtgp32_t *state, unsigned int t,
                                                 unsigned int *temper) {
  const mtgp32_kernel_params_t *k = state->k;
  int p = state->pIdx;
  unsigned int base = (unsigned int)state->offset + t;
  unsigned int pos = k->pos_tbl[p];
  unsigned int x1 = state->s[base & MTGP32_STATE_MASK];
  unsigned int x2 = state->s[(base + 1) & MTGP32_STATE_MASK];
  unsigned int y = state->s[(base + pos) & MTGP32_STATE_MASK];
  unsigned int x = (x1 & k->mask[0]) ^ x2;
  x ^= x << k->sh1_tbl[p];
  y = x ^ (y >> k->sh2_tbl[p]);
  unsigned int r = y ^ k->param_tbl[p][y & 0x0f];
  state->s[(base + MTGPDC_N) & MTGP32_STATE_MASK] = r;
  unsigned int u = state->s[(base + pos - 1) & MTGP32_STATE_MASK];
  u ^= u >> 16;
  u ^= u >> 8;
  *temper = u & 0x0f;
  return r;
}

/* The element's tempered output. */
__LOOM_CURAND_FN unsigned int __loom_mtgp32_step(curandStateMtgp32_t *state, unsigned int t) {
  unsigned int u;
  unsigned int r = __loom_mtgp32_next(state, t, &u);
  return r ^ state->k->temper_tbl[state->pIdx][u];
}

/* The same element as a float in [1, 2) (the single-precision tempering
 * table: 23 bits of the word under exponent 0). */
__LOOM_CURAND_FN float __loom_mtgp32_step_single(curandStateMtgp32_t *state, unsigned int t) {
  unsigned int u;
  unsigned int r = __loom_mtgp32_next(state, t, &u);
  union {
    unsigned int i;
    float f;
  } v;
  v.i = (r >> 9) ^ state->k->single_temper_tbl[state->pIdx][u];
  return v.f;
}

/* One state word set up as the generator's authors do (mtgp32_init_state:
 * a hidden seed from the parameter set, then the MT19937-style
 * initialization recurrence over the 351 words). */
__LOOM_CURAND_FN void __loom_mtgp32_init_state(unsigned int s[], const mtgp32_params_fast_t *para,
                                               unsigned int seed) {
  int size = para->mexp / 32 + 1;
  unsigned int hidden = para->tbl[4] ^ (para->tbl[8] << 16);
  unsigned int fill = hidden;
  fill += fill >> 16;
  fill += fill >> 8;
  fill &= 0xff;
  fill |= fill << 8;
  fill |= fill << 16;
  for (int i = 0; i < size; ++i)
    s[i] = fill;
  s[0] = seed;
  s[1] = hidden;
  for (int i = 1; i < size; ++i)
    s[i] ^= 1812433253u * (s[i - 1] ^ (s[i - 1] >> 30)) + (unsigned int)i;
}

#if defined(__CUDACC__) || defined(__CUDA__)
/* ---- Device functions: every thread of the block (or none) calls them. */
static __device__ inline unsigned int __loom_mtgp32_tid(void) {
  return (blockDim.x * blockDim.y * threadIdx.z) + (blockDim.x * threadIdx.y) + threadIdx.x;
}
/* After a round: once every thread has its element, one thread (`leader`)
 * moves the offset by n, and every thread sees the move. */
static __device__ inline void __loom_mtgp32_move(curandStateMtgp32_t *state, bool leader,
                                                 unsigned int n) {
  __syncthreads();
  if (leader)
    state->offset = (state->offset + n) & MTGP32_STATE_MASK;
  __syncthreads();
}
static __device__ inline unsigned int curand(curandStateMtgp32_t *state) {
  unsigned int t = __loom_mtgp32_tid();
  unsigned int o = __loom_mtgp32_step(state, t);
  __loom_mtgp32_move(state, t == 0, blockDim.x * blockDim.y * blockDim.z);
  return o;
}
/* Element `index` of a round that n threads share (indices 0 .. n-1, any
 * assignment to threads); the state moves by n. */
static __device__ inline unsigned int curand_mtgp32_specific(curandStateMtgp32_t *state,
                                                             unsigned char index, unsigned char n) {
  unsigned int o = __loom_mtgp32_step(state, index);
  __loom_mtgp32_move(state, index == 0, n);
  return o;
}
/* What a GPU's curand_mtgp32_single does, measured on an H200 with CUDA
 * 13.0 (256 threads) and reproduced here: thread t takes the element
 * offset + t + blockDim.y * blockDim.z (one further than curand() in a 1D
 * block, so element offset + 0 is not updated in that round), returns the
 * float in [1, 2) itself, and the offset then moves by 351 (MTGPDC_N), not
 * by the block size. The next call's thread 1 onwards then match the GPU;
 * its thread 0, which reads the element that was not updated, did not. */
static __device__ inline float curand_mtgp32_single(curandStateMtgp32_t *state) {
  unsigned int t = blockDim.y * blockDim.z + threadIdx.x;
  float o = __loom_mtgp32_step_single(state, t);
  __loom_mtgp32_move(state, threadIdx.x + threadIdx.y + threadIdx.z == 0, MTGPDC_N);
  return o;
}
static __device__ inline float curand_mtgp32_single_specific(curandStateMtgp32_t *state,
                                                             unsigned char index,
                                                             unsigned char n) {
  float o = __loom_mtgp32_step_single(state, index);
  __loom_mtgp32_move(state, index == 0, n);
  return o;
}
/* Distributions: one 32-bit output per value (a round gives each thread
 * one), so normals come from the inverse normal CDF, not Box-Muller pairs. */
static __device__ inline float curand_uniform(curandStateMtgp32_t *state) {
  return _curand_uniform(curand(state));
}
static __device__ inline double curand_uniform_double(curandStateMtgp32_t *state) {
  return _curand_uniform_double(curand(state));
}
static __device__ inline float curand_normal(curandStateMtgp32_t *state) {
  return (float)__loom_curand_normcdfinv(_curand_uniform(curand(state)));
}
static __device__ inline double curand_normal_double(curandStateMtgp32_t *state) {
  return __loom_curand_normcdfinv(curand_uniform_double(state));
}
static __device__ inline float curand_log_normal(curandStateMtgp32_t *state, float mean,
                                                 float stddev) {
  return expf(mean + stddev * curand_normal(state));
}
static __device__ inline double curand_log_normal_double(curandStateMtgp32_t *state, double mean,
                                                         double stddev) {
  return exp(mean + stddev * curand_normal_double(state));
}
static __device__ inline unsigned int curand_poisson(curandStateMtgp32_t *state, double lambda) {
  return __loom_curand_poisson_inverse(curand_uniform_double(state), lambda);
}
#endif

#endif /* CURAND_MTGP32_KERNEL_H */
