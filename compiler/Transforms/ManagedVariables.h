//===- ManagedVariables.h - __managed__ variables share the host's storage -===//
// SPDX-License-Identifier: Apache-2.0
//
// What: a `__managed__` variable (Loom's headers tag it with
// annotate("loom.managed"), since clang accepts the managed attribute only
// for HIP) gets a pointer slot `@<name>.loom.managed`; every use in device
// code becomes a load of that slot. KernelRegistration registers the
// variable with LOOM_VAR_MANAGED and the slot; at start-up the runtime
// copies the variable's initial value into the host's shadow variable and
// points the slot at it. Host code and kernels then read and write the same
// memory, as unified memory does on a GPU.
// Why: the host half of a translation unit has its own copy of every device
// variable (clang's shadow), which host code accesses directly.
// Preconditions: LowerAddressSpaces ran (one address space).
// Postconditions: no function uses a managed variable directly;
// llvm.global.annotations is gone from the device module.
//   @x = global i32 0             ; annotated "loom.managed"
//   %v = load i32, ptr @x
// ==>
//   @x.loom.managed = internal global ptr null, !loom.managed.slot
//   %p = load ptr, ptr @x.loom.managed
//   %v = load i32, ptr %p
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_MANAGEDVARIABLES_H
#define LOOM_TRANSFORMS_MANAGEDVARIABLES_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class GlobalVariable;
} // namespace llvm

namespace loom {

/// Metadata on a managed variable naming its pointer slot, and on the slot.
constexpr const char *ManagedVarMD = "loom.managed";
constexpr const char *ManagedSlotMD = "loom.managed.slot";

/// The pointer slot of managed variable \p GV, or null.
llvm::GlobalVariable *managedPointerOf(const llvm::GlobalVariable &GV);

class ManagedVariablesPass : public llvm::PassInfoMixin<ManagedVariablesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif
