// workitem.cl - the OpenCL work-item functions that need launch facts CUDA lacks.
// SPDX-License-Identifier: Apache-2.0
//
// libclc's nvptx library (Debian's libclc-22) provides the work-item
// functions CUDA has (get_local_id -> tid, get_group_id -> ctaid, ...), but
// not the global offset of clEnqueueNDRangeKernel or the work dimension.
// Loom's OpenCL compiler (opencl/compiler/ClCompile.cpp) gives every kernel
// hidden parameters for them and replaces the two placeholder calls below
// with those parameters after inlining. This library is linked before
// libclc, so its get_global_id (which adds the offset) is the one used.

ulong __loom_cl_global_offset(uint dim);
uint __loom_cl_work_dim(void);

size_t __attribute__((overloadable)) get_global_offset(uint dim) {
  return dim < 3 ? __loom_cl_global_offset(dim) : 0;
}

uint __attribute__((overloadable)) get_work_dim(void) { return __loom_cl_work_dim(); }

size_t __attribute__((overloadable)) get_global_id(uint dim) {
  if (dim >= 3)
    return 0;
  return get_group_id(dim) * get_local_size(dim) + get_local_id(dim) +
         __loom_cl_global_offset(dim);
}

#if __OPENCL_C_VERSION__ >= 200
size_t __attribute__((overloadable)) get_global_linear_id(void) {
  return (get_global_id(2) - get_global_offset(2)) * get_global_size(1) * get_global_size(0) +
         (get_global_id(1) - get_global_offset(1)) * get_global_size(0) +
         (get_global_id(0) - get_global_offset(0));
}

size_t __attribute__((overloadable)) get_local_linear_id(void) {
  return get_local_id(2) * get_local_size(1) * get_local_size(0) +
         get_local_id(1) * get_local_size(0) + get_local_id(0);
}

size_t __attribute__((overloadable)) get_enqueued_local_size(uint dim) {
  return get_local_size(dim);
}
#endif
