#!/usr/bin/env bash
# loomcc-qemu.sh - %loomcc for the cross-built e2e subset (scripts/cross.sh
# test): compiles with `loomcc --target=<triple>`, and where it links a
# program (-o <out> without -c/-E/-M/-lib/-dlink/-shared), moves it to
# <out>.<arch> and writes <out> as a script that runs it under qemu-user with
# Debian's cross sysroot. The tests' RUN lines (`%t args | FileCheck %s`,
# `env LOOM_...=... %t`) then run unchanged; qemu-user passes the
# environment and the exit status through.
# SPDX-License-Identifier: Apache-2.0
#
# Usage: loomcc-qemu.sh <triple> <loomcc> <loomcc arguments>...
set -euo pipefail
TRIPLE="$1"
LOOMCC="$2"
shift 2
ARCH="${TRIPLE%%-*}"
QEMU="$(command -v "qemu-$ARCH" || command -v "qemu-$ARCH-static" || true)"
if [ -z "$QEMU" ]; then
  echo "loomcc-qemu: no qemu-$ARCH (Debian: qemu-user)" >&2
  exit 1
fi

OUT=""
LINKS=1
PREV=""
for A in "$@"; do
  case "$A" in
  -c | -E | -M | -MM | -lib | -dlink | -shared | -cubin | -fatbin | -dc | --compile | \
    --preprocess | --generate-dependencies | --device-c | --device-link | --lib) LINKS=0 ;;
  esac
  [ "$PREV" = "-o" ] && OUT="$A"
  PREV="$A"
done
if [ "$LINKS" = 0 ] || [ -z "$OUT" ]; then
  exec "$LOOMCC" --target="$TRIPLE" "$@"
fi

ARGS=()
PREV=""
for A in "$@"; do
  if [ "$PREV" = "-o" ]; then ARGS+=("$OUT.$ARCH"); else ARGS+=("$A"); fi
  PREV="$A"
done
"$LOOMCC" --target="$TRIPLE" "${ARGS[@]}"
cat > "$OUT" <<WRAPPER
#!/bin/sh
exec "$QEMU" -L "/usr/$TRIPLE" "$OUT.$ARCH" "\$@"
WRAPPER
chmod +x "$OUT"
