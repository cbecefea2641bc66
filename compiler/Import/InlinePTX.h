//===- InlinePTX.h - a parser for the PTX text of inline asm statements ----===//
// SPDX-License-Identifier: Apache-2.0
//
// What: the syntax half of Loom's inline-PTX translator. An `asm()` string,
// as clang leaves it in the IR (operands spelled `$N`, `%%` already `%`),
// becomes a list of statements: instructions with their guard predicate,
// opcode and operands; `.reg` declarations; `{`/`}` scopes. Nothing here
// knows what an instruction means (TranslateInlinePTX.cpp does); the parser
// only refuses text that is not PTX statement syntax (labels, directives
// other than .reg, malformed operands), with a message naming the spot.
//
// Grammar (the subset inline asm uses):
//   body       := { statement }
//   statement  := '{' body '}' | '.reg' type name {',' name} ';'
//               | [ '@' ['!'] reg ] opcode [ operand {',' operand} ] (';' | end)
//   operand    := ['!'|'-'] word | reg '|' reg | '{' operand {',' operand} '}'
//               | '[' (reg|number) [ ('+'|'-') number ] ']'
//   name       := word [ '<' number '>' ]      (%r<4> declares %r0..%r3)
// Comments (// and /* */) are skipped. Numbers: decimal, 0x hex, 0b binary,
// leading-0 octal, an optional U suffix; 0fXXXXXXXX (f32 bits),
// 0dXXXXXXXXXXXXXXXX (f64 bits) and decimal floating point.
//===----------------------------------------------------------------------===//
#ifndef LOOM_IMPORT_INLINEPTX_H
#define LOOM_IMPORT_INLINEPTX_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace loom::ptx {

struct Operand {
  enum KindTy {
    Register,   ///< a name: `$3` (an asm operand), `%r1`, `p`, `%laneid`
    Integer,    ///< an integer literal (two's complement in 64 bits)
    Float,      ///< a floating-point literal: FloatBits of an f32 or f64
    Vector,     ///< `{a, b, ...}` (mov packing, ld/st .v2/.v4)
    Address,    ///< `[base+offset]`: Elements[0] is the base (Register or Integer)
    Sink,       ///< `_`: a result nobody reads
  } Kind = Register;
  std::string Name;            ///< Register: as written
  std::string PairName;        ///< Register: `p|q` names q here (setp's second result)
  bool Negated = false;        ///< `!p` (a predicate's complement)
  bool Minus = false;          ///< `-x` on a register (a few float forms)
  uint64_t Int = 0;            ///< Integer value
  bool FloatIsF32 = false;     ///< Float: 0f literal (f32 bits) or f64 bits
  uint64_t FloatBits = 0;      ///< Float: the literal's bits
  int64_t Offset = 0;          ///< Address: byte offset
  std::vector<Operand> Elements; ///< Vector elements; Address base
};

struct Statement {
  enum KindTy { Instruction, RegDecl, Open, Close } Kind = Instruction;
  // Instruction:
  std::string Opcode;                   ///< as written: "add.cc.u32"
  llvm::SmallVector<std::string, 6> Parts; ///< "add", "cc", "u32"
  std::string Guard;                    ///< `@p`: "p" ("" when none)
  bool GuardNegated = false;            ///< `@!p`
  std::vector<Operand> Operands;
  // RegDecl: `.reg .b32 a, b, r<4>;` (Names expanded)
  std::string RegType;                  ///< "b32", "pred", "f32", ...
  std::vector<std::string> Names;
  std::string Text;                     ///< the statement's source, for messages
};

/// Parses \p AsmText (clang's IR spelling of an asm string). On failure
/// returns false and sets \p Error to a message naming the offending text.
bool parse(llvm::StringRef AsmText, std::vector<Statement> &Out, std::string &Error);

/// The text as the user wrote it in CUDA (`$N` back to `%N`, `$$` to `$`),
/// trimmed and shortened, for diagnostics.
std::string userSpelling(llvm::StringRef IRText, size_t MaxLength = 80);

} // namespace loom::ptx

#endif
