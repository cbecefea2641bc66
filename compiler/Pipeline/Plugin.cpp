//===- Plugin.cpp - Loom's passes as an opt plugin (IR tests) -------------===//
// SPDX-License-Identifier: Apache-2.0
#include "Pipeline/Pipeline.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Loom", "0.1",
          [](llvm::PassBuilder &PB) { loom::registerLoomPasses(PB); }};
}
