// Api.cpp - the ICD entry points, the dispatch table, and the queue, program, kernel, enqueue and event API.
// SPDX-License-Identifier: Apache-2.0
//
// The ICD loader (ocl-icd) finds libLoomOpenCL through an .icd file, asks
// it for clIcdGetPlatformIDsKHR and then calls everything through the
// dispatch table at the head of each object. Every slot of the table is
// filled: what Loom does not implement yet answers CL_INVALID_OPERATION,
// never a null pointer the loader would call.
#include "Objects.h"

#include "cuda_runtime_api.h"

#include <algorithm>
#include <type_traits>

namespace loomcl {

cl_icd_dispatch Dispatch;
void installObjects(cl_icd_dispatch &D);
cl_int platformInfo(cl_platform_id P, cl_platform_info Param, size_t Size, void *Value,
                    size_t *SizeRet);

namespace {

/// A dispatch slot Loom does not implement: CL_INVALID_OPERATION, through
/// the return value or every cl_int* argument (errcode_ret).
template <typename F> struct Unsupported;
template <typename R, typename... A> struct Unsupported<R(CL_API_CALL *)(A...)> {
  static R CL_API_CALL fn(A... Args) {
    (setError(Args), ...);
    if constexpr (std::is_same_v<R, cl_int>)
      return CL_INVALID_OPERATION;
    else if constexpr (std::is_pointer_v<R>)
      return nullptr;
    else if constexpr (!std::is_void_v<R>)
      return R{};
  }
  template <typename T> static void setError(T V) {
    if constexpr (std::is_same_v<T, cl_int *>)
      if (V)
        *V = CL_INVALID_OPERATION;
  }
};

template <typename Slot> void unsupported(Slot &S) {
  if constexpr (std::is_pointer_v<Slot> && std::is_function_v<std::remove_pointer_t<Slot>>)
    S = Unsupported<Slot>::fn;
}

template <typename T> T *fail(cl_int *Err, cl_int E) {
  if (Err)
    *Err = E;
  return nullptr;
}

// Command queues.

cl_command_queue newQueue(cl_context C, cl_device_id D, cl_command_queue_properties Props,
                          const cl_queue_properties *List, cl_int *Err) {
  if (!valid(C, ContextMagic))
    return fail<_cl_command_queue>(Err, CL_INVALID_CONTEXT);
  if (!valid(D, DeviceMagic))
    return fail<_cl_command_queue>(Err, CL_INVALID_DEVICE);
  if (Props & ~(CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT))
    return fail<_cl_command_queue>(Err, CL_INVALID_VALUE);
  if (Props & (CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT))
    return fail<_cl_command_queue>(Err, CL_INVALID_QUEUE_PROPERTIES);
  cudaStream_t Stream = nullptr;
  if (cudaStreamCreateWithFlags(&Stream, cudaStreamNonBlocking) != cudaSuccess)
    return fail<_cl_command_queue>(Err, CL_OUT_OF_RESOURCES);
  auto *Q = new _cl_command_queue();
  Q->magic = QueueMagic;
  Q->context = C;
  Q->device = D;
  Q->properties = Props;
  for (const cl_queue_properties *P = List; P && *P; P += 2)
    Q->propertyList.insert(Q->propertyList.end(), {P[0], P[1]});
  if (List)
    Q->propertyList.push_back(0);
  Q->stream = Stream;
  retainContext(C);
  startQueue(Q);
  if (Err)
    *Err = CL_SUCCESS;
  return Q;
}

cl_command_queue CL_API_CALL CreateCommandQueue(cl_context C, cl_device_id D,
                                                cl_command_queue_properties Props, cl_int *Err) {
  return newQueue(C, D, Props, nullptr, Err);
}

cl_command_queue CL_API_CALL CreateCommandQueueWithProperties(cl_context C, cl_device_id D,
                                                              const cl_queue_properties *List,
                                                              cl_int *Err) {
  cl_command_queue_properties Props = 0;
  for (const cl_queue_properties *P = List; P && *P; P += 2) {
    if (P[0] == CL_QUEUE_PROPERTIES)
      Props = P[1];
    else if (P[0] == CL_QUEUE_SIZE)
      return fail<_cl_command_queue>(Err, CL_INVALID_QUEUE_PROPERTIES); // on-device only
    else
      return fail<_cl_command_queue>(Err, CL_INVALID_VALUE);
  }
  return newQueue(C, D, Props, List, Err);
}

cl_int CL_API_CALL RetainCommandQueue(cl_command_queue Q) {
  if (!valid(Q, QueueMagic))
    return CL_INVALID_COMMAND_QUEUE;
  Q->refs.fetch_add(1);
  return CL_SUCCESS;
}

cl_int CL_API_CALL ReleaseCommandQueue(cl_command_queue Q) {
  if (!valid(Q, QueueMagic))
    return CL_INVALID_COMMAND_QUEUE;
  // Releasing flushes: the commands still run (they hold the queue).
  releaseQueue(Q);
  return CL_SUCCESS;
}

cl_int CL_API_CALL GetCommandQueueInfo(cl_command_queue Q, cl_command_queue_info Param,
                                       size_t Size, void *Value, size_t *SizeRet) {
  if (!valid(Q, QueueMagic))
    return CL_INVALID_COMMAND_QUEUE;
  switch (Param) {
  case CL_QUEUE_CONTEXT:
    return infoValue(Size, Value, SizeRet, Q->context);
  case CL_QUEUE_DEVICE:
    return infoValue(Size, Value, SizeRet, Q->device);
  case CL_QUEUE_REFERENCE_COUNT:
    return infoValue<cl_uint>(Size, Value, SizeRet, Q->refs.load());
  case CL_QUEUE_PROPERTIES:
    return infoValue(Size, Value, SizeRet, Q->properties);
  case CL_QUEUE_PROPERTIES_ARRAY:
    return info(Size, Value, SizeRet, Q->propertyList.data(),
                Q->propertyList.size() * sizeof(cl_queue_properties));
  case CL_QUEUE_DEVICE_DEFAULT:
    return infoValue<cl_command_queue>(Size, Value, SizeRet, nullptr);
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL Flush(cl_command_queue Q) {
  // Commands start as soon as they are queued.
  return valid(Q, QueueMagic) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL Finish(cl_command_queue Q) {
  if (!valid(Q, QueueMagic))
    return CL_INVALID_COMMAND_QUEUE;
  return finishQueue(Q);
}

// Programs.

cl_program CL_API_CALL CreateProgramWithSource(cl_context C, cl_uint Count, const char **Strings,
                                               const size_t *Lengths, cl_int *Err) {
  if (!valid(C, ContextMagic))
    return fail<_cl_program>(Err, CL_INVALID_CONTEXT);
  if (Count == 0 || !Strings)
    return fail<_cl_program>(Err, CL_INVALID_VALUE);
  for (cl_uint I = 0; I < Count; ++I)
    if (!Strings[I])
      return fail<_cl_program>(Err, CL_INVALID_VALUE);
  auto *P = new _cl_program();
  P->magic = ProgramMagic;
  P->context = C;
  for (cl_uint I = 0; I < Count; ++I)
    P->source += Lengths && Lengths[I] ? std::string(Strings[I], Lengths[I])
                                       : std::string(Strings[I]);
  retainContext(C);
  if (Err)
    *Err = CL_SUCCESS;
  return P;
}

cl_program CL_API_CALL CreateProgramWithBinary(cl_context C, cl_uint NumDevices,
                                               const cl_device_id *Devices, const size_t *Lengths,
                                               const unsigned char **Binaries, cl_int *Status,
                                               cl_int *Err) {
  if (!valid(C, ContextMagic))
    return fail<_cl_program>(Err, CL_INVALID_CONTEXT);
  if (!Devices || NumDevices == 0)
    return fail<_cl_program>(Err, CL_INVALID_VALUE);
  for (cl_uint I = 0; I < NumDevices; ++I)
    if (!valid(Devices[I], DeviceMagic))
      return fail<_cl_program>(Err, CL_INVALID_DEVICE);
  if (!Lengths || !Binaries)
    return fail<_cl_program>(Err, CL_INVALID_VALUE);
  for (cl_uint I = 0; I < NumDevices; ++I)
    if (!Lengths[I] || !Binaries[I]) {
      if (Status)
        Status[I] = CL_INVALID_VALUE;
      return fail<_cl_program>(Err, CL_INVALID_VALUE);
    }
  auto *P = new _cl_program();
  P->magic = ProgramMagic;
  P->context = C;
  // One device: every entry of the list is Loom's CPU, the last one wins.
  bool Ok = true;
  for (cl_uint I = 0; I < NumDevices; ++I) {
    bool This = parseProgramBinary(Binaries[I], Lengths[I], P);
    if (Status)
      Status[I] = This ? CL_SUCCESS : CL_INVALID_BINARY;
    Ok = Ok && This;
  }
  if (!Ok) {
    P->magic = 0;
    delete P;
    return fail<_cl_program>(Err, CL_INVALID_BINARY);
  }
  retainContext(C);
  if (Err)
    *Err = CL_SUCCESS;
  return P;
}

cl_int CL_API_CALL RetainProgram(cl_program P) {
  if (!valid(P, ProgramMagic))
    return CL_INVALID_PROGRAM;
  retainProgram(P);
  return CL_SUCCESS;
}

cl_int CL_API_CALL ReleaseProgram(cl_program P) {
  if (!valid(P, ProgramMagic))
    return CL_INVALID_PROGRAM;
  releaseProgram(P);
  return CL_SUCCESS;
}

cl_int checkDeviceList(cl_uint Num, const cl_device_id *List) {
  if ((Num == 0) != (List == nullptr))
    return CL_INVALID_VALUE;
  for (cl_uint I = 0; I < Num; ++I)
    if (!valid(List[I], DeviceMagic))
      return CL_INVALID_DEVICE;
  return CL_SUCCESS;
}

cl_int CL_API_CALL BuildProgram(cl_program P, cl_uint NumDevices, const cl_device_id *Devices,
                                const char *Options,
                                void(CL_CALLBACK *Notify)(cl_program, void *), void *Data) {
  if (!valid(P, ProgramMagic))
    return CL_INVALID_PROGRAM;
  if (cl_int E = checkDeviceList(NumDevices, Devices))
    return E;
  if (!Notify && Data)
    return CL_INVALID_VALUE;
  if (P->linked)
    return CL_INVALID_OPERATION; // made by clLinkProgram: nothing to build
  cl_int E = buildProgram(P, Options);
  if (Notify)
    Notify(P, Data);
  return E;
}

cl_int CL_API_CALL CompileProgram(cl_program P, cl_uint NumDevices, const cl_device_id *Devices,
                                  const char *Options, cl_uint NumHeaders,
                                  const cl_program *Headers, const char **Names,
                                  void(CL_CALLBACK *Notify)(cl_program, void *), void *Data) {
  if (!valid(P, ProgramMagic))
    return CL_INVALID_PROGRAM;
  if (cl_int E = checkDeviceList(NumDevices, Devices))
    return E;
  if ((!Notify && Data) || (NumHeaders == 0) != (Headers == nullptr) ||
      (NumHeaders == 0) != (Names == nullptr))
    return CL_INVALID_VALUE;
  if (P->source.empty() || P->fromBinary || P->linked)
    return CL_INVALID_OPERATION; // only programs from source compile
  std::vector<std::pair<std::string, std::string>> Files;
  for (cl_uint I = 0; I < NumHeaders; ++I) {
    if (!valid(Headers[I], ProgramMagic))
      return CL_INVALID_PROGRAM;
    std::string Name = Names[I] ? Names[I] : "";
    // A relative path inside the build folder.
    if (Name.empty() || Name[0] == '/' || ("/" + Name + "/").find("/../") != std::string::npos)
      return CL_INVALID_VALUE;
    Files.emplace_back(Name, Headers[I]->source);
  }
  cl_int E = compileProgram(P, Options, Files);
  if (Notify)
    Notify(P, Data);
  return E;
}

cl_program CL_API_CALL LinkProgram(cl_context C, cl_uint NumDevices, const cl_device_id *Devices,
                                   const char *Options, cl_uint NumInputs,
                                   const cl_program *Inputs,
                                   void(CL_CALLBACK *Notify)(cl_program, void *), void *Data,
                                   cl_int *Err) {
  if (!valid(C, ContextMagic))
    return fail<_cl_program>(Err, CL_INVALID_CONTEXT);
  if (cl_int E = checkDeviceList(NumDevices, Devices))
    return fail<_cl_program>(Err, E);
  if ((!Notify && Data) || NumInputs == 0 || !Inputs)
    return fail<_cl_program>(Err, CL_INVALID_VALUE);
  std::vector<cl_program> List;
  for (cl_uint I = 0; I < NumInputs; ++I) {
    cl_program In = Inputs[I];
    if (!valid(In, ProgramMagic) || In->context != C)
      return fail<_cl_program>(Err, CL_INVALID_PROGRAM);
    std::lock_guard<std::mutex> G(In->lock);
    if (In->status != CL_BUILD_SUCCESS || In->compiled.empty())
      return fail<_cl_program>(Err, CL_INVALID_OPERATION); // not a compiled object or library
    List.push_back(In);
  }
  auto *P = new _cl_program();
  P->magic = ProgramMagic;
  P->context = C;
  retainContext(C);
  cl_int E = linkProgram(P, Options, List);
  if (Notify)
    Notify(P, Data);
  if (Err)
    *Err = E;
  // A link that failed still gives the program, for its log; invalid
  // options give none.
  if (E == CL_INVALID_LINKER_OPTIONS || E == CL_OUT_OF_HOST_MEMORY) {
    releaseProgram(P);
    return nullptr;
  }
  return P;
}

cl_int CL_API_CALL GetProgramInfo(cl_program P, cl_program_info Param, size_t Size, void *Value,
                                  size_t *SizeRet) {
  if (!valid(P, ProgramMagic))
    return CL_INVALID_PROGRAM;
  std::lock_guard<std::mutex> G(P->lock);
  bool Built = P->status == CL_BUILD_SUCCESS && P->compiled.empty(); // an executable
  switch (Param) {
  case CL_PROGRAM_REFERENCE_COUNT:
    return infoValue<cl_uint>(Size, Value, SizeRet, P->refs.load());
  case CL_PROGRAM_CONTEXT:
    return infoValue(Size, Value, SizeRet, P->context);
  case CL_PROGRAM_NUM_DEVICES:
    return infoValue<cl_uint>(Size, Value, SizeRet, 1);
  case CL_PROGRAM_DEVICES:
    return infoValue<cl_device_id>(Size, Value, SizeRet, &TheDevice);
  case CL_PROGRAM_SOURCE:
    return infoString(Size, Value, SizeRet, P->source);
  case CL_PROGRAM_IL:
    return info(Size, Value, SizeRet, nullptr, 0);
  case CL_PROGRAM_BINARY_SIZES:
    return infoValue<size_t>(Size, Value, SizeRet, Built ? programBinary(P).size() : 0);
  case CL_PROGRAM_BINARIES: {
    // An array of one pointer (one device) the application allocated.
    if (Value) {
      if (Size < sizeof(unsigned char *))
        return CL_INVALID_VALUE;
      unsigned char *Out = *static_cast<unsigned char **>(Value);
      if (Out && Built) {
        std::string B = programBinary(P);
        std::memcpy(Out, B.data(), B.size());
      }
    }
    if (SizeRet)
      *SizeRet = sizeof(unsigned char *);
    return CL_SUCCESS;
  }
  case CL_PROGRAM_NUM_KERNELS:
    if (!Built)
      return CL_INVALID_PROGRAM_EXECUTABLE;
    return infoValue<size_t>(Size, Value, SizeRet, P->kernels.size());
  case CL_PROGRAM_KERNEL_NAMES: {
    if (!Built)
      return CL_INVALID_PROGRAM_EXECUTABLE;
    std::string Names;
    for (auto &K : P->kernels)
      Names += (Names.empty() ? "" : ";") + K->name;
    return infoString(Size, Value, SizeRet, Names);
  }
  case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
  case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
    return infoValue<cl_bool>(Size, Value, SizeRet, CL_FALSE);
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL GetProgramBuildInfo(cl_program P, cl_device_id D, cl_program_build_info Param,
                                       size_t Size, void *Value, size_t *SizeRet) {
  if (!valid(P, ProgramMagic))
    return CL_INVALID_PROGRAM;
  if (!valid(D, DeviceMagic))
    return CL_INVALID_DEVICE;
  std::lock_guard<std::mutex> G(P->lock);
  switch (Param) {
  case CL_PROGRAM_BUILD_STATUS:
    return infoValue(Size, Value, SizeRet, P->status);
  case CL_PROGRAM_BUILD_OPTIONS:
    return infoString(Size, Value, SizeRet, P->options);
  case CL_PROGRAM_BUILD_LOG:
    return infoString(Size, Value, SizeRet, P->log);
  case CL_PROGRAM_BINARY_TYPE:
    return infoValue<cl_program_binary_type>(
        Size, Value, SizeRet,
        !P->compiled.empty()                          ? P->binaryType
        : P->status == CL_BUILD_SUCCESS || P->fromBinary ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE
                                                         : CL_PROGRAM_BINARY_TYPE_NONE);
  case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
    return infoValue<size_t>(Size, Value, SizeRet, 0);
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL UnloadCompiler() { return CL_SUCCESS; }
cl_int CL_API_CALL UnloadPlatformCompiler(cl_platform_id P) {
  return valid(P, PlatformMagic) ? CL_SUCCESS : CL_INVALID_PLATFORM;
}

// Kernels.

cl_kernel newKernel(cl_program P, const KernelDesc *K) {
  auto *Kn = new _cl_kernel();
  Kn->magic = KernelMagic;
  Kn->program = P;
  Kn->desc = K;
  Kn->values.resize(K->args.size());
  Kn->localSizes.resize(K->args.size());
  Kn->set.resize(K->args.size());
  retainProgram(P);
  P->attachedKernels.fetch_add(1);
  return Kn;
}

cl_kernel CL_API_CALL CreateKernel(cl_program P, const char *Name, cl_int *Err) {
  if (!valid(P, ProgramMagic))
    return fail<_cl_kernel>(Err, CL_INVALID_PROGRAM);
  if (!Name)
    return fail<_cl_kernel>(Err, CL_INVALID_VALUE);
  std::lock_guard<std::mutex> G(P->lock);
  if (P->status != CL_BUILD_SUCCESS || !P->compiled.empty())
    return fail<_cl_kernel>(Err, CL_INVALID_PROGRAM_EXECUTABLE);
  for (auto &K : P->kernels)
    if (K->name == Name) {
      if (Err)
        *Err = CL_SUCCESS;
      return newKernel(P, K.get());
    }
  return fail<_cl_kernel>(Err, CL_INVALID_KERNEL_NAME);
}

cl_int CL_API_CALL CreateKernelsInProgram(cl_program P, cl_uint Num, cl_kernel *Kernels,
                                          cl_uint *NumRet) {
  if (!valid(P, ProgramMagic))
    return CL_INVALID_PROGRAM;
  std::lock_guard<std::mutex> G(P->lock);
  if (P->status != CL_BUILD_SUCCESS || !P->compiled.empty())
    return CL_INVALID_PROGRAM_EXECUTABLE;
  if (Kernels && Num < P->kernels.size())
    return CL_INVALID_VALUE;
  if (Kernels)
    for (size_t I = 0; I < P->kernels.size(); ++I)
      Kernels[I] = newKernel(P, P->kernels[I].get());
  if (NumRet)
    *NumRet = static_cast<cl_uint>(P->kernels.size());
  return CL_SUCCESS;
}

cl_int CL_API_CALL RetainKernel(cl_kernel K) {
  if (!valid(K, KernelMagic))
    return CL_INVALID_KERNEL;
  K->refs.fetch_add(1);
  return CL_SUCCESS;
}

cl_int CL_API_CALL ReleaseKernel(cl_kernel K) {
  if (!valid(K, KernelMagic))
    return CL_INVALID_KERNEL;
  if (K->refs.fetch_sub(1) == 1) {
    cl_program P = K->program;
    K->magic = 0;
    delete K;
    P->attachedKernels.fetch_sub(1);
    releaseProgram(P);
  }
  return CL_SUCCESS;
}

cl_int CL_API_CALL SetKernelArg(cl_kernel K, cl_uint Index, size_t Size, const void *Value) {
  if (!valid(K, KernelMagic))
    return CL_INVALID_KERNEL;
  if (Index >= K->desc->args.size())
    return CL_INVALID_ARG_INDEX;
  const ArgDesc &A = K->desc->args[Index];
  std::lock_guard<std::mutex> G(K->lock);
  switch (A.kind) {
  case ArgDesc::Local:
    if (Value)
      return CL_INVALID_ARG_VALUE;
    if (Size == 0)
      return CL_INVALID_ARG_SIZE;
    K->localSizes[Index] = Size;
    break;
  case ArgDesc::Global:
  case ArgDesc::Constant: {
    if (Size != sizeof(cl_mem))
      return CL_INVALID_ARG_SIZE;
    cl_mem M = Value ? *static_cast<const cl_mem *>(Value) : nullptr;
    if (M && (!valid(M, MemMagic) || M->type != CL_MEM_OBJECT_BUFFER))
      return CL_INVALID_MEM_OBJECT;
    if (M && M->context != K->program->context)
      return CL_INVALID_MEM_OBJECT;
    K->values[Index].assign(reinterpret_cast<unsigned char *>(&M),
                            reinterpret_cast<unsigned char *>(&M) + sizeof M);
    break;
  }
  case ArgDesc::Image: {
    if (Size != sizeof(cl_mem))
      return CL_INVALID_ARG_SIZE;
    cl_mem M = Value ? *static_cast<const cl_mem *>(Value) : nullptr;
    if (!M || !valid(M, MemMagic) || !M->image || M->context != K->program->context)
      return CL_INVALID_MEM_OBJECT;
    if (!imageFitsArgument(M, A.typeName))
      return CL_INVALID_ARG_VALUE;
    K->values[Index].assign(reinterpret_cast<unsigned char *>(&M),
                            reinterpret_cast<unsigned char *>(&M) + sizeof M);
    break;
  }
  case ArgDesc::Sampler: {
    if (Size != sizeof(cl_sampler))
      return CL_INVALID_ARG_SIZE;
    cl_sampler S = Value ? *static_cast<const cl_sampler *>(Value) : nullptr;
    if (!valid(S, SamplerMagic) || S->context != K->program->context)
      return CL_INVALID_SAMPLER;
    uint64_t Bits = S->bits; // the kernel's sampler_t value
    K->values[Index].assign(reinterpret_cast<unsigned char *>(&Bits),
                            reinterpret_cast<unsigned char *>(&Bits) + sizeof Bits);
    break;
  }
  case ArgDesc::Value:
    if (Size != A.size)
      return CL_INVALID_ARG_SIZE;
    if (!Value)
      return CL_INVALID_ARG_VALUE;
    K->values[Index].assign(static_cast<const unsigned char *>(Value),
                            static_cast<const unsigned char *>(Value) + Size);
    break;
  }
  K->set[Index] = true;
  return CL_SUCCESS;
}

cl_int CL_API_CALL GetKernelInfo(cl_kernel K, cl_kernel_info Param, size_t Size, void *Value,
                                 size_t *SizeRet) {
  if (!valid(K, KernelMagic))
    return CL_INVALID_KERNEL;
  switch (Param) {
  case CL_KERNEL_FUNCTION_NAME:
    return infoString(Size, Value, SizeRet, K->desc->name);
  case CL_KERNEL_NUM_ARGS:
    return infoValue<cl_uint>(Size, Value, SizeRet, static_cast<cl_uint>(K->desc->args.size()));
  case CL_KERNEL_REFERENCE_COUNT:
    return infoValue<cl_uint>(Size, Value, SizeRet, K->refs.load());
  case CL_KERNEL_CONTEXT:
    return infoValue(Size, Value, SizeRet, K->program->context);
  case CL_KERNEL_PROGRAM:
    return infoValue(Size, Value, SizeRet, K->program);
  case CL_KERNEL_ATTRIBUTES: {
    const size_t *R = K->desc->reqd;
    std::string A;
    if (R[0])
      A = "reqd_work_group_size(" + std::to_string(R[0]) + "," + std::to_string(R[1]) + "," +
          std::to_string(R[2]) + ")";
    return infoString(Size, Value, SizeRet, A);
  }
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL GetKernelArgInfo(cl_kernel K, cl_uint Index, cl_kernel_arg_info Param,
                                    size_t Size, void *Value, size_t *SizeRet) {
  if (!valid(K, KernelMagic))
    return CL_INVALID_KERNEL;
  if (Index >= K->desc->args.size())
    return CL_INVALID_ARG_INDEX;
  const ArgDesc &A = K->desc->args[Index];
  switch (Param) {
  case CL_KERNEL_ARG_ADDRESS_QUALIFIER: {
    cl_kernel_arg_address_qualifier Q =
        A.kind == ArgDesc::Global || A.kind == ArgDesc::Image ? CL_KERNEL_ARG_ADDRESS_GLOBAL
        : A.kind == ArgDesc::Constant ? CL_KERNEL_ARG_ADDRESS_CONSTANT
        : A.kind == ArgDesc::Local    ? CL_KERNEL_ARG_ADDRESS_LOCAL
                                      : CL_KERNEL_ARG_ADDRESS_PRIVATE;
    return infoValue(Size, Value, SizeRet, Q);
  }
  case CL_KERNEL_ARG_ACCESS_QUALIFIER: {
    cl_kernel_arg_access_qualifier Q = A.accessQualifier == "read_only"    ? CL_KERNEL_ARG_ACCESS_READ_ONLY
                                       : A.accessQualifier == "write_only" ? CL_KERNEL_ARG_ACCESS_WRITE_ONLY
                                       : A.accessQualifier == "read_write" ? CL_KERNEL_ARG_ACCESS_READ_WRITE
                                                                           : CL_KERNEL_ARG_ACCESS_NONE;
    return infoValue(Size, Value, SizeRet, Q);
  }
  case CL_KERNEL_ARG_TYPE_NAME:
    return infoString(Size, Value, SizeRet, A.typeName);
  case CL_KERNEL_ARG_TYPE_QUALIFIER: {
    cl_kernel_arg_type_qualifier Q = CL_KERNEL_ARG_TYPE_NONE;
    if (A.typeQualifier.find("const") != std::string::npos || A.kind == ArgDesc::Constant)
      Q |= CL_KERNEL_ARG_TYPE_CONST;
    if (A.typeQualifier.find("restrict") != std::string::npos)
      Q |= CL_KERNEL_ARG_TYPE_RESTRICT;
    if (A.typeQualifier.find("volatile") != std::string::npos)
      Q |= CL_KERNEL_ARG_TYPE_VOLATILE;
    return infoValue(Size, Value, SizeRet, Q);
  }
  case CL_KERNEL_ARG_NAME:
    return infoString(Size, Value, SizeRet, A.name);
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL GetKernelWorkGroupInfo(cl_kernel K, cl_device_id D,
                                          cl_kernel_work_group_info Param, size_t Size,
                                          void *Value, size_t *SizeRet) {
  if (!valid(K, KernelMagic))
    return CL_INVALID_KERNEL;
  if (D && !valid(D, DeviceMagic))
    return CL_INVALID_DEVICE;
  cudaDeviceProp Prop{};
  cudaGetDeviceProperties(&Prop, 0);
  switch (Param) {
  case CL_KERNEL_WORK_GROUP_SIZE:
    return infoValue<size_t>(Size, Value, SizeRet, static_cast<size_t>(Prop.maxThreadsPerBlock));
  case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
    size_t R[3] = {K->desc->reqd[0], K->desc->reqd[1], K->desc->reqd[2]};
    return info(Size, Value, SizeRet, R, sizeof R);
  }
  case CL_KERNEL_LOCAL_MEM_SIZE: {
    // The kernel's __local variables and the __local arguments set so far.
    std::lock_guard<std::mutex> G(K->lock);
    cl_ulong Bytes = K->desc->staticLocalBytes;
    for (size_t I = 0; I < K->localSizes.size(); ++I)
      Bytes += K->localSizes[I];
    return infoValue(Size, Value, SizeRet, Bytes);
  }
  case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: {
    size_t Multiple = 0;
    Dispatch.clGetDeviceInfo(&TheDevice, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                             sizeof Multiple, &Multiple, nullptr);
    return infoValue(Size, Value, SizeRet, Multiple);
  }
  case CL_KERNEL_PRIVATE_MEM_SIZE:
    return infoValue<cl_ulong>(Size, Value, SizeRet, 0);
  default:
    return CL_INVALID_VALUE;
  }
}

/// clGetKernelSubGroupInfo (and cl_khr_subgroups' KHR form): a sub-group is
/// a warp, 32 work-items in the order of the linear local id; the last one
/// of a work-group may be smaller.
cl_int CL_API_CALL GetKernelSubGroupInfo(cl_kernel K, cl_device_id D,
                                         cl_kernel_sub_group_info Param, size_t InSize,
                                         const void *In, size_t Size, void *Value,
                                         size_t *SizeRet) {
  if (!valid(K, KernelMagic))
    return CL_INVALID_KERNEL;
  if (D && !valid(D, DeviceMagic))
    return CL_INVALID_DEVICE;
  cudaDeviceProp Prop{};
  cudaGetDeviceProperties(&Prop, 0);
  const size_t Warp = 32, MaxGroup = static_cast<size_t>(Prop.maxThreadsPerBlock);
  switch (Param) {
  case CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE:
  case CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE: {
    if (!In || InSize == 0 || InSize % sizeof(size_t) || InSize > 3 * sizeof(size_t))
      return CL_INVALID_VALUE;
    size_t Total = 1;
    for (size_t I = 0; I < InSize / sizeof(size_t); ++I)
      Total *= static_cast<const size_t *>(In)[I];
    if (Total == 0 || Total > MaxGroup)
      return CL_INVALID_VALUE;
    size_t V = Param == CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE ? std::min(Warp, Total)
                                                                 : (Total + Warp - 1) / Warp;
    return infoValue(Size, Value, SizeRet, V);
  }
  case CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT: {
    if (!In || InSize != sizeof(size_t))
      return CL_INVALID_VALUE;
    size_t Count = *static_cast<const size_t *>(In);
    // As many dimensions as the answer has room for (1 to 3); 0s when no
    // work-group has that many sub-groups.
    size_t Dims = Value ? Size / sizeof(size_t) : 3;
    if (Value && (Dims == 0 || Dims > 3 || Size % sizeof(size_t)))
      return CL_INVALID_VALUE;
    size_t Local[3] = {Count && Count * Warp <= MaxGroup ? Count * Warp : 0, 1, 1};
    if (!Local[0])
      Local[1] = Local[2] = 0;
    return info(Size, Value, SizeRet, Local, Dims * sizeof(size_t));
  }
  case CL_KERNEL_MAX_NUM_SUB_GROUPS:
    return infoValue<size_t>(Size, Value, SizeRet, MaxGroup / Warp);
  case CL_KERNEL_COMPILE_NUM_SUB_GROUPS:
    return infoValue<size_t>(Size, Value, SizeRet, 0);
  default:
    return CL_INVALID_VALUE;
  }
}

// Enqueue.

cl_int checkQueue(cl_command_queue Q) {
  return valid(Q, QueueMagic) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

cl_int checkBuffer(cl_command_queue Q, cl_mem M) {
  if (!valid(M, MemMagic) || M->type != CL_MEM_OBJECT_BUFFER)
    return CL_INVALID_MEM_OBJECT;
  if (M->context != Q->context)
    return CL_INVALID_CONTEXT;
  return CL_SUCCESS;
}

bool inBounds(cl_mem M, size_t Offset, size_t Size) {
  return Offset <= M->size && Size <= M->size - Offset;
}

/// Keeps \p M alive until the command that uses it ran.
std::shared_ptr<_cl_mem> hold(cl_mem M) {
  retainMem(M);
  return std::shared_ptr<_cl_mem>(M, [](cl_mem X) { releaseMem(X); });
}

cl_int CL_API_CALL EnqueueReadBuffer(cl_command_queue Q, cl_mem M, cl_bool Blocking,
                                     size_t Offset, size_t Size, void *Ptr, cl_uint NumWait,
                                     const cl_event *Wait, cl_event *Event) {
  if (cl_int E = checkQueue(Q))
    return E;
  if (cl_int E = checkBuffer(Q, M))
    return E;
  if (!Ptr || Size == 0 || !inBounds(M, Offset, Size))
    return CL_INVALID_VALUE;
  if (M->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))
    return CL_INVALID_OPERATION;
  auto H = hold(M);
  return enqueue(Q, CL_COMMAND_READ_BUFFER, NumWait, Wait, Event, Blocking, [H, Offset, Size, Ptr] {
    hostView(H.get(), false);
    std::memmove(Ptr, H->data + Offset, Size);
    return CL_SUCCESS;
  });
}

cl_int CL_API_CALL EnqueueWriteBuffer(cl_command_queue Q, cl_mem M, cl_bool Blocking,
                                      size_t Offset, size_t Size, const void *Ptr,
                                      cl_uint NumWait, const cl_event *Wait, cl_event *Event) {
  if (cl_int E = checkQueue(Q))
    return E;
  if (cl_int E = checkBuffer(Q, M))
    return E;
  if (!Ptr || Size == 0 || !inBounds(M, Offset, Size))
    return CL_INVALID_VALUE;
  if (M->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))
    return CL_INVALID_OPERATION;
  auto H = hold(M);
  return enqueue(Q, CL_COMMAND_WRITE_BUFFER, NumWait, Wait, Event, Blocking,
                 [H, Offset, Size, Ptr] {
                   hostView(H.get(), true);
                   std::memmove(H->data + Offset, Ptr, Size);
                   return CL_SUCCESS;
                 });
}

cl_int CL_API_CALL EnqueueCopyBuffer(cl_command_queue Q, cl_mem Src, cl_mem Dst, size_t SrcOff,
                                     size_t DstOff, size_t Size, cl_uint NumWait,
                                     const cl_event *Wait, cl_event *Event) {
  if (cl_int E = checkQueue(Q))
    return E;
  if (cl_int E = checkBuffer(Q, Src))
    return E;
  if (cl_int E = checkBuffer(Q, Dst))
    return E;
  if (Size == 0 || !inBounds(Src, SrcOff, Size) || !inBounds(Dst, DstOff, Size))
    return CL_INVALID_VALUE;
  // Overlap in memory (the same buffer, or sub-buffers of one buffer).
  const char *S = Src->data + SrcOff, *D = Dst->data + DstOff;
  if (S < D + Size && D < S + Size)
    return CL_MEM_COPY_OVERLAP;
  auto HS = hold(Src), HD = hold(Dst);
  return enqueue(Q, CL_COMMAND_COPY_BUFFER, NumWait, Wait, Event, false,
                 [HS, HD, SrcOff, DstOff, Size] {
                   hostView(HS.get(), false);
                   hostView(HD.get(), true);
                   std::memcpy(HD->data + DstOff, HS->data + SrcOff, Size);
                   return CL_SUCCESS;
                 });
}

cl_int CL_API_CALL EnqueueFillBuffer(cl_command_queue Q, cl_mem M, const void *Pattern,
                                     size_t PatternSize, size_t Offset, size_t Size,
                                     cl_uint NumWait, const cl_event *Wait, cl_event *Event) {
  if (cl_int E = checkQueue(Q))
    return E;
  if (cl_int E = checkBuffer(Q, M))
    return E;
  bool PowerOfTwo = PatternSize && (PatternSize & (PatternSize - 1)) == 0;
  if (!Pattern || !PowerOfTwo || PatternSize > 128 || Offset % PatternSize ||
      Size % PatternSize || !inBounds(M, Offset, Size))
    return CL_INVALID_VALUE;
  std::vector<unsigned char> Bytes(static_cast<const unsigned char *>(Pattern),
                                   static_cast<const unsigned char *>(Pattern) + PatternSize);
  auto H = hold(M);
  return enqueue(Q, CL_COMMAND_FILL_BUFFER, NumWait, Wait, Event, false,
                 [H, Bytes, Offset, Size] {
                   hostView(H.get(), true);
                   for (size_t I = 0; I < Size; I += Bytes.size())
                     std::memcpy(H->data + Offset + I, Bytes.data(), Bytes.size());
                   return CL_SUCCESS;
                 });
}

void *CL_API_CALL EnqueueMapBuffer(cl_command_queue Q, cl_mem M, cl_bool Blocking,
                                   cl_map_flags Flags, size_t Offset, size_t Size,
                                   cl_uint NumWait, const cl_event *Wait, cl_event *Event,
                                   cl_int *Err) {
  cl_int E = checkQueue(Q);
  if (E == CL_SUCCESS)
    E = checkBuffer(Q, M);
  if (E == CL_SUCCESS) {
    if (Size == 0 || !inBounds(M, Offset, Size) ||
        (Flags & ~(CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) ||
        ((Flags & CL_MAP_WRITE_INVALIDATE_REGION) && (Flags & (CL_MAP_READ | CL_MAP_WRITE))))
      E = CL_INVALID_VALUE;
    else if (((Flags & CL_MAP_READ) &&
              (M->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) ||
             ((Flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
              (M->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))))
      E = CL_INVALID_OPERATION;
  }
  if (E != CL_SUCCESS)
    return fail<void>(Err, E);
  // The buffer is host memory: the mapped region is the buffer itself.
  auto H = hold(M);
  E = enqueue(Q, CL_COMMAND_MAP_BUFFER, NumWait, Wait, Event, Blocking, [H, Flags] {
    hostView(H.get(), Flags != CL_MAP_READ);
    H->mapCount.fetch_add(1);
    return CL_SUCCESS;
  });
  if (Err)
    *Err = E;
  return E == CL_SUCCESS ? M->data + Offset : nullptr;
}

cl_int CL_API_CALL EnqueueUnmapMemObject(cl_command_queue Q, cl_mem M, void *Mapped,
                                         cl_uint NumWait, const cl_event *Wait, cl_event *Event) {
  if (cl_int E = checkQueue(Q))
    return E;
  if (!valid(M, MemMagic)) // a buffer or an image
    return CL_INVALID_MEM_OBJECT;
  if (M->context != Q->context)
    return CL_INVALID_CONTEXT;
  if (!Mapped || static_cast<char *>(Mapped) < M->data ||
      static_cast<char *>(Mapped) >= M->data + M->size)
    return CL_INVALID_VALUE;
  auto H = hold(M);
  return enqueue(Q, CL_COMMAND_UNMAP_MEM_OBJECT, NumWait, Wait, Event, false, [H] {
    cl_uint C = H->mapCount.load();
    while (C > 0 && !H->mapCount.compare_exchange_weak(C, C - 1)) {
    }
    return CL_SUCCESS;
  });
}

cl_int CL_API_CALL EnqueueMigrateMemObjects(cl_command_queue Q, cl_uint Num, const cl_mem *Mems,
                                            cl_mem_migration_flags Flags, cl_uint NumWait,
                                            const cl_event *Wait, cl_event *Event) {
  if (cl_int E = checkQueue(Q))
    return E;
  if (Num == 0 || !Mems ||
      (Flags & ~(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED)))
    return CL_INVALID_VALUE;
  for (cl_uint I = 0; I < Num; ++I)
    if (cl_int E = checkBuffer(Q, Mems[I]))
      return E;
  // One memory: nothing moves.
  return enqueue(Q, CL_COMMAND_MIGRATE_MEM_OBJECTS, NumWait, Wait, Event, false, nullptr);
}

/// A rectangle of a buffer or of host memory (clEnqueue*BufferRect): the
/// pitches with the specification's defaults filled in.
struct Rect {
  size_t origin[3], rowPitch, slicePitch;
  size_t offset() const { return origin[2] * slicePitch + origin[1] * rowPitch + origin[0]; }
  /// One past the last byte the region touches, counted from the base.
  size_t end(const size_t *Region) const {
    return (origin[2] + Region[2] - 1) * slicePitch + (origin[1] + Region[1] - 1) * rowPitch +
           origin[0] + Region[0];
  }
};

cl_int makeRect(const size_t *Origin, const size_t *Region, size_t RowPitch, size_t SlicePitch,
                Rect &R) {
  if (!Origin)
    return CL_INVALID_VALUE;
  R.rowPitch = RowPitch ? RowPitch : Region[0];
  R.slicePitch = SlicePitch ? SlicePitch : Region[1] * R.rowPitch;
  if (R.rowPitch < Region[0] || R.slicePitch < Region[1] * R.rowPitch ||
      (SlicePitch && R.slicePitch % R.rowPitch))
    return CL_INVALID_VALUE;
  std::copy(Origin, Origin + 3, R.origin);
  return CL_SUCCESS;
}

void copyRect(char *Dst, const Rect &D, const char *Src, const Rect &S, const size_t *Region) {
  for (size_t Z = 0; Z < Region[2]; ++Z)
    for (size_t Y = 0; Y < Region[1]; ++Y)
      std::memmove(Dst + D.offset() + Z * D.slicePitch + Y * D.rowPitch,
                   Src + S.offset() + Z * S.slicePitch + Y * S.rowPitch, Region[0]);
}

bool validRegion(const size_t *Region) {
  return Region && Region[0] && Region[1] && Region[2];
}

cl_int CL_API_CALL EnqueueReadBufferRect(cl_command_queue Q, cl_mem M, cl_bool Blocking,
                                         const size_t *BufOrigin, const size_t *HostOrigin,
                                         const size_t *Region, size_t BufRow, size_t BufSlice,
                                         size_t HostRow, size_t HostSlice, void *Ptr,
                                         cl_uint NumWait, const cl_event *Wait, cl_event *Event) {
  if (cl_int E = checkQueue(Q))
    return E;
  if (cl_int E = checkBuffer(Q, M))
    return E;
  Rect B, H;
  if (!Ptr || !validRegion(Region) || makeRect(BufOrigin, Region, BufRow, BufSlice, B) ||
      makeRect(HostOrigin, Region, HostRow, HostSlice, H) || B.end(Region) > M->size)
    return CL_INVALID_VALUE;
  if (M->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))
    return CL_INVALID_OPERATION;
  auto Held = hold(M);
  size_t Reg[3] = {Region[0], Region[1], Region[2]};
  return enqueue(Q, CL_COMMAND_READ_BUFFER_RECT, NumWait, Wait, Event, Blocking,
                 [Held, B, H, Reg, Ptr] {
                   hostView(Held.get(), false);
                   copyRect(static_cast<char *>(Ptr), H, Held->data, B, Reg);
                   return CL_SUCCESS;
                 });
}

cl_int CL_API_CALL EnqueueWriteBufferRect(cl_command_queue Q, cl_mem M, cl_bool Blocking,
                                          const size_t *BufOrigin, const size_t *HostOrigin,
                                          const size_t *Region, size_t BufRow, size_t BufSlice,
                                          size_t HostRow, size_t HostSlice, const void *Ptr,
                                          cl_uint NumWait, const cl_event *Wait,
                                          cl_event *Event) {
  if (cl_int E = checkQueue(Q))
    return E;
  if (cl_int E = checkBuffer(Q, M))
    return E;
  Rect B, H;
  if (!Ptr || !validRegion(Region) || makeRect(BufOrigin, Region, BufRow, BufSlice, B) ||
      makeRect(HostOrigin, Region, HostRow, HostSlice, H) || B.end(Region) > M->size)
    return CL_INVALID_VALUE;
  if (M->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))
    return CL_INVALID_OPERATION;
  auto Held = hold(M);
  size_t Reg[3] = {Region[0], Region[1], Region[2]};
  return enqueue(Q, CL_COMMAND_WRITE_BUFFER_RECT, NumWait, Wait, Event, Blocking,
                 [Held, B, H, Reg, Ptr] {
                   hostView(Held.get(), true);
                   copyRect(Held->data, B, static_cast<const char *>(Ptr), H, Reg);
                   return CL_SUCCESS;
                 });
}

cl_int CL_API_CALL EnqueueCopyBufferRect(cl_command_queue Q, cl_mem Src, cl_mem Dst,
                                         const size_t *SrcOrigin, const size_t *DstOrigin,
                                         const size_t *Region, size_t SrcRow, size_t SrcSlice,
                                         size_t DstRow, size_t DstSlice, cl_uint NumWait,
                                         const cl_event *Wait, cl_event *Event) {
  if (cl_int E = checkQueue(Q))
    return E;
  if (cl_int E = checkBuffer(Q, Src))
    return E;
  if (cl_int E = checkBuffer(Q, Dst))
    return E;
  Rect S, D;
  if (!validRegion(Region) || makeRect(SrcOrigin, Region, SrcRow, SrcSlice, S) ||
      makeRect(DstOrigin, Region, DstRow, DstSlice, D) || S.end(Region) > Src->size ||
      D.end(Region) > Dst->size)
    return CL_INVALID_VALUE;
  // Overlap, judged by the byte spans the two rectangles cover (this also
  // refuses interleaved rectangles that share no byte).
  const char *SB = Src->data + S.offset(), *SE = Src->data + S.end(Region);
  const char *DB = Dst->data + D.offset(), *DE = Dst->data + D.end(Region);
  if (SB < DE && DB < SE)
    return CL_MEM_COPY_OVERLAP;
  auto HS = hold(Src), HD = hold(Dst);
  size_t Reg[3] = {Region[0], Region[1], Region[2]};
  return enqueue(Q, CL_COMMAND_COPY_BUFFER_RECT, NumWait, Wait, Event, false,
                 [HS, HD, S, D, Reg] {
                   hostView(HS.get(), false);
                   hostView(HD.get(), true);
                   copyRect(HD->data, D, HS->data, S, Reg);
                   return CL_SUCCESS;
                 });
}

/// The largest divisor of \p N within \p Limit, preferring multiples of
/// \p Multiple (1: any).
size_t largestDivisor(size_t N, size_t Limit, size_t Multiple) {
  size_t Any = 1;
  for (size_t C = std::min(N, Limit); C >= 1; --C)
    if (N % C == 0) {
      if (C % Multiple == 0)
        return C;
      if (Any == 1)
        Any = C;
    }
  return Any;
}

/// The local size the program left to the implementation (NULL).
///
/// Without the "wgsize" specialization (LOOM_CL_SPECIALIZE=none): per
/// dimension the largest divisor of the global size that keeps the
/// work-group within 256 work-items (whole rows first, so gangs run along x).
///
/// With it (the default), chosen for the CPU from what the kernel does.
/// A work-group is one Loom block: its work-items run as vector gangs
/// along dimension 0 on one worker, so (1) dimension 0 takes a multiple of
/// the vector lanes (a float per lane of the widest register) where the
/// global size allows, else the largest divisor; (2) a kernel without
/// barriers, __local arguments or __local variables takes up to the
/// device's work-group limit (1024; each group costs a scheduling step and
/// its own prologue, and nothing is kept per work-item between phases),
/// one with them stays within 256 (its work-items' state across barriers
/// and its local memory stay in the core's caches); (3) whole rows before
/// taller groups (dimension 0 first); (4) at least two work-groups per
/// hardware thread where the range allows, so every worker has work and
/// the last groups balance. \p Why says which applied.
void chooseLocalSize(cl_uint Dims, const size_t *Global, size_t *Local, const KernelDesc &K,
                     const cudaDeviceProp &Prop, std::string &Why) {
  bool Fitted = specializationOn("wgsize");
  size_t Budget = 256;
  size_t Lanes = 1;
  if (Fitted) {
    bool UsesLocal = K.barrier || K.staticLocalBytes > 0 ||
                     std::any_of(K.args.begin(), K.args.end(),
                                 [](const ArgDesc &A) { return A.kind == ArgDesc::Local; });
    Budget = UsesLocal ? 256 : static_cast<size_t>(Prop.maxThreadsPerBlock);
    Lanes = std::max<size_t>(1, vectorBytes() / 4);
    // Enough groups for the workers (two per hardware thread).
    size_t Items = 1;
    for (cl_uint D = 0; D < Dims; ++D)
      Items *= Global[D];
    size_t Workers = std::max(1, Prop.multiProcessorCount);
    size_t Spread = std::max<size_t>(Lanes, Items / (2 * Workers));
    Budget = std::min(Budget, Spread);
    Why = std::string(UsesLocal ? "barriers or local memory: within 256"
                                : "no barriers or local memory: within " +
                                      std::to_string(Prop.maxThreadsPerBlock)) +
          ", " + std::to_string(Lanes) + "-lane multiples along x, >= 2 groups per thread";
  }
  for (cl_uint D = 0; D < Dims; ++D) {
    size_t Limit = std::min<size_t>(Budget, static_cast<size_t>(Prop.maxThreadsDim[D]));
    Local[D] = largestDivisor(Global[D], Limit, D == 0 ? Lanes : 1);
    Budget = std::max<size_t>(1, Budget / Local[D]);
  }
}

cl_int CL_API_CALL EnqueueNDRangeKernel(cl_command_queue Q, cl_kernel K, cl_uint Dims,
                                        const size_t *Offset, const size_t *Global,
                                        const size_t *LocalIn, cl_uint NumWait,
                                        const cl_event *Wait, cl_event *Event) {
  if (cl_int E = checkQueue(Q))
    return E;
  if (!valid(K, KernelMagic))
    return CL_INVALID_KERNEL;
  if (K->program->context != Q->context)
    return CL_INVALID_CONTEXT;
  if (Dims < 1 || Dims > 3)
    return CL_INVALID_WORK_DIMENSION;
  if (!Global)
    return CL_INVALID_VALUE;
  cudaDeviceProp Prop{};
  cudaGetDeviceProperties(&Prop, 0);
  Launch L;
  L.desc = K->desc;
  L.program = K->program;
  L.workDim = Dims;
  for (int D = 0; D < 3; ++D) {
    L.offset[D] = D < static_cast<int>(Dims) && Offset ? Offset[D] : 0;
    L.global[D] = D < static_cast<int>(Dims) ? Global[D] : 1;
    L.local[D] = 1;
    if (L.global[D] == 0)
      return CL_INVALID_GLOBAL_WORK_SIZE;
    if (L.offset[D] > SIZE_MAX - L.global[D])
      return CL_INVALID_GLOBAL_OFFSET;
  }
  const size_t *Reqd = K->desc->reqd;
  if (LocalIn) {
    size_t Total = 1;
    for (cl_uint D = 0; D < Dims; ++D) {
      if (LocalIn[D] == 0)
        return CL_INVALID_WORK_GROUP_SIZE;
      if (LocalIn[D] > static_cast<size_t>(Prop.maxThreadsDim[D]))
        return CL_INVALID_WORK_ITEM_SIZE;
      if (L.global[D] % LocalIn[D])
        return CL_INVALID_WORK_GROUP_SIZE; // non-uniform work-groups: not yet
      L.local[D] = LocalIn[D];
      Total *= LocalIn[D];
    }
    if (Total > static_cast<size_t>(Prop.maxThreadsPerBlock))
      return CL_INVALID_WORK_GROUP_SIZE;
    if (Reqd[0] && (L.local[0] != Reqd[0] || L.local[1] != Reqd[1] || L.local[2] != Reqd[2]))
      return CL_INVALID_WORK_GROUP_SIZE;
  } else if (Reqd[0]) {
    for (int D = 0; D < 3; ++D) {
      if (L.global[D] % Reqd[D])
        return CL_INVALID_WORK_GROUP_SIZE;
      L.local[D] = Reqd[D];
    }
  } else {
    std::string Why;
    chooseLocalSize(Dims, L.global, L.local, *K->desc, Prop, Why);
    if (!Why.empty()) {
      std::string Sizes;
      for (cl_uint D = 0; D < Dims; ++D)
        Sizes += (D ? " x " : "") + std::to_string(L.local[D]);
      std::string Range;
      for (cl_uint D = 0; D < Dims; ++D)
        Range += (D ? " x " : "") + std::to_string(L.global[D]);
      reportDecision(K->desc->name + ": work-group " + Sizes + " for " + Range + " (" + Why +
                     ")");
    }
  }
  // More work-groups than Loom's grid holds: 2^31-1 along x, 2^32-1 along
  // y and z (__loomLaunchKernelLargeGrid: not CUDA's 65535).
  for (int D = 0; D < 3; ++D)
    if (L.global[D] / L.local[D] >
        (D == 0 ? static_cast<size_t>(Prop.maxGridSize[0]) : size_t(UINT32_MAX)))
      return CL_INVALID_GLOBAL_WORK_SIZE;
  {
    std::lock_guard<std::mutex> G(K->lock);
    for (size_t I = 0; I < K->set.size(); ++I)
      if (!K->set[I])
        return CL_INVALID_KERNEL_ARGS;
    L.values = K->values;
    L.localSizes = K->localSizes;
  }
  // Enqueue-time specialization from this launch's facts (LOOM_CL_SPECIALIZE).
  specializeLaunch(K->program, L);
  uint64_t Local = K->desc->staticLocalBytes;
  for (size_t I = 0; I < K->desc->args.size(); ++I)
    if (K->desc->args[I].kind == ArgDesc::Local)
      Local += (L.localSizes[I] + 127) / 128 * 128;
  if (Local > static_cast<uint64_t>(Prop.sharedMemPerBlockOptin))
    return CL_OUT_OF_RESOURCES;
  // The command holds the buffers and the program until it ran.
  std::vector<std::shared_ptr<_cl_mem>> Held;
  for (size_t I = 0; I < K->desc->args.size(); ++I)
    if (K->desc->args[I].kind == ArgDesc::Global || K->desc->args[I].kind == ArgDesc::Constant ||
        K->desc->args[I].kind == ArgDesc::Image) {
      cl_mem M;
      std::memcpy(&M, L.values[I].data(), sizeof M);
      if (M)
        Held.push_back(hold(M));
    }
  retainProgram(L.program);
  auto Program = std::shared_ptr<_cl_program>(L.program, [](cl_program P) { releaseProgram(P); });
  return enqueue(Q, CL_COMMAND_NDRANGE_KERNEL, NumWait, Wait, Event, false,
                 [Q, L, Held, Program] { return runLaunch(Q, L); });
}

cl_int CL_API_CALL EnqueueTask(cl_command_queue Q, cl_kernel K, cl_uint NumWait,
                               const cl_event *Wait, cl_event *Event) {
  size_t One = 1;
  return EnqueueNDRangeKernel(Q, K, 1, nullptr, &One, &One, NumWait, Wait, Event);
}

cl_int CL_API_CALL EnqueueMarkerWithWaitList(cl_command_queue Q, cl_uint NumWait,
                                             const cl_event *Wait, cl_event *Event) {
  if (cl_int E = checkQueue(Q))
    return E;
  // In-order execution: a marker (or barrier) completes after every earlier
  // command and the wait list.
  return enqueue(Q, CL_COMMAND_MARKER, NumWait, Wait, Event, false, nullptr);
}

cl_int CL_API_CALL EnqueueBarrierWithWaitList(cl_command_queue Q, cl_uint NumWait,
                                              const cl_event *Wait, cl_event *Event) {
  if (cl_int E = checkQueue(Q))
    return E;
  return enqueue(Q, CL_COMMAND_BARRIER, NumWait, Wait, Event, false, nullptr);
}

cl_int CL_API_CALL EnqueueMarker(cl_command_queue Q, cl_event *Event) {
  if (!Event)
    return checkQueue(Q) ? CL_INVALID_COMMAND_QUEUE : CL_INVALID_VALUE;
  return EnqueueMarkerWithWaitList(Q, 0, nullptr, Event);
}

cl_int CL_API_CALL EnqueueBarrier(cl_command_queue Q) {
  return EnqueueBarrierWithWaitList(Q, 0, nullptr, nullptr);
}

cl_int CL_API_CALL EnqueueWaitForEvents(cl_command_queue Q, cl_uint Num, const cl_event *List) {
  if (cl_int E = checkQueue(Q))
    return E;
  if (Num == 0 || !List)
    return CL_INVALID_VALUE;
  return enqueue(Q, CL_COMMAND_MARKER, Num, List, nullptr, false, nullptr);
}

// Events.

cl_int CL_API_CALL WaitForEvents(cl_uint Num, const cl_event *List) {
  if (Num == 0 || !List)
    return CL_INVALID_VALUE;
  if (cl_int E = checkWaitList(List[0] && valid(List[0], EventMagic) ? List[0]->context : nullptr,
                               Num, List))
    return E == CL_INVALID_EVENT_WAIT_LIST ? CL_INVALID_EVENT : E;
  cl_int Result = CL_SUCCESS;
  for (cl_uint I = 0; I < Num; ++I) {
    std::unique_lock<std::mutex> G(List[I]->lock);
    List[I]->changed.wait(G, [&] { return List[I]->status <= CL_COMPLETE; });
    if (List[I]->status < 0)
      Result = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  }
  return Result;
}

cl_int CL_API_CALL GetEventInfo(cl_event E, cl_event_info Param, size_t Size, void *Value,
                                size_t *SizeRet) {
  if (!valid(E, EventMagic))
    return CL_INVALID_EVENT;
  switch (Param) {
  case CL_EVENT_COMMAND_QUEUE:
    return infoValue(Size, Value, SizeRet, E->queue);
  case CL_EVENT_CONTEXT:
    return infoValue(Size, Value, SizeRet, E->context);
  case CL_EVENT_COMMAND_TYPE:
    return infoValue(Size, Value, SizeRet, E->type);
  case CL_EVENT_COMMAND_EXECUTION_STATUS: {
    std::lock_guard<std::mutex> G(E->lock);
    return infoValue(Size, Value, SizeRet, E->status);
  }
  case CL_EVENT_REFERENCE_COUNT:
    return infoValue<cl_uint>(Size, Value, SizeRet, E->refs.load());
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL GetEventProfilingInfo(cl_event E, cl_profiling_info Param, size_t Size,
                                         void *Value, size_t *SizeRet) {
  if (!valid(E, EventMagic))
    return CL_INVALID_EVENT;
  std::lock_guard<std::mutex> G(E->lock);
  if (!E->profiled || E->status != CL_COMPLETE)
    return CL_PROFILING_INFO_NOT_AVAILABLE;
  switch (Param) {
  case CL_PROFILING_COMMAND_QUEUED:
    return infoValue(Size, Value, SizeRet, E->queued);
  case CL_PROFILING_COMMAND_SUBMIT:
    return infoValue(Size, Value, SizeRet, E->submitted);
  case CL_PROFILING_COMMAND_START:
    return infoValue(Size, Value, SizeRet, E->started);
  case CL_PROFILING_COMMAND_END:
  case CL_PROFILING_COMMAND_COMPLETE:
    return infoValue(Size, Value, SizeRet, E->ended);
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL RetainEvent(cl_event E) {
  if (!valid(E, EventMagic))
    return CL_INVALID_EVENT;
  E->refs.fetch_add(1);
  return CL_SUCCESS;
}

cl_int CL_API_CALL ReleaseEvent(cl_event E) {
  if (!valid(E, EventMagic))
    return CL_INVALID_EVENT;
  releaseEvent(E);
  return CL_SUCCESS;
}

cl_event CL_API_CALL CreateUserEvent(cl_context C, cl_int *Err) {
  if (!valid(C, ContextMagic))
    return fail<_cl_event>(Err, CL_INVALID_CONTEXT);
  cl_event E = newEvent(C, nullptr, CL_COMMAND_USER);
  E->status = CL_SUBMITTED;
  if (Err)
    *Err = CL_SUCCESS;
  return E;
}

cl_int CL_API_CALL SetUserEventStatus(cl_event E, cl_int Status) {
  if (!valid(E, EventMagic) || E->type != CL_COMMAND_USER)
    return CL_INVALID_EVENT;
  if (Status != CL_COMPLETE && Status >= 0)
    return CL_INVALID_VALUE;
  {
    std::lock_guard<std::mutex> G(E->lock);
    if (E->status <= CL_COMPLETE)
      return CL_INVALID_OPERATION; // set once only
  }
  setEventStatus(E, Status);
  return CL_SUCCESS;
}

cl_int CL_API_CALL SetEventCallback(cl_event E, cl_int When,
                                    void(CL_CALLBACK *Fn)(cl_event, cl_int, void *), void *Data) {
  if (!valid(E, EventMagic))
    return CL_INVALID_EVENT;
  if (!Fn || (When != CL_SUBMITTED && When != CL_RUNNING && When != CL_COMPLETE))
    return CL_INVALID_VALUE;
  cl_int Now;
  {
    std::lock_guard<std::mutex> G(E->lock);
    Now = E->status;
    if (Now > When) {
      E->callbacks.push_back({When, Fn, Data});
      return CL_SUCCESS;
    }
  }
  Fn(E, Now < 0 ? Now : When, Data); // already there
  return CL_SUCCESS;
}

} // namespace

void releaseQueue(cl_command_queue Q) {
  if (Q->refs.fetch_sub(1) != 1)
    return;
  if (std::this_thread::get_id() == Q->executor.get_id()) {
    // The executor dropped the last reference (with a finished command's
    // event): it cannot join itself, so it deletes the queue when it stops.
    Q->executor.detach();
    std::lock_guard<std::mutex> G(Q->lock);
    Q->stopping = Q->selfDelete = true;
    return;
  }
  stopQueue(Q); // runs what is still queued first
  destroyQueue(Q);
}

void destroyQueue(cl_command_queue Q) {
  cudaStreamDestroy(static_cast<cudaStream_t>(Q->stream));
  cl_context C = Q->context;
  Q->magic = 0;
  delete Q;
  releaseContext(C);
}

void retainProgram(cl_program P) { P->refs.fetch_add(1); }

void releaseProgram(cl_program P) {
  if (P->refs.fetch_sub(1) != 1)
    return;
  dropBuild(P);
  cl_context C = P->context;
  P->magic = 0;
  delete P;
  releaseContext(C);
}

namespace {

void *CL_API_CALL GetExtensionFunctionAddressForPlatform(cl_platform_id, const char *Name);

struct Installer {
  Installer() {
    cl_icd_dispatch &D = Dispatch;
    // Every slot first answers CL_INVALID_OPERATION, then the implemented
    // ones are set.
#define LOOMCL_SLOT(name) unsupported(D.name);
    LOOMCL_SLOT(clGetPlatformIDs) LOOMCL_SLOT(clGetPlatformInfo) LOOMCL_SLOT(clGetDeviceIDs)
    LOOMCL_SLOT(clGetDeviceInfo) LOOMCL_SLOT(clCreateContext) LOOMCL_SLOT(clCreateContextFromType)
    LOOMCL_SLOT(clRetainContext) LOOMCL_SLOT(clReleaseContext) LOOMCL_SLOT(clGetContextInfo)
    LOOMCL_SLOT(clCreateCommandQueue) LOOMCL_SLOT(clRetainCommandQueue)
    LOOMCL_SLOT(clReleaseCommandQueue) LOOMCL_SLOT(clGetCommandQueueInfo)
    LOOMCL_SLOT(clSetCommandQueueProperty) LOOMCL_SLOT(clCreateBuffer)
    LOOMCL_SLOT(clCreateImage2D) LOOMCL_SLOT(clCreateImage3D) LOOMCL_SLOT(clRetainMemObject)
    LOOMCL_SLOT(clReleaseMemObject) LOOMCL_SLOT(clGetSupportedImageFormats)
    LOOMCL_SLOT(clGetMemObjectInfo) LOOMCL_SLOT(clGetImageInfo) LOOMCL_SLOT(clCreateSampler)
    LOOMCL_SLOT(clRetainSampler) LOOMCL_SLOT(clReleaseSampler) LOOMCL_SLOT(clGetSamplerInfo)
    LOOMCL_SLOT(clCreateProgramWithSource) LOOMCL_SLOT(clCreateProgramWithBinary)
    LOOMCL_SLOT(clRetainProgram) LOOMCL_SLOT(clReleaseProgram) LOOMCL_SLOT(clBuildProgram)
    LOOMCL_SLOT(clUnloadCompiler) LOOMCL_SLOT(clGetProgramInfo) LOOMCL_SLOT(clGetProgramBuildInfo)
    LOOMCL_SLOT(clCreateKernel) LOOMCL_SLOT(clCreateKernelsInProgram) LOOMCL_SLOT(clRetainKernel)
    LOOMCL_SLOT(clReleaseKernel) LOOMCL_SLOT(clSetKernelArg) LOOMCL_SLOT(clGetKernelInfo)
    LOOMCL_SLOT(clGetKernelWorkGroupInfo) LOOMCL_SLOT(clWaitForEvents) LOOMCL_SLOT(clGetEventInfo)
    LOOMCL_SLOT(clRetainEvent) LOOMCL_SLOT(clReleaseEvent) LOOMCL_SLOT(clGetEventProfilingInfo)
    LOOMCL_SLOT(clFlush) LOOMCL_SLOT(clFinish) LOOMCL_SLOT(clEnqueueReadBuffer)
    LOOMCL_SLOT(clEnqueueWriteBuffer) LOOMCL_SLOT(clEnqueueCopyBuffer)
    LOOMCL_SLOT(clEnqueueReadImage) LOOMCL_SLOT(clEnqueueWriteImage)
    LOOMCL_SLOT(clEnqueueCopyImage) LOOMCL_SLOT(clEnqueueCopyImageToBuffer)
    LOOMCL_SLOT(clEnqueueCopyBufferToImage) LOOMCL_SLOT(clEnqueueMapBuffer)
    LOOMCL_SLOT(clEnqueueMapImage) LOOMCL_SLOT(clEnqueueUnmapMemObject)
    LOOMCL_SLOT(clEnqueueNDRangeKernel) LOOMCL_SLOT(clEnqueueTask)
    LOOMCL_SLOT(clEnqueueNativeKernel) LOOMCL_SLOT(clEnqueueMarker)
    LOOMCL_SLOT(clEnqueueWaitForEvents) LOOMCL_SLOT(clEnqueueBarrier)
    LOOMCL_SLOT(clGetExtensionFunctionAddress) LOOMCL_SLOT(clCreateFromGLBuffer)
    LOOMCL_SLOT(clCreateFromGLTexture2D) LOOMCL_SLOT(clCreateFromGLTexture3D)
    LOOMCL_SLOT(clCreateFromGLRenderbuffer) LOOMCL_SLOT(clGetGLObjectInfo)
    LOOMCL_SLOT(clGetGLTextureInfo) LOOMCL_SLOT(clEnqueueAcquireGLObjects)
    LOOMCL_SLOT(clEnqueueReleaseGLObjects) LOOMCL_SLOT(clGetGLContextInfoKHR)
    LOOMCL_SLOT(clGetDeviceIDsFromD3D10KHR) LOOMCL_SLOT(clCreateFromD3D10BufferKHR)
    LOOMCL_SLOT(clCreateFromD3D10Texture2DKHR) LOOMCL_SLOT(clCreateFromD3D10Texture3DKHR)
    LOOMCL_SLOT(clEnqueueAcquireD3D10ObjectsKHR) LOOMCL_SLOT(clEnqueueReleaseD3D10ObjectsKHR)
    LOOMCL_SLOT(clSetEventCallback) LOOMCL_SLOT(clCreateSubBuffer)
    LOOMCL_SLOT(clSetMemObjectDestructorCallback) LOOMCL_SLOT(clCreateUserEvent)
    LOOMCL_SLOT(clSetUserEventStatus) LOOMCL_SLOT(clEnqueueReadBufferRect)
    LOOMCL_SLOT(clEnqueueWriteBufferRect) LOOMCL_SLOT(clEnqueueCopyBufferRect)
    LOOMCL_SLOT(clCreateSubDevicesEXT) LOOMCL_SLOT(clRetainDeviceEXT)
    LOOMCL_SLOT(clReleaseDeviceEXT) LOOMCL_SLOT(clCreateEventFromGLsyncKHR)
    LOOMCL_SLOT(clCreateSubDevices) LOOMCL_SLOT(clRetainDevice) LOOMCL_SLOT(clReleaseDevice)
    LOOMCL_SLOT(clCreateImage) LOOMCL_SLOT(clCreateProgramWithBuiltInKernels)
    LOOMCL_SLOT(clCompileProgram) LOOMCL_SLOT(clLinkProgram) LOOMCL_SLOT(clUnloadPlatformCompiler)
    LOOMCL_SLOT(clGetKernelArgInfo) LOOMCL_SLOT(clEnqueueFillBuffer)
    LOOMCL_SLOT(clEnqueueFillImage) LOOMCL_SLOT(clEnqueueMigrateMemObjects)
    LOOMCL_SLOT(clEnqueueMarkerWithWaitList) LOOMCL_SLOT(clEnqueueBarrierWithWaitList)
    LOOMCL_SLOT(clGetExtensionFunctionAddressForPlatform) LOOMCL_SLOT(clCreateFromGLTexture)
    LOOMCL_SLOT(clGetDeviceIDsFromD3D11KHR) LOOMCL_SLOT(clCreateFromD3D11BufferKHR)
    LOOMCL_SLOT(clCreateFromD3D11Texture2DKHR) LOOMCL_SLOT(clCreateFromD3D11Texture3DKHR)
    LOOMCL_SLOT(clCreateFromDX9MediaSurfaceKHR) LOOMCL_SLOT(clEnqueueAcquireD3D11ObjectsKHR)
    LOOMCL_SLOT(clEnqueueReleaseD3D11ObjectsKHR) LOOMCL_SLOT(clGetDeviceIDsFromDX9MediaAdapterKHR)
    LOOMCL_SLOT(clEnqueueAcquireDX9MediaSurfacesKHR)
    LOOMCL_SLOT(clEnqueueReleaseDX9MediaSurfacesKHR) LOOMCL_SLOT(clCreateFromEGLImageKHR)
    LOOMCL_SLOT(clEnqueueAcquireEGLObjectsKHR) LOOMCL_SLOT(clEnqueueReleaseEGLObjectsKHR)
    LOOMCL_SLOT(clCreateEventFromEGLSyncKHR) LOOMCL_SLOT(clCreateCommandQueueWithProperties)
    LOOMCL_SLOT(clCreatePipe) LOOMCL_SLOT(clGetPipeInfo) LOOMCL_SLOT(clSVMAlloc)
    LOOMCL_SLOT(clSVMFree) LOOMCL_SLOT(clEnqueueSVMFree) LOOMCL_SLOT(clEnqueueSVMMemcpy)
    LOOMCL_SLOT(clEnqueueSVMMemFill) LOOMCL_SLOT(clEnqueueSVMMap) LOOMCL_SLOT(clEnqueueSVMUnmap)
    LOOMCL_SLOT(clCreateSamplerWithProperties) LOOMCL_SLOT(clSetKernelArgSVMPointer)
    LOOMCL_SLOT(clSetKernelExecInfo) LOOMCL_SLOT(clGetKernelSubGroupInfoKHR)
    LOOMCL_SLOT(clCloneKernel) LOOMCL_SLOT(clCreateProgramWithIL)
    LOOMCL_SLOT(clEnqueueSVMMigrateMem) LOOMCL_SLOT(clGetDeviceAndHostTimer)
    LOOMCL_SLOT(clGetHostTimer) LOOMCL_SLOT(clGetKernelSubGroupInfo)
    LOOMCL_SLOT(clSetDefaultDeviceCommandQueue) LOOMCL_SLOT(clSetProgramReleaseCallback)
    LOOMCL_SLOT(clSetProgramSpecializationConstant) LOOMCL_SLOT(clCreateBufferWithProperties)
    LOOMCL_SLOT(clCreateImageWithProperties) LOOMCL_SLOT(clSetContextDestructorCallback)
#undef LOOMCL_SLOT
    installObjects(D);
    installImages(D);
    D.clCreateCommandQueue = CreateCommandQueue;
    D.clCreateCommandQueueWithProperties = CreateCommandQueueWithProperties;
    D.clRetainCommandQueue = RetainCommandQueue;
    D.clReleaseCommandQueue = ReleaseCommandQueue;
    D.clGetCommandQueueInfo = GetCommandQueueInfo;
    D.clFlush = Flush;
    D.clFinish = Finish;
    D.clCreateProgramWithSource = CreateProgramWithSource;
    D.clCreateProgramWithBinary = CreateProgramWithBinary;
    D.clRetainProgram = RetainProgram;
    D.clReleaseProgram = ReleaseProgram;
    D.clBuildProgram = BuildProgram;
    D.clCompileProgram = CompileProgram;
    D.clLinkProgram = LinkProgram;
    D.clGetProgramInfo = GetProgramInfo;
    D.clGetProgramBuildInfo = GetProgramBuildInfo;
    D.clUnloadCompiler = UnloadCompiler;
    D.clUnloadPlatformCompiler = UnloadPlatformCompiler;
    D.clCreateKernel = CreateKernel;
    D.clCreateKernelsInProgram = CreateKernelsInProgram;
    D.clRetainKernel = RetainKernel;
    D.clReleaseKernel = ReleaseKernel;
    D.clSetKernelArg = SetKernelArg;
    D.clGetKernelInfo = GetKernelInfo;
    D.clGetKernelArgInfo = GetKernelArgInfo;
    D.clGetKernelWorkGroupInfo = GetKernelWorkGroupInfo;
    D.clGetKernelSubGroupInfo = GetKernelSubGroupInfo;
    D.clGetKernelSubGroupInfoKHR = GetKernelSubGroupInfo;
    D.clEnqueueReadBuffer = EnqueueReadBuffer;
    D.clEnqueueWriteBuffer = EnqueueWriteBuffer;
    D.clEnqueueCopyBuffer = EnqueueCopyBuffer;
    D.clEnqueueFillBuffer = EnqueueFillBuffer;
    D.clEnqueueReadBufferRect = EnqueueReadBufferRect;
    D.clEnqueueWriteBufferRect = EnqueueWriteBufferRect;
    D.clEnqueueCopyBufferRect = EnqueueCopyBufferRect;
    D.clEnqueueMapBuffer = EnqueueMapBuffer;
    D.clEnqueueUnmapMemObject = EnqueueUnmapMemObject;
    D.clEnqueueMigrateMemObjects = EnqueueMigrateMemObjects;
    D.clEnqueueNDRangeKernel = EnqueueNDRangeKernel;
    D.clEnqueueTask = EnqueueTask;
    D.clEnqueueMarker = EnqueueMarker;
    D.clEnqueueBarrier = EnqueueBarrier;
    D.clEnqueueWaitForEvents = EnqueueWaitForEvents;
    D.clEnqueueMarkerWithWaitList = EnqueueMarkerWithWaitList;
    D.clEnqueueBarrierWithWaitList = EnqueueBarrierWithWaitList;
    D.clWaitForEvents = WaitForEvents;
    D.clGetEventInfo = GetEventInfo;
    D.clGetEventProfilingInfo = GetEventProfilingInfo;
    D.clRetainEvent = RetainEvent;
    D.clReleaseEvent = ReleaseEvent;
    D.clCreateUserEvent = CreateUserEvent;
    D.clSetUserEventStatus = SetUserEventStatus;
    D.clSetEventCallback = SetEventCallback;
    D.clGetExtensionFunctionAddressForPlatform = GetExtensionFunctionAddressForPlatform;
    D.clGetExtensionFunctionAddress = [](const char *Name) -> void * {
      return GetExtensionFunctionAddressForPlatform(&ThePlatform, Name);
    };
  }
};
Installer TheInstaller;

cl_int CL_API_CALL IcdGetPlatformIDs(cl_uint Num, cl_platform_id *Platforms, cl_uint *NumRet) {
  return Dispatch.clGetPlatformIDs(Num, Platforms, NumRet);
}

void *CL_API_CALL GetExtensionFunctionAddressForPlatform(cl_platform_id, const char *Name) {
  if (Name && std::strcmp(Name, "clIcdGetPlatformIDsKHR") == 0)
    return reinterpret_cast<void *>(&IcdGetPlatformIDs);
  if (Name && std::strcmp(Name, "clGetKernelSubGroupInfoKHR") == 0)
    return reinterpret_cast<void *>(&GetKernelSubGroupInfo);
  return nullptr;
}

} // namespace
} // namespace loomcl

// The ICD entry points: the only symbols libLoomOpenCL exports.
extern "C" {
CL_API_ENTRY cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint Num, cl_platform_id *Platforms,
                                                       cl_uint *NumRet) {
  return loomcl::Dispatch.clGetPlatformIDs(Num, Platforms, NumRet);
}
CL_API_ENTRY void *CL_API_CALL clGetExtensionFunctionAddress(const char *Name) {
  return loomcl::Dispatch.clGetExtensionFunctionAddress(Name);
}
CL_API_ENTRY void *CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id P,
                                                                        const char *Name) {
  return loomcl::Dispatch.clGetExtensionFunctionAddressForPlatform(P, Name);
}
CL_API_ENTRY cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id P, cl_platform_info Param,
                                                  size_t Size, void *Value, size_t *SizeRet) {
  return loomcl::platformInfo(P, Param, Size, Value, SizeRet);
}
}
