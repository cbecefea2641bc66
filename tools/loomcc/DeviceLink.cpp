//===- DeviceLink.cpp - relocatable device code (-rdc) in objects -----------===//
// SPDX-License-Identifier: Apache-2.0
#include "DeviceLink.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace loomcc {

namespace {

constexpr char BlobMagic[8] = {'L', 'O', 'O', 'M', 'R', 'D', 'C', '1'};

/// Emits \p Bytes as a constant in \p Section of a fresh host object.
bool writeSectionObject(StringRef Bytes, StringRef Section, const std::string &ObjectPath) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  LLVMContext Ctx;
  Module M("loom.rdc", Ctx);
  Triple TT(sys::getDefaultTargetTriple());
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(TT, Error);
  if (!T) {
    errs() << "loomcc: error: no host target: " << Error << "\n";
    return false;
  }
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      TT, "generic", "", TargetOptions(), Reloc::PIC_));
  M.setTargetTriple(TT);
  M.setDataLayout(TM->createDataLayout());
  Constant *Data = ConstantDataArray::getRaw(Bytes, Bytes.size(), Type::getInt8Ty(Ctx));
  auto *GV = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                                GlobalValue::PrivateLinkage, Data, "loom.rdc.blob");
  GV->setSection(Section);
  GV->setAlignment(Align(8));
  appendToCompilerUsed(M, {GV});

  std::error_code EC;
  raw_fd_ostream Out(ObjectPath, EC, sys::fs::OF_None);
  if (EC) {
    errs() << "loomcc: error: cannot write '" << ObjectPath << "': " << EC.message() << "\n";
    return false;
  }
  legacy::PassManager CodeGen;
  if (TM->addPassesToEmitFile(CodeGen, Out, nullptr, CodeGenFileType::ObjectFile)) {
    errs() << "loomcc: internal error: host target cannot emit objects\n";
    return false;
  }
  CodeGen.run(M);
  return true;
}

/// Splits one LOOM_RDC_SECTION's contents into blobs.
bool splitBlobs(StringRef Section, StringRef Where, const std::function<std::string()> &NewFile,
                RdcScan &Out) {
  size_t Pos = 0;
  while (Pos + 16 <= Section.size()) {
    StringRef Head = Section.substr(Pos, 8);
    if (Head == StringRef("\0\0\0\0\0\0\0\0", 8)) { // padding between inputs
      Pos += 8;
      continue;
    }
    if (Head != StringRef(BlobMagic, 8)) {
      errs() << "loomcc: error: '" << Where << "': corrupt Loom device code section\n";
      return false;
    }
    uint64_t Size = support::endian::read64le(Section.data() + Pos + 8);
    if (Size > Section.size() - Pos - 16) {
      errs() << "loomcc: error: '" << Where << "': truncated Loom device code\n";
      return false;
    }
    std::string File = NewFile();
    std::error_code EC;
    raw_fd_ostream OS(File, EC, sys::fs::OF_None);
    if (EC) {
      errs() << "loomcc: error: cannot write '" << File << "': " << EC.message() << "\n";
      return false;
    }
    OS << Section.substr(Pos + 16, Size);
    Out.BitcodeFiles.push_back(File);
    Pos += 16 + alignTo(Size, 8);
  }
  return true;
}

bool scanObject(MemoryBufferRef Buffer, StringRef Where,
                const std::function<std::string()> &NewFile, RdcScan &Out) {
  Expected<std::unique_ptr<object::ObjectFile>> Obj =
      object::ObjectFile::createObjectFile(Buffer);
  if (!Obj) {
    consumeError(Obj.takeError()); // not an object Loom can read: nothing of ours
    return true;
  }
  for (const object::SectionRef &S : (*Obj)->sections()) {
    Expected<StringRef> Name = S.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name == LOOM_RDC_LINKED_SECTION) {
      Out.AlreadyLinked = true;
      continue;
    }
    if (*Name != LOOM_RDC_SECTION)
      continue;
    Expected<StringRef> Contents = S.getContents();
    if (!Contents) {
      errs() << "loomcc: error: '" << Where << "': " << toString(Contents.takeError()) << "\n";
      return false;
    }
    if (!splitBlobs(*Contents, Where, NewFile, Out))
      return false;
  }
  return true;
}

} // namespace

bool embedDeviceBitcode(const std::string &BitcodePath, const std::string &ObjectPath) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> BC = MemoryBuffer::getFile(BitcodePath);
  if (!BC) {
    errs() << "loomcc: error: cannot read '" << BitcodePath << "'\n";
    return false;
  }
  std::string Blob(BlobMagic, 8);
  char Size[8];
  support::endian::write64le(Size, (*BC)->getBufferSize());
  Blob.append(Size, 8);
  Blob += (*BC)->getBuffer();
  Blob.resize(alignTo(Blob.size(), 8), '\0');
  return writeSectionObject(Blob, LOOM_RDC_SECTION, ObjectPath);
}

bool writeDeviceLinkMarker(const std::string &ObjectPath) {
  return writeSectionObject(StringRef("LOOMLNK1", 8), LOOM_RDC_LINKED_SECTION, ObjectPath);
}

bool scanForDeviceCode(const std::string &Path, const std::function<std::string()> &NewFile,
                       RdcScan &Out) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return true; // the host linker reports missing inputs
  MemoryBufferRef Ref = (*Buffer)->getMemBufferRef();
  if (!Ref.getBuffer().starts_with("!<arch>\n"))
    return scanObject(Ref, Path, NewFile, Out);
  Expected<std::unique_ptr<object::Archive>> Ar = object::Archive::create(Ref);
  if (!Ar) {
    errs() << "loomcc: error: '" << Path << "': " << toString(Ar.takeError()) << "\n";
    return false;
  }
  Error Err = Error::success();
  for (const object::Archive::Child &C : (*Ar)->children(Err)) {
    Expected<MemoryBufferRef> Member = C.getMemoryBufferRef();
    if (!Member) {
      consumeError(Member.takeError());
      continue;
    }
    Expected<StringRef> Name = C.getName();
    std::string Where = Path + "(" + (Name ? Name->str() : std::string("?")) + ")";
    if (!Name)
      consumeError(Name.takeError());
    if (!scanObject(*Member, Where, NewFile, Out))
      return false;
  }
  if (Err) {
    errs() << "loomcc: error: '" << Path << "': " << toString(std::move(Err)) << "\n";
    return false;
  }
  return true;
}

} // namespace loomcc
