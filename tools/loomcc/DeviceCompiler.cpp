//===- DeviceCompiler.cpp - device IR to a host object, in process ---------===//
// SPDX-License-Identifier: Apache-2.0
#include "DeviceCompiler.h"

#include "Pipeline/DeviceCompile.h"
#include "Pipeline/Pipeline.h"
#include "Transforms/DeviceRuntimeCalls.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Support/Regex.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

using namespace llvm;

namespace loomcc {

namespace {

/// Prints pipeline diagnostics like a compiler: file:line:col: error: msg.
struct DriverDiagnostics : DiagnosticHandler {
  bool HadError = false;
  std::optional<Regex> Passed, Missed; // -Rpass, -Rpass-missed
  bool isPassedOptRemarkEnabled(StringRef Pass) const override {
    return Passed && Passed->match(Pass);
  }
  bool isMissedOptRemarkEnabled(StringRef Pass) const override {
    return Missed && Missed->match(Pass);
  }
  bool isAnyRemarkEnabled() const override { return Passed || Missed; }
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() == DS_Error)
      HadError = true;
    if (auto *R = dyn_cast<DiagnosticInfoOptimizationBase>(&DI)) {
      bool Show = R->isEnabled() &&
                  ((isa<OptimizationRemark>(R) && isPassedOptRemarkEnabled(R->getPassName())) ||
                   (isa<OptimizationRemarkMissed>(R) &&
                    isMissedOptRemarkEnabled(R->getPassName())));
      if (Show) {
        std::string Msg;
        raw_string_ostream OS(Msg);
        if (R->isLocationAvailable())
          OS << R->getLocationStr() << ": ";
        OS << "remark: " << R->getMsg() << " [-R" << (isa<OptimizationRemark>(R) ? "pass" : "pass-missed")
           << "=" << R->getPassName() << "]";
        errs() << Msg << "\n";
      }
      return true;
    }
    if (DI.getSeverity() == DS_Remark || DI.getSeverity() == DS_Note)
      return true;
    std::string Msg;
    raw_string_ostream OS(Msg);
    const char *Sev = DI.getSeverity() == DS_Error ? "error" : "warning";
    if (auto *U = dyn_cast<DiagnosticInfoUnsupported>(&DI)) {
      const DiagnosticLocation &Loc = U->getLocation();
      if (Loc.isValid())
        OS << Loc.getRelativePath() << ":" << Loc.getLine() << ":"
           << Loc.getColumn() << ": ";
      OS << Sev << ": " << U->getMessage() << " (in function '"
         << U->getFunction().getName() << "')";
    } else {
      OS << Sev << ": ";
      DiagnosticPrinterRawOStream DP(OS);
      DI.print(DP);
    }
    errs() << Msg << "\n";
    return true;
  }
};

/// Device code referring to a __device__ function or variable that no linked
/// translation unit defines (nvcc: "ptxas fatal: Unresolved extern
/// function"). Checked before the pipeline, while the module still holds
/// just user code: C++-mangled declarations and device-memory variable
/// declarations are user symbols (libdevice and the runtime use C names).
bool reportUndefinedDeviceSymbols(const Module &M, bool DeviceLink) {
  bool Undefined = false;
  auto Report = [&](StringRef Kind, StringRef Name) {
    errs() << "loomcc: error: undefined " << Kind << " '" << demangle(Name.str())
           << "' in device code"
           << (DeviceLink ? ": no linked .cu file defines it\n"
                          : ": compile with -rdc=true to use a definition from another .cu file\n");
    Undefined = true;
  };
  for (const Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic() && F.getName().starts_with("_Z") &&
        !F.use_empty() && !loom::isAllocationOperator(F.getName()))
      Report("device function", F.getName());
  for (const GlobalVariable &GV : M.globals())
    if (GV.isDeclaration() && !GV.use_empty() &&
        (GV.getAddressSpace() == 1 || GV.getAddressSpace() == 4))
      Report("device variable", GV.getName());
  return !Undefined;
}

} // namespace

bool compileDevice(const DeviceCompileJob &Job) {
  LLVMContext Ctx;
  auto Handler = std::make_unique<DriverDiagnostics>();
  DriverDiagnostics *Diags = Handler.get();
  if (!Job.RemarkPassed.empty())
    Diags->Passed.emplace(Job.RemarkPassed);
  if (!Job.RemarkMissed.empty())
    Diags->Missed.emplace(Job.RemarkMissed);
  Ctx.setDiagnosticHandler(std::move(Handler));

  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Job.BitcodePath, Err, Ctx);
  if (!M) {
    Err.print("loomcc", errs());
    return false;
  }
  // Which file defines each strong device symbol, for one-definition errors.
  StringMap<std::string> DefinedIn;
  auto NoteDefinitions = [&](const Module &From) {
    for (const GlobalValue &G : From.global_values())
      if (!G.isDeclaration() && !G.hasLocalLinkage() && !G.isWeakForLinker() &&
          !G.hasAppendingLinkage()) // not llvm.used and the like
        DefinedIn.try_emplace(G.getName(), From.getSourceFileName());
  };
  if (!Job.LinkedBitcodePaths.empty())
    NoteDefinitions(*M);
  for (const std::string &Path : Job.LinkedBitcodePaths) {
    std::unique_ptr<Module> Other = parseIRFile(Path, Err, Ctx);
    if (!Other) {
      Err.print("loomcc", errs());
      return false;
    }
    // One definition rule across the linked files, reported by source name.
    bool Duplicate = false;
    for (const GlobalValue &G : Other->global_values()) {
      const GlobalValue *Mine = M->getNamedValue(G.getName());
      auto Strong = [](const GlobalValue *V) {
        return V && !V->isDeclaration() && !V->hasLocalLinkage() && !V->isWeakForLinker() &&
               !V->hasAppendingLinkage();
      };
      if (!Strong(&G) || !Strong(Mine))
        continue;
      errs() << "loomcc: error: device " << (isa<Function>(G) ? "function" : "variable")
             << " '" << demangle(G.getName().str()) << "' is defined in more than one "
             << ".cu file (" << DefinedIn.lookup(G.getName()) << ", "
             << Other->getSourceFileName() << ")\n";
      Duplicate = true;
    }
    NoteDefinitions(*Other);
    if (Duplicate || Linker::linkModules(*M, std::move(Other)) || Diags->HadError) {
      errs() << "loomcc: error: device link failed\n";
      return false;
    }
  }
  if (!reportUndefinedDeviceSymbols(*M, Job.RegisterOffloadEntries))
    return false;
  std::string Error;
  std::unique_ptr<TargetMachine> TM =
      loom::createHostTargetMachine(Job.TargetTriple.empty()
                                        ? loom::HostTarget::native()
                                        : loom::HostTarget{Job.TargetTriple, Job.TargetCPU,
                                                           Job.TargetFeatures},
                                    Job.FastMath, Job.Fmad, Error);
  if (!TM) {
    errs() << "loomcc: error: no host target: " << Error << "\n";
    return false;
  }
  // -G: no machine-level optimization either (values stay in their
  // variables' scopes, so gdb prints a kernel's locals). At this level
  // LLVM does not extend a value's location past its basic block: a local
  // read only after a barrier shows as optimized out (docs/tools.md).
  if (Job.DebugOptimization)
    TM->setOptLevel(CodeGenOptLevel::None);

  // The whole device compilation (compiler/Pipeline/DeviceCompile.h): the
  // same function runs `opt -passes=loom-kernel-pipeline<...>` and the JIT.
  loom::DeviceCompileOptions Opts;
  Opts.Pipeline.ModuleKey = Job.ModuleKey;
  Opts.Pipeline.DeviceLibraryPath = Job.DeviceLibrary;
  Opts.Pipeline.DumpStagesDir = Job.DumpStagesDir;
  static_cast<loom::CodegenSwitches &>(Opts.Pipeline) = Job.Codegen;
  Opts.Pipeline.Memcheck = Job.Memcheck;
  Opts.Pipeline.Racecheck = Job.Racecheck;
  // The JIT must choose the gang width loomcc chose.
  if (!Opts.Pipeline.VectorWidth)
    if (const char *E = std::getenv("LOOM_VECTOR_WIDTH"))
      if (StringRef(E).getAsInteger(10, Opts.Pipeline.VectorWidth))
        Opts.Pipeline.VectorWidth = 0;
  Opts.FastMath = Job.FastMath;
  Opts.Fmad = Job.Fmad;
  Opts.LoopVectorize = Job.Vectorize;
  Opts.KeepDebugInfo = Job.KeepDebugInfo;
  Opts.DebugOptimization = Job.DebugOptimization;
  Opts.EmbedJitBitcode = Job.EmbedJitBitcode;
  Opts.RegisterOffloadEntries = Job.RegisterOffloadEntries;
  Opts.SharedObject = Job.SharedObject;
  if (!loom::compileDeviceModule(*M, *TM, Opts, [&] { return Diags->HadError; }, Error)) {
    if (!Diags->HadError)
      errs() << "loomcc: internal error: " << Error << " for '" << Job.BitcodePath << "'\n";
    return false;
  }
  if (!Job.DumpIRPath.empty()) {
    std::error_code EC;
    raw_fd_ostream OS(Job.DumpIRPath, EC);
    if (!EC)
      M->print(OS, nullptr);
  }

  std::error_code EC;
  raw_fd_ostream Out(Job.ObjectPath, EC, sys::fs::OF_None);
  if (EC) {
    errs() << "loomcc: error: cannot write '" << Job.ObjectPath
           << "': " << EC.message() << "\n";
    return false;
  }
  legacy::PassManager CodeGen;
  if (TM->addPassesToEmitFile(CodeGen, Out, nullptr, CodeGenFileType::ObjectFile)) {
    errs() << "loomcc: internal error: host target cannot emit objects\n";
    return false;
  }
  CodeGen.run(*M);
  return !Diags->HadError;
}

} // namespace loomcc
