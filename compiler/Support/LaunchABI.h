//===- LaunchABI.h - IR view of include/loom/KernelABI.h -------------------===//
// SPDX-License-Identifier: Apache-2.0
//
// Builds IR types and field accesses that mirror the C structs the runtime
// uses. Field indices are named here once; KernelABI.h is the source of truth
// and tests/unit/compiler/LaunchABITest.cpp checks that every field offset and
// struct size agrees with the C compiler's layout.
//===----------------------------------------------------------------------===//
#ifndef LOOM_SUPPORT_LAUNCHABI_H
#define LOOM_SUPPORT_LAUNCHABI_H

#include "loom/KernelABI.h"
#include "llvm/IR/IRBuilder.h"

#include <array>
#include <cstdint>
#include <optional>
#include <type_traits>

namespace loom {

/// A module compiled for one block size (SpecializeLaunch, the runtime's
/// JIT) records it as !loom.block.dim = !{!{i32 x, i32 y, i32 z}}.
std::optional<std::array<uint32_t, 3>> specializedBlockDim(const llvm::Module &M);
void setSpecializedBlockDim(llvm::Module &M, const std::array<uint32_t, 3> &Dim);

/// The IR type of a C type of KernelABI.h's device-library signatures:
/// pointers, integers by their size, float, double, void.
template <class T> llvm::Type *abiType(llvm::LLVMContext &Ctx) {
  if constexpr (std::is_void_v<T>)
    return llvm::Type::getVoidTy(Ctx);
  else if constexpr (std::is_pointer_v<T>)
    return llvm::PointerType::get(Ctx, 0);
  else if constexpr (std::is_same_v<T, float>)
    return llvm::Type::getFloatTy(Ctx);
  else if constexpr (std::is_same_v<T, double>)
    return llvm::Type::getDoubleTy(Ctx);
  else {
    static_assert(std::is_integral_v<T>, "no IR mirror for this KernelABI.h type");
    return llvm::Type::getIntNTy(Ctx, 8 * sizeof(T));
  }
}
template <class F> struct AbiFunction;
template <class R, class... A> struct AbiFunction<R(A...)> {
  static llvm::FunctionType *type(llvm::LLVMContext &Ctx) {
    return llvm::FunctionType::get(abiType<R>(Ctx), {abiType<A>(Ctx)...}, false);
  }
};

/// A device-library entry point declared in KernelABI.h, as a callee of
/// module \p M: its name and IR signature both come from that declaration
/// (decltype does not reference the symbol, which lives in the runtime).
#define LOOM_ABI_CALLEE(M, Fn)                                                 \
  (M).getOrInsertFunction(#Fn, ::loom::AbiFunction<decltype(Fn)>::type((M).getContext()))
/// Its IR function type alone.
#define LOOM_ABI_TYPE(Ctx, Fn) ::loom::AbiFunction<decltype(Fn)>::type(Ctx)

struct LaunchABI {
  explicit LaunchABI(llvm::LLVMContext &Ctx);

  /// struct LoomLaunch { LoomDim3 gridDim, blockDim; uint64_t dynamicSharedBytes; }
  llvm::StructType *Launch;
  /// struct LoomWorker { void *sharedMem, *threadArena; uint64_t; uint32_t, uint32_t; }
  llvm::StructType *Worker;
  /// struct LoomKernelDesc, LoomVarDesc, LoomModuleDesc (with the JIT's
  /// bitcode, its size and configuration string at the end).
  llvm::StructType *KernelDesc;
  llvm::StructType *VarDesc;
  llvm::StructType *ModuleDesc;
  /// void (const LoomLaunch *, void *const *, uint64_t, uint64_t, LoomWorker *)
  llvm::FunctionType *EntryType;

  /// Loads gridDim (Grid=true) or blockDim component \p Dim from \p LaunchPtr;
  /// in a module specialized for one block size, blockDim is that constant.
  llvm::Value *loadDim(llvm::IRBuilder<> &B, llvm::Value *LaunchPtr, bool Grid,
                       unsigned Dim) const;
  llvm::Value *loadWorkerSharedMem(llvm::IRBuilder<> &B,
                                   llvm::Value *WorkerPtr) const;
};

} // namespace loom

#endif
