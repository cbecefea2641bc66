/* wgsize.c - the work-group size Loom chooses when a program passes no local size
 * (clEnqueueNDRangeKernel with local_work_size NULL; docs/opencl.md, "wgsize").
 * SPDX-License-Identifier: Apache-2.0
 *
 * Each work-item writes its local sizes and its global id, read back and checked for every
 * work-item, so the range is covered exactly once whatever the size. The sizes must follow
 * the rule: a divisor of the global size; without barriers or local memory a large group
 * (up to 1024) whose x size is a multiple of the vector lanes; with a barrier at most 256;
 * reqd_work_group_size wins; at least two groups per hardware thread where the range
 * allows. With LOOM_CL_SPECIALIZE=none (the test's second run) the old rule: per
 * dimension the largest divisor within 256 work-items. Lanes and hardware threads are the
 * device's own answers (CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, CL_DEVICE_MAX_COMPUTE_UNITS),
 * so no ISA is assumed. */
#include "common.h"

static const char *source =
    "__kernel void plain(__global int4 *out) {\n"
    "  size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);\n"
    "  out[i] = (int4)(get_local_size(0), get_local_size(1), get_global_id(0),\n"
    "                  get_global_id(1));\n"
    "}\n"
    "__kernel void synced(__global int4 *out) {\n"
    "  __local int t[1024];\n"
    "  size_t l = get_local_id(0);\n"
    "  t[l] = (int)get_global_id(0);\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);\n"
    "  out[i] = (int4)(get_local_size(0), get_local_size(1), t[l], get_global_id(1));\n"
    "}\n"
    "__kernel __attribute__((reqd_work_group_size(8, 2, 1)))\n"
    "void fixed(__global int4 *out) {\n"
    "  size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);\n"
    "  out[i] = (int4)(get_local_size(0), get_local_size(1), get_global_id(0),\n"
    "                  get_global_id(1));\n"
    "}\n";

static int old_rule;
static cl_uint lanes, threads;

/* Launches k over gx x gy with no local size; checks coverage; returns the local size. */
static void launch(cl_kernel k, size_t gx, size_t gy, size_t *lx, size_t *ly) {
  size_t n = gx * gy;
  cl_int *r = malloc(n * 4 * sizeof(cl_int));
  REQUIRE(r);
  cl_mem out = buffer(CL_MEM_WRITE_ONLY, n * 4 * sizeof(cl_int), NULL);
  OK(clSetKernelArg(k, 0, sizeof out, &out));
  size_t g[2] = {gx, gy};
  OK(clEnqueueNDRangeKernel(queue, k, gy > 1 ? 2 : 1, NULL, g, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, n * 4 * sizeof(cl_int), r, 0, NULL, NULL));
  *lx = (size_t)r[0];
  *ly = (size_t)r[1];
  int bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad += (size_t)r[4 * i] != *lx || (size_t)r[4 * i + 1] != *ly ||
           (size_t)r[4 * i + 2] != i % gx || (size_t)r[4 * i + 3] != i / gx;
  if (bad)
    fprintf(stderr, "%zu x %zu: %d work-items wrong\n", gx, gy, bad);
  CHECK(bad == 0);
  CHECK(*lx >= 1 && *ly >= 1 && gx % *lx == 0 && gy % *ly == 0);
  clReleaseMemObject(out);
  free(r);
}

/* The old rule's size along one dimension. */
static size_t old_size(size_t g, size_t budget) {
  for (size_t c = g < budget ? g : budget; c > 1; --c)
    if (g % c == 0)
      return c;
  return 1;
}

int main(void) {
  const char *mode = getenv("LOOM_CL_SPECIALIZE");
  old_rule = mode && strcmp(mode, "none") == 0;
  setup_queue(0);
  OK(clGetDeviceInfo(device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, sizeof lanes, &lanes, NULL));
  OK(clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof threads, &threads, NULL));
  REQUIRE(lanes >= 1 && threads >= 1);
  cl_program p = build(source, NULL);
  cl_kernel plain = kernel(p, "plain"), synced = kernel(p, "synced"), fixed = kernel(p, "fixed");
  size_t lx, ly;

  /* A large 1D range: barrier-free takes a large group, a multiple of the lanes. */
  size_t big = (size_t)1 << 20;
  launch(plain, big, 1, &lx, &ly);
  if (old_rule) {
    CHECK(lx == 256);
  } else {
    CHECK(lx % lanes == 0 && lx <= 1024);
    if (threads <= 512) /* 2^20 / (2 * threads) >= 1024 */
      CHECK(lx == 1024);
  }
  /* A barrier: within 256. */
  launch(synced, big, 1, &lx, &ly);
  CHECK(lx == 256);
  /* A size with no multiple of the lanes among its divisors: the largest divisor. */
  launch(plain, 1000, 1, &lx, &ly);
  if (old_rule)
    CHECK(lx == 250);
  else
    CHECK(lx <= 1024 && 1000 % lx == 0);
  /* A prime size. */
  launch(plain, 997, 1, &lx, &ly);
  CHECK(lx == 1 || lx == 997);
  /* 2D: whole rows first, then rows stacked. */
  launch(plain, 48, 1024, &lx, &ly);
  if (old_rule) {
    CHECK(lx == 48 && ly == old_size(1024, 256 / 48));
  } else {
    CHECK(lx == 48 || (lx % lanes == 0 && 48 % lx == 0));
    CHECK(lx * ly <= 1024 && lx * ly > 256 / 2);
  }
  launch(synced, 48, 1024, &lx, &ly);
  CHECK(lx * ly <= 256);
  /* reqd_work_group_size: always that size. */
  launch(fixed, 64, 8, &lx, &ly);
  CHECK(lx == 8 && ly == 2);
  /* A range smaller than the workers' share: still covered. */
  launch(plain, 32, 1, &lx, &ly);
  CHECK(32 % lx == 0);

  clReleaseKernel(plain);
  clReleaseKernel(synced);
  clReleaseKernel(fixed);
  clReleaseProgram(p);
  return finish(old_rule ? "wgsize (old rule)" : "wgsize");
}
