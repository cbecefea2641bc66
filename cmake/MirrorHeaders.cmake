# MirrorHeaders.cmake - the build tree's include/ as a toolkit has it: links to
# the CUDA headers of include/cuda/ and, in include/loom/, to Loom's own
# headers of include/cuda/loom/ and include/loom/. Run at every build (cmake -P)
# so that headers added to the source tree appear.
# SPDX-License-Identifier: Apache-2.0
# Usage: cmake -DSRC=<source>/include -DDST=<build>/include -P MirrorHeaders.cmake
file(MAKE_DIRECTORY ${DST}/loom)
file(GLOB _entries RELATIVE ${SRC}/cuda ${SRC}/cuda/*)
foreach(_e ${_entries})
  if(NOT _e STREQUAL "loom" AND NOT EXISTS ${DST}/${_e})
    file(CREATE_LINK ${SRC}/cuda/${_e} ${DST}/${_e} SYMBOLIC)
  endif()
endforeach()
foreach(_dir ${SRC}/cuda/loom ${SRC}/loom)
  file(GLOB _files RELATIVE ${_dir} ${_dir}/*)
  foreach(_f ${_files})
    if(NOT EXISTS ${DST}/loom/${_f})
      file(CREATE_LINK ${_dir}/${_f} ${DST}/loom/${_f} SYMBOLIC)
    endif()
  endforeach()
endforeach()
