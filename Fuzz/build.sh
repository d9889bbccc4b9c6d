#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/targets into .build/fuzz/bin.
#
# SwiftPM cannot build a libFuzzer binary, so the pieces are compiled
# directly: CYaml and our CLibYAML and CJQ (C) and the CSimdJSON shim (C++) with clang, then Yams,
# RowboatSpec, RowboatProcess, RowboatJQ (over CJQ, which opens libjq) and RowboatParsing as
# whole-module objects with swiftc, all with ASan and coverage instrumentation, then each target file linked against them with
# -sanitize=fuzzer,address (libFuzzer brings main). Yams comes from
# SwiftPM's checkout in .build/checkouts.
# Rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/fuzz
mkdir -p "$out/obj" "$out/modules" "$out/bin"
opt=${FUZZ_OPT:--O}

yams=.build/checkouts/Yams
if [ ! -d "$yams/Sources/Yams" ]; then
  swift package resolve >/dev/null
fi
[ -d "$yams/Sources/Yams" ] || { echo "fuzz: Yams checkout not found in $yams" >&2; exit 1; }
cyaml_include="$yams/Sources/CYaml/include"

# newer TARGET SOURCES...: true when TARGET is missing or older than a source.
newer() {
  local target=$1; shift
  [ -e "$target" ] || return 0
  [ -n "$(find "$@" -newer "$target" -print -quit)" ]
}

if newer "$out/obj/cyaml.stamp" "$yams/Sources/CYaml"; then
  echo "fuzz: compiling CYaml"
  rm -f "$out"/obj/cyaml-*.o
  for c in "$yams"/Sources/CYaml/src/*.c; do
    clang -c -O1 -g -fsanitize=fuzzer-no-link,address -DYAML_DECLARE_STATIC \
      -I "$cyaml_include" -I "$yams/Sources/CYaml/src" "$c" -o "$out/obj/cyaml-$(basename "$c" .c).o"
  done
  touch "$out/obj/cyaml.stamp"
fi

# RowboatParsing reads YAML events through our own copy of libyaml
# (Sources/CLibYAML, its symbols renamed so it links next to Yams' copy).
clibyaml=Sources/CLibYAML
if newer "$out/obj/clibyaml.stamp" "$clibyaml"; then
  echo "fuzz: compiling CLibYAML"
  rm -f "$out"/obj/clibyaml-*.o
  for c in "$clibyaml"/src/*.c; do
    clang -c -O1 -g -fsanitize=fuzzer-no-link,address -DYAML_DECLARE_STATIC \
      -I "$clibyaml/include" -I "$clibyaml/src" "$c" -o "$out/obj/clibyaml-$(basename "$c" .c).o"
  done
  touch "$out/obj/clibyaml.stamp"
fi

# RowboatParsing parses JSON with simdjson through the CSimdJSON shim: its
# object, and a module map for its header (SwiftPM writes one of its own).
simdjson_dir=Sources/CSimdJSON
mkdir -p "$out/modules/CSimdJSON"
cat > "$out/modules/CSimdJSON/module.modulemap" <<MAP
module CSimdJSON {
    header "$PWD/$simdjson_dir/include/rowboat_simdjson.h"
    export *
}
MAP
if newer "$out/obj/csimdjson.o" "$simdjson_dir"; then
  echo "fuzz: compiling CSimdJSON"
  clang++ -c -O1 -g -std=c++17 -fsanitize=fuzzer-no-link,address -I "$simdjson_dir/include" \
    "$simdjson_dir/simdjson_shim.cpp" -o "$out/obj/csimdjson.o"
fi

# RowboatParsing compiles jq field expressions through RowboatJQ, over
# CJQ (C: libjq opened at the first program): its object, and a module map
# for its header.
mkdir -p "$out/modules/CJQ"
cat > "$out/modules/CJQ/module.modulemap" <<MAP
module CJQ {
    header "$PWD/Sources/CJQ/include/CJQ.h"
    export *
}
MAP
if newer "$out/obj/cjq.o" Sources/CJQ; then
  echo "fuzz: compiling CJQ"
  clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CJQ/include Sources/CJQ/JQ.c -o "$out/obj/cjq.o"
fi

swift_module() { # NAME SOURCE-DIR SWIFT-LANGUAGE-VERSION
  local name=$1 dir=$2
  if newer "$out/obj/$name.o" "$dir" "$out/obj/cyaml.stamp" || { [ "$name" = RowboatParsing ] && newer "$out/obj/$name.o" "$out/obj/Yams.o" "$out/obj/csimdjson.o" "$out/obj/RowboatSpec.o" "$out/obj/RowboatProcess.o" "$out/obj/RowboatJQ.o" "$out/obj/clibyaml.stamp"; } \
      || { [ "$name" = RowboatJQ ] && newer "$out/obj/$name.o" "$out/obj/RowboatSpec.o" Sources/CJQ; }; then
    echo "fuzz: compiling $name ($opt)"
    find "$dir" -name '*.swift' -print0 | xargs -0 swiftc -parse-as-library -wmo "$opt" -g \
      -sanitize=fuzzer,address -module-name "$name" -package-name rowboat -swift-version "$3" -DSWIFT_PACKAGE \
      -I "$out/modules" -I "$out/modules/CSimdJSON" -I "$out/modules/CJQ" -I "$cyaml_include" -I "$clibyaml/include" -Xcc -DYAML_DECLARE_STATIC \
      -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
      -c -o "$out/obj/$name.o"
  fi
}
swift_module Yams "$yams/Sources/Yams" 5
swift_module RowboatSpec Sources/RowboatSpec 6
swift_module RowboatProcess Sources/RowboatProcess 6
swift_module RowboatJQ Sources/RowboatJQ 6
swift_module RowboatParsing Sources/RowboatParsing 6

# C targets (the image decoder shim): clang, libFuzzer + ASan, with the codec sources.
codecs=(Sources/CImageCodecs/*.c)
for source in Fuzz/targets/*.c; do
  name=$(basename "$source" .c)
  binary="$out/bin/$name"
  if newer "$binary" "$source" Sources/CImageCodecs; then
    echo "fuzz: building $name"
    clang -O1 -g -fsanitize=fuzzer,address -I Sources/CImageCodecs/include -I Sources/CImageCodecs \
      "$source" "${codecs[@]}" -lpng -ljpeg -lwebp -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)
  fi
done
if newer "$out/bin/image_seeds" Fuzz/support/image_seeds.c Sources/CImageCodecs; then
  clang -O1 -g -I Sources/CImageCodecs/include Fuzz/support/image_seeds.c "${codecs[@]}" -lpng -ljpeg -lwebp \
    -o "$out/bin/image_seeds"
fi

for source in Fuzz/targets/*.swift; do
  name=$(basename "$source" .swift)
  binary="$out/bin/$name"
  if newer "$binary" "$source" Fuzz/support "$out/obj/RowboatSpec.o" "$out/obj/RowboatProcess.o" "$out/obj/RowboatJQ.o" "$out/obj/RowboatParsing.o" "$out/obj/Yams.o" \
      "$out/obj/csimdjson.o" "$out/obj/cjq.o" "$out/obj/clibyaml.stamp"; then
    echo "fuzz: linking $name"
    # (gold warns about ASan's local symbols; harmless.)
    swiftc -parse-as-library "$opt" -g -sanitize=fuzzer,address -swift-version 6 -module-name "$name" -package-name rowboat \
      -I "$out/modules" -I "$out/modules/CSimdJSON" -I "$out/modules/CJQ" -I "$cyaml_include" -I "$clibyaml/include" \
      "$source" Fuzz/support/*.swift "$out/obj/RowboatSpec.o" "$out/obj/RowboatProcess.o" "$out/obj/RowboatJQ.o" "$out/obj/RowboatParsing.o" "$out/obj/Yams.o" "$out"/obj/cyaml-*.o \
      "$out"/obj/clibyaml-*.o \
      "$out/obj/csimdjson.o" "$out/obj/cjq.o" -lsimdjson -lstdc++ -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)
  fi
done
