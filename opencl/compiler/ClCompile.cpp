// ClCompile.cpp - loom-clc: an OpenCL C program compiled to a shared object of Loom kernels.
// SPDX-License-Identifier: Apache-2.0
//
// libLoomOpenCL runs this helper for clBuildProgram, in its own process (as
// libloomrt runs loom-jit-compile), so that no LLVM runs inside the OpenCL
// application, which may hold other OpenCL platforms with their own LLVM
// (docs/decisions/0004-opencl-front-end.md). It
//  1. runs clang 22 on the source as OpenCL C for nvptx64 (the target whose
//     work-item functions and barriers Loom's kernel pipeline imports);
//     clang's diagnostics are the build log (file:line:column);
//  2. links Loom's work-item library (opencl/lib/workitem.cl: the global
//     offset and work dimension), its image and sub-group libraries
//     (opencl/lib/images.cl, subgroups.cl) and then libclc's nvptx library (the rest
//     of OpenCL's built-in functions; its math calls libdevice's __nv_*,
//     which Loom's device library implements);
//  3. gives every kernel its launch ABI: each __local pointer argument
//     becomes a byte offset into the launch's dynamic local memory, and four
//     hidden arguments carry the global offset and the work dimension;
//  4. runs Loom's kernel pipeline and the host optimizer (as loomcc does),
//     emits an object and links it as a shared object whose constructor
//     registers the module with libloomrt under the key it was given;
//  5. writes the manifest the library reads: kernels and their arguments.
//
// Usage: loom-clc --source=<file.cl> --output=<file.so> --manifest=<file>
//                 --key=<module key> [--options=<OpenCL build options>]
//                 [--dump-abi=<file.ll>: the module after step 3, for tests]
//                 [--dump-stages=<dir>: every pipeline stage, as loomcc's]
//        loom-clc --source=<file.cl> --output=<file.bc> --compile-only: step 1
//                 only (clCompileProgram's compiled object: the front end's bitcode)
//        loom-clc --link=<a.bc>,<b.bc>... (compiled objects or libraries) and
//                 either --output=<file.so> --manifest --key (clLinkProgram's
//                 executable: steps 2-5 on the linked module) or
//                 --output=<file.bc> --create-library (the linked bitcode)
// Exit status: 0 built; 1 the program failed to build (the log on stderr
// says why); 2 the build options are invalid (CL_INVALID_BUILD_OPTIONS).
#include "Coarsen.h"
#include "ImplicitBarriers.h"
#include "Layout.h"
#include "Pipeline/DeviceCompile.h"
#include "Pipeline/Pipeline.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <cstdlib>
#include <map>
#include <string>
#include <vector>

using namespace llvm;
using loomcl::CoarsenPlan;
using loomcl::analyzeCoarsening;
using loomcl::coarsenKernel;
using loomcl::LayoutField;
using loomcl::LayoutPlan;
using loomcl::analyzeLayouts;
using loomcl::applyLayout;

namespace {

constexpr int ExitBuildFailed = 1;
constexpr int ExitInvalidOptions = 2;

/// The helper's own installation: lib/loom/loom-clc, next to libdevice.bc
/// and opencl-workitem.bc; libloomrt one folder up.
std::string selfDir(const char *Argv0) {
  std::string Exe = sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&selfDir));
  return sys::path::parent_path(Exe).str();
}

struct BuildOptions {
  std::vector<std::string> ClangArgs;
  bool FastMath = false;
  bool Fmad = true;
  /// -loom-noalias (libLoomOpenCL's enqueue-time specialization, never an
  /// application's option): every buffer argument is noalias.
  bool NoAlias = false;
  /// -loom-uniform=<kernel>:<argument index>:<value> (enqueue-time
  /// specialization of uniform scalar arguments, never an application's
  /// option): the argument's uses become the constant (its bits, as an
  /// unsigned number); the parameter stays, so the launch ABI is the same.
  std::map<std::string, std::map<unsigned, uint64_t>> Uniform;
  /// -loom-coarsen=<kernel>:<dimension>:<factor> (enqueue-time thread
  /// coarsening, Coarsen.cpp; never an application's option).
  std::map<std::string, std::pair<unsigned, unsigned>> Coarsen;
  /// -loom-layout=<kernel>:<argument>:<stride>:<offset>/<width>[,...]
  /// (enqueue-time data-layout transformation, Layout.cpp; never an
  /// application's option): the argument is the structure of arrays copy.
  std::map<std::string, std::vector<LayoutPlan>> Layout;
};

/// Splits an OpenCL options string at blanks; double quotes group.
std::vector<std::string> splitOptions(StringRef Text) {
  std::vector<std::string> Out;
  std::string Cur;
  bool InQuote = false, Any = false;
  for (char C : Text) {
    if (C == '"') {
      InQuote = !InQuote;
      Any = true;
    } else if (!InQuote && (C == ' ' || C == '\t' || C == '\n')) {
      if (Any || !Cur.empty())
        Out.push_back(Cur);
      Cur.clear();
      Any = false;
    } else {
      Cur += C;
    }
  }
  if (Any || !Cur.empty())
    Out.push_back(Cur);
  return Out;
}

/// OpenCL's build options (clBuildProgram, section 5.8.6 of the API spec)
/// as clang -cc1 arguments; false (with \p Why) for one Loom does not know.
bool translateOptions(StringRef Text, BuildOptions &B, std::string &Why) {
  std::vector<std::string> Words = splitOptions(Text);
  std::string Std = "CL1.2";
  for (size_t I = 0; I < Words.size(); ++I) {
    StringRef W = Words[I];
    auto Value = [&](StringRef Opt, std::string &Out) {
      if (W.size() > Opt.size()) {
        Out = W.substr(Opt.size()).str();
        return true;
      }
      if (I + 1 >= Words.size()) {
        Why = "option '" + Opt.str() + "' needs a value";
        return false;
      }
      Out = Words[++I];
      return true;
    };
    std::string V;
    if (W.starts_with("-D")) {
      if (!Value("-D", V))
        return false;
      B.ClangArgs.push_back("-D" + V);
    } else if (W.starts_with("-I")) {
      if (!Value("-I", V))
        return false;
      SmallString<256> Abs(V);
      sys::fs::make_absolute(Abs);
      B.ClangArgs.push_back("-I" + Abs.str().str());
    } else if (W.starts_with("-cl-std=")) {
      Std = W.substr(8).str();
      if (Std != "CL1.0" && Std != "CL1.1" && Std != "CL1.2" && Std != "CL2.0" &&
          Std != "CL3.0") {
        Why = "unknown OpenCL C version in '" + W.str() + "'";
        return false;
      }
    } else if (W == "-cl-fast-relaxed-math") {
      B.FastMath = true;
      B.ClangArgs.push_back("-cl-fast-relaxed-math");
    } else if (W == "-cl-mad-enable" || W == "-cl-no-signed-zeros" ||
               W == "-cl-unsafe-math-optimizations" || W == "-cl-finite-math-only" ||
               W == "-cl-single-precision-constant" || W == "-cl-denorms-are-zero" ||
               W == "-cl-fp32-correctly-rounded-divide-sqrt" ||
               W == "-cl-uniform-work-group-size") {
      B.ClangArgs.push_back(W.str());
    } else if (W == "-loom-noalias") {
      B.NoAlias = true;
    } else if (W.starts_with("-loom-uniform=")) {
      SmallVector<StringRef, 3> Parts;
      W.substr(14).split(Parts, ':');
      unsigned Index;
      uint64_t Bits;
      if (Parts.size() != 3 || Parts[0].empty() || Parts[1].getAsInteger(10, Index) ||
          Parts[2].getAsInteger(10, Bits)) {
        Why = "malformed option '" + W.str() + "'";
        return false;
      }
      B.Uniform[Parts[0].str()][Index] = Bits;
    } else if (W.starts_with("-loom-coarsen=")) {
      SmallVector<StringRef, 3> Parts;
      W.substr(14).split(Parts, ':');
      unsigned Dim, Factor;
      if (Parts.size() != 3 || Parts[0].empty() || Parts[1].getAsInteger(10, Dim) || Dim > 2 ||
          Parts[2].getAsInteger(10, Factor) || Factor < 2 || Factor > 64) {
        Why = "malformed option '" + W.str() + "'";
        return false;
      }
      B.Coarsen[Parts[0].str()] = {Dim, Factor};
    } else if (W.starts_with("-loom-layout=")) {
      SmallVector<StringRef, 4> Parts;
      W.substr(13).split(Parts, ':');
      LayoutPlan P;
      bool Ok = Parts.size() == 4 && !Parts[0].empty() && !Parts[1].getAsInteger(10, P.Arg) &&
                !Parts[2].getAsInteger(10, P.Stride) && P.Stride;
      SmallVector<StringRef, 8> Fields;
      if (Ok)
        Parts[3].split(Fields, ',');
      for (StringRef F : Fields) {
        auto [Off, Width] = F.split('/');
        LayoutField LF;
        Ok = Ok && !Off.getAsInteger(10, LF.Offset) && !Width.getAsInteger(10, LF.Width) &&
             LF.Width && LF.Offset + LF.Width <= P.Stride;
        P.Fields.push_back(LF);
      }
      if (!Ok) {
        Why = "malformed option '" + W.str() + "'";
        return false;
      }
      B.Layout[Parts[0].str()].push_back(std::move(P));
    } else if (W == "-cl-opt-disable" || W == "-cl-strict-aliasing" ||
               W == "-cl-no-subgroup-ifp" || W == "-cl-kernel-arg-info" || W == "-g") {
      // Accepted: kernels are always optimized (a CPU runs them as
      // vectorized loops) and argument information is always kept.
    } else if (W == "-w" || W == "-Werror") {
      B.ClangArgs.push_back(W.str());
    } else {
      Why = "unknown build option '" + W.str() + "'";
      return false;
    }
  }
  B.ClangArgs.push_back("-cl-std=" + Std);
  return true;
}

/// Pipeline and back-end diagnostics go to the build log.
struct LogDiagnostics : DiagnosticHandler {
  bool HadError = false;
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() == DS_Remark || DI.getSeverity() == DS_Note)
      return true;
    if (DI.getSeverity() == DS_Error)
      HadError = true;
    std::string Msg;
    raw_string_ostream OS(Msg);
    const char *Sev = DI.getSeverity() == DS_Error ? "error" : "warning";
    if (auto *U = dyn_cast<DiagnosticInfoUnsupported>(&DI)) {
      const DiagnosticLocation &Loc = U->getLocation();
      if (Loc.isValid())
        OS << Loc.getRelativePath() << ":" << Loc.getLine() << ":" << Loc.getColumn() << ": ";
      OS << Sev << ": " << U->getMessage();
    } else {
      OS << Sev << ": ";
      DiagnosticPrinterRawOStream DP(OS);
      DI.print(DP);
    }
    errs() << Msg << "\n";
    return true;
  }
};

std::unique_ptr<Module> readBitcode(const std::string &Path, LLVMContext &Ctx) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
  if (!M)
    Err.print("loom-clc", errs());
  return M;
}

bool isKernel(const Function &F) {
  return !F.isDeclaration() && F.getCallingConv() == CallingConv::PTX_Kernel;
}

/// The string operand \p I of a kernel's !kernel_arg_* metadata \p Kind.
std::string argMetadata(const Function &F, StringRef Kind, unsigned I) {
  if (MDNode *N = F.getMetadata(Kind))
    if (I < N->getNumOperands())
      if (auto *S = dyn_cast_or_null<MDString>(N->getOperand(I)))
        return S->getString().str();
  return "";
}

/// OpenCL's printf as the CUDA device printf Loom's runtime implements
/// (vprintf: the format and a buffer holding each argument at its natural
/// alignment; floats arrive promoted to double by the varargs rules).
/// OpenCL's vector conversions (%v4f) have no CUDA counterpart: reported.
bool lowerPrintf(Module &M) {
  Function *Printf = M.getFunction("printf");
  if (!Printf || !Printf->isVarArg())
    return true;
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  PointerType *Ptr = PointerType::get(Ctx, 0);
  FunctionCallee VPrintf =
      M.getOrInsertFunction("vprintf", FunctionType::get(Type::getInt32Ty(Ctx), {Ptr, Ptr}, false));
  bool Ok = true;
  for (User *U : make_early_inc_range(Printf->users())) {
    auto *CB = dyn_cast<CallBase>(U);
    if (!CB || CB->getCalledFunction() != Printf)
      continue;
    auto Report = [&](StringRef Why) {
      if (const DebugLoc &Loc = CB->getDebugLoc())
        errs() << Loc->getFilename() << ":" << Loc.getLine() << ":" << Loc.getCol() << ": ";
      errs() << "error: " << Why << "\n";
      Ok = false;
    };
    Value *Format = CB->getArgOperand(0)->stripPointerCasts();
    if (auto *GV = dyn_cast<GlobalVariable>(Format); GV && GV->hasInitializer())
      if (auto *CDS = dyn_cast<ConstantDataSequential>(GV->getInitializer());
          CDS && CDS->isString() && CDS->getAsString().contains("%v")) {
        Report("printf with vector conversions (%v) is not supported by Loom yet");
        continue;
      }
    SmallVector<Type *, 8> Types;
    SmallVector<Value *, 8> Values;
    IRBuilder<> B(CB);
    for (unsigned I = 1; I < CB->arg_size(); ++I) {
      Value *V = CB->getArgOperand(I);
      if (V->getType()->isVectorTy()) {
        Report("printf of a vector argument is not supported by Loom yet");
        break;
      }
      if (V->getType()->isPointerTy())
        V = B.CreateAddrSpaceCast(V, Ptr);
      Types.push_back(V->getType());
      Values.push_back(V);
    }
    if (Values.size() + 1 != CB->arg_size())
      continue;
    Value *Buffer = ConstantPointerNull::get(Ptr);
    if (!Types.empty()) {
      StructType *ST = StructType::get(Ctx, Types);
      IRBuilder<> Entry(&*CB->getFunction()->getEntryBlock().getFirstInsertionPt());
      AllocaInst *A = Entry.CreateAlloca(ST, DL.getAllocaAddrSpace(), nullptr, "printf.args");
      for (unsigned I = 0; I < Values.size(); ++I)
        B.CreateStore(Values[I], B.CreateStructGEP(ST, A, I));
      Buffer = B.CreateAddrSpaceCast(A, Ptr);
    }
    Value *R = B.CreateCall(VPrintf, {B.CreateAddrSpaceCast(CB->getArgOperand(0), Ptr), Buffer});
    // OpenCL's printf returns 0 on success, -1 on failure.
    R = B.CreateSelect(B.CreateICmpSLT(R, B.getInt32(0)), B.getInt32(-1), B.getInt32(0));
    CB->replaceAllUsesWith(R);
    CB->eraseFromParent();
  }
  if (Printf->use_empty())
    Printf->eraseFromParent();
  return Ok;
}

/// Replaces the image library's placeholders (opencl/lib/images.cl) with
/// the values they stand for: __loom_cl_image(img) is the image argument
/// itself (the address of its descriptor), __loom_cl_sampler(s) and clang's
/// __translate_sampler_initializer (a sampler literal) convert between a
/// sampler and its bits.
void lowerImagePlaceholders(Module &M) {
  LLVMContext &Ctx = M.getContext();
  for (Function &F : make_early_inc_range(M)) {
    StringRef Name = F.getName();
    bool Image = Name.starts_with("_Z15__loom_cl_image");
    bool Sampler = Name == "__loom_cl_sampler";
    bool Literal = Name == "__translate_sampler_initializer";
    if (!F.isDeclaration() || !(Image || Sampler || Literal))
      continue;
    for (User *U : make_early_inc_range(F.users())) {
      auto *CB = dyn_cast<CallBase>(U);
      if (!CB || CB->getCalledFunction() != &F || CB->arg_size() != 1)
        continue;
      IRBuilder<> B(CB);
      Value *Arg = CB->getArgOperand(0), *R;
      if (Image)
        R = B.CreatePointerBitCastOrAddrSpaceCast(Arg, CB->getType());
      else if (Sampler)
        R = B.CreateTrunc(B.CreatePtrToInt(Arg, Type::getInt64Ty(Ctx)), CB->getType());
      else
        R = B.CreateIntToPtr(B.CreateZExt(Arg, Type::getInt64Ty(Ctx)), CB->getType());
      CB->replaceAllUsesWith(R);
      CB->eraseFromParent();
    }
    if (F.use_empty())
      F.eraseFromParent();
  }
}

/// Inlines every function into the kernels and deletes it: Loom's pipeline
/// takes kernels whose only calls are of intrinsics and of the device
/// library, with flat pointers (LowerAddressSpaces refuses functions that
/// pass address-space-qualified pointers), and the hidden-argument
/// placeholders must end up in kernels. OpenCL C has no recursion, so this
/// always ends; a call that is left is reported.
bool inlineIntoKernels(Module &M) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    SmallVector<CallBase *, 32> Calls;
    for (Function &F : M)
      for (Instruction &I : instructions(F))
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (Function *Callee = CB->getCalledFunction();
              Callee && !Callee->isDeclaration() && Callee != &F)
            Calls.push_back(CB);
    for (CallBase *CB : Calls) {
      InlineFunctionInfo IFI;
      if (InlineFunction(*CB, IFI).isSuccess())
        Changed = true;
    }
  }
  for (Function &F : make_early_inc_range(M)) {
    if (isKernel(F) || F.isIntrinsic())
      continue;
    F.removeDeadConstantUsers();
    if (F.use_empty()) {
      F.eraseFromParent();
      continue;
    }
    if (!F.isDeclaration()) {
      errs() << "error: function '" << F.getName()
             << "' is recursive or called indirectly; OpenCL C allows neither\n";
      return false;
    }
    // Loom's device library (__nv_*) and the placeholders are resolved
    // later; anything else has no implementation.
    if (F.getName().starts_with("__nv_") || F.getName().starts_with("__loom_cl_") ||
        F.getName() == "vprintf" || F.getName() == "__loom_tex_fetch")
      continue;
    for (User *U : F.users())
      if (auto *I = dyn_cast<Instruction>(U)) {
        if (const DebugLoc &DL = I->getDebugLoc())
          errs() << DL->getFilename() << ":" << DL.getLine() << ":" << DL.getCol() << ": ";
        break;
      }
    // A function of the program that no linked program defines, or a
    // built-in function Loom's library lacks (64-bit atomics, ...).
    errs() << "error: function '" << demangle(F.getName()) << "' is not defined (neither by "
           << "the program nor by Loom's OpenCL library, which does not support it yet)\n";
    return false;
  }
  return true;
}

struct ArgInfo {
  enum Kind { Value = 0, Global = 1, Constant = 2, Local = 3, Image = 4, Sampler = 5 } K;
  uint64_t Size;
  std::string AddressQualifier, AccessQualifier, TypeName, TypeQualifier, Name;
};

struct KernelInfo {
  std::string Name;
  std::vector<ArgInfo> Args;
  unsigned Reqd[3] = {0, 0, 0};
  uint64_t StaticLocalBytes = 0; // __local variables the kernel declares
  /// Integer scalar arguments whose constant value would pay (argument
  /// index, what it feeds): candidates for -loom-uniform.
  std::vector<std::pair<unsigned, std::string>> Uniform;
  bool Barrier = false; // the kernel synchronizes its work-group
  CoarsenPlan Coarsen;   // where coarsening would pay (Coarsen.cpp)
  std::vector<LayoutPlan> Layouts; // array-of-structures arguments (Layout.cpp)
};

/// Where an integer scalar argument's value goes, followed through
/// arithmetic, casts, selects, phis and (clang's -O0 code keeps arguments
/// in allocas) stores to and loads from local variables. A value that
/// decides a conditional branch (a loop bound, an if), multiplies into or
/// indexes an address (a stride, a row width) pays to be a constant: the
/// loop gets a known trip count and can be unrolled or vectorized without
/// a remainder check, the branch folds, the multiply becomes shifts or an
/// immediate. Empty when it only flows into stored data or a call.
std::string uniformPays(Argument &A) {
  if (!A.getType()->isIntegerTy())
    return "";
  bool Branch = false, Address = false, Stride = false;
  SmallVector<Value *, 16> Work{&A};
  SmallPtrSet<Value *, 32> Seen{&A};
  auto Push = [&](Value *V) {
    if (Seen.insert(V).second)
      Work.push_back(V);
  };
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (User *U : V->users()) {
      if (auto *St = dyn_cast<StoreInst>(U)) {
        if (St->getValueOperand() != V)
          continue;
        if (auto *Slot = dyn_cast<AllocaInst>(St->getPointerOperand()->stripPointerCasts()))
          for (User *SU : Slot->users())
            if (auto *L = dyn_cast<LoadInst>(SU))
              Push(L);
      } else if (auto *Cmp = dyn_cast<CmpInst>(U)) {
        for (User *CU : Cmp->users())
          if (isa<BranchInst>(CU) || isa<SelectInst>(CU))
            Branch = true;
        Push(Cmp);
      } else if (isa<GetElementPtrInst>(U)) {
        Address = true;
      } else if (auto *BO = dyn_cast<BinaryOperator>(U)) {
        if (BO->getOpcode() == Instruction::Mul || BO->getOpcode() == Instruction::Shl)
          Stride = true;
        Push(BO);
      } else if (isa<CastInst>(U) || isa<SelectInst>(U) || isa<PHINode>(U)) {
        Push(U);
      } else if (auto *Br = dyn_cast<BranchInst>(U)) {
        (void)Br;
        Branch = true;
      }
    }
  }
  std::string Why;
  for (auto [On, Name] : {std::pair{Branch, "branch"}, {Stride, "multiplier"}, {Address, "address"}})
    if (On)
      Why += (Why.empty() ? "" : ",") + std::string(Name);
  return Why;
}

/// Rewrites kernel \p K to Loom's OpenCL launch ABI (see the file comment)
/// and records its arguments. False with a log message for an argument
/// kind Loom does not support yet.
bool lowerKernel(Function *K, std::vector<KernelInfo> &Kernels, const BuildOptions &Opts) {
  bool NoAlias = Opts.NoAlias;
  Module &M = *K->getParent();
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  KernelInfo Info;
  Info.Name = K->getName().str();
  if (MDNode *R = K->getMetadata("reqd_work_group_size"))
    for (unsigned I = 0; I < 3 && I < R->getNumOperands(); ++I)
      if (auto *C = mdconst::dyn_extract<ConstantInt>(R->getOperand(I)))
        Info.Reqd[I] = C->getZExtValue();

  // Static __local variables (address space 3, defined) the kernel uses.
  for (GlobalVariable &GV : M.globals())
    if (GV.getAddressSpace() == 3 && !GV.isDeclaration() &&
        any_of(GV.users(), [&](User *U) {
          auto *I = dyn_cast<Instruction>(U);
          return I ? I->getFunction() == K : !isa<GlobalValue>(U);
        }))
      Info.StaticLocalBytes += DL.getTypeAllocSize(GV.getValueType());

  SmallVector<Type *, 8> Params;
  for (Argument &A : K->args()) {
    ArgInfo AI;
    AI.AddressQualifier = argMetadata(*K, "kernel_arg_addr_space", A.getArgNo());
    AI.AccessQualifier = argMetadata(*K, "kernel_arg_access_qual", A.getArgNo());
    AI.TypeName = argMetadata(*K, "kernel_arg_type", A.getArgNo());
    AI.TypeQualifier = argMetadata(*K, "kernel_arg_type_qual", A.getArgNo());
    AI.Name = argMetadata(*K, "kernel_arg_name", A.getArgNo());
    std::string BaseName = argMetadata(*K, "kernel_arg_base_type", A.getArgNo());
    StringRef Base = BaseName;
    bool Pipe = StringRef(AI.TypeQualifier).contains("pipe");
    if (Pipe || Base.contains("queue_t") || Base.contains("depth") || Base.contains("msaa")) {
      errs() << "error: kernel '" << Info.Name << "': argument '" << AI.Name << "' of type '"
             << (Pipe ? "pipe " : "") << Base << "': pipes, device queues and depth or multisample images are not "
             << "supported by Loom yet\n";
      return false;
    }
    Type *T = A.getType();
    bool IsImage = Base.starts_with("image"), IsSampler = Base == "sampler_t";
    if (IsImage || IsSampler) {
      // An image is the address of its LoomClImage descriptor, a sampler
      // its bits (opencl/lib/image_abi.h): both travel as a flat pointer.
      AI.K = IsImage ? ArgInfo::Image : ArgInfo::Sampler;
      AI.Size = 8;
    } else if (auto *PT = dyn_cast<PointerType>(T)) {
      unsigned AS = PT->getAddressSpace();
      AI.K = AS == 3 ? ArgInfo::Local : AS == 4 ? ArgInfo::Constant : ArgInfo::Global;
      if (A.hasByValAttr()) {
        AI.K = ArgInfo::Value;
        AI.Size = DL.getTypeAllocSize(A.getParamByValType());
      } else {
        AI.Size = 8;
      }
      if (AI.K == ArgInfo::Local) {
        Params.push_back(Type::getInt64Ty(Ctx));
        Info.Args.push_back(AI);
        continue;
      }
    } else {
      AI.K = ArgInfo::Value;
      AI.Size = DL.getTypeAllocSize(T);
    }
    // Pointers travel flat (address space 0); the body casts them back.
    Params.push_back(isa<PointerType>(T) ? PointerType::get(Ctx, 0) : T);
    Info.Args.push_back(AI);
  }
  for (Argument &A : K->args())
    if (Info.Args[A.getArgNo()].K == ArgInfo::Value) {
      std::string Why = uniformPays(A);
      if (!Why.empty())
        Info.Uniform.emplace_back(A.getArgNo(), Why);
    }
  for (Instruction &I : instructions(*K))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (Function *Callee = CB->getCalledFunction();
          Callee && Callee->getName().contains_insensitive("barrier"))
        Info.Barrier = true;
  // -loom-uniform: the arguments the library found the same across
  // launches (opencl/icd/Program.cpp, specializeLaunch).
  std::map<unsigned, Constant *> Folded;
  if (auto It = Opts.Uniform.find(Info.Name); It != Opts.Uniform.end())
    for (auto [Index, Bits] : It->second) {
      Type *T = Index < K->arg_size() ? K->getArg(Index)->getType() : nullptr;
      if (!T || !T->isIntegerTy() || Info.Args[Index].K != ArgInfo::Value) {
        errs() << "error: -loom-uniform: argument " << Index << " of kernel '" << Info.Name
               << "' is not an integer scalar\n";
        return false;
      }
      Folded[Index] = ConstantInt::get(T, Bits);
    }
  Type *I64 = Type::getInt64Ty(Ctx), *I32 = Type::getInt32Ty(Ctx);
  Params.append({I64, I64, I64, I32});

  auto *FT = FunctionType::get(K->getReturnType(), Params, false);
  Function *NK = Function::Create(FT, K->getLinkage(), K->getAddressSpace(), "", &M);
  NK->setCallingConv(K->getCallingConv());
  NK->copyAttributesFrom(K);
  // copyAttributesFrom copied the parameter attributes too; a local
  // argument's pointer attributes do not fit its offset.
  AttributeList AL = NK->getAttributes();
  for (unsigned I = 0; I < Info.Args.size(); ++I) {
    if (Info.Args[I].K == ArgInfo::Local)
      AL = AL.removeParamAttributes(Ctx, I);
    // The library builds this variant only for launches whose buffers are
    // distinct memory (opencl/icd/Program.cpp, specializedKernel).
    if (NoAlias && (Info.Args[I].K == ArgInfo::Global || Info.Args[I].K == ArgInfo::Constant))
      AL = AL.addParamAttribute(Ctx, I, Attribute::NoAlias);
  }
  NK->setAttributes(AL);
  SmallVector<std::pair<unsigned, MDNode *>, 8> MDs;
  K->getAllMetadata(MDs);
  for (auto &[Kind, N] : MDs)
    NK->setMetadata(Kind, N);
  NK->splice(NK->end(), K);

  // Dynamic local memory: the launch's dynamicSharedBytes, which the
  // library lays out for the __local arguments.
  auto *DynTy = ArrayType::get(Type::getInt8Ty(Ctx), 0);
  GlobalVariable *Dyn = M.getGlobalVariable("__loom_cl_local_args");
  if (!Dyn) {
    Dyn = new GlobalVariable(M, DynTy, false, GlobalValue::ExternalLinkage, nullptr,
                             "__loom_cl_local_args", nullptr, GlobalValue::NotThreadLocal, 3);
    Dyn->setAlignment(Align(128));
  }
  IRBuilder<> B(&*NK->getEntryBlock().getFirstInsertionPt());
  for (unsigned I = 0; I < Info.Args.size(); ++I) {
    Argument *Old = K->getArg(I), *New = NK->getArg(I);
    New->setName(Old->getName());
    if (Info.Args[I].K == ArgInfo::Local) {
      Value *P = B.CreateGEP(B.getInt8Ty(), Dyn, New, Old->getName() + ".local");
      Old->replaceAllUsesWith(P);
    } else if (Folded.count(I)) {
      Old->replaceAllUsesWith(Folded[I]); // the parameter stays, unused
    } else if (New->getType() != Old->getType()) {
      Old->replaceAllUsesWith(B.CreateAddrSpaceCast(New, Old->getType()));
    } else {
      Old->replaceAllUsesWith(New);
    }
  }
  unsigned Hidden = Info.Args.size();
  NK->getArg(Hidden)->setName("loom.cl.offset.x");
  NK->getArg(Hidden + 1)->setName("loom.cl.offset.y");
  NK->getArg(Hidden + 2)->setName("loom.cl.offset.z");
  NK->getArg(Hidden + 3)->setName("loom.cl.work.dim");
  for (Instruction &I : make_early_inc_range(instructions(*NK))) {
    auto *CB = dyn_cast<CallBase>(&I);
    Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee)
      continue;
    IRBuilder<> CB2(CB);
    if (Callee->getName() == "__loom_cl_work_dim") {
      CB->replaceAllUsesWith(NK->getArg(Hidden + 3));
      CB->eraseFromParent();
    } else if (Callee->getName() == "__loom_cl_global_offset") {
      Value *D = CB->getArgOperand(0);
      Value *V = CB2.CreateSelect(CB2.CreateICmpEQ(D, CB2.getInt32(1)), NK->getArg(Hidden + 1),
                                  NK->getArg(Hidden));
      V = CB2.CreateSelect(CB2.CreateICmpEQ(D, CB2.getInt32(2)), NK->getArg(Hidden + 2), V);
      CB->replaceAllUsesWith(V);
      CB->eraseFromParent();
    }
  }
  NK->takeName(K);
  K->replaceAllUsesWith(NK); // only metadata may still refer to it
  K->eraseFromParent();
  Kernels.push_back(std::move(Info));
  return true;
}

/// The manifest libLoomOpenCL reads (opencl/icd/Program.cpp): one line per
/// kernel, then one per argument; fields separated by tabs.
///   kernel <name> <number of arguments> <reqd x> <reqd y> <reqd z> <static local bytes>
///   arg <kind> <size> <address qual> <access qual> <type> <type qual> <name>
///   uniform <argument index> <what it feeds>   (after the arguments)
///   barrier                                    (the kernel has one)
///   coarsen <dimension> <work saved estimate>  (coarsening would pay)
///   layout <argument> <stride> <offset>/<width>,... <writes 0|1>
///                                   (the structure of arrays layout would pay)
bool writeManifest(const std::string &Path, const std::vector<KernelInfo> &Kernels) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC) {
    errs() << "error: cannot write '" << Path << "': " << EC.message() << "\n";
    return false;
  }
  for (const KernelInfo &K : Kernels) {
    OS << "kernel\t" << K.Name << "\t" << K.Args.size() << "\t" << K.Reqd[0] << "\t"
       << K.Reqd[1] << "\t" << K.Reqd[2] << "\t" << K.StaticLocalBytes << "\n";
    for (const ArgInfo &A : K.Args)
      OS << "arg\t" << A.K << "\t" << A.Size << "\t" << A.AddressQualifier << "\t"
         << A.AccessQualifier << "\t" << A.TypeName << "\t" << A.TypeQualifier << "\t" << A.Name
         << "\n";
    for (auto &[Index, Why] : K.Uniform)
      OS << "uniform\t" << Index << "\t" << Why << "\n";
    if (K.Barrier)
      OS << "barrier\n";
    if (K.Coarsen.Dim >= 0)
      OS << "coarsen\t" << K.Coarsen.Dim << "\t" << K.Coarsen.Saved << "\n";
    for (const LayoutPlan &L : K.Layouts) {
      OS << "layout\t" << L.Arg << "\t" << L.Stride << "\t";
      for (size_t I = 0; I < L.Fields.size(); ++I)
        OS << (I ? "," : "") << L.Fields[I].Offset << "/" << L.Fields[I].Width;
      OS << "\t" << (L.Writes ? 1 : 0) << "\n";
    }
  }
  return true;
}

/// The kernel pipeline, host O3 and object emission: loomcc's device
/// compile (compiler/Pipeline/DeviceCompile.h), with the module's bitcode
/// kept for the runtime's launch-time specialization (LOOM_JIT), which then
/// compiles OpenCL kernels again for their work-group size as it does CUDA
/// kernels.
bool compileToObject(Module &M, const std::string &Key, const std::string &DeviceLib,
                     const BuildOptions &B, const std::string &ObjectPath,
                     const std::string &DumpStages, LogDiagnostics &Diags) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  std::string Error;
  std::unique_ptr<TargetMachine> TM =
      loom::createHostTargetMachine(loom::HostTarget::native(), B.FastMath, B.Fmad, Error);
  if (!TM) {
    errs() << "error: no host target: " << Error << "\n";
    return false;
  }
  loom::DeviceCompileOptions Opts;
  Opts.Pipeline.ModuleKey = Key;
  Opts.Pipeline.DeviceLibraryPath = DeviceLib;
  Opts.Pipeline.DumpStagesDir = DumpStages;
  if (const char *E = std::getenv("LOOM_VECTOR_WIDTH"))
    if (StringRef(E).getAsInteger(10, Opts.Pipeline.VectorWidth))
      Opts.Pipeline.VectorWidth = 0;
  Opts.FastMath = B.FastMath;
  Opts.Fmad = B.Fmad;
  Opts.EmbedJitBitcode = true;
  Opts.SharedObject = true; // the program's shared object
  if (!loom::compileDeviceModule(M, *TM, Opts, [&] { return Diags.HadError; }, Error)) {
    if (!Diags.HadError)
      errs() << "internal error: " << Error << "\n";
    return false;
  }
  std::error_code EC;
  raw_fd_ostream Out(ObjectPath, EC, sys::fs::OF_None);
  if (EC) {
    errs() << "error: cannot write '" << ObjectPath << "': " << EC.message() << "\n";
    return false;
  }
  legacy::PassManager CodeGen;
  if (TM->addPassesToEmitFile(CodeGen, Out, nullptr, CodeGenFileType::ObjectFile)) {
    errs() << "internal error: the host target cannot emit objects\n";
    return false;
  }
  CodeGen.run(M);
  return !Diags.HadError;
}

int compileSource(const std::string &Source, const std::string &Bitcode, const BuildOptions &B,
                  bool CompileOnly);
int buildModule(std::unique_ptr<Module> M, LLVMContext &Ctx, LogDiagnostics &DiagsRef,
                const std::string &Dir, const BuildOptions &B, const std::string &Output,
                const std::string &Manifest, const std::string &Key, const std::string &DumpAbi,
                const std::string &DumpStages);

/// clLinkProgram's options (section 5.8.7 of the API spec): the math options
/// go on to the code generator, -create-library and -enable-link-options
/// are the library's business; anything else is an invalid link option.
bool checkLinkOptions(StringRef Text, std::string &Kept, std::string &Why) {
  for (const std::string &W : splitOptions(Text)) {
    if (W == "-create-library" || W == "-enable-link-options")
      continue;
    if (W != "-cl-denorms-are-zero" && W != "-cl-no-signed-zeros" &&
        W != "-cl-unsafe-math-optimizations" && W != "-cl-finite-math-only" &&
        W != "-cl-fast-relaxed-math" && W != "-cl-no-subgroup-ifp") {
      Why = "unknown link option '" + W + "'";
      return false;
    }
    Kept += (Kept.empty() ? "" : " ") + W;
  }
  return true;
}

int run(int Argc, char **Argv) {
  std::string Source, Output, Manifest, Key, Options, DumpAbi, DumpStages;
  std::vector<std::string> LinkInputs;
  bool CompileOnly = false, CreateLibrary = false;
  for (int I = 1; I < Argc; ++I) {
    StringRef A = Argv[I];
    if (A.consume_front("--source="))
      Source = A.str();
    else if (A == "--compile-only") // clCompileProgram: the front end's bitcode
      CompileOnly = true;
    else if (A.consume_front("--link=")) { // clLinkProgram: compiled objects, comma-separated
      SmallVector<StringRef, 8> Parts;
      A.split(Parts, ',', -1, false);
      for (StringRef P : Parts)
        LinkInputs.push_back(P.str());
    } else if (A == "--create-library") // with --link: the linked bitcode
      CreateLibrary = true;
    else if (A.consume_front("--output="))
      Output = A.str();
    else if (A.consume_front("--manifest="))
      Manifest = A.str();
    else if (A.consume_front("--key="))
      Key = A.str();
    else if (A.consume_front("--options="))
      Options = A.str();
    else if (A.consume_front("--dump-abi="))
      DumpAbi = A.str(); // the module after the launch ABI, as text (tests)
    else if (A.consume_front("--dump-stages="))
      DumpStages = A.str(); // as loomcc --loom-dump-stages: every pipeline stage
    else {
      errs() << "loom-clc: unknown argument '" << A << "'\n";
      return ExitBuildFailed;
    }
  }
  bool Linking = !LinkInputs.empty();
  bool Executable = !CompileOnly && !CreateLibrary;
  if (Source.empty() == !Linking || Output.empty() || (Executable && (Manifest.empty() || Key.empty()))) {
    errs() << "usage: loom-clc --source=F --output=F --manifest=F --key=K [--options=O]\n"
              "       loom-clc --source=F --output=F.bc --compile-only [--options=O]\n"
              "       loom-clc --link=A.bc,B.bc --output=F --manifest=F --key=K [--options=O]\n"
              "       loom-clc --link=A.bc,B.bc --output=F.bc --create-library [--options=O]\n";
    return ExitBuildFailed;
  }
  BuildOptions B;
  std::string Why;
  if (Linking) {
    std::string Kept;
    if (!checkLinkOptions(Options, Kept, Why)) {
      errs() << "error: " << Why << "\n";
      return ExitInvalidOptions;
    }
    Options = Kept;
  }
  if (!translateOptions(Options, B, Why)) {
    errs() << "error: " << Why << "\n";
    return ExitInvalidOptions;
  }

  std::string Dir = selfDir(Argv[0]);
  std::string Bitcode = CompileOnly ? Output : Output + ".clang.bc";

  LLVMContext Ctx;
  auto Handler = std::make_unique<LogDiagnostics>();
  LogDiagnostics *Diags = Handler.get();
  Ctx.setDiagnosticHandler(std::move(Handler));
  std::unique_ptr<Module> M;
  if (Linking) {
    // clLinkProgram: the compiled objects (or libraries) linked into one
    // module; a symbol defined twice or a type clash is a link error.
    for (const std::string &In : LinkInputs) {
      std::unique_ptr<Module> N = readBitcode(In, Ctx);
      if (!N)
        return ExitBuildFailed;
      if (!M)
        M = std::move(N);
      else if (Linker::linkModules(*M, std::move(N))) {
        errs() << "error: the programs do not link\n";
        return ExitBuildFailed;
      }
    }
    if (CreateLibrary) {
      std::error_code EC;
      raw_fd_ostream Out(Output, EC, sys::fs::OF_None);
      if (EC) {
        errs() << "error: cannot write '" << Output << "': " << EC.message() << "\n";
        return ExitBuildFailed;
      }
      WriteBitcodeToFile(*M, Out);
      return 0;
    }
  } else if (int E = compileSource(Source, Bitcode, B, CompileOnly)) {
    return E;
  } else if (CompileOnly) {
    return 0;
  } else {
    M = readBitcode(Bitcode, Ctx);
    sys::fs::remove(Bitcode);
    if (!M)
      return ExitBuildFailed;
  }
  return buildModule(std::move(M), Ctx, *Diags, Dir, B, Output, Manifest, Key, DumpAbi,
                     DumpStages);
}

/// 1. clang, as OpenCL C for nvptx64, \p Source to bitcode \p Bitcode. The
/// source is named by its file name only, so the log reads input.cl:3:5
/// wherever the build ran. clCompileProgram's headers are files next to
/// the source: found by "name" and, with \p CompileOnly, by <name> too.
int compileSource(const std::string &Source, const std::string &Bitcode, const BuildOptions &B,
                  bool CompileOnly) {
  std::string SourceDir = sys::path::parent_path(Source).str();
  std::string SourceName = sys::path::filename(Source).str();
  std::vector<std::string> Args = {LOOM_CLANG,
                                   "-cc1",
                                   "-triple",
                                   "nvptx64-nvidia-nvcl",
                                   "-emit-llvm-bc",
                                   "-finclude-default-header",
                                   "-cl-kernel-arg-info",
                                   // Unoptimized IR (the pipeline optimizes
                                   // later), but not -O0: at -O0 clang drops
                                   // the bodies of C99 inline definitions
                                   // ("inline float f(...)", no extern),
                                   // which leaves their calls undefined.
                                   // Without type-based alias metadata and
                                   // lifetime markers the IR is -O0's
                                   // otherwise (tests/opencl/inline.c).
                                   "-O2",
                                   "-disable-llvm-passes",
                                   "-relaxed-aliasing",
                                   "-disable-lifetime-markers",
                                   "-debug-info-kind=line-tables-only",
                                   "-fno-caret-diagnostics",
                                   "-D__LOOM__=1",
                                   // Images (opencl/lib/images.cl), also in OpenCL C 3.0.
                                   "-D__IMAGE_SUPPORT__=1",
                                   "-cl-ext=+__opencl_c_images,+__opencl_c_read_write_images,"
                                   "+__opencl_c_3d_image_writes,+cl_khr_3d_image_writes",
                                   // Sub-groups (opencl/lib/subgroups.cl).
                                   "-cl-ext=+cl_khr_subgroups,+__opencl_c_subgroups",
                                   "-o",
                                   Bitcode};
  Args.insert(Args.end(), B.ClangArgs.begin(), B.ClangArgs.end());
  if (CompileOnly)
    Args.push_back("-I.");
  Args.push_back(SourceName);
  std::vector<StringRef> ArgRefs(Args.begin(), Args.end());
  if (!SourceDir.empty() && sys::fs::set_current_path(SourceDir)) {
    errs() << "error: cannot enter '" << SourceDir << "'\n";
    return ExitBuildFailed;
  }
  std::string ExecError;
  int Status = sys::ExecuteAndWait(LOOM_CLANG, ArgRefs, std::nullopt, {}, 0, 0, &ExecError);
  if (Status != 0) {
    if (!ExecError.empty())
      errs() << "error: running clang: " << ExecError << "\n";
    return ExitBuildFailed;
  }
  return 0;
}

/// Steps 2-5 on the program's module \p M.
int buildModule(std::unique_ptr<Module> M, LLVMContext &Ctx, LogDiagnostics &DiagsRef,
                const std::string &Dir, const BuildOptions &B, const std::string &Output,
                const std::string &Manifest, const std::string &Key, const std::string &DumpAbi,
                const std::string &DumpStages) {
  LogDiagnostics *Diags = &DiagsRef;
  std::string WorkItem = Dir + "/opencl-workitem.bc", DeviceLib = Dir + "/libdevice.bc";
  std::string Images = Dir + "/opencl-images.bc", SubGroups = Dir + "/opencl-subgroups.bc";
  std::string Math = Dir + "/opencl-math.bc";

  // The barriers racy GPU code leaves out after filling __local memory in
  // a loop every work-item runs alike (ImplicitBarriers.cpp).
  for (Function &F : *M)
    if (isKernel(F))
      loomcl::addImplicitBarriers(F);

  // Thread coarsening (Coarsen.cpp) on clang's kernels, whose work-item
  // functions are still calls: where it would pay (the manifest), and the
  // rewrite a -loom-coarsen variant asks for.
  std::map<std::string, CoarsenPlan> Plans;
  for (Function &F : *M) {
    if (!isKernel(F))
      continue;
    auto It = B.Coarsen.find(F.getName().str());
    if (It == B.Coarsen.end()) {
      Plans[F.getName().str()] = analyzeCoarsening(F);
      continue;
    }
    unsigned Saved = 0;
    std::string Why;
    if (!coarsenKernel(F, It->second.first, It->second.second, Saved, Why)) {
      errs() << "error: -loom-coarsen: kernel '" << F.getName() << "': " << Why << "\n";
      return ExitBuildFailed;
    }
  }
  // The data-layout transformation (Layout.cpp), after coarsening: where it
  // would pay (the manifest), and the rewrite a -loom-layout variant asks for.
  std::map<std::string, std::vector<LayoutPlan>> LayoutPlans;
  for (Function &F : *M) {
    if (!isKernel(F))
      continue;
    auto It = B.Layout.find(F.getName().str());
    if (It == B.Layout.end()) {
      LayoutPlans[F.getName().str()] = analyzeLayouts(F);
      continue;
    }
    for (const LayoutPlan &P : It->second) {
      std::string Why;
      if (!applyLayout(F, P, Why)) {
        errs() << "error: -loom-layout: kernel '" << F.getName() << "', argument " << P.Arg
               << ": " << Why << "\n";
        return ExitBuildFailed;
      }
    }
  }

  // 2. Loom's work-item, image, sub-group and math functions, then libclc
  // for what is still missing.
  std::unique_ptr<Module> W = readBitcode(WorkItem, Ctx);
  if (!W || Linker::linkModules(*M, std::move(W), Linker::LinkOnlyNeeded))
    return ExitBuildFailed;
  std::unique_ptr<Module> Img = readBitcode(Images, Ctx);
  if (!Img || Linker::linkModules(*M, std::move(Img), Linker::LinkOnlyNeeded))
    return ExitBuildFailed;
  std::unique_ptr<Module> Sg = readBitcode(SubGroups, Ctx);
  if (!Sg || Linker::linkModules(*M, std::move(Sg), Linker::LinkOnlyNeeded))
    return ExitBuildFailed;
  // Elementary functions on the device library, as CUDA's (lib/math.cl).
  std::unique_ptr<Module> Mth = readBitcode(Math, Ctx);
  if (!Mth || Linker::linkModules(*M, std::move(Mth), Linker::LinkOnlyNeeded))
    return ExitBuildFailed;
  std::unique_ptr<Module> Clc = readBitcode(LOOM_LIBCLC, Ctx);
  if (!Clc)
    return ExitBuildFailed;
  Clc->setTargetTriple(M->getTargetTriple());
  if (Linker::linkModules(*M, std::move(Clc), Linker::LinkOnlyNeeded))
    return ExitBuildFailed;

  // 3. The launch ABI of every kernel.
  lowerImagePlaceholders(*M);
  if (!lowerPrintf(*M) || !inlineIntoKernels(*M))
    return ExitBuildFailed;
  std::vector<Function *> Ks;
  for (Function &F : *M)
    if (isKernel(F))
      Ks.push_back(&F);
  std::vector<KernelInfo> Kernels;
  for (Function *K : Ks)
    if (!lowerKernel(K, Kernels, B))
      return ExitBuildFailed;
  for (KernelInfo &KI : Kernels) {
    KI.Coarsen = Plans[KI.Name];
    KI.Layouts = LayoutPlans[KI.Name];
  }
  for (StringRef Name : {"__loom_cl_global_offset", "__loom_cl_work_dim"})
    if (Function *F = M->getFunction(Name); F && !F->use_empty()) {
      errs() << "error: a function outside the kernels reads the global offset\n";
      return ExitBuildFailed;
    }
  if (verifyModule(*M, &errs())) {
    errs() << "internal error: invalid IR after the OpenCL launch ABI\n";
    return ExitBuildFailed;
  }
  if (!DumpAbi.empty()) {
    std::error_code EC;
    raw_fd_ostream OS(DumpAbi, EC);
    if (!EC)
      M->print(OS, nullptr);
  }

  // 4. Kernel pipeline, host code, shared object.
  std::string Object = Output + ".o";
  if (!DumpStages.empty())
    sys::fs::create_directories(DumpStages);
  if (!compileToObject(*M, Key, DeviceLib, B, Object, DumpStages, *Diags)) {
    sys::fs::remove(Object);
    return ExitBuildFailed;
  }
  std::string LibDir = sys::path::parent_path(Dir).str();
  std::vector<std::string> Link = {LOOM_CC, "-shared", "-o", Output, Object,
                                   "-L" + LibDir, "-Wl,-rpath," + LibDir, "-lloomrt",
                                   "-lmvec", "-lm"};
  std::vector<StringRef> LinkRefs(Link.begin(), Link.end());
  std::string ExecError;
  int Status = sys::ExecuteAndWait(LOOM_CC, LinkRefs, std::nullopt, {}, 0, 0, &ExecError);
  sys::fs::remove(Object);
  if (Status != 0) {
    errs() << "error: linking the kernels failed (" << LOOM_CC << ", status " << Status << ")"
           << (ExecError.empty() ? "" : ": " + ExecError) << "\n";
    return ExitBuildFailed;
  }
  // 5. What the library needs to set arguments and launch.
  return writeManifest(Manifest, Kernels) ? 0 : ExitBuildFailed;
}

} // namespace

int main(int Argc, char **Argv) { return run(Argc, Argv); }
