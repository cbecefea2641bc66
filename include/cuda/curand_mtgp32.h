/* curand_mtgp32.h - MTGP32 (Mersenne Twister for Graphic Processors) types
 * for Loom's cuRAND: parameter sets, the kernel parameter tables and the
 * per-block state.
 * SPDX-License-Identifier: Apache-2.0
 *
 * MTGP32 is Saito and Matsumoto's generator ("Variants of Mersenne Twister
 * Suitable for Graphic Processors", ACM TOMS 39(2), 2013). Loom supports the
 * period 2^11213 - 1 (351 state words), as cuRAND does; one state is shared
 * by the threads of one block (at most 256), each call giving every thread
 * one number. Names, sizes and field order are cuRAND's, so programs that
 * allocate and copy these structures behave alike. The generator itself is
 * in curand_mtgp32_kernel.h; curand_mtgp32_host.h sets up states;
 * curand_mtgp32dc_p_11213.h holds the 200 parameter sets.
 */
#ifndef CURAND_MTGP32_H
#define CURAND_MTGP32_H

#define MTGPDC_MEXP 11213
#define MTGPDC_N 351
#define MTGPDC_FLOOR_2P 256
#define MTGPDC_CEIL_2P 512
#define MTGPDC_PARAM_TABLE mtgp32dc_params_fast_11213
#define MTGP32_STATE_SIZE 1024
#define MTGP32_STATE_MASK 1023
#define CURAND_NUM_MTGP32_PARAMS 200
#define MEXP 11213
#define THREAD_NUM MTGPDC_FLOOR_2P
#define LARGE_SIZE (THREAD_NUM * 3)
#define BLOCK_NUM_MAX CURAND_NUM_MTGP32_PARAMS
#define TBL_SIZE 16

/* One parameter set in the generator authors' ("fast") form: the recursion
 * table tbl, the tempering table tmp_tbl and its float form flt_tmp_tbl
 * ((tmp_tbl >> 9) | 0x3f800000), the mask of the first word. */
struct mtgp32_params_fast {
  int mexp;
  int pos;
  int sh1;
  int sh2;
  unsigned int tbl[16];
  unsigned int tmp_tbl[16];
  unsigned int flt_tmp_tbl[16];
  unsigned int mask;
  unsigned char poly_sha1[21];
};
typedef struct mtgp32_params_fast mtgp32_params_fast_t;

/* The parameter sets rearranged for kernels (curandMakeMTGP32Constants). */
struct mtgp32_kernel_params {
  unsigned int pos_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int param_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int single_temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int sh1_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int sh2_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int mask[1];
};
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;

/* One block's state: a ring of 1024 words holding the 351 live ones, the
 * ring position of the oldest, the parameter set's index into k. */
struct curandStateMtgp32 {
  unsigned int s[MTGP32_STATE_SIZE];
  int offset;
  int pIdx;
  mtgp32_kernel_params_t *k;
  int precise_double_flag;
};
typedef struct curandStateMtgp32 curandStateMtgp32_t;

#endif /* CURAND_MTGP32_H */
