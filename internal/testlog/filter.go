package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action     string
	Package    string
	Test       string
	Elapsed    float64
	Output     string
	ImportPath string
}

// Timing is how long one finished test took.
type Timing struct {
	// Label names the run the test was part of (native, wasm, ...).
	Label string
	// Package is the test's import path.
	Package string
	// Test is the test's name, with its subtests after slashes.
	Test string
	// Seconds is the test's own elapsed time.
	Seconds float64
	// CPU is the CPU seconds (user + sys, every thread) its test binary
	// used from the test's start to its end, the measure of a test on a
	// shared machine; -1 when unknown (a subtest, no /proc, no binary
	// found). A test run in parallel with others counts theirs too.
	CPU float64
}

// filter turns the events of `go test -json` into plain go test output.
type filter struct {
	out   io.Writer
	label string
	// held is the output of each running test, keyed package, test.
	held map[[2]string][]string
	// order lists the running tests in the order they started.
	order [][2]string
	// Times are the finished tests' times, in the order they finished.
	Times []Timing
	// Failed names the failed tests ("pkg TestX") and packages ("pkg").
	Failed []string
	// cpu, if set, reads the CPU a package's test binary has used so far;
	// cpuAt holds its reading at each running top-level test's start.
	cpu   func(pkg string) (float64, bool)
	cpuAt map[[2]string]float64
}

// newFilter returns a filter writing to out and labelling its times.
func newFilter(out io.Writer, label string) *filter {
	return &filter{out: out, label: label, held: make(map[[2]string][]string), cpuAt: make(map[[2]string]float64)}
}

// Run reads the events in r until it ends. A line that is not an event
// (go's own messages on a shared stream) is passed through as it is.
func (f *filter) Run(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil || e.Action == "" {
			fmt.Fprintf(f.out, "%s\n", line)
			continue
		}
		f.event(e)
	}
	return sc.Err()
}

// event handles one event.
func (f *filter) event(e event) {
	switch {
	case e.Action == "build-output":
		io.WriteString(f.out, e.Output)
	case e.Action == "build-fail":
		f.Failed = append(f.Failed, e.ImportPath+" (build)")
	case e.Test == "":
		f.pkgEvent(e)
	default:
		f.testEvent(e)
	}
}

// pkgEvent handles an event of a package rather than of one test.
func (f *filter) pkgEvent(e event) {
	switch e.Action {
	case "output":
		// The test binary's closing PASS is not shown by plain go test.
		if e.Output != "PASS\n" {
			io.WriteString(f.out, e.Output)
		}
	case "fail":
		// A test still running when its package failed (a panic, a
		// timeout) shows its output: the reason is in it.
		for _, k := range f.order {
			if k[0] != e.Package {
				continue
			}
			if lines, ok := f.held[k]; ok {
				fmt.Fprintf(f.out, "--- unfinished %s (package failed):\n", k[1])
				io.WriteString(f.out, strings.Join(lines, ""))
				delete(f.held, k)
			}
		}
		f.Failed = append(f.Failed, e.Package)
	}
}

// testEvent handles an event of one test.
func (f *filter) testEvent(e event) {
	k := [2]string{e.Package, e.Test}
	switch e.Action {
	case "run":
		if _, ok := f.held[k]; !ok {
			f.order = append(f.order, k)
		}
		f.held[k] = nil
		if f.cpu != nil && !strings.Contains(e.Test, "/") {
			if v, ok := f.cpu(e.Package); ok {
				f.cpuAt[k] = v
			}
		}
	case "output":
		f.held[k] = append(f.held[k], e.Output)
	case "pass", "fail", "skip":
		if e.Action == "fail" {
			io.WriteString(f.out, strings.Join(f.held[k], ""))
			f.Failed = append(f.Failed, e.Package+" "+e.Test)
		}
		delete(f.held, k)
		cpu := -1.0
		if start, ok := f.cpuAt[k]; ok {
			if v, ok := f.cpu(e.Package); ok {
				cpu = v - start
			}
			delete(f.cpuAt, k)
		}
		if e.Action != "skip" {
			f.Times = append(f.Times, Timing{f.label, e.Package, e.Test, e.Elapsed, cpu})
		}
	}
}

// WriteTimes writes ts as lines of the times file.
func WriteTimes(w io.Writer, ts []Timing) error {
	for _, t := range ts {
		if _, err := fmt.Fprintf(w, "%s\t%s\t%s\t%.2f\t%s\n", t.Label, t.Package, t.Test, t.Seconds, cpuField(t.CPU)); err != nil {
			return err
		}
	}
	return nil
}

// cpuField is a CPU time as the times file holds it: "-" when unknown.
func cpuField(s float64) string {
	if s < 0 {
		return "-"
	}
	return strconv.FormatFloat(s, 'f', 2, 64)
}

// ReadTimes reads the lines of a times file.
func ReadTimes(r io.Reader) ([]Timing, error) {
	var ts []Timing
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		if sc.Text() == "" {
			continue
		}
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 && len(f) != 5 {
			return nil, fmt.Errorf("line %d: %d fields, want 5 (label, package, test, seconds, CPU seconds or -)", n, len(f))
		}
		s, err := strconv.ParseFloat(f[3], 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: seconds: %v", n, err)
		}
		cpu := -1.0 // a file written before the CPU column, or "-"
		if len(f) == 5 && f[4] != "-" {
			if cpu, err = strconv.ParseFloat(f[4], 64); err != nil {
				return nil, fmt.Errorf("line %d: CPU seconds: %v", n, err)
			}
		}
		ts = append(ts, Timing{f[0], f[1], f[2], s, cpu})
	}
	return ts, sc.Err()
}

// Slowest returns the n slowest top-level tests of ts, slowest first
// (ties in label, package and test order).
func Slowest(ts []Timing, n int) []Timing {
	var top []Timing
	for _, t := range ts {
		if !strings.Contains(t.Test, "/") {
			top = append(top, t)
		}
	}
	sort.SliceStable(top, func(i, j int) bool {
		a, b := top[i], top[j]
		if a.Seconds != b.Seconds {
			return a.Seconds > b.Seconds
		}
		if a.Label != b.Label {
			return a.Label < b.Label
		}
		if a.Package != b.Package {
			return a.Package < b.Package
		}
		return a.Test < b.Test
	})
	if len(top) > n {
		top = top[:n]
	}
	return top
}

// WriteSlowest prints ts as a table, one test a line.
func WriteSlowest(w io.Writer, ts []Timing) {
	fmt.Fprintf(w, "the %d slowest tests (wall, CPU of the test binary):\n", len(ts))
	for _, t := range ts {
		cpu := "   - CPU"
		if t.CPU >= 0 {
			cpu = fmt.Sprintf("%6.1fs CPU", t.CPU)
		}
		fmt.Fprintf(w, "%8.1fs %s  %-7s %s %s\n", t.Seconds, cpu, t.Label, t.Package, t.Test)
	}
}
