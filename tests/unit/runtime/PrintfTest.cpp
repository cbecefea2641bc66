// PrintfTest.cpp - device printf formatting from packed argument buffers.
// SPDX-License-Identifier: Apache-2.0
#include "device/Printf.h"
#include "loom/KernelABI.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

/// Packs arguments the way clang's NVPTX printf lowering does: each value at
/// an offset aligned to its size, after default promotions.
class Packer {
public:
  template <typename T> Packer &add(T Value) {
    size_t Offset = (Bytes.size() + sizeof(T) - 1) / sizeof(T) * sizeof(T);
    Bytes.resize(Offset + sizeof(T));
    std::memcpy(Bytes.data() + Offset, &Value, sizeof(T));
    return *this;
  }
  const void *data() const { return Bytes.data(); }

private:
  std::vector<unsigned char> Bytes;
};

std::string format(const char *Fmt, const Packer &Args, int *Result = nullptr) {
  std::string Out;
  int R = loom::formatDevicePrintf(Fmt, Args.data(), Out);
  if (Result)
    *Result = R;
  return Out;
}

TEST(Printf, Integers) {
  Packer P;
  P.add<int32_t>(-42).add<uint32_t>(42).add<uint32_t>(255).add<uint32_t>(255).add<uint32_t>(8);
  int Count;
  EXPECT_EQ(format("%d %u %x %X %o", P, &Count), "-42 42 ff FF 10");
  EXPECT_EQ(Count, 5);
  Packer Q;
  Q.add<int32_t>(7).add<int64_t>(-1234567890123LL).add<uint64_t>(18446744073709551615ull)
      .add<uint64_t>(4096).add<int32_t>(300).add<int32_t>(70000);
  EXPECT_EQ(format("%i %lld %llu %zu %hhd %hd", Q), "7 -1234567890123 18446744073709551615 4096 44 4464");
}

TEST(Printf, FlagsWidthPrecision) {
  Packer P;
  P.add<int32_t>(5).add<int32_t>(8).add<int32_t>(3).add<double>(3.14159).add<int32_t>(-7);
  EXPECT_EQ(format("[%05d] [%*.*f] [%-4d]", P), "[00005] [   3.142] [-7  ]");
  Packer Q;
  Q.add<int32_t>(42).add<uint32_t>(255);
  EXPECT_EQ(format("[%+d] [%#x]", Q), "[+42] [0xff]");
}

TEST(Printf, FloatsCharsStringsPointers) {
  const char *Str = "loom";
  Packer P;
  P.add<double>(1.5).add<double>(1e10).add<double>(0.0001).add<double>(1.0).add<int32_t>('Z')
      .add<uint64_t>(reinterpret_cast<uintptr_t>(Str)).add<uint64_t>(0)
      .add<uint64_t>(0x1000);
  std::string Expected;
  char Pointer[32];
  std::snprintf(Pointer, sizeof(Pointer), "%p", reinterpret_cast<void *>(0x1000));
  EXPECT_EQ(format("%f %e %g %a %c %s %s %p", P),
            std::string("1.500000 1.000000e+10 0.0001 0x1p+0 Z loom (null) ") + Pointer);
  Packer Q;
  Q.add<uint64_t>(reinterpret_cast<uintptr_t>(Str));
  EXPECT_EQ(format("%.2s|%%|%5.1E", Packer().add<uint64_t>(reinterpret_cast<uintptr_t>(Str))
                                        .add<double>(12345.0)),
            "lo|%|1.2E+04");
}

TEST(Printf, ReturnValues) {
  std::string Out;
  EXPECT_EQ(loom::formatDevicePrintf(nullptr, nullptr, Out), -1);
  EXPECT_EQ(loom::formatDevicePrintf("plain\n", nullptr, Out), 0);
  EXPECT_EQ(Out, "plain\n");
  EXPECT_EQ(loom::formatDevicePrintf("%d", nullptr, Out), -2);
}

TEST(Printf, VprintfWritesWholeLinesToStdout) {
  Packer P;
  P.add<int32_t>(3).add<double>(0.5f);
  testing::internal::CaptureStdout();
  int Result = __loom_vprintf("block %d value %.2f\n", P.data());
  std::fflush(stdout);
  std::string Captured = testing::internal::GetCapturedStdout();
  EXPECT_EQ(Captured, "block 3 value 0.50\n");
  EXPECT_EQ(Result, 2);
}

} // namespace

// Output is bounded by cudaLimitPrintfFifoSize (issue #16): a huge width or
// precision is clamped before formatting, so it takes neither minutes nor
// gigabytes, and the call's output is cut at the limit.
namespace {
TEST(Printf, HugeFieldsAreBoundedByTheFifoSize) {
  const size_t Limit = 4096;
  std::string Out;
  int R = loom::formatDevicePrintf("%*d|", Packer().add(int32_t(2000000000)).add(int32_t(7)).data(),
                                   Out, Limit);
  EXPECT_EQ(R, 2);
  EXPECT_EQ(Out.size(), Limit); // the field fills it; the '|' is dropped
  EXPECT_EQ(Out.back(), '7');
  Out.clear();
  loom::formatDevicePrintf("%2000000000d", Packer().add(int32_t(7)).data(), Out, Limit);
  EXPECT_EQ(Out.size(), Limit);
  Out.clear();
  loom::formatDevicePrintf("%.*f", Packer().add(int32_t(2000000000)).add(1.0).data(), Out, Limit);
  EXPECT_EQ(Out.size(), Limit);
  Out.clear();
  // Left-justified through a negative '*' width, even INT_MIN.
  loom::formatDevicePrintf("%*d|", Packer().add(int32_t(INT32_MIN)).add(int32_t(7)).data(), Out,
                           Limit);
  EXPECT_EQ(Out.size(), Limit);
  EXPECT_EQ(Out.substr(0, 2), "7 ");
  // Below the limit nothing changes.
  Out.clear();
  loom::formatDevicePrintf("%*d|", Packer().add(int32_t(5)).add(int32_t(7)).data(), Out, Limit);
  EXPECT_EQ(Out, "    7|");
  // A long literal text is cut too.
  std::string Long(3 * Limit, 'x');
  Out.clear();
  loom::formatDevicePrintf(Long.c_str(), nullptr, Out, Limit);
  EXPECT_EQ(Out.size(), Limit);
}
} // namespace
