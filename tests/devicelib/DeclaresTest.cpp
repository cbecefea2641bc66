//===- DeclaresTest.cpp - every declared __nv_* function is defined -------===//
// SPDX-License-Identifier: Apache-2.0
//
// DeclaredNames.inc is generated at configure time from clang's
// __clang_cuda_libdevice_declares.h; taking each name's address makes a
// missing definition a link error of this test.
#include "TestUtil.h"

#include <gtest/gtest.h>

namespace {
struct Entry {
  const char *Name;
  const void *Address;
};
#define NV_NAME(N) {#N, reinterpret_cast<const void *>(&N)},
const Entry Declared[] = {
#include "DeclaredNames.inc"
};
#undef NV_NAME
} // namespace

TEST(DevicelibDeclares, EveryDeclaredFunctionIsDefined) {
  size_t Count = sizeof(Declared) / sizeof(Declared[0]);
  EXPECT_EQ(Count, (size_t)LOOM_DEVICELIB_NAME_COUNT);
  EXPECT_GE(Count, 400u) << "header parse found too few names";
  for (const Entry &E : Declared)
    EXPECT_NE(E.Address, nullptr) << E.Name;
}
