//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestBrowserFPS measures frame rates in headless Chromium, as make
// bench-fps does under Xvfb (docs/PERFORMANCE.md, "Frame rate"): the
// reference program (internal/fpsref, built for js/wasm) and the game's
// Outpost battle (-fps-report, the page's ?fps=N), in turn,
// SIGHTLINE_FPS_ROUNDS times (default 2) over SIGHTLINE_FPS_SECS seconds
// (default 10). It is a measurement, so it checks only that each run
// reported frames and ticks, and writes the figures to
// out/browser-fps.txt; make bench-fps runs it, alone.
func TestBrowserFPS(t *testing.T) {
	if os.Getenv("SIGHTLINE_BROWSER_FPS") != "1" {
		t.Skip("set SIGHTLINE_BROWSER_FPS=1 to measure frame rates in the browser (make bench-fps does)")
	}
	rounds, secs := envInt(t, "SIGHTLINE_FPS_ROUNDS", 2), envInt(t, "SIGHTLINE_FPS_SECS", 10)
	node, chromium, url := serveBrowserBuild(t)
	goBuild(t, []string{"GOOS=js", "GOARCH=wasm"}, "-trimpath", "-ldflags=-s -w",
		"-o", filepath.Join(sharedSite.dir, "fpsref.wasm"), "./internal/fpsref")
	shots := t.TempDir()
	var lines []string
	for r := 1; r <= rounds; r++ {
		for _, run := range []struct{ name, query string }{{"reference", "?module=fpsref"}, {"battle", ""}} {
			load, _ := os.ReadFile("/proc/loadavg")
			base := filepath.Join(shots, fmt.Sprintf("%s-%d.png", run.name, r))
			err := runSmokeJS(t, node, chromium, "fps", time.Duration(secs+240)*time.Second,
				[]string{"FPS_SECS=" + strconv.Itoa(secs)}, url+run.query, base)
			if err != nil {
				t.Fatalf("round %d, %s: %v", r, run.name, err)
			}
			report := readFPSReport(t, strings.TrimSuffix(base, ".png")+"-fps.json", run.name)
			line := fmt.Sprintf("round %d, load average %s: %s", r, strings.Join(strings.Fields(string(load))[:3], " "), report)
			t.Log(line)
			lines = append(lines, line)
			if r == rounds {
				saveOut(t, strings.TrimSuffix(base, ".png")+"-fps.png", "browser-fps-"+run.name+".png")
			}
		}
	}
	if err := os.WriteFile(filepath.Join(outDir, "browser-fps.txt"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// fpsFigures matches a frame rate report's frame and tick counts.
var fpsFigures = regexp.MustCompile(`frames (\d+) ticks (\d+) over`)

// readFPSReport reads the report smoke.mjs wrote and checks that it is
// name's and counted frames and ticks.
func readFPSReport(t *testing.T, file, name string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var v struct{ Report string }
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	m := fpsFigures.FindStringSubmatch(v.Report)
	if !strings.HasPrefix(v.Report, name+" fps ") || m == nil || m[1] == "0" || m[2] == "0" {
		t.Fatalf("%s: report %q: want %s's, with frames and ticks counted", file, v.Report, name)
	}
	return v.Report
}

// envInt returns the environment variable name as a positive number, or
// def when it is not set.
func envInt(t *testing.T, name string, def int) int {
	t.Helper()
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive whole number", name, s)
	}
	return n
}
