/* curand.h - cuRAND's host API for Loom (libcurand, link with -lcurand).
 * SPDX-License-Identifier: Apache-2.0
 *
 * Generators run on the CPU (libs/curand/); a generator made with
 * curandCreateGenerator fills "device" memory (host memory in Loom) in the
 * order of its stream (curandSetStream), one made with
 * curandCreateGeneratorHost fills host memory before returning. Names,
 * values and signatures are cuRAND's; docs/libraries.md ("cuRAND") lists
 * what is implemented and what each generator's numbers were checked
 * against.
 */
#ifndef CURAND_H_
#define CURAND_H_

#include <stddef.h>
/* The whole runtime API, as the toolkit's curand.h includes it: host-only
 * files that include just curand.h use cuda_runtime.h's functions and test
 * its guard (the samples' helper_cuda.h does). */
#ifndef __CUDACC_RTC__
#include "cuda_runtime.h"
#endif

#define CURAND_VER_MAJOR 10
#define CURAND_VER_MINOR 3
#define CURAND_VER_PATCH 0
#define CURAND_VER_BUILD 0
#define CURAND_VERSION (CURAND_VER_MAJOR * 1000 + CURAND_VER_MINOR * 100 + CURAND_VER_PATCH)

#ifndef CURANDAPI
#define CURANDAPI
#endif

#ifdef __cplusplus
extern "C" {
#endif

enum curandStatus {
  CURAND_STATUS_SUCCESS = 0,
  CURAND_STATUS_VERSION_MISMATCH = 100,
  CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102,
  CURAND_STATUS_TYPE_ERROR = 103,
  CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  CURAND_STATUS_LAUNCH_FAILURE = 201,
  CURAND_STATUS_PREEXISTING_FAILURE = 202,
  CURAND_STATUS_INITIALIZATION_FAILED = 203,
  CURAND_STATUS_ARCH_MISMATCH = 204,
  CURAND_STATUS_INTERNAL_ERROR = 999
};
typedef enum curandStatus curandStatus_t;

enum curandRngType {
  CURAND_RNG_TEST = 0,
  CURAND_RNG_PSEUDO_DEFAULT = 100,
  CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121,
  CURAND_RNG_PSEUDO_MTGP32 = 141,
  CURAND_RNG_PSEUDO_MT19937 = 142,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
  CURAND_RNG_QUASI_DEFAULT = 200,
  CURAND_RNG_QUASI_SOBOL32 = 201,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
  CURAND_RNG_QUASI_SOBOL64 = 203,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
};
typedef enum curandRngType curandRngType_t;

enum curandOrdering {
  CURAND_ORDERING_PSEUDO_BEST = 100,
  CURAND_ORDERING_PSEUDO_DEFAULT = 101,
  CURAND_ORDERING_PSEUDO_SEEDED = 102,
  CURAND_ORDERING_PSEUDO_LEGACY = 103,
  CURAND_ORDERING_PSEUDO_DYNAMIC = 104,
  CURAND_ORDERING_QUASI_DEFAULT = 201
};
typedef enum curandOrdering curandOrdering_t;

enum curandDirectionVectorSet {
  CURAND_DIRECTION_VECTORS_32_JOEKUO6 = 101,
  CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102,
  CURAND_DIRECTION_VECTORS_64_JOEKUO6 = 103,
  CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104
};
typedef enum curandDirectionVectorSet curandDirectionVectorSet_t;

typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];

struct curandGenerator_st;
typedef struct curandGenerator_st *curandGenerator_t;

/* A discrete distribution for curand_discrete (curand_kernel.h): values
 * shift .. shift + length - 1 with cumulative probabilities cdf[] (the last
 * is 1). Loom's layout; programs only pass the handle around. */
struct curandDiscreteDistribution_st {
  unsigned int shift;
  unsigned int length;
  double mean;
  double *cdf;
};
typedef struct curandDiscreteDistribution_st *curandDiscreteDistribution_t;

curandStatus_t CURANDAPI curandCreateGenerator(curandGenerator_t *generator,
                                               curandRngType_t rng_type);
curandStatus_t CURANDAPI curandCreateGeneratorHost(curandGenerator_t *generator,
                                                   curandRngType_t rng_type);
curandStatus_t CURANDAPI curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t CURANDAPI curandGetVersion(int *version);
curandStatus_t CURANDAPI curandSetStream(curandGenerator_t generator, cudaStream_t stream);
curandStatus_t CURANDAPI curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator,
                                                            unsigned long long seed);
curandStatus_t CURANDAPI curandSetGeneratorOffset(curandGenerator_t generator,
                                                  unsigned long long offset);
curandStatus_t CURANDAPI curandSetGeneratorOrdering(curandGenerator_t generator,
                                                    curandOrdering_t order);
curandStatus_t CURANDAPI curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator,
                                                                 unsigned int num_dimensions);
curandStatus_t CURANDAPI curandGenerate(curandGenerator_t generator, unsigned int *outputPtr,
                                        size_t num);
curandStatus_t CURANDAPI curandGenerateLongLong(curandGenerator_t generator,
                                                unsigned long long *outputPtr, size_t num);
curandStatus_t CURANDAPI curandGenerateUniform(curandGenerator_t generator, float *outputPtr,
                                               size_t num);
curandStatus_t CURANDAPI curandGenerateUniformDouble(curandGenerator_t generator,
                                                     double *outputPtr, size_t num);
curandStatus_t CURANDAPI curandGenerateNormal(curandGenerator_t generator, float *outputPtr,
                                              size_t n, float mean, float stddev);
curandStatus_t CURANDAPI curandGenerateNormalDouble(curandGenerator_t generator,
                                                    double *outputPtr, size_t n, double mean,
                                                    double stddev);
curandStatus_t CURANDAPI curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr,
                                                 size_t n, float mean, float stddev);
curandStatus_t CURANDAPI curandGenerateLogNormalDouble(curandGenerator_t generator,
                                                       double *outputPtr, size_t n, double mean,
                                                       double stddev);
curandStatus_t CURANDAPI curandGeneratePoisson(curandGenerator_t generator,
                                               unsigned int *outputPtr, size_t n, double lambda);
curandStatus_t CURANDAPI curandGenerateSeeds(curandGenerator_t generator);
curandStatus_t CURANDAPI curandCreatePoissonDistribution(
    double lambda, curandDiscreteDistribution_t *discrete_distribution);
curandStatus_t CURANDAPI curandDestroyDistribution(
    curandDiscreteDistribution_t discrete_distribution);
/* Loom's Sobol direction vectors (docs/libraries.md: the first two
 * dimensions are the standard ones, the others are derived by Loom and are
 * not Joe and Kuo's table). */
curandStatus_t CURANDAPI curandGetDirectionVectors32(curandDirectionVectors32_t *vectors[],
                                                     curandDirectionVectorSet_t set);
curandStatus_t CURANDAPI curandGetDirectionVectors64(curandDirectionVectors64_t *vectors[],
                                                     curandDirectionVectorSet_t set);
/* Scrambled Sobol's constants (the first point of each dimension), 20000
 * of them; Loom's own scrambling, as its scrambled direction vectors. */
curandStatus_t CURANDAPI curandGetScrambleConstants32(unsigned int **constants);
curandStatus_t CURANDAPI curandGetScrambleConstants64(unsigned long long **constants);

#ifdef __cplusplus
}
#endif

#endif /* CURAND_H_ */
