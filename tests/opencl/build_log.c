/* build_log.c - build errors reach the log with file:line:column; options are honoured or refused.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"

static const char *bad_source = "__kernel void k(__global int *x) {\n"
                                "  int y = 1;\n"
                                "  x[0] = undeclared_name + y;\n"
                                "}\n";

static const char *warn_source = "__kernel void k(__global int *x) {\n"
                                 "  x[1] == 2;\n"
                                 "  x[0] = VALUE;\n"
                                 "}\n";

static cl_int try_build(const char *source, const char *options, char *log, size_t size,
                        cl_program *out) {
  cl_int err;
  cl_program p = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  REQUIRE(err == CL_SUCCESS);
  err = clBuildProgram(p, 0, NULL, options, NULL, NULL);
  log[0] = 0;
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, size, log, NULL));
  if (out)
    *out = p;
  else
    clReleaseProgram(p);
  return err;
}

int main(void) {
  setup_queue(0);
  char log[16384];
  cl_program p;
  CHECK_CL(try_build(bad_source, NULL, log, sizeof log, &p), CL_BUILD_PROGRAM_FAILURE);
  /* The error names its line and column. */
  if (!strstr(log, ":3:10: error:") || !strstr(log, "undeclared_name")) {
    fprintf(stderr, "log lacks the error's position:\n%s\n", log);
    ++failures;
  }
  cl_build_status status;
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, NULL));
  CHECK(status == CL_BUILD_ERROR);
  cl_int err;
  CHECK(clCreateKernel(p, "k", &err) == NULL && err == CL_INVALID_PROGRAM_EXECUTABLE);
  clReleaseProgram(p);

  /* -D defines; the warning is in the log, -Werror makes it an error, -w silences it. */
  CHECK_CL(try_build(warn_source, "-DVALUE=42", log, sizeof log, &p),
           CL_SUCCESS);
  if (!strstr(log, ":2:8: warning: equality comparison result unused")) {
    fprintf(stderr, "log lacks the warning:\n%s\n", log);
    ++failures;
  }
  cl_kernel k = kernel(p, "k");
  cl_mem out = buffer(CL_MEM_READ_WRITE, sizeof(int), NULL);
  OK(clSetKernelArg(k, 0, sizeof out, &out));
  size_t one = 1;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &one, NULL, 0, NULL, NULL));
  int value = 0;
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof value, &value, 0, NULL, NULL));
  CHECK(value == 42);
  clReleaseKernel(k);
  clReleaseProgram(p);
  CHECK_CL(try_build(warn_source, "-DVALUE=1 -Werror", log, sizeof log, NULL),
           CL_BUILD_PROGRAM_FAILURE);
  CHECK(strstr(log, ":2:8: error: equality comparison result unused") != NULL);
  CHECK_CL(try_build(warn_source, "-D VALUE=1 -w -cl-fast-relaxed-math -cl-std=CL3.0", log,
                     sizeof log, NULL),
           CL_SUCCESS);
  CHECK(strstr(log, "warning") == NULL);
  /* Without -D the macro is missing. */
  CHECK_CL(try_build(warn_source, NULL, log, sizeof log, NULL), CL_BUILD_PROGRAM_FAILURE);
  CHECK(strstr(log, ":3:10: error: use of undeclared identifier 'VALUE'") != NULL);

  /* Unknown options and OpenCL C versions are CL_INVALID_BUILD_OPTIONS. */
  CHECK_CL(try_build(warn_source, "-DVALUE=1 --no-such-option", log, sizeof log, NULL),
           CL_INVALID_BUILD_OPTIONS);
  CHECK(strstr(log, "--no-such-option") != NULL);
  CHECK_CL(try_build(warn_source, "-DVALUE=1 -cl-std=CL9.9", log, sizeof log, NULL),
           CL_INVALID_BUILD_OPTIONS);

  /* A kernel with a pipe argument is refused in the log (not yet supported). */
  const char *pipe_source = "__kernel void k(__read_only pipe int p) {}\n";
  CHECK_CL(try_build(pipe_source, "-cl-std=CL2.0", log, sizeof log, NULL),
           CL_BUILD_PROGRAM_FAILURE);
  CHECK(strstr(log, "not supported") != NULL);
  return finish("build_log");
}
