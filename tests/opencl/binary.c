/* binary.c - program binaries round trip: CL_PROGRAM_BINARIES into clCreateProgramWithBinary.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"

static const char *source = "__kernel void square(__global int *x, int add) {\n"
                            "  size_t i = get_global_id(0);\n"
                            "  x[i] = x[i] * x[i] + add;\n"
                            "}\n";

static int run(cl_program p, int add) {
  cl_kernel k = kernel(p, "square");
  enum { N = 1000 };
  int host[N];
  for (int i = 0; i < N; ++i)
    host[i] = i;
  cl_mem m = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host);
  OK(clSetKernelArg(k, 0, sizeof m, &m));
  OK(clSetKernelArg(k, 1, sizeof add, &add));
  size_t global = N;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
  int bad = 0;
  for (int i = 0; i < N; ++i)
    if (host[i] != i * i + add && bad++ < 3)
      fprintf(stderr, "x[%d] = %d, expected %d\n", i, host[i], i * i + add);
  clReleaseMemObject(m);
  clReleaseKernel(k);
  return bad;
}

int main(void) {
  setup_queue(0);
  cl_program p = build(source, NULL);
  CHECK(run(p, 1) == 0);
  size_t size = 0;
  OK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
  REQUIRE(size > 0);
  unsigned char *bin = malloc(size);
  unsigned char *bins[1] = {bin};
  OK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL));
  clReleaseProgram(p);

  /* The binary builds without a compile and runs the same kernel. */
  cl_int status = 1, err;
  const unsigned char *cbins[1] = {bin};
  cl_program pb = clCreateProgramWithBinary(context, 1, &device, &size, cbins, &status, &err);
  OK(err);
  CHECK(status == CL_SUCCESS);
  OK(clBuildProgram(pb, 1, &device, NULL, NULL, NULL));
  cl_program_binary_type type;
  OK(clGetProgramBuildInfo(pb, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  CHECK(run(pb, 5) == 0);
  /* Twice in one process: both programs work. */
  cl_program pb2 = clCreateProgramWithBinary(context, 1, &device, &size, cbins, NULL, &err);
  OK(err);
  OK(clBuildProgram(pb2, 0, NULL, NULL, NULL, NULL));
  CHECK(run(pb2, 7) == 0);
  clReleaseProgram(pb);
  clReleaseProgram(pb2);

  /* Damaged binaries are CL_INVALID_BINARY. */
  size_t cut = size / 2;
  CHECK(clCreateProgramWithBinary(context, 1, &device, &cut, cbins, &status, &err) == NULL);
  CHECK(err == CL_INVALID_BINARY && status == CL_INVALID_BINARY);
  bin[0] ^= 0xff;
  CHECK(clCreateProgramWithBinary(context, 1, &device, &size, cbins, &status, &err) == NULL);
  CHECK(err == CL_INVALID_BINARY);
  size_t zero = 0;
  CHECK(clCreateProgramWithBinary(context, 1, &device, &zero, cbins, &status, &err) == NULL);
  CHECK(err == CL_INVALID_VALUE);
  free(bin);
  return finish("binary");
}
