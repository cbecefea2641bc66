/* cache.c - the build cache: a second build of the same source loads the cached build and its log;
 * a damaged entry is compiled again and replaced.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"
#include <unistd.h>

static const char *source = "__kernel void k(__global int *x) {\n"
                            "  x[1] == 2;\n" /* a warning, so the log is not empty */
                            "  x[get_global_id(0)] += 3;\n"
                            "}\n";

static char dir[] = "/tmp/loom-cl-cache-test-XXXXXX";

/* The one cache file, or "" when there is none. */
static void entry(char *out, size_t size) {
  out[0] = 0;
  DIR *d = opendir(dir);
  struct dirent *e;
  while (d && (e = readdir(d)))
    if (strstr(e->d_name, ".loomcl") && !strstr(e->d_name, ".tmp"))
      snprintf(out, size, "%s/%s", dir, e->d_name);
  if (d)
    closedir(d);
}

static void build_and_run(char *log, size_t size) {
  cl_program p = build(source, "-DUNUSED=1");
  log[0] = 0;
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, size, log, NULL));
  cl_kernel k = kernel(p, "k");
  int host[64] = {0};
  cl_mem m = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host);
  OK(clSetKernelArg(k, 0, sizeof m, &m));
  size_t global = 64;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
  for (int i = 0; i < 64; ++i)
    CHECK(host[i] == 3);
  clReleaseMemObject(m);
  clReleaseKernel(k);
  clReleaseProgram(p);
}

int main(void) {
  REQUIRE(mkdtemp(dir) != NULL);
  setenv("LOOM_CACHE_DIR", dir, 1);
  setup_queue(0);
  char log[4096], path[4200];
  build_and_run(log, sizeof log);
  CHECK(strstr(log, "warning: equality comparison result unused") != NULL);
  entry(path, sizeof path);
  REQUIRE(path[0] != 0);

  /* Mark the cached log: a hit returns the marked log. The entry is the
   * log's size, a newline, the log, then the binary. */
  FILE *f = fopen(path, "rb");
  REQUIRE(f);
  static char data[1 << 22];
  size_t n = fread(data, 1, sizeof data, f);
  fclose(f);
  char *nl = memchr(data, '\n', n);
  REQUIRE(nl && n < sizeof data);
  size_t log_bytes = strtoul(data, NULL, 10);
  REQUIRE(log_bytes > 3);
  memcpy(nl + 1, "HIT", 3); /* the first three characters of the log */
  f = fopen(path, "wb");
  fwrite(data, 1, n, f);
  fclose(f);
  build_and_run(log, sizeof log);
  CHECK(strncmp(log, "HIT", 3) == 0);

  /* Damage the binary part: the build compiles again and replaces it. */
  data[n - 100] ^= 0x5a;
  data[n / 2] ^= 0x5a;
  memcpy(data + (nl + 1 - data) + log_bytes, "XXXX", 4); /* the binary's magic */
  f = fopen(path, "wb");
  fwrite(data, 1, n, f);
  fclose(f);
  build_and_run(log, sizeof log);
  CHECK(strncmp(log, "HIT", 3) != 0);
  CHECK(strstr(log, "warning: equality comparison result unused") != NULL);
  f = fopen(path, "rb");
  REQUIRE(f);
  char magic[32] = {0};
  size_t m = fread(data, 1, sizeof data, f);
  fclose(f);
  nl = memchr(data, '\n', m);
  REQUIRE(nl);
  memcpy(magic, nl + 1 + strtoul(data, NULL, 10), 10);
  CHECK(strcmp(magic, "LOOMCLBIN1") == 0);

  unlink(path);
  rmdir(dir);
  return finish("cache");
}
