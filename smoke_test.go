//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"sightline/match"
	"sightline/wasm/webserve"
)

// The smoke tests build and run the real game. The package imports ebiten,
// so run them under a display: `xvfb-run -a go test .` (make test does).
// TestBrowserSmoke also needs node, wasm/node_modules (make deps-test) and
// /usr/bin/chromium, and runs only with SIGHTLINE_BROWSER_SMOKE=1.

const (
	// The limits only stop a hung build or run: make test runs six test
	// processes side by side on two CPUs, where the browser site's build
	// took over 5 minutes and 30 frames of the desktop game over 2.
	buildTimeout = 15 * time.Minute
	runTimeout   = 8 * time.Minute
	// smokeTimeout bounds a run of smoke.mjs; the browser smoke's may
	// wait up to 15 minutes of it for the brotli copy (smoke.mjs).
	smokeTimeout = 25 * time.Minute
	outDir       = "out"
	// goldenReplay is the natively recorded replay the browser smoke
	// resumes as a save.
	goldenReplay = "testdata/replays/outpost.replay.json"
)

// TestDesktopSmoke renders the title and the first map's battle with the
// real binary and checks the pictures and the battle's recorded sound; a
// broken map must exit with status 2.
func TestDesktopSmoke(t *testing.T) {
	t.Parallel()
	level := firstLevel(t)
	tmp := t.TempDir()
	bin := sharedGame.build(t)

	battle := filepath.Join(tmp, "battle.png")
	wav := filepath.Join(tmp, "battle.wav")
	runGame(t, bin, "-level", level, "-screenshot", battle, "-frames", "30", "-record-audio", wav)
	checkRecording(t, wav)
	battleImg := loadPNG(t, battle)
	saveOut(t, battle, "desktop-battle.png")
	if err := checkFrame(battleImg); err != nil {
		t.Errorf("%s battle screenshot (out/desktop-battle.png): %v", level, err)
	}

	title := filepath.Join(tmp, "title.png")
	runGame(t, bin, "-screenshot", title, "-frames", "30")
	titleImg := loadPNG(t, title)
	saveOut(t, title, "desktop-title.png")
	if err := checkDiffer(titleImg, battleImg); err != nil {
		t.Errorf("title vs %s battle: %v", level, err)
	}

	t.Run("recording ends with the game on a signal", func(t *testing.T) {
		wav := filepath.Join(tmp, "interrupted.wav")
		ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, "-level", level, "-record-audio", wav)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(6 * time.Second) // the battle up and its ambient playing
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		if err := cmd.Wait(); err != nil {
			t.Fatalf("sightline -record-audio, interrupted: %v (want exit status 0); stderr:\n%s", err, stderr.String())
		}
		if !strings.Contains(stderr.String(), "recorded") {
			t.Errorf("stderr does not say what was recorded:\n%s", stderr.String())
		}
		checkRecording(t, wav)
	})

	t.Run("broken map", func(t *testing.T) {
		broken := filepath.Join(tmp, "broken-map.tmx")
		text := `<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
			`<map version="1.10" orientation="orthogonal" width="4" height="4" tilewidth="32" tileheight="32"><layer id="1" name="x" width="4"`
		if err := os.WriteFile(broken, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, "-level", broken, "-screenshot", filepath.Join(tmp, "never.png"))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 {
			t.Fatalf("sightline -level %s: err %v, want exit status 2; stderr:\n%s", broken, err, stderr.String())
		}
		if !strings.Contains(stderr.String(), "broken-map.tmx") {
			t.Errorf("stderr does not name the map file broken-map.tmx:\n%s", stderr.String())
		}
		if fileExists(filepath.Join(tmp, "never.png")) {
			t.Errorf("a screenshot was written for a map that failed to load")
		}
	})
}

// TestBrowserSmoke builds the js/wasm game, serves it on loopback and drives
// it in Chromium (on an Xvfb of its own, else headless: wasm/smoke.mjs)
// from the title to the first battle, where Blue and Red each end a turn;
// the browser's autosave must then verify with the native replay
// verifier. A fresh browser then resumes a natively
// recorded battle with Continue, which the game verifies as it loads; on
// that page the save is exported as a download (which must be the save,
// byte for byte, and verify natively) and brought back in with the
// Import button and by a drop, and a file over the size limit and a
// malformed one are refused with a message while the game runs on.
func TestBrowserSmoke(t *testing.T) {
	if os.Getenv("SIGHTLINE_BROWSER_SMOKE") != "1" {
		t.Skip("set SIGHTLINE_BROWSER_SMOKE=1 to run the browser smoke test (make test does)")
	}
	t.Parallel()
	os.Remove(filepath.Join(outDir, "browser-failure.png")) // from an earlier run
	// The load it checks is the brotli copy's (checkLoad): the resuming
	// page, the second, waits for it (wasm/smoke.mjs), so a test run
	// makes it while the first page plays (.ci/native.sh).
	node, chromium, url := serveBrowserBuild(t)
	brotli := "SIGHTLINE_SMOKE_BROTLI=" + filepath.Join(sharedSite.folder(), "sightline.wasm.br")
	tools := t.TempDir()
	cli := filepath.Join(tools, "sightline-cli")
	goBuild(t, nil, "-o", cli, "./cmd/sightline-cli")

	// The save the browser resumes: the golden replay up to its last
	// ended turn, so the battle it holds is still undecided and Continue
	// shows a battle (the whole replay ends in Blue's win, which would
	// leave the battle for the result screen at once). The native
	// verifier checks the cut first.
	save := filepath.Join(tools, "golden-save.json")
	undecidedSave(t, goldenReplay, save)
	verifyReplay(t, cli, save)

	shots := t.TempDir()
	battle := filepath.Join(shots, "browser.png")
	title := filepath.Join(shots, "browser-title.png")
	handover := filepath.Join(shots, "browser-handover.png")
	autosave := filepath.Join(shots, "browser-autosave.json")
	resumed := filepath.Join(shots, "browser-resumed.png")
	exported := filepath.Join(shots, "browser-export.json")
	load := filepath.Join(shots, "browser-load.json")
	err := runSmokeJS(t, node, chromium, "", smokeTimeout, []string{brotli}, url, battle, save)
	if fileExists(autosave) {
		saveOut(t, autosave, "browser-autosave.json")
	}
	if err != nil {
		if failure := filepath.Join(shots, "browser-failure.png"); fileExists(failure) {
			saveOut(t, failure, "browser-failure.png")
		}
		t.Fatalf("browser smoke: %v", err)
	}

	saveOut(t, load, "browser-load.json")
	checkLoad(t, load)
	titleImg := loadPNG(t, title)
	battleImg := loadPNG(t, battle)
	handoverImg := loadPNG(t, handover)
	resumedImg := loadPNG(t, resumed)
	saveOut(t, title, "browser-title.png")
	saveOut(t, battle, "browser-battle.png")
	saveOut(t, handover, "browser-handover.png")
	saveOut(t, resumed, "browser-resumed.png")
	if err := checkFrame(battleImg); err != nil {
		t.Errorf("browser battle screenshot (out/browser-battle.png): %v", err)
	}
	if err := checkDiffer(titleImg, battleImg); err != nil {
		t.Errorf("browser title vs battle: %v", err)
	}
	if err := checkDiffer(battleImg, handoverImg); err != nil {
		t.Errorf("browser battle vs the handover screen (out/browser-handover.png): %v", err)
	}
	if err := checkFrame(resumedImg); err != nil {
		t.Errorf("browser resumed battle screenshot (out/browser-resumed.png): %v", err)
	}
	if err := checkDiffer(titleImg, resumedImg); err != nil {
		t.Errorf("browser title vs resumed battle: %v", err)
	}

	// Browser -> native: the autosave holds the battle with the turns
	// ended in the browser, and re-plays on the desktop build's rules.
	r, err := match.ReadFile(autosave)
	if err != nil {
		t.Fatalf("the browser's autosave (out/browser-autosave.json): %v", err)
	}
	if len(r.Turns) == 0 {
		t.Fatalf("the browser's autosave (out/browser-autosave.json) records no ended turn")
	}
	verifyReplay(t, cli, autosave)

	// Browser -> file -> native: the save exported from the load screen
	// is the one the page held, and verifies.
	want, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	if have, err := os.ReadFile(exported); err != nil || !bytes.Equal(have, want) {
		t.Fatalf("the exported save (%v): %d bytes, want the %d of the save the page held, byte for byte", err, len(have), len(want))
	}
	verifyReplay(t, cli, exported)
}

// serveBrowserBuild checks for node, Chromium and playwright-core, builds
// the js/wasm game into a site as `make wasm` does (wasm/build.sh, with
// its brotli and gzip copies) and serves it on loopback as `make serve`
// does (package webserve) until the test ends. It returns node's path,
// Chromium's and the site's URL.
func serveBrowserBuild(t *testing.T) (node, chromium, url string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node not found: run make deps-test")
	}
	chromium = os.Getenv("SIGHTLINE_CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		t.Fatalf("%s not found: run make deps-test", chromium)
	}
	if _, err := os.Stat(filepath.Join("wasm", "node_modules", "playwright-core")); err != nil {
		t.Fatal("wasm/node_modules/playwright-core not found: run make deps-test")
	}
	site := sharedSite.build(t)
	srv := httptest.NewServer(webserve.Handler(site))
	t.Cleanup(srv.Close)
	return node, chromium, srv.URL + "/"
}

// runSmokeJS runs node wasm/smoke.mjs with args in mode (its
// SIGHTLINE_SMOKE; "" for the whole smoke) and env besides Chromium's
// path, for at most timeout, and logs its output and how long it took.
func runSmokeJS(t *testing.T, node, chromium, mode string, timeout time.Duration, env []string, args ...string) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, append([]string{filepath.Join("wasm", "smoke.mjs")}, args...)...)
	cmd.Env = append(os.Environ(), "SIGHTLINE_CHROMIUM="+chromium, "SIGHTLINE_SMOKE="+mode)
	cmd.Env = append(cmd.Env, env...)
	// SIGTERM lets playwright close Chromium before node exits.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 15 * time.Second
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("SIGHTLINE_SMOKE=%s node wasm/smoke.mjs (%s):\n%s", mode, time.Since(start).Round(time.Second), out)
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("%w (%v after %v)", err, ctx.Err(), timeout)
	}
	return err
}

// sharedBuild is a build the tests of one run share: the first test that
// asks makes it in a new temporary folder, which TestMain removes; a
// failed build fails each test that asks.
type sharedBuild struct {
	mu   sync.Mutex
	dir  string // "" until built
	kept bool   // dir was made before the run, not by it: TestMain keeps it
}

// given uses dir, made before the run, as the build after checking that
// each of files is in it; TestMain leaves it in place.
func (b *sharedBuild) given(t *testing.T, dir string, files ...string) string {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Fatalf("the given build %s: %v", dir, err)
		}
	}
	b.dir, b.kept = dir, true
	return dir
}

// folder returns the build's folder, "" if none was made or given yet.
func (b *sharedBuild) folder() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.dir
}

// get returns the build's folder, made by calling build on a new temporary
// folder named from pattern the first time it is asked for.
func (b *sharedBuild) get(t *testing.T, pattern string, build func(t *testing.T, dir string) error) string {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.dir != "" {
		return b.dir
	}
	dir, err := os.MkdirTemp("", pattern)
	if err != nil {
		t.Fatal(err)
	}
	if err := build(t, dir); err != nil {
		os.RemoveAll(dir)
		t.Fatal(err)
	}
	b.dir = dir
	return dir
}

// browserSite is the browser build the browser tests of one run share:
// wasm/build.sh (a minute or more, most of it brotli -q 11) runs once,
// and the brotli copy of a module built before comes from a cache.
type browserSite struct{ sharedBuild }

// sharedSite is this test binary's browser build, removed by TestMain.
var sharedSite browserSite

// build builds the site the first time it is asked for and returns its
// folder. SIGHTLINE_BROWSER_SITE names a site built beforehand as this one
// is (wasm/build.sh, then wasm/index.html beside it), which the test
// processes of one run share (.ci/native.sh): it is used as it is and kept.
// It must hold the page, the module and its gzip copy: the brotli copy
// comes last (WASM_STAGE, wasm/build.sh), and only the browser smoke's
// last page, which measures the download, waits for it.
func (b *browserSite) build(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv("SIGHTLINE_BROWSER_SITE"); dir != "" {
		return b.given(t, dir, "index.html", "wasm_exec.js", "sightline.wasm", "sightline.wasm.gz")
	}
	return b.get(t, "sightline-site-", func(t *testing.T, site string) error {
		ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, "sh", filepath.Join("wasm", "build.sh"), site)
		cmd.Env = append(os.Environ(), "GO="+goTool(t))
		if _, set := os.LookupEnv("BROTLI_CACHE"); !set {
			// A module built before keeps its brotli copy (wasm/build.sh).
			if dir, err := os.UserCacheDir(); err == nil {
				cmd.Env = append(cmd.Env, "BROTLI_CACHE="+filepath.Join(dir, "sightline", "wasm-brotli"))
			}
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("sh wasm/build.sh: %v (ctx: %v)\n%s", err, ctx.Err(), out)
		}
		t.Logf("%s", strings.TrimSpace(string(out)))
		copyFile(t, filepath.Join("wasm", "index.html"), filepath.Join(site, "index.html"))
		return nil
	})
}

// gameBinary is the game binary the smokes of one run share: the
// package's go build links it once, not once a test.
type gameBinary struct{ sharedBuild }

// sharedGame is this test binary's game, removed by TestMain.
var sharedGame gameBinary

// build builds the game the first time it is asked for and returns the
// binary's path. The tests only run it: none may change or remove it.
func (g *gameBinary) build(t *testing.T) string {
	t.Helper()
	return filepath.Join(g.get(t, "sightline-game-", func(t *testing.T, dir string) error {
		bin := filepath.Join(dir, "sightline")
		ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
		defer cancel()
		if out, err := exec.CommandContext(ctx, goTool(t), "build", "-o", bin, ".").CombinedOutput(); err != nil {
			return fmt.Errorf("go build -o %s .: %v\n%s", bin, err, out)
		}
		return nil
	}), "sightline")
}

// TestMain runs the tests and removes the shared game and browser builds
// the run made.
func TestMain(m *testing.M) {
	code := m.Run()
	for _, b := range []*sharedBuild{&sharedSite.sharedBuild, &sharedGame.sharedBuild} {
		if b.dir != "" && !b.kept {
			os.RemoveAll(b.dir)
		}
	}
	os.Exit(code)
}

// TestBrowserThink measures the computer's thinking in the browser build:
// a fresh headless Chromium watches it play both sides of Outpost, and
// no frame may spend more than maxThinkMs thinking. It is a measurement,
// so make bench runs it, alone: on a machine busy with other tests, the
// page's thread waits its turn and an answer's wall time is not its own.
func TestBrowserThink(t *testing.T) {
	if os.Getenv("SIGHTLINE_BROWSER_THINK") != "1" {
		t.Skip("set SIGHTLINE_BROWSER_THINK=1 to measure the computer's thinking in the browser (make bench does)")
	}
	node, chromium, url := serveBrowserBuild(t)
	shots := t.TempDir()
	watched := filepath.Join(shots, "browser.png")
	think := filepath.Join(shots, "browser-think.json")
	if err := runSmokeJS(t, node, chromium, "think", smokeTimeout, nil, url, watched); err != nil {
		t.Fatalf("watching the computer in the browser: %v", err)
	}
	watchOut := strings.TrimSuffix(watched, ".png") + "-watch.png"
	saveOut(t, watchOut, "browser-watch.png")
	saveOut(t, think, "browser-think.json")
	if err := checkFrame(loadPNG(t, watchOut)); err != nil {
		t.Errorf("browser watched battle screenshot (out/browser-watch.png): %v", err)
	}
	checkThink(t, think)
}

// maxThinkMs is the most the computer may think in one browser frame
// (issue 13: nothing may freeze the page).
const maxThinkMs = 33

// minWatched is the fewest decisions of the computer the measurement
// needs: a whole turn of Outpost's three units and more.
const minWatched = 4

// thinkFigures are the browser game's think figures, window.sightlineThink
// (main_js.go), with the seconds smoke.mjs watched for.
type thinkFigures struct {
	Level          string  `json:"level"`
	Frames         int     `json:"frames"`
	Updates        int     `json:"updates"`
	Answers        int     `json:"answers"`
	Decisions      int     `json:"decisions"`
	TotalMs        float64 `json:"totalMs"`
	MaxMs          float64 `json:"maxMs"`
	P95Ms          float64 `json:"p95Ms"`
	MaxUpdateMs    float64 `json:"maxUpdateMs"`
	MaxAnswerMs    float64 `json:"maxAnswerMs"`
	MaxFrameStepMs float64 `json:"maxFrameStepMs"`
	WarmupMs       float64 `json:"warmupMs"`
	Seconds        float64 `json:"seconds"`
}

// checkThink reads the think figures smoke.mjs wrote after watching the
// computer play, logs them, and fails the test unless the computer played
// Outpost, made minWatched decisions, and thought at most maxThinkMs in every frame.
func checkThink(t *testing.T, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("the browser's think figures: %v", err)
	}
	var f thinkFigures
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatalf("the browser's think figures (out/browser-think.json): %v\n%s", err, b)
	}
	t.Logf("browser, the computer playing %s for %.0f s: %d decisions, %d answers in %d frames (%d Updates); "+
		"thinking per frame max %.1f ms, p95 %.1f ms; per Update max %.1f ms; per answer max %.1f ms; %.0f ms in all; "+
		"per frame with its commands applied max %.1f ms; warm-up %.0f ms as the game started",
		f.Level, f.Seconds, f.Decisions, f.Answers, f.Frames, f.Updates, f.MaxMs, f.P95Ms, f.MaxUpdateMs, f.MaxAnswerMs,
		f.TotalMs, f.MaxFrameStepMs, f.WarmupMs)
	if f.Level != "Outpost" {
		t.Errorf("the computer played %q, want Outpost", f.Level)
	}
	if f.Decisions < minWatched {
		t.Errorf("the computer made %d decisions in %.0f s, want at least %d to measure", f.Decisions, f.Seconds, minWatched)
	}
	if f.MaxMs > maxThinkMs {
		t.Errorf("a frame spent %.1f ms thinking, want at most %d ms", f.MaxMs, maxThinkMs)
	}
}

// undecidedSave writes the replay at src, cut after its last ended turn,
// to dst as a save: the commands after the last end of a turn are
// dropped, and End, the hash after the last command, is then the hash
// recorded at that turn's end.
func undecidedSave(t *testing.T, src, dst string) {
	t.Helper()
	r, err := match.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	last := -1
	for i, c := range r.Commands {
		if c.Do == "end_turn" {
			last = i
		}
	}
	if last < 0 || len(r.Turns) == 0 {
		t.Fatalf("%s: no ended turn to cut at", src)
	}
	r.Commands = r.Commands[:last+1]
	r.End = r.Turns[len(r.Turns)-1]
	r.Saved = time.Now().UTC().Format(time.RFC3339)
	if err := match.WriteFile(dst, r); err != nil {
		t.Fatal(err)
	}
}

// verifyReplay runs `sightline-cli replay verify file` and fails the test
// unless it verifies.
func verifyReplay(t *testing.T, cli, file string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, cli, "replay", "verify", file)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil || !strings.Contains(stdout.String(), ": verified: ") {
		t.Fatalf("sightline-cli replay verify %s: %v (ctx: %v)\n%s%s", file, err, ctx.Err(), stdout.String(), stderr.String())
	}
	t.Logf("%s", strings.TrimSpace(stdout.String()))
}

// checkFrame reports why img does not look like a rendered map: too small,
// too few colours, one colour covering most of it, or flat luminance.
func checkFrame(img image.Image) error {
	const (
		minW, minH     = 1280, 720
		minColours     = 64
		maxColourShare = 0.60
		minLumaStdDev  = 10.0
	)
	b := img.Bounds()
	if b.Dx() < minW || b.Dy() < minH {
		return fmt.Errorf("size %dx%d, want at least %dx%d", b.Dx(), b.Dy(), minW, minH)
	}
	counts := make(map[uint32]int)
	var sum, sumSq float64
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			counts[r<<16|g<<8|bl]++
			l := 0.299*float64(r) + 0.587*float64(g) + 0.114*float64(bl)
			sum += l
			sumSq += l * l
		}
	}
	n := float64(b.Dx() * b.Dy())
	if len(counts) < minColours {
		return fmt.Errorf("%d distinct colours, want at least %d (blank or flat frame?)", len(counts), minColours)
	}
	top, topN := uint32(0), 0
	for c, k := range counts {
		if k > topN || (k == topN && c < top) {
			top, topN = c, k
		}
	}
	if share := float64(topN) / n; share > maxColourShare {
		return fmt.Errorf("colour #%06x covers %.0f%% of the frame, want at most %.0f%%", top, 100*share, 100*maxColourShare)
	}
	mean := sum / n
	if sd := math.Sqrt(math.Max(0, sumSq/n-mean*mean)); sd < minLumaStdDev {
		return fmt.Errorf("luminance standard deviation %.1f, want at least %.1f (washed-out frame?)", sd, minLumaStdDev)
	}
	return nil
}

// checkDiffer reports an error unless at least 5% of the pixels of a and b
// differ, so two scenes are known to have rendered different things.
func checkDiffer(a, b image.Image) error {
	const minShare = 0.05
	ab, bb := a.Bounds(), b.Bounds()
	if ab.Size() != bb.Size() {
		return nil // frames of different sizes differ
	}
	diff := 0
	for y := 0; y < ab.Dy(); y++ {
		for x := 0; x < ab.Dx(); x++ {
			r1, g1, b1, _ := a.At(ab.Min.X+x, ab.Min.Y+y).RGBA()
			r2, g2, b2, _ := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			if r1>>8 != r2>>8 || g1>>8 != g2>>8 || b1>>8 != b2>>8 {
				diff++
			}
		}
	}
	if share := float64(diff) / float64(ab.Dx()*ab.Dy()); share < minShare {
		return fmt.Errorf("only %.1f%% of pixels differ, want at least %.0f%%", 100*share, 100*minShare)
	}
	return nil
}

func TestCheckFrame(t *testing.T) {
	flat := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	small := image.NewRGBA(image.Rect(0, 0, 640, 360))
	noisy := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	mostlyOne := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	dim := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	for y := 0; y < 720; y++ {
		for x := 0; x < 1280; x++ {
			i := noisy.PixOffset(x, y)
			copy(noisy.Pix[i:], []byte{uint8(x / 5), uint8(y / 3), uint8((x / 32) * 16), 255})
			if x < 1000 {
				copy(mostlyOne.Pix[i:], []byte{30, 40, 50, 255})
			} else {
				copy(mostlyOne.Pix[i:], []byte{uint8(x), uint8(y), 200, 255})
			}
			// Many colours, all of nearly the same brightness.
			copy(dim.Pix[i:], []byte{uint8(60 + x%8), uint8(60 - x%8), 60, 255})
			if y%2 == 0 {
				dim.Pix[i+2] = uint8(60 + (x/8)%10)
			}
		}
	}
	tests := []struct {
		name string
		img  image.Image
		want string // substring of the error; "" for no error
	}{
		{"too small", small, "size 640x360"},
		{"blank", flat, "distinct colours"},
		{"one colour covers most", mostlyOne, "covers"},
		{"flat luminance", dim, "luminance"},
		{"varied", noisy, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkFrame(tt.img)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("checkFrame: %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("checkFrame: %v, want error containing %q", err, tt.want)
			}
		})
	}
	if err := checkDiffer(noisy, noisy); err == nil {
		t.Errorf("checkDiffer(same, same) = nil, want an error")
	}
	if err := checkDiffer(noisy, mostlyOne); err != nil {
		t.Errorf("checkDiffer(noisy, mostlyOne) = %v, want nil", err)
	}
}

// firstLevel returns the first levels/maps/*.tmx in sorted order.
func firstLevel(t *testing.T) string {
	t.Helper()
	maps, err := filepath.Glob(filepath.Join("levels", "maps", "*.tmx"))
	if err != nil || len(maps) == 0 {
		t.Fatalf("no levels/maps/*.tmx found (err %v)", err)
	}
	sort.Strings(maps)
	return maps[0]
}

// goBuild runs `go build args...` with extra environment variables.
func goBuild(t *testing.T, env []string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, goTool(t), append([]string{"build"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s go build %s: %v\n%s", strings.Join(env, " "), strings.Join(args, " "), err, out)
	}
}

// goTool finds the go command.
func goTool(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go not found in PATH: %v", err)
	}
	return p
}

// runGame runs the binary with a timeout and fails the test on a non-zero exit.
func runGame(t *testing.T, bin string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sightline %s: %v (ctx: %v)\n%s", strings.Join(args, " "), err, ctx.Err(), out)
	}
}

// loadPNG decodes a PNG file.
func loadPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// copyFile copies src to dst.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// saveOut keeps a copy of a screenshot in out/ for a person to look at.
func saveOut(t *testing.T, src, name string) {
	t.Helper()
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, src, filepath.Join(outDir, name))
	t.Logf("saved %s", filepath.Join(outDir, name))
}
