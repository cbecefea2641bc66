// SPDX-License-Identifier: Apache-2.0
// A CUDA+MPI program as written for CUDA-aware MPI (docs/tools.md, "MPI"):
// each rank owns a slice of a 1D heat stencil in device memory
// (cudaMalloc), exchanges one-cell halos with its neighbours by passing
// device pointers straight to MPI_Sendrecv, reduces a device-computed sum
// with MPI_Allreduce on device buffers, and gathers the field into device
// memory on rank 0 with MPI_Gather; rank 0 checks it against a CPU
// reference. Any rank's mismatch makes the job exit nonzero.
#include <mpi.h>
#include <mpi-ext.h> // MPIX_Query_cuda_support, where the MPI has it

#include <cmath>
#include <cstdio>
#include <vector>

#define CUDA_CHECK(call)                                                               \
  do {                                                                                 \
    cudaError_t e_ = (call);                                                           \
    if (e_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "rank %d: %s: %s\n", Rank, #call, cudaGetErrorString(e_));  \
      MPI_Abort(MPI_COMM_WORLD, 1);                                                    \
    }                                                                                  \
  } while (0)

static int Rank = 0;

__global__ void heat(const double *in, double *out, int n, double k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (i <= n)
    out[i] = in[i] + k * (in[i - 1] - 2 * in[i] + in[i + 1]);
}

// sum[0] += the slice's cells (one block, shared-memory tree).
__global__ void sliceSum(const double *in, int n, double *sum) {
  __shared__ double part[256];
  double s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s += in[i + 1];
  part[threadIdx.x] = s;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w)
      part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    *sum = part[0];
}

static double initial(int i) { return (i * 7919) % 100 / 10.0; }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int devices = 0;
  CUDA_CHECK(cudaGetDeviceCount(&devices));
  CUDA_CHECK(cudaSetDevice(Rank % devices));
#if defined(MPIX_CUDA_AWARE_SUPPORT)
  if (Rank == 0)
    std::printf("MPIX_CUDA_AWARE_SUPPORT %d, MPIX_Query_cuda_support() %d\n",
                MPIX_CUDA_AWARE_SUPPORT, MPIX_Query_cuda_support());
#endif

  const int n = 4096, steps = 40;
  const double k = 0.2;
  double *a, *b, *dSum, *dTotal;
  CUDA_CHECK(cudaMalloc(&a, (n + 2) * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&b, (n + 2) * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dSum, sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dTotal, sizeof(double)));
  std::vector<double> slice(n + 2, 0.0);
  for (int i = 0; i < n; ++i)
    slice[i + 1] = initial(Rank * n + i);
  CUDA_CHECK(cudaMemcpy(a, slice.data(), (n + 2) * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(b, 0, (n + 2) * sizeof(double)));
  cudaPointerAttributes attr;
  CUDA_CHECK(cudaPointerGetAttributes(&attr, a));
  if (attr.type != cudaMemoryTypeDevice) {
    std::fprintf(stderr, "rank %d: not device memory\n", Rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  int left = Rank > 0 ? Rank - 1 : MPI_PROC_NULL;
  int right = Rank + 1 < size ? Rank + 1 : MPI_PROC_NULL;
  for (int step = 0; step < steps; ++step) {
    // Device pointers straight to MPI: my first cell to the left neighbour's
    // right halo, my last cell to the right neighbour's left halo.
    MPI_Sendrecv(a + 1, 1, MPI_DOUBLE, left, 0, a + n + 1, 1, MPI_DOUBLE, right, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(a + n, 1, MPI_DOUBLE, right, 1, a, 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    heat<<<(n + 255) / 256, 256>>>(a, b, n, k);
    CUDA_CHECK(cudaDeviceSynchronize());
    std::swap(a, b);
  }
  sliceSum<<<1, 256>>>(a, n, dSum);
  CUDA_CHECK(cudaDeviceSynchronize());
  MPI_Allreduce(dSum, dTotal, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

  double *dAll = nullptr;
  if (Rank == 0)
    CUDA_CHECK(cudaMalloc(&dAll, size_t(size) * n * sizeof(double)));
  MPI_Gather(a + 1, n, MPI_DOUBLE, dAll, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);

  int bad = 0;
  if (Rank == 0) {
    const int total = size * n;
    std::vector<double> got(total), ref(total + 2, 0.0), next(total + 2, 0.0);
    CUDA_CHECK(cudaMemcpy(got.data(), dAll, total * sizeof(double), cudaMemcpyDeviceToHost));
    for (int i = 0; i < total; ++i)
      ref[i + 1] = initial(i);
    for (int step = 0; step < steps; ++step) {
      for (int i = 1; i <= total; ++i)
        next[i] = ref[i] + k * (ref[i - 1] - 2 * ref[i] + ref[i + 1]);
      std::swap(ref, next);
    }
    double refSum = 0;
    for (int i = 0; i < total; ++i) {
      refSum += ref[i + 1];
      if (!bad && std::fabs(got[i] - ref[i + 1]) > 1e-9 * (1 + std::fabs(ref[i + 1]))) {
        std::printf("cell %d: %.12f, expected %.12f\n", i, got[i], ref[i + 1]);
        bad = 1;
      }
    }
    double sum = 0;
    CUDA_CHECK(cudaMemcpy(&sum, dTotal, sizeof sum, cudaMemcpyDeviceToHost));
    if (std::fabs(sum - refSum) > 1e-6 * (1 + std::fabs(refSum))) {
      std::printf("sum %.9f, expected %.9f\n", sum, refSum);
      bad = 1;
    }
    CUDA_CHECK(cudaFree(dAll));
  }
  MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(b));
  CUDA_CHECK(cudaFree(dSum));
  CUDA_CHECK(cudaFree(dTotal));
  if (Rank == 0)
    std::printf(bad ? "FAILED\n" : "PASSED on %d ranks\n", size);
  MPI_Finalize();
  return bad;
}
