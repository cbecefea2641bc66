//===- KernelRegistration.cpp - tell the runtime what this module holds ----===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/KernelRegistration.h"
#include "Transforms/SpinWaits.h"

#include "Support/KernelMarkers.h"
#include "Support/LaunchABI.h"
#include "Transforms/BarrierRegions.h"
#include "Transforms/VectorizeKernels.h"
#include "Transforms/KernelEntry.h"
#include "Transforms/ManagedVariables.h"
#include "Transforms/ThreadLoops.h"

#include "loom/KernelABI.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace loom {

namespace {

constexpr uint32_t AbiVersion = LOOM_ABI_VERSION;

Constant *cString(Module &M, StringRef S, const Twine &Name) {
  Constant *Init = ConstantDataArray::getString(M.getContext(), S);
  auto *GV = new GlobalVariable(M, Init->getType(), true,
                                GlobalValue::PrivateLinkage, Init, Name);
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  GV->setAlignment(Align(1));
  return GV;
}

Constant *u32Array(Module &M, ArrayRef<uint32_t> Values, const Twine &Name) {
  if (Values.empty())
    return ConstantPointerNull::get(PointerType::get(M.getContext(), 0));
  Constant *Init = ConstantDataArray::get(M.getContext(), Values);
  auto *GV = new GlobalVariable(M, Init->getType(), true,
                                GlobalValue::PrivateLinkage, Init, Name);
  GV->setAlignment(Align(4));
  return GV;
}

Constant *descArray(Module &M, StructType *Elem, ArrayRef<Constant *> Elems,
                    const Twine &Name) {
  if (Elems.empty())
    return ConstantPointerNull::get(PointerType::get(M.getContext(), 0));
  auto *Ty = ArrayType::get(Elem, Elems.size());
  auto *GV = new GlobalVariable(M, Ty, true, GlobalValue::PrivateLinkage,
                                ConstantArray::get(Ty, Elems), Name);
  GV->setAlignment(Align(8));
  return GV;
}

/// Device services that return without waiting for anything outside the
/// kernel (device launches and grid synchronization are not among them).
bool isNonWaitingService(StringRef Name) {
  return StringSwitch<bool>(Name)
      .Cases({"__loom_vprintf", "__loom_assert_fail", "__loom_trap", "__loom_append"}, true)
      .Cases({"__loom_device_malloc", "__loom_device_free", "__loom_device_cuda_malloc",
              "__loom_device_cuda_free", "__loom_warp_collective", "__loom_globaltimer"},
             true)
      .Default(false);
}

/// LOOM_KERNEL_NEVER_WAITS_FOR_HOST (KernelABI.h): nothing reachable from
/// \p Entry can observe a host write made after the launch, so nothing in it
/// can wait for one. A volatile or atomic load, or the old value of an atomic
/// read-modify-write, can (a spin on a flag the host sets); so can code the
/// compiler does not see.
bool neverWaitsForHost(Function &Entry) {
  SmallVector<Function *, 16> Work{&Entry};
  SmallPtrSet<Function *, 16> Seen{&Entry};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    for (Instruction &I : instructions(*F)) {
      if (auto *L = dyn_cast<LoadInst>(&I)) {
        if (L->isVolatile() || L->isAtomic())
          return false;
      } else if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I)) {
        if (!I.use_empty())
          return false;
      } else if (auto *Call = dyn_cast<CallBase>(&I)) {
        Function *Callee = Call->getCalledFunction();
        if (!Callee)
          return false; // inline assembly or an indirect call
        if (Callee->isIntrinsic())
          continue;
        if (Callee->isDeclaration()) {
          // A function that reads no memory cannot see a host write; the
          // vector math variants the vectorizer calls (vector-function ABI
          // names, _ZGV...) are such functions of a pure scalar one.
          if (!isNonWaitingService(Callee->getName()) && !Callee->onlyWritesMemory() &&
              !Callee->getName().starts_with("_ZGV"))
            return false;
          continue;
        }
        if (Seen.insert(Callee).second)
          Work.push_back(Callee);
      }
    }
  }
  return true;
}

/// The LOOM_KERNEL_* flags of services reachable from \p Entry: device
/// launches and the device heap (KernelABI.h). Calls the compiler cannot see
/// through (indirect calls, -rdc externals) are not counted: the runtime
/// treats these flags as what the compiler proved, not as a guarantee of
/// absence.
uint32_t serviceFlags(Function &Entry) {
  uint32_t Flags = 0;
  SmallVector<Function *, 16> Work{&Entry};
  SmallPtrSet<Function *, 16> Seen{&Entry};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    for (Instruction &I : instructions(*F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (!Callee || Callee->isIntrinsic())
        continue;
      if (!Callee->isDeclaration()) {
        if (Seen.insert(Callee).second)
          Work.push_back(Callee);
        continue;
      }
      StringRef Name = Callee->getName();
      if (Name == "__loom_launch_device")
        Flags |= LOOM_KERNEL_LAUNCHES_KERNELS;
      else if (Name.starts_with("__loom_device_malloc") || Name == "__loom_device_free" ||
               Name == "__loom_device_cuda_malloc" || Name == "__loom_device_cuda_free")
        Flags |= LOOM_KERNEL_USES_DEVICE_HEAP;
    }
  }
  return Flags;
}

Constant *kernelDesc(Module &M, const LaunchABI &ABI, Function &Entry) {
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  StringRef Kernel = Entry.getFnAttribute(EntryOfAttr).getValueAsString();
  Function *Block = M.getFunction((Kernel + ".block").str());
  unsigned NumArgs = 0;
  Block->getFnAttribute(KernelArgCountAttr).getValueAsString().getAsInteger(10, NumArgs);
  SmallVector<uint32_t, 16> Sizes, Aligns;
  for (unsigned I = 0; I < NumArgs; ++I) {
    Argument *A = Block->getArg(I);
    if (Type *ByVal = A->getParamByValType()) {
      Sizes.push_back(DL.getTypeAllocSize(ByVal));
      Aligns.push_back(
          A->getParamAlign().value_or(DL.getABITypeAlign(ByVal)).value());
    } else {
      Sizes.push_back(DL.getTypeAllocSize(A->getType()));
      Aligns.push_back(DL.getABITypeAlign(A->getType()).value());
    }
  }
  uint64_t ArenaPerThread = 0;
  Block->getFnAttribute(ThreadArenaAttr).getValueAsString().getAsInteger(10, ArenaPerThread);
  unsigned Gang = gangWidth(*Block);
  // Warp-gang versions share the arena with the scalar one: the runtime
  // reserves this many bytes per unit of WarpSize threads of a row
  // (ceil(blockDim.x / 32) units per row), enough for any version's warp
  // gangs (the flat version has ceil(threads / 32) <= that many) and for
  // the scalar version's per-thread state alike.
  for (const char *Attr : {WarpGangBlockAttr, WarpGangOneDimBlockAttr, WarpGangFlatBlockAttr}) {
    if (!Block->hasFnAttribute(Attr))
      continue;
    Function *GangBlock = M.getFunction(Block->getFnAttribute(Attr).getValueAsString());
    uint64_t PerGang = 0;
    GangBlock->getFnAttribute(ThreadArenaAttr).getValueAsString().getAsInteger(10, PerGang);
    if (Gang == 1)
      ArenaPerThread *= gangWidth(*GangBlock);
    Gang = gangWidth(*GangBlock);
    ArenaPerThread = std::max(PerGang, ArenaPerThread);
  }
  if (Block->hasFnAttribute(ShapeVersionBlockAttr)) {
    // A barrier-free shape version (EliminateBarriers) needs an arena only
    // if it gained barriers later (block atomics); per unit of this
    // kernel's gang width, enough for its own units.
    Function *Version =
        M.getFunction(Block->getFnAttribute(ShapeVersionBlockAttr).getValueAsString());
    uint64_t PerUnit = 0;
    Version->getFnAttribute(ThreadArenaAttr).getValueAsString().getAsInteger(10, PerUnit);
    unsigned VersionGang = gangWidth(*Version);
    PerUnit *= std::max(1u, (Gang + VersionGang - 1) / VersionGang);
    ArenaPerThread = std::max(ArenaPerThread, PerUnit);
  }
  // Static __shared__ variables are thread-local (LowerSharedMemory), so the
  // runtime's shared buffer only holds dynamic shared memory.
  uint64_t StaticShared = 0;
  uint32_t MaxThreads = 0;
  if (Block->hasFnAttribute(MaxThreadsAttr))
    Block->getFnAttribute(MaxThreadsAttr).getValueAsString().getAsInteger(10, MaxThreads);
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  return ConstantStruct::get(
      ABI.KernelDesc,
      {cString(M, Kernel, "loom.name"), &Entry, ConstantInt::get(I32, NumArgs),
       ConstantInt::get(I32, Gang), u32Array(M, Sizes, "loom.arg.sizes"),
       u32Array(M, Aligns, "loom.arg.aligns"), ConstantInt::get(I64, StaticShared),
       ConstantInt::get(I64, ArenaPerThread),
       ConstantInt::get(I32, (neverWaitsForHost(Entry) ? LOOM_KERNEL_NEVER_WAITS_FOR_HOST : 0) |
                                  serviceFlags(Entry) |
                                  (Block->hasFnAttribute(SpinWaitAttr) ? LOOM_KERNEL_SPIN_WAITS : 0)),
       ConstantInt::get(I32, MaxThreads)});
}

/// Variables the host side may name in cudaMemcpyToSymbol & co.
bool isSymbolVariable(const GlobalVariable &GV) {
  if (GV.isDeclaration() || GV.hasPrivateLinkage() || GV.isThreadLocal() ||
      GV.getName().starts_with("llvm.") || GV.getName().starts_with("loom.") ||
      GV.getName().starts_with("__loom") || GV.hasMetadata("loom.shared") ||
      GV.hasMetadata(ManagedSlotMD))
    return false;
  return !GV.getName().empty();
}

/// Device-side launches name their kernel by a placeholder (KernelRefAttr):
/// it becomes the address of the kernel's descriptor.
void resolveKernelRefs(Module &M, const LaunchABI &ABI, Constant *KernelArray,
                       const StringMap<unsigned> &KernelIndex) {
  for (GlobalVariable &GV : make_early_inc_range(M.globals())) {
    if (!GV.hasAttribute(KernelRefAttr))
      continue;
    StringRef Kernel = GV.getAttribute(KernelRefAttr).getValueAsString();
    auto It = KernelIndex.find(Kernel);
    if (It == KernelIndex.end()) {
      M.getContext().diagnose(DiagnosticInfoGeneric(
          "device-side launch of kernel '" + Kernel + "', which this module does not define",
          DS_Error));
      continue;
    }
    Type *I32 = Type::getInt32Ty(M.getContext());
    Constant *Address = ConstantExpr::getInBoundsGetElementPtr(
        ArrayType::get(ABI.KernelDesc, KernelIndex.size()), KernelArray,
        ArrayRef<Constant *>{ConstantInt::get(I32, 0), ConstantInt::get(I32, It->second)});
    GV.replaceAllUsesWith(Address);
    GV.eraseFromParent();
  }
}

void internalize(Module &M, bool ForJit) {
  for (Function &F : M)
    if (!F.isDeclaration() && !F.hasLocalLinkage()) {
      F.setLinkage(GlobalValue::InternalLinkage);
      F.setComdat(nullptr);
    }
  for (GlobalVariable &GV : M.globals())
    if (!GV.isDeclaration() && !GV.hasLocalLinkage() &&
        !GV.getName().starts_with("llvm.") &&
        // The JIT's shared object exports its bindings table (JitABI.h).
        !(ForJit && GV.getName().starts_with("loom.jit."))) {
      GV.setLinkage(GlobalValue::InternalLinkage);
      GV.setComdat(nullptr);
    }
  for (GlobalAlias &GA : M.aliases())
    if (!GA.hasLocalLinkage())
      GA.setLinkage(GlobalValue::InternalLinkage);
}

} // namespace

PreservedAnalyses KernelRegistrationPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  LLVMContext &Ctx = M.getContext();
  LaunchABI ABI(Ctx);
  const DataLayout &DL = M.getDataLayout();

  SmallVector<Constant *, 8> Kernels;
  StringMap<unsigned> KernelIndex;
  for (Function &F : M)
    if (F.hasFnAttribute(EntryOfAttr)) {
      KernelIndex[F.getFnAttribute(EntryOfAttr).getValueAsString()] = Kernels.size();
      Kernels.push_back(kernelDesc(M, ABI, F));
    }

  SmallVector<Constant *, 8> Vars;
  SmallVector<GlobalVariable *, 8> VarGlobals;
  for (GlobalVariable &GV : M.globals())
    if (isSymbolVariable(GV))
      VarGlobals.push_back(&GV);
  Type *I32 = Type::getInt32Ty(Ctx);
  for (GlobalVariable *GV : VarGlobals) {
    Constant *Pointer = ConstantPointerNull::get(PointerType::get(Ctx, 0));
    uint32_t Flags = 0;
    if (GlobalVariable *Slot = managedPointerOf(*GV)) {
      Pointer = Slot;
      Flags = LOOM_VAR_MANAGED;
    }
    if (GV->hasInitializer() && GV->getInitializer()->isNullValue())
      Flags |= LOOM_VAR_ZERO_INIT;
    Vars.push_back(ConstantStruct::get(
        ABI.VarDesc,
        {cString(M, GV->getName(), "loom.var.name"), GV,
         ConstantInt::get(Type::getInt64Ty(Ctx), DL.getTypeAllocSize(GV->getValueType())),
         ConstantInt::get(I32, Flags), ConstantInt::get(I32, 0), Pointer}));
  }

  internalize(M, Opts.ForJit);
  // Registered variables are reachable from the runtime: keep them.
  for (GlobalVariable *GV : VarGlobals)
    GV->setConstant(false);

  Constant *KernelArray = descArray(M, ABI.KernelDesc, Kernels, "loom.kernels");
  resolveKernelRefs(M, ABI, KernelArray, KernelIndex);
  Constant *Null = ConstantPointerNull::get(PointerType::get(Ctx, 0));
  Constant *Bitcode = Null, *Config = Null;
  if (!Opts.JitBitcode.empty()) {
    Constant *Init = ConstantDataArray::getRaw(Opts.JitBitcode, Opts.JitBitcode.size(),
                                               Type::getInt8Ty(Ctx));
    auto *GV = new GlobalVariable(M, Init->getType(), true, GlobalValue::PrivateLinkage,
                                  Init, "loom.jit.bitcode");
    GV->setAlignment(Align(16));
    Bitcode = GV;
    Config = cString(M, Opts.JitConfig, "loom.jit.config");
  }
  Constant *Module = ConstantStruct::get(
      ABI.ModuleDesc,
      {ConstantInt::get(I32, AbiVersion), ConstantInt::get(I32, Kernels.size()),
       cString(M, Opts.ModuleKey, "loom.module.key"), KernelArray,
       ConstantInt::get(I32, Vars.size()), ConstantInt::get(I32, 0),
       descArray(M, ABI.VarDesc, Vars, "loom.vars"), Bitcode,
       ConstantInt::get(Type::getInt64Ty(Ctx), Opts.JitBitcode.size()), Config});
  auto *Desc = new GlobalVariable(
      M, ABI.ModuleDesc, true,
      Opts.ForJit ? GlobalValue::ExternalLinkage : GlobalValue::PrivateLinkage, Module,
      Opts.ForJit ? JitModuleDescName : "loom.module");
  Desc->setAlignment(Align(8));
  if (Opts.ForJit)
    return PreservedAnalyses::none();

  FunctionCallee Register = M.getOrInsertFunction(
      "__loomRegisterModule", Type::getVoidTy(Ctx), PointerType::get(Ctx, 0));
  Function *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                    GlobalValue::InternalLinkage,
                                    "loom.register.module", M);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Ctor));
  B.CreateCall(Register, {Desc});
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, 65535);
  return PreservedAnalyses::none();
}

} // namespace loom
