/* compile_link.c - separate compilation: clCompileProgram with embedded headers, clLinkProgram of
 * several compiled objects and of a library, binary types, and the errors of both.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"

static const char *util_h = "float scale(float x);\n"
                            "#define OFFSET 3\n";
static const char *more_h = "#define TWICE(x) (2 * (x))\n";
static const char *source_a = "#include \"util.h\"\n"
                              "#include <inc/more.h>\n"
                              "__kernel void ka(__global float *o) {\n"
                              "  int i = get_global_id(0);\n"
                              "  o[i] = scale((float)i) + OFFSET + TWICE(1);\n"
                              "}\n";
static const char *source_b = "#include \"util.h\"\n"
                              "float scale(float x) { return x * SCALE; }\n"
                              "__kernel void kb(__global float *o) {\n"
                              "  int i = get_global_id(0);\n"
                              "  o[i] = scale(o[i]) + OFFSET;\n"
                              "}\n";
static const char *source_dup = "float scale(float x) { return x; }\n";
static const char *source_bad = "__kernel void k(__global float *o) {\n"
                                "  o[0] = undeclared_thing;\n"
                                "}\n";

static cl_program from_source(const char *s) {
  cl_int err;
  cl_program p = clCreateProgramWithSource(context, 1, &s, NULL, &err);
  REQUIRE(err == CL_SUCCESS && p);
  return p;
}

static void log_of(cl_program p, char *log, size_t size) {
  memset(log, 0, size);
  clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, size - 1, log, NULL);
}

static cl_program_binary_type binary_type(cl_program p) {
  cl_program_binary_type t = 0;
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BINARY_TYPE, sizeof t, &t, NULL));
  return t;
}

/* Runs ka then kb on one buffer and checks: ka writes scale(i) + 3 + 2,
 * kb scales that and adds 3. */
static void run(cl_program exe, float factor) {
  enum { N = 64 };
  cl_int err;
  cl_kernel ka = clCreateKernel(exe, "ka", &err);
  REQUIRE(err == CL_SUCCESS);
  cl_kernel kb = clCreateKernel(exe, "kb", &err);
  REQUIRE(err == CL_SUCCESS);
  cl_mem o = buffer(CL_MEM_READ_WRITE, N * sizeof(float), NULL);
  OK(clSetKernelArg(ka, 0, sizeof o, &o));
  OK(clSetKernelArg(kb, 0, sizeof o, &o));
  size_t g = N;
  OK(clEnqueueNDRangeKernel(queue, ka, 1, NULL, &g, NULL, 0, NULL, NULL));
  OK(clEnqueueNDRangeKernel(queue, kb, 1, NULL, &g, NULL, 0, NULL, NULL));
  float out[N];
  OK(clEnqueueReadBuffer(queue, o, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
  for (int i = 0; i < N; ++i) {
    float want = (i * factor + 3 + 2) * factor + 3;
    if (out[i] != want) {
      fprintf(stderr, "element %d: got %g, want %g\n", i, out[i], want);
      ++failures;
      break;
    }
  }
  clReleaseMemObject(o);
  clReleaseKernel(ka);
  clReleaseKernel(kb);
}

int main(void) {
  setup_queue(0);
  char log[16384];
  cl_int err;
  cl_program util = from_source(util_h), more = from_source(more_h);
  cl_program headers[2] = {util, more};
  const char *names[2] = {"util.h", "inc/more.h"};

  cl_program a = from_source(source_a), b = from_source(source_b);
  OK(clCompileProgram(a, 1, &device, NULL, 2, headers, names, NULL, NULL));
  OK(clCompileProgram(b, 1, &device, "-DSCALE=2.5f", 1, headers, names, NULL, NULL));
  CHECK(binary_type(a) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
  CHECK(clCreateKernel(a, "ka", &err) == NULL && err == CL_INVALID_PROGRAM_EXECUTABLE);

  /* Two compiled objects into an executable: ka calls b's scale(). */
  cl_program inputs[2] = {a, b};
  cl_program exe = clLinkProgram(context, 1, &device, NULL, 2, inputs, NULL, NULL, &err);
  if (err != CL_SUCCESS && exe) {
    log_of(exe, log, sizeof log);
    fprintf(stderr, "link failed (%d):\n%s\n", err, log);
  }
  REQUIRE(err == CL_SUCCESS && exe);
  CHECK(binary_type(exe) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  char names_out[256] = {0};
  OK(clGetProgramInfo(exe, CL_PROGRAM_KERNEL_NAMES, sizeof names_out, names_out, NULL));
  CHECK(strstr(names_out, "ka") && strstr(names_out, "kb"));
  run(exe, 2.5f);
  CHECK_CL(clBuildProgram(exe, 1, &device, NULL, NULL, NULL), CL_INVALID_OPERATION);

  /* b as a library, then linked with a. */
  cl_program lib = clLinkProgram(context, 1, &device, "-create-library", 1, &b, NULL, NULL, &err);
  CHECK(err == CL_SUCCESS && lib);
  if (lib) {
    CHECK(binary_type(lib) == CL_PROGRAM_BINARY_TYPE_LIBRARY);
    cl_program with_lib[2] = {a, lib};
    cl_program exe2 =
        clLinkProgram(context, 1, &device, "-cl-fast-relaxed-math", 2, with_lib, NULL, NULL, &err);
    CHECK(err == CL_SUCCESS && exe2);
    if (exe2) {
      run(exe2, 2.5f);
      clReleaseProgram(exe2);
    }
    clReleaseProgram(lib);
  }

  /* Compile errors in the log with line and column. */
  cl_program bad = from_source(source_bad);
  CHECK_CL(clCompileProgram(bad, 1, &device, NULL, 0, NULL, NULL, NULL, NULL),
           CL_COMPILE_PROGRAM_FAILURE);
  log_of(bad, log, sizeof log);
  CHECK(strstr(log, "input.cl:2:10: error") != NULL);
  CHECK_CL(clCompileProgram(bad, 1, &device, "--no-such-option", 0, NULL, NULL, NULL, NULL),
           CL_INVALID_COMPILER_OPTIONS);
  /* A header missing: the include fails. */
  CHECK_CL(clCompileProgram(a, 1, &device, NULL, 0, NULL, NULL, NULL, NULL),
           CL_COMPILE_PROGRAM_FAILURE);
  log_of(a, log, sizeof log);
  CHECK(strstr(log, "util.h") != NULL);
  OK(clCompileProgram(a, 1, &device, NULL, 2, headers, names, NULL, NULL));

  /* Link errors: an undefined function, a function defined twice. */
  exe = clLinkProgram(context, 1, &device, NULL, 1, &a, NULL, NULL, &err);
  CHECK(err == CL_LINK_PROGRAM_FAILURE && exe);
  if (exe) {
    log_of(exe, log, sizeof log);
    CHECK(strstr(log, "function 'scale' is not defined") != NULL);
    clReleaseProgram(exe);
  }
  cl_program dup = from_source(source_dup);
  OK(clCompileProgram(dup, 1, &device, NULL, 0, NULL, NULL, NULL, NULL));
  cl_program three[3] = {a, b, dup};
  exe = clLinkProgram(context, 1, &device, NULL, 3, three, NULL, NULL, &err);
  CHECK(err == CL_LINK_PROGRAM_FAILURE && exe);
  if (exe) {
    log_of(exe, log, sizeof log);
    CHECK(strstr(log, "scale") != NULL);
    clReleaseProgram(exe);
  }
  /* Invalid arguments. */
  CHECK(clLinkProgram(context, 1, &device, "-DX=1", 2, inputs, NULL, NULL, &err) == NULL &&
        err == CL_INVALID_LINKER_OPTIONS);
  CHECK(clLinkProgram(context, 1, &device, NULL, 1, &util, NULL, NULL, &err) == NULL &&
        err == CL_INVALID_OPERATION); /* not compiled */
  CHECK(clLinkProgram(context, 1, &device, NULL, 0, NULL, NULL, NULL, &err) == NULL &&
        err == CL_INVALID_VALUE);
  const char *escape = "../util.h";
  CHECK_CL(clCompileProgram(a, 1, &device, NULL, 1, headers, &escape, NULL, NULL),
           CL_INVALID_VALUE);
  CHECK_CL(clCompileProgram(a, 1, &device, NULL, 1, headers, NULL, NULL, NULL), CL_INVALID_VALUE);
  CHECK_CL(clCompileProgram(NULL, 1, &device, NULL, 0, NULL, NULL, NULL, NULL),
           CL_INVALID_PROGRAM);
  cl_bool linker = CL_FALSE;
  OK(clGetDeviceInfo(device, CL_DEVICE_LINKER_AVAILABLE, sizeof linker, &linker, NULL));
  CHECK(linker == CL_TRUE);

  clReleaseProgram(a);
  clReleaseProgram(b);
  clReleaseProgram(dup);
  clReleaseProgram(bad);
  clReleaseProgram(util);
  clReleaseProgram(more);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  if (failures) {
    fprintf(stderr, "compile_link: %d failures\n", failures);
    return 1;
  }
  printf("compile_link: passed\n");
  return 0;
}
