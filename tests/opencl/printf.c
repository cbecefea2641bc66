/* printf.c - printf in kernels: conversions, strings, one line per work-item, output by clFinish.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"
#include <unistd.h>

static const char *source =
    "__kernel void hello(__global const float *x, int n) {\n"
    "  int i = (int)get_global_id(0);\n"
    "  if (i < n)\n"
    "    printf(\"item %d of %d: %.2f %s %c %x %ld\\n\", i, n, x[i], \"ok\", 'A' + i, 255 + i,\n"
    "           (long)i << 40);\n"
    "}\n";

/* OpenCL's vector conversions are not supported yet: a build error at the call. */
static const char *vector_source =
    "__kernel void vec(__global float *x) {\n"
    "  printf(\"%v4f\\n\", (float4)(1.0f));\n"
    "}\n";

static int compare(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void) {
  setup_queue(0);
  cl_program p = build(source, NULL);
  cl_kernel k = kernel(p, "hello");
  float x[4] = {0.5f, 1.25f, -2.0f, 3.125f};
  cl_mem dx = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof x, x);
  int n = 4;
  OK(clSetKernelArg(k, 0, sizeof dx, &dx));
  OK(clSetKernelArg(k, 1, sizeof n, &n));

  /* Capture what the kernel prints on stdout. */
  fflush(stdout);
  char path[] = "/tmp/loom-cl-printf-XXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  int saved = dup(1);
  dup2(fd, 1);
  size_t global = 8, local = 8;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
  OK(clFinish(queue));
  fflush(stdout);
  dup2(saved, 1);
  close(saved);

  char text[4096] = {0};
  lseek(fd, 0, SEEK_SET);
  ssize_t got = read(fd, text, sizeof text - 1);
  close(fd);
  unlink(path);
  REQUIRE(got > 0);
  char *lines[16];
  int count = 0;
  for (char *line = strtok(text, "\n"); line && count < 16; line = strtok(NULL, "\n"))
    lines[count++] = line;
  CHECK(count == 4);
  qsort(lines, count, sizeof lines[0], compare);
  const char *want[4] = {"item 0 of 4: 0.50 ok A ff 0", "item 1 of 4: 1.25 ok B 100 1099511627776",
                         "item 2 of 4: -2.00 ok C 101 2199023255552",
                         "item 3 of 4: 3.12 ok D 102 3298534883328"};
  for (int i = 0; i < count && i < 4; ++i)
    if (strcmp(lines[i], want[i]) != 0) {
      fprintf(stderr, "line %d: '%s', expected '%s'\n", i, lines[i], want[i]);
      ++failures;
    }
  const char *src = vector_source;
  cl_int err;
  cl_program pv = clCreateProgramWithSource(context, 1, &src, NULL, &err);
  CHECK_CL(clBuildProgram(pv, 0, NULL, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
  char log[4096] = {0};
  OK(clGetProgramBuildInfo(pv, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL));
  CHECK(strstr(log, "input.cl:2:3: error: printf with vector conversions") != NULL);
  clReleaseProgram(pv);
  clReleaseKernel(k);
  clReleaseMemObject(dx);
  clReleaseProgram(p);
  return finish("printf");
}
