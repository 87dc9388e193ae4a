#!/bin/sh
# native.sh is make test's native lane: every package's tests, run under the
# one X display of the xvfb-run that starts it. The three slowest packages
# run their tests one after another in one process each, so they are split
# into processes that run side by side: the scenes tests in two (SCENES_1
# and every other test; each process draws the shared title, level
# pictures and obstacle layers, and fills the painters' shared shapes,
# once, so more groups cost more CPU), the
# root package's in four (its browser touch test, its online browser test,
# its browser smoke, and every other test, which share a desktop build),
# the ai package's in two (its fairness test, whose levels play side by
# side, and the rest); the other packages run in one more, side by side as
# go test runs packages.
#
# The browser build is made once, here, first, and the root groups use it
# (SIGHTLINE_BROWSER_SITE): the module and its gzip copy in seconds, then
# its brotli copy (brotli -q 11, a minute of CPU after a module change).
# The browser groups start on the module; the smoke's last page, which
# measures the download, waits for the brotli copy (wasm/smoke.mjs), made
# while its first page plays; if that fails, sightline.wasm.br.failed
# beside it stops the wait.
#
# The browser groups wait on their pages' frames more than they compute
# (their pages draw on an Xvfb of their own, wasm/smoke.mjs); the groups
# that only compute (scenes, ai, the other packages) run niced (NICE_BULK,
# 5: a third of the CPU weight of nice 0), so they take most of the CPU
# the browser groups and the build leave. Not more: niced further under other work (nice 19
# against others' 10), the cross lane's wall-clock limits ran out.
#
# The ai groups and the other packages' run with GC_BULK in their
# environment (GOGC=800 GOMEMLIMIT=768MiB unless set): their heaps are tens
# of megabytes that the computer's thinking and the rules' property tests
# churn through, so the default GOGC collects many times a second. With it
# the fairness test takes a sixth less CPU, the rest of the ai package and
# the levels package a seventh, rules a quarter (docs/PERFORMANCE.md); the
# limit keeps the arena memo's process under a gigabyte. The scenes and
# root groups draw, and gain nothing from it; js/wasm loses (Makefile).
#
# A group that names tests runs them with -run; the last group of a
# package skips every named one with -skip, so a new test always runs.
# Before anything runs, the groups are checked against `go test -list`:
# every test in exactly one group, and every named test still there.
#
# The groups are balanced by the tests' recorded times (out/test-times.tsv
# after a make test; the slowest ten are printed at its end). Keep each
# group's names sorted. Each group's start, and the build's stages, are
# printed as they happen, in seconds from the lane's start.
#
# Usage: TESTLOG="out/testlog -times FILE -label" .ci/native.sh PACKAGE...
# (from the module root; the packages other than ./scenes/, ./ai/ and .)
set -u

GO=${GO:-go}
: "${TESTLOG:?name the testlog command}"

SCENES_1='^(TestBattleHPFollowsTheShot|TestBattleSkipPlayback|TestCampaignFlow|TestCardWhileTheComputerPlays|TestHUDPanelsKeepApart|TestIdleBattleIsNotRedrawn|TestNoDeveloperText|TestOnlineBattle|TestOnlineMenu|TestSceneFlow|TestStillScreensAreNotRedrawn|TestTitleLayout)$'
AI_1='^(TestEveryLevelIsFair)$'
ROOT_1='^(TestBrowserTouch)$'
ROOT_2='^(TestBrowserFPS|TestBrowserOnline|TestBrowserThink)$'
ROOT_4='^(TestBrowserSmoke)$'
NICE_BULK=${NICE_BULK:-5}
GC_BULK=${GC_BULK-GOGC=800 GOMEMLIMIT=768MiB}
t0=$(date +%s)

# say MESSAGE prints MESSAGE after the seconds since the lane's start.
say() {
	echo "native.sh +$(($(date +%s) - t0))s: $*"
}

mkdir -p out
rm -f out/native-*.log
site=""
sitepid=""
brpid=""
trap 'for p in $sitepid $brpid; do kill "$p" 2>/dev/null; done; [ -z "$site" ] || rm -rf "$site"' EXIT

# check PKG LISTFILE RUN... SKIP: every test of PKG that go test -list
# printed is matched by exactly one of the RUN patterns or, matching none,
# is left to the group that skips them all; every name in a RUN pattern of
# the form ^(A|B)$ is a test of PKG.
check() {
	pkg=$1 list=$2
	shift 2
	bad=0
	for name in $(grep -E '^(Test|Example|Fuzz)' "$list"); do
		n=0
		for re in "$@"; do
			if echo "$name" | grep -qE "$re"; then n=$((n + 1)); fi
		done
		if [ "$n" -gt 1 ]; then
			echo "test groups: $pkg $name is in $n groups"
			bad=1
		fi
	done
	for re in "$@"; do
		case $re in
		'^('*')$')
			for name in $(echo "$re" | sed 's/^^(//; s/)\$$//' | tr '|' ' '); do
				if ! grep -qx "$name" "$list"; then
					echo "test groups: $pkg has no test $name (.ci/native.sh)"
					bad=1
				fi
			done
			;;
		esac
	done
	return $bad
}

# The browser build, as the browser tests make it when none is given
# (wasm/build.sh with the user's brotli cache, and the page beside it), in
# the background while the test binaries are built: its first stage, the
# module; buildsite STAGE runs one stage into out/native-site.log.
buildsite() {
	WASM_STAGE=$1 GO=$GO sh wasm/build.sh "$site" >>out/native-site.log 2>&1
}
if [ "${SIGHTLINE_BROWSER_SMOKE:-}" = 1 ]; then
	site=$(mktemp -d "${TMPDIR:-/tmp}/sightline-site-XXXXXX") || exit 1
	export SIGHTLINE_BROWSER_SITE="$site"
	if [ -z "${BROTLI_CACHE+set}" ]; then
		BROTLI_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/sightline/wasm-brotli
		export BROTLI_CACHE
	fi
	: >out/native-site.log
	(buildsite module && cp wasm/index.html "$site/index.html") &
	sitepid=$!
fi

# The lists also build both test binaries before the groups start, so the
# groups of one package do not compile it side by side.
if ! $GO test -list . ./scenes/ >out/native-list-scenes.txt 2>&1; then
	cat out/native-list-scenes.txt
	exit 1
fi
if ! $GO test -list . . >out/native-list-root.txt 2>&1; then
	cat out/native-list-root.txt
	exit 1
fi
if ! $GO test -list . ./ai/ >out/native-list-ai.txt 2>&1; then
	cat out/native-list-ai.txt
	exit 1
fi
check sightline/scenes out/native-list-scenes.txt "$SCENES_1" || exit 1
check sightline/ai out/native-list-ai.txt "$AI_1" || exit 1
check sightline out/native-list-root.txt "$ROOT_1" "$ROOT_2" "$ROOT_4" || exit 1
say "test binaries built, groups checked"

# group NAME NICENESS ENV ARGS...: go test -json ARGS under testlog into
# out/native-NAME.log, in the background, at NICENESS (nice -n), with the
# variables ENV (NAME=VALUE words, or nothing) set; its process id is
# appended to pids.
pids=""
group() {
	name=$1 n=$2 genv=$3
	shift 3
	# shellcheck disable=SC2086 # ENV and TESTLOG are word lists
	env $genv nice -n "$n" $TESTLOG native -- $GO test -json -count=1 -timeout 40m "$@" >"out/native-$name.log" 2>&1 &
	pids="$pids $!:$name"
	say "group $name started (nice $n${genv:+, $genv})"
}

# siteready PID STAGE: waits for the browser build's stage STAGE (PID), and
# prints its log and fails if it failed.
siteready() {
	[ -z "$1" ] && return 0
	if wait "$1"; then
		say "the browser build's $2 is ready"
		return 0
	fi
	echo "==> the browser build's $2 (out/native-site.log) failed:"
	cat out/native-site.log
	return 1
}

# The groups that need no browser build first (the computing ones niced, the
# longest first), then the browser groups as their build's stages are ready.
rc=0
group root-3 0 "" -skip "$ROOT_1|$ROOT_2|$ROOT_4" .
group ai-1 "$NICE_BULK" "$GC_BULK" -run "$AI_1" ./ai/
group scenes-1 "$NICE_BULK" "" -run "$SCENES_1" ./scenes/
group scenes-2 "$NICE_BULK" "" -skip "$SCENES_1" ./scenes/
group ai-2 "$NICE_BULK" "$GC_BULK" -skip "$AI_1" ./ai/
group rest "$NICE_BULK" "$GC_BULK" "$@"
siteok=1
siteready "$sitepid" module || siteok=0
sitepid="" # waited for: nothing left for the trap to stop
if [ $siteok = 1 ]; then
	[ -z "$site" ] || { (buildsite brotli || { : >"$site/sightline.wasm.br.failed"; exit 1; }) & brpid=$!; }
	group root-4 0 "" -run "$ROOT_4" .
	group root-1 0 "" -run "$ROOT_1" .
	group root-2 0 "" -run "$ROOT_2" .
	siteready "$brpid" "brotli copy" || rc=1
else
	rc=1
fi
brpid=""

for p in $pids; do
	if ! wait "${p%%:*}"; then
		rc=1
	fi
	echo "==> native group ${p#*:} (out/native-${p#*:}.log):"
	cat "out/native-${p#*:}.log"
done
say "done"
exit $rc
