#!/usr/bin/env bash
# Fuzz/run.sh [SECONDS] [TARGET...]: builds the libFuzzer targets and runs
# each for SECONDS (default 60) on its generated seeds plus the corpus kept
# from earlier runs in .build/fuzz/corpus/TARGET. A crash, timeout or
# out-of-memory leaves the input in .build/fuzz/artifacts/TARGET/ and makes
# the script exit 1. Reproduce one with: .build/fuzz/bin/TARGET FILE
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzConfig FuzzMapping FuzzSanitizer FuzzImages FuzzPaths FuzzBody FuzzNumbers FuzzOpenAPI FuzzTemplates)

Fuzz/build.sh

out=.build/fuzz
export SWIFT_BACKTRACE=enable=no
status=0
for target in "${targets[@]}"; do
  seeds=$out/seeds/$target corpus=$out/corpus/$target artifacts=$out/artifacts/$target log=$out/logs/$target.log
  rm -rf "$seeds"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  Fuzz/seeds.sh "$target" "$seeds"
  set +e
  "$out/bin/$target" "$corpus" "$seeds" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1
  code=$?
  set -e
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  units=$(find "$corpus" -type f | wc -l)
  if [ $code -eq 0 ]; then
    echo "fuzz: $target: $execs runs in ${seconds}s, corpus $units, no crash"
  else
    status=1
    echo "fuzz: $target: FAILED (exit $code) after $execs runs; log $log"
    grep -E 'ERROR|Fatal error|SUMMARY|Test unit written' "$log" | head -10 | sed 's/^/  /'
  fi
done
exit $status
