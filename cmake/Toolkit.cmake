# Toolkit.cmake - Loom's build tree and install prefix shaped like a CUDA toolkit.
# SPDX-License-Identifier: Apache-2.0
#
# CMake's CUDA language support and FindCUDAToolkit (and FindCUDA, Makefiles
# with -lcudart) look for a toolkit: bin/nvcc, include/cuda_runtime.h,
# lib64/libcudart.so, libcudart_static.a, libcudadevrt.a, libcuda.so,
# nvvm/libdevice/, version.json and version.txt. Both the build tree and an
# install (cmake --install, cpack -G DEB) have that shape; bin/nvcc is loomcc
# under nvcc's name (tools/loomcc: nvcc's --version and -v output, __NVCC__).
# docs/tools.md explains the layout.

set(LOOM_CUDA_VERSION 12.8.0) # what __CUDACC_VER_*__ and nvcc --version say

# version.json / version.txt, as a toolkit has them (FindCUDAToolkit reads
# version.txt when it cannot run nvcc; newer CMake reads version.json).
set(_loom_version_json "{\n   \"cuda\" : {\n      \"name\" : \"CUDA SDK (Loom: CUDA on CPUs, not NVIDIA software)\",\n      \"version\" : \"${LOOM_CUDA_VERSION}\"\n   },\n   \"cuda_cudart\" : {\n      \"name\" : \"CUDA Runtime (cudart), Loom ${PROJECT_VERSION}\",\n      \"version\" : \"${LOOM_CUDA_VERSION}\"\n   },\n   \"cuda_nvcc\" : {\n      \"name\" : \"CUDA NVCC (loomcc), Loom ${PROJECT_VERSION}\",\n      \"version\" : \"${LOOM_CUDA_VERSION}\"\n   }\n}\n")
file(WRITE ${CMAKE_BINARY_DIR}/version.json "${_loom_version_json}")
file(WRITE ${CMAKE_BINARY_DIR}/version.txt "CUDA Version ${LOOM_CUDA_VERSION}\n")
# libcudadevrt.a: CUDA's device runtime (dynamic parallelism) is part of
# libloomrt, so the archive CMake and nvcc command lines name is empty.
file(WRITE ${CMAKE_BINARY_DIR}/toolkit/libcudadevrt.a "!<arch>\n")

if(TARGET loomrt)
  # Build tree: lib64 is lib; the CUDA library names are libloomrt's;
  # include/ links to the source tree's headers (loomcc in the build tree
  # reads them from the source tree itself).
  add_custom_target(loom-cudart-names ALL
    COMMAND ${CMAKE_COMMAND} -E create_symlink libloomrt.so ${CMAKE_BINARY_DIR}/lib/libcudart.so
    COMMAND ${CMAKE_COMMAND} -E create_symlink libloomrt.so ${CMAKE_BINARY_DIR}/lib/libcuda.so
    COMMAND ${CMAKE_COMMAND} -E create_symlink libloomrt_static.a
            ${CMAKE_BINARY_DIR}/lib/libcudart_static.a
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${CMAKE_BINARY_DIR}/toolkit/libcudadevrt.a
            ${CMAKE_BINARY_DIR}/lib/libcudadevrt.a
    COMMAND ${CMAKE_COMMAND} -E create_symlink lib ${CMAKE_BINARY_DIR}/lib64
    COMMAND ${CMAKE_COMMAND} -DSRC=${PROJECT_SOURCE_DIR}/include -DDST=${CMAKE_BINARY_DIR}/include
            -P ${PROJECT_SOURCE_DIR}/cmake/MirrorHeaders.cmake
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/nvvm/libdevice
    COMMAND ${CMAKE_COMMAND} -E create_symlink ../../lib/loom/libdevice.bc
            ${CMAKE_BINARY_DIR}/nvvm/libdevice/libdevice.10.bc
    DEPENDS loomrt loomrt_static
    VERBATIM)
  install(FILES $<TARGET_FILE:loomrt_static> DESTINATION ${LOOM_INSTALL_LIBDIR}
          RENAME libcudart_static.a)
  install(FILES ${CMAKE_BINARY_DIR}/toolkit/libcudadevrt.a DESTINATION ${LOOM_INSTALL_LIBDIR})
  foreach(name cudart cuda)
    install(CODE "execute_process(COMMAND \${CMAKE_COMMAND} -E create_symlink libloomrt.so
      \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${LOOM_INSTALL_LIBDIR}/lib${name}.so\")")
  endforeach()
endif()

if(TARGET loomcc)
  add_custom_target(loom-nvcc-name ALL
    COMMAND ${CMAKE_COMMAND} -E create_symlink loomcc ${CMAKE_BINARY_DIR}/bin/nvcc
    DEPENDS loomcc
    VERBATIM)
  install(CODE "execute_process(COMMAND \${CMAKE_COMMAND} -E create_symlink loomcc
    \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/bin/nvcc\")")
  install(CODE "file(MAKE_DIRECTORY \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/nvvm/libdevice\")
    execute_process(COMMAND \${CMAKE_COMMAND} -E create_symlink
      ../../${LOOM_INSTALL_LIBDIR}/loom/libdevice.bc
      \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/nvvm/libdevice/libdevice.10.bc\")")
endif()

# The CUDA headers directly in include/, as in a toolkit; include/loom/
# holds Loom's own (the prelude, KernelABI.h).
install(DIRECTORY include/cuda/ DESTINATION include)
install(DIRECTORY include/loom DESTINATION include)
install(FILES ${CMAKE_BINARY_DIR}/version.json ${CMAKE_BINARY_DIR}/version.txt DESTINATION .)
install(FILES docs/tools.md DESTINATION doc OPTIONAL)
install(FILES tools/gdb/loom-gdb.py DESTINATION share/loom/gdb)

# cpack -G DEB: the toolkit under /opt/loom (like /usr/local/cuda; nothing in
# /usr that an NVIDIA toolkit package also installs). loomcc runs clang++-22.
set(CPACK_PACKAGE_NAME loom-cuda)
set(CPACK_PACKAGE_VENDOR "Loom")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Loom: run unmodified CUDA programs on the CPU (nvcc-compatible toolkit)")
set(CPACK_PACKAGING_INSTALL_PREFIX /opt/loom)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "Loom developers")
set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-22, libllvm22, libc6-dev, libstdc++-12-dev")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON) # the debug info of the runtime archive triples its size
include(CPack)
