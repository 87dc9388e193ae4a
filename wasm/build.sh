#!/bin/sh
# build.sh OUT builds the browser version of Sightline into the folder OUT:
# sightline.wasm (stripped: -trimpath -ldflags="-s -w"), its precompressed
# copies sightline.wasm.br (brotli -q 11) and sightline.wasm.gz (gzip -9),
# which wasm/serve sends to browsers that accept them, and wasm_exec.js.
# `make wasm` runs it with OUT=wasm; the browser smoke test runs it too, so
# the test measures what ships. GO names the go command (default go).
# BROTLI_CACHE names a folder that keeps the brotli copy of each module by
# its SHA-256 (the build is reproducible): a module built before is not
# compressed again (brotli -q 11 is most of the build's time). The tests
# set it; the newest few copies are kept.
# WASM_STAGE=module builds all but the brotli copy, and WASM_STAGE=brotli
# then adds it to OUT: .ci/native.sh starts the browser tests that do not
# measure the download between the two (unset: both, one after the other).
set -eu
out=${1:?usage: wasm/build.sh OUT}
go=${GO:-go}
stage=${WASM_STAGE:-all}
case $stage in
all | module | brotli) ;;
*)
	echo "wasm/build.sh: WASM_STAGE=$stage: want module, brotli or nothing" >&2
	exit 1
	;;
esac
if ! command -v brotli >/dev/null 2>&1; then
	echo "wasm/build.sh: brotli not found: it writes sightline.wasm.br." >&2
	echo "wasm/build.sh: install Debian's brotli package (make deps-test, or sudo apt-get install brotli)." >&2
	exit 1
fi
if ! command -v gzip >/dev/null 2>&1; then
	echo "wasm/build.sh: gzip not found: it writes sightline.wasm.gz (sudo apt-get install gzip)." >&2
	exit 1
fi
mkdir -p "$out"
wasm=$out/sightline.wasm
if [ "$stage" != brotli ]; then
	GOOS=js GOARCH=wasm "$go" build -trimpath -ldflags="-s -w" -o "$wasm" .
	cp "$("$go" env GOROOT)/lib/wasm/wasm_exec.js" "$out/wasm_exec.js"
	# Compress to temporary names and rename, so a failed or interrupted run
	# never leaves a copy that is older than the module beside it.
	rm -f "$wasm.br" "$wasm.gz"
	gzip -9 -n -c "$wasm" >"$wasm.gz.tmp" &
	gz=$!
fi
if [ "$stage" = module ]; then
	wait "$gz"
	mv "$wasm.gz.tmp" "$wasm.gz"
	echo "wasm/build.sh: $(wc -c <"$wasm") bytes raw, $(wc -c <"$wasm.gz") gzip, no brotli yet: $out"
	exit 0
fi
cached=
if [ -n "${BROTLI_CACHE:-}" ] && command -v sha256sum >/dev/null 2>&1; then
	mkdir -p "$BROTLI_CACHE"
	cached=$BROTLI_CACHE/$(sha256sum "$wasm" | cut -d' ' -f1).wasm.br
fi
if [ -n "$cached" ] && [ -s "$cached" ]; then
	cp "$cached" "$wasm.br.tmp"
	touch "$cached"
	echo "wasm/build.sh: brotli copy from $BROTLI_CACHE"
else
	brotli -q 11 -f -o "$wasm.br.tmp" "$wasm"
	if [ -n "$cached" ]; then
		cp "$wasm.br.tmp" "$cached.$$.tmp" && mv "$cached.$$.tmp" "$cached"
		# Keep the four newest copies.
		# shellcheck disable=SC2012 # the names are hex digests
		ls -t "$BROTLI_CACHE"/*.wasm.br | tail -n +5 | while read -r old; do rm -f "$old"; done
	fi
fi
if [ "$stage" = all ]; then
	wait "$gz"
	mv "$wasm.gz.tmp" "$wasm.gz"
fi
mv "$wasm.br.tmp" "$wasm.br"
echo "wasm/build.sh: $(wc -c <"$wasm") bytes raw, $(wc -c <"$wasm.gz") gzip, $(wc -c <"$wasm.br") brotli: $out"
