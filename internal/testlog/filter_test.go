package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
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
			wantTimes: []Timing{{"L", "p", "TestA", 1.5}},
		},
		{
			name: "a failing test shows its output, not its passing subtest's",
			in:   failing,
			want: "=== RUN   TestB\n    b_test.go:3: want 2, have 3\n--- FAIL: TestB (0.30s)\nFAIL\nFAIL\tq\t0.4s\n",
			wantTimes: []Timing{
				{"L", "q", "TestB/sub", 0.2},
				{"L", "q", "TestB", 0.3},
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
	ts := []Timing{
		{"native", "a", "TestOne", 3},
		{"native", "a", "TestOne/sub", 9},
		{"wasm", "a", "TestOne", 5},
		{"native", "b", "TestTwo", 1},
		{"native", "b", "TestThree", 3},
	}
	tests := []struct {
		n    int
		want []Timing
	}{
		{1, []Timing{{"wasm", "a", "TestOne", 5}}},
		{3, []Timing{{"wasm", "a", "TestOne", 5}, {"native", "a", "TestOne", 3}, {"native", "b", "TestThree", 3}}},
		{10, []Timing{{"wasm", "a", "TestOne", 5}, {"native", "a", "TestOne", 3}, {"native", "b", "TestThree", 3}, {"native", "b", "TestTwo", 1}}},
	}
	for _, tt := range tests {
		if have := Slowest(ts, tt.n); !reflect.DeepEqual(have, tt.want) {
			t.Errorf("Slowest(%d): have %v, want %v", tt.n, have, tt.want)
		}
	}
}

func TestTimesFile(t *testing.T) {
	ts := []Timing{{"native", "sightline/ai", "TestA", 12.25}, {"wasm", "sightline/rules", "TestB/c d", 0.5}}
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
	for _, bad := range []string{"a\tb\tc\n", "a\tb\tc\tfast\n"} {
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
		{"passing", passing, 0, 0, "ok  \tp\t1.6s\n", "lbl\tp\tTestA\t1.50\n"},
		{"failing", failing, 1, 1, "FAIL\tq\t0.4s\ntestlog: 2 failed:\n  FAIL q TestB\n  FAIL q\n", "lbl\tq\tTestB/sub\t0.20\nlbl\tq\tTestB\t0.30\n"},
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
			if !strings.Contains(out.String(), "the 1 slowest tests:\n") {
				t.Errorf("-slowest printed %q", out.String())
			}
		})
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"-slowest", "3", filepath.Join(t.TempDir(), "none.tsv")}, &out, &errOut); code == 0 {
		t.Errorf("-slowest on a missing file: exit status 0")
	}
}
