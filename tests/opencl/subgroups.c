/* subgroups.c - cl_khr_subgroups: sub-group ids, reductions, scans, broadcasts, votes and
 * sub_group_barrier against a CPU model, full and partial sub-groups; clGetKernelSubGroupInfo.
 * SPDX-License-Identifier: Apache-2.0
 *
 * A sub-group is 32 work-items in the order of the linear local id (Loom's
 * warps); the last one of a work-group whose size is not a multiple of 32
 * is smaller, and its collectives combine its own work-items only. */
#include "common.h"

static const char *source =
    "__kernel void sg(__global const int *in, __global const float *fin,\n"
    "                 __global int *out, __global float *fout) {\n"
    "  size_t g = get_global_id(0) + get_global_size(0) * get_global_id(1);\n"
    "  int x = in[g];\n"
    "  __global int *o = out + 16 * g;\n"
    "  o[0] = get_sub_group_size(); o[1] = get_sub_group_id();\n"
    "  o[2] = get_num_sub_groups(); o[3] = get_sub_group_local_id();\n"
    "  o[4] = sub_group_reduce_add(x); o[5] = sub_group_reduce_min(x);\n"
    "  o[6] = sub_group_reduce_max(x);\n"
    "  o[7] = sub_group_scan_inclusive_add(x); o[8] = sub_group_scan_exclusive_add(x);\n"
    "  o[9] = sub_group_scan_inclusive_max(x); o[10] = sub_group_scan_exclusive_min(x);\n"
    "  o[11] = sub_group_broadcast(x, 3);\n"
    "  o[12] = sub_group_any(x == 7); o[13] = sub_group_all(x >= 0);\n"
    "  o[14] = get_max_sub_group_size();\n"
    "  long lx = (long)x << 33;\n"
    "  o[15] = (int)(sub_group_reduce_add(lx) >> 33);\n"
    "  fout[g] = sub_group_reduce_add(fin[g]) + 1000.0f * sub_group_scan_inclusive_max(fin[g]);\n"
    "}\n"
    "__kernel void swap(__global int *out, __local int *tmp) {\n"
    "  size_t l = get_local_id(0);\n"
    "  tmp[l] = (int)get_global_id(0) * 3;\n"
    "  sub_group_barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  uint partner = get_sub_group_local_id() ^ 1;\n"
    "  out[get_global_id(0)] = partner < get_sub_group_size() ? tmp[l ^ 1] : -1;\n"
    "}\n";

enum { G = 192 };

/* One run of kernel sg over G work-items, gx wide, with local size lx x ly. */
static void run(cl_kernel k, size_t gx, size_t lx, size_t ly) {
  int in[G], out[G * 16];
  float fin[G], fout[G];
  for (int i = 0; i < G; ++i) {
    in[i] = (i * 37 + 11) % 101;
    fin[i] = (float)((i * 13) % 17);
  }
  cl_mem bi = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in);
  cl_mem bf = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof fin, fin);
  cl_mem bo = buffer(CL_MEM_READ_WRITE, sizeof out, NULL);
  cl_mem bfo = buffer(CL_MEM_READ_WRITE, sizeof fout, NULL);
  OK(clSetKernelArg(k, 0, sizeof bi, &bi));
  OK(clSetKernelArg(k, 1, sizeof bf, &bf));
  OK(clSetKernelArg(k, 2, sizeof bo, &bo));
  OK(clSetKernelArg(k, 3, sizeof bfo, &bfo));
  size_t gy = G / gx;
  size_t global[2] = {gx, gy}, local[2] = {lx, ly};
  OK(clEnqueueNDRangeKernel(queue, k, 2, NULL, global, local, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, bo, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, bfo, CL_TRUE, 0, sizeof fout, fout, 0, NULL, NULL));
  int bad = 0;
  size_t wg = lx * ly, nsg = (wg + 31) / 32;
  for (size_t y = 0; y < gy && bad < 5; ++y)
    for (size_t x = 0; x < gx && bad < 5; ++x) {
      size_t g = y * gx + x;
      /* Its work-group's first work-item and its linear local id. */
      size_t lin = (y % ly) * lx + (x % lx);
      size_t sgid = lin / 32, lane = lin % 32;
      size_t size = sgid == nsg - 1 ? wg - sgid * 32 : 32;
      /* The global indices of the sub-group's work-items, lane by lane. */
      size_t member[32];
      for (size_t m = 0; m < size; ++m) {
        size_t ml = sgid * 32 + m;
        member[m] = (y - y % ly + ml / lx) * gx + (x - x % lx + ml % lx);
      }
      int sum = 0, mn = 1 << 30, mx = -(1 << 30), incl = 0, excl = 0, imax = -(1 << 30),
          emin = 0x7fffffff, any = 0, all = 1;
      float fsum = 0, fmax = -1e30f;
      for (size_t m = 0; m < size; ++m) {
        int v = in[member[m]];
        sum += v;
        mn = v < mn ? v : mn;
        mx = v > mx ? v : mx;
        any |= v == 7;
        all &= v >= 0;
        fsum += fin[member[m]];
        if (m <= lane) {
          incl += v;
          imax = v > imax ? v : imax;
          fmax = fin[member[m]] > fmax ? fin[member[m]] : fmax;
        }
        if (m < lane) {
          excl += v;
          emin = v < emin ? v : emin;
        }
      }
      int want[16] = {(int)size, (int)sgid, (int)nsg, (int)lane, sum, mn, mx, incl, excl,
                      imax, emin, in[member[3]], any, all, 32, sum};
      for (int f = 0; f < 16; ++f)
        if (out[16 * g + f] != want[f]) {
          fprintf(stderr, "local %zux%zu: work-item (%zu, %zu) field %d: got %d, want %d\n", lx,
                  ly, x, y, f, out[16 * g + f], want[f]);
          ++bad;
        }
      if (fout[g] != fsum + 1000.0f * fmax) {
        fprintf(stderr, "local %zux%zu: work-item %zu float: got %g, want %g\n", lx, ly, g,
                fout[g], fsum + 1000.0f * fmax);
        ++bad;
      }
    }
  failures += bad;
  clReleaseMemObject(bi);
  clReleaseMemObject(bf);
  clReleaseMemObject(bo);
  clReleaseMemObject(bfo);
}

int main(void) {
  setup_queue(0);
  cl_program p = build(source, "-cl-std=CL3.0");
  cl_kernel k = kernel(p, "sg");
  run(k, G, 64, 1); /* two full sub-groups per work-group */
  run(k, G, 48, 1); /* one full, one of 16 */
  run(k, 24, 8, 8); /* 2D: sub-groups in linear local id order */
  run(k, 16, 16, 6); /* 96 work-items in 16 x 6: three sub-groups across rows */

  /* sub_group_barrier orders __local memory within the sub-group. */
  cl_kernel s = kernel(p, "swap");
  int out[G];
  cl_mem bo = buffer(CL_MEM_READ_WRITE, sizeof out, NULL);
  OK(clSetKernelArg(s, 0, sizeof bo, &bo));
  OK(clSetKernelArg(s, 1, 96 * sizeof(int), NULL));
  size_t global = G, local = 96;
  OK(clEnqueueNDRangeKernel(queue, s, 1, NULL, &global, &local, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, bo, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
  for (int i = 0; i < G; ++i)
    CHECK(out[i] == (i ^ 1) * 3);

  /* clGetKernelSubGroupInfo, also through the extension's name. */
  size_t l48 = 48, l2[2] = {16, 6}, v = 0, count = 3, ls[3] = {0, 0, 0};
  OK(clGetKernelSubGroupInfo(k, device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof l48,
                             &l48, sizeof v, &v, NULL));
  CHECK(v == 32);
  OK(clGetKernelSubGroupInfo(k, device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, sizeof l2, l2,
                             sizeof v, &v, NULL));
  CHECK(v == 3);
  OK(clGetKernelSubGroupInfo(k, device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof count,
                             &count, sizeof ls, ls, NULL));
  CHECK(ls[0] == 96 && ls[1] == 1 && ls[2] == 1);
  OK(clGetKernelSubGroupInfo(k, device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof v, &v,
                             NULL));
  CHECK(v >= 1);
  CHECK_CL(clGetKernelSubGroupInfo(k, device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, 0, NULL,
                                   sizeof v, &v, NULL),
           CL_INVALID_VALUE);
  CHECK_CL(clGetKernelSubGroupInfo(NULL, device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof v,
                                   &v, NULL),
           CL_INVALID_KERNEL);
  typedef cl_int(CL_API_CALL * Fn)(cl_kernel, cl_device_id, cl_kernel_sub_group_info, size_t,
                                   const void *, size_t, void *, size_t *);
  Fn khr = (Fn)clGetExtensionFunctionAddressForPlatform(platform, "clGetKernelSubGroupInfoKHR");
  CHECK(khr != NULL);
  if (khr) {
    OK(khr(k, device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, sizeof l48, &l48, sizeof v, &v,
           NULL));
    CHECK(v == 2);
  }
  char ext[4096] = {0};
  OK(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof ext - 1, ext, NULL));
  CHECK(strstr(ext, "cl_khr_subgroups") != NULL);
  cl_uint maxsg = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof maxsg, &maxsg, NULL));
  CHECK(maxsg >= 1);

  clReleaseKernel(k);
  clReleaseKernel(s);
  clReleaseMemObject(bo);
  clReleaseProgram(p);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  if (failures) {
    fprintf(stderr, "subgroups: %d failures\n", failures);
    return 1;
  }
  printf("subgroups: passed\n");
  return 0;
}
