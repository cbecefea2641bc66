// JitCompile.cpp - loom-jit-compile: a kernel compiled again for one block size.
// SPDX-License-Identifier: Apache-2.0
//
// libloomrt runs this helper (include/loom/JitABI.h gives the command line)
// when a launch wants a kernel specialized for its block size. It
//  1. reads the module's embedded bitcode (the kernel pipeline's state after
//     device-function inlining, docs/pipeline.md) and keeps only the
//     requested kernel;
//  2. reaches the running program's registered variables and kernel
//     descriptors through a table of pointers the runtime fills after
//     loading (so specialized and compiled code share __device__ state);
//  3. runs the back half of the pipeline with blockDim fixed
//     (SpecializeLaunch), LLVM's O3 and code generation for the host CPU with
//     the settings loomcc used (the module's jitConfig);
//  4. links the object as a shared object with the host toolchain.
// It runs in its own process so that LLVM never runs inside the program
// (docs/decisions/0002-launch-time-specialization.md).
#include "loom/JitABI.h"

#include <array>
#include <vector>

#include "Pipeline/DeviceCompile.h"
#include "Pipeline/Pipeline.h"
#include "Support/GlobalIndirection.h"
#include "Support/KernelMarkers.h"
#include "Transforms/KernelRegistration.h"
#include "Transforms/ManagedVariables.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>
#include <cstring>


using namespace llvm;

namespace {

/// A failed step: the message goes back to the runtime.
struct Failed {
  std::string Why;
};

/// Collects errors; warnings and remarks are dropped (loomcc reported them
/// when it compiled the program; stderr belongs to the program now).
struct JitDiagnostics : DiagnosticHandler {
  std::string Errors;
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() != DS_Error)
      return true;
    raw_string_ostream OS(Errors);
    if (!Errors.empty())
      OS << "; ";
    DiagnosticPrinterRawOStream DP(OS);
    DI.print(DP);
    return true;
  }
};

/// The running module's variables and kernels (the manifest,
/// include/loom/JitABI.h), in descriptor order.
struct Manifest {
  struct Var {
    std::string Name;
    unsigned Flags;
  };
  std::vector<Var> Vars;
  std::vector<std::string> Kernels;
};

Manifest readManifest(StringRef Text) {
  Manifest Man;
  SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines) {
    auto [Kind, Rest] = Line.split(' ');
    if (Kind == "kernel" && !Rest.empty()) {
      Man.Kernels.push_back(Rest.str());
      continue;
    }
    auto [Flags, Name] = Rest.split(' ');
    unsigned F = 0;
    if (Kind != "var" || Flags.getAsInteger(10, F) || Name.empty())
      throw Failed{"malformed manifest line '" + Line.str() + "'"};
    Man.Vars.push_back({Name.str(), F});
  }
  return Man;
}

/// Every use of \p GV becomes a load of slot \p Slot of the bindings table
/// (invariant: the runtime fills it before the first call).
void bindThroughTable(GlobalVariable &GV, GlobalVariable &Table, unsigned Slot) {
  loom::replaceUsesWithPointer(GV, [&](IRBuilder<> &B) {
    Value *Addr = B.CreateConstInBoundsGEP2_64(Table.getValueType(), &Table, 0, Slot);
    LoadInst *L = B.CreateAlignedLoad(B.getPtrTy(), Addr, Align(8), GV.getName() + ".bound");
    L->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(B.getContext(), {}));
    return L;
  });
  if (!GV.use_empty())
    throw Failed{"'" + GV.getName().str() +
                 "' is referenced from a global initializer; it cannot be shared"};
  GV.eraseFromParent();
}

/// Keeps only \p Kernel as a kernel and points the module's registered
/// variables and kernel references at the running program's (see the file
/// comment).
void prepareModule(Module &M, const Manifest &Man, const std::string &Kernel) {
  Function *K = M.getFunction(Kernel);
  if (!K || K->isDeclaration() || !loom::isKernel(*K))
    throw Failed{"kernel '" + Kernel + "' is not in the module's bitcode"};
  for (Function &F : make_early_inc_range(M)) {
    if (&F == K || F.isDeclaration() || !loom::isKernel(F))
      continue;
    F.removeFnAttr(loom::KernelAttr);
    if (F.use_empty()) {
      F.eraseFromParent();
    } else {
      F.deleteBody(); // referenced as a value: unresolved if ever used
      F.setLinkage(GlobalValue::ExternalLinkage);
    }
  }

  StringMap<unsigned> VarIndex, KernelIndex;
  for (unsigned I = 0; I < Man.Vars.size(); ++I)
    VarIndex[Man.Vars[I].Name] = I;
  for (unsigned I = 0; I < Man.Kernels.size(); ++I)
    KernelIndex[Man.Kernels[I]] = I;
  uint64_t Slots = 2 * Man.Vars.size() + Man.Kernels.size();
  LLVMContext &Ctx = M.getContext();
  auto *TableTy = ArrayType::get(PointerType::get(Ctx, 0), Slots);
  auto *Table = new GlobalVariable(M, TableTy, false, GlobalValue::ExternalLinkage,
                                   Constant::getNullValue(TableTy), LOOM_JIT_BINDINGS_SYMBOL);
  Table->setAlignment(Align(8));
  new GlobalVariable(M, Type::getInt64Ty(Ctx), true, GlobalValue::ExternalLinkage,
                     ConstantInt::get(Type::getInt64Ty(Ctx), Slots),
                     LOOM_JIT_BINDINGS_COUNT_SYMBOL);

  std::vector<GlobalVariable *> Globals;
  for (GlobalVariable &GV : M.globals())
    Globals.push_back(&GV);
  std::vector<std::pair<GlobalVariable *, unsigned>> Bound;
  for (GlobalVariable *GV : Globals) {
    if (GV == Table || GV->getName() == LOOM_JIT_BINDINGS_COUNT_SYMBOL)
      continue;
    if (GV->hasAttribute(loom::KernelRefAttr)) {
      StringRef Name = GV->getAttribute(loom::KernelRefAttr).getValueAsString();
      auto It = KernelIndex.find(Name);
      if (It == KernelIndex.end())
        throw Failed{"device-side launch of kernel '" + Name.str() +
                     "', which the running module does not define"};
      Bound.push_back({GV, unsigned(2 * Man.Vars.size() + It->second)});
      continue;
    }
    if (GV->isDeclaration() || GV->getName().starts_with("llvm."))
      continue;
    if (auto It = VarIndex.find(GV->getName()); It != VarIndex.end()) {
      Bound.push_back({GV, It->second});
      if (Man.Vars[It->second].Flags & 1u /* LOOM_VAR_MANAGED */) {
        GlobalVariable *Slot = loom::managedPointerOf(*GV);
        if (!Slot)
          throw Failed{"managed variable '" + GV->getName().str() + "' has no pointer slot"};
        Bound.push_back({Slot, unsigned(Man.Vars.size() + It->second)});
      }
      continue;
    }
    // Per-block storage (becomes thread-local), constants and managed
    // slots (bound with their variable) may be the specialized code's own;
    // any other state would silently differ from the compiled code's.
    if (GV->hasMetadata("loom.shared") || GV->isConstant() ||
        GV->hasMetadata(loom::ManagedSlotMD))
      continue;
    throw Failed{"device variable '" + GV->getName().str() +
                 "' is not registered, so compiled and specialized code cannot share it"};
  }
  // clang keeps device variables alive through llvm.compiler.used; the
  // program's copies are alive anyway.
  SmallPtrSet<Constant *, 16> BoundSet;
  for (auto [GV, Slot] : Bound)
    BoundSet.insert(GV);
  removeFromUsedLists(M, [&](Constant *C) { return BoundSet.count(C) != 0; });
  for (auto [GV, Slot] : Bound)
    bindThroughTable(*GV, *Table, Slot);
}

/// Bitcode -> object file for the host (the back half of loomcc's device
/// compile, tools/loomcc/DeviceCompiler.cpp, with blockDim fixed).
std::string compileObject(StringRef Bitcode, const Manifest &Man, const std::string &Kernel,
                          const std::array<uint32_t, 3> &Block, const loom::JitConfig &Config,
                          const loom::HostTarget &H) {
  LLVMContext Ctx;
  auto Handler = std::make_unique<JitDiagnostics>();
  JitDiagnostics *Diags = Handler.get();
  Ctx.setDiagnosticHandler(std::move(Handler));
  Expected<std::unique_ptr<Module>> Parsed =
      parseBitcodeFile(MemoryBufferRef(Bitcode, "loom-jit-bitcode"), Ctx);
  if (!Parsed)
    throw Failed{"cannot read the bitcode: " + toString(Parsed.takeError())};
  Module &M = **Parsed;
  std::string Error;
  std::unique_ptr<TargetMachine> TM =
      loom::createHostTargetMachine(H, Config.FastMath, Config.Fmad, Error);
  if (!TM)
    throw Failed{"no host target: " + Error};
  M.setTargetTriple(TM->getTargetTriple());
  M.setDataLayout(TM->createDataLayout());
  prepareModule(M, Man, Kernel);

  // loomcc's compile (compiler/Pipeline/DeviceCompile.h), its back half
  // only, with blockDim fixed.
  loom::DeviceCompileOptions Opts;
  Opts.Pipeline.Part = loom::PipelinePart::Back;
  Opts.Pipeline.BlockDim = Block;
  Opts.Pipeline.ForJit = true;
  Opts.Pipeline.ModuleKey = "loom-jit";
  static_cast<loom::CodegenSwitches &>(Opts.Pipeline) = Config;
  Opts.FastMath = Config.FastMath;
  Opts.Fmad = Config.Fmad;
  Opts.LoopVectorize = Config.LoopVectorize;
  Opts.SharedObject = true; // dlopen()ed by the runtime
  if (!loom::compileDeviceModule(M, *TM, Opts, [&] { return !Diags->Errors.empty(); }, Error))
    throw Failed{Diags->Errors.empty() ? Error : "kernel pipeline: " + Diags->Errors};

  SmallVector<char, 0> Object;
  raw_svector_ostream Out(Object);
  legacy::PassManager CodeGen;
  if (TM->addPassesToEmitFile(CodeGen, Out, nullptr, CodeGenFileType::ObjectFile))
    throw Failed{"the host target cannot emit objects"};
  CodeGen.run(M);
  if (!Diags->Errors.empty())
    throw Failed{"code generation: " + Diags->Errors};
  return std::string(Object.begin(), Object.end());
}

bool parseBlock(StringRef Text, std::array<uint32_t, 3> &Block) {
  SmallVector<StringRef, 3> Parts;
  Text.split(Parts, ',');
  if (Parts.size() != 3)
    return false;
  for (unsigned I = 0; I < 3; ++I)
    if (Parts[I].getAsInteger(10, Block[I]) || Block[I] == 0 || Block[I] > 1024)
      return false;
  return true;
}

std::string readFile(const std::string &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
  if (!B)
    throw Failed{"cannot read '" + Path + "': " + B.getError().message()};
  return (*B)->getBuffer().str();
}

/// The object as a shared object the runtime dlopen()s: undefined symbols
/// (the runtime's device calls, libm, libmvec) resolve in the program.
void linkShared(const std::string &Object, const std::string &Output) {
  std::string ObjectPath = Output + ".o";
  {
    std::error_code EC;
    raw_fd_ostream OS(ObjectPath, EC, sys::fs::OF_None);
    if (EC)
      throw Failed{"cannot write '" + ObjectPath + "': " + EC.message()};
    OS << Object;
  }
  std::string Linker = LOOM_CLANGXX;
  std::vector<StringRef> Args = {Linker,  "-shared", "-nostdlib", "-o", Output,
                                 ObjectPath, "-lmvec",  "-lm"};
  std::string Error;
  int Status = sys::ExecuteAndWait(Linker, Args, std::nullopt, {}, 0, 0, &Error);
  sys::fs::remove(ObjectPath);
  if (Status != 0)
    throw Failed{"linking the shared object failed (" + Linker + ", status " +
                 std::to_string(Status) + (Error.empty() ? "" : ": " + Error) + ")"};
}

} // namespace

int main(int argc, char **argv) {
  std::string BitcodePath, ManifestPath, Kernel, BlockText, ConfigText, Output;
  for (int I = 1; I + 1 < argc; I += 2) {
    StringRef Flag = argv[I];
    std::string Value = argv[I + 1];
    if (Flag == "--bitcode")
      BitcodePath = Value;
    else if (Flag == "--manifest")
      ManifestPath = Value;
    else if (Flag == "--kernel")
      Kernel = Value;
    else if (Flag == "--block")
      BlockText = Value;
    else if (Flag == "--config")
      ConfigText = Value;
    else if (Flag == "--output")
      Output = Value;
  }
  std::array<uint32_t, 3> Block;
  if (BitcodePath.empty() || ManifestPath.empty() || Kernel.empty() || Output.empty() ||
      !parseBlock(BlockText, Block)) {
    errs() << "usage: loom-jit-compile --bitcode F --manifest F --kernel NAME "
              "--block X,Y,Z --config C --output F.so\n";
    return 2;
  }
  std::optional<loom::JitConfig> Config = loom::JitConfig::parse(ConfigText);
  if (!Config) {
    errs() << "unknown configuration '" << ConfigText << "'\n";
    return 1;
  }
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  try {
    std::string Bitcode = readFile(BitcodePath);
    Manifest Man = readManifest(readFile(ManifestPath));
    std::string Object = compileObject(Bitcode, Man, Kernel, Block, *Config, loom::HostTarget::native());
    linkShared(Object, Output);
  } catch (const Failed &F) {
    errs() << F.Why << "\n";
    return 1;
  }
  return 0;
}
