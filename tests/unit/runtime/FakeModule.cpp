// FakeModule.cpp - hand-written kernel entries and their registration, mimicking loomcc's output.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"

#include <chrono>
#include <cstring>
#include <thread>

namespace fake {

int DeviceCounterShadow;
int DeviceCounter;
float DeviceTable[8];
float DeviceTableShadow[8];
std::atomic<bool> BlockOrderOnOtherThread{false};

namespace {

std::atomic<int> StubSink{0};
std::thread::id TestThread;

struct BlockIndex {
  uint32_t X, Y, Z;
};

BlockIndex blockIndex(const LoomLaunch *L, uint64_t Linear) {
  BlockIndex B;
  B.X = uint32_t(Linear % L->gridDim.x);
  B.Y = uint32_t(Linear / L->gridDim.x % L->gridDim.y);
  B.Z = uint32_t(Linear / (uint64_t(L->gridDim.x) * L->gridDim.y));
  return B;
}

void countThreadsEntry(const LoomLaunch *L, void *const *Args, uint64_t Begin, uint64_t End,
                       LoomWorker *) {
  int *Counts = *static_cast<int *const *>(Args[0]);
  const LoomDim3 &Bd = L->blockDim;
  for (uint64_t Linear = Begin; Linear < End; ++Linear) {
    BlockIndex B = blockIndex(L, Linear);
    for (uint32_t Tz = 0; Tz < Bd.z; ++Tz)
      for (uint32_t Ty = 0; Ty < Bd.y; ++Ty)
        for (uint32_t Tx = 0; Tx < Bd.x; ++Tx) {
          uint64_t Gx = uint64_t(B.X) * Bd.x + Tx, Gy = uint64_t(B.Y) * Bd.y + Ty,
                   Gz = uint64_t(B.Z) * Bd.z + Tz;
          uint64_t Width = uint64_t(L->gridDim.x) * Bd.x,
                   Height = uint64_t(L->gridDim.y) * Bd.y;
          Counts[(Gz * Height + Gy) * Width + Gx] += 1;
        }
  }
}

void storeValueEntry(const LoomLaunch *, void *const *Args, uint64_t Begin, uint64_t End,
                     LoomWorker *) {
  int *Out = *static_cast<int *const *>(Args[0]);
  int Value = *static_cast<const int *>(Args[1]);
  for (uint64_t B = Begin; B < End; ++B)
    Out[B] = Value;
}

constexpr uint64_t ProbeStaticShared = 128;

void sharedProbeEntry(const LoomLaunch *L, void *const *Args, uint64_t Begin, uint64_t End,
                      LoomWorker *W) {
  uint64_t *Out = *static_cast<uint64_t *const *>(Args[0]);
  for (uint64_t B = Begin; B < End; ++B) {
    uint64_t Bytes = ProbeStaticShared + L->dynamicSharedBytes;
    bool Usable = W->sharedMem && reinterpret_cast<uintptr_t>(W->sharedMem) % 64 == 0;
    if (Usable)
      std::memset(W->sharedMem, int(B & 0xff), Bytes); // must not overflow
    bool ArenaOk = W->threadArena &&
                   W->threadArenaBytes >= 16 * uint64_t(L->blockDim.x) * L->blockDim.y *
                                              L->blockDim.z;
    Out[2 * B] = L->dynamicSharedBytes;
    Out[2 * B + 1] = Usable && ArenaOk ? 1 : 0;
  }
}

void blockOrderEntry(const LoomLaunch *, void *const *Args, uint64_t Begin, uint64_t End,
                     LoomWorker *) {
  int *Log = *static_cast<int *const *>(Args[0]);
  int *Next = *static_cast<int *const *>(Args[1]);
  if (std::this_thread::get_id() != TestThread)
    BlockOrderOnOtherThread = true;
  for (uint64_t B = Begin; B < End; ++B)
    Log[__atomic_fetch_add(Next, 1, __ATOMIC_RELAXED)] = int(B);
}

void waitForFlagEntry(const LoomLaunch *, void *const *Args, uint64_t, uint64_t,
                      LoomWorker *) {
  auto *Flag = *static_cast<std::atomic<int> *const *>(Args[0]);
  int *Out = *static_cast<int *const *>(Args[1]);
  // Bounded so that a synchronous launch fails the test instead of hanging.
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (!Flag->load() && std::chrono::steady_clock::now() < Deadline)
    std::this_thread::yield();
  *Out = Flag->load() ? 42 : -1;
}

void assertEntry(const LoomLaunch *, void *const *, uint64_t Begin, uint64_t, LoomWorker *) {
  if (Begin == 0)
    __loom_assert_fail("x == 0", "fake.cu", 7, "void assertKernel()", 1, 0, 0, 2, 0, 0);
}

void trapEntry(const LoomLaunch *, void *const *, uint64_t, uint64_t, LoomWorker *) {
  __loom_trap();
}

const uint32_t PtrArg[] = {8};
const uint32_t PtrIntSizes[] = {8, 4};
const uint32_t PtrIntAligns[] = {8, 4};
const uint32_t TwoPtr[] = {8, 8};

const LoomKernelDesc Kernels[] = {
    {"_Z12countThreadsPi", countThreadsEntry, 1, 0, PtrArg, PtrArg, 0, 0},
    {"_Z10storeValuePii", storeValueEntry, 2, 0, PtrIntSizes, PtrIntAligns, 0, 0,
     LOOM_KERNEL_NEVER_WAITS_FOR_HOST},
    {"_Z11sharedProbePm", sharedProbeEntry, 1, 0, PtrArg, PtrArg, ProbeStaticShared, 16},
    {"_Z10blockOrderPiS_", blockOrderEntry, 2, 0, TwoPtr, TwoPtr, 0, 0},
    {"_Z11waitForFlagPvPi", waitForFlagEntry, 2, 0, TwoPtr, TwoPtr, 0, 0},
    {"_Z12assertKernelv", assertEntry, 0, 0, nullptr, nullptr, 0, 0},
    {"_Z10trapKernelv", trapEntry, 0, 0, nullptr, nullptr, 0, 0},
};

const LoomVarDesc Vars[] = {
    {"DeviceCounter", &DeviceCounter, sizeof(DeviceCounter)},
    {"DeviceTable", DeviceTable, sizeof(DeviceTable)},
};

const LoomModuleDesc Module = {LOOM_ABI_VERSION, 7, "unit-test-module", Kernels, 2, 0, Vars};

/// What clang emits: a wrapper around the embedded "fat binary".
struct FatbinWrapper {
  int Magic;
  int Version;
  const char *Data;
  void *Unused;
};
const char FatbinData[] = "LOOMFATBIN1\0unit-test-module";
FatbinWrapper Wrapper = {0x466243b1, 1, FatbinData, nullptr};

const char LateFatbinData[] = "LOOMFATBIN1\0late-module";
FatbinWrapper LateWrapper = {0x466243b1, 1, LateFatbinData, nullptr};
const LoomKernelDesc LateKernels[] = {
    {"_Z10lateKernelPii", storeValueEntry, 2, 0, PtrIntSizes, PtrIntAligns, 0, 0},
};
const LoomModuleDesc LateModule = {LOOM_ABI_VERSION, 1, "late-module", LateKernels, 0, 0,
                                   nullptr};

const char ForeignFatbin[] = "\x50\xed\x55\xba not a Loom binary";
FatbinWrapper ForeignWrapper = {0x466243b1, 1, ForeignFatbin, nullptr};

void registerFunction(void **Handle, void (*Stub)(), const char *Name) {
  __cudaRegisterFunction(Handle, reinterpret_cast<const char *>(Stub), const_cast<char *>(Name),
                         Name, -1, nullptr, nullptr, nullptr, nullptr, nullptr);
}

/// The host side's global constructor, as clang generates it.
struct HostRegistration {
  HostRegistration() {
    TestThread = std::this_thread::get_id();
    void **Handle = __cudaRegisterFatBinary(&Wrapper);
    registerFunction(Handle, countThreadsStub, "_Z12countThreadsPi");
    registerFunction(Handle, storeValueStub, "_Z10storeValuePii");
    registerFunction(Handle, sharedProbeStub, "_Z11sharedProbePm");
    registerFunction(Handle, blockOrderStub, "_Z10blockOrderPiS_");
    registerFunction(Handle, waitForFlagStub, "_Z11waitForFlagPvPi");
    registerFunction(Handle, assertStub, "_Z12assertKernelv");
    registerFunction(Handle, trapStub, "_Z10trapKernelv");
    __cudaRegisterVar(Handle, reinterpret_cast<char *>(&DeviceCounterShadow),
                      const_cast<char *>("DeviceCounter"), "DeviceCounter", 0, sizeof(int), 0, 0);
    __cudaRegisterVar(Handle, reinterpret_cast<char *>(DeviceTableShadow),
                      const_cast<char *>("DeviceTable"), "DeviceTable", 0, sizeof(DeviceTable),
                      1, 0);
    __cudaRegisterFatBinaryEnd(Handle);

    void **LateHandle = __cudaRegisterFatBinary(&LateWrapper);
    registerFunction(LateHandle, lateKernelStub, "_Z10lateKernelPii");
    __cudaRegisterFatBinaryEnd(LateHandle);
  }
};

/// The device object's global constructor.
struct DeviceRegistration {
  DeviceRegistration() { __loomRegisterModule(&Module); }
};

HostRegistration RegisterHost;
DeviceRegistration RegisterDevice;

} // namespace

// Stubs need distinct addresses; give each a distinct body.
void countThreadsStub() { StubSink += 1; }
void storeValueStub() { StubSink += 2; }
void sharedProbeStub() { StubSink += 3; }
void blockOrderStub() { StubSink += 4; }
void waitForFlagStub() { StubSink += 5; }
void assertStub() { StubSink += 6; }
void trapStub() { StubSink += 7; }
void lateKernelStub() { StubSink += 8; }
void foreignStub() { StubSink += 9; }

void registerLateDeviceModule() { __loomRegisterModule(&LateModule); }

void registerForeignModule() {
  void **Handle = __cudaRegisterFatBinary(&ForeignWrapper);
  registerFunction(Handle, foreignStub, "_Z7foreignv");
  __cudaRegisterFatBinaryEnd(Handle);
}

} // namespace fake
