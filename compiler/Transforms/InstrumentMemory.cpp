//===- InstrumentMemory.cpp - memcheck and racecheck builds ----------------===//
// SPDX-License-Identifier: Apache-2.0
//
// See InstrumentMemory.h. The inserted calls have no memory attributes, so
// the host optimizer keeps each check before its access (a load hoisted
// above its check would fault before it is reported).
//===----------------------------------------------------------------------===//
#include "Transforms/InstrumentMemory.h"

#include "Support/CallGraph.h"
#include "Support/KernelMarkers.h"
#include "loom/CheckABI.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/Scalar/SROA.h"

using namespace llvm;

namespace loom {

namespace {

bool isRuntimeFunction(const Function &F) { return F.getName().starts_with("__loom_"); }

/// Inlines every non-recursive device function into its callers, so that
/// the accesses it makes see their thread's index markers.
bool inlineDeviceFunctions(Module &M, ModuleAnalysisManager &MAM) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || isKernel(F) || isRuntimeFunction(F) || F.use_empty() ||
        isRecursive(F))
      continue;
    F.removeFnAttr(Attribute::NoInline);
    F.removeFnAttr(Attribute::OptimizeNone);
    F.addFnAttr(Attribute::AlwaysInline);
    Changed = true;
  }
  if (Changed)
    AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/false).run(M, MAM);
  return Changed;
}

/// What an address is known to point into.
struct Target {
  uint32_t Space = LOOM_CHECK_GENERIC;
  GlobalVariable *Object = nullptr;
  uint64_t Limit = 0;
};

/// Returns false for an address that only reaches the thread's own stack.
bool classify(const DataLayout &DL, Value *Ptr, Target &T) {
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Ptr, Objects, nullptr, /*MaxLookup=*/0);
  bool AllLocal = !Objects.empty();
  for (const Value *O : Objects) {
    bool Local = isa<AllocaInst>(O);
    if (auto *A = dyn_cast<Argument>(O))
      Local = A->hasByValAttr() || A->hasByRefAttr();
    AllLocal &= Local;
  }
  if (AllLocal)
    return false;
  if (Objects.size() != 1)
    return true;
  auto *GV = dyn_cast<GlobalVariable>(const_cast<Value *>(Objects[0]));
  if (!GV)
    return true;
  if (GV->hasMetadata("loom.shared")) {
    T.Object = GV;
    if (GV->isDeclaration()) {
      T.Space = LOOM_CHECK_DYNSHARED;
      T.Limit = UINT64_MAX;
    } else {
      T.Space = LOOM_CHECK_SHARED;
      T.Limit = DL.getTypeAllocSize(GV->getValueType());
    }
    return true;
  }
  // A __device__/__constant__ variable defined here (an extern one of -rdc
  // may be larger than its declaration says: looked up at run time).
  if (!GV->isDeclaration() && !GV->isThreadLocal()) {
    T.Space = LOOM_CHECK_VARIABLE;
    T.Object = GV;
    T.Limit = DL.getTypeAllocSize(GV->getValueType());
  }
  return true;
}

class Instrumenter {
public:
  Instrumenter(Module &M, bool Memcheck, bool Racecheck)
      : M(M), Ctx(M.getContext()), Memcheck(Memcheck), Racecheck(Racecheck) {
    Ptr = PointerType::get(Ctx, 0);
    I32 = Type::getInt32Ty(Ctx);
    I64 = Type::getInt64Ty(Ctx);
    Type *Void = Type::getVoidTy(Ctx);
    SiteTy = StructType::get(Ctx, {Ptr, Ptr, Ptr, I32, I32});
    auto Declare = [&](StringRef Name, ArrayRef<Type *> Params) {
      FunctionCallee C = M.getOrInsertFunction(Name, FunctionType::get(Void, Params, false));
      cast<Function>(C.getCallee())->addFnAttr(Attribute::NoUnwind);
      return C;
    };
    Access = Declare("__loom_check_access",
                     {Ptr, I64, Ptr, Ptr, I64, I32, I32, I32, I32, I32, I32, I64});
    ThreadBegin = Declare("__loom_check_thread_begin", {I32, I32, I32, I32, I32, I32});
    SharedRange = Declare("__loom_check_shared_range", {Ptr, I64});
    BarrierFn = Declare("__loom_check_barrier", {I32, I32, I32, I32});
  }

  bool run(Function &F);

private:
  /// threadIdx.xyz then blockIdx.xyz at \p B's insertion point (unknown,
  /// UINT32_MAX, outside kernels: markers are only valid inside one).
  SmallVector<Value *, 6> indices(IRBuilder<> &B, Function &F, bool ThreadsOnly = false);
  Constant *string(StringRef S);
  Constant *site(Instruction &I, Function &F, const Target &T, uint32_t Flags);
  /// The bits a racechecked store writes, as an i64 (a scalar of up to 8
  /// bytes), or null.
  Value *storedBits(IRBuilder<> &B, Value *V);
  bool instrument(Instruction &I, Function &F, Value *P, Value *Size, uint32_t Op, Align A,
                  uint64_t StaticSize, Value *Stored = nullptr);

  Module &M;
  LLVMContext &Ctx;
  bool Memcheck, Racecheck;
  Type *Ptr, *I32, *I64;
  StructType *SiteTy;
  FunctionCallee Access, ThreadBegin, SharedRange, BarrierFn;
  StringMap<Constant *> Strings;
};

SmallVector<Value *, 6> Instrumenter::indices(IRBuilder<> &B, Function &F, bool ThreadsOnly) {
  SmallVector<Value *, 6> V;
  static constexpr Marker All[] = {Marker::ThreadIdxX, Marker::ThreadIdxY, Marker::ThreadIdxZ,
                                   Marker::BlockIdxX,  Marker::BlockIdxY,  Marker::BlockIdxZ};
  for (unsigned I = 0; I < (ThreadsOnly ? 3u : 6u); ++I)
    V.push_back(isKernel(F) ? static_cast<Value *>(B.CreateCall(getMarkerFunction(M, All[I])))
                            : ConstantInt::get(I32, UINT32_MAX));
  return V;
}

Constant *Instrumenter::string(StringRef S) {
  Constant *&C = Strings[S];
  if (!C) {
    auto *GV = new GlobalVariable(M, ArrayType::get(Type::getInt8Ty(Ctx), S.size() + 1), true,
                                  GlobalValue::PrivateLinkage,
                                  ConstantDataArray::getString(Ctx, S), "loom.check.str");
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    C = GV;
  }
  return C;
}

Constant *Instrumenter::site(Instruction &I, Function &F, const Target &T, uint32_t Flags) {
  Constant *File = ConstantPointerNull::get(cast<PointerType>(Ptr));
  uint32_t Line = 0;
  if (const DILocation *L = I.getDebugLoc()) {
    SmallString<128> Path = L->getDirectory();
    if (!L->getFilename().starts_with("/") && !Path.empty())
      Path += "/";
    if (L->getFilename().starts_with("/"))
      Path.clear();
    Path += L->getFilename();
    File = string(Path);
    Line = L->getLine();
  }
  Constant *Object = T.Object ? string(T.Object->getName())
                              : ConstantPointerNull::get(cast<PointerType>(Ptr));
  auto *GV = new GlobalVariable(
      M, SiteTy, true, GlobalValue::PrivateLinkage,
      ConstantStruct::get(SiteTy, {File, string(F.getName()), Object,
                                   ConstantInt::get(I32, Line), ConstantInt::get(I32, Flags)}),
      "loom.check.site");
  return GV;
}

Value *Instrumenter::storedBits(IRBuilder<> &B, Value *V) {
  Type *Ty = V->getType();
  const DataLayout &DL = M.getDataLayout();
  if (!(Ty->isIntegerTy() || Ty->isFloatingPointTy() || Ty->isPointerTy()) ||
      DL.getTypeStoreSize(Ty) > 8 || DL.getTypeSizeInBits(Ty) != DL.getTypeStoreSizeInBits(Ty))
    return nullptr;
  if (Ty->isPointerTy())
    return B.CreatePtrToInt(V, I64);
  if (Ty->isFloatingPointTy())
    V = B.CreateBitCast(V, IntegerType::get(M.getContext(), DL.getTypeSizeInBits(Ty)));
  return B.CreateZExtOrTrunc(V, I64);
}

bool Instrumenter::instrument(Instruction &I, Function &F, Value *P, Value *Size, uint32_t Op,
                              Align A, uint64_t StaticSize, Value *Stored) {
  Target T;
  if (!classify(M.getDataLayout(), P, T))
    return false;
  // Racecheck looks at shared memory only: the arrays the compiler sees,
  // and any address it cannot follow (the run time knows the block's
  // arrays); never a __device__ variable.
  bool MayBeShared = T.Space != LOOM_CHECK_VARIABLE;
  uint32_t Flags = Op | T.Space;
  if (Memcheck)
    Flags |= LOOM_CHECK_MEMORY;
  if (Racecheck && MayBeShared && Op != LOOM_CHECK_ATOMIC)
    Flags |= LOOM_CHECK_RACES;
  if (!(Flags & (LOOM_CHECK_MEMORY | LOOM_CHECK_RACES)))
    return false;
  // The alignment the access needs: its size (a power of two up to 16) but
  // no more than the IR promises (InstCombine turns a memcpy of a struct of
  // ints into one wider load with the ints' alignment).
  uint64_t Need = 1;
  if (StaticSize && isPowerOf2_64(StaticSize))
    Need = std::min<uint64_t>({StaticSize, A.value(), 16});
  Flags |= Log2_64(Need) << LOOM_CHECK_ALIGN_SHIFT;
  IRBuilder<> B(&I);
  // Racecheck tells a write of the value already there (many threads
  // setting one flag) from a conflicting one: it needs the stored bits.
  Value *Bits = (Flags & LOOM_CHECK_RACES) && Stored ? storedBits(B, Stored) : nullptr;
  if (Bits)
    Flags |= LOOM_CHECK_VALUE;
  SmallVector<Value *, 12> Args{P, B.CreateZExtOrTrunc(Size, I64), site(I, F, T, Flags),
                                T.Object ? static_cast<Value *>(T.Object)
                                         : ConstantPointerNull::get(cast<PointerType>(Ptr)),
                                ConstantInt::get(I64, T.Limit)};
  for (Value *V : indices(B, F))
    Args.push_back(V);
  Args.push_back(Bits ? Bits : ConstantInt::get(I64, 0));
  B.CreateCall(Access, Args)->setDebugLoc(I.getDebugLoc());
  return true;
}

bool Instrumenter::run(Function &F) {
  SmallVector<Instruction *, 64> Work;
  SmallVector<CallBase *, 8> Barriers;
  for (Instruction &I : instructions(F)) {
    if (isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst, MemIntrinsic>(I))
      Work.push_back(&I);
    else if (auto *CB = dyn_cast<CallBase>(&I))
      if (std::optional<Marker> Mk = getMarker(*CB))
        if (*Mk == Marker::Barrier || *Mk == Marker::BarrierPopc || *Mk == Marker::BarrierAnd ||
            *Mk == Marker::BarrierOr || *Mk == Marker::WarpBarrier)
          Barriers.push_back(CB);
  }
  const DataLayout &DL = M.getDataLayout();
  bool Changed = false;
  for (Instruction *I : Work) {
    auto Fixed = [&](Type *Ty) {
      return std::pair<Value *, uint64_t>(ConstantInt::get(I64, DL.getTypeStoreSize(Ty)),
                                          DL.getTypeStoreSize(Ty));
    };
    if (auto *L = dyn_cast<LoadInst>(I)) {
      auto [S, N] = Fixed(L->getType());
      // An atomic load or store never races (as an atomicrmw does not).
      Changed |= instrument(*I, F, L->getPointerOperand(), S,
                            L->isAtomic() ? LOOM_CHECK_ATOMIC : LOOM_CHECK_READ, L->getAlign(),
                            N);
    } else if (auto *St = dyn_cast<StoreInst>(I)) {
      auto [S, N] = Fixed(St->getValueOperand()->getType());
      Changed |= instrument(*I, F, St->getPointerOperand(), S,
                            St->isAtomic() ? LOOM_CHECK_ATOMIC : LOOM_CHECK_WRITE,
                            St->getAlign(), N, St->getValueOperand());
    } else if (auto *RMW = dyn_cast<AtomicRMWInst>(I)) {
      auto [S, N] = Fixed(RMW->getValOperand()->getType());
      Changed |=
          instrument(*I, F, RMW->getPointerOperand(), S, LOOM_CHECK_ATOMIC, RMW->getAlign(), N);
    } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(I)) {
      auto [S, N] = Fixed(X->getCompareOperand()->getType());
      Changed |=
          instrument(*I, F, X->getPointerOperand(), S, LOOM_CHECK_ATOMIC, X->getAlign(), N);
    } else if (auto *MI = dyn_cast<MemIntrinsic>(I)) {
      if (auto *MT = dyn_cast<MemTransferInst>(MI))
        Changed |= instrument(*I, F, MT->getSource(), MT->getLength(), LOOM_CHECK_READ,
                              Align(1), 0);
      Changed |= instrument(*I, F, MI->getDest(), MI->getLength(), LOOM_CHECK_WRITE, Align(1), 0);
    }
  }
  if (Racecheck)
    for (CallBase *CB : Barriers) {
      IRBuilder<> B(CB);
      SmallVector<Value *, 4> Args{
          ConstantInt::get(I32, getMarker(*CB) == Marker::WarpBarrier ? 1 : 0)};
      for (Value *V : indices(B, F, /*ThreadsOnly=*/true))
        Args.push_back(V);
      B.CreateCall(BarrierFn, Args);
      Changed = true;
    }
  return Changed;
}

} // namespace

PreservedAnalyses InstrumentMemoryPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (!Memcheck && !Racecheck)
    return PreservedAnalyses::all();
  inlineDeviceFunctions(M, MAM);
  // Locals into registers first (SROA without touching the control flow: it
  // speculates no load of memory other than the allocas'): a local whose
  // address clang's unoptimized code kept in another local would otherwise
  // be checked as an unknown address (and may live in the thread arena,
  // BarrierRegions' heap storage, by then).
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function &F : M)
    if (!F.isDeclaration()) {
      PreservedAnalyses PA = SROAPass(SROAOptions::PreserveCFG).run(F, FAM);
      FAM.invalidate(F, PA);
    }
  Instrumenter Inst(M, Memcheck, Racecheck);
  SmallVector<Function *, 16> Functions;
  for (Function &F : M)
    if (!F.isDeclaration() && !isRuntimeFunction(F))
      Functions.push_back(&F);
  for (Function *F : Functions)
    Inst.run(*F);
  // Each kernel's entry: a new block begins with thread (0,0,0); the block's
  // __shared__ arrays (the kernel's own, or all of them when it calls a
  // function that was not inlined) let the run-time lookup of a generic
  // address recognize shared memory.
  SmallVector<GlobalVariable *, 8> Shared;
  for (GlobalVariable &GV : M.globals())
    if (GV.hasMetadata("loom.shared") && !GV.use_empty())
      Shared.push_back(&GV);
  Type *I32 = Type::getInt32Ty(M.getContext()), *I64 = Type::getInt64Ty(M.getContext());
  FunctionType *BeginTy = FunctionType::get(Type::getVoidTy(M.getContext()),
                                            {I32, I32, I32, I32, I32, I32}, false);
  FunctionType *RangeTy = FunctionType::get(Type::getVoidTy(M.getContext()),
                                            {PointerType::get(M.getContext(), 0), I64}, false);
  for (Function *F : Functions) {
    if (!isKernel(*F))
      continue;
    IRBuilder<> B(&*F->getEntryBlock().getFirstInsertionPt());
    static constexpr Marker All[] = {Marker::ThreadIdxX, Marker::ThreadIdxY,
                                     Marker::ThreadIdxZ, Marker::BlockIdxX,
                                     Marker::BlockIdxY,  Marker::BlockIdxZ};
    SmallVector<Value *, 6> Args;
    for (Marker Mk : All)
      Args.push_back(B.CreateCall(getMarkerFunction(M, Mk)));
    B.CreateCall(M.getFunction("__loom_check_thread_begin")
                     ? FunctionCallee(BeginTy, M.getFunction("__loom_check_thread_begin"))
                     : M.getOrInsertFunction("__loom_check_thread_begin", BeginTy),
                 Args);
    const DataLayout &DL = M.getDataLayout();
    for (GlobalVariable *GV : Shared) {
      uint64_t Size = GV->isDeclaration() ? UINT64_MAX : DL.getTypeAllocSize(GV->getValueType());
      B.CreateCall(M.getOrInsertFunction("__loom_check_shared_range", RangeTy),
                   {GV, ConstantInt::get(I64, Size)});
    }
  }
  return PreservedAnalyses::none();
}

} // namespace loom
