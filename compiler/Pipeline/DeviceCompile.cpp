//===- DeviceCompile.cpp - the whole device compilation, in one place -----===//
// SPDX-License-Identifier: Apache-2.0
#include "Pipeline/DeviceCompile.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace loom {

HostTarget HostTarget::native() {
  HostTarget H;
  H.Triple = sys::getDefaultTargetTriple();
  H.CPU = sys::getHostCPUName().str();
  std::vector<std::string> Names;
  for (auto &[Name, Enabled] : sys::getHostCPUFeatures())
    Names.push_back((Enabled ? "+" : "-") + Name.str());
  std::sort(Names.begin(), Names.end());
  SubtargetFeatures Features;
  for (const std::string &F : Names)
    Features.AddFeature(F);
  H.Features = Features.getString();
  return H;
}

std::unique_ptr<TargetMachine> createHostTargetMachine(const HostTarget &H, bool FastMath,
                                                       bool Fmad, std::string &Error) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  Triple TT(H.Triple);
  // loomcc --target: another CPU's back end (docs/tools.md, "More CPUs").
  if (TT.getArch() != Triple(sys::getDefaultTargetTriple()).getArch()) {
    InitializeAllTargetInfos();
    InitializeAllTargets();
    InitializeAllTargetMCs();
    InitializeAllAsmPrinters();
  }
  const Target *T = TargetRegistry::lookupTarget(TT, Error);
  if (!T)
    return nullptr;
  TargetOptions Opts = hostTargetOptions(FastMath, Fmad);
  // Debian's riscv64 passes floating-point values in FP registers (lp64d),
  // as clang compiles the host side and the runtime; LLVM's default is lp64.
  if (TT.isRISCV64())
    Opts.MCOptions.ABIName = "lp64d";
  return std::unique_ptr<TargetMachine>(T->createTargetMachine(
      TT, H.CPU, H.Features, Opts, Reloc::PIC_, std::nullopt, CodeGenOptLevel::Aggressive));
}

namespace {

void setHostFunctionAttributes(Module &M, const TargetMachine &TM, bool FastMath) {
  std::string CPU = TM.getTargetCPU().str();
  std::string Features = TM.getTargetFeatureString().str();
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    F.addFnAttr("target-cpu", CPU);
    F.addFnAttr("target-features", Features);
    if (FastMath) {
      F.addFnAttr("no-signed-zeros-fp-math", "true");
      F.addFnAttr("approx-func-fp-math", "true");
    }
  }
}

/// -rdc: a constructor that hands this executable's (or library's) offload
/// entry table, which clang's -fgpu-rdc host code fills, to the runtime. The
/// linker defines __start_/__stop_ for the section; both are null when no
/// host object has entries.
void addOffloadEntryRegistration(Module &M, StringRef ModuleKey) {
  LLVMContext &Ctx = M.getContext();
  PointerType *Ptr = PointerType::getUnqual(Ctx);
  auto Bound = [&](StringRef Name) {
    auto *GV = new GlobalVariable(M, Type::getInt8Ty(Ctx), /*isConstant=*/true,
                                  GlobalValue::ExternalWeakLinkage, nullptr, Name);
    GV->setVisibility(GlobalValue::HiddenVisibility);
    return GV;
  };
  GlobalVariable *Begin = Bound("__start_llvm_offload_entries");
  GlobalVariable *End = Bound("__stop_llvm_offload_entries");
  FunctionCallee Register = M.getOrInsertFunction(
      "__loomRegisterOffloadEntries", Type::getVoidTy(Ctx), Ptr, Ptr, Ptr);
  auto *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                GlobalValue::InternalLinkage, "loom.rdc.register", M);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Ctor));
  B.CreateCall(Register, {Begin, End, B.CreateGlobalString(ModuleKey, "loom.rdc.key")});
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, /*Priority=*/65535);
}

/// Each function takes the address of each thread-local variable it uses
/// (per-block `__shared__` storage, the dynamic shared-memory pointer, the
/// vectorizer's scratch) from one call, at its entry, of a small noinline
/// function that computes it.
///
/// Why a call of our own: in a shared object (the JIT's kernels, OpenCL
/// programs, `loomcc -shared` libraries) the address comes from a call of
/// __tls_get_addr, and LLVM's x86-64 back end assumes that call preserves
/// zmm16-31 and the mask registers k0-k7, so it keeps AVX-512 gang values
/// there across it. glibc's slow path (a thread's first access to a
/// dlopen()ed object's thread-local block allocates it with malloc, whose
/// memset uses exactly those registers) does not preserve them: a kernel
/// argument broadcast before the call read as malloc's fill pattern in the
/// first block a thread ran (tests/e2e/jit/tls_clobber.test). An ordinary
/// call keeps nothing in caller-saved registers, and inside the helper
/// nothing is live across __tls_get_addr. Only for shared objects
/// (DeviceCompileOptions::SharedObject): in an executable the linker
/// relaxes the access to the thread pointer plus a constant, which folds
/// into %fs-relative memory operands; a pointer from a call costs a
/// register and measured up to 1.1-1.3x on a shared-memory transpose.
void addressThreadLocalsThroughCalls(Module &M) {
  LLVMContext &Ctx = M.getContext();
  for (GlobalVariable &GV : M.globals()) {
    if (!GV.isThreadLocal() || GV.use_empty())
      continue;
    convertUsersOfConstantsToInstructions({&GV});
    SmallVector<Use *, 16> Uses;
    for (Use &U : GV.uses())
      if (isa<Instruction>(U.getUser()))
        Uses.push_back(&U);
    if (Uses.empty())
      continue;
    auto *Get = Function::Create(FunctionType::get(GV.getType(), false),
                                 GlobalValue::InternalLinkage, "loom.tls." + GV.getName(), M);
    Get->addFnAttr(Attribute::NoInline);
    Get->addFnAttr(Attribute::NoUnwind);
    Get->addFnAttr(Attribute::WillReturn);
    Get->setMemoryEffects(MemoryEffects::none());
    {
      IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Get));
      B.CreateRet(B.CreateThreadLocalAddress(&GV));
    }
    DenseMap<Function *, Value *> Address;
    for (Use *U : Uses) {
      auto *I = cast<Instruction>(U->getUser());
      Function *F = I->getFunction();
      Value *&A = Address[F];
      if (!A) {
        IRBuilder<> B(&*F->getEntryBlock().getFirstInsertionPt());
        A = B.CreateCall(Get);
      }
      if (auto *II = dyn_cast<IntrinsicInst>(I);
          II && II->getIntrinsicID() == Intrinsic::threadlocal_address) {
        II->replaceAllUsesWith(A);
        II->eraseFromParent();
        continue;
      }
      U->set(A);
    }
  }
}

void writeText(const std::string &Dir, StringRef Name, function_ref<void(raw_ostream &)> Write) {
  SmallString<128> Path(Dir);
  sys::path::append(Path, Name);
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (!EC)
    Write(OS);
}

} // namespace

std::string DeviceCompileOptions::jitConfig() const {
  JitConfig C;
  static_cast<CodegenSwitches &>(C) = Pipeline;
  C.FastMath = FastMath;
  C.Fmad = Fmad;
  C.LoopVectorize = LoopVectorize;
  return C.str();
}

std::string DeviceCompileOptions::optPipelineText() const {
  std::string S = "loom-kernel-pipeline<" + jitConfig();
  S += ";module-key=" + Pipeline.ModuleKey;
  if (!Pipeline.DeviceLibraryPath.empty())
    S += ";device-library=" + Pipeline.DeviceLibraryPath;
  S += ";embed-jit=" + std::to_string(EmbedJitBitcode);
  S += ";keep-debug-info=" + std::to_string(KeepDebugInfo);
  S += ";debug-opt=" + std::to_string(DebugOptimization);
  S += ";offload-entries=" + std::to_string(RegisterOffloadEntries);
  S += ";shared-object=" + std::to_string(SharedObject);
  return S + ">";
}

std::optional<DeviceCompileOptions> DeviceCompileOptions::parse(StringRef Params) {
  DeviceCompileOptions O;
  std::string Codegen; // the JitConfig keys
  SmallVector<StringRef, 16> Items;
  Params.split(Items, ';', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    auto [Key, Value] = Item.split('=');
    auto Flag = [&](bool &Out) {
      if (Value != "0" && Value != "1")
        return false;
      Out = Value == "1";
      return true;
    };
    bool OK = true;
    if (Key == "module-key")
      O.Pipeline.ModuleKey = Value.str();
    else if (Key == "device-library")
      O.Pipeline.DeviceLibraryPath = Value.str();
    else if (Key == "embed-jit")
      OK = Flag(O.EmbedJitBitcode);
    else if (Key == "keep-debug-info")
      OK = Flag(O.KeepDebugInfo);
    else if (Key == "debug-opt")
      OK = Flag(O.DebugOptimization);
    else if (Key == "offload-entries")
      OK = Flag(O.RegisterOffloadEntries);
    else if (Key == "shared-object")
      OK = Flag(O.SharedObject);
    else
      Codegen += (Codegen.empty() ? "" : ";") + Item.str();
    if (!OK)
      return std::nullopt;
  }
  std::optional<JitConfig> C = JitConfig::parse(Codegen);
  if (!C)
    return std::nullopt;
  static_cast<CodegenSwitches &>(O.Pipeline) = *C;
  O.FastMath = C->FastMath;
  O.Fmad = C->Fmad;
  O.LoopVectorize = C->LoopVectorize;
  return O;
}

bool compileDeviceModule(Module &M, TargetMachine &TM, const DeviceCompileOptions &Opts,
                         function_ref<bool()> Failed, std::string &Error) {
  PipelineOptions P = Opts.Pipeline;
  P.Triple = TM.getTargetTriple().str();
  P.DataLayout = TM.createDataLayout().getStringRepresentation();

  PipelineTuningOptions PTO;
  PTO.LoopVectorization = Opts.LoopVectorize;
  PTO.SLPVectorization = Opts.LoopVectorize;
  PassBuilder PB(&TM, PTO);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  // glibc's libmvec gives the vectorizer vector sin/exp/...
  FAM.registerPass([&] {
    Triple TT(P.Triple);
    auto TLII = std::make_unique<TargetLibraryInfoImpl>(TT, VectorLibrary::LIBMVEC);
    return TargetLibraryAnalysis(*TLII);
  });
  registerHostPipelineCallbacks(PB);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  if (!P.DumpStagesDir.empty()) {
    sys::fs::create_directories(P.DumpStagesDir);
    writeText(P.DumpStagesDir, "opt-pipeline.txt",
              [&](raw_ostream &OS) { OS << Opts.optPipelineText() << "\n"; });
  }

  // The pipeline runs in two parts; between them the module is what the
  // runtime's JIT compiles again for one block size (docs/pipeline.md).
  if (P.Part == PipelinePart::All) {
    P.Part = PipelinePart::Front;
    if (!runKernelPipeline(M, MAM, P, Failed)) {
      Error = "the kernel pipeline reported an error";
      return false;
    }
    if (Opts.EmbedJitBitcode) {
      // Without debug info: diagnostics were reported here, and the JIT's
      // code carries none.
      std::unique_ptr<Module> Copy = CloneModule(M);
      StripDebugInfo(*Copy);
      raw_string_ostream OS(P.JitBitcode);
      WriteBitcodeToFile(*Copy, OS);
      P.JitConfig = Opts.jitConfig();
    }
    P.Part = PipelinePart::Back;
  }
  if (!runKernelPipeline(M, MAM, P, Failed)) {
    Error = "the kernel pipeline reported an error";
    return false;
  }
  if (Opts.RegisterOffloadEntries)
    addOffloadEntryRegistration(M, P.ModuleKey);
  std::string Broken;
  raw_string_ostream BrokenOS(Broken);
  if (verifyModule(M, &BrokenOS)) {
    Error = "the kernel pipeline produced invalid IR: " + Broken.substr(0, 300);
    return false;
  }
  if (!Opts.KeepDebugInfo)
    StripDebugInfo(M);
  if (Opts.BeforeHostOptimization)
    Opts.BeforeHostOptimization(M);
  if (Opts.SharedObject)
    addressThreadLocalsThroughCalls(M);
  setHostFunctionAttributes(M, TM, Opts.FastMath);
  MAM.clear();
  if (Opts.DebugOptimization)
    PB.buildO0DefaultPipeline(OptimizationLevel::O0).run(M, MAM);
  else
    PB.buildPerModuleDefaultPipeline(OptimizationLevel::O3).run(M, MAM);
  if (!P.DumpStagesDir.empty())
    writeText(P.DumpStagesDir, "host-O3.ll", [&](raw_ostream &OS) { M.print(OS, nullptr); });
  return !Failed();
}

namespace {

/// Forwards every diagnostic to the handler it replaces and notes errors.
struct NoteErrors : DiagnosticHandler {
  DiagnosticHandler *Next;
  bool HadError = false;
  explicit NoteErrors(DiagnosticHandler *Next) : Next(Next) {}
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() == DS_Error)
      HadError = true;
    return Next && Next->handleDiagnostics(DI);
  }
  bool isAnalysisRemarkEnabled(StringRef P) const override {
    return Next && Next->isAnalysisRemarkEnabled(P);
  }
  bool isMissedOptRemarkEnabled(StringRef P) const override {
    return Next && Next->isMissedOptRemarkEnabled(P);
  }
  bool isPassedOptRemarkEnabled(StringRef P) const override {
    return Next && Next->isPassedOptRemarkEnabled(P);
  }
  bool isAnyRemarkEnabled() const override { return Next && Next->isAnyRemarkEnabled(); }
};

} // namespace

PreservedAnalyses KernelPipelinePass::run(Module &M, ModuleAnalysisManager &) {
  LLVMContext &Ctx = M.getContext();
  std::string Error;
  std::unique_ptr<TargetMachine> TM =
      createHostTargetMachine(HostTarget::native(), Opts.FastMath, Opts.Fmad, Error);
  if (!TM) {
    Ctx.diagnose(DiagnosticInfoGeneric("loom-kernel-pipeline: no host target: " + Error));
    return PreservedAnalyses::none();
  }
  std::unique_ptr<DiagnosticHandler> Previous = Ctx.getDiagnosticHandler();
  auto Noting = std::make_unique<NoteErrors>(Previous.get());
  NoteErrors *Errors = Noting.get();
  Ctx.setDiagnosticHandler(std::move(Noting));
  bool OK = compileDeviceModule(M, *TM, Opts, [&] { return Errors->HadError; }, Error);
  bool Reported = Errors->HadError;
  Ctx.setDiagnosticHandler(std::move(Previous)); // destroys Errors
  if (!OK && !Reported)
    Ctx.diagnose(DiagnosticInfoGeneric("loom-kernel-pipeline: " + Error));
  return PreservedAnalyses::none();
}

} // namespace loom
