# Sources.cmake - the devicelib translation units, shared by the bitcode build
# (devicelib/CMakeLists.txt) and the native test build (tests/devicelib).
# SPDX-License-Identifier: Apache-2.0
set(LOOM_DEVICELIB_SOURCE_DIR ${CMAKE_CURRENT_LIST_DIR})
set(LOOM_DEVICELIB_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/NVConversions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NVIntegerIntrinsics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NVMathDouble.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NVMathFloat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NVRoundingArith.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LoomWarp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LoomTime.cpp
)
set(LOOM_DEVICELIB_HEADERS
  ${CMAKE_CURRENT_LIST_DIR}/NVCommon.h
  ${CMAKE_CURRENT_LIST_DIR}/NVSpecial.h
  ${CMAKE_CURRENT_LIST_DIR}/../include/loom/WarpOps.h
)
