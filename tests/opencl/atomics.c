/* atomics.c - OpenCL 1.x atomics on global and local memory: histogram, counters, cmpxchg lock.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"

static const char *source =
    "__kernel void histogram(__global const uint *in, __global uint *hist, uint n) {\n"
    "  __local uint local_hist[16];\n"
    "  size_t l = get_local_id(0);\n"
    "  if (l < 16) local_hist[l] = 0;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  size_t i = get_global_id(0);\n"
    "  if (i < n) atomic_inc(&local_hist[in[i] % 16]);\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  if (l < 16) atomic_add(&hist[l], local_hist[l]);\n"
    "}\n"
    "__kernel void counters(__global int *c, __global uint *u) {\n"
    "  int i = (int)get_global_id(0);\n"
    "  atomic_add(&c[0], i);\n"
    "  atomic_sub(&c[1], 1);\n"
    "  atomic_max(&c[2], i);\n"
    "  atomic_min(&c[3], -i);\n"
    "  atomic_or(&c[4], 1 << (i % 31));\n"
    "  atomic_xor(&c[5], i);\n"
    "  atomic_inc(&u[0]);\n"
    "  atomic_dec(&u[1]);\n"
    "  atomic_xchg(&u[2], 7u);\n"
    "  /* a spin-free cmpxchg loop: add 2 */\n"
    "  int old = c[6], seen;\n"
    "  while ((seen = atomic_cmpxchg(&c[6], old, old + 2)) != old) old = seen;\n"
    "}\n";

int main(void) {
  setup_queue(0);
  cl_program p = build(source, NULL);
  enum { N = 50000 };
  cl_uint *in = malloc(N * sizeof(cl_uint)), hist[16] = {0}, want[16] = {0};
  for (int i = 0; i < N; ++i) {
    in[i] = (cl_uint)(i * 2654435761u >> 7);
    want[in[i] % 16]++;
  }
  cl_mem din = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, N * sizeof(cl_uint), in);
  cl_mem dh = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof hist, hist);
  cl_kernel k = kernel(p, "histogram");
  cl_uint n = N;
  OK(clSetKernelArg(k, 0, sizeof din, &din));
  OK(clSetKernelArg(k, 1, sizeof dh, &dh));
  OK(clSetKernelArg(k, 2, sizeof n, &n));
  size_t local = 64, global = (N + 63) / 64 * 64;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, dh, CL_TRUE, 0, sizeof hist, hist, 0, NULL, NULL));
  for (int b = 0; b < 16; ++b)
    if (hist[b] != want[b]) {
      fprintf(stderr, "histogram bin %d: %u, expected %u\n", b, hist[b], want[b]);
      ++failures;
    }

  cl_int c[7] = {0, 0, -1, 0, 0, 0, 0};
  cl_uint u[3] = {0, 0, 0};
  cl_mem dc = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof c, c);
  cl_mem dw = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof u, u);
  cl_kernel kc = kernel(p, "counters");
  OK(clSetKernelArg(kc, 0, sizeof dc, &dc));
  OK(clSetKernelArg(kc, 1, sizeof dw, &dw));
  size_t g2 = 4096;
  OK(clEnqueueNDRangeKernel(queue, kc, 1, NULL, &g2, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, dc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, dw, CL_TRUE, 0, sizeof u, u, 0, NULL, NULL));
  int sum = 0, x = 0, bits = 0;
  for (int i = 0; i < 4096; ++i) {
    sum += i;
    x ^= i;
    bits |= 1 << (i % 31);
  }
  CHECK(c[0] == sum);
  CHECK(c[1] == -4096);
  CHECK(c[2] == 4095);
  CHECK(c[3] == -4095);
  CHECK(c[4] == bits);
  CHECK(c[5] == x);
  CHECK(c[6] == 2 * 4096);
  CHECK(u[0] == 4096 && u[1] == (cl_uint)-4096 && u[2] == 7);

  free(in);
  clReleaseMemObject(din);
  clReleaseMemObject(dh);
  clReleaseMemObject(dc);
  clReleaseMemObject(dw);
  clReleaseKernel(k);
  clReleaseKernel(kc);
  clReleaseProgram(p);
  return finish("atomics");
}
