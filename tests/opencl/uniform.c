/* uniform.c - enqueue-time specialization of uniform scalar arguments (LOOM_CL_SPECIALIZE=1,
 * LOOM_CL_REPORT=1): a kernel launched with the same loop bound and row width in three
 * launches in a row runs a variant with those values folded in, and every launch, folded or
 * not, gives the kernel's results.
 * SPDX-License-Identifier: Apache-2.0
 *
 * rowsum: out[i] = bias + sum of in[i * width + j] for j < n. n decides the loop (a branch),
 * width multiplies into the address, bias is only added to the data: the first two are
 * candidates, bias is not (so changing bias must not stop the folding). Cases:
 *  - the same width and n in 5 launches (bias changing): folded from the third on;
 *  - n changing at every launch: never folded (a folded variant would read the stale n);
 *  - a negative value (width = -8, rows read backwards) shows signed in the report;
 *  - more than 4 value sets: the fifth is refused (the per-kernel bound), still correct.
 * The library's decisions (stderr) are read back and checked. */
#include "common.h"


static const char *source =
    "__kernel void rowsum(__global float *out, __global const float *in, int width, int n,\n"
    "                     float bias) {\n"
    "  int i = get_global_id(0);\n"
    "  float s = bias;\n"
    "  for (int j = 0; j < n; ++j)\n"
    "    s += in[512 * 32 + i * width + j];\n"
    "  out[i] = s;\n"
    "}\n";

enum { ROWS = 256, IN = 1024 * 32 };

static float in_host[IN];

static void run(cl_kernel k, cl_mem out, cl_mem in, int width, int n, float bias) {
  OK(clSetKernelArg(k, 0, sizeof out, &out));
  OK(clSetKernelArg(k, 1, sizeof in, &in));
  OK(clSetKernelArg(k, 2, sizeof width, &width));
  OK(clSetKernelArg(k, 3, sizeof n, &n));
  OK(clSetKernelArg(k, 4, sizeof bias, &bias));
  size_t global = ROWS;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
  float r[ROWS];
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL));
  int bad = 0;
  for (int i = 0; i < ROWS; ++i) {
    float s = bias;
    for (int j = 0; j < n; ++j)
      s += in_host[512 * 32 + i * width + j];
    bad += r[i] != s;
  }
  if (bad)
    fprintf(stderr, "width %d n %d bias %g: %d wrong rows\n", width, n, bias, bad);
  CHECK(bad == 0);
}

int main(void) {
  if (!getenv("LOOM_CL_SPECIALIZE") || !getenv("LOOM_CL_REPORT")) {
    fprintf(stderr, "run with LOOM_CL_SPECIALIZE=1 LOOM_CL_REPORT=1\n");
    return 1;
  }
  capture_stderr();

  setup_queue(0);
  cl_program p = build(source, NULL);
  cl_kernel k = kernel(p, "rowsum");
  for (int i = 0; i < IN; ++i)
    in_host[i] = (float)((i * 7) % 13);
  cl_mem in = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in_host, in_host);
  cl_mem out = buffer(CL_MEM_READ_WRITE, ROWS * sizeof(float), NULL);

  /* Uniform width and n (bias is not a candidate and may change). */
  for (int l = 0; l < 5; ++l)
    run(k, out, in, 32, 20, (float)l);
  /* n changing at every launch: never three in a row. */
  for (int l = 0; l < 6; ++l)
    run(k, out, in, 32, 3 + l, 1.0f);
  /* A negative stride: rows read backwards. */
  for (int l = 0; l < 3; ++l)
    run(k, out, in, -8, 8, 0.5f);
  /* Two more value sets reach the bound of 4 variants; the fifth runs unfolded. */
  for (int l = 0; l < 3; ++l)
    run(k, out, in, 16, 16, 0.0f);
  for (int l = 0; l < 3; ++l)
    run(k, out, in, 8, 4, 0.0f);
  for (int l = 0; l < 3; ++l)
    run(k, out, in, 4, 4, 0.0f);
  /* A known value set still runs its variant after the bound. */
  run(k, out, in, 32, 20, 2.0f);

  clReleaseMemObject(in);
  clReleaseMemObject(out);
  clReleaseKernel(k);
  clReleaseProgram(p);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);

  const char *text = captured_stderr();
  CHECK(strstr(text, "loom-cl: rowsum: noalias (2 distinct buffers), uniform width=32 (multiplier,"
                     "address), n=20 (branch)\n") != NULL);
  CHECK(strstr(text, "uniform width=-8 (multiplier,address), n=8 (branch)\n") != NULL);
  CHECK(strstr(text, "width=16 (multiplier,address), n=16 (branch)\n") != NULL);
  CHECK(strstr(text, "width=8 (multiplier,address), n=4 (branch)\n") != NULL);
  /* No variant for the changing n, none past the bound. */
  CHECK(strstr(text, "n=3 ") == NULL && strstr(text, "n=5 ") == NULL &&
        strstr(text, "n=8 (branch)\nloom-cl: rowsum: noalias (2 distinct buffers), uniform "
                     "width=32 (multiplier,address), n=4") == NULL);
  CHECK(strstr(text, "width=4 (") == NULL);
  CHECK(strstr(text, "loom-cl: rowsum: noalias (2 distinct buffers)\n") != NULL);
  CHECK(strstr(text, "loom-cl: rowsum: noalias (2 distinct buffers); not uniform (4 uniform variants "
                     "already)\n") != NULL);
  if (failures) {
    fprintf(stderr, "uniform: %d failures\n", failures);
    return 1;
  }
  printf("uniform: passed\n");
  return 0;
}
