/* Pre-C99 code that nvcc hands to gcc, which accepts it with warnings. */
old_add(a, b) int a; int b; { return a + b; }
main() { return old_add(2, 3) == 5 ? 0 : 1; }
