/* curand_mtgp32_host.h - host helpers that set up MTGP32 for kernels
 * (Loom's cuRAND): curandMakeMTGP32Constants, curandMakeMTGP32KernelState.
 * SPDX-License-Identifier: Apache-2.0
 *
 * As in cuRAND these are inline host functions: they build the tables and
 * states in host memory and copy them with cudaMemcpy. State i uses
 * parameter set i and the seed (seed ^ (seed >> 32)) + i + 1, low 32 bits.
 */
#ifndef CURAND_MTGP32_HOST_H
#define CURAND_MTGP32_HOST_H

#include "curand_mtgp32_kernel.h"

#include <stdlib.h>

#if defined(__CUDACC__) || defined(__CUDA__)
#define __LOOM_MTGP_HOST static __host__ inline
#else
#define __LOOM_MTGP_HOST static inline
#endif

/* The kernel tables of params[0 .. CURAND_NUM_MTGP32_PARAMS - 1], in host
 * memory (shared with libcurand's MTGP32 generator). */
static inline void __loom_mtgp32_make_constants(const mtgp32_params_fast_t params[],
                                                mtgp32_kernel_params_t *h) {
  h->mask[0] = params[0].mask;
  for (int i = 0; i < CURAND_NUM_MTGP32_PARAMS; ++i) {
    h->pos_tbl[i] = (unsigned int)params[i].pos;
    h->sh1_tbl[i] = (unsigned int)params[i].sh1;
    h->sh2_tbl[i] = (unsigned int)params[i].sh2;
    for (int j = 0; j < TBL_SIZE; ++j) {
      h->param_tbl[i][j] = params[i].tbl[j];
      h->temper_tbl[i][j] = params[i].tmp_tbl[j];
      h->single_temper_tbl[i][j] = params[i].flt_tmp_tbl[j];
    }
  }
}

/* State i of curandMakeMTGP32KernelState(..., seed), in host memory. */
static inline void __loom_mtgp32_make_state(curandStateMtgp32_t *h,
                                            const mtgp32_params_fast_t params[],
                                            mtgp32_kernel_params_t *k, int i,
                                            unsigned long long seed) {
  seed ^= seed >> 32;
  for (int w = 0; w < MTGP32_STATE_SIZE; ++w)
    h->s[w] = 0;
  __loom_mtgp32_init_state(h->s, &params[i], (unsigned int)seed + (unsigned int)i + 1u);
  h->offset = 0;
  h->pIdx = i;
  h->k = k;
  h->precise_double_flag = 0;
}

/* The CURAND_NUM_MTGP32_PARAMS parameter sets params[] rearranged for
 * kernels and copied to *p (device memory). */
__LOOM_MTGP_HOST curandStatus_t curandMakeMTGP32Constants(const mtgp32_params_fast_t params[],
                                                         mtgp32_kernel_params_t *p) {
  if (!params || !p)
    return CURAND_STATUS_INITIALIZATION_FAILED;
  mtgp32_kernel_params_t *h = (mtgp32_kernel_params_t *)malloc(sizeof(mtgp32_kernel_params_t));
  if (!h)
    return CURAND_STATUS_ALLOCATION_FAILED;
  __loom_mtgp32_make_constants(params, h);
  curandStatus_t st = cudaMemcpy(p, h, sizeof(*h), cudaMemcpyHostToDevice) == cudaSuccess
                          ? CURAND_STATUS_SUCCESS
                          : CURAND_STATUS_INITIALIZATION_FAILED;
  free(h);
  return st;
}

/* n states (one per block; n <= 200 with the shipped parameter sets) in
 * s[] (device memory), using params[0 .. n-1] and the tables at k. */
__LOOM_MTGP_HOST curandStatus_t curandMakeMTGP32KernelState(curandStateMtgp32_t *s,
                                                           mtgp32_params_fast_t params[],
                                                           mtgp32_kernel_params_t *k, int n,
                                                           unsigned long long seed) {
  if (n < 0 || n > CURAND_NUM_MTGP32_PARAMS)
    return CURAND_STATUS_OUT_OF_RANGE;
  if (n == 0)
    return CURAND_STATUS_SUCCESS;
  if (!s || !params)
    return CURAND_STATUS_INITIALIZATION_FAILED;
  curandStateMtgp32_t *h = (curandStateMtgp32_t *)malloc(sizeof(curandStateMtgp32_t) * (size_t)n);
  if (!h)
    return CURAND_STATUS_ALLOCATION_FAILED;
  for (int i = 0; i < n; ++i)
    __loom_mtgp32_make_state(&h[i], params, k, i, seed);
  curandStatus_t st =
      cudaMemcpy(s, h, sizeof(curandStateMtgp32_t) * (size_t)n, cudaMemcpyHostToDevice) ==
              cudaSuccess
          ? CURAND_STATUS_SUCCESS
          : CURAND_STATUS_INITIALIZATION_FAILED;
  free(h);
  return st;
}

#undef __LOOM_MTGP_HOST

#endif /* CURAND_MTGP32_HOST_H */
