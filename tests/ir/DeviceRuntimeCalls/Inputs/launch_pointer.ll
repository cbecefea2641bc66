; A device-side launch through a kernel pointer (not a known __global__).
%struct.dim3 = type { i32, i32, i32 }
define void @parent(ptr %kernel, ptr %buf) "loom-kernel" {
  %grid = alloca %struct.dim3, align 4
  %block = alloca %struct.dim3, align 4
  %r = call i32 @cudaLaunchDevice(ptr %kernel, ptr %buf, ptr byval(%struct.dim3) align 4 %grid, ptr byval(%struct.dim3) align 4 %block, i32 0, ptr null)
  ret void
}
declare i32 @cudaLaunchDevice(ptr, ptr, ptr, ptr, i32, ptr)
