// CooperativeLaunchTest.cpp - cudaLaunchCooperativeKernel: argument validation, limits, grid sync, errors.
// SPDX-License-Identifier: Apache-2.0
//
// Hand-written entries in their own module (as in FakeModule.cpp) that call
// __loom_grid_sync() the way cooperative_groups.h's grid_group::sync() does
// (once per block, from its thread 0).
#include "core/CooperativeLaunch.h"
#include "core/Runtime.h"

#include "cuda_runtime.h"
#include "loom/KernelABI.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>
#include <vector>

namespace {

/// (int *flags, int *seen, uintptr_t *shared): flags[b] = 1, grid sync, then
/// seen[b] = number of flags set; shared[b] = the block's shared memory.
void syncEntry(const LoomLaunch *L, void *const *Args, uint64_t Begin, uint64_t End,
               LoomWorker *W) {
  int *Flags = *static_cast<int *const *>(Args[0]);
  int *Seen = *static_cast<int *const *>(Args[1]);
  uintptr_t *Shared = *static_cast<uintptr_t *const *>(Args[2]);
  uint64_t Blocks = uint64_t(L->gridDim.x) * L->gridDim.y * L->gridDim.z;
  for (uint64_t B = Begin; B < End; ++B) {
    Flags[B] = 1;
    Shared[B] = reinterpret_cast<uintptr_t>(W->sharedMem);
    __loom_grid_sync();
    int Count = 0;
    for (uint64_t O = 0; O < Blocks; ++O)
      Count += Flags[O];
    Seen[B] = Count;
    __loom_grid_sync(); // nobody resets flags before everyone counted
  }
}

/// (int *valid): valid[b] = __loom_grid_is_valid().
void validEntry(const LoomLaunch *, void *const *Args, uint64_t Begin, uint64_t End,
                LoomWorker *) {
  int *Valid = *static_cast<int *const *>(Args[0]);
  for (uint64_t B = Begin; B < End; ++B)
    Valid[B] = int(__loom_grid_is_valid());
}

const uint32_t ThreePtr[] = {8, 8, 8};
const LoomKernelDesc Kernels[] = {
    {"_Z8syncKernPiS_Pm", syncEntry, 3, 0, ThreePtr, ThreePtr, 1024, 16},
    {"_Z9validKernPi", validEntry, 1, 0, ThreePtr, ThreePtr, 0, 0},
};
const LoomModuleDesc Module = {LOOM_ABI_VERSION, 2, "coop-test-module", Kernels, 0, 0, nullptr};

struct FatbinWrapper {
  int Magic;
  int Version;
  const char *Data;
  void *Unused;
};
const char FatbinData[] = "LOOMFATBIN1\0coop-test-module";
FatbinWrapper Wrapper = {0x466243b1, 1, FatbinData, nullptr};

std::atomic<int> Sink{0};
void syncStub() { Sink += 1; }
void validStub() { Sink += 2; }

struct Registration {
  Registration() {
    void **Handle = __cudaRegisterFatBinary(&Wrapper);
    __cudaRegisterFunction(Handle, reinterpret_cast<const char *>(syncStub),
                           const_cast<char *>("_Z8syncKernPiS_Pm"), "_Z8syncKernPiS_Pm", -1,
                           nullptr, nullptr, nullptr, nullptr, nullptr);
    __cudaRegisterFunction(Handle, reinterpret_cast<const char *>(validStub),
                           const_cast<char *>("_Z9validKernPi"), "_Z9validKernPi", -1, nullptr,
                           nullptr, nullptr, nullptr, nullptr);
    __cudaRegisterFatBinaryEnd(Handle);
    __loomRegisterModule(&Module);
  }
} Register;

const void *syncKernel() { return reinterpret_cast<const void *>(syncStub); }
const void *validKernel() { return reinterpret_cast<const void *>(validStub); }

int maxCooperativeBlocks(int BlockSize, size_t Shared = 0) {
  int PerSm = 0, Sms = 0;
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSm, syncKernel(), BlockSize,
                                                          Shared),
            cudaSuccess);
  EXPECT_EQ(cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, 0), cudaSuccess);
  return PerSm * Sms;
}

struct Buffers {
  explicit Buffers(uint64_t Blocks) : Flags(Blocks, 0), Seen(Blocks, -1), Shared(Blocks, 0) {
    P[0] = Flags.data();
    P[1] = Seen.data();
    P[2] = Shared.data();
    for (int I = 0; I < 3; ++I)
      Args[I] = &P[I];
  }
  std::vector<int> Flags, Seen;
  std::vector<uintptr_t> Shared;
  void *P[3];
  void *Args[3];
};

void expectSynchronized(const Buffers &B) {
  int Blocks = int(B.Flags.size());
  for (int I = 0; I < Blocks; ++I)
    EXPECT_EQ(B.Seen[I], Blocks) << "block " << I;
  // Every block ran at the same time, so each had its own shared memory.
  std::set<uintptr_t> Distinct(B.Shared.begin(), B.Shared.end());
  EXPECT_EQ(Distinct.size(), size_t(Blocks));
  EXPECT_EQ(Distinct.count(0), 0u);
}

TEST(CooperativeLaunch, DeviceReportsCooperativeLaunch) {
  int Value = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&Value, cudaDevAttrCooperativeLaunch, 0), cudaSuccess);
  EXPECT_EQ(Value, 1);
  ASSERT_EQ(cudaDeviceGetAttribute(&Value, cudaDevAttrCooperativeMultiDeviceLaunch, 0),
            cudaSuccess);
  EXPECT_EQ(Value, 0);
}

TEST(CooperativeLaunch, LargestGridSynchronizes) {
  for (int BlockSize : {1, 48, 256, 1024}) {
    int Blocks = maxCooperativeBlocks(BlockSize);
    ASSERT_GT(Blocks, 0);
    Buffers B(Blocks);
    ASSERT_EQ(cudaLaunchCooperativeKernel(syncKernel(), dim3(Blocks), dim3(BlockSize), B.Args, 0,
                                          nullptr),
              cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    expectSynchronized(B);
  }
}

TEST(CooperativeLaunch, ThreeDimensionalGridAndStreams) {
  int Blocks = maxCooperativeBlocks(64);
  dim3 Grid = Blocks >= 8 ? dim3(2, 2, 2) : dim3(1, 1, Blocks >= 2 ? 2 : 1);
  uint64_t Total = uint64_t(Grid.x) * Grid.y * Grid.z;
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreate(&S), cudaSuccess);
  Buffers B1(Total), B2(Total);
  // Two launches in one stream run one after the other; a third in another
  // stream may overlap with them (its blocks get threads of their own).
  Buffers B3(Total);
  ASSERT_EQ(cudaLaunchCooperativeKernel(syncKernel(), Grid, dim3(64), B1.Args, 0, S),
            cudaSuccess);
  ASSERT_EQ(cudaLaunchCooperativeKernel(syncKernel(), Grid, dim3(64), B2.Args, 0, S),
            cudaSuccess);
  ASSERT_EQ(cudaLaunchCooperativeKernel(syncKernel(), Grid, dim3(64), B3.Args, 0, nullptr),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  expectSynchronized(B1);
  expectSynchronized(B2);
  expectSynchronized(B3);
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
}

TEST(CooperativeLaunch, ThreadsAreReused) {
  int Blocks = maxCooperativeBlocks(128);
  Buffers B(Blocks);
  ASSERT_EQ(cudaLaunchCooperativeKernel(syncKernel(), dim3(Blocks), dim3(128), B.Args, 0,
                                        nullptr),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  uint64_t Threads = loom::Runtime::get().cooperativeThreads().size();
  for (int I = 0; I < 10; ++I) {
    Buffers Again(Blocks);
    ASSERT_EQ(cudaLaunchCooperativeKernel(syncKernel(), dim3(Blocks), dim3(128), Again.Args, 0,
                                          nullptr),
              cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    expectSynchronized(Again);
  }
  EXPECT_EQ(loom::Runtime::get().cooperativeThreads().size(), Threads);
}

TEST(CooperativeLaunch, SerialSchedulerStillRunsBlocksConcurrently) {
  loom::Runtime::get().setSchedulerForTesting(loom::SchedulerKind::Serial, 0);
  int Blocks = maxCooperativeBlocks(32);
  Buffers B(Blocks);
  ASSERT_EQ(cudaLaunchCooperativeKernel(syncKernel(), dim3(Blocks), dim3(32), B.Args, 0,
                                        nullptr),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  expectSynchronized(B);
  loom::Runtime::get().setSchedulerForTesting(loom::SchedulerKind::Pool,
                                              std::max(1u, std::thread::hardware_concurrency()));
}

TEST(CooperativeLaunch, GraphCaptureReplays) {
  int Blocks = maxCooperativeBlocks(64);
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreate(&S), cudaSuccess);
  Buffers B(Blocks);
  ASSERT_EQ(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal), cudaSuccess);
  ASSERT_EQ(cudaLaunchCooperativeKernel(syncKernel(), dim3(Blocks), dim3(64), B.Args, 0, S),
            cudaSuccess);
  cudaGraph_t Graph;
  ASSERT_EQ(cudaStreamEndCapture(S, &Graph), cudaSuccess);
  EXPECT_EQ(B.Seen[0], -1); // captured, not run
  cudaGraphExec_t Exec;
  ASSERT_EQ(cudaGraphInstantiate(&Exec, Graph, 0), cudaSuccess);
  for (int I = 0; I < 2; ++I) {
    ASSERT_EQ(cudaGraphLaunch(Exec, S), cudaSuccess);
    ASSERT_EQ(cudaStreamSynchronize(S), cudaSuccess);
    expectSynchronized(B);
  }
  EXPECT_EQ(cudaGraphExecDestroy(Exec), cudaSuccess);
  EXPECT_EQ(cudaGraphDestroy(Graph), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
}

TEST(CooperativeLaunch, IsValidOnlyInCooperativeLaunch) {
  std::vector<int> Valid(3, -1);
  int *P = Valid.data();
  void *Args[] = {&P};
  ASSERT_EQ(cudaLaunchCooperativeKernel(validKernel(), dim3(3), dim3(32), Args, 0, nullptr),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(Valid, std::vector<int>(3, 1));
  ASSERT_EQ(cudaLaunchKernel(validKernel(), dim3(3), dim3(32), Args, 0, nullptr), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(Valid, std::vector<int>(3, 0));
}

TEST(CooperativeLaunch, ArgumentValidation) {
  int Max = maxCooperativeBlocks(256);
  Buffers B(Max + 1);
  auto Launch = [&](dim3 Grid, dim3 Block, size_t Shared = 0, void **Args = nullptr,
                    cudaStream_t Stream = nullptr, const void *Func = nullptr) {
    cudaError_t Error = cudaLaunchCooperativeKernel(Func ? Func : syncKernel(), Grid, Block,
                                                    Args ? Args : B.Args, Shared, Stream);
    EXPECT_EQ(cudaGetLastError(), Error); // recorded, and not sticky
    EXPECT_EQ(cudaGetLastError(), cudaSuccess);
    return Error;
  };
  EXPECT_EQ(Launch(dim3(Max + 1), dim3(256)), cudaErrorCooperativeLaunchTooLarge);
  EXPECT_EQ(Launch(dim3(Max / 2 + 1, 1, 2), dim3(256)), cudaErrorCooperativeLaunchTooLarge);
  EXPECT_EQ(Launch(dim3(1), dim3(1025)), cudaErrorInvalidConfiguration);
  EXPECT_EQ(Launch(dim3(1), dim3(1, 1, 65)), cudaErrorInvalidConfiguration);
  EXPECT_EQ(Launch(dim3(0), dim3(32)), cudaErrorInvalidConfiguration);
  EXPECT_EQ(Launch(dim3(1, 65536), dim3(32)), cudaErrorInvalidConfiguration);
  // 48 KiB - 1 KiB static is the default dynamic limit.
  EXPECT_EQ(Launch(dim3(1), dim3(32), 47 * 1024 + 1), cudaErrorInvalidConfiguration);
  EXPECT_EQ(Launch(dim3(1), dim3(32), 0, nullptr, nullptr, &B), cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(Launch(dim3(1), dim3(32), 0, nullptr,
                   reinterpret_cast<cudaStream_t>(uintptr_t(0x1234))),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaLaunchCooperativeKernel(syncKernel(), dim3(1), dim3(32), nullptr, 0, nullptr),
            cudaErrorInvalidValue);
  cudaGetLastError();
  // More dynamic shared memory lowers the limit the way the occupancy
  // calculator says.
  ASSERT_EQ(cudaFuncSetAttribute(syncKernel(), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 127 * 1024),
            cudaSuccess);
  int SharedMax = maxCooperativeBlocks(32, 127 * 1024); // 128 KiB a block: 2 per SM
  int PerSm = 0;
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSm, syncKernel(), 32, 127 * 1024),
            cudaSuccess);
  EXPECT_EQ(PerSm, 2);
  EXPECT_EQ(Launch(dim3(SharedMax + 1), dim3(32), 127 * 1024), cudaErrorCooperativeLaunchTooLarge);
  Buffers Fits(SharedMax);
  EXPECT_EQ(Launch(dim3(SharedMax), dim3(32), 127 * 1024, Fits.Args), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  expectSynchronized(Fits);
  ASSERT_EQ(cudaFuncSetAttribute(syncKernel(), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 47 * 1024),
            cudaSuccess);
  cudaLaunchParams Params = {};
  EXPECT_EQ(cudaLaunchCooperativeKernelMultiDevice(&Params, 1, 0), cudaErrorNotSupported);
  cudaGetLastError();
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

TEST(CooperativeLaunch, GridSyncInOrdinaryLaunchFailsTheLaunch) {
  Buffers B(4);
  testing::internal::CaptureStderr();
  ASSERT_EQ(cudaLaunchKernel(syncKernel(), dim3(4), dim3(32), B.Args, 0, nullptr), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("grid.sync() requires cudaLaunchCooperativeKernel"), std::string::npos)
      << Err;
  for (int I = 0; I < 4; ++I)
    EXPECT_EQ(B.Seen[I], -1); // nothing ran past the sync
  EXPECT_EQ(cudaGetLastError(), cudaErrorLaunchFailure); // sticky
  ASSERT_EQ(cudaDeviceReset(), cudaSuccess);
}

} // namespace
