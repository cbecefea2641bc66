/* specialize.c - enqueue-time specialization (LOOM_CL_SPECIALIZE=1, LOOM_CL_REPORT=1): the
 * noalias variant runs only when a launch's buffers are distinct memory, and both give the
 * results of the kernel as written.
 * SPDX-License-Identifier: Apache-2.0
 *
 * The kernel accumulates in[i] into out[i] n times. With out and in
 * distinct, out = out0 + n * in. With the same buffer for both (or
 * overlapping sub-buffers), each step doubles the value: a noalias
 * variant, which may keep in[i] in a register, would give out0 + n * in0
 * instead. The library's decisions (stderr, LOOM_CL_REPORT) are read back
 * and checked too. */
#include "common.h"


static const char *source =
    "__kernel void accum(__global float *out, __global const float *in, int n) {\n"
    "  size_t i = get_global_id(0);\n"
    "  for (int k = 0; k < n; ++k)\n"
    "    out[i] += in[i];\n"
    "}\n";

enum { N = 1024, STEPS = 5 };

static void launch(cl_kernel k, cl_mem out, cl_mem in, size_t global) {
  int n = STEPS;
  OK(clSetKernelArg(k, 0, sizeof out, &out));
  OK(clSetKernelArg(k, 1, sizeof in, &in));
  OK(clSetKernelArg(k, 2, sizeof n, &n));
  size_t l = 64;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &l, 0, NULL, NULL));
  OK(clFinish(queue));
}

int main(void) {
  if (!getenv("LOOM_CL_SPECIALIZE") || !getenv("LOOM_CL_REPORT")) {
    fprintf(stderr, "run with LOOM_CL_SPECIALIZE=1 LOOM_CL_REPORT=1\n");
    return 1;
  }
  /* The library's report lines go to stderr: keep them in a file. */
  capture_stderr();

  setup_queue(0);
  cl_program p = build(source, NULL);
  cl_kernel k = kernel(p, "accum");
  float a[N], b[N], r[N];
  for (int i = 0; i < N; ++i) {
    a[i] = (float)(i % 7);
    b[i] = (float)(i % 5) + 1;
  }
  /* Distinct buffers: specialized. */
  cl_mem out = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof a, a);
  cl_mem in = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof b, b);
  launch(k, out, in, N);
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL));
  for (int i = 0; i < N; ++i)
    CHECK(r[i] == a[i] + STEPS * b[i]);
  /* One buffer for both: the kernel as written, each step doubling. */
  cl_mem same = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof b, b);
  launch(k, same, same, N);
  OK(clEnqueueReadBuffer(queue, same, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL));
  for (int i = 0; i < N; ++i)
    CHECK(r[i] == b[i] * (1 << STEPS));
  /* Overlapping sub-buffers (the second half of one in the other). */
  cl_mem whole = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof b, b);
  cl_buffer_region first = {0, sizeof b}, tail = {N / 2 * sizeof(float), N / 2 * sizeof(float)};
  cl_int err;
  cl_mem s1 = clCreateSubBuffer(whole, 0, CL_BUFFER_CREATE_TYPE_REGION, &first, &err);
  cl_mem s2 = clCreateSubBuffer(whole, 0, CL_BUFFER_CREATE_TYPE_REGION, &tail, &err);
  REQUIRE(s1 && s2);
  launch(k, s2, s1, N / 2); /* out[i] = whole[N/2 + i], in[i] = whole[i]: disjoint elements */
  OK(clEnqueueReadBuffer(queue, whole, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL));
  for (int i = 0; i < N / 2; ++i)
    CHECK(r[N / 2 + i] == b[N / 2 + i] + STEPS * b[i]);

  clReleaseMemObject(out);
  clReleaseMemObject(in);
  clReleaseMemObject(same);
  clReleaseMemObject(s1);
  clReleaseMemObject(s2);
  clReleaseMemObject(whole);
  clReleaseKernel(k);
  clReleaseProgram(p);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);

  const char *text = captured_stderr();
  CHECK(strstr(text, "loom-cl: accum: noalias (2 distinct buffers)") != NULL);
  CHECK(strstr(text, "loom-cl: accum: not specialized (two buffer arguments share memory)") !=
        NULL);
  if (failures) {
    fprintf(stderr, "specialize: %d failures\n", failures);
    return 1;
  }
  printf("specialize: passed\n");
  return 0;
}
