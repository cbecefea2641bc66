/* coarsen.c - enqueue-time thread coarsening (LOOM_CL_SPECIALIZE=coarsen, LOOM_CL_REPORT=1):
 * a kernel whose work-items along y repeat the same work (a loop over a row-invariant
 * value) runs coarsened, 4 rows per work-item on a range 4 times shorter along y, and
 * every launch gives the kernel's results. The cases where it must not apply run as
 * written.
 * SPDX-License-Identifier: Apache-2.0
 *
 *  - rowinv: s(x) = sum of w[j] * sin(x * j), out[y][x] = s(x) * in[y][x] + y: coarsened
 *    along y, with NULL and explicit local sizes, with a global offset along y, and
 *    with a height that is not a multiple of 4 (not coarsened);
 *  - early: an early return on x (the same for the 4 rows) before the x-only work;
 *  - grouped: reads get_local_id(1): never coarsened (no plan in the manifest).
 * Results are checked against a CPU model for every element; the library's decisions
 * (stderr) are read back and checked. */
#include "common.h"

#include <math.h>

static const char *source =
    "__kernel void rowinv(__global float *out, __global const float *in,\n"
    "                     __global const float *w, int n) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  float s = 0.0f;\n"
    "  for (int j = 0; j < n; ++j)\n"
    "    s += w[j] * sin((float)(x * j) * 0.01f);\n"
    "  size_t i = (size_t)y * get_global_size(0) + x;\n"
    "  out[i] = s * in[i] + y;\n"
    "}\n"
    "__kernel void early(__global float *out, int width, int pitch) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  if (x >= width) return;\n"
    "  float c = cos((float)x * 0.1f) * exp((float)x * 0.01f) + sqrt((float)x);\n"
    "  out[y * pitch + x] = c + y;\n"
    "}\n"
    "__kernel void grouped(__global float *out, __global const float *w, int n) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  float s = 0.0f;\n"
    "  for (int j = 0; j < n; ++j)\n"
    "    s += w[j] * sin((float)(x * j) * 0.01f);\n"
    "  out[y * get_global_size(0) + x] = s + get_local_id(1);\n"
    "}\n";

enum { W = 64, H = 32, N = 40 };

static float in_host[W * H], w_host[N];

static int close_to(float got, double want) { return fabs(got - want) <= 1e-4 * fabs(want) + 1e-4; }

static double row_sum(int x) {
  double s = 0;
  for (int j = 0; j < N; ++j)
    s += w_host[j] * sin((float)(x * j) * 0.01f);
  return s;
}

/* rowinv over W x h rows starting at row off, local size l (or NULL). */
static void rowinv(cl_kernel k, cl_mem out, cl_mem in, cl_mem w, size_t h, size_t off,
                   const size_t *l) {
  float r[W * H];
  for (int i = 0; i < W * H; ++i)
    r[i] = -1.0f;
  OK(clEnqueueWriteBuffer(queue, out, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL));
  int n = N;
  OK(clSetKernelArg(k, 0, sizeof out, &out));
  OK(clSetKernelArg(k, 1, sizeof in, &in));
  OK(clSetKernelArg(k, 2, sizeof w, &w));
  OK(clSetKernelArg(k, 3, sizeof n, &n));
  size_t g[2] = {W, h}, o[2] = {0, off};
  OK(clEnqueueNDRangeKernel(queue, k, 2, o, g, l, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL));
  int bad = 0;
  for (size_t y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      size_t i = y * W + x;
      /* get_global_size(0) is W: row y of the range writes element y * W + x. */
      int in_range = y >= off && y < off + h;
      double want = in_range ? row_sum(x) * in_host[i] + (double)y : -1.0;
      bad += !close_to(r[i], want);
    }
  if (bad)
    fprintf(stderr, "rowinv h %zu offset %zu local %s: %d wrong\n", h, off, l ? "set" : "NULL",
            bad);
  CHECK(bad == 0);
}

int main(void) {
  if (!getenv("LOOM_CL_SPECIALIZE") || !getenv("LOOM_CL_REPORT")) {
    fprintf(stderr, "run with LOOM_CL_SPECIALIZE=coarsen LOOM_CL_REPORT=1\n");
    return 1;
  }
  capture_stderr();

  setup_queue(0);
  cl_program p = build(source, NULL);
  for (int i = 0; i < W * H; ++i)
    in_host[i] = (float)((i * 5) % 11) / 8;
  for (int j = 0; j < N; ++j)
    w_host[j] = (float)(j % 7) / 16;
  cl_mem in = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in_host, in_host);
  cl_mem w = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof w_host, w_host);
  cl_mem out = buffer(CL_MEM_READ_WRITE, W * H * sizeof(float), NULL);

  cl_kernel k = kernel(p, "rowinv");
  rowinv(k, out, in, w, H, 0, NULL);
  size_t l[2] = {16, 8};
  rowinv(k, out, in, w, H, 0, l); /* 32 / 4 = 8 rows: local 8 along y stays */
  size_t l2[2] = {8, 16};
  rowinv(k, out, in, w, 16, 0, l2); /* 16 / 4 = 4 rows: local 16 becomes 4 */
  rowinv(k, out, in, w, 12, 8, NULL); /* rows 8..19 */
  rowinv(k, out, in, w, 6, 3, NULL);  /* 6 rows: not coarsened */

  cl_kernel e = kernel(p, "early");
  {
    float r[W * H];
    for (int i = 0; i < W * H; ++i)
      r[i] = -1.0f;
    OK(clEnqueueWriteBuffer(queue, out, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL));
    int width = 40, pitch = W;
    OK(clSetKernelArg(e, 0, sizeof out, &out));
    OK(clSetKernelArg(e, 1, sizeof width, &width));
    OK(clSetKernelArg(e, 2, sizeof pitch, &pitch));
    size_t g[2] = {W, H};
    OK(clEnqueueNDRangeKernel(queue, e, 2, NULL, g, NULL, 0, NULL, NULL));
    OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL));
    int bad = 0;
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        double want = x < width ? cos((float)x * 0.1f) * exp((float)x * 0.01f) +
                                      sqrt((float)x) + y
                                : -1.0;
        bad += !close_to(r[y * W + x], want);
      }
    if (bad)
      fprintf(stderr, "early: %d wrong\n", bad);
    CHECK(bad == 0);
  }

  cl_kernel g = kernel(p, "grouped");
  {
    float r[W * H];
    int n = N;
    OK(clSetKernelArg(g, 0, sizeof out, &out));
    OK(clSetKernelArg(g, 1, sizeof w, &w));
    OK(clSetKernelArg(g, 2, sizeof n, &n));
    size_t gs[2] = {W, H}, ls[2] = {8, 4};
    OK(clEnqueueNDRangeKernel(queue, g, 2, NULL, gs, ls, 0, NULL, NULL));
    OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL));
    int bad = 0;
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        bad += !close_to(r[y * W + x], row_sum(x) + y % 4);
    if (bad)
      fprintf(stderr, "grouped: %d wrong\n", bad);
    CHECK(bad == 0);
  }

  clReleaseMemObject(in);
  clReleaseMemObject(w);
  clReleaseMemObject(out);
  clReleaseKernel(k);
  clReleaseKernel(e);
  clReleaseKernel(g);
  clReleaseProgram(p);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);

  const char *text = captured_stderr();
  CHECK(strstr(text, "loom-cl: rowinv: coarsened x4 along dimension 1 (repeated work ~") != NULL);
  CHECK(strstr(text, "loom-cl: rowinv: not specialized (noalias is off; not coarsened: the "
                     "global size along 1 is not a multiple of 4)") != NULL);
  CHECK(strstr(text, "loom-cl: early: coarsened x4 along dimension 1") != NULL);
  CHECK(strstr(text, "grouped: coarsened") == NULL);
  if (failures) {
    fprintf(stderr, "coarsen: %d failures\n", failures);
    return 1;
  }
  printf("coarsen: passed\n");
  return 0;
}
