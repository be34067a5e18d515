#!/bin/sh
# searchspeed.sh [ROUNDS] [BENCH]: the search's speed natively and as
# WebAssembly under Node in one run. Runs ai's BenchmarkSearch (nodes per CPU
# second of a 400,000-node search from a mid-game position of each rule set,
# after a warm-up) natively and under Node in turn, ROUNDS times (default 5),
# and prints the best of each with the ratio WASM / native. BENCH narrows the
# benchmarks (default Search). GOWASM is passed to the WebAssembly build.
# The WebAssembly test binary goes through cmd/wasmjump, as the site's wasm
# does (make build); WASMJUMP=0 measures Go's output as it is.
set -e
rounds=${1:-5}
bench=${2:-Search}
cd "$(dirname "$0")/.."
goroot=$(go env GOROOT)
exec_wasm=$goroot/lib/wasm/go_js_wasm_exec
[ -x "$exec_wasm" ] || exec_wasm=$goroot/misc/wasm/go_js_wasm_exec
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/native.test" ./ai
GOOS=js GOARCH=wasm go test -c -o "$tmp/wasm.test" ./ai
if [ "${WASMJUMP:-1}" != 0 ]; then
	go run ./cmd/wasmjump "$tmp/wasm.test"
fi
echo "search speed, best of $rounds (load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null))"
i=0
while [ "$i" -lt "$rounds" ]; do
	i=$((i + 1))
	(cd ai && "$tmp/native.test" -test.run '^$' -test.bench "$bench" -test.cpu 1) | sed -n 's/^Benchmark/native /p'
	(cd ai && "$exec_wasm" "$tmp/wasm.test" -test.run '^$' -test.bench "$bench" -test.cpu 1) | sed -n 's/^Benchmark/wasm /p'
done | awk '
{
	for (f = 1; f <= NF; f++) if ($f == "nps") v = $(f - 1)
	k = $2; sub(/^Search\//, "", k)
	if (!(k in seen)) { seen[k] = 1; order[++n] = k }
	if (v > best[$1, k]) best[$1, k] = v
}
END {
	printf "%-22s %12s %12s %8s\n", "rule set", "native n/s", "wasm n/s", "ratio"
	for (i = 1; i <= n; i++) {
		k = order[i]; a = best["native", k]; w = best["wasm", k]
		printf "%-22s %12.0f %12.0f %8.2f\n", k, a, w, (a > 0 ? w / a : 0)
	}
}'
