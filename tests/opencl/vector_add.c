/* vector_add.c - vector addition with and without a local size, and arguments of every kind.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"

static const char *source =
    "typedef struct { float scale; int shift; } params_t;\n"
    "__kernel void vadd(__global const float *a, __global const float *b, __global float *c,\n"
    "                   int n) {\n"
    "  size_t i = get_global_id(0);\n"
    "  if (i < n) c[i] = a[i] + b[i];\n"
    "}\n"
    "__kernel void saxpy4(__global const float4 *x, __global float4 *y, float a, params_t p) {\n"
    "  size_t i = get_global_id(0);\n"
    "  y[i] = a * x[i] * p.scale + y[i] + (float4)(p.shift);\n"
    "}\n"
    "__kernel void math(__global const float *x, __global float *y) {\n"
    "  size_t i = get_global_id(0);\n"
    "  y[i] = sqrt(x[i]) + sin(x[i]) * cos(x[i]) + exp(-x[i]) + fmax(x[i], 2.0f);\n"
    "}\n"
    "/* vload/vstore, swizzles and async_work_group_copy into __local memory. */\n"
    "__kernel void shuffle(__global const float *x, __global float *y, __local float *t) {\n"
    "  size_t g = get_group_id(0), n = 4 * get_local_size(0);\n"
    "  event_t e = async_work_group_copy(t, x + g * n, n, 0);\n"
    "  wait_group_events(1, &e);\n"
    "  size_t l = get_local_id(0);\n"
    "  float4 v = vload4(l, t);\n"
    "  vstore4(v.wzyx + v.s0123 * 0.5f, get_global_id(0), y);\n"
    "}\n";

typedef struct {
  float scale;
  int shift;
} params_t;

int main(void) {
  setup_queue(0);
  cl_program p = build(source, NULL);
  enum { N = 100000 };
  float *a = malloc(N * sizeof(float)), *b = malloc(N * sizeof(float)),
        *c = malloc(N * sizeof(float));
  for (int i = 0; i < N; ++i) {
    a[i] = (float)i;
    b[i] = (float)(2 * i + 1);
  }
  cl_mem da = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, N * sizeof(float), a);
  cl_mem db = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, N * sizeof(float), b);
  cl_mem dc = buffer(CL_MEM_WRITE_ONLY, N * sizeof(float), NULL);
  cl_kernel k = kernel(p, "vadd");
  int n = N;
  OK(clSetKernelArg(k, 0, sizeof(cl_mem), &da));
  OK(clSetKernelArg(k, 1, sizeof(cl_mem), &db));
  OK(clSetKernelArg(k, 2, sizeof(cl_mem), &dc));
  OK(clSetKernelArg(k, 3, sizeof(int), &n));
  /* Without a local size (Loom picks one), then with 100 and 250. */
  size_t locals[] = {0, 100, 250};
  for (int t = 0; t < 3; ++t) {
    memset(c, 0, N * sizeof(float));
    OK(clEnqueueWriteBuffer(queue, dc, CL_TRUE, 0, N * sizeof(float), c, 0, NULL, NULL));
    size_t global = N;
    OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, locals[t] ? &locals[t] : NULL, 0, NULL,
                              NULL));
    OK(clEnqueueReadBuffer(queue, dc, CL_TRUE, 0, N * sizeof(float), c, 0, NULL, NULL));
    int bad = 0;
    for (int i = 0; i < N; ++i)
      if (c[i] != a[i] + b[i] && bad++ < 5)
        fprintf(stderr, "vadd local %zu: c[%d] = %g, expected %g\n", locals[t], i, c[i],
                a[i] + b[i]);
    CHECK(bad == 0);
  }

  /* float4 vectors, a scalar and a struct by value. */
  cl_kernel k4 = kernel(p, "saxpy4");
  float alpha = 2.0f;
  params_t prm = {0.5f, 3};
  OK(clSetKernelArg(k4, 0, sizeof(cl_mem), &da));
  OK(clSetKernelArg(k4, 1, sizeof(cl_mem), &db));
  OK(clSetKernelArg(k4, 2, sizeof(float), &alpha));
  OK(clSetKernelArg(k4, 3, sizeof(params_t), &prm));
  size_t global4 = N / 4, local4 = 50;
  OK(clEnqueueNDRangeKernel(queue, k4, 1, NULL, &global4, &local4, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, db, CL_TRUE, 0, N * sizeof(float), c, 0, NULL, NULL));
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    float want = alpha * a[i] * prm.scale + b[i] + (float)prm.shift;
    if (c[i] != want && bad++ < 5)
      fprintf(stderr, "saxpy4: y[%d] = %g, expected %g\n", i, c[i], want);
  }
  CHECK(bad == 0);

  /* Built-in math against the C library (a few ulp). */
  cl_kernel km = kernel(p, "math");
  for (int i = 0; i < N; ++i)
    a[i] = (float)i / 1000.0f;
  OK(clEnqueueWriteBuffer(queue, da, CL_TRUE, 0, N * sizeof(float), a, 0, NULL, NULL));
  OK(clSetKernelArg(km, 0, sizeof(cl_mem), &da));
  OK(clSetKernelArg(km, 1, sizeof(cl_mem), &dc));
  size_t global = N;
  OK(clEnqueueNDRangeKernel(queue, km, 1, NULL, &global, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, dc, CL_TRUE, 0, N * sizeof(float), c, 0, NULL, NULL));
  bad = 0;
  for (int i = 0; i < N; ++i) {
    double x = a[i];
    double want = sqrt(x) + sin(x) * cos(x) + exp(-x) + (x > 2.0 ? x : 2.0);
    if (fabs(c[i] - want) > 1e-5 * fabs(want) + 1e-6 && bad++ < 5)
      fprintf(stderr, "math: y[%d] = %.9g, expected %.9g\n", i, c[i], want);
  }
  CHECK(bad == 0);

  cl_kernel ks = kernel(p, "shuffle");
  OK(clSetKernelArg(ks, 0, sizeof(cl_mem), &da));
  OK(clSetKernelArg(ks, 1, sizeof(cl_mem), &dc));
  size_t gs = N / 4, ls = 125;
  OK(clSetKernelArg(ks, 2, 4 * ls * sizeof(float), NULL));
  OK(clEnqueueNDRangeKernel(queue, ks, 1, NULL, &gs, &ls, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, dc, CL_TRUE, 0, N * sizeof(float), c, 0, NULL, NULL));
  bad = 0;
  for (int i = 0; i < N; ++i) {
    float want = a[i / 4 * 4 + 3 - i % 4] + a[i] * 0.5f;
    if (c[i] != want && bad++ < 5)
      fprintf(stderr, "shuffle: y[%d] = %g, expected %g\n", i, c[i], want);
  }
  CHECK(bad == 0);
  clReleaseKernel(ks);
  clReleaseKernel(k);
  clReleaseKernel(k4);
  clReleaseKernel(km);
  clReleaseProgram(p);
  clReleaseMemObject(da);
  clReleaseMemObject(db);
  clReleaseMemObject(dc);
  free(a);
  free(b);
  free(c);
  return finish("vector_add");
}
