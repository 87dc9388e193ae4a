#!/bin/sh
# nofma.sh fails if the Go compiler fuses a multiply and an add (or subtract)
# into one instruction anywhere in the packages the battle's numbers come from,
# or if they call a function of package math whose arm64 code does (math.Sin,
# Cos, Sincos, Atan2, Hypot, Pow, Exp, Log and others: rules/sight has
# portable Sincos and Atan2, and hypot behind Vec.Len).
#
# arm64 (like ppc64, s390x, riscv64) fuses x*y+z into FMADD and friends; amd64
# and wasm do not, so a fused result can differ in its last bit and split a
# replay between machines. An explicit conversion, float64(x*y), rounds the
# product and stops the fusion. This compiles the packages for arm64 with
# assembly listings (-S) and names file:line and function of every fused
# instruction. Build-time tools (levels/internal/...) are left out.
#
# Usage: .ci/nofma.sh [package patterns]   (run from the module root)
set -eu

GO=${GO:-go}
if [ $# -eq 0 ]; then
	set -- ./rules/... ./match/... ./ai/... ./levels/... ./actions/... ./arena/...
fi

pkgs=$($GO list "$@" | grep -v '/internal/') || exit 1
list=$(mktemp)
mathlist=$(mktemp)
trap 'rm -f "$list" "$mathlist"' EXIT INT TERM

# Compiler output is cached and replayed, so a warm run takes seconds.
# shellcheck disable=SC2086 # pkgs is a list of import paths
if ! GOARCH=arm64 CGO_ENABLED=0 $GO build -gcflags="sightline/...=-S" $pkgs >"$list" 2>&1; then
	# Build again without listings to show only the errors.
	# shellcheck disable=SC2086
	GOARCH=arm64 CGO_ENABLED=0 $GO build $pkgs 2>&1 | head -n 40
	echo "fma guard: the arm64 build failed"
	exit 1
fi

# The functions of package math that fuse on arm64, directly or through
# the math functions they call.
if ! GOARCH=arm64 CGO_ENABLED=0 $GO build -gcflags="math=-S" math >"$mathlist" 2>&1; then
	cat "$mathlist"
	echo "fma guard: the arm64 build of package math failed"
	exit 1
fi

root=$(pwd)/
bad=$(awk -v root="$root" '
	function where() {
		if (!match($0, /\([^()]*\.go:[0-9]+\)/)) return ""
		loc = substr($0, RSTART + 1, RLENGTH - 2)
		if (index(loc, root) == 1) loc = substr(loc, length(root) + 1)
		return loc
	}
	FNR == 1 { file++ }
	/ STEXT / { fn = $1 }
	/[ \t](FMADDD|FMSUBD|FNMADDD|FNMSUBD|FMADDS|FMSUBS|FNMADDS|FNMSUBS)[ \t]/ {
		if (file == 1) { fused[fn] = 1; next }
		loc = where()
		if (loc == "" || loc ~ /(^|\/)internal\//) next
		print loc "\t" $4 " in " fn
	}
	/[ \t]CALL[ \t]+math\.[A-Za-z0-9_]+\(SB\)/ {
		callee = $0; sub(/.*CALL[ \t]+/, "", callee); sub(/\(SB\).*/, "", callee)
		if (file == 1) { ncall++; from[ncall] = fn; to[ncall] = callee; next }
		loc = where()
		if (loc == "" || loc ~ /(^|\/)internal\//) next
		nuse++; usefn[nuse] = fn; useloc[nuse] = loc; usecallee[nuse] = callee
	}
	END {
		for (changed = 1; changed; ) {
			changed = 0
			for (i = 1; i <= ncall; i++)
				if (fused[to[i]] && !fused[from[i]]) { fused[from[i]] = 1; changed = 1 }
		}
		for (i = 1; i <= nuse; i++)
			if (fused[usecallee[i]])
				print useloc[i] "\tcalls " usecallee[i] ", which fuses on arm64, in " usefn[i]
	}' "$mathlist" "$list" | sort -u)
if [ -n "$bad" ]; then
	echo "fma guard: fused multiply-add on arm64 (round the product with float64(x*y);"
	echo "for a line inside an inlined helper the product comes from the named function):"
	echo "$bad"
	exit 1
fi
echo "fma guard: no fused multiply-add in $(echo "$pkgs" | wc -l) packages"
