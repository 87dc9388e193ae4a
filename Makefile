# Sightline: build, run, test. `make help` lists the targets.
# Recipes are POSIX sh; .ci/deps.sh (bash) installs Debian and npm packages.

SHELL := /bin/sh
GO ?= go
# The default go toolchain location on the project's machines.
export PATH := $(PATH):/usr/local/go/bin

ADDR ?= 127.0.0.1:8080
BENCHCOUNT ?= 6
# FUZZTIME is how many inputs `make test` tries on each fuzz target, and
# FUZZTIME_PROJECT on the project file's (each valid one loads a whole
# level). Counts, not durations: Go 1.26's fuzzing reports a worker still
# busy at a duration's end as a failure (go.dev/issue/75804).
FUZZTIME ?= 2000x
FUZZTIME_PROJECT ?= 300x
# staticcheck, pinned; `go run` fetches it from the module proxy once.
STATICCHECK = honnef.co/go/tools/cmd/staticcheck@v0.8.2
FIRST_MAP = $(firstword $(sort $(wildcard levels/maps/*.tmx)))
WASM_EXEC_DIR = $$($(GO) env GOROOT)/lib/wasm

# STEP runs a command, naming it before and timing it after.
STEP = sh -c 't0=$$(date +%s); echo "==> $$*"; "$$@"; rc=$$?; echo "<== $$(( $$(date +%s) - t0 ))s, exit $$rc: $$*"; exit $$rc' step

# TESTLOG LABEL -- go test -json ... runs the tests, printing what plain go test
# would, and records each test's time in TIMES; make test ends with the slowest.
TIMES = out/test-times.tsv
TESTLOG = out/testlog -times $(TIMES) -label
# SLOWEST prints the ten slowest tests recorded so far; OR_SLOWEST follows a test step, so a
# failing step prints them too before make stops.
SLOWEST = if [ -f $(TIMES) ]; then out/testlog -slowest 10 $(TIMES); fi
OR_SLOWEST = || { rc=$$?; $(SLOWEST); exit $$rc; }

# GC_BULK is the collector's setting for the test processes that compute (the ai groups and
# the other packages' in .ci/native.sh, arm64 and race here): GOGC=800 with a soft limit, for
# processes whose small heaps the default collects many times a second (docs/PERFORMANCE.md).
# Not for js/wasm, where the larger heap costs more than the collections it saves.
GC_BULK ?= GOGC=800 GOMEMLIMIT=768MiB

# Targets install packages and share one go build cache: run them one at a time.
.NOTPARALLEL:

.PHONY: help deps deps-desktop deps-test run build cli wasm serve lint test test-cross test-cross-1 test-cross-2 goldens check bench bench-browser bench-fps bench-server arena server screenshot tour clean

help: ## list the targets
	@echo "Sightline make targets:"
	@sed -n 's/^\([a-z-]*\):.*## \(.*\)$$/  \1\t\2/p' Makefile | expand -t 16

deps: ## install everything build and test need
	@bash .ci/deps.sh all

deps-desktop: ## install the Debian libraries the cgo (ebiten) build needs
	@bash .ci/deps.sh desktop

deps-test: ## install xvfb, xauth, Mesa, chromium, tiled, brotli, postgresql, node/npm and wasm/node_modules
	@bash .ci/deps.sh test

run: deps-desktop ## play the game in a window
	$(GO) run .

build: deps-desktop ## build bin/sightline
	$(GO) build -o bin/sightline .

cli: ## build bin/sightline-cli (scenarios, replays; no display, no cgo needed)
	CGO_ENABLED=0 $(GO) build -o bin/sightline-cli ./cmd/sightline-cli

wasm: ## build the browser version into wasm/, with brotli and gzip copies (needs brotli)
	GO=$(GO) sh wasm/build.sh wasm

SERVER_ADDR ?= 127.0.0.1:8090

server: ## serve online matches on SERVER_ADDR (default 127.0.0.1:8090), kept in server.db under the user's config folder (docs/ONLINE.md)
	CGO_ENABLED=0 $(GO) run ./cmd/sightline-server -addr $(SERVER_ADDR)

serve: wasm ## build the browser version and serve it on ADDR (default 127.0.0.1:8080)
	$(GO) run ./wasm/serve -addr $(ADDR) -dir wasm

lint: deps-desktop ## gofmt, go vet (native and js/wasm), the ebiten, layer and fma guards, staticcheck
	@echo "==> gofmt"; \
	files=$$(gofmt -l $$(find . -name '*.go' -not -path './wasm/node_modules/*' -not -path './.git/*')); \
	if [ -n "$$files" ]; then echo "gofmt: these files need gofmt -w:"; echo "$$files"; exit 1; fi
	@# Two lanes side by side: go vet then staticcheck (which finds the packages vet compiled in the
	@# build cache), and go vet for js/wasm then the guards (.ci/guards.sh). In a fresh clone each
	@# compiles the packages anew, and alone each leaves a CPU idle in its serial stretches (cgo,
	@# links, go list). Their output is shown when both are done.
	@mkdir -p out/lint && rm -f out/lint/*.log; \
	{ $(STEP) $(GO) vet ./... && $(STEP) $(GO) run $(STATICCHECK) ./...; } >out/lint/native.log 2>&1 & native=$$!; \
	{ $(STEP) env GOOS=js GOARCH=wasm $(GO) vet ./... && $(STEP) env GO="$(GO)" sh .ci/guards.sh; } >out/lint/other.log 2>&1 & other=$$!; \
	rc=0; \
	wait $$native || rc=1; cat out/lint/native.log; \
	wait $$other || rc=1; cat out/lint/other.log; \
	exit $$rc

test: deps lint ## lint, all tests under xvfb with the browser smoke, rules tests under js/wasm
	@mkdir -p out && rm -f $(TIMES) out/test-cross.log
	@$(GO) build -o out/testlog ./internal/testlog
	@# The native tests and the cross-platform runs (test-cross) side by side. The native lane
	@# (.ci/native.sh) splits the scenes, ai and root packages, whose tests run one at a time, into
	@# groups run side by side. The cross runs only compute: niced as the native lane's computing
	@# groups are (.ci/native.sh), they leave most of the CPU to the browser groups when those ask
	@# for it. The cross runs' output is shown when both are done.
	@nice -n 5 $(MAKE) --no-print-directory test-cross >out/test-cross.log 2>&1 & cross=$$!; \
	pkgs="$$($(GO) list ./... | grep -v -x -e sightline -e sightline/scenes -e sightline/ai)" || exit 1; \
	$(STEP) env GO="$(GO)" TESTLOG="$(TESTLOG)" GC_BULK="$(GC_BULK)" SIGHTLINE_BROWSER_SMOKE=1 SIGHTLINE_REQUIRE_TILED=1 SIGHTLINE_REQUIRE_POSTGRES=1 xvfb-run -a sh .ci/native.sh $$pkgs; \
	native=$$?; wait $$cross; cross=$$?; \
	echo "==> the cross-platform runs, side by side with the native ones (out/test-cross.log):"; \
	cat out/test-cross.log; [ $$native -eq 0 ] && [ $$cross -eq 0 ] $(OR_SLOWEST)
	@$(SLOWEST)

# test-cross is make test's second lane (out/testlog built): the rules, the computer and the
# replays under js/wasm and on arm64, the rules under the race detector, and the fuzzing. It
# runs in two parts side by side, of about the same length (docs/PERFORMANCE.md): one after
# another they were the whole run's longest path at a load of 16-35 (663 s, the native lane's
# groups done by 618 s), each a node or qemu process on one CPU.
test-cross:
	@mkdir -p out && rm -f out/test-cross-1.log
	@$(MAKE) --no-print-directory test-cross-1 >out/test-cross-1.log 2>&1 & one=$$!; \
	$(MAKE) --no-print-directory test-cross-2; two=$$?; wait $$one; one=$$?; \
	echo "==> the rules and match under js/wasm and the arm64 runs, beside the runs above (out/test-cross-1.log):"; \
	cat out/test-cross-1.log; [ $$one -eq 0 ] && [ $$two -eq 0 ]

# test-cross-1 is test-cross's first part: the rules and match packages under js/wasm, then
# the arm64 runs.
test-cross-1:
	@# 40m, as the other emulated runs: niced under other work, the wasm rules run ran out of 20m.
	@$(STEP) env GOOS=js GOARCH=wasm $(TESTLOG) wasm -- $(GO) test -json -count=1 -short -timeout 40m -exec="$(WASM_EXEC_DIR)/go_js_wasm_exec" ./rules/... ./match/...
	@# The same battle on arm64 (phones, new Macs), emulated by qemu-user: the rules' random-log
	@# digest, the golden replays, and the computer's commands in its arena match against the
	@# random baseline (seed 2) on each level that is not big, each compared with the native run's
	@# recorded digest (ai/testdata/arena.txt): the shortened form under emulation, each level's
	@# cheaper match, 10.7 CPU s where TestSameSeedSameDecisions' eight matches on two levels took
	@# 15.4 (docs/PERFORMANCE.md); that test runs natively.
	@$(STEP) env GOARCH=arm64 CGO_ENABLED=0 $(GC_BULK) $(TESTLOG) arm64 -- $(GO) test -json -count=1 -short -timeout 40m -exec=qemu-aarch64-static -run 'RandomLogGolden|Golden|Tampered' ./rules/ ./levels/
	@$(STEP) env GOARCH=arm64 CGO_ENABLED=0 $(GC_BULK) $(TESTLOG) arm64 -- $(GO) test -json -count=1 -short -timeout 40m -exec=qemu-aarch64-static -run 'ArenaPlaysLegally//random_2' ./ai/

# test-cross-2 is test-cross's second part: the computer and the replays under js/wasm, the
# race detector's run and the fuzzing, one after another.
test-cross-2:
	@# The computer under js/wasm: its arena matches on every level that is not big, each the
	@# native run's move for move (their recorded digests), and its accounts (its other tests
	@# check logic the native run already covers, at a third of the cost). Not
	@# TestSameSeedSameDecisions: of its eight matches on the two small levels the arena plays four,
	@# and the other four cost a sixth of the step (19.4 CPU s against 16.0); it runs natively. Its run took 547 s (TestArenaPlaysLegally
	@# 409 s) in a loaded make test, 76-78 s in others: a 20m timeout is within reach at a load of
	@# ~20, and reports the test running then as failed. 40m, as the native lane's.
	@$(STEP) env GOOS=js GOARCH=wasm $(TESTLOG) wasm -- $(GO) test -json -count=1 -short -timeout 40m -run 'ArenaPlaysLegally|Why' -exec="$(WASM_EXEC_DIR)/go_js_wasm_exec" ./ai/
	@mkdir -p out && rm -f out/wasm.replay.json
	@$(STEP) env GOOS=js GOARCH=wasm SIGHTLINE_REPLAY_OUT=$(CURDIR)/out/wasm.replay.json $(TESTLOG) wasm -- $(GO) test -json -count=1 -run 'Golden|Tampered|BadReplays|RecordElsewhere' -exec="$(WASM_EXEC_DIR)/go_js_wasm_exec" ./levels/
	@$(STEP) $(GO) run ./cmd/sightline-cli replay verify out/wasm.replay.json
	@# The race detector sees races between goroutines: rules/ starts none (the goroutine guard,
	@# .ci/guards.sh), so only its tests that start readers of their own (TestParallel*) can show
	@# one. The Sightlines tests ran here while Sightlines had helper goroutines (until 6508a42);
	@# they run natively in the rest group.
	@$(STEP) env $(GC_BULK) $(TESTLOG) race -- $(GO) test -json -count=1 -race -run 'Parallel' ./rules/
	@# Fuzzing, a few seconds a target: the replay and save reader, the TMX and JSON map readers
	@# and the project file (the seeds and anything found before run as plain tests).
	@$(STEP) $(TESTLOG) fuzz -- $(GO) test -json -run '^$$' -fuzz '^FuzzReadReplay$$' -fuzztime $(FUZZTIME) ./match/
	@$(STEP) $(TESTLOG) fuzz -- $(GO) test -json -run '^$$' -fuzz '^FuzzLoad$$' -fuzztime $(FUZZTIME) ./levels/
	@$(STEP) $(TESTLOG) fuzz -- $(GO) test -json -run '^$$' -fuzz '^FuzzLoadJSON$$' -fuzztime $(FUZZTIME) ./levels/
	@$(STEP) $(TESTLOG) fuzz -- $(GO) test -json -run '^$$' -fuzz '^FuzzProject$$' -fuzztime $(FUZZTIME_PROJECT) ./levels/

goldens: ## record the golden and random replays of every shipped level (a new map's first; docs/LEVEL_DESIGN.md)
	$(GO) test -count=1 -run 'TestGoldenReplays|TestRandomReplaysGolden' ./levels/ -update

check: ## check every shipped level (or MAPS="a.tmx b.tmx"): every error and warning, failing on either
	$(GO) run ./cmd/sightline-cli check -strict $(MAPS)

ARENA_N ?= 100

arena: ## the computer against the baseline controllers, ARENA_N matches per level and opponent (docs/AI.md)
	$(GO) run ./cmd/sightline-cli arena -n $(ARENA_N)

bench: deps-test ## benchmark the rules, a 64x64 frame, the computer's think time, a replay's verification, and its frames in the browser
	$(GO) test -run '^$$' -bench . -benchmem -cpu 1,2 -count $(BENCHCOUNT) ./rules/ ./rules/sight/
	xvfb-run -a $(GO) test -run '^$$' -bench DrawBigMap -benchmem -count $(BENCHCOUNT) ./systems/
	$(GO) test -run '^$$' -bench 'Think|VerifyLongReplay' -benchtime 3x ./ai/
	$(GO) test -run '^$$' -bench 'VerifyReplays' -benchtime 3x ./levels/
	$(GO) test -run '^$$' -bench 'VerifyWorstFile/(baseline|valley|32x32|128x128)' -benchtime 3x ./levels/
	$(GO) test -run '^$$' -bench 'VerifyWorstFile/256x256|VerifyFormat1File' -benchtime 1x ./levels/
	$(MAKE) bench-browser

BENCH_MATCHES ?= 200
BENCH_THINK_MS ?= 2000

bench-server: ## BENCH_MATCHES (200) recorded computer-vs-computer matches at once through one server on loopback, the seats pausing BENCH_THINK_MS (2000) on average before each command: the command round trip's p50 and p95, zero errors (docs/ONLINE.md)
	SIGHTLINE_BENCH_MATCHES=$(BENCH_MATCHES) SIGHTLINE_BENCH_THINK_MS=$(BENCH_THINK_MS) $(GO) test -run '^$$' -bench ServerMatches -benchtime 1x -timeout 30m ./netplay/

bench-browser: deps-test ## watch the computer play in headless Chromium: no frame may think over 33 ms (run alone)
	env SIGHTLINE_BROWSER_THINK=1 xvfb-run -a $(GO) test -count=1 -run TestBrowserThink -v .

FPS_SECS ?= 10
FPS_ROUNDS ?= 3

bench-fps: build deps-test ## frame rate under Xvfb, then in headless Chromium: the reference program and an Outpost battle in turn (docs/PERFORMANCE.md)
	$(GO) build -o bin/fpsref ./internal/fpsref
	@for i in $$(seq $(FPS_ROUNDS)); do \
		echo "round $$i, load average $$(cut -d' ' -f1-3 /proc/loadavg)"; \
		xvfb-run -a ./bin/fpsref -secs $(FPS_SECS); \
		xvfb-run -a ./bin/sightline -fps-report $(FPS_SECS) 2>/dev/null; \
	done
	@mkdir -p out; echo "headless Chromium (out/browser-fps.txt):"
	@env SIGHTLINE_BROWSER_FPS=1 SIGHTLINE_FPS_ROUNDS=$(FPS_ROUNDS) SIGHTLINE_FPS_SECS=$(FPS_SECS) \
		xvfb-run -a $(GO) test -count=1 -timeout 60m -run TestBrowserFPS . >out/browser-fps.log 2>&1 \
		|| { cat out/browser-fps.log; exit 1; }
	@cat out/browser-fps.txt

screenshot: build deps-test ## render docs/screenshot.png (first map) and docs/targeting.png (a scripted battle)
	@if [ -z "$(FIRST_MAP)" ]; then echo "screenshot: no levels/maps/*.tmx"; exit 1; fi
	xvfb-run -a ./bin/sightline -level $(FIRST_MAP) -screenshot docs/screenshot.png
	rm -rf out/shots && mkdir -p out/shots
	SIGHTLINE_SHOTS=$(CURDIR)/out/shots xvfb-run -a $(GO) test -count=1 -run 'Target|Attack' ./scenes/
	cp out/shots/targeting.png docs/targeting.png

tour: deps-test ## play the screens a player meets headless (desktop, then browser at phone size) into out/tour/*.png
	rm -rf out/tour && mkdir -p out/tour
	SIGHTLINE_TOUR=$(CURDIR)/out/tour xvfb-run -a $(GO) test -count=1 -timeout 30m -run '^TestTour$$' ./scenes/
	SIGHTLINE_TOUR=$(CURDIR)/out/tour xvfb-run -a $(GO) test -count=1 -timeout 30m -run '^TestTourBrowser$$' .
	@ls out/tour

clean: ## remove build outputs and smoke screenshots
	rm -rf bin out wasm/sightline.wasm wasm/sightline.wasm.br wasm/sightline.wasm.gz wasm/wasm_exec.js
