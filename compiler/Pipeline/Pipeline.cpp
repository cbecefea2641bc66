//===- Pipeline.cpp - the kernel pipeline: NVPTX device IR to host code ----===//
// SPDX-License-Identifier: Apache-2.0
//
// Order and why (docs/pipeline.md tells the long story):
//  1. RetargetToHost first: everything after it sees a host module and finds
//     kernels by the "loom-kernel" attribute.
//  1b. TranslateInlinePTX: every inline asm statement becomes IR with PTX's
//     semantics (its warp/barrier instructions the NVVM intrinsics clang
//     emits), before any other pass looks at calls; before the inliner, so
//     an error names the asm statement's own line.
//  2. NVVMIntrinsics: the only NVVM-aware step; later passes see markers.
//     (__forceinline__ header wrappers are inlined just before it, so its
//     errors point at user code.)
//  3. LowerAddressSpaces: one flat address space before any linking, so the
//     device library (host IR) links without address-space mismatches.
//  3b. ManagedVariables: kernels reach __managed__ variables through a
//     pointer the runtime aims at the host's copy.
//  4. LinkDeviceLibrary: __nv_* math from Loom's bitcode library.
//  5. DeviceRuntimeCalls: printf/assert/trap to the runtime.
//  6. InlineDeviceFunctions: markers in device functions reach their kernel;
//     then SROA/EarlyCSE/InstCombine/SimplifyCFG shrink clang's O0-style
//     code so BarrierRegions keeps less state per thread.
//  6c. EliminateBarriers: drop __syncthreads() that order nothing, on the
//     cleaned code (plain loads/stores, SCEV-friendly addresses) and before
//     ThreadLoops turns each barrier into a region (unless disabled).
//  6d. UnrollBarrierLoops: short constant loops that keep a barrier are
//     unrolled, so each iteration's strides and bounds are constants.
//  7. LowerSharedMemory: per-block __shared__ storage.
//  7b. VectorizeKernels: whole-function vectorization across threads; a
//     kernel becomes a gang kernel whose x loop ThreadLoops steps by W.
//  8. ThreadLoops: a kernel becomes a block function (loops over threads).
//  9. KernelEntry: a block-range entry per kernel.
// 10. KernelRegistration: descriptor + constructor; internalize everything.
// The host optimizer (O3, vectorizer) runs after this pipeline.
#include "Pipeline/Pipeline.h"
#include "Pipeline/DeviceCompile.h"

#include "Import/NVVMIntrinsics.h"
#include "Import/TranslateInlinePTX.h"
#include "Transforms/DeferAppends.h"
#include "Transforms/DeviceRuntimeCalls.h"
#include "Transforms/EliminateBarriers.h"
#include "Transforms/GuardMaskedInductions.h"
#include "Transforms/SafeIntegerDivision.h"
#include "Transforms/SpinWaits.h"
#include "Transforms/InstrumentMemory.h"
#include "Transforms/ScalarizeLaneExtracts.h"
#include "Transforms/InlineDeviceFunctions.h"
#include "Transforms/KernelEntry.h"
#include "Transforms/KernelRegistration.h"
#include "Transforms/LowerAddressSpaces.h"
#include "Transforms/LowerSharedMemory.h"
#include "Transforms/ManagedVariables.h"
#include "Transforms/RetargetToHost.h"
#include "Transforms/SpecializeLaunch.h"
#include "Transforms/ThreadLoops.h"
#include "Transforms/UnrollBarrierLoops.h"
#include "Transforms/VectorizeKernels.h"
#include "Analysis/Uniformity.h"

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/IPO/FunctionAttrs.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;

namespace loom {

PreservedAnalyses LinkDeviceLibraryPass::run(Module &M, ModuleAnalysisManager &) {
  if (Path.empty())
    return PreservedAnalyses::all();
  SMDiagnostic Err;
  std::unique_ptr<Module> Lib = parseIRFile(Path, Err, M.getContext());
  if (!Lib) {
    M.getContext().diagnose(DiagnosticInfoGeneric(
        "cannot read Loom's device library '" + Path + "': " + Err.getMessage(),
        DS_Error));
    return PreservedAnalyses::all();
  }
  Lib->setTargetTriple(M.getTargetTriple());
  Lib->setDataLayout(M.getDataLayout());
  for (Function &F : *Lib) {
    // The host CPU is chosen when the whole module is optimized.
    F.removeFnAttr("target-cpu");
    F.removeFnAttr("target-features");
    F.removeFnAttr("tune-cpu");
  }
  Linker::linkModules(M, std::move(Lib), Linker::LinkOnlyNeeded);
  return PreservedAnalyses::none();
}

namespace {

/// The pipeline, stage by stage; \p Add receives each pass.
/// SROA, EarlyCSE, InstCombine, SimplifyCFG on every function.
template <typename AddFn> void addCleanup(AddFn &Add) {
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass());
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  Add(createModuleToFunctionPassAdaptor(std::move(FPM)));
}

template <typename AddFn> void forEachStage(const PipelineOptions &Opts, AddFn Add) {
  bool Front = Opts.Part != PipelinePart::Back;
  bool Back = Opts.Part != PipelinePart::Front;
  if (Front) {
    Add(RetargetToHostPass(Opts.Triple, Opts.DataLayout));
    // Inline PTX first: later passes see its meaning as plain IR and NVVM
    // intrinsics; an unknown instruction is reported at the asm's own line.
    Add(TranslateInlinePTXPass());
    // CUDA's header wrappers are __forceinline__: inline them first so that an
    // unsupported intrinsic inside one is reported at the user's call.
    Add(AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/false));
    Add(NVVMIntrinsicsPass());
    Add(LowerAddressSpacesPass());
    Add(ManagedVariablesPass());
    Add(LinkDeviceLibraryPass(Opts.DeviceLibraryPath));
    Add(DeviceRuntimeCallsPass());
    Add(InlineDeviceFunctionsPass());
    // loomcc -memcheck / -racecheck: every access checked at run time.
    // Before the cleanup, which would speculate a conditional load of a
    // __shared__ variable into every thread (a call it cannot move keeps
    // each access where the source put it); in the front half, so the JIT's
    // bitcode is instrumented too.
    if (Opts.Memcheck || Opts.Racecheck)
      Add(InstrumentMemoryPass(Opts.Memcheck, Opts.Racecheck));
    // Clean up clang's unoptimized code before regions are formed, so that
    // fewer values look live across barriers.
    addCleanup(Add);
    // Integer / and % never trap (x86's div does on 0 and INT_MIN / -1);
    // after the cleanup, so constant divisors are seen as such.
    Add(createModuleToFunctionPassAdaptor(SafeIntegerDivisionPass()));
  }
  if (!Back)
    return;
  // Launch-time specialization: blockDim becomes constants, folded before
  // barrier elimination and the vectorizer look at the code.
  if (Opts.BlockDim) {
    Add(SpecializeLaunchPass(*Opts.BlockDim));
    addCleanup(Add);
  }
  // Fewer barriers, fewer regions; needs the cleaned-up addresses above, and
  // the memory effects of the device functions still called (a helper that
  // only reads its by-value struct argument orders nothing): inferred here.
  if (Opts.EliminateBarriers) {
    Add(createModuleToPostOrderCGSCCPassAdaptor(PostOrderFunctionAttrsPass()));
    Add(EliminateBarriersPass());
  }
  // Short constant loops that keep a barrier: constant strides and bounds
  // per iteration for the vectorizer (docs/pipeline.md).
  if (Opts.UnrollBarrierLoops) {
    FunctionPassManager FPM;
    FPM.addPass(UnrollBarrierLoopsPass());
    FPM.addPass(InstCombinePass());
    FPM.addPass(SimplifyCFGPass());
    Add(createModuleToFunctionPassAdaptor(std::move(FPM)));
  }
  // Loops that wait for other threads get yield points (and their kernels
  // stay scalar); after the barrier passes, which need not know them.
  Add(SpinWaitsPass());
  // Appends through a global counter go to per-worker buffers; before the
  // vectorizer, which gives a gang one reservation and a compress-store.
  if (Opts.DeferAppends)
    Add(DeferAppendsPass());
  Add(LowerSharedMemoryPass());
  // Kernels become gang kernels (W threads in SIMD registers) before the
  // loops over threads are built.
  if (Opts.VectorizeKernels)
    Add(VectorizeKernelsPass(Opts.VectorWidth, Opts.GridStrideSteps, Opts.AggregateAtomics,
                             Opts.BlockAtomics, Opts.FullGangLoops));
  Add(ThreadLoopsPass(Opts.UniformRegions, Opts.RowWalks));
  Add(KernelEntryPass());
  RegistrationOptions Reg;
  Reg.ModuleKey = Opts.ModuleKey;
  Reg.JitBitcode = Opts.JitBitcode;
  Reg.JitConfig = Opts.JitConfig;
  Reg.ForJit = Opts.ForJit;
  Add(KernelRegistrationPass(std::move(Reg)));
}

} // namespace

TargetOptions hostTargetOptions(bool FastMath, bool Fmad) {
  TargetOptions Opts;
  // CUDA contracts a*b+c into FMA by default (nvcc -fmad=true).
  Opts.AllowFPOpFusion = Fmad ? FPOpFusion::Fast : FPOpFusion::Standard;
  if (FastMath)
    Opts.NoSignedZerosFPMath = true;
  return Opts;
}

std::string JitConfig::str() const {
  std::string S = "width=" + std::to_string(VectorWidth) +
                  ";fast-math=" + std::to_string(FastMath) +
                  ";fmad=" + std::to_string(Fmad) +
                  ";loop-vectorize=" + std::to_string(LoopVectorize);
  for (const CodegenSwitchName &Sw : CodegenSwitchNames)
    S += std::string(";") + Sw.Name + "=" + std::to_string(this->*Sw.Member);
  return S;
}

std::optional<JitConfig> JitConfig::parse(StringRef Text) {
  JitConfig C;
  SmallVector<StringRef, 8> Items;
  Text.split(Items, ';', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    auto [Key, Value] = Item.split('=');
    unsigned N = 0;
    if (Value.getAsInteger(10, N))
      return std::nullopt;
    auto Flag = [&](bool &Out) {
      if (N > 1)
        return false;
      Out = N;
      return true;
    };
    bool CodegenSwitches::*Switch = findCodegenSwitch(Key.str());
    bool OK = Switch                    ? Flag(C.*Switch)
              : Key == "fast-math"      ? Flag(C.FastMath)
              : Key == "fmad"           ? Flag(C.Fmad)
              : Key == "loop-vectorize" ? Flag(C.LoopVectorize)
              : Key == "width"          ? (C.VectorWidth = N, N <= 64)
                                        : false;
    if (!OK)
      return std::nullopt;
  }
  return C;
}

void addKernelPipeline(ModulePassManager &MPM, const PipelineOptions &Opts) {
  forEachStage(Opts, [&](auto &&Pass) { MPM.addPass(std::move(Pass)); });
}

namespace {

/// Writes \p M to <Dir>/<Part>-<NN>-<Stage>.ll (--loom-dump-stages).
void dumpStage(const Module &M, const PipelineOptions &Opts, unsigned Index,
               StringRef Stage) {
  const char *Part = Opts.Part == PipelinePart::Front  ? "front"
                     : Opts.Part == PipelinePart::Back ? "back"
                                                       : "all";
  std::string Name; // "function(A,B)" -> "function-A-B"
  for (char C : Stage.str()) {
    char Out = isAlnum(C) || C == '_' ? C : '-';
    if (Out != '-' || (!Name.empty() && Name.back() != '-'))
      Name += Out;
  }
  while (!Name.empty() && Name.back() == '-')
    Name.pop_back();
  SmallString<128> Path(Opts.DumpStagesDir);
  sys::path::append(Path, formatv("{0}-{1:2}-{2}.ll", Part, Index, Name).str());
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC) {
    M.getContext().diagnose(DiagnosticInfoGeneric(
        Twine("loom: cannot write stage dump '") + Path + "': " + EC.message(), DS_Warning));
    return;
  }
  M.print(OS, nullptr);
}

/// A stage's name for dumps: its pass pipeline text without namespaces,
/// "Pass" suffixes and pass parameters ("<...>"), e.g.
/// "function(UnrollBarrierLoops,InstCombine,SimplifyCFG)".
std::string stageName(ModulePassManager &Stage) {
  std::string Text;
  raw_string_ostream OS(Text);
  Stage.printPipeline(OS, [](StringRef ClassName) { return ClassName; });
  std::string Out;
  StringRef Rest = Text;
  unsigned Depth = 0; // inside <...>
  while (!Rest.empty()) {
    if (Rest.consume_front("<")) {
      ++Depth;
      continue;
    }
    if (Depth && Rest.consume_front(">")) {
      --Depth;
      continue;
    }
    if (Depth || Rest.consume_front("loom::") || Rest.consume_front("llvm::")) {
      if (Depth)
        Rest = Rest.drop_front();
      continue;
    }
    if (Rest.starts_with("Pass") && (Rest.size() == 4 || !isAlnum(Rest[4]))) {
      Rest = Rest.drop_front(4);
      continue;
    }
    Out += Rest.front();
    Rest = Rest.drop_front();
  }
  return Out.size() > 72 ? Out.substr(0, 72) : Out;
}

} // namespace

bool runKernelPipeline(Module &M, ModuleAnalysisManager &MAM,
                       const PipelineOptions &Opts, function_ref<bool()> Failed) {
  bool OK = true;
  unsigned Index = 0;
  bool Dump = !Opts.DumpStagesDir.empty();
  if (Dump) {
    sys::fs::create_directories(Opts.DumpStagesDir);
    dumpStage(M, Opts, Index++, "input");
  }
  forEachStage(Opts, [&](auto &&Pass) {
    if (!OK)
      return;
    ModulePassManager Stage;
    Stage.addPass(std::move(Pass));
    std::string Name = Dump ? stageName(Stage) : "";
    Stage.run(M, MAM);
    OK = !Failed();
    if (Dump)
      dumpStage(M, Opts, Index++, Name);
  });
  return OK;
}

void registerHostPipelineCallbacks(PassBuilder &PB) {
  // LLVM 22's vectorizer miscompiles `tab[iv & 3]` (GuardMaskedInductions.h).
  PB.registerVectorizerStartEPCallback([](FunctionPassManager &FPM, OptimizationLevel) {
    FPM.addPass(GuardMaskedInductionsPass());
  });
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(createModuleToFunctionPassAdaptor(ScalarizeLaneExtractsPass()));
      });
}

void registerLoomPasses(PassBuilder &PB) {
  PB.registerAnalysisRegistrationCallback([](FunctionAnalysisManager &FAM) {
    FAM.registerPass([] { return UniformityAnalysis(); });
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define LOOM_MODULE_PASS(NAME, CREATE)                                         \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE);                                                       \
    return true;                                                               \
  }
#include "Pipeline/Passes.def"
        // loom-link-device-library<path/to/libdevice.bc>
        if (Name.consume_front("loom-link-device-library")) {
          if (!Name.empty() && !(Name.consume_front("<") && Name.consume_back(">")))
            return false;
          MPM.addPass(LinkDeviceLibraryPass(Name.str()));
          return true;
        }
        // Loom's passes in pipeline order, without the host half.
        if (Name == "loom-kernel-passes") {
          addKernelPipeline(MPM, PipelineOptions());
          return true;
        }
        // What loomcc runs (DeviceCompile.h): loom-kernel-pipeline, or
        // loom-kernel-pipeline<key=value;...> as loomcc writes it to
        // opt-pipeline.txt beside its --loom-dump-stages files.
        if (Name.consume_front("loom-kernel-pipeline")) {
          if (!Name.empty() && !(Name.consume_front("<") && Name.consume_back(">")))
            return false;
          std::optional<DeviceCompileOptions> Opts = DeviceCompileOptions::parse(Name);
          if (!Opts)
            return false;
          MPM.addPass(KernelPipelinePass(std::move(*Opts)));
          return true;
        }
        return false;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define LOOM_FUNCTION_PASS(NAME, CREATE)                                       \
  if (Name == NAME) {                                                          \
    FPM.addPass(CREATE);                                                       \
    return true;                                                               \
  }
#include "Pipeline/Passes.def"
        if (Name == "print<loom-uniformity>") {
          FPM.addPass(UniformityPrinterPass(outs()));
          return true;
        }
        return false;
      });
}

} // namespace loom
