//===- InlinePTX.cpp - a parser for the PTX text of inline asm statements --===//
// SPDX-License-Identifier: Apache-2.0
#include "Import/InlinePTX.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

#include <cctype>

using namespace llvm;

namespace loom::ptx {

namespace {

/// One token: a word (identifier, dotted opcode, register, number), a
/// punctuation character, or the end of the text.
struct Token {
  enum KindTy { Word, Punct, End } Kind = End;
  StringRef Text;
  char P = 0;
};

bool isWordChar(char C) {
  return isAlnum(C) || C == '_' || C == '.' || C == '%' || C == '$' || C == ':';
}

class Lexer {
public:
  explicit Lexer(StringRef Text) : Text(Text) {}

  Token peek() {
    if (!Peeked) {
      Next = lex();
      Peeked = true;
    }
    return Next;
  }
  Token take() {
    Token T = peek();
    Peeked = false;
    return T;
  }
  bool takeIf(char P) {
    Token T = peek();
    if (T.Kind == Token::Punct && T.P == P) {
      take();
      return true;
    }
    return false;
  }
  size_t position() const { return Peeked ? NextStart : Pos; }
  StringRef source() const { return Text; }

private:
  void skipSpaceAndComments() {
    while (Pos < Text.size()) {
      char C = Text[Pos];
      if (isSpace(C)) {
        ++Pos;
      } else if (Text.substr(Pos).starts_with("//")) {
        while (Pos < Text.size() && Text[Pos] != '\n')
          ++Pos;
      } else if (Text.substr(Pos).starts_with("/*")) {
        size_t E = Text.find("*/", Pos + 2);
        Pos = E == StringRef::npos ? Text.size() : E + 2;
      } else {
        break;
      }
    }
  }

  Token lex() {
    skipSpaceAndComments();
    NextStart = Pos;
    Token T;
    if (Pos >= Text.size())
      return T;
    char C = Text[Pos];
    if (!isWordChar(C)) {
      T.Kind = Token::Punct;
      T.P = C;
      T.Text = Text.substr(Pos, 1);
      ++Pos;
      return T;
    }
    size_t Start = Pos;
    while (Pos < Text.size()) {
      char D = Text[Pos];
      if (isWordChar(D)) {
        ++Pos;
        continue;
      }
      // A decimal exponent's sign: 1.5e-3.
      if ((D == '+' || D == '-') && Pos > Start && isDigit(Text[Start]) &&
          (Text[Pos - 1] == 'e' || Text[Pos - 1] == 'E') &&
          !Text.substr(Start, Pos - Start).starts_with_insensitive("0x") &&
          !Text.substr(Start, Pos - Start).starts_with_insensitive("0f") &&
          !Text.substr(Start, Pos - Start).starts_with_insensitive("0d")) {
        ++Pos;
        continue;
      }
      break;
    }
    T.Kind = Token::Word;
    T.Text = Text.substr(Start, Pos - Start);
    return T;
  }

  StringRef Text;
  size_t Pos = 0;
  size_t NextStart = 0;
  bool Peeked = false;
  Token Next;
};

/// Integer literal: decimal, 0x, 0b, leading-0 octal, optional U suffix.
bool parseInteger(StringRef W, uint64_t &V) {
  if (W.ends_with("U") || W.ends_with("u"))
    W = W.drop_back();
  if (W.empty() || !isDigit(W[0]))
    return false;
  unsigned Radix = 10;
  if (W.starts_with_insensitive("0x")) {
    Radix = 16;
    W = W.drop_front(2);
  } else if (W.starts_with_insensitive("0b")) {
    Radix = 2;
    W = W.drop_front(2);
  } else if (W.size() > 1 && W[0] == '0') {
    Radix = 8;
    W = W.drop_front(1);
  }
  return !W.getAsInteger(Radix, V);
}

/// Float literal: 0fXXXXXXXX, 0dXXXXXXXXXXXXXXXX, or decimal (an f64).
bool parseFloat(StringRef W, Operand &Op) {
  if (W.size() == 10 && W.starts_with_insensitive("0f")) {
    Op.FloatIsF32 = true;
    return !W.drop_front(2).getAsInteger(16, Op.FloatBits);
  }
  if (W.size() == 18 && W.starts_with_insensitive("0d")) {
    Op.FloatIsF32 = false;
    return !W.drop_front(2).getAsInteger(16, Op.FloatBits);
  }
  if (W.empty() || !(isDigit(W[0]) || W[0] == '.') ||
      W.find_first_of(".eE") == StringRef::npos)
    return false;
  APFloat F(APFloat::IEEEdouble());
  Expected<APFloat::opStatus> Status = F.convertFromString(W, APFloat::rmNearestTiesToEven);
  if (!Status) {
    consumeError(Status.takeError());
    return false;
  }
  Op.FloatIsF32 = false;
  Op.FloatBits = F.bitcastToAPInt().getZExtValue();
  return true;
}

class Parser {
public:
  Parser(StringRef Text, std::string &Error) : L(Text), Error(Error) {}

  bool parseBody(std::vector<Statement> &Out, bool Nested) {
    while (true) {
      Token T = L.peek();
      if (T.Kind == Token::End) {
        if (Nested)
          return fail("a '{' scope is not closed");
        return true;
      }
      if (T.Kind == Token::Punct && T.P == ';') { // empty statement
        L.take();
        continue;
      }
      if (T.Kind == Token::Punct && T.P == '{') {
        L.take();
        Statement Open;
        Open.Kind = Statement::Open;
        Out.push_back(Open);
        if (!parseBody(Out, /*Nested=*/true))
          return false;
        continue;
      }
      if (T.Kind == Token::Punct && T.P == '}') {
        if (!Nested)
          return fail("'}' without a matching '{'");
        L.take();
        Statement Close;
        Close.Kind = Statement::Close;
        Out.push_back(Close);
        return true;
      }
      if (!parseStatement(Out))
        return false;
    }
  }

private:
  bool fail(const Twine &Msg) {
    Error = Msg.str();
    return false;
  }

  bool parseStatement(std::vector<Statement> &Out) {
    size_t Start = L.position();
    Statement S;
    Token T = L.take();
    if (T.Kind == Token::Word && T.Text == ".reg")
      return parseRegDecl(Out, Start);
    if (T.Kind == Token::Punct && T.P == '@') {
      S.GuardNegated = L.takeIf('!');
      Token G = L.take();
      if (G.Kind != Token::Word)
        return fail("expected a predicate register after '@'");
      S.Guard = G.Text.str();
      T = L.take();
    }
    if (T.Kind != Token::Word)
      return fail("expected an instruction, found '" + T.Text + "'");
    if (T.Text.ends_with(":") || L.peek().P == ':')
      return fail("labels and branches are not supported in inline PTX ('" + T.Text + "')");
    if (T.Text.starts_with("."))
      return fail("the directive '" + T.Text + "' is not supported in inline PTX");
    S.Opcode = T.Text.str();
    SmallVector<StringRef, 6> Parts;
    T.Text.split(Parts, '.');
    for (StringRef P : Parts)
      S.Parts.push_back(P.str());
    // Operands up to ';' (or the end of the text, or a '}').
    Token N = L.peek();
    bool Done = N.Kind == Token::End || (N.Kind == Token::Punct && (N.P == ';' || N.P == '}'));
    while (!Done) {
      Operand Op;
      if (!parseOperand(Op))
        return false;
      S.Operands.push_back(std::move(Op));
      if (L.takeIf(','))
        continue;
      N = L.peek();
      if (N.Kind == Token::End || (N.Kind == Token::Punct && (N.P == ';' || N.P == '}')))
        break;
      return fail("expected ',' or ';' after an operand of '" + S.Opcode + "', found '" +
                  N.Text + "'");
    }
    L.takeIf(';');
    S.Text = L.source().slice(Start, L.position()).trim().str();
    Out.push_back(std::move(S));
    return true;
  }

  bool parseRegDecl(std::vector<Statement> &Out, size_t Start) {
    Statement S;
    S.Kind = Statement::RegDecl;
    Token Ty = L.take();
    if (Ty.Kind != Token::Word || !Ty.Text.starts_with("."))
      return fail("expected a type after '.reg'");
    S.RegType = Ty.Text.drop_front().str();
    if (StringRef(S.RegType).starts_with("v"))
      return fail("vector registers ('.reg ." + S.RegType + "') are not supported");
    do {
      Token Name = L.take();
      if (Name.Kind != Token::Word)
        return fail("expected a register name in '.reg'");
      if (L.takeIf('<')) {
        Token Count = L.take();
        uint64_t N = 0;
        if (Count.Kind != Token::Word || !parseInteger(Count.Text, N) || N > 4096 ||
            !L.takeIf('>'))
          return fail("malformed register range '" + Name.Text + "<...>'");
        for (uint64_t I = 0; I < N; ++I)
          S.Names.push_back((Name.Text + Twine(I)).str());
      } else {
        S.Names.push_back(Name.Text.str());
      }
    } while (L.takeIf(','));
    if (!L.takeIf(';'))
      return fail("expected ';' after a '.reg' declaration");
    S.Text = L.source().slice(Start, L.position()).trim().str();
    Out.push_back(std::move(S));
    return true;
  }

  bool parseOperand(Operand &Op) {
    Token T = L.peek();
    if (T.Kind == Token::Punct && T.P == '{') {
      L.take();
      Op.Kind = Operand::Vector;
      do {
        Operand E;
        if (!parseOperand(E))
          return false;
        Op.Elements.push_back(std::move(E));
      } while (L.takeIf(','));
      if (!L.takeIf('}'))
        return fail("expected '}' after a vector operand");
      return true;
    }
    if (T.Kind == Token::Punct && T.P == '[') {
      L.take();
      Op.Kind = Operand::Address;
      Operand Base;
      if (!parseScalar(Base))
        return false;
      if (Base.Kind != Operand::Register && Base.Kind != Operand::Integer)
        return fail("an address must be a register or an integer");
      Op.Elements.push_back(std::move(Base));
      while (L.peek().Kind == Token::Punct && (L.peek().P == '+' || L.peek().P == '-')) {
        bool Neg = L.take().P == '-';
        if (L.takeIf('-'))
          Neg = !Neg;
        Token N = L.take();
        uint64_t V = 0;
        if (N.Kind != Token::Word || !parseInteger(N.Text, V))
          return fail("an address offset must be an integer ('" + N.Text + "')");
        Op.Offset += Neg ? -(int64_t)V : (int64_t)V;
      }
      if (!L.takeIf(']'))
        return fail("expected ']' after an address");
      return true;
    }
    if (!parseScalar(Op))
      return false;
    if (Op.Kind == Operand::Register && L.takeIf('|')) {
      Token Q = L.take();
      if (Q.Kind != Token::Word)
        return fail("expected a predicate after '|'");
      Op.PairName = Q.Text.str();
    }
    return true;
  }

  /// A register, literal, `!p`, `-x` or `_`.
  bool parseScalar(Operand &Op) {
    bool Not = L.takeIf('!');
    bool Minus = !Not && L.takeIf('-');
    Token T = L.take();
    if (T.Kind != Token::Word)
      return fail("expected an operand, found '" + T.Text + "'");
    if (T.Text == "_") {
      Op.Kind = Operand::Sink;
      return true;
    }
    uint64_t V = 0;
    if (isDigit(T.Text[0])) {
      if (!Not && parseInteger(T.Text, V)) {
        Op.Kind = Operand::Integer;
        Op.Int = Minus ? 0 - V : V;
        return true;
      }
      if (!Not && parseFloat(T.Text, Op)) {
        Op.Kind = Operand::Float;
        if (Minus)
          Op.FloatBits ^= Op.FloatIsF32 ? 0x80000000ull : 0x8000000000000000ull;
        return true;
      }
      return fail("malformed number '" + T.Text + "'");
    }
    Op.Kind = Operand::Register;
    Op.Name = T.Text.str();
    Op.Negated = Not;
    Op.Minus = Minus;
    return true;
  }

  Lexer L;
  std::string &Error;
};

} // namespace

bool parse(StringRef AsmText, std::vector<Statement> &Out, std::string &Error) {
  // clang spells operand N as $N (or ${N}, ${N:modifier}) and a literal $ as $$.
  std::string Text;
  Text.reserve(AsmText.size());
  for (size_t I = 0; I < AsmText.size(); ++I) {
    char C = AsmText[I];
    if (C != '$') {
      Text += C;
      continue;
    }
    if (I + 1 < AsmText.size() && AsmText[I + 1] == '$') {
      Text += '$';
      ++I;
      continue;
    }
    if (I + 1 < AsmText.size() && AsmText[I + 1] == '{') {
      size_t E = AsmText.find('}', I);
      if (E == StringRef::npos) {
        Error = "malformed operand reference";
        return false;
      }
      StringRef Ref = AsmText.slice(I + 2, E);
      if (Ref.contains(':')) {
        Error = "operand modifiers ('%" + Ref.str() + "') are not supported in inline PTX";
        return false;
      }
      Text += "$" + Ref.str();
      I = E;
      continue;
    }
    Text += C;
  }
  Parser P(Text, Error);
  return P.parseBody(Out, /*Nested=*/false);
}

std::string userSpelling(StringRef IRText, size_t MaxLength) {
  std::string S;
  for (size_t I = 0; I < IRText.size(); ++I) {
    char C = IRText[I];
    if (C == '$' && I + 1 < IRText.size() && IRText[I + 1] == '$') {
      S += '$';
      ++I;
    } else if (C == '$') {
      S += '%';
    } else if (C == '\n' || C == '\t') {
      if (!S.empty() && S.back() != ' ')
        S += ' ';
    } else {
      S += C;
    }
  }
  StringRef T = StringRef(S).trim();
  if (T.size() > MaxLength)
    return (T.substr(0, MaxLength) + "...").str();
  return T.str();
}

} // namespace loom::ptx
