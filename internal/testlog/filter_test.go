package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// events joins JSON event lines into one stream.
func events(lines ...string) string { return strings.Join(lines, "\n") + "\n" }

// A passing package, a failing test with a passing subtest, a skipped
// test, a package that panics in a test and a build failure.
var (
	passing = events(
		`{"Action":"start","Package":"p"}`,
		`{"Action":"run","Package":"p","Test":"TestA"}`,
		`{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}`,
		`{"Action":"output","Package":"p","Test":"TestA","Output":"    a_test.go:9: a log line\n"}`,
		`{"Action":"output","Package":"p","Test":"TestA","Output":"--- PASS: TestA (1.50s)\n"}`,
		`{"Action":"pass","Package":"p","Test":"TestA","Elapsed":1.5}`,
		`{"Action":"run","Package":"p","Test":"TestSkip"}`,
		`{"Action":"output","Package":"p","Test":"TestSkip","Output":"--- SKIP: TestSkip (0.00s)\n"}`,
		`{"Action":"skip","Package":"p","Test":"TestSkip","Elapsed":0}`,
		`{"Action":"output","Package":"p","Output":"PASS\n"}`,
		`{"Action":"output","Package":"p","Output":"ok  \tp\t1.6s\n"}`,
		`{"Action":"pass","Package":"p","Elapsed":1.6}`,
	)
	failing = events(
		`{"Action":"run","Package":"q","Test":"TestB"}`,
		`{"Action":"output","Package":"q","Test":"TestB","Output":"=== RUN   TestB\n"}`,
		`{"Action":"run","Package":"q","Test":"TestB/sub"}`,
		`{"Action":"output","Package":"q","Test":"TestB/sub","Output":"    --- PASS: TestB/sub (0.20s)\n"}`,
		`{"Action":"pass","Package":"q","Test":"TestB/sub","Elapsed":0.2}`,
		`{"Action":"output","Package":"q","Test":"TestB","Output":"    b_test.go:3: want 2, have 3\n"}`,
		`{"Action":"output","Package":"q","Test":"TestB","Output":"--- FAIL: TestB (0.30s)\n"}`,
		`{"Action":"fail","Package":"q","Test":"TestB","Elapsed":0.3}`,
		`{"Action":"output","Package":"q","Output":"FAIL\n"}`,
		`{"Action":"output","Package":"q","Output":"FAIL\tq\t0.4s\n"}`,
		`{"Action":"fail","Package":"q","Elapsed":0.4}`,
	)
	panicking = events(
		`{"Action":"run","Package":"r","Test":"TestC"}`,
		`{"Action":"output","Package":"r","Test":"TestC","Output":"=== RUN   TestC\n"}`,
		`{"Action":"output","Package":"r","Test":"TestC","Output":"panic: test timed out after 1s\n"}`,
		`{"Action":"output","Package":"r","Output":"FAIL\tr\t1.0s\n"}`,
		`{"Action":"fail","Package":"r","Elapsed":1}`,
	)
	broken = events(
		`{"ImportPath":"s [s.test]","Action":"build-output","Output":"# s [s.test]\n"}`,
		`{"ImportPath":"s [s.test]","Action":"build-output","Output":"./s_test.go:4:2: undefined: x\n"}`,
		`{"ImportPath":"s [s.test]","Action":"build-fail"}`,
		`{"Action":"start","Package":"s"}`,
		`{"Action":"output","Package":"s","Output":"FAIL\ts [build failed]\n"}`,
		`{"Action":"fail","Package":"s","Elapsed":0,"FailedBuild":"s [s.test]"}`,
	)
)

func TestFilter(t *testing.T) {
	tests := []struct {
		name       string
		in         string
		want       string
		wantTimes  []Timing
		wantFailed []string
	}{
		{
			name:      "a passing package shows its ok line only",
			in:        passing,
			want:      "ok  \tp\t1.6s\n",
			wantTimes: []Timing{{"L", "p", "TestA", 1.5, 0.25}},
		},
		{
			name: "a failing test shows its output, not its passing subtest's",
			in:   failing,
			want: "=== RUN   TestB\n    b_test.go:3: want 2, have 3\n--- FAIL: TestB (0.30s)\nFAIL\nFAIL\tq\t0.4s\n",
			wantTimes: []Timing{
				{"L", "q", "TestB/sub", 0.2, -1},
				{"L", "q", "TestB", 0.3, 0.25},
			},
			wantFailed: []string{"q TestB", "q"},
		},
		{
			name:       "a test that never ended shows its output when its package fails",
			in:         panicking,
			want:       "FAIL\tr\t1.0s\n--- unfinished TestC (package failed):\n=== RUN   TestC\npanic: test timed out after 1s\n",
			wantFailed: []string{"r"},
		},
		{
			name:       "a build failure shows the compiler's errors",
			in:         broken,
			want:       "# s [s.test]\n./s_test.go:4:2: undefined: x\nFAIL\ts [build failed]\n",
			wantFailed: []string{"s [s.test] (build)", "s"},
		},
		{
			name: "lines that are not events pass through",
			in:   "go: downloading example.com/m v1.0.0\n{not json\n",
			want: "go: downloading example.com/m v1.0.0\n{not json\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			f := newFilter(&out, "L")
			// Each reading of a package's CPU finds it a quarter second on.
			read := map[string]float64{}
			f.cpu = func(pkg string) (float64, bool) {
				read[pkg] += 0.25
				return read[pkg], true
			}
			if err := f.Run(strings.NewReader(tt.in)); err != nil {
				t.Fatal(err)
			}
			if have := out.String(); have != tt.want {
				t.Errorf("output:\nhave %q\nwant %q", have, tt.want)
			}
			if !reflect.DeepEqual(f.Times, tt.wantTimes) {
				t.Errorf("times: have %v, want %v", f.Times, tt.wantTimes)
			}
			if !reflect.DeepEqual(f.Failed, tt.wantFailed) {
				t.Errorf("failed: have %q, want %q", f.Failed, tt.wantFailed)
			}
		})
	}
}

func TestSlowest(t *testing.T) {
	one, three := Timing{"native", "a", "TestOne", 3, 1}, Timing{"native", "b", "TestThree", 3, 2}
	wasm, two := Timing{"wasm", "a", "TestOne", 5, -1}, Timing{"native", "b", "TestTwo", 1, 1}
	ts := []Timing{one, {"native", "a", "TestOne/sub", 9, -1}, wasm, two, three}
	tests := []struct {
		n    int
		want []Timing
	}{
		{1, []Timing{wasm}},
		{3, []Timing{wasm, one, three}},
		{10, []Timing{wasm, one, three, two}},
	}
	for _, tt := range tests {
		if have := Slowest(ts, tt.n); !reflect.DeepEqual(have, tt.want) {
			t.Errorf("Slowest(%d): have %v, want %v", tt.n, have, tt.want)
		}
	}
}

func TestTimesFile(t *testing.T) {
	ts := []Timing{{"native", "sightline/ai", "TestA", 12.25, 3.5}, {"wasm", "sightline/rules", "TestB/c d", 0.5, -1}}
	var b bytes.Buffer
	if err := WriteTimes(&b, ts); err != nil {
		t.Fatal(err)
	}
	have, err := ReadTimes(&b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(have, ts) {
		t.Errorf("read back %v, want %v", have, ts)
	}
	// A file written before the CPU column: its times, the CPU unknown.
	if have, err := ReadTimes(strings.NewReader("native\tp\tTestA\t1.50\n")); err != nil || !reflect.DeepEqual(have, []Timing{{"native", "p", "TestA", 1.5, -1}}) {
		t.Errorf("a line of four fields: read %v, %v", have, err)
	}
	for _, bad := range []string{"a\tb\tc\n", "a\tb\tc\tfast\n", "a\tb\tc\t1\tbusy\n", "a\tb\tc\t1\t2\t3\n"} {
		if _, err := ReadTimes(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadTimes(%q): no error", bad)
		}
	}
}

// helperEnv makes the test binary, run as a child, print the events in
// the named file and exit with TESTLOG_HELPER_CODE: the command testlog
// runs in TestRun.
const helperEnv = "TESTLOG_HELPER_EVENTS"

func TestMain(m *testing.M) {
	if os.Getenv(spinEnv) != "" {
		// TestProcCPU's child: busy for 500 ms of CPU, then idle until killed.
		for {
			if s, ok := binaryCPU(os.Getpid(), "/testlog.test"); !ok || s >= 0.5 {
				break
			}
		}
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	if file := os.Getenv(helperEnv); file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			os.Exit(3)
		}
		os.Stdout.Write(b)
		code, _ := strconv.Atoi(os.Getenv("TESTLOG_HELPER_CODE"))
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// spinEnv makes the test binary, run as a child, spend some CPU and wait.
const spinEnv = "TESTLOG_HELPER_SPIN"

// TestProcCPU: the CPU of a test binary under the command's process is
// read from /proc, found by its package's name; a package without one,
// or a binary not under the process, reads nothing.
func TestProcCPU(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	if filepath.Base(os.Args[0]) != "testlog.test" {
		t.Skipf("the test binary is %s, not testlog.test", os.Args[0])
	}
	start := func(name string, env string, args ...string) *exec.Cmd {
		cmd := exec.Command(name, args...)
		cmd.Env = append(os.Environ(), env)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		return cmd
	}
	spin := start(os.Args[0], spinEnv+"=1")
	other := start("sleep", "X=1", "60")
	c := &procCPU{root: spin.Process.Pid}
	deadline := time.Now().Add(time.Minute)
	for {
		s, ok := c.read("sightline/internal/testlog")
		if ok && s >= 0.2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the spinning child's CPU: %v (found %v), want 0.2 s or more", s, ok)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if s, ok := c.read("sightline/other"); ok || !c.gone["sightline/other"] {
		t.Errorf("a package without a binary: read %v, %v; not looked for again: %v", s, ok, c.gone["sightline/other"])
	}
	if s, ok := (&procCPU{root: other.Process.Pid}).read("sightline/internal/testlog"); ok {
		t.Errorf("a binary not under the command: read %v", s)
	}
	// Exited, it reads its last sample: all of its 0.5 s, which only the
	// sampler saw.
	stop := make(chan struct{})
	go c.sample(10*time.Millisecond, stop)
	for s, _ := binaryCPU(spin.Process.Pid, "/testlog.test"); s < 0.5; s, _ = binaryCPU(spin.Process.Pid, "/testlog.test") {
		if time.Now().After(deadline) {
			t.Fatalf("the spinning child's CPU: %v, want 0.5 s", s)
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	spin.Process.Kill()
	spin.Wait()
	close(stop)
	if s, ok := c.read("sightline/internal/testlog"); !ok || s < 0.5 {
		t.Errorf("the exited child: read %v, %v; want its last sample, 0.5 s or more", s, ok)
	}
}

// cpuLine is the line testlog ends a run with: the command's CPU.
var cpuLine = regexp.MustCompile(`(?m)^testlog: lbl: [0-9.]+ CPU s \(user [0-9.]+ \+ sys [0-9.]+\) in [0-9]+ s$`)

func TestRun(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		code     int // the command's exit status
		want     int // testlog's
		wantOut  string
		wantTime string // the times file's content
	}{
		// No binary named p.test or q.test ran: the CPU is unknown.
		{"passing", passing, 0, 0, "ok  \tp\t1.6s\n", "lbl\tp\tTestA\t1.50\t-\n"},
		{"failing", failing, 1, 1, "FAIL\tq\t0.4s\ntestlog: 2 failed:\n  FAIL q TestB\n  FAIL q\n", "lbl\tq\tTestB/sub\t0.20\t-\nlbl\tq\tTestB\t0.30\t-\n"},
		{"a failure reported under exit status 0", failing, 0, 1, "testlog: 2 failed:", ""},
		{"a failing command that reports no failure", passing, 2, 2, "ok  \tp\t1.6s\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "events.json")
			if err := os.WriteFile(file, []byte(tt.in), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Setenv(helperEnv, file)
			t.Setenv("TESTLOG_HELPER_CODE", strconv.Itoa(tt.code))
			times := filepath.Join(dir, "times.tsv")
			var out, errOut bytes.Buffer
			code := run([]string{"-times", times, "-label", "lbl", "--", os.Args[0]}, &out, &errOut)
			if code != tt.want {
				t.Errorf("exit status %d, want %d; stderr %q", code, tt.want, errOut.String())
			}
			if !strings.Contains(out.String(), tt.wantOut) {
				t.Errorf("output %q, want it to contain %q", out.String(), tt.wantOut)
			}
			if !cpuLine.MatchString(out.String()) {
				t.Errorf("output %q, want a line of the command's CPU", out.String())
			}
			b, err := os.ReadFile(times)
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantTime != "" && string(b) != tt.wantTime {
				t.Errorf("times file %q, want %q", b, tt.wantTime)
			}
			out.Reset()
			if code := run([]string{"-slowest", "1", times}, &out, &errOut); code != 0 {
				t.Fatalf("-slowest: exit status %d; stderr %q", code, errOut.String())
			}
			if !strings.Contains(out.String(), "the 1 slowest tests (wall, CPU of the test binary):\n") {
				t.Errorf("-slowest printed %q", out.String())
			}
		})
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"-slowest", "3", filepath.Join(t.TempDir(), "none.tsv")}, &out, &errOut); code == 0 {
		t.Errorf("-slowest on a missing file: exit status 0")
	}
}
