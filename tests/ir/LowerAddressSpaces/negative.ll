; A function whose signature carries an address-space-qualified pointer
; cannot be flattened without changing its callers' view of it; it is
; reported by name.
; RUN: not %opt -passes=loom-lower-address-spaces -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR

; Reason: clang emits such signatures only for hand-written address-space
; code (__attribute__((address_space(3))) parameters); Loom does not rewrite
; function types.
; __device__ float first(__attribute__((address_space(3))) float *p) { return *p; }
; ERR: error: {{.*}}in function first{{.*}}function 'first' takes or returns an address-space-qualified pointer
define float @first(ptr addrspace(3) %p) {
  %v = load float, ptr addrspace(3) %p, align 4
  ret float %v
}
