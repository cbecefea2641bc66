// LaunchABITest.cpp - the compiler's IR mirror of include/loom/KernelABI.h
// lays every struct out exactly as the host C compiler does.
// SPDX-License-Identifier: Apache-2.0
//
// LaunchABI (compiler/Support/LaunchABI.cpp) builds the structs positionally;
// a field added, removed or retyped on one side only breaks every launch at
// run time. This test compares each field's offset and each struct's size
// under the host's DataLayout with offsetof/sizeof, and pins the ABI version
// to the layout it describes, so that a layout change without a version bump
// fails here.
#include "Support/LaunchABI.h"
#include "loom/KernelABI.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <memory>
#include <vector>

namespace {

llvm::DataLayout hostLayout() {
  llvm::InitializeNativeTarget();
  llvm::Triple TT(llvm::sys::getProcessTriple());
  std::string Error;
  const llvm::Target *T = llvm::TargetRegistry::lookupTarget(TT, Error);
  EXPECT_NE(T, nullptr) << Error;
  std::unique_ptr<llvm::TargetMachine> TM(
      T->createTargetMachine(TT, "generic", "", llvm::TargetOptions(), std::nullopt));
  return TM->createDataLayout();
}

void expectLayout(const llvm::DataLayout &DL, llvm::StructType *Mirror, size_t Size,
                  const std::vector<size_t> &Offsets, const char *Name) {
  SCOPED_TRACE(Name);
  const llvm::StructLayout *L = DL.getStructLayout(Mirror);
  ASSERT_EQ(Mirror->getNumElements(), Offsets.size()) << "field count differs";
  for (unsigned I = 0; I < Offsets.size(); ++I)
    EXPECT_EQ(L->getElementOffset(I), Offsets[I]) << "field " << I;
  EXPECT_EQ(L->getSizeInBytes(), Size);
}

TEST(LaunchABI, MirrorsKernelABIStructs) {
  llvm::LLVMContext Ctx;
  llvm::DataLayout DL = hostLayout();
  loom::LaunchABI ABI(Ctx);
  expectLayout(DL, ABI.Launch, sizeof(LoomLaunch),
               {offsetof(LoomLaunch, gridDim), offsetof(LoomLaunch, blockDim),
                offsetof(LoomLaunch, dynamicSharedBytes)},
               "LoomLaunch");
  expectLayout(DL, ABI.Worker, sizeof(LoomWorker),
               {offsetof(LoomWorker, sharedMem), offsetof(LoomWorker, threadArena),
                offsetof(LoomWorker, threadArenaBytes), offsetof(LoomWorker, workerIndex),
                offsetof(LoomWorker, reserved)},
               "LoomWorker");
  expectLayout(DL, ABI.KernelDesc, sizeof(LoomKernelDesc),
               {offsetof(LoomKernelDesc, name), offsetof(LoomKernelDesc, entry),
                offsetof(LoomKernelDesc, numArgs), offsetof(LoomKernelDesc, gangWidth),
                offsetof(LoomKernelDesc, argSizes), offsetof(LoomKernelDesc, argAligns),
                offsetof(LoomKernelDesc, staticSharedBytes),
                offsetof(LoomKernelDesc, threadArenaBytesPerThread),
                offsetof(LoomKernelDesc, flags), offsetof(LoomKernelDesc, maxThreadsPerBlock)},
               "LoomKernelDesc");
  expectLayout(DL, ABI.VarDesc, sizeof(LoomVarDesc),
               {offsetof(LoomVarDesc, name), offsetof(LoomVarDesc, address),
                offsetof(LoomVarDesc, size), offsetof(LoomVarDesc, flags),
                offsetof(LoomVarDesc, reserved), offsetof(LoomVarDesc, managedPointer)},
               "LoomVarDesc");
  expectLayout(DL, ABI.ModuleDesc, sizeof(LoomModuleDesc),
               {offsetof(LoomModuleDesc, abiVersion), offsetof(LoomModuleDesc, numKernels),
                offsetof(LoomModuleDesc, key), offsetof(LoomModuleDesc, kernels),
                offsetof(LoomModuleDesc, numVars), offsetof(LoomModuleDesc, reserved),
                offsetof(LoomModuleDesc, vars), offsetof(LoomModuleDesc, jitBitcode),
                offsetof(LoomModuleDesc, jitBitcodeSize), offsetof(LoomModuleDesc, jitConfig)},
               "LoomModuleDesc");
}

TEST(LaunchABI, EntryTypeMatchesLoomKernelEntry) {
  llvm::LLVMContext Ctx;
  loom::LaunchABI ABI(Ctx);
  // void (const LoomLaunch *, void *const *, uint64_t, uint64_t, LoomWorker *)
  llvm::FunctionType *F = ABI.EntryType;
  ASSERT_EQ(F->getNumParams(), 5u);
  EXPECT_TRUE(F->getReturnType()->isVoidTy());
  EXPECT_TRUE(F->getParamType(0)->isPointerTy());
  EXPECT_TRUE(F->getParamType(1)->isPointerTy());
  EXPECT_TRUE(F->getParamType(2)->isIntegerTy(8 * sizeof(uint64_t)));
  EXPECT_TRUE(F->getParamType(3)->isIntegerTy(8 * sizeof(uint64_t)));
  EXPECT_TRUE(F->getParamType(4)->isPointerTy());
}

// The compiler's calls of device-library entry points take their IR types
// from the declarations in KernelABI.h (LOOM_ABI_TYPE), not from a second
// hand-written list: the types follow the C prototypes.
TEST(LaunchABI, DeviceEntryTypesFollowTheirDeclarations) {
  llvm::LLVMContext Ctx;
  llvm::Type *Ptr = llvm::PointerType::get(Ctx, 0);
  llvm::Type *I32 = llvm::Type::getInt32Ty(Ctx);
  llvm::Type *I64 = llvm::Type::getInt64Ty(Ctx);
  llvm::Type *Void = llvm::Type::getVoidTy(Ctx);
  EXPECT_EQ(LOOM_ABI_TYPE(Ctx, __loom_device_malloc), llvm::FunctionType::get(Ptr, {I64}, false));
  EXPECT_EQ(LOOM_ABI_TYPE(Ctx, __loom_device_malloc_aligned),
            llvm::FunctionType::get(Ptr, {I64, I64}, false));
  EXPECT_EQ(LOOM_ABI_TYPE(Ctx, __loom_device_free), llvm::FunctionType::get(Void, {Ptr}, false));
  EXPECT_EQ(LOOM_ABI_TYPE(Ctx, __loom_launch_device),
            llvm::FunctionType::get(I32, {Ptr, Ptr, Ptr, Ptr, I32, Ptr}, false));
  EXPECT_EQ(LOOM_ABI_TYPE(Ctx, __loom_assert_fail),
            llvm::FunctionType::get(Void, {Ptr, Ptr, I32, Ptr, I32, I32, I32, I32, I32, I32},
                                    false));
  EXPECT_EQ(LOOM_ABI_TYPE(Ctx, __loom_trap), llvm::FunctionType::get(Void, {}, false));
  llvm::FunctionType *Tex = LOOM_ABI_TYPE(Ctx, __loom_tex_fetch_lod);
  ASSERT_EQ(Tex->getNumParams(), 10u);
  EXPECT_TRUE(Tex->getParamType(2)->isDoubleTy());
  EXPECT_TRUE(Tex->getParamType(6)->isFloatTy());
}

// The version names a layout: changing a struct above means bumping
// LOOM_ABI_VERSION (old objects must be refused, not misread) and updating
// these sizes with it.
TEST(LaunchABI, VersionPinsTheLayout) {
  static_assert(sizeof(void *) == 8, "Loom targets 64-bit hosts");
  EXPECT_EQ(LOOM_ABI_VERSION, 4u);
  EXPECT_EQ(sizeof(LoomLaunch), 32u);
  EXPECT_EQ(sizeof(LoomWorker), 32u);
  EXPECT_EQ(sizeof(LoomKernelDesc), 64u);
  EXPECT_EQ(sizeof(LoomVarDesc), 40u);
  EXPECT_EQ(sizeof(LoomModuleDesc), 64u);
  EXPECT_EQ(sizeof(LoomOffloadEntry), 56u);
}

} // namespace
