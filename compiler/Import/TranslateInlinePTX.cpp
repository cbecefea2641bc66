//===- TranslateInlinePTX.cpp - inline PTX assembly to LLVM IR -------------===//
// SPDX-License-Identifier: Apache-2.0
//
// Structure:
//  - PTy: a PTX instruction type (.u32, .s64, .f32, .pred, ...).
//  - Modifiers: an instruction's dotted modifiers; handlers take the ones
//    they understand, and any left over is an error naming it (a modifier is
//    never silently ignored).
//  - Translator: one asm call. Registers are SSA values in a scope stack
//    (`$N` asm operands at the bottom, `.reg`s of `{ }` scopes above);
//    read()/write() apply PTX's rules for operands whose register is wider
//    or narrower than the instruction type; a guarded (`@p`) instruction
//    without side effects selects its results, one with side effects runs
//    in a branch. Handlers are found in the Opcodes table.
//  - the pass: translate every asm call of the module; report failures in
//    functions reachable from kernels, give unreachable failing functions a
//    trapping body.
#include "Import/TranslateInlinePTX.h"

#include "Import/InlinePTX.h"
#include "Support/Diagnostics.h"
#include "Support/KernelMarkers.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

#include <optional>

using namespace llvm;
using loom::ptx::Operand;
using loom::ptx::Statement;

namespace loom {

namespace {

//===----------------------------------------------------------------------===//
// Types and modifiers
//===----------------------------------------------------------------------===//

/// A PTX instruction type: .u/.s/.b 8-64, .f16/.f32/.f64, .bf16, .pred.
struct PTy {
  enum KindTy { U, S, B, F, BF, Pred } Kind = B;
  unsigned Bits = 32;
  bool isInt() const { return Kind == U || Kind == S || Kind == B; }
  bool isSigned() const { return Kind == S; }
  bool isFloat() const { return Kind == F; }
  static PTy u(unsigned N) { return {U, N}; }
  static PTy s(unsigned N) { return {S, N}; }
  static PTy b(unsigned N) { return {B, N}; }
  static PTy pred() { return {Pred, 1}; }
};

std::optional<PTy> parseType(StringRef S) {
  if (S == "pred")
    return PTy::pred();
  if (S == "bf16")
    return PTy{PTy::BF, 16};
  if (S.size() < 2)
    return std::nullopt;
  unsigned Bits = 0;
  if (S.drop_front().getAsInteger(10, Bits))
    return std::nullopt;
  switch (S[0]) {
  case 'u':
  case 's':
  case 'b':
    if (Bits != 8 && Bits != 16 && Bits != 32 && Bits != 64)
      return std::nullopt;
    return PTy{S[0] == 'u' ? PTy::U : S[0] == 's' ? PTy::S : PTy::B, Bits};
  case 'f':
    if (Bits != 16 && Bits != 32 && Bits != 64)
      return std::nullopt;
    return PTy{PTy::F, Bits};
  default:
    return std::nullopt;
  }
}

class Modifiers {
public:
  explicit Modifiers(ArrayRef<std::string> Parts) {
    for (const std::string &P : Parts.drop_front())
      List.push_back(P);
    Used.assign(List.size(), false);
  }
  /// Consumes modifier \p M if present.
  bool take(StringRef M) {
    for (unsigned I = 0; I < List.size(); ++I)
      if (!Used[I] && List[I] == M) {
        Used[I] = true;
        return true;
      }
    return false;
  }
  /// Consumes the first of \p Options present; "" when none is.
  StringRef takeOneOf(ArrayRef<StringRef> Options) {
    for (unsigned I = 0; I < List.size(); ++I)
      if (!Used[I] && is_contained(Options, List[I])) {
        Used[I] = true;
        return List[I];
      }
    return "";
  }
  /// Consumes every modifier for which \p Pred holds; returns how many.
  template <class P> unsigned takeAll(P Pred) {
    unsigned N = 0;
    for (unsigned I = 0; I < List.size(); ++I)
      if (!Used[I] && Pred(StringRef(List[I]))) {
        Used[I] = true;
        ++N;
      }
    return N;
  }
  /// Consumes the next type modifier (in the order written).
  std::optional<PTy> takeType() {
    for (unsigned I = 0; I < List.size(); ++I)
      if (!Used[I])
        if (std::optional<PTy> T = parseType(List[I])) {
          Used[I] = true;
          return T;
        }
    return std::nullopt;
  }
  /// The first modifier no handler consumed, or "".
  StringRef unused() const {
    for (unsigned I = 0; I < List.size(); ++I)
      if (!Used[I])
        return List[I];
    return "";
  }

private:
  SmallVector<std::string, 6> List;
  SmallVector<bool, 6> Used;
};

/// Cache and eviction hints and non-coherent/unified qualifiers: they change
/// where a GPU keeps a line, never the value read, so on a CPU they go.
bool isCacheHint(StringRef M) {
  return M == "ca" || M == "cg" || M == "cs" || M == "lu" || M == "wb" || M == "wt" ||
         M == "nc" || M == "weak" || M.starts_with("L1::") || M.starts_with("L2::") ||
         M.starts_with("level::") || M == "unified";
}

//===----------------------------------------------------------------------===//
// The translator of one asm call
//===----------------------------------------------------------------------===//

struct Reg {
  unsigned Bits = 32; ///< 1 for predicates
  Value *V = nullptr; ///< iN (i1 for predicates)
  bool ReadOnly = false; ///< an asm input or a special register
};

class Translator;
using Handler = bool (Translator::*)(const Statement &, Modifiers &);

/// One table row: the opcode (text before the first dot), its handler, and
/// whether it has side effects (then a guard branches around it instead of
/// selecting its results).
struct OpcodeInfo {
  StringLiteral Name;
  Handler Fn;
  bool SideEffects;
};

class Translator {
public:
  Translator(CallBase &CB, Value *CarryIn)
      : CB(CB), Asm(*cast<InlineAsm>(CB.getCalledOperand())), M(*CB.getModule()),
        Ctx(CB.getContext()), B(&CB), Carry(CarryIn) {}

  /// Emits the asm's IR before the call; false (with Error set) on failure.
  bool run();
  /// The asm's outputs as the call's result (nullptr for void).
  Value *result() const { return Result; }
  /// The carry flag after the asm (nullptr when never set).
  Value *carryOut() const { return Carry; }
  BasicBlock *endBlock() { return B.GetInsertBlock(); }
  /// Deletes the bit casts the outputs bypassed (after the call's uses were
  /// replaced, so the values they cast stay alive).
  void cleanup() {
    for (WeakTrackingVH &V : Dead)
      if (V)
        RecursivelyDeleteTriviallyDeadInstructions(V);
  }

  std::string Error;

  // Handlers (see the Opcodes table).
  bool mov(const Statement &, Modifiers &);
  bool intArith(const Statement &, Modifiers &);
  bool mul(const Statement &, Modifiers &);
  bool mad(const Statement &, Modifiers &);
  bool mul24(const Statement &, Modifiers &);
  bool sad(const Statement &, Modifiers &);
  bool divRem(const Statement &, Modifiers &);
  bool absNeg(const Statement &, Modifiers &);
  bool minMax(const Statement &, Modifiers &);
  bool bitCount(const Statement &, Modifiers &);
  bool bfind(const Statement &, Modifiers &);
  bool bfe(const Statement &, Modifiers &);
  bool bfi(const Statement &, Modifiers &);
  bool logic(const Statement &, Modifiers &);
  bool shift(const Statement &, Modifiers &);
  bool shf(const Statement &, Modifiers &);
  bool lop3(const Statement &, Modifiers &);
  bool prmt(const Statement &, Modifiers &);
  bool dp4a(const Statement &, Modifiers &);
  bool setp(const Statement &, Modifiers &);
  bool set(const Statement &, Modifiers &);
  bool selp(const Statement &, Modifiers &);
  bool slct(const Statement &, Modifiers &);
  bool cvt(const Statement &, Modifiers &);
  bool cvta(const Statement &, Modifiers &);
  bool fma(const Statement &, Modifiers &);
  bool fmaOf(const Statement &, Modifiers &, PTy T, bool Sat);
  bool floatUnary(const Statement &, Modifiers &);
  bool testp(const Statement &, Modifiers &);
  bool copysign(const Statement &, Modifiers &);
  bool ld(const Statement &, Modifiers &);
  bool st(const Statement &, Modifiers &);
  bool atom(const Statement &, Modifiers &);
  bool prefetch(const Statement &, Modifiers &);
  bool fence(const Statement &, Modifiers &);
  bool shfl(const Statement &, Modifiers &);
  bool vote(const Statement &, Modifiers &);
  bool activemask(const Statement &, Modifiers &);
  bool redux(const Statement &, Modifiers &);
  bool bar(const Statement &, Modifiers &);
  bool nanosleep(const Statement &, Modifiers &);
  bool trap(const Statement &, Modifiers &);
  bool exit(const Statement &, Modifiers &);
  bool nop(const Statement &, Modifiers &);

private:
  bool fail(const Twine &Msg) {
    if (Error.empty())
      Error = Msg.str();
    return false;
  }
  bool bindOperands();
  bool execute(const Statement &S);
  bool finishOutputs();

  // Registers.
  Reg *lookup(StringRef Name);
  Value *specialRegister(StringRef Name);
  Value *toBits(Value *V, unsigned Bits, bool Signed);
  Type *irType(PTy T);
  Value *read(const Statement &S, unsigned I, PTy T);
  Value *readPred(const Statement &S, unsigned I);
  Value *readOperand(const Operand &Op, PTy T, const Statement &S);
  bool write(const Statement &S, unsigned I, Value *V, PTy T);
  bool writeOperand(const Operand &Op, Value *V, PTy T, const Statement &S);
  bool writeReg(StringRef Name, Value *V, PTy T, const Statement &S);
  bool expectOperands(const Statement &S, unsigned N) {
    if (S.Operands.size() == N)
      return true;
    return fail("'" + S.Opcode + "' takes " + Twine(N) + " operands, not " +
                Twine(S.Operands.size()));
  }
  Value *address(const Statement &S, unsigned I, StringRef Space);
  Value *needCarry(const Statement &S);

  // Helpers for float semantics.
  Value *ftz(Value *V);
  Value *saturate(Value *V);
  Value *nextUp(Value *V);
  Value *nextDown(Value *V) { return B.CreateFNeg(nextUp(B.CreateFNeg(V))); }
  Value *directed(Value *Rounded, Value *Above, Value *Below, StringRef Mode);
  Value *noContract(Value *V) { return B.CreateUnaryIntrinsic(Intrinsic::arithmetic_fence, V); }
  Value *intrinsic(Intrinsic::ID ID, ArrayRef<Value *> Args, ArrayRef<Type *> Tys = {}) {
    return B.CreateIntrinsic(ID, Tys, Args);
  }
  Value *nvvm(Intrinsic::ID ID, ArrayRef<Value *> Args) {
    return B.CreateCall(Intrinsic::getOrInsertDeclaration(&M, ID), Args);
  }
  Value *laneId() { return nvvm(Intrinsic::nvvm_read_ptx_sreg_laneid, {}); }
  Value *floatArith(const Statement &S, Modifiers &Mods, PTy T);

  CallBase &CB;
  InlineAsm &Asm;
  Module &M;
  LLVMContext &Ctx;
  IRBuilder<> B;
  Value *Carry;          ///< CC.CF (i1), or nullptr before any .cc
  Value *Guard = nullptr; ///< the current pure instruction's guard
  Value *Result = nullptr;
  SmallVector<StringMap<Reg>, 4> Scopes;
  SmallVector<Type *, 4> OutputTypes;
  SmallVector<WeakTrackingVH, 2> Casts; ///< ptrtoints of pointer inputs
  SmallVector<WeakTrackingVH, 4> Dead;  ///< bit casts the outputs bypassed
  bool MemoryClobber = false;
  StringMap<std::pair<Reg *, Value *>> *GuardedWrites = nullptr;
};

//===----------------------------------------------------------------------===//
// The opcode table
//===----------------------------------------------------------------------===//

const OpcodeInfo Opcodes[] = {
    {"mov", &Translator::mov, false},
    {"add", &Translator::intArith, false},
    {"sub", &Translator::intArith, false},
    {"addc", &Translator::intArith, false},
    {"subc", &Translator::intArith, false},
    {"mul", &Translator::mul, false},
    {"mad", &Translator::mad, false},
    {"madc", &Translator::mad, false},
    {"mul24", &Translator::mul24, false},
    {"sad", &Translator::sad, false},
    {"div", &Translator::divRem, false},
    {"rem", &Translator::divRem, false},
    {"abs", &Translator::absNeg, false},
    {"neg", &Translator::absNeg, false},
    {"min", &Translator::minMax, false},
    {"max", &Translator::minMax, false},
    {"popc", &Translator::bitCount, false},
    {"clz", &Translator::bitCount, false},
    {"brev", &Translator::bitCount, false},
    {"bfind", &Translator::bfind, false},
    {"bfe", &Translator::bfe, false},
    {"bfi", &Translator::bfi, false},
    {"and", &Translator::logic, false},
    {"or", &Translator::logic, false},
    {"xor", &Translator::logic, false},
    {"not", &Translator::logic, false},
    {"cnot", &Translator::logic, false},
    {"shl", &Translator::shift, false},
    {"shr", &Translator::shift, false},
    {"shf", &Translator::shf, false},
    {"lop3", &Translator::lop3, false},
    {"prmt", &Translator::prmt, false},
    {"dp4a", &Translator::dp4a, false},
    {"setp", &Translator::setp, false},
    {"set", &Translator::set, false},
    {"selp", &Translator::selp, false},
    {"slct", &Translator::slct, false},
    {"cvt", &Translator::cvt, false},
    {"cvta", &Translator::cvta, false},
    {"fma", &Translator::fma, false},
    {"rcp", &Translator::floatUnary, false},
    {"sqrt", &Translator::floatUnary, false},
    {"rsqrt", &Translator::floatUnary, false},
    {"ex2", &Translator::floatUnary, false},
    {"lg2", &Translator::floatUnary, false},
    {"sin", &Translator::floatUnary, false},
    {"cos", &Translator::floatUnary, false},
    {"tanh", &Translator::floatUnary, false},
    {"testp", &Translator::testp, false},
    {"copysign", &Translator::copysign, false},
    {"ld", &Translator::ld, true},
    {"ldu", &Translator::ld, true},
    {"st", &Translator::st, true},
    {"atom", &Translator::atom, true},
    {"red", &Translator::atom, true},
    {"prefetch", &Translator::prefetch, true},
    {"prefetchu", &Translator::prefetch, true},
    {"membar", &Translator::fence, true},
    {"fence", &Translator::fence, true},
    {"shfl", &Translator::shfl, true},
    {"vote", &Translator::vote, true},
    {"activemask", &Translator::activemask, true},
    {"redux", &Translator::redux, true},
    {"bar", &Translator::bar, true},
    {"barrier", &Translator::bar, true},
    {"nanosleep", &Translator::nanosleep, true},
    {"trap", &Translator::trap, true},
    {"brkpt", &Translator::trap, true},
    {"exit", &Translator::exit, true},
    {"pmevent", &Translator::nop, true},
};

const OpcodeInfo *findOpcode(StringRef Name) {
  for (const OpcodeInfo &O : Opcodes)
    if (O.Name == Name)
      return &O;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Operands and registers
//===----------------------------------------------------------------------===//

bool Translator::bindOperands() {
  InlineAsm::ConstraintInfoVector Constraints = Asm.ParseConstraints();
  Scopes.emplace_back();
  unsigned NumOutputs = 0;
  for (const InlineAsm::ConstraintInfo &C : Constraints) {
    if (C.Type == InlineAsm::isClobber) {
      for (const std::string &Code : C.Codes)
        if (Code == "{memory}")
          MemoryClobber = true;
      continue;
    }
    if (C.isIndirect)
      return fail("memory operands (constraint 'm') are not supported in inline PTX");
    if (C.Type == InlineAsm::isOutput)
      ++NumOutputs;
  }
  // Outputs: the call's result (a struct when there are several).
  Type *RT = CB.getType();
  if (NumOutputs == 1)
    OutputTypes.push_back(RT);
  else if (NumOutputs > 1)
    for (Type *T : cast<StructType>(RT)->elements())
      OutputTypes.push_back(T);
  const DataLayout &DL = M.getDataLayout();
  for (unsigned I = 0; I < NumOutputs; ++I) {
    Type *T = OutputTypes[I];
    if (!T->isIntegerTy() && !T->isFloatingPointTy())
      return fail("an inline PTX output of IR type other than integer or float");
    Reg R;
    R.Bits = T->isIntegerTy(1) ? 32 : (unsigned)DL.getTypeSizeInBits(T); // a bool lives in a register
    R.V = ConstantInt::get(IntegerType::get(Ctx, R.Bits), 0);
    Scopes[0]["$" + std::to_string(I)] = R;
  }
  // Inputs follow as $NumOutputs, ...; a tied input ("0") seeds its output.
  unsigned ArgNo = 0, Index = NumOutputs;
  for (const InlineAsm::ConstraintInfo &C : Constraints) {
    if (C.Type != InlineAsm::isInput)
      continue;
    Value *V = CB.getArgOperand(ArgNo++);
    Type *T = V->getType();
    if (T->isPointerTy()) {
      V = B.CreatePtrToInt(V, DL.getIntPtrType(T));
      Casts.push_back(V); // dead once every use went through address()
    }
    else if (T->isIntegerTy(1)) // a bool operand: the register holds 0 or 1
      V = B.CreateZExt(V, IntegerType::get(Ctx, C.Codes.size() == 1 && C.Codes[0] == "l" ? 64
                                                : C.Codes.size() == 1 && C.Codes[0] == "h" ? 16
                                                                                            : 32));
    else if (!T->isIntegerTy())
      V = B.CreateBitCast(V, IntegerType::get(Ctx, DL.getTypeSizeInBits(T)));
    Reg R;
    R.Bits = V->getType()->getIntegerBitWidth();
    R.V = V;
    R.ReadOnly = true;
    if (!C.Codes.empty() && isDigit(C.Codes[0][0])) {
      unsigned Tied = std::stoul(C.Codes[0]);
      if (Tied < NumOutputs) {
        Reg &Out = Scopes[0]["$" + std::to_string(Tied)];
        Out.V = toBits(V, Out.Bits, /*Signed=*/false);
      }
    }
    Scopes[0]["$" + std::to_string(Index++)] = R;
  }
  return true;
}

Reg *Translator::lookup(StringRef Name) {
  for (auto It = Scopes.rbegin(); It != Scopes.rend(); ++It) {
    auto F = It->find(Name);
    if (F != It->end())
      return &F->second;
  }
  return nullptr;
}

/// Integer value \p V resized to \p Bits (extension by \p Signed).
Value *Translator::toBits(Value *V, unsigned Bits, bool Signed) {
  unsigned Have = V->getType()->getIntegerBitWidth();
  Type *T = IntegerType::get(Ctx, Bits);
  if (Have == Bits)
    return V;
  if (Have > Bits)
    return B.CreateTrunc(V, T);
  return Signed ? B.CreateSExt(V, T) : B.CreateZExt(V, T);
}

Type *Translator::irType(PTy T) {
  if (T.Kind == PTy::Pred)
    return B.getInt1Ty();
  if (T.Kind == PTy::F)
    return T.Bits == 16 ? B.getHalfTy() : T.Bits == 32 ? B.getFloatTy() : B.getDoubleTy();
  return IntegerType::get(Ctx, T.Bits);
}

/// Special registers (`%laneid`, `%tid.x`, `%lanemask_lt`, ...): the NVVM
/// sreg intrinsics, which NVVMIntrinsics maps onto Loom's markers.
Value *Translator::specialRegister(StringRef Name) {
  if (!Name.consume_front("%"))
    return nullptr;
  if (Name.starts_with("lanemask_")) {
    Value *Lane = laneId();
    Value *Bit = B.CreateShl(B.getInt32(1), Lane);
    StringRef K = Name.drop_front(9);
    if (K == "eq")
      return Bit;
    if (K == "lt")
      return B.CreateSub(Bit, B.getInt32(1));
    if (K == "le")
      return B.CreateOr(Bit, B.CreateSub(Bit, B.getInt32(1)));
    if (K == "gt")
      return B.CreateNot(B.CreateOr(Bit, B.CreateSub(Bit, B.getInt32(1))));
    if (K == "ge")
      return B.CreateNot(B.CreateSub(Bit, B.getInt32(1)));
    return nullptr;
  }
  if (Name == "globaltimer_lo")
    return B.CreateTrunc(nvvm(Intrinsic::nvvm_read_ptx_sreg_globaltimer, {}), B.getInt32Ty());
  if (Name == "globaltimer_hi")
    return B.CreateTrunc(B.CreateLShr(nvvm(Intrinsic::nvvm_read_ptx_sreg_globaltimer, {}), 32),
                         B.getInt32Ty());
  static const char *const Known[] = {
      "tid.x",   "tid.y",   "tid.z",   "ntid.x", "ntid.y",  "ntid.z",     "ctaid.x",
      "ctaid.y", "ctaid.z", "nctaid.x", "nctaid.y", "nctaid.z", "laneid", "warpid",
      "nwarpid", "smid",    "nsmid",   "clock",  "clock64", "globaltimer"};
  if (!is_contained(Known, Name))
    return nullptr;
  std::string Intr = ("llvm.nvvm.read.ptx.sreg." + Name).str();
  Intrinsic::ID ID = Intrinsic::lookupIntrinsicID(Intr);
  if (ID == Intrinsic::not_intrinsic)
    return nullptr;
  return nvvm(ID, {});
}

Value *Translator::readOperand(const Operand &Op, PTy T, const Statement &S) {
  Type *IRT = irType(T);
  switch (Op.Kind) {
  case Operand::Register: {
    if (Op.Minus) {
      fail("a negated register ('-" + Op.Name + "') in '" + S.Opcode + "'");
      return nullptr;
    }
    Value *V = nullptr;
    unsigned Bits = 0;
    bool IsPred = false;
    if (Reg *R = lookup(Op.Name)) {
      V = R->V;
      Bits = R->Bits;
      IsPred = Bits == 1;
    } else if ((V = specialRegister(Op.Name))) {
      Bits = V->getType()->getIntegerBitWidth();
    } else {
      fail("unknown register '" + Op.Name + "' in '" + S.Opcode + "'");
      return nullptr;
    }
    if (T.Kind == PTy::Pred) {
      if (!IsPred) {
        fail("'" + Op.Name + "' is not a predicate in '" + S.Opcode + "'");
        return nullptr;
      }
      return Op.Negated ? B.CreateNot(V) : V;
    }
    if (IsPred || Op.Negated) {
      fail("predicate '" + Op.Name + "' used as a value in '" + S.Opcode + "'");
      return nullptr;
    }
    // A wider register gives its low bits; a narrower one is extended
    // (PTX's relaxed operand sizes).
    V = toBits(V, T.Bits, T.isSigned());
    if (V->getType() == IRT)
      return V;
    // A float that went into a register as bits comes back as itself.
    if (auto *BC = dyn_cast<BitCastOperator>(V))
      if (BC->getOperand(0)->getType() == IRT)
        return BC->getOperand(0);
    return B.CreateBitCast(V, IRT);
  }
  case Operand::Integer: {
    if (T.Kind == PTy::Pred)
      return B.getInt1(Op.Int != 0);
    if (T.Kind == PTy::F) {
      // An integer literal in a float instruction: its value.
      return ConstantFP::get(IRT, (double)(int64_t)Op.Int);
    }
    return ConstantInt::get(IRT, Op.Int);
  }
  case Operand::Float: {
    if (T.Kind == PTy::Pred) {
      fail("a float literal as a predicate in '" + S.Opcode + "'");
      return nullptr;
    }
    APFloat F = Op.FloatIsF32
                    ? APFloat(APFloat::IEEEsingle(), APInt(32, Op.FloatBits))
                    : APFloat(APFloat::IEEEdouble(), APInt(64, Op.FloatBits));
    if (T.Kind == PTy::F) {
      bool Lost = false;
      F.convert(IRT->getFltSemantics(), APFloat::rmNearestTiesToEven, &Lost);
      return ConstantFP::get(IRT, F);
    }
    // In an integer instruction, a float literal stands for its bits.
    APInt Bits = F.bitcastToAPInt();
    return ConstantInt::get(IRT, Bits.zextOrTrunc(T.Bits));
  }
  default:
    fail("unexpected operand kind in '" + S.Opcode + "'");
    return nullptr;
  }
}

Value *Translator::read(const Statement &S, unsigned I, PTy T) {
  if (I >= S.Operands.size()) {
    fail("'" + S.Opcode + "' is missing an operand");
    return nullptr;
  }
  return readOperand(S.Operands[I], T, S);
}

Value *Translator::readPred(const Statement &S, unsigned I) { return read(S, I, PTy::pred()); }

bool Translator::writeReg(StringRef Name, Value *V, PTy T, const Statement &S) {
  Reg *R = lookup(Name);
  if (!R)
    return fail("unknown destination register '" + Name + "' in '" + S.Opcode + "'");
  if (R->ReadOnly)
    return fail("'" + S.Opcode + "' writes the input operand '" + Name + "'");
  if (R->Bits == 1) {
    if (!V->getType()->isIntegerTy(1))
      return fail("a value written to predicate '" + Name + "' in '" + S.Opcode + "'");
  } else {
    if (V->getType()->isIntegerTy(1))
      return fail("a predicate written to register '" + Name + "' in '" + S.Opcode + "'");
    if (!V->getType()->isIntegerTy())
      V = B.CreateBitCast(V, IntegerType::get(Ctx, V->getType()->getPrimitiveSizeInBits()));
    // A destination wider than the type: sign-extended for signed types,
    // zero-extended otherwise.
    V = toBits(V, R->Bits, T.isSigned());
  }
  if (Guard)
    V = B.CreateSelect(Guard, V, R->V);
  if (GuardedWrites && !GuardedWrites->count(Name))
    (*GuardedWrites)[Name] = {R, R->V};
  R->V = V;
  return true;
}

bool Translator::writeOperand(const Operand &Op, Value *V, PTy T, const Statement &S) {
  if (Op.Kind == Operand::Sink)
    return true;
  if (Op.Kind != Operand::Register || Op.Negated || Op.Minus)
    return fail("'" + S.Opcode + "' needs a register as its destination");
  return writeReg(Op.Name, V, T, S);
}

bool Translator::write(const Statement &S, unsigned I, Value *V, PTy T) {
  if (!V)
    return false;
  if (I >= S.Operands.size())
    return fail("'" + S.Opcode + "' is missing its destination");
  return writeOperand(S.Operands[I], V, T, S);
}

/// `[reg+off]`: a pointer. State spaces share the CPU's one flat memory, but
/// a 32-bit shared/local window address cannot be mapped back to a pointer.
Value *Translator::address(const Statement &S, unsigned I, StringRef Space) {
  if (I >= S.Operands.size() || S.Operands[I].Kind != Operand::Address) {
    fail("'" + S.Opcode + "' needs an address operand '[...]'");
    return nullptr;
  }
  const Operand &A = S.Operands[I];
  const Operand &Base = A.Elements[0];
  Value *P = nullptr;
  if (Base.Kind == Operand::Register) {
    Reg *R = lookup(Base.Name);
    if (!R) {
      fail("unknown address register '" + Base.Name + "' in '" + S.Opcode + "'");
      return nullptr;
    }
    if (R->Bits != 64) {
      fail("a " + Twine(R->Bits) + "-bit address ('" + Base.Name + "' in '" + S.Opcode +
           "'): Loom supports 64-bit generic addresses only" +
           (Space.empty() ? "" : " (." + Space + " windows are not mapped)"));
      return nullptr;
    }
    Value *V = R->V;
    // Keep the pointer's provenance when the register holds an asm input.
    if (auto *PI = dyn_cast<PtrToIntOperator>(V))
      P = PI->getPointerOperand();
    else
      P = B.CreateIntToPtr(V, B.getPtrTy());
  } else {
    P = B.CreateIntToPtr(B.getInt64(Base.Int), B.getPtrTy());
  }
  if (A.Offset)
    P = B.CreateGEP(B.getInt8Ty(), P, B.getInt64(A.Offset));
  return P;
}

Value *Translator::needCarry(const Statement &S) {
  if (!Carry)
    fail("'" + S.Opcode + "' reads the carry flag, but no earlier instruction of this asm "
         "statement (or of an asm statement before it in the same block) set it");
  return Carry;
}

//===----------------------------------------------------------------------===//
// Float helpers
//===----------------------------------------------------------------------===//

/// .ftz: a subnormal f32 becomes a zero of its sign.
Value *Translator::ftz(Value *V) {
  if (!V->getType()->isFloatTy())
    return V;
  Value *Tiny = B.CreateFCmpOLT(intrinsic(Intrinsic::fabs, {V}, {V->getType()}),
                                ConstantFP::get(V->getType(), 0x1p-126));
  Value *Zero = intrinsic(Intrinsic::copysign,
                          {ConstantFP::get(V->getType(), 0.0), V}, {V->getType()});
  return B.CreateSelect(Tiny, Zero, V);
}

/// .sat: clamp to [0.0, 1.0]; NaN and -0.0 become +0.0.
Value *Translator::saturate(Value *V) {
  Type *T = V->getType();
  Value *One = ConstantFP::get(T, 1.0);
  Value *Upper = B.CreateSelect(B.CreateFCmpOLT(V, One), V, One);
  return B.CreateSelect(B.CreateFCmpOGT(V, ConstantFP::get(T, 0.0)), Upper,
                        ConstantFP::get(T, 0.0));
}

/// The next representable value above \p V (finite or -inf \p V).
Value *Translator::nextUp(Value *V) {
  Type *T = V->getType();
  unsigned Bits = T->getPrimitiveSizeInBits();
  Type *IT = IntegerType::get(Ctx, Bits);
  Value *I = B.CreateBitCast(V, IT);
  Value *IsZero = B.CreateFCmpOEQ(V, ConstantFP::get(T, 0.0));
  Value *Neg = B.CreateICmpSLT(I, ConstantInt::get(IT, 0));
  Value *Step = B.CreateSelect(Neg, B.CreateSub(I, ConstantInt::get(IT, 1)),
                               B.CreateAdd(I, ConstantInt::get(IT, 1)));
  Value *R = B.CreateSelect(IsZero, ConstantInt::get(IT, 1), Step);
  return B.CreateBitCast(R, T);
}

/// Directed rounding of an exact value, given its round-to-nearest result
/// \p Rounded and whether the exact value lies \p Above or \p Below it.
Value *Translator::directed(Value *Rounded, Value *Above, Value *Below, StringRef Mode) {
  if (Mode == "rn")
    return Rounded;
  if (Mode == "rm")
    return B.CreateSelect(Below, nextDown(Rounded), Rounded);
  if (Mode == "rp")
    return B.CreateSelect(Above, nextUp(Rounded), Rounded);
  // rz: toward zero (a zero result is already as close to zero as it gets).
  Value *Zero = ConstantFP::get(Rounded->getType(), 0.0);
  Value *Down = B.CreateAnd(B.CreateFCmpOGT(Rounded, Zero), Below);
  Value *Up = B.CreateAnd(B.CreateFCmpOLT(Rounded, Zero), Above);
  return B.CreateSelect(Down, nextDown(Rounded), B.CreateSelect(Up, nextUp(Rounded), Rounded));
}

//===----------------------------------------------------------------------===//
// Handlers: data movement and integer arithmetic
//===----------------------------------------------------------------------===//

bool Translator::mov(const Statement &S, Modifiers &Mods) {
  std::optional<PTy> T = Mods.takeType();
  if (!T || !expectOperands(S, 2))
    return fail("'" + S.Opcode + "' needs a type and two operands");
  const Operand &D = S.Operands[0], &A = S.Operands[1];
  // Packing: mov.b64 d, {a, b} (a is the low half); mov.b32 d, {h0, h1}.
  if (A.Kind == Operand::Vector) {
    unsigned N = A.Elements.size();
    if (!T->isInt() || N < 2 || T->Bits % N)
      return fail("malformed packing '" + S.Opcode + "'");
    PTy Part = PTy::b(T->Bits / N);
    Value *V = ConstantInt::get(irType(*T), 0);
    for (unsigned I = 0; I < N; ++I) {
      if (A.Elements[I].Kind == Operand::Sink)
        return fail("'_' in a packing source of '" + S.Opcode + "'");
      Value *E = readOperand(A.Elements[I], Part, S);
      if (!E)
        return false;
      V = B.CreateOr(V, B.CreateShl(B.CreateZExt(E, V->getType()), I * Part.Bits));
    }
    return write(S, 0, V, *T);
  }
  // Unpacking: mov.b64 {lo, hi}, d.
  if (D.Kind == Operand::Vector) {
    unsigned N = D.Elements.size();
    if (!T->isInt() || N < 2 || T->Bits % N)
      return fail("malformed unpacking '" + S.Opcode + "'");
    PTy Part = PTy::b(T->Bits / N);
    Value *V = read(S, 1, *T);
    if (!V)
      return false;
    for (unsigned I = 0; I < N; ++I)
      if (!writeOperand(D.Elements[I],
                        B.CreateTrunc(B.CreateLShr(V, I * Part.Bits), irType(Part)), Part, S))
        return false;
    return true;
  }
  return write(S, 0, read(S, 1, *T), *T);
}

/// add/sub/addc/subc (with .cc and .sat), and the float add/sub.
bool Translator::intArith(const Statement &S, Modifiers &Mods) {
  StringRef Op = S.Parts[0];
  bool IsSub = Op.starts_with("sub");
  bool CarryIn = Op.ends_with("c");
  std::optional<PTy> T = Mods.takeType();
  if (!T)
    return fail("'" + S.Opcode + "' needs a type");
  if (T->isFloat()) {
    if (CarryIn)
      return fail("'" + S.Opcode + "': carries on a float type");
    Value *R = floatArith(S, Mods, *T);
    return R && write(S, 0, R, *T);
  }
  bool CarryOut = Mods.take("cc");
  bool Sat = Mods.take("sat");
  if (!T->isInt() || !expectOperands(S, 3))
    return false;
  if (Sat && !(T->Kind == PTy::S && T->Bits == 32 && !CarryIn && !CarryOut))
    return fail("'" + S.Opcode + "': .sat exists for .s32 only");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T);
  if (!A || !Bv)
    return false;
  Value *R;
  if (Sat) {
    R = intrinsic(IsSub ? Intrinsic::ssub_sat : Intrinsic::sadd_sat, {A, Bv}, {A->getType()});
    return write(S, 0, R, *T);
  }
  Value *Cin = nullptr;
  if (CarryIn && !(Cin = needCarry(S)))
    return false;
  Value *NewCarry;
  if (!IsSub) {
    Value *Sum = B.CreateAdd(A, Bv);
    NewCarry = B.CreateICmpULT(Sum, A);
    R = Sum;
    if (Cin) {
      R = B.CreateAdd(Sum, B.CreateZExt(Cin, Sum->getType()));
      NewCarry = B.CreateOr(NewCarry, B.CreateICmpULT(R, Sum));
    }
  } else {
    // The carry flag is a borrow: subc computes a - (b + CF).
    Value *Diff = B.CreateSub(A, Bv);
    NewCarry = B.CreateICmpULT(A, Bv);
    R = Diff;
    if (Cin) {
      Value *C = B.CreateZExt(Cin, Diff->getType());
      R = B.CreateSub(Diff, C);
      NewCarry = B.CreateOr(NewCarry, B.CreateICmpULT(Diff, C));
    }
  }
  if (!write(S, 0, R, *T))
    return false;
  if (CarryOut)
    Carry = Guard ? B.CreateSelect(Guard, NewCarry, Carry ? Carry : B.getFalse()) : NewCarry;
  return true;
}

/// The full 2N-bit product of \p A and \p Bv (signed or unsigned).
static Value *wideProduct(IRBuilder<> &B, Value *A, Value *Bv, bool Signed) {
  unsigned N = A->getType()->getIntegerBitWidth();
  Type *W = B.getIntNTy(2 * N);
  Value *AW = Signed ? B.CreateSExt(A, W) : B.CreateZExt(A, W);
  Value *BW = Signed ? B.CreateSExt(Bv, W) : B.CreateZExt(Bv, W);
  return B.CreateMul(AW, BW);
}

bool Translator::mul(const Statement &S, Modifiers &Mods) {
  StringRef Mode = Mods.takeOneOf({"lo", "hi", "wide"});
  std::optional<PTy> T = Mods.takeType();
  if (!T)
    return fail("'" + S.Opcode + "' needs a type");
  if (T->isFloat()) {
    if (!Mode.empty())
      return fail("'" + S.Opcode + "': ." + Mode + " on a float type");
    Value *R = floatArith(S, Mods, *T);
    return R && write(S, 0, R, *T);
  }
  if (!T->isInt() || !expectOperands(S, 3))
    return fail("'" + S.Opcode + "' needs an integer type and three operands");
  if (Mode.empty())
    return fail("'" + S.Opcode + "' needs .lo, .hi or .wide");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T);
  if (!A || !Bv)
    return false;
  if (Mode == "lo")
    return write(S, 0, B.CreateMul(A, Bv), *T);
  if (Mode == "wide") {
    if (T->Bits > 32)
      return fail("'" + S.Opcode + "': .wide exists for 16- and 32-bit types");
    PTy W = *T;
    W.Bits *= 2;
    return write(S, 0, wideProduct(B, A, Bv, T->isSigned()), W);
  }
  Value *P = wideProduct(B, A, Bv, T->isSigned());
  return write(S, 0, B.CreateTrunc(B.CreateLShr(P, T->Bits), A->getType()), *T);
}

bool Translator::mad(const Statement &S, Modifiers &Mods) {
  bool CarryIn = S.Parts[0] == "madc";
  StringRef Mode = Mods.takeOneOf({"lo", "hi", "wide"});
  bool CarryOut = Mods.take("cc");
  bool Sat = Mods.take("sat");
  std::optional<PTy> T = Mods.takeType();
  if (!T)
    return fail("'" + S.Opcode + "' needs a type");
  if (T->isFloat()) {
    // mad.rn.f32 is fma.rn.f32; a plain mad.f32 (sm_1x) may round twice.
    if (CarryIn || CarryOut || !Mode.empty())
      return fail("malformed float '" + S.Opcode + "'");
    return fmaOf(S, Mods, *T, Sat);
  }
  if (!T->isInt() || !expectOperands(S, 4))
    return fail("'" + S.Opcode + "' needs an integer type and four operands");
  if (Mode.empty())
    return fail("'" + S.Opcode + "' needs .lo, .hi or .wide");
  PTy RT = *T;
  if (Mode == "wide") {
    if (T->Bits > 32 || CarryIn || CarryOut)
      return fail("'" + S.Opcode + "': malformed .wide");
    RT.Bits *= 2;
  }
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T), *C = read(S, 3, RT);
  if (!A || !Bv || !C)
    return false;
  Value *P = wideProduct(B, A, Bv, T->isSigned());
  Value *Prod = Mode == "wide" ? P
                : Mode == "lo" ? B.CreateTrunc(P, A->getType())
                               : B.CreateTrunc(B.CreateLShr(P, T->Bits), A->getType());
  if (Sat) {
    if (!(Mode == "hi" && T->Kind == PTy::S && T->Bits == 32) || CarryIn || CarryOut)
      return fail("'" + S.Opcode + "': .sat exists for mad.hi.sat.s32 only");
    return write(S, 0, intrinsic(Intrinsic::sadd_sat, {Prod, C}, {Prod->getType()}), *T);
  }
  Value *Cin = nullptr;
  if (CarryIn && !(Cin = needCarry(S)))
    return false;
  Value *Sum = B.CreateAdd(Prod, C);
  Value *NewCarry = B.CreateICmpULT(Sum, Prod);
  Value *R = Sum;
  if (Cin) {
    R = B.CreateAdd(Sum, B.CreateZExt(Cin, Sum->getType()));
    NewCarry = B.CreateOr(NewCarry, B.CreateICmpULT(R, Sum));
  }
  if (!write(S, 0, R, RT))
    return false;
  if (CarryOut)
    Carry = Guard ? B.CreateSelect(Guard, NewCarry, Carry ? Carry : B.getFalse()) : NewCarry;
  return true;
}

/// mul24.lo/.hi: the product of the low 24 bits (sign-extended for .s32);
/// .hi gives bits 16..47 of the 48-bit product.
bool Translator::mul24(const Statement &S, Modifiers &Mods) {
  StringRef Mode = Mods.takeOneOf({"lo", "hi"});
  std::optional<PTy> T = Mods.takeType();
  if (!T || T->Bits != 32 || !T->isInt() || Mode.empty() || !expectOperands(S, 3))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T);
  if (!A || !Bv)
    return false;
  auto Low24 = [&](Value *V) {
    Value *Sh = B.CreateShl(V, 8);
    return T->isSigned() ? B.CreateAShr(Sh, 8) : B.CreateLShr(Sh, 8);
  };
  Value *P = wideProduct(B, Low24(A), Low24(Bv), T->isSigned());
  unsigned Shift = Mode == "lo" ? 0 : 16;
  return write(S, 0, B.CreateTrunc(B.CreateLShr(P, Shift), A->getType()), *T);
}

bool Translator::sad(const Statement &S, Modifiers &Mods) {
  std::optional<PTy> T = Mods.takeType();
  if (!T || !T->isInt() || !expectOperands(S, 4))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T), *C = read(S, 3, *T);
  if (!A || !Bv || !C)
    return false;
  Value *Less = T->isSigned() ? B.CreateICmpSLT(A, Bv) : B.CreateICmpULT(A, Bv);
  Value *Diff = B.CreateSelect(Less, B.CreateSub(Bv, A), B.CreateSub(A, Bv));
  return write(S, 0, B.CreateAdd(C, Diff), *T);
}

/// div/rem: integer division never traps (x/0 is all ones, x%0 is x,
/// MIN/-1 is MIN); float div goes to floatArith.
bool Translator::divRem(const Statement &S, Modifiers &Mods) {
  bool IsRem = S.Parts[0] == "rem";
  std::optional<PTy> T = Mods.takeType();
  if (!T)
    return fail("'" + S.Opcode + "' needs a type");
  if (T->isFloat() && !IsRem) {
    Value *R = floatArith(S, Mods, *T);
    return R && write(S, 0, R, *T);
  }
  if (!T->isInt() || !expectOperands(S, 3))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T);
  if (!A || !Bv)
    return false;
  Type *IT = A->getType();
  Value *Zero = ConstantInt::get(IT, 0), *One = ConstantInt::get(IT, 1);
  Value *ByZero = B.CreateICmpEQ(Bv, Zero);
  Value *Bad = ByZero;
  if (T->isSigned())
    Bad = B.CreateOr(Bad, B.CreateAnd(B.CreateICmpEQ(A, ConstantInt::get(IT, APInt::getSignedMinValue(T->Bits))),
                                      B.CreateICmpEQ(Bv, ConstantInt::getAllOnesValue(IT))));
  Value *Safe = B.CreateSelect(Bad, One, Bv);
  Value *R;
  if (IsRem) {
    R = T->isSigned() ? B.CreateSRem(A, Safe) : B.CreateURem(A, Safe);
    R = B.CreateSelect(ByZero, A, R);
  } else {
    R = T->isSigned() ? B.CreateSDiv(A, Safe) : B.CreateUDiv(A, Safe);
    R = B.CreateSelect(ByZero, ConstantInt::getAllOnesValue(IT), R);
  }
  return write(S, 0, R, *T);
}

bool Translator::absNeg(const Statement &S, Modifiers &Mods) {
  bool IsAbs = S.Parts[0] == "abs";
  bool Ftz = Mods.take("ftz");
  std::optional<PTy> T = Mods.takeType();
  if (!T || !expectOperands(S, 2))
    return fail("malformed '" + S.Opcode + "'");
  if (T->isFloat()) {
    Value *A = read(S, 1, *T);
    if (!A)
      return false;
    if (Ftz)
      A = ftz(A);
    Value *R = IsAbs ? intrinsic(Intrinsic::fabs, {A}, {A->getType()}) : B.CreateFNeg(A);
    return write(S, 0, R, *T);
  }
  if (Ftz || !T->isInt())
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T);
  if (!A)
    return false;
  Value *R = IsAbs ? intrinsic(Intrinsic::abs, {A, B.getFalse()}, {A->getType()})
                   : B.CreateSub(ConstantInt::get(A->getType(), 0), A);
  return write(S, 0, R, *T);
}

bool Translator::minMax(const Statement &S, Modifiers &Mods) {
  bool IsMin = S.Parts[0] == "min";
  bool Ftz = Mods.take("ftz");
  bool NaN = Mods.take("NaN");
  bool Relu = Mods.take("relu");
  std::optional<PTy> T = Mods.takeType();
  if (!T || !expectOperands(S, 3))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T);
  if (!A || !Bv)
    return false;
  Value *R;
  if (T->isFloat()) {
    if (Relu)
      return fail("'" + S.Opcode + "': .relu is not supported on float types");
    if (Ftz) {
      A = ftz(A);
      Bv = ftz(Bv);
    }
    // PTX: a NaN operand yields the other one (both NaN: NaN), -0.0 < +0.0;
    // .NaN propagates NaN.
    Intrinsic::ID ID = NaN ? (IsMin ? Intrinsic::minimum : Intrinsic::maximum)
                           : (IsMin ? Intrinsic::minimumnum : Intrinsic::maximumnum);
    R = intrinsic(ID, {A, Bv}, {A->getType()});
  } else {
    if (Ftz || NaN || !T->isInt())
      return fail("malformed '" + S.Opcode + "'");
    Intrinsic::ID ID = T->isSigned() ? (IsMin ? Intrinsic::smin : Intrinsic::smax)
                                     : (IsMin ? Intrinsic::umin : Intrinsic::umax);
    R = intrinsic(ID, {A, Bv}, {A->getType()});
    if (Relu) {
      if (!(T->isSigned() && T->Bits == 32))
        return fail("'" + S.Opcode + "': .relu exists for .s32 only");
      R = intrinsic(Intrinsic::smax, {R, ConstantInt::get(R->getType(), 0)}, {R->getType()});
    }
  }
  return write(S, 0, R, *T);
}

/// popc and clz (a u32 count), brev.
bool Translator::bitCount(const Statement &S, Modifiers &Mods) {
  StringRef Op = S.Parts[0];
  std::optional<PTy> T = Mods.takeType();
  if (!T || !T->isInt() || (T->Bits != 32 && T->Bits != 64) || !expectOperands(S, 2))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T);
  if (!A)
    return false;
  if (Op == "brev")
    return write(S, 0, intrinsic(Intrinsic::bitreverse, {A}, {A->getType()}), *T);
  Value *R = Op == "popc" ? intrinsic(Intrinsic::ctpop, {A}, {A->getType()})
                          : intrinsic(Intrinsic::ctlz, {A, B.getFalse()}, {A->getType()});
  return write(S, 0, B.CreateTrunc(R, B.getInt32Ty()), PTy::u(32));
}

/// bfind: the bit position of the most significant non-sign bit
/// (0xffffffff when there is none); .shiftamt gives the left shift that
/// would move it to the top instead.
bool Translator::bfind(const Statement &S, Modifiers &Mods) {
  bool ShiftAmt = Mods.take("shiftamt");
  std::optional<PTy> T = Mods.takeType();
  if (!T || !T->isInt() || T->Kind == PTy::B || (T->Bits != 32 && T->Bits != 64) ||
      !expectOperands(S, 2))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T);
  if (!A)
    return false;
  Type *IT = A->getType();
  if (T->isSigned())
    A = B.CreateSelect(B.CreateICmpSLT(A, ConstantInt::get(IT, 0)), B.CreateNot(A), A);
  Value *Lz = B.CreateTrunc(intrinsic(Intrinsic::ctlz, {A, B.getFalse()}, {IT}), B.getInt32Ty());
  Value *Pos = ShiftAmt ? Lz : B.CreateSub(B.getInt32(T->Bits - 1), Lz);
  Value *None = B.CreateICmpEQ(A, ConstantInt::get(IT, 0));
  return write(S, 0, B.CreateSelect(None, B.getInt32(~0u), Pos), PTy::u(32));
}

/// bfe: extract len bits at pos (both taken from bits 0..7 of 32-bit
/// operands), zero- or sign-extended; bits beyond the source's top are the
/// sign (or zero).
bool Translator::bfe(const Statement &S, Modifiers &Mods) {
  std::optional<PTy> T = Mods.takeType();
  if (!T || !T->isInt() || T->Kind == PTy::B || (T->Bits != 32 && T->Bits != 64) ||
      !expectOperands(S, 4))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T);
  Value *Pos = read(S, 2, PTy::u(32)), *Len = read(S, 3, PTy::u(32));
  if (!A || !Pos || !Len)
    return false;
  Type *IT = A->getType();
  unsigned W = T->Bits;
  Pos = B.CreateZExtOrTrunc(B.CreateAnd(Pos, 0xff), IT);
  Len = B.CreateZExtOrTrunc(B.CreateAnd(Len, 0xff), IT);
  Value *WC = ConstantInt::get(IT, W);
  Value *PosIn = B.CreateICmpULT(Pos, WC);
  Value *Shifted = B.CreateSelect(PosIn, B.CreateLShr(A, B.CreateSelect(PosIn, Pos, ConstantInt::get(IT, 0))),
                                  ConstantInt::get(IT, 0));
  // Valid bits: min(len, max(W - pos, 0)).
  Value *Room = B.CreateSelect(PosIn, B.CreateSub(WC, Pos), ConstantInt::get(IT, 0));
  Value *V = intrinsic(Intrinsic::umin, {Len, Room}, {IT});
  Value *Full = B.CreateICmpUGE(V, WC);
  Value *Mask = B.CreateSelect(
      Full, ConstantInt::getAllOnesValue(IT),
      B.CreateSub(B.CreateShl(ConstantInt::get(IT, 1), B.CreateSelect(Full, ConstantInt::get(IT, 0), V)),
                  ConstantInt::get(IT, 1)));
  Value *R = B.CreateAnd(Shifted, Mask);
  if (T->isSigned()) {
    // The sign: bit min(pos + len - 1, W - 1) of a (0 when len == 0).
    Value *Top = intrinsic(Intrinsic::umin,
                           {B.CreateSub(B.CreateAdd(Pos, Len), ConstantInt::get(IT, 1)),
                            ConstantInt::get(IT, W - 1)},
                           {IT});
    Value *Sign = B.CreateAnd(B.CreateLShr(A, Top), ConstantInt::get(IT, 1));
    Value *Neg = B.CreateAnd(B.CreateICmpNE(Len, ConstantInt::get(IT, 0)),
                             B.CreateICmpNE(Sign, ConstantInt::get(IT, 0)));
    R = B.CreateSelect(Neg, B.CreateOr(R, B.CreateNot(Mask)), R);
  }
  return write(S, 0, R, *T);
}

/// bfi: insert the low len bits of a into b at pos (pos, len from bits 0..7).
bool Translator::bfi(const Statement &S, Modifiers &Mods) {
  std::optional<PTy> T = Mods.takeType();
  if (!T || !T->isInt() || (T->Bits != 32 && T->Bits != 64) || !expectOperands(S, 5))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T);
  Value *Pos = read(S, 3, PTy::u(32)), *Len = read(S, 4, PTy::u(32));
  if (!A || !Bv || !Pos || !Len)
    return false;
  Type *IT = A->getType();
  unsigned W = T->Bits;
  Pos = B.CreateZExtOrTrunc(B.CreateAnd(Pos, 0xff), IT);
  Len = B.CreateZExtOrTrunc(B.CreateAnd(Len, 0xff), IT);
  Value *WC = ConstantInt::get(IT, W);
  Value *Zero = ConstantInt::get(IT, 0);
  Value *PosIn = B.CreateICmpULT(Pos, WC);
  Value *SafePos = B.CreateSelect(PosIn, Pos, Zero);
  Value *L = intrinsic(Intrinsic::umin, {Len, B.CreateSub(WC, SafePos)}, {IT});
  Value *Full = B.CreateICmpUGE(L, WC);
  Value *Low = B.CreateSelect(
      Full, ConstantInt::getAllOnesValue(IT),
      B.CreateSub(B.CreateShl(ConstantInt::get(IT, 1), B.CreateSelect(Full, Zero, L)),
                  ConstantInt::get(IT, 1)));
  Value *Mask = B.CreateShl(Low, SafePos);
  Value *R = B.CreateOr(B.CreateAnd(Bv, B.CreateNot(Mask)), B.CreateAnd(B.CreateShl(A, SafePos), Mask));
  R = B.CreateSelect(PosIn, R, Bv);
  return write(S, 0, R, *T);
}

bool Translator::logic(const Statement &S, Modifiers &Mods) {
  StringRef Op = S.Parts[0];
  std::optional<PTy> T = Mods.takeType();
  if (!T || !(T->isInt() || T->Kind == PTy::Pred))
    return fail("malformed '" + S.Opcode + "'");
  bool Unary = Op == "not" || Op == "cnot";
  if (!expectOperands(S, Unary ? 2 : 3))
    return false;
  Value *A = read(S, 1, *T);
  if (!A)
    return false;
  if (Op == "not")
    return write(S, 0, B.CreateNot(A), *T);
  if (Op == "cnot")
    return write(S, 0, B.CreateZExt(B.CreateICmpEQ(A, ConstantInt::get(A->getType(), 0)),
                                    A->getType()),
                 *T);
  Value *Bv = read(S, 2, *T);
  if (!Bv)
    return false;
  Value *R = Op == "and" ? B.CreateAnd(A, Bv) : Op == "or" ? B.CreateOr(A, Bv) : B.CreateXor(A, Bv);
  return write(S, 0, R, *T);
}

/// shl/shr: the amount is an unsigned 32-bit value; amounts past the width
/// give 0 (shl, shr.u/.b) or the sign (shr.s).
bool Translator::shift(const Statement &S, Modifiers &Mods) {
  bool Left = S.Parts[0] == "shl";
  std::optional<PTy> T = Mods.takeType();
  if (!T || !T->isInt() || T->Bits < 16 || !expectOperands(S, 3))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T), *N = read(S, 2, PTy::u(32));
  if (!A || !N)
    return false;
  Type *IT = A->getType();
  unsigned W = T->Bits;
  Value *TooFar = B.CreateICmpUGE(N, B.getInt32(W));
  Value *Amt = B.CreateZExtOrTrunc(B.CreateSelect(TooFar, B.getInt32(W - 1), N), IT);
  Value *R;
  if (Left)
    R = B.CreateSelect(TooFar, ConstantInt::get(IT, 0), B.CreateShl(A, Amt));
  else if (T->isSigned())
    R = B.CreateAShr(A, Amt);
  else
    R = B.CreateSelect(TooFar, ConstantInt::get(IT, 0), B.CreateLShr(A, Amt));
  return write(S, 0, R, *T);
}

/// shf.l/.r.wrap/.clamp.b32: a funnel shift of {b:a}; .wrap takes the
/// amount mod 32, .clamp clamps it to 32.
bool Translator::shf(const Statement &S, Modifiers &Mods) {
  StringRef Dir = Mods.takeOneOf({"l", "r"});
  StringRef Mode = Mods.takeOneOf({"wrap", "clamp"});
  std::optional<PTy> T = Mods.takeType();
  if (Dir.empty() || Mode.empty() || !T || !T->isInt() || T->Bits != 32 || !expectOperands(S, 4))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T), *N = read(S, 3, PTy::u(32));
  if (!A || !Bv || !N)
    return false;
  Type *IT = A->getType();
  Value *R;
  if (Mode == "wrap") {
    R = Dir == "l" ? intrinsic(Intrinsic::fshl, {Bv, A, N}, {IT})
                   : intrinsic(Intrinsic::fshr, {Bv, A, N}, {IT});
  } else {
    Value *Is32 = B.CreateICmpUGE(N, B.getInt32(32));
    R = Dir == "l" ? intrinsic(Intrinsic::fshl, {Bv, A, N}, {IT})
                   : intrinsic(Intrinsic::fshr, {Bv, A, N}, {IT});
    R = B.CreateSelect(Is32, Dir == "l" ? A : Bv, R);
  }
  return write(S, 0, R, *T);
}

/// lop3.b32 d, a, b, c, lut: bit i of d is lut[(a_i << 2) | (b_i << 1) | c_i].
bool Translator::lop3(const Statement &S, Modifiers &Mods) {
  std::optional<PTy> T = Mods.takeType();
  if (!T || !T->isInt() || T->Bits != 32 || !expectOperands(S, 5))
    return fail("malformed '" + S.Opcode + "'");
  const Operand &Lut = S.Operands[4];
  uint64_t L = 0;
  if (Lut.Kind == Operand::Integer) {
    L = Lut.Int;
  } else if (Lut.Kind == Operand::Register) {
    Reg *R = lookup(Lut.Name);
    auto *C = R ? dyn_cast<ConstantInt>(R->V) : nullptr;
    if (!C)
      return fail("'" + S.Opcode + "' needs an immediate lookup table");
    L = C->getZExtValue();
  } else {
    return fail("'" + S.Opcode + "' needs an immediate lookup table");
  }
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T), *C = read(S, 3, *T);
  if (!A || !Bv || !C)
    return false;
  Value *R = B.getInt32(0);
  for (unsigned K = 0; K < 8; ++K) {
    if (!(L >> K & 1))
      continue;
    Value *Ta = K & 4 ? A : B.CreateNot(A);
    Value *Tb = K & 2 ? Bv : B.CreateNot(Bv);
    Value *Tc = K & 1 ? C : B.CreateNot(C);
    R = B.CreateOr(R, B.CreateAnd(Ta, B.CreateAnd(Tb, Tc)));
  }
  return write(S, 0, R, *T);
}

/// prmt.b32{.mode} d, a, b, c: four bytes picked from {b, a}.
bool Translator::prmt(const Statement &S, Modifiers &Mods) {
  StringRef Mode = Mods.takeOneOf({"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"});
  std::optional<PTy> T = Mods.takeType();
  if (!T || !T->isInt() || T->Bits != 32 || !expectOperands(S, 4))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T), *C = read(S, 3, *T);
  if (!A || !Bv || !C)
    return false;
  Type *I64 = B.getInt64Ty();
  Value *Src = B.CreateOr(B.CreateShl(B.CreateZExt(Bv, I64), 32), B.CreateZExt(A, I64));
  Value *Ctl = B.CreateAnd(C, 3);
  Value *R = B.getInt32(0);
  for (unsigned I = 0; I < 4; ++I) {
    Value *Idx; // source byte index, 0..7
    Value *Sign = nullptr;
    Value *Byte = B.getInt32(I);
    if (Mode.empty()) {
      Value *Sel = B.CreateAnd(B.CreateLShr(C, 4 * I), 0xf);
      Idx = B.CreateAnd(Sel, 7);
      Sign = B.CreateICmpNE(B.CreateAnd(Sel, 8), B.getInt32(0));
    } else if (Mode == "f4e") {
      Idx = B.CreateAnd(B.CreateAdd(Ctl, Byte), 7);
    } else if (Mode == "b4e") {
      Idx = B.CreateAnd(B.CreateSub(B.CreateAdd(Ctl, B.getInt32(8)), Byte), 7);
    } else if (Mode == "rc8") {
      Idx = Ctl;
    } else if (Mode == "ecl") {
      Idx = intrinsic(Intrinsic::umax, {Ctl, Byte}, {B.getInt32Ty()});
    } else if (Mode == "ecr") {
      Idx = intrinsic(Intrinsic::umin, {Ctl, Byte}, {B.getInt32Ty()});
    } else { // rc16
      Idx = B.CreateOr(B.getInt32(I & 1), B.CreateShl(B.CreateAnd(Ctl, 1), 1));
    }
    Value *V = B.CreateTrunc(B.CreateLShr(Src, B.CreateZExt(B.CreateMul(Idx, B.getInt32(8)), I64)),
                             B.getInt32Ty());
    V = B.CreateAnd(V, 0xff);
    if (Sign) {
      Value *Neg = B.CreateICmpNE(B.CreateAnd(V, 0x80), B.getInt32(0));
      V = B.CreateSelect(Sign, B.CreateSelect(Neg, B.getInt32(0xff), B.getInt32(0)), V);
    }
    R = B.CreateOr(R, B.CreateShl(V, 8 * I));
  }
  return write(S, 0, R, *T);
}

/// dp4a.atype.btype d, a, b, c: c plus the four byte products.
bool Translator::dp4a(const Statement &S, Modifiers &Mods) {
  std::optional<PTy> TA = Mods.takeType(), TB = Mods.takeType();
  if (!TA || !TB || TA->Bits != 32 || TB->Bits != 32 || TA->Kind == PTy::B ||
      TB->Kind == PTy::B || !expectOperands(S, 4))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *TA), *Bv = read(S, 2, *TB);
  PTy RT = (TA->isSigned() || TB->isSigned()) ? PTy::s(32) : PTy::u(32);
  Value *C = read(S, 3, RT);
  if (!A || !Bv || !C)
    return false;
  Value *R = C;
  for (unsigned I = 0; I < 4; ++I) {
    auto ByteOf = [&](Value *V, bool Signed) {
      Value *Byte = B.CreateTrunc(B.CreateLShr(V, 8 * I), B.getInt8Ty());
      return Signed ? B.CreateSExt(Byte, B.getInt32Ty()) : B.CreateZExt(Byte, B.getInt32Ty());
    };
    R = B.CreateAdd(R, B.CreateMul(ByteOf(A, TA->isSigned()), ByteOf(Bv, TB->isSigned())));
  }
  return write(S, 0, R, RT);
}

//===----------------------------------------------------------------------===//
// Handlers: comparisons and selection
//===----------------------------------------------------------------------===//

/// The comparison \p Cmp of a and b of type \p T (nullptr if malformed).
static Value *compare(IRBuilder<> &B, StringRef Cmp, PTy T, Value *A, Value *Bv) {
  if (T.isFloat()) {
    CmpInst::Predicate P = StringSwitch<CmpInst::Predicate>(Cmp)
                               .Case("eq", CmpInst::FCMP_OEQ)
                               .Case("ne", CmpInst::FCMP_ONE)
                               .Case("lt", CmpInst::FCMP_OLT)
                               .Case("le", CmpInst::FCMP_OLE)
                               .Case("gt", CmpInst::FCMP_OGT)
                               .Case("ge", CmpInst::FCMP_OGE)
                               .Case("equ", CmpInst::FCMP_UEQ)
                               .Case("neu", CmpInst::FCMP_UNE)
                               .Case("ltu", CmpInst::FCMP_ULT)
                               .Case("leu", CmpInst::FCMP_ULE)
                               .Case("gtu", CmpInst::FCMP_UGT)
                               .Case("geu", CmpInst::FCMP_UGE)
                               .Case("num", CmpInst::FCMP_ORD)
                               .Case("nan", CmpInst::FCMP_UNO)
                               .Default(CmpInst::BAD_FCMP_PREDICATE);
    if (P == CmpInst::BAD_FCMP_PREDICATE)
      return nullptr;
    return B.CreateFCmp(P, A, Bv);
  }
  bool Signed = T.isSigned();
  CmpInst::Predicate P = StringSwitch<CmpInst::Predicate>(Cmp)
                             .Case("eq", CmpInst::ICMP_EQ)
                             .Case("ne", CmpInst::ICMP_NE)
                             .Case("lt", Signed ? CmpInst::ICMP_SLT : CmpInst::ICMP_ULT)
                             .Case("le", Signed ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE)
                             .Case("gt", Signed ? CmpInst::ICMP_SGT : CmpInst::ICMP_UGT)
                             .Case("ge", Signed ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE)
                             .Case("lo", CmpInst::ICMP_ULT)
                             .Case("ls", CmpInst::ICMP_ULE)
                             .Case("hi", CmpInst::ICMP_UGT)
                             .Case("hs", CmpInst::ICMP_UGE)
                             .Default(CmpInst::BAD_ICMP_PREDICATE);
  if (P == CmpInst::BAD_ICMP_PREDICATE)
    return nullptr;
  // .b types compare for (in)equality only; the ordered forms would be
  // ambiguous.
  if (T.Kind == PTy::B && P != CmpInst::ICMP_EQ && P != CmpInst::ICMP_NE &&
      !Cmp.starts_with("l") && !Cmp.starts_with("h"))
    return nullptr;
  return B.CreateICmp(P, A, Bv);
}

static const StringRef CompareOps[] = {"eq",  "ne",  "lt",  "le",  "gt",  "ge",  "lo",
                                       "ls",  "hi",  "hs",  "equ", "neu", "ltu", "leu",
                                       "gtu", "geu", "num", "nan"};

/// setp.cmp{.bool}.type p[|q], a, b{, {!}c}.
bool Translator::setp(const Statement &S, Modifiers &Mods) {
  StringRef Cmp = Mods.takeOneOf(CompareOps);
  StringRef Bool = Mods.takeOneOf({"and", "or", "xor"});
  bool Ftz = Mods.take("ftz");
  std::optional<PTy> T = Mods.takeType();
  if (Cmp.empty() || !T || T->Kind == PTy::Pred || T->Kind == PTy::BF ||
      (T->isFloat() && T->Bits == 16))
    return fail("malformed '" + S.Opcode + "'");
  if (S.Operands.size() != (Bool.empty() ? 3u : 4u))
    return fail("'" + S.Opcode + "' has the wrong number of operands");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T);
  if (!A || !Bv)
    return false;
  if (Ftz) {
    A = ftz(A);
    Bv = ftz(Bv);
  }
  Value *P = compare(B, Cmp, *T, A, Bv);
  if (!P)
    return fail("'" + S.Opcode + "': no ." + Cmp + " comparison for this type");
  const Operand &D = S.Operands[0];
  bool WantQ = !D.PairName.empty() && D.PairName != "_";
  Value *Q = WantQ ? B.CreateNot(P) : nullptr;
  if (!Bool.empty()) {
    Value *C = readPred(S, 3);
    if (!C)
      return false;
    auto Combine = [&](Value *X) {
      return Bool == "and" ? B.CreateAnd(X, C) : Bool == "or" ? B.CreateOr(X, C) : B.CreateXor(X, C);
    };
    P = Combine(P);
    if (Q)
      Q = Combine(Q);
  }
  if (!writeOperand(D, P, PTy::pred(), S))
    return false;
  return !Q || writeReg(D.PairName, Q, PTy::pred(), S);
}

/// set.cmp{.bool}.dtype.stype d, a, b{, c}: all ones (or 1.0f) when true.
bool Translator::set(const Statement &S, Modifiers &Mods) {
  StringRef Cmp = Mods.takeOneOf(CompareOps);
  StringRef Bool = Mods.takeOneOf({"and", "or", "xor"});
  bool Ftz = Mods.take("ftz");
  std::optional<PTy> DT = Mods.takeType(), ST = Mods.takeType();
  if (Cmp.empty() || !DT || !ST || DT->Bits != 32 || ST->Kind == PTy::Pred)
    return fail("malformed '" + S.Opcode + "'");
  if (S.Operands.size() != (Bool.empty() ? 3u : 4u))
    return fail("'" + S.Opcode + "' has the wrong number of operands");
  Value *A = read(S, 1, *ST), *Bv = read(S, 2, *ST);
  if (!A || !Bv)
    return false;
  if (Ftz) {
    A = ftz(A);
    Bv = ftz(Bv);
  }
  Value *P = compare(B, Cmp, *ST, A, Bv);
  if (!P)
    return fail("'" + S.Opcode + "': no ." + Cmp + " comparison for this type");
  if (!Bool.empty()) {
    Value *C = readPred(S, 3);
    if (!C)
      return false;
    P = Bool == "and" ? B.CreateAnd(P, C) : Bool == "or" ? B.CreateOr(P, C) : B.CreateXor(P, C);
  }
  Value *R = DT->isFloat() ? B.CreateSelect(P, ConstantFP::get(B.getFloatTy(), 1.0),
                                            ConstantFP::get(B.getFloatTy(), 0.0))
                           : B.CreateSelect(P, B.getInt32(~0u), B.getInt32(0));
  return write(S, 0, R, *DT);
}

bool Translator::selp(const Statement &S, Modifiers &Mods) {
  std::optional<PTy> T = Mods.takeType();
  if (!T || T->Kind == PTy::Pred || !expectOperands(S, 4))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T), *C = readPred(S, 3);
  if (!A || !Bv || !C)
    return false;
  return write(S, 0, B.CreateSelect(C, A, Bv), *T);
}

/// slct.dtype.ctype d, a, b, c: a when c >= 0 (c an s32 or f32), else b.
bool Translator::slct(const Statement &S, Modifiers &Mods) {
  bool Ftz = Mods.take("ftz");
  std::optional<PTy> DT = Mods.takeType(), CT = Mods.takeType();
  if (!DT || !CT || CT->Bits != 32 || !(CT->isFloat() || CT->isSigned()) ||
      !expectOperands(S, 4))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *DT), *Bv = read(S, 2, *DT), *C = read(S, 3, *CT);
  if (!A || !Bv || !C)
    return false;
  Value *P;
  if (CT->isFloat()) {
    if (Ftz)
      C = ftz(C);
    P = B.CreateFCmpOGE(C, ConstantFP::get(C->getType(), 0.0));
  } else {
    P = B.CreateICmpSGE(C, B.getInt32(0));
  }
  return write(S, 0, B.CreateSelect(P, A, Bv), *DT);
}

//===----------------------------------------------------------------------===//
// Handlers: conversions
//===----------------------------------------------------------------------===//

bool Translator::cvt(const Statement &S, Modifiers &Mods) {
  StringRef IRnd = Mods.takeOneOf({"rni", "rzi", "rmi", "rpi"});
  StringRef FRnd = Mods.takeOneOf({"rn", "rz", "rm", "rp"});
  bool Ftz = Mods.take("ftz");
  bool Sat = Mods.take("sat");
  std::optional<PTy> DT = Mods.takeType(), ST = Mods.takeType();
  if (!DT || !ST || DT->Kind == PTy::Pred || ST->Kind == PTy::Pred)
    return fail("'" + S.Opcode + "' needs a destination and a source type");
  if (!expectOperands(S, 2))
    return false;
  if (DT->Kind == PTy::B || ST->Kind == PTy::B)
    return fail("'" + S.Opcode + "': cvt takes .u/.s/.f types, not .b");

  // bf16 <-> f32 (bf16 travels as its 16 bits).
  if (DT->Kind == PTy::BF || ST->Kind == PTy::BF) {
    if (DT->Kind == PTy::BF && ST->isFloat() && ST->Bits == 32 && FRnd == "rn" && !Sat) {
      Value *X = B.CreateBitCast(read(S, 1, *ST), B.getInt32Ty());
      // Round to nearest even on the upper 16 bits; a NaN gives the
      // canonical NaN 0x7fff, whatever its sign and payload (as an H200
      // does).
      Value *Bias = B.CreateAdd(B.getInt32(0x7fff), B.CreateAnd(B.CreateLShr(X, 16), 1));
      Value *R = B.CreateLShr(B.CreateAdd(X, Bias), 16);
      Value *IsNaN = B.CreateFCmpUNO(read(S, 1, *ST), read(S, 1, *ST));
      R = B.CreateTrunc(B.CreateSelect(IsNaN, B.getInt32(0x7fff), R), B.getInt16Ty());
      return write(S, 0, R, PTy::b(16));
    }
    if (ST->Kind == PTy::BF && DT->isFloat() && DT->Bits == 32 && FRnd.empty() && IRnd.empty()) {
      Value *X = read(S, 1, PTy::b(16));
      if (!X)
        return false;
      Value *F = B.CreateBitCast(B.CreateShl(B.CreateZExt(X, B.getInt32Ty()), 16), B.getFloatTy());
      return write(S, 0, Sat ? saturate(F) : F, *DT);
    }
    return fail("'" + S.Opcode + "': this bf16 conversion is not supported");
  }

  Value *A = read(S, 1, *ST);
  if (!A)
    return false;
  Type *DIR = irType(*DT);

  // Integer to integer: truncate/extend by the source's signedness, or
  // clamp to the destination's range with .sat.
  if (DT->isInt() && ST->isInt()) {
    if (!IRnd.empty() || !FRnd.empty() || Ftz)
      return fail("'" + S.Opcode + "': rounding on an integer conversion");
    if (!Sat)
      return write(S, 0, toBits(A, DT->Bits, ST->isSigned()), *DT);
    Type *I128 = B.getInt128Ty();
    Value *X = ST->isSigned() ? B.CreateSExt(A, I128) : B.CreateZExt(A, I128);
    APInt Lo = DT->isSigned() ? APInt::getSignedMinValue(DT->Bits).sext(128) : APInt(128, 0);
    APInt Hi = DT->isSigned() ? APInt::getSignedMaxValue(DT->Bits).sext(128)
                              : APInt::getMaxValue(DT->Bits).zext(128);
    X = intrinsic(Intrinsic::smax, {X, ConstantInt::get(I128, Lo)}, {I128});
    X = intrinsic(Intrinsic::smin, {X, ConstantInt::get(I128, Hi)}, {I128});
    return write(S, 0, B.CreateTrunc(X, DIR), *DT);
  }

  // Float to integer: round per .rni/.rzi/.rmi/.rpi, then clamp to the
  // destination's range (PTX saturates always). A NaN gives 0 for
  // destinations up to 32 bits and 0x8000000000000000 for .s64 and .u64
  // alike (what an H200 gives; the PTX manual does not say).
  if (DT->isInt() && ST->isFloat()) {
    if (IRnd.empty() || !FRnd.empty())
      return fail("'" + S.Opcode + "': a float-to-integer cvt needs .rni, .rzi, .rmi or .rpi");
    if (A->getType()->isHalfTy())
      A = B.CreateFPExt(A, B.getFloatTy());
    if (Ftz)
      A = ftz(A);
    Intrinsic::ID Round = IRnd == "rni"   ? Intrinsic::roundeven
                          : IRnd == "rzi" ? Intrinsic::trunc
                          : IRnd == "rmi" ? Intrinsic::floor
                                          : Intrinsic::ceil;
    A = intrinsic(Round, {A}, {A->getType()});
    Intrinsic::ID Conv = DT->isSigned() ? Intrinsic::fptosi_sat : Intrinsic::fptoui_sat;
    Value *R = intrinsic(Conv, {A}, {DIR, A->getType()});
    if (DT->Bits == 64)
      R = B.CreateSelect(B.CreateFCmpUNO(A, A),
                         ConstantInt::get(DIR, APInt::getSignedMinValue(64)), R);
    return write(S, 0, R, *DT);
  }

  // Integer to float: .rn/.rz/.rm/.rp.
  if (DT->isFloat() && ST->isInt()) {
    if (FRnd.empty() || !IRnd.empty())
      return fail("'" + S.Opcode + "': an integer-to-float cvt needs .rn, .rz, .rm or .rp");
    Value *R;
    if (DT->Bits == 16) {
      if (FRnd != "rn")
        return fail("'" + S.Opcode + "': only .rn converts integers to f16");
      // Exact in f32 up to f16's range; one rounding to f16.
      // (Above 2^24 the f32 step may round, but anything that large is
      // +-inf in f16 either way.)
      Value *F = ST->isSigned() ? B.CreateSIToFP(A, B.getFloatTy()) : B.CreateUIToFP(A, B.getFloatTy());
      R = B.CreateFPTrunc(F, DIR);
    } else {
      R = ST->isSigned() ? B.CreateSIToFP(A, DIR) : B.CreateUIToFP(A, DIR);
      if (FRnd != "rn") {
        Value *Above, *Below;
        if (ST->Bits <= 32 && DT->Bits == 32) {
          // Exact comparison in double.
          Value *X = ST->isSigned() ? B.CreateSIToFP(A, B.getDoubleTy())
                                    : B.CreateUIToFP(A, B.getDoubleTy());
          Value *E = B.CreateFPExt(R, B.getDoubleTy());
          Above = B.CreateFCmpOGT(X, E);
          Below = B.CreateFCmpOLT(X, E);
        } else if (ST->Bits <= 32) {
          Above = Below = B.getFalse(); // exact in f64
        } else {
          Type *I128 = B.getInt128Ty();
          Value *X = ST->isSigned() ? B.CreateSExt(A, I128) : B.CreateZExt(A, I128);
          Value *E = B.CreateFPToSI(R, I128);
          Above = B.CreateICmpSGT(X, E);
          Below = B.CreateICmpSLT(X, E);
        }
        R = directed(R, Above, Below, FRnd);
      }
    }
    if (Sat)
      R = saturate(R);
    return write(S, 0, R, *DT);
  }

  // Float to float.
  Type *SIR = A->getType();
  if (Ftz)
    A = ftz(A);
  Value *R;
  if (DT->Bits == ST->Bits) {
    if (!FRnd.empty())
      return fail("'" + S.Opcode + "': same-size float cvt takes .rni/.rzi/.rmi/.rpi");
    R = A;
    if (!IRnd.empty()) {
      Intrinsic::ID Round = IRnd == "rni"   ? Intrinsic::roundeven
                            : IRnd == "rzi" ? Intrinsic::trunc
                            : IRnd == "rmi" ? Intrinsic::floor
                                            : Intrinsic::ceil;
      R = intrinsic(Round, {A}, {SIR});
    }
  } else if (DT->Bits > ST->Bits) {
    if (!FRnd.empty() || !IRnd.empty())
      return fail("'" + S.Opcode + "': a widening float cvt is exact and takes no rounding");
    R = B.CreateFPExt(A, DIR);
  } else {
    if (FRnd.empty() || !IRnd.empty())
      return fail("'" + S.Opcode + "': a narrowing float cvt needs .rn, .rz, .rm or .rp");
    R = B.CreateFPTrunc(A, DIR);
    if (FRnd != "rn") {
      if (DT->Bits == 16)
        return fail("'" + S.Opcode + "': only .rn narrows to f16");
      Value *E = B.CreateFPExt(R, SIR);
      R = directed(R, B.CreateFCmpOGT(A, E), B.CreateFCmpOLT(A, E), FRnd);
    }
  }
  if (Ftz)
    R = ftz(R);
  if (Sat)
    R = saturate(R);
  return write(S, 0, R, *DT);
}

/// cvta{.to}.space.size: one flat address space on the CPU; 64-bit only.
bool Translator::cvta(const Statement &S, Modifiers &Mods) {
  Mods.take("to");
  StringRef Space = Mods.takeOneOf({"global", "shared", "local", "const", "param"});
  std::optional<PTy> T = Mods.takeType();
  if (Space.empty() || !T || !expectOperands(S, 2))
    return fail("malformed '" + S.Opcode + "'");
  if (Space != "global" || T->Bits != 64)
    return fail("'" + S.Opcode + "': Loom has one flat address space; only 64-bit "
                "cvta.global is an identity (shared/local windows are not mapped)");
  return write(S, 0, read(S, 1, *T), *T);
}

//===----------------------------------------------------------------------===//
// Handlers: floating point
//===----------------------------------------------------------------------===//

/// add/sub/mul/div on float types. Round-to-nearest only; an explicit
/// rounding modifier also forbids contraction into an FMA (arithmetic
/// fences keep the host backend from fusing).
Value *Translator::floatArith(const Statement &S, Modifiers &Mods, PTy T) {
  StringRef Op = S.Parts[0];
  StringRef Rnd = Mods.takeOneOf({"rn", "rz", "rm", "rp"});
  bool Approx = Mods.take("approx"), Full = Mods.take("full");
  bool Ftz = Mods.take("ftz");
  bool Sat = Mods.take("sat");
  if (T.Bits == 16) {
    fail("'" + S.Opcode + "': f16 arithmetic is not supported");
    return nullptr;
  }
  if (!Rnd.empty() && Rnd != "rn") {
    fail("'" + S.Opcode + "': directed rounding (." + Rnd + ") is not supported for " + Op);
    return nullptr;
  }
  if ((Approx || Full) && Op != "div") {
    fail("malformed '" + S.Opcode + "'");
    return nullptr;
  }
  if (S.Operands.size() != 3) {
    fail("'" + S.Opcode + "' takes 3 operands");
    return nullptr;
  }
  Value *A = read(S, 1, T), *Bv = read(S, 2, T);
  if (!A || !Bv)
    return nullptr;
  if (Ftz) {
    A = ftz(A);
    Bv = ftz(Bv);
  }
  bool NoContract = !Rnd.empty();
  if (NoContract && (Op == "add" || Op == "sub")) {
    A = noContract(A);
    Bv = noContract(Bv);
  }
  Value *R = Op == "add"   ? B.CreateFAdd(A, Bv)
             : Op == "sub" ? B.CreateFSub(A, Bv)
             : Op == "mul" ? B.CreateFMul(A, Bv)
                           : B.CreateFDiv(A, Bv);
  if (NoContract && Op == "mul")
    R = noContract(R);
  if (Ftz)
    R = ftz(R);
  if (Sat)
    R = saturate(R);
  return R;
}

/// fma.rn{.ftz}{.sat}.f32/.f64 (and mad.rn), one rounding; mad.f32 without
/// a rounding modifier may round twice (fmuladd).
bool Translator::fma(const Statement &S, Modifiers &Mods) {
  std::optional<PTy> T = Mods.takeType();
  if (!T)
    return fail("'" + S.Opcode + "' needs a type");
  return fmaOf(S, Mods, *T, Mods.take("sat"));
}

bool Translator::fmaOf(const Statement &S, Modifiers &Mods, PTy Ty, bool Sat) {
  std::optional<PTy> T = Ty;
  StringRef Rnd = Mods.takeOneOf({"rn", "rz", "rm", "rp"});
  bool Ftz = Mods.take("ftz");
  if (!T->isFloat() || T->Bits == 16 || !expectOperands(S, 4))
    return fail("malformed '" + S.Opcode + "'");
  if (!Rnd.empty() && Rnd != "rn")
    return fail("'" + S.Opcode + "': directed rounding (." + Rnd + ") is not supported");
  if (Rnd.empty() && S.Parts[0] == "fma")
    return fail("'" + S.Opcode + "' needs a rounding modifier (.rn)");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T), *C = read(S, 3, *T);
  if (!A || !Bv || !C)
    return false;
  if (Ftz) {
    A = ftz(A);
    Bv = ftz(Bv);
    C = ftz(C);
  }
  Intrinsic::ID ID = Rnd.empty() ? Intrinsic::fmuladd : Intrinsic::fma;
  Value *R = intrinsic(ID, {A, Bv, C}, {A->getType()});
  if (Ftz)
    R = ftz(R);
  if (Sat)
    R = saturate(R);
  return write(S, 0, R, *T);
}

/// rcp, sqrt, rsqrt, ex2, lg2, sin, cos, tanh. The .approx forms get the
/// correctly rounded (or libm) value, which is within PTX's error bounds.
bool Translator::floatUnary(const Statement &S, Modifiers &Mods) {
  StringRef Op = S.Parts[0];
  StringRef Rnd = Mods.takeOneOf({"rn", "rz", "rm", "rp"});
  bool Approx = Mods.take("approx");
  bool Ftz = Mods.take("ftz");
  std::optional<PTy> T = Mods.takeType();
  if (!T || !T->isFloat() || T->Bits == 16 || !expectOperands(S, 2))
    return fail("malformed '" + S.Opcode + "'");
  if (!Rnd.empty() && Rnd != "rn")
    return fail("'" + S.Opcode + "': directed rounding (." + Rnd + ") is not supported");
  bool Exact = Op == "rcp" || Op == "sqrt";
  if (Exact && Rnd.empty() && !Approx)
    return fail("'" + S.Opcode + "' needs .rn or .approx");
  if (!Exact && (!Approx || !Rnd.empty()))
    return fail("'" + S.Opcode + "' needs .approx");
  Value *A = read(S, 1, *T);
  if (!A)
    return false;
  if (Ftz)
    A = ftz(A);
  Type *FT = A->getType();
  Value *R;
  if (Op == "rcp")
    R = B.CreateFDiv(ConstantFP::get(FT, 1.0), A);
  else if (Op == "sqrt")
    R = intrinsic(Intrinsic::sqrt, {A}, {FT});
  else if (Op == "rsqrt")
    R = B.CreateFDiv(ConstantFP::get(FT, 1.0), intrinsic(Intrinsic::sqrt, {A}, {FT}));
  else if (Op == "ex2")
    R = intrinsic(Intrinsic::exp2, {A}, {FT});
  else if (Op == "lg2")
    R = intrinsic(Intrinsic::log2, {A}, {FT});
  else if (Op == "sin")
    R = intrinsic(Intrinsic::sin, {A}, {FT});
  else if (Op == "cos")
    R = intrinsic(Intrinsic::cos, {A}, {FT});
  else
    R = intrinsic(Intrinsic::tanh, {A}, {FT});
  if (Ftz)
    R = ftz(R);
  return write(S, 0, R, *T);
}

bool Translator::testp(const Statement &S, Modifiers &Mods) {
  StringRef Op =
      Mods.takeOneOf({"finite", "infinite", "number", "notanumber", "normal", "subnormal"});
  std::optional<PTy> T = Mods.takeType();
  if (Op.empty() || !T || !T->isFloat() || T->Bits == 16 || !expectOperands(S, 2))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T);
  if (!A)
    return false;
  unsigned Class = StringSwitch<unsigned>(Op)
                       .Case("finite", fcFinite)
                       .Case("infinite", fcInf)
                       .Case("number", ~fcNan & fcAllFlags)
                       .Case("notanumber", fcNan)
                       .Case("normal", fcNormal)
                       .Default(fcSubnormal);
  Value *R = B.CreateIntrinsic(Intrinsic::is_fpclass, {A->getType()}, {A, B.getInt32(Class)});
  return write(S, 0, R, PTy::pred());
}

/// copysign.type d, a, b: b with the sign of a.
bool Translator::copysign(const Statement &S, Modifiers &Mods) {
  std::optional<PTy> T = Mods.takeType();
  if (!T || !T->isFloat() || T->Bits == 16 || !expectOperands(S, 3))
    return fail("malformed '" + S.Opcode + "'");
  Value *A = read(S, 1, *T), *Bv = read(S, 2, *T);
  if (!A || !Bv)
    return false;
  return write(S, 0, intrinsic(Intrinsic::copysign, {Bv, A}, {A->getType()}), *T);
}

//===----------------------------------------------------------------------===//
// Handlers: memory
//===----------------------------------------------------------------------===//

/// The state space of a memory instruction ("" for generic).
static StringRef takeSpace(Modifiers &Mods, std::string &Bad) {
  StringRef Space = Mods.takeOneOf({"global", "shared", "local", "const", "generic",
                                    "shared::cta", "shared::cluster", "param"});
  if (Space == "param")
    Bad = "the .param state space";
  if (Space.starts_with("shared"))
    return "shared";
  return Space == "generic" ? "" : Space;
}

/// Memory ordering of ld/st/atom: weak (plain), volatile, or an atomic
/// ordering; the scope (.cta/.gpu/.sys/.cluster) is the whole machine here.
struct MemOrder {
  bool Volatile = false;
  AtomicOrdering Order = AtomicOrdering::NotAtomic;
};

static MemOrder takeOrder(Modifiers &Mods) {
  MemOrder O;
  if (Mods.take("volatile") || Mods.take("cv"))
    O.Volatile = true;
  StringRef Sem = Mods.takeOneOf({"relaxed", "acquire", "release", "acq_rel", "sc"});
  O.Order = StringSwitch<AtomicOrdering>(Sem)
                .Case("relaxed", AtomicOrdering::Monotonic)
                .Case("acquire", AtomicOrdering::Acquire)
                .Case("release", AtomicOrdering::Release)
                .Case("acq_rel", AtomicOrdering::AcquireRelease)
                .Case("sc", AtomicOrdering::SequentiallyConsistent)
                .Default(AtomicOrdering::NotAtomic);
  Mods.takeOneOf({"cta", "gpu", "sys", "cluster"});
  return O;
}

bool Translator::ld(const Statement &S, Modifiers &Mods) {
  std::string Bad;
  StringRef Space = takeSpace(Mods, Bad);
  MemOrder O = takeOrder(Mods);
  Mods.takeAll(isCacheHint);
  unsigned Vec = Mods.take("v2") ? 2 : Mods.take("v4") ? 4 : Mods.take("v8") ? 8 : 1;
  std::optional<PTy> T = Mods.takeType();
  if (!Bad.empty())
    return fail("'" + S.Opcode + "': " + Bad + " is not supported");
  if (!T || T->Kind == PTy::Pred || S.Operands.size() < 2 || S.Operands.size() > 3)
    return fail("malformed '" + S.Opcode + "'");
  if (O.Order == AtomicOrdering::Release || O.Order == AtomicOrdering::AcquireRelease)
    return fail("'" + S.Opcode + "': a load cannot have release semantics");
  // A third operand is an L2 cache policy (.L2::cache_hint): ignored.
  Value *P = address(S, 1, Space);
  if (!P)
    return false;
  Type *ET = irType(*T);
  if (T->Kind == PTy::BF)
    ET = B.getInt16Ty();
  unsigned Size = T->Bits / 8;
  if (Vec == 1) {
    LoadInst *L = B.CreateAlignedLoad(ET, P, Align(Size));
    L->setVolatile(O.Volatile);
    if (O.Order != AtomicOrdering::NotAtomic)
      L->setAtomic(O.Order);
    return write(S, 0, L, *T);
  }
  if (O.Order != AtomicOrdering::NotAtomic)
    return fail("'" + S.Opcode + "': vector loads cannot be atomic");
  const Operand &D = S.Operands[0];
  if (D.Kind != Operand::Vector || D.Elements.size() != Vec)
    return fail("'" + S.Opcode + "' needs " + Twine(Vec) + " destinations in '{...}'");
  auto *VT = FixedVectorType::get(ET, Vec);
  LoadInst *L = B.CreateAlignedLoad(VT, P, Align(Size * Vec));
  L->setVolatile(O.Volatile);
  for (unsigned I = 0; I < Vec; ++I)
    if (!writeOperand(D.Elements[I], B.CreateExtractElement(L, I), *T, S))
      return false;
  return true;
}

bool Translator::st(const Statement &S, Modifiers &Mods) {
  std::string Bad;
  StringRef Space = takeSpace(Mods, Bad);
  MemOrder O = takeOrder(Mods);
  Mods.takeAll(isCacheHint);
  unsigned Vec = Mods.take("v2") ? 2 : Mods.take("v4") ? 4 : Mods.take("v8") ? 8 : 1;
  std::optional<PTy> T = Mods.takeType();
  if (!Bad.empty())
    return fail("'" + S.Opcode + "': " + Bad + " is not supported");
  if (!T || T->Kind == PTy::Pred || S.Operands.size() < 2 || S.Operands.size() > 3)
    return fail("malformed '" + S.Opcode + "'");
  if (O.Order == AtomicOrdering::Acquire || O.Order == AtomicOrdering::AcquireRelease)
    return fail("'" + S.Opcode + "': a store cannot have acquire semantics");
  Value *P = address(S, 0, Space);
  if (!P)
    return false;
  PTy VT = *T;
  if (T->Kind == PTy::BF)
    VT = PTy::b(16);
  unsigned Size = T->Bits / 8;
  if (Vec == 1) {
    Value *V = read(S, 1, VT);
    if (!V)
      return false;
    StoreInst *St = B.CreateAlignedStore(V, P, Align(Size));
    St->setVolatile(O.Volatile);
    if (O.Order != AtomicOrdering::NotAtomic)
      St->setAtomic(O.Order);
    return true;
  }
  if (O.Order != AtomicOrdering::NotAtomic)
    return fail("'" + S.Opcode + "': vector stores cannot be atomic");
  const Operand &Src = S.Operands[1];
  if (Src.Kind != Operand::Vector || Src.Elements.size() != Vec)
    return fail("'" + S.Opcode + "' needs " + Twine(Vec) + " sources in '{...}'");
  Value *V = PoisonValue::get(FixedVectorType::get(irType(VT), Vec));
  for (unsigned I = 0; I < Vec; ++I) {
    Value *E = readOperand(Src.Elements[I], VT, S);
    if (!E)
      return false;
    V = B.CreateInsertElement(V, E, I);
  }
  StoreInst *St = B.CreateAlignedStore(V, P, Align(Size * Vec));
  St->setVolatile(O.Volatile);
  return true;
}

/// atom/red{.sem}{.scope}{.space}.op.type: an atomicrmw or cmpxchg (relaxed
/// unless a semantic is given).
bool Translator::atom(const Statement &S, Modifiers &Mods) {
  bool IsRed = S.Parts[0] == "red";
  std::string Bad;
  StringRef Space = takeSpace(Mods, Bad);
  MemOrder O = takeOrder(Mods);
  Mods.takeAll(isCacheHint);
  Mods.take("noftz");
  StringRef Op = Mods.takeOneOf({"add", "min", "max", "inc", "dec", "cas", "exch", "and",
                                 "or", "xor"});
  std::optional<PTy> T = Mods.takeType();
  if (!Bad.empty())
    return fail("'" + S.Opcode + "': " + Bad + " is not supported");
  if (Op.empty() || !T || T->Kind == PTy::Pred || T->Kind == PTy::BF ||
      (T->isFloat() && T->Bits == 16))
    return fail("malformed or unsupported '" + S.Opcode + "'");
  if (O.Volatile)
    return fail("malformed '" + S.Opcode + "'");
  AtomicOrdering Order = O.Order == AtomicOrdering::NotAtomic ? AtomicOrdering::Monotonic : O.Order;
  unsigned First = IsRed ? 0 : 1; // the address operand
  unsigned Want = First + (Op == "cas" ? 3 : 2);
  if (S.Operands.size() != Want && S.Operands.size() != Want + 1) // + cache policy
    return fail("'" + S.Opcode + "' has the wrong number of operands");
  Value *P = address(S, First, Space);
  if (!P)
    return false;
  Value *V = read(S, First + 1, *T);
  if (!V)
    return false;
  Align A(T->Bits / 8);
  Value *Old;
  if (Op == "cas") {
    if (IsRed)
      return fail("'" + S.Opcode + "': red has no .cas");
    Value *New = read(S, First + 2, *T);
    if (!New)
      return false;
    Value *Cmp = V, *Nv = New;
    if (T->isFloat()) {
      Cmp = B.CreateBitCast(V, B.getIntNTy(T->Bits));
      Nv = B.CreateBitCast(New, B.getIntNTy(T->Bits));
    }
    AtomicOrdering Fail = Order == AtomicOrdering::Release ? AtomicOrdering::Monotonic
                          : Order == AtomicOrdering::AcquireRelease ? AtomicOrdering::Acquire
                                                                     : Order;
    auto *X = B.CreateAtomicCmpXchg(P, Cmp, Nv, A, Order, Fail);
    Old = B.CreateExtractValue(X, 0);
  } else {
    AtomicRMWInst::BinOp BO;
    bool F = T->isFloat(), Sg = T->isSigned();
    if (Op == "add")
      BO = F ? AtomicRMWInst::FAdd : AtomicRMWInst::Add;
    else if (Op == "min")
      BO = F ? AtomicRMWInst::FMin : Sg ? AtomicRMWInst::Min : AtomicRMWInst::UMin;
    else if (Op == "max")
      BO = F ? AtomicRMWInst::FMax : Sg ? AtomicRMWInst::Max : AtomicRMWInst::UMax;
    else if (Op == "inc")
      BO = AtomicRMWInst::UIncWrap;
    else if (Op == "dec")
      BO = AtomicRMWInst::UDecWrap;
    else if (Op == "exch")
      BO = AtomicRMWInst::Xchg;
    else if (Op == "and")
      BO = AtomicRMWInst::And;
    else if (Op == "or")
      BO = AtomicRMWInst::Or;
    else
      BO = AtomicRMWInst::Xor;
    if (F && BO != AtomicRMWInst::FAdd && BO != AtomicRMWInst::Xchg && BO != AtomicRMWInst::FMin &&
        BO != AtomicRMWInst::FMax)
      return fail("'" + S.Opcode + "': ." + Op + " on a float type");
    if ((BO == AtomicRMWInst::UIncWrap || BO == AtomicRMWInst::UDecWrap) && T->Bits != 32)
      return fail("'" + S.Opcode + "': .inc/.dec exist for .u32 only");
    Old = B.CreateAtomicRMW(BO, P, V, A, Order);
  }
  if (IsRed)
    return true;
  if (Old->getType() != irType(*T))
    Old = B.CreateBitCast(Old, irType(*T));
  return write(S, 0, Old, *T);
}

bool Translator::prefetch(const Statement &S, Modifiers &Mods) {
  std::string Bad;
  takeSpace(Mods, Bad);
  Mods.takeAll([](StringRef M) { return M == "L1" || M == "L2" || isCacheHint(M) || M == "tensormap"; });
  if (S.Operands.size() != 1 || S.Operands[0].Kind != Operand::Address)
    return fail("malformed '" + S.Opcode + "'");
  return true; // a hint; nothing to do on a CPU
}

/// membar.cta/.gl/.sys and fence.sc/.acq_rel.scope.
bool Translator::fence(const Statement &S, Modifiers &Mods) {
  if (!S.Operands.empty())
    return fail("malformed '" + S.Opcode + "'");
  if (S.Parts[0] == "membar") {
    if (Mods.takeOneOf({"cta", "gl", "sys"}).empty())
      return fail("'" + S.Opcode + "' needs .cta, .gl or .sys");
    B.CreateFence(AtomicOrdering::SequentiallyConsistent);
    return true;
  }
  StringRef Sem = Mods.takeOneOf({"sc", "acq_rel"});
  Mods.takeOneOf({"cta", "gpu", "sys", "cluster"});
  if (Sem.empty())
    return fail("'" + S.Opcode + "': only fence.sc and fence.acq_rel are supported");
  B.CreateFence(Sem == "sc" ? AtomicOrdering::SequentiallyConsistent
                            : AtomicOrdering::AcquireRelease);
  return true;
}

//===----------------------------------------------------------------------===//
// Handlers: warp collectives, barriers, control
//===----------------------------------------------------------------------===//

/// shfl.sync.mode.b32 d[|p], a, b, c, membermask (and the legacy form
/// without .sync and mask). The value goes through the intrinsic clang
/// emits for __shfl_*_sync; the predicate (source lane in range) is
/// computed from the lane id as PTX defines it.
bool Translator::shfl(const Statement &S, Modifiers &Mods) {
  bool Sync = Mods.take("sync");
  StringRef Mode = Mods.takeOneOf({"up", "down", "bfly", "idx"});
  std::optional<PTy> T = Mods.takeType();
  if (Mode.empty() || !T || T->Bits != 32 || T->Kind == PTy::Pred)
    return fail("malformed '" + S.Opcode + "'");
  if (S.Operands.size() != (Sync ? 5u : 4u))
    return fail("'" + S.Opcode + "' has the wrong number of operands");
  Value *A = read(S, 1, PTy::b(32)), *Bv = read(S, 2, PTy::b(32)), *C = read(S, 3, PTy::b(32));
  Value *Mask = Sync ? read(S, 4, PTy::b(32)) : nvvm(Intrinsic::nvvm_activemask, {});
  if (!A || !Bv || !C || !Mask)
    return false;
  Intrinsic::ID ID = Mode == "up"     ? Intrinsic::nvvm_shfl_sync_up_i32
                     : Mode == "down" ? Intrinsic::nvvm_shfl_sync_down_i32
                     : Mode == "bfly" ? Intrinsic::nvvm_shfl_sync_bfly_i32
                                      : Intrinsic::nvvm_shfl_sync_idx_i32;
  Value *R = nvvm(ID, {Mask, A, Bv, C});
  const Operand &D = S.Operands[0];
  if (!writeOperand(D, R, PTy::b(32), S))
    return false;
  if (D.PairName.empty() || D.PairName == "_")
    return true;
  // pval: whether the source lane j lies in the lane's segment.
  Value *Lane = laneId();
  Value *BVal = B.CreateAnd(Bv, 31), *CVal = B.CreateAnd(C, 31);
  Value *Seg = B.CreateAnd(B.CreateLShr(C, 8), 31);
  Value *MaxLane = B.CreateOr(B.CreateAnd(Lane, Seg), B.CreateAnd(CVal, B.CreateNot(Seg)));
  Value *MinLane = B.CreateAnd(Lane, Seg);
  Value *P;
  if (Mode == "up")
    P = B.CreateICmpSGE(B.CreateSub(Lane, BVal), MaxLane);
  else if (Mode == "down")
    P = B.CreateICmpSLE(B.CreateAdd(Lane, BVal), MaxLane);
  else if (Mode == "bfly")
    P = B.CreateICmpSLE(B.CreateXor(Lane, BVal), MaxLane);
  else
    P = B.CreateICmpSLE(B.CreateOr(MinLane, B.CreateAnd(BVal, B.CreateNot(Seg))), MaxLane);
  return writeReg(D.PairName, P, PTy::pred(), S);
}

/// vote.sync.{all,any,uni}.pred d, {!}a, mask; vote.sync.ballot.b32.
bool Translator::vote(const Statement &S, Modifiers &Mods) {
  bool Sync = Mods.take("sync");
  StringRef Mode = Mods.takeOneOf({"all", "any", "uni", "ballot"});
  std::optional<PTy> T = Mods.takeType();
  if (Mode.empty() || !T || (Mode == "ballot") != (T->Kind == PTy::B && T->Bits == 32) ||
      (Mode != "ballot" && T->Kind != PTy::Pred))
    return fail("malformed '" + S.Opcode + "'");
  if (S.Operands.size() != (Sync ? 3u : 2u))
    return fail("'" + S.Opcode + "' has the wrong number of operands");
  Value *P = readPred(S, 1);
  Value *Mask = Sync ? read(S, 2, PTy::b(32)) : nvvm(Intrinsic::nvvm_activemask, {});
  if (!P || !Mask)
    return false;
  Intrinsic::ID ID = Mode == "all"   ? Intrinsic::nvvm_vote_all_sync
                     : Mode == "any" ? Intrinsic::nvvm_vote_any_sync
                     : Mode == "uni" ? Intrinsic::nvvm_vote_uni_sync
                                     : Intrinsic::nvvm_vote_ballot_sync;
  return write(S, 0, nvvm(ID, {Mask, P}), *T);
}

bool Translator::activemask(const Statement &S, Modifiers &Mods) {
  std::optional<PTy> T = Mods.takeType();
  if (!T || T->Bits != 32 || !expectOperands(S, 1))
    return fail("malformed '" + S.Opcode + "'");
  return write(S, 0, nvvm(Intrinsic::nvvm_activemask, {}), *T);
}

/// redux.sync.op.type d, a, mask.
bool Translator::redux(const Statement &S, Modifiers &Mods) {
  Mods.take("sync");
  StringRef Op = Mods.takeOneOf({"add", "min", "max", "and", "or", "xor"});
  std::optional<PTy> T = Mods.takeType();
  if (Op.empty() || !T || T->Bits != 32 || !T->isInt() || !expectOperands(S, 3))
    return fail("malformed or unsupported '" + S.Opcode + "'");
  Value *A = read(S, 1, *T), *Mask = read(S, 2, PTy::b(32));
  if (!A || !Mask)
    return false;
  Intrinsic::ID ID;
  if (Op == "add")
    ID = Intrinsic::nvvm_redux_sync_add;
  else if (Op == "min")
    ID = T->isSigned() ? Intrinsic::nvvm_redux_sync_min : Intrinsic::nvvm_redux_sync_umin;
  else if (Op == "max")
    ID = T->isSigned() ? Intrinsic::nvvm_redux_sync_max : Intrinsic::nvvm_redux_sync_umax;
  else if (Op == "and")
    ID = Intrinsic::nvvm_redux_sync_and;
  else if (Op == "or")
    ID = Intrinsic::nvvm_redux_sync_or;
  else
    ID = Intrinsic::nvvm_redux_sync_xor;
  return write(S, 0, nvvm(ID, {A, Mask}), *T);
}

/// bar.sync 0 / barrier.sync{.aligned} 0 (the whole block), bar.warp.sync.
bool Translator::bar(const Statement &S, Modifiers &Mods) {
  if (Mods.take("warp")) {
    if (!Mods.take("sync") || !expectOperands(S, 1))
      return fail("malformed '" + S.Opcode + "'");
    Value *Mask = read(S, 0, PTy::b(32));
    if (!Mask)
      return false;
    nvvm(Intrinsic::nvvm_bar_warp_sync, {Mask});
    return true;
  }
  if (Mods.take("red")) {
    // bar.red.popc.u32 d, 0, p (and .and/.or.pred): __syncthreads_count & co.
    StringRef Op = Mods.takeOneOf({"popc", "and", "or"});
    Mods.take("aligned");
    std::optional<PTy> T = Mods.takeType();
    if (Op.empty() || !T || !expectOperands(S, 3))
      return fail("malformed '" + S.Opcode + "'");
    Value *Id = read(S, 1, PTy::u(32)), *P = readPred(S, 2);
    if (!Id || !P)
      return false;
    auto *C = dyn_cast<ConstantInt>(Id);
    if (!C || !C->isZero())
      return fail("'" + S.Opcode + "': named barriers other than 0 are not supported");
    if (Op == "popc")
      return write(S, 0, nvvm(Intrinsic::nvvm_barrier_cta_red_popc_aligned_all, {Id, P}), *T);
    Value *R = nvvm(Op == "and" ? Intrinsic::nvvm_barrier_cta_red_and_aligned_all
                                : Intrinsic::nvvm_barrier_cta_red_or_aligned_all,
                    {Id, P});
    return write(S, 0, R, PTy::pred());
  }
  bool Arrive = Mods.take("arrive");
  Mods.take("sync");
  Mods.take("aligned");
  if (S.Operands.empty() || S.Operands.size() > 2)
    return fail("malformed '" + S.Opcode + "'");
  Value *Id = read(S, 0, PTy::u(32));
  if (!Id)
    return false;
  auto *C = dyn_cast<ConstantInt>(Id);
  if (!C || !C->isZero() || S.Operands.size() == 2 || Arrive)
    return fail("'" + S.Opcode + "': only the block-wide barrier 0 without a thread count "
                "is supported");
  nvvm(Intrinsic::nvvm_barrier_cta_sync_aligned_all, {B.getInt32(0)});
  return true;
}

bool Translator::nanosleep(const Statement &S, Modifiers &Mods) {
  std::optional<PTy> T = Mods.takeType();
  if (!T || !expectOperands(S, 1))
    return fail("malformed '" + S.Opcode + "'");
  Value *N = read(S, 0, PTy::u(32));
  if (!N)
    return false;
  nvvm(Intrinsic::nvvm_nanosleep, {N});
  return true;
}

/// trap (and brkpt, which stops the program the same way without a
/// debugger): Loom's trap path (DeviceRuntimeCalls: llvm.trap).
bool Translator::trap(const Statement &S, Modifiers &) {
  if (!S.Operands.empty())
    return fail("malformed '" + S.Opcode + "'");
  B.CreateCall(Intrinsic::getOrInsertDeclaration(&M, Intrinsic::trap));
  return true;
}

/// exit: the thread ends, as if its kernel returned (CUB's ThreadExit). The
/// noreturn marker loom.thread.exit; InlineDeviceFunctions makes it a return
/// of the kernel once the function is inlined there. Code after it in the
/// block is dead, as on a GPU.
bool Translator::exit(const Statement &S, Modifiers &) {
  if (!S.Operands.empty())
    return fail("malformed '" + S.Opcode + "'");
  B.CreateCall(getMarkerFunction(M, Marker::ThreadExit));
  return true;
}

/// pmevent: a profiler event; nothing observable on a CPU.
bool Translator::nop(const Statement &, Modifiers &) { return true; }

//===----------------------------------------------------------------------===//
// Running statements
//===----------------------------------------------------------------------===//

bool Translator::execute(const Statement &S) {
  switch (S.Kind) {
  case Statement::Open:
    Scopes.emplace_back();
    return true;
  case Statement::Close:
    Scopes.pop_back();
    return true;
  case Statement::RegDecl: {
    std::optional<PTy> T = parseType(S.RegType);
    if (!T)
      return fail("unsupported register type '." + S.RegType + "'");
    for (const std::string &Name : S.Names) {
      if (Scopes.back().count(Name))
        return fail("register '" + Name + "' declared twice");
      Reg R;
      R.Bits = T->Bits;
      R.V = ConstantInt::get(IntegerType::get(Ctx, R.Bits), 0);
      Scopes.back()[Name] = R;
    }
    return true;
  }
  case Statement::Instruction:
    break;
  }
  const OpcodeInfo *Info = findOpcode(S.Parts[0]);
  if (!Info)
    return fail("PTX instruction '" + S.Opcode + "' is not supported by Loom");
  Modifiers Mods(S.Parts);
  Value *G = nullptr;
  if (!S.Guard.empty()) {
    Operand P;
    P.Name = S.Guard;
    P.Negated = S.GuardNegated;
    if (!(G = readOperand(P, PTy::pred(), S)))
      return false;
  }
  bool OK;
  if (!G || !Info->SideEffects) {
    // Pure (or unguarded): compute, then select each result on the guard.
    Guard = G;
    OK = (this->*Info->Fn)(S, Mods);
    Guard = nullptr;
  } else {
    // Side effects: run in a branch; registers written there meet in phis.
    Instruction *At = &*B.GetInsertPoint();
    BasicBlock *Head = At->getParent();
    BasicBlock *Cont = Head->splitBasicBlock(At, "ptx.cont");
    BasicBlock *Then = BasicBlock::Create(Ctx, "ptx.then", Head->getParent(), Cont);
    Head->getTerminator()->eraseFromParent();
    B.SetInsertPoint(Head);
    B.CreateCondBr(G, Then, Cont);
    B.SetInsertPoint(Then);
    StringMap<std::pair<Reg *, Value *>> Writes;
    GuardedWrites = &Writes;
    Value *CarryBefore = Carry;
    OK = (this->*Info->Fn)(S, Mods);
    GuardedWrites = nullptr;
    BasicBlock *ThenEnd = B.GetInsertBlock();
    B.CreateBr(Cont);
    B.SetInsertPoint(Cont, Cont->begin());
    for (auto &[Name, W] : Writes) {
      auto [R, Old] = W;
      PHINode *Phi = B.CreatePHI(Old->getType(), 2);
      Phi->addIncoming(R->V, ThenEnd);
      Phi->addIncoming(Old, Head);
      R->V = Phi;
    }
    if (Carry != CarryBefore) {
      PHINode *Phi = B.CreatePHI(B.getInt1Ty(), 2);
      Phi->addIncoming(Carry, ThenEnd);
      Phi->addIncoming(CarryBefore ? CarryBefore : B.getFalse(), Head);
      Carry = Phi;
    }
    B.SetInsertPoint(At);
  }
  if (!OK) {
    if (Error.empty())
      fail("malformed '" + S.Opcode + "'");
    return false;
  }
  if (StringRef Left = Mods.unused(); !Left.empty())
    return fail("modifier '." + Left + "' of '" + S.Opcode + "' is not supported by Loom");
  return true;
}

bool Translator::finishOutputs() {
  SmallVector<Value *, 4> Outs;
  for (unsigned I = 0; I < OutputTypes.size(); ++I) {
    Reg &R = Scopes[0]["$" + std::to_string(I)];
    Type *T = OutputTypes[I];
    Value *V = R.V;
    if (T->isIntegerTy()) {
      V = toBits(V, T->getIntegerBitWidth(), false);
    } else if (auto *BC = dyn_cast<BitCastInst>(V); BC && BC->getSrcTy() == T) {
      V = BC->getOperand(0); // a float result kept as bits: the float itself
      Dead.push_back(BC);
    } else {
      V = B.CreateBitCast(V, T);
    }
    Outs.push_back(V);
  }
  if (Outs.size() == 1) {
    Result = Outs[0];
  } else if (Outs.size() > 1) {
    Value *Agg = PoisonValue::get(CB.getType());
    for (unsigned I = 0; I < Outs.size(); ++I)
      Agg = B.CreateInsertValue(Agg, Outs[I], I);
    Result = Agg;
  }
  return true;
}

bool Translator::run() {
  if (Asm.getDialect() != InlineAsm::AD_ATT)
    return fail("Intel-dialect inline assembly");
  if (!bindOperands())
    return false;
  std::vector<Statement> Stmts;
  if (!ptx::parse(Asm.getAsmString(), Stmts, Error))
    return false;
  if (MemoryClobber)
    B.CreateFence(AtomicOrdering::SequentiallyConsistent, SyncScope::SingleThread);
  for (const Statement &S : Stmts) {
    if (!execute(S)) {
      if (S.Kind == Statement::Instruction && !StringRef(Error).contains("'" + S.Opcode + "'"))
        Error += " (in '" + ptx::userSpelling(S.Text) + "')";
      return false;
    }
  }
  if (!finishOutputs())
    return false;
  for (WeakTrackingVH &V : Casts)
    if (auto *I = dyn_cast_or_null<Instruction>(V))
      if (I->use_empty())
        I->eraseFromParent();
  return true;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Functions a compiled kernel can reach: kernels, and everything referenced
/// (called, address taken, through global initializers such as vtables) from
/// reachable code.
SmallPtrSet<const Function *, 32> reachableFromKernels(Module &M) {
  SmallPtrSet<const Function *, 32> Seen;
  SmallPtrSet<const Value *, 32> Visited;
  SmallVector<const Value *, 64> Work;
  auto Push = [&](const Value *V) {
    if (Visited.insert(V).second)
      Work.push_back(V);
  };
  // Roots: kernels, and device variables (a function pointer stored in one
  // can reach a kernel through the host).
  for (Function &F : M)
    if (F.hasFnAttribute("loom-kernel"))
      Push(&F);
  for (GlobalVariable &G : M.globals())
    Push(&G);
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (auto *F = dyn_cast<Function>(V)) {
      Seen.insert(F);
      for (const BasicBlock &BB : *F)
        for (const Instruction &I : BB)
          for (const Use &U : I.operands())
            if (isa<Constant>(U.get()))
              Push(U.get());
    } else if (auto *G = dyn_cast<GlobalVariable>(V)) {
      if (G->hasInitializer())
        Push(G->getInitializer());
    } else if (auto *GA = dyn_cast<GlobalAlias>(V)) {
      Push(GA->getAliasee());
    } else if (auto *C = dyn_cast<Constant>(V)) {
      if (!isa<GlobalValue>(C))
        for (const Use &U : C->operands())
          Push(U.get());
    }
  }
  return Seen;
}

} // namespace

PreservedAnalyses TranslateInlinePTXPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<CallBase *, 16> Calls;
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (isa<InlineAsm>(CB->getCalledOperand()))
            Calls.push_back(CB);
  if (Calls.empty())
    return PreservedAnalyses::all();

  SmallPtrSet<const Function *, 32> Reachable = reachableFromKernels(M);
  // The carry flag an asm statement left in its block, for the next one.
  DenseMap<BasicBlock *, Value *> BlockCarry;
  SetVector<Function *> Unreachable;
  for (CallBase *CB : Calls) {
    Function &F = *CB->getFunction();
    if (Unreachable.count(&F))
      continue;
    if (!isa<CallInst>(CB)) {
      reportUnsupported(F, CB, "inline PTX called through 'invoke'");
      continue;
    }
    BasicBlock *BB = CB->getParent();
    Translator T(*CB, BlockCarry.lookup(BB));
    if (!T.run()) {
      std::string Text = ptx::userSpelling(cast<InlineAsm>(CB->getCalledOperand())->getAsmString());
      if (Reachable.count(&F))
        reportUnsupported(F, CB, "inline PTX: " + T.Error + ", in asm(\"" + Text + "\")");
      else
        Unreachable.insert(&F); // never runs: a trapping body below
      continue;
    }
    BlockCarry[T.endBlock()] = T.carryOut();
    if (Value *R = T.result())
      CB->replaceAllUsesWith(R);
    else if (!CB->use_empty())
      CB->replaceAllUsesWith(PoisonValue::get(CB->getType()));
    CB->eraseFromParent();
    T.cleanup();
  }
  // Device functions no kernel reaches, with asm Loom cannot translate: their
  // body becomes a trap, so dead code compiles as it does with nvcc.
  for (Function *F : Unreachable) {
    F->deleteBody();
    BasicBlock *BB = BasicBlock::Create(M.getContext(), "unreachable.ptx", F);
    IRBuilder<> B(BB);
    B.CreateCall(Intrinsic::getOrInsertDeclaration(&M, Intrinsic::trap));
    B.CreateUnreachable();
    F->setLinkage(GlobalValue::InternalLinkage);
  }
  return PreservedAnalyses::none();
}

} // namespace loom
