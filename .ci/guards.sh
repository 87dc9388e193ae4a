#!/bin/sh
# guards.sh is make lint's guards: what the packages may import (the ebiten,
# layer, storage, browser and sight guards), no goroutines in rules/ (nor
# atomics or scheduler calls in rules/sight), and no fused multiply-add on
# arm64 (.ci/nofma.sh). It prints each guard's
# name and fails at the first that finds something.
#
# Usage: GO=go sh .ci/guards.sh   (from the module root)
set -u

GO=${GO:-go}
export GO

echo "==> ebiten guard: rules/, match/, ai/, arena/, actions/, campaign/, settings/, levels/, sound/, netplay/ and cmd/ must not import ebiten"
deps=$($GO list -deps ./rules/... ./match/... ./ai/... ./arena/... ./actions/... ./campaign/... ./settings/... ./levels/... ./sound/... ./netplay/... ./cmd/...) || exit 1
bad=$(echo "$deps" | grep hajimehoshi/ebiten || true)
if [ -n "$bad" ]; then
	echo "ebiten guard: rules/, match/, ai/, arena/, actions/, campaign/, settings/, levels/, sound/, netplay/ or cmd/ depends on ebiten (they must run without a display):"
	echo "$bad" | head -n 3
	for p in $($GO list ./rules/... ./match/... ./ai/... ./arena/... ./actions/... ./campaign/... ./settings/... ./levels/... ./sound/... ./netplay/... ./cmd/...); do
		$GO list -deps "$p" | grep -q hajimehoshi/ebiten && echo "  via $p"
	done
	exit 1
fi
echo "==> layer guard: rules/, match/, ai/ and actions/ import nothing of levels/, systems/, scenes/ or entities/"
bad=$($GO list -deps ./rules/... ./match/... ./ai/... ./actions/... | grep -E '^sightline/(levels|systems|scenes|entities)' || true)
if [ -n "$bad" ]; then echo "layer guard: rules/, match/, ai/ or actions/ depends on $bad"; exit 1; fi
echo "==> storage guard: the game (desktop and browser) links no database: netplay/store is the server's"
for os in native js; do
	if [ $os = js ]; then deps=$(GOOS=js GOARCH=wasm $GO list -deps .) || exit 1; else deps=$($GO list -deps .) || exit 1; fi
	bad=$(echo "$deps" | grep -E '^(database/sql|modernc\.org/sqlite|github\.com/jackc/pgx|sightline/netplay/store)' || true)
	if [ -n "$bad" ]; then echo "storage guard: the game ($os) depends on:"; echo "$bad" | head -n 5; exit 1; fi
done
echo "==> browser guard: the browser build talks through the page's fetch and WebSocket: no net/http, crypto/tls or coder/websocket"
deps=$(GOOS=js GOARCH=wasm $GO list -deps .) || exit 1
bad=$(echo "$deps" | grep -E '^(net/http|crypto/tls|github\.com/coder/websocket)' || true)
if [ -n "$bad" ]; then echo "browser guard: the browser build depends on:"; echo "$bad" | head -n 5; exit 1; fi
echo "==> sight guard: rules/sight imports nothing of sightline/"
bad=$($GO list -deps ./rules/sight | grep -E '^sightline/' | grep -v '^sightline/rules/sight$' || true)
if [ -n "$bad" ]; then echo "sight guard: rules/sight depends on $bad"; exit 1; fi
echo "==> geometry guard: no goroutines, atomics or scheduler calls in rules/sight"
bad=$(grep -nE '(^|[;{])[[:space:]]*go [[:alnum:]_(]|"sync/atomic"|"runtime"|atomic\.' $(ls rules/sight/*.go | grep -v '_test\.go$') || true)
if [ -n "$bad" ]; then echo "geometry guard:"; echo "$bad"; exit 1; fi
echo "==> goroutine guard: rules/ starts no goroutine (make test's race step runs only the tests that start their own)"
bad=$(grep -nE '(^|[;{])[[:space:]]*go [[:alnum:]_(]' $(find rules -name '*.go' ! -name '*_test.go') || true)
if [ -n "$bad" ]; then echo "goroutine guard:"; echo "$bad"; exit 1; fi
echo "==> fma guard: no fused multiply-add on arm64 in rules/, match/, ai/, levels/, actions/ or arena/"
GO="$GO" sh .ci/nofma.sh
