// FakeModule.h - a hand-written "compiled" CUDA module: entries, descriptors and clang-style registration.
// SPDX-License-Identifier: Apache-2.0
//
// The kernels below are written the way Loom's compiler emits them: an entry
// runs blocks [begin, end) of the linearized grid and loops over the block's
// threads itself. The host side registers stubs exactly as clang's generated
// code does (fat-binary wrapper, __cudaRegisterFunction, __cudaRegisterVar).
#ifndef LOOM_TESTS_UNIT_RUNTIME_FAKEMODULE_H
#define LOOM_TESTS_UNIT_RUNTIME_FAKEMODULE_H

#include "cuda_runtime_api.h"
#include "loom/KernelABI.h"

#include <atomic>
#include <cstdint>

namespace fake {

// Host stubs (their addresses are what <<<>>> passes to cudaLaunchKernel).
void countThreadsStub();  // (int *counts): counts[globalThreadId] += 1
void storeValueStub();    // (int *out, int value): out[blockLinear] = value
void sharedProbeStub();   // (uint64_t *out): dynamic bytes, buffer checks
void blockOrderStub();    // (int *log, int *next): log[next++] = blockLinear
void waitForFlagStub();   // (std::atomic<int> *flag, int *out): spins until *flag
void assertStub();        // (): fails a device assert in block 0
void trapStub();          // (): __trap()
void lateKernelStub();    // registered host-side only; device module added by a test

/// The __device__ int behind cudaMemcpyToSymbol(fake::DeviceCounterShadow, ...).
extern int DeviceCounterShadow;
extern int DeviceCounter;     ///< the device-side variable (what kernels see)
extern float DeviceTable[8];  ///< a __constant__ float[8]
extern float DeviceTableShadow[8];

/// Registers the late module's device side (RegistrationTest).
void registerLateDeviceModule();

/// Registers a fat binary whose magic is not Loom's, with one stub.
void registerForeignModule();
void foreignStub();

/// Host thread that launched the last blockOrder kernel (serial check).
extern std::atomic<bool> BlockOrderOnOtherThread;

} // namespace fake

#endif // LOOM_TESTS_UNIT_RUNTIME_FAKEMODULE_H
