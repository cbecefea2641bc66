/* reduction.c - a local-memory tree reduction with barriers in a loop, static and argument __local.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"

static const char *source =
    "__kernel void reduce(__global const float *in, __global float *out, __local float *tmp) {\n"
    "  size_t l = get_local_id(0), n = get_local_size(0);\n"
    "  tmp[l] = in[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t s = n / 2; s > 0; s >>= 1) {\n"
    "    if (l < s) tmp[l] += tmp[l + s];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (l == 0) out[get_group_id(0)] = tmp[0];\n"
    "}\n"
    "/* Two __local arguments and a static __local array, a loop of unknown trip count. */\n"
    "__kernel void scan_rows(__global const int *in, __global int *out, __local int *a,\n"
    "                        __local int *b, int rounds) {\n"
    "  __local int bias[1];\n"
    "  size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);\n"
    "  if (l == 0) bias[0] = (int)get_group_id(0);\n"
    "  a[l] = in[g];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (int r = 0; r < rounds; ++r) {\n"
    "    for (size_t d = 1; d < n; d <<= 1) {\n"
    "      b[l] = l >= d ? a[l] + a[l - d] : a[l];\n"
    "      barrier(CLK_LOCAL_MEM_FENCE);\n"
    "      a[l] = b[l];\n"
    "      barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "  }\n"
    "  out[g] = a[l] + bias[0];\n"
    "}\n";

int main(void) {
  setup_queue(0);
  cl_program p = build(source, NULL);
  enum { N = 1 << 16 };
  float *in = malloc(N * sizeof(float));
  for (int i = 0; i < N; ++i)
    in[i] = (float)((i * 7) % 13) - 6.0f;
  cl_mem din = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, N * sizeof(float), in);
  cl_kernel k = kernel(p, "reduce");
  size_t locals[] = {64, 256, 1024};
  for (int t = 0; t < 3; ++t) {
    size_t local = locals[t], global = N, groups = N / local;
    cl_mem dout = buffer(CL_MEM_WRITE_ONLY, groups * sizeof(float), NULL);
    OK(clSetKernelArg(k, 0, sizeof din, &din));
    OK(clSetKernelArg(k, 1, sizeof dout, &dout));
    OK(clSetKernelArg(k, 2, local * sizeof(float), NULL));
    OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
    float *out = malloc(groups * sizeof(float));
    OK(clEnqueueReadBuffer(queue, dout, CL_TRUE, 0, groups * sizeof(float), out, 0, NULL, NULL));
    int bad = 0;
    for (size_t g = 0; g < groups; ++g) {
      float want = 0;
      for (size_t i = 0; i < local; ++i)
        want += in[g * local + i];
      if (out[g] != want && bad++ < 5)
        fprintf(stderr, "reduce local %zu: group %zu = %g, expected %g\n", local, g, out[g], want);
    }
    CHECK(bad == 0);
    free(out);
    clReleaseMemObject(dout);
  }

  int *iin = malloc(N * sizeof(int)), *iout = malloc(N * sizeof(int));
  for (int i = 0; i < N; ++i)
    iin[i] = i % 5;
  cl_mem dii = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, N * sizeof(int), iin);
  cl_mem dio = buffer(CL_MEM_WRITE_ONLY, N * sizeof(int), NULL);
  cl_kernel ks = kernel(p, "scan_rows");
  size_t local = 128, global = N;
  int rounds = 2;
  OK(clSetKernelArg(ks, 0, sizeof dii, &dii));
  OK(clSetKernelArg(ks, 1, sizeof dio, &dio));
  OK(clSetKernelArg(ks, 2, local * sizeof(int), NULL));
  OK(clSetKernelArg(ks, 3, local * sizeof(int), NULL));
  OK(clSetKernelArg(ks, 4, sizeof rounds, &rounds));
  OK(clEnqueueNDRangeKernel(queue, ks, 1, NULL, &global, &local, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, dio, CL_TRUE, 0, N * sizeof(int), iout, 0, NULL, NULL));
  int bad = 0;
  int *row = malloc(local * sizeof(int));
  for (size_t g = 0; g < N / local; ++g) {
    for (size_t i = 0; i < local; ++i)
      row[i] = iin[g * local + i];
    for (int r = 0; r < rounds; ++r)
      for (size_t i = 1; i < local; ++i)
        row[i] += row[i - 1];
    for (size_t i = 0; i < local; ++i)
      if (iout[g * local + i] != row[i] + (int)g && bad++ < 5)
        fprintf(stderr, "scan_rows: [%zu] = %d, expected %d\n", g * local + i,
                iout[g * local + i], row[i] + (int)g);
  }
  CHECK(bad == 0);

  free(row);
  free(in);
  free(iin);
  free(iout);
  clReleaseMemObject(din);
  clReleaseMemObject(dii);
  clReleaseMemObject(dio);
  clReleaseKernel(k);
  clReleaseKernel(ks);
  clReleaseProgram(p);
  return finish("reduction");
}
