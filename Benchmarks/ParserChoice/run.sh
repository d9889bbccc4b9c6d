#!/usr/bin/env bash
# Compares candidate JSON parsers on the same body (see parser_choice.cpp):
#   apt-get install libsimdjson-dev rapidjson-dev   (rapidjson only for this)
#   bash Benchmarks/ParserChoice/run.sh FILE [REPS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
g++ -O3 -std=c++17 -o "$out/parser_choice" "$here/parser_choice.cpp" -lsimdjson
"$out/parser_choice" "$@"
