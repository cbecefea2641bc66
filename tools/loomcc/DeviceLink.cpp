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
#include "llvm/Object/OffloadBinary.h"
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

/// The section of objects written by loomcc before it used LLVM's
/// offloading format: reported, not read.
constexpr const char *OldRdcSection = ".loom_rdc_bc";

/// Emits \p Bytes as a constant in \p Section of a fresh host object.
bool writeSectionObject(StringRef Bytes, StringRef Section, const std::string &ObjectPath,
                        const std::string &TargetTriple) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  if (!TargetTriple.empty()) { // loomcc --target
    InitializeAllTargetInfos();
    InitializeAllTargets();
    InitializeAllTargetMCs();
    InitializeAllAsmPrinters();
  }
  LLVMContext Ctx;
  Module M("loom.rdc", Ctx);
  Triple TT(TargetTriple.empty() ? sys::getDefaultTargetTriple() : TargetTriple);
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
  if (Section == LOOM_RDC_SECTION) {
    // As clang embeds offloading binaries: excluded from final links (the
    // device link has read them by then), kept by `ld -r` and `ar`.
    embedBufferInModule(M, MemoryBufferRef(Bytes, "loom.rdc"), Section,
                        Align(object::OffloadBinary::getAlignment()));
  } else {
    Constant *Data = ConstantDataArray::getRaw(Bytes, Bytes.size(), Type::getInt8Ty(Ctx));
    auto *GV = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                                  GlobalValue::PrivateLinkage, Data, "loom.rdc.marker");
    GV->setSection(Section);
    GV->setAlignment(Align(8));
    appendToCompilerUsed(M, {GV});
  }

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

/// Writes the NVPTX bitcode images of \p Binaries to files for the device
/// link. GPU code (PTX, cubin, fatbin) made by another compiler cannot run
/// on Loom: an error names it.
bool takeImages(SmallVectorImpl<object::OffloadFile> &Binaries, StringRef Where,
                const std::function<std::string()> &NewFile, RdcScan &Out) {
  for (object::OffloadFile &F : Binaries) {
    const object::OffloadBinary &B = *F.getBinary();
    if (B.getImageKind() != object::IMG_Bitcode || !B.getTriple().starts_with("nvptx")) {
      StringRef Kind;
      switch (B.getImageKind()) {
      case object::IMG_PTX: Kind = "PTX"; break;
      case object::IMG_Cubin: Kind = "cubin"; break;
      case object::IMG_Fatbinary: Kind = "fatbin"; break;
      case object::IMG_Object: Kind = "machine code"; break;
      case object::IMG_Bitcode: Kind = "LLVM bitcode"; break;
      default: Kind = "an unknown kind"; break;
      }
      errs() << "loomcc: error: '" << Where << "': device code for '" << B.getTriple()
             << "' (" << Kind << ", arch '" << B.getArch()
             << "') was compiled for a GPU; compile its source with loomcc -rdc=true\n";
      return false;
    }
    std::string File = NewFile();
    std::error_code EC;
    raw_fd_ostream OS(File, EC, sys::fs::OF_None);
    if (EC) {
      errs() << "loomcc: error: cannot write '" << File << "': " << EC.message() << "\n";
      return false;
    }
    OS << B.getImage();
    Out.BitcodeFiles.push_back(File);
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
    if (*Name == LOOM_RDC_LINKED_SECTION)
      Out.AlreadyLinked = true;
    if (*Name == OldRdcSection) {
      errs() << "loomcc: error: '" << Where
             << "': relocatable device code from an older loomcc; compile it again\n";
      return false;
    }
  }
  // The device code proper: LLVM's offloading binaries.
  SmallVector<object::OffloadFile, 4> Binaries;
  if (Error E = object::extractOffloadBinaries(Buffer, Binaries)) {
    errs() << "loomcc: error: '" << Where << "': " << toString(std::move(E)) << "\n";
    return false;
  }
  return takeImages(Binaries, Where, NewFile, Out);
}

} // namespace

bool embedDeviceBitcode(const std::string &BitcodePath, const std::string &ObjectPath,
                        const std::string &TargetTriple) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> BC = MemoryBuffer::getFile(BitcodePath);
  if (!BC) {
    errs() << "loomcc: error: cannot read '" << BitcodePath << "'\n";
    return false;
  }
  // llvm::object::OffloadBinary, as clang's offloading driver writes it: the
  // NVPTX bitcode of the translation unit, tagged CUDA and bitcode.
  object::OffloadBinary::OffloadingImage Image;
  Image.TheImageKind = object::IMG_Bitcode;
  Image.TheOffloadKind = object::OFK_Cuda;
  Image.StringData["triple"] = "nvptx64-nvidia-cuda";
  Image.StringData["arch"] = "loom";
  Image.StringData["producer"] = "loomcc";
  Image.Image = MemoryBuffer::getMemBuffer((*BC)->getMemBufferRef(), false);
  SmallString<0> Binary = object::OffloadBinary::write(Image);
  return writeSectionObject(Binary, LOOM_RDC_SECTION, ObjectPath, TargetTriple);
}

bool writeDeviceLinkMarker(const std::string &ObjectPath, const std::string &TargetTriple) {
  return writeSectionObject(StringRef("LOOMLNK1", 8), LOOM_RDC_LINKED_SECTION, ObjectPath,
                            TargetTriple);
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
