/* queries.c - platform, device, context, queue, program and kernel queries give truthful values.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"
#include <unistd.h>

static const char *source =
    "__kernel __attribute__((reqd_work_group_size(8, 2, 1)))\n"
    "void k1(__global float *out, __constant int *c, __local float *tmp, const uint n) {\n"
    "  out[get_global_id(0)] = (float)n;\n"
    "}\n"
    "__kernel void k2(__global int *x) {\n"
    "  __local int b[8];\n"
    "  b[get_local_id(0)] = 1;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  x[0] = b[0];\n"
    "}\n";

int main(void) {
  setup_queue(CL_QUEUE_PROFILING_ENABLE);
  char text[1024];
  size_t size;
  OK(clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof text, text, &size));
  CHECK(strcmp(text, "Loom") == 0 && size == 5);
  OK(clGetPlatformInfo(platform, CL_PLATFORM_VERSION, sizeof text, text, NULL));
  CHECK(strncmp(text, "OpenCL 3.0 ", 11) == 0);
  OK(clGetPlatformInfo(platform, CL_PLATFORM_PROFILE, sizeof text, text, NULL));
  CHECK(strcmp(text, "FULL_PROFILE") == 0);
  OK(clGetPlatformInfo(platform, 0x0920 /* CL_PLATFORM_ICD_SUFFIX_KHR */, sizeof text, text, NULL));
  CHECK(strcmp(text, "Loom") == 0);
  OK(clGetPlatformInfo(platform, CL_PLATFORM_EXTENSIONS, sizeof text, text, NULL));
  CHECK(strstr(text, "cl_khr_icd") != NULL);

  cl_uint n;
  OK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, &n));
  CHECK(n == 1);
  CHECK_CL(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 0, NULL, &n), CL_DEVICE_NOT_FOUND);
  cl_device_type type;
  OK(clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_DEVICE_TYPE_CPU);
  cl_uint units;
  OK(clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL));
  CHECK(units == (cl_uint)sysconf(_SC_NPROCESSORS_ONLN) || units >= 1);
  size_t wg, items[3];
  OK(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg, NULL));
  OK(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL));
  CHECK(wg >= 256 && items[0] >= 256 && items[0] <= wg);
  cl_ulong mem, alloc, local;
  OK(clGetDeviceInfo(device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem, NULL));
  OK(clGetDeviceInfo(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof alloc, &alloc, NULL));
  OK(clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, NULL));
  CHECK(mem == (cl_ulong)sysconf(_SC_PHYS_PAGES) * (cl_ulong)sysconf(_SC_PAGESIZE));
  CHECK(alloc >= mem / 4 && alloc <= mem);
  CHECK(local >= 32 * 1024);
  cl_bool image;
  OK(clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof image, &image, NULL));
  CHECK(image == CL_TRUE); /* tests/opencl/images.c */
  size_t image2d = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof image2d, &image2d, NULL));
  CHECK(image2d >= 8192); /* the full profile's minimum */
  OK(clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof text, text, NULL));
  CHECK(strlen(text) > 0);
  OK(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof text, text, NULL));
  CHECK(strstr(text, "cl_khr_fp64") != NULL);
  /* Too small a buffer is CL_INVALID_VALUE; an unknown name too. */
  CHECK_CL(clGetDeviceInfo(device, CL_DEVICE_NAME, 2, text, NULL), CL_INVALID_VALUE);
  CHECK_CL(clGetDeviceInfo(device, 0x7fff, sizeof text, text, NULL), CL_INVALID_VALUE);
  OK(clGetDeviceInfo(device, CL_DEVICE_VERSION, 0, NULL, &size));
  CHECK(size > 10);

  cl_uint refs, refs2;
  OK(clGetContextInfo(context, CL_CONTEXT_REFERENCE_COUNT, sizeof refs, &refs, NULL));
  CHECK(refs >= 1);
  OK(clRetainContext(context));
  OK(clGetContextInfo(context, CL_CONTEXT_REFERENCE_COUNT, sizeof refs2, &refs2, NULL));
  CHECK(refs2 == refs + 1);
  OK(clReleaseContext(context));
  cl_device_id d;
  OK(clGetContextInfo(context, CL_CONTEXT_DEVICES, sizeof d, &d, NULL));
  CHECK(d == device);
  cl_command_queue_properties props;
  OK(clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL));
  CHECK(props == CL_QUEUE_PROFILING_ENABLE);

  cl_program p = build(source, "-cl-std=CL1.2");
  size_t nk;
  OK(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL));
  CHECK(nk == 2);
  OK(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof text, text, NULL));
  CHECK(strcmp(text, "k1;k2") == 0 || strcmp(text, "k2;k1") == 0);
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_OPTIONS, sizeof text, text, NULL));
  CHECK(strcmp(text, "-cl-std=CL1.2") == 0);
  cl_build_status status;
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, NULL));
  CHECK(status == CL_BUILD_SUCCESS);

  cl_kernel k = kernel(p, "k1");
  cl_uint nargs;
  OK(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL));
  CHECK(nargs == 4);
  OK(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof text, text, NULL));
  CHECK(strcmp(text, "k1") == 0);
  size_t reqd[3];
  OK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof reqd, reqd,
                              NULL));
  CHECK(reqd[0] == 8 && reqd[1] == 2 && reqd[2] == 1);
  cl_kernel_arg_address_qualifier aq[4];
  for (int i = 0; i < 4; ++i)
    OK(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq[i], &aq[i], NULL));
  CHECK(aq[0] == CL_KERNEL_ARG_ADDRESS_GLOBAL && aq[1] == CL_KERNEL_ARG_ADDRESS_CONSTANT &&
        aq[2] == CL_KERNEL_ARG_ADDRESS_LOCAL && aq[3] == CL_KERNEL_ARG_ADDRESS_PRIVATE);
  OK(clGetKernelArgInfo(k, 3, CL_KERNEL_ARG_NAME, sizeof text, text, NULL));
  CHECK(strcmp(text, "n") == 0);
  OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof text, text, NULL));
  CHECK(strcmp(text, "float*") == 0);
  cl_kernel_arg_type_qualifier tq;
  OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof tq, &tq, NULL));
  CHECK(tq & CL_KERNEL_ARG_TYPE_CONST); /* __constant pointers are const */
  OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof tq, &tq, NULL));
  CHECK(tq == CL_KERNEL_ARG_TYPE_NONE);
  CHECK_CL(clGetKernelArgInfo(k, 4, CL_KERNEL_ARG_NAME, sizeof text, text, NULL),
           CL_INVALID_ARG_INDEX);

  /* A reqd_work_group_size kernel refuses another local size. */
  cl_mem out = buffer(CL_MEM_READ_WRITE, 64 * sizeof(float), NULL);
  cl_int c0 = 0;
  cl_mem cbuf = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof c0, &c0);
  cl_uint nv = 7;
  OK(clSetKernelArg(k, 0, sizeof(cl_mem), &out));
  OK(clSetKernelArg(k, 1, sizeof(cl_mem), &cbuf));
  OK(clSetKernelArg(k, 2, 16, NULL));
  OK(clSetKernelArg(k, 3, sizeof nv, &nv));
  /* Local memory: the __local argument's 16 bytes; k2's 32-byte array. */
  cl_ulong lmem;
  OK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL));
  CHECK(lmem == 16);
  cl_kernel kk2 = kernel(p, "k2");
  OK(clGetKernelWorkGroupInfo(kk2, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL));
  CHECK(lmem == 32);
  clReleaseKernel(kk2);
  size_t global[2] = {16, 4}, bad_local[2] = {4, 2};
  CHECK_CL(clEnqueueNDRangeKernel(queue, k, 2, NULL, global, bad_local, 0, NULL, NULL),
           CL_INVALID_WORK_GROUP_SIZE);
  OK(clEnqueueNDRangeKernel(queue, k, 2, NULL, global, NULL, 0, NULL, NULL));
  float host[16];
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
  for (int i = 0; i < 16; ++i)
    CHECK(host[i] == 7.0f);

  clReleaseMemObject(out);
  clReleaseMemObject(cbuf);
  clReleaseKernel(k);
  clReleaseProgram(p);
  return finish("queries");
}
