/* common.h - what every OpenCL test needs: Loom's platform, a context and queue, checks.
 * SPDX-License-Identifier: Apache-2.0 */
#ifndef LOOM_OPENCL_TEST_COMMON_H
#define LOOM_OPENCL_TEST_COMMON_H

#include <CL/cl.h>
#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <unistd.h>

static int failures = 0;

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                    \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

#define CHECK_CL(expr, want)                                                                       \
  do {                                                                                             \
    cl_int got_ = (expr);                                                                          \
    if (got_ != (want)) {                                                                          \
      fprintf(stderr, "%s:%d: %s returned %d, expected %d\n", __FILE__, __LINE__, #expr, got_,     \
              (int)(want));                                                                        \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

#define OK(expr) CHECK_CL(expr, CL_SUCCESS)

/* Stops the test: what follows depends on it. */
#define REQUIRE(cond)                                                                              \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: required: %s\n", __FILE__, __LINE__, #cond);                         \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static cl_platform_id platform;
static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

/* When the loader lists no Loom platform, the reason is usually that the
 * library did not load: say why (dlerror of each .icd's library). */
static void explain_missing_platform(void) {
  const char *dir = getenv("OCL_ICD_VENDORS");
  DIR *d = dir ? opendir(dir) : NULL;
  struct dirent *e;
  while (d && (e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 4 || strcmp(e->d_name + n - 4, ".icd") != 0)
      continue;
    char path[4096], lib[4096] = {0};
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    FILE *f = fopen(path, "r");
    if (f && fgets(lib, sizeof lib, f))
      lib[strcspn(lib, "\n")] = 0;
    if (f)
      fclose(f);
    void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    fprintf(stderr, "%s names %s: %s\n", path, lib, h ? "it loads" : dlerror());
  }
  if (d)
    closedir(d);
}

/* Loom's platform (the tests run with OCL_ICD_VENDORS at the build's
 * vendors folder, but a second platform must not be picked by accident). */
static void setup_queue(cl_command_queue_properties props) {
  cl_platform_id all[8];
  cl_uint n = 0;
  if (clGetPlatformIDs(8, all, &n) != CL_SUCCESS || n == 0)
    explain_missing_platform();
  REQUIRE(clGetPlatformIDs(8, all, &n) == CL_SUCCESS && n > 0);
  platform = NULL;
  for (cl_uint i = 0; i < n && i < 8; ++i) {
    char name[64] = {0};
    clGetPlatformInfo(all[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (strcmp(name, "Loom") == 0)
      platform = all[i];
  }
  REQUIRE(platform != NULL);
  REQUIRE(clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 1, &device, NULL) == CL_SUCCESS);
  cl_int err;
  context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  REQUIRE(err == CL_SUCCESS && context);
  queue = clCreateCommandQueue(context, device, props, &err);
  REQUIRE(err == CL_SUCCESS && queue);
}

/* Builds \p source; prints the log and exits when the build fails. */
static cl_program build(const char *source, const char *options) {
  cl_int err;
  cl_program p = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  REQUIRE(err == CL_SUCCESS);
  err = clBuildProgram(p, 1, &device, options, NULL, NULL);
  if (err != CL_SUCCESS) {
    char log[16384] = {0};
    clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    fprintf(stderr, "build failed (%d):\n%s\n", err, log);
    exit(1);
  }
  return p;
}

static cl_kernel kernel(cl_program p, const char *name) {
  cl_int err;
  cl_kernel k = clCreateKernel(p, name, &err);
  REQUIRE(err == CL_SUCCESS && k);
  return k;
}

static cl_mem buffer(cl_mem_flags flags, size_t size, void *host) {
  cl_int err;
  cl_mem m = clCreateBuffer(context, flags, size, host, &err);
  REQUIRE(err == CL_SUCCESS && m);
  return m;
}

/* The library's decisions (LOOM_CL_REPORT=1) go to stderr: capture_stderr()
 * sends stderr to a temporary file, captured_stderr() restores it, echoes what
 * was written and returns it. */
static int capture_saved_fd = -1;
static FILE *capture_file;

static void capture_stderr(void) {
  fflush(stderr);
  capture_saved_fd = dup(2);
  capture_file = tmpfile();
  REQUIRE(capture_saved_fd >= 0 && capture_file);
  dup2(fileno(capture_file), 2);
}

static const char *captured_stderr(void) {
  static char text[65536];
  fflush(stderr);
  dup2(capture_saved_fd, 2);
  rewind(capture_file);
  size_t got = fread(text, 1, sizeof text - 1, capture_file);
  text[got] = 0;
  fputs(text, stderr);
  return text;
}

static int finish(const char *name) {
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  if (failures) {
    fprintf(stderr, "%s: %d checks failed\n", name, failures);
    return 1;
  }
  printf("%s: passed\n", name);
  return 0;
}

#endif
