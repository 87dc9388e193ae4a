package main

import (
	"bytes"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command with its arguments and output; it returns the exit
// status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("testlog", flag.ContinueOnError)
	fs.SetOutput(stderr)
	times := fs.String("times", "", "append each finished test's time to this file")
	label := fs.String("label", "", "name of this run in the times file (native, wasm, ...)")
	slowest := fs.Int("slowest", 0, "print the `n` slowest tests of the times files named as arguments")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: testlog [-times FILE -label NAME] -- go test -json ARGS...")
		fmt.Fprintln(stderr, "       testlog -slowest N FILE...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *slowest > 0 {
		if err := printSlowest(stdout, *slowest, fs.Args()); err != nil {
			fmt.Fprintf(stderr, "testlog: %v\n", err)
			return 1
		}
		return 0
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	return runTests(fs.Args(), *times, *label, stdout, stderr)
}

// printSlowest prints the n slowest tests of the times files.
func printSlowest(w io.Writer, n int, files []string) error {
	if len(files) == 0 {
		return errors.New("-slowest: name a times file")
	}
	var all []Timing
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		ts, err := ReadTimes(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		all = append(all, ts...)
	}
	WriteSlowest(w, Slowest(all, n))
	return nil
}

// runTests runs the command in argv, filters its events to stdout and
// appends the tests' times to the times file (if named).
func runTests(argv []string, times, label string, stdout, stderr io.Writer) int {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stderr = os.Stdin, stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintf(stderr, "testlog: %v\n", err)
		return 1
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "testlog: %v\n", err)
		return 1
	}
	f := newFilter(stdout, label)
	pc := &procCPU{root: cmd.Process.Pid}
	f.cpu = pc.read
	stop := make(chan struct{})
	go pc.sample(100*time.Millisecond, stop)
	readErr := f.Run(pipe)
	close(stop)
	if readErr != nil {
		io.Copy(io.Discard, pipe) // let the command finish
	}
	waitErr := cmd.Wait()
	code := 0
	var exit *exec.ExitError
	switch {
	case waitErr == nil:
	case errors.As(waitErr, &exit):
		code = exit.ExitCode()
		if code < 0 { // killed by a signal
			code = 1
		}
	default:
		fmt.Fprintf(stderr, "testlog: %v\n", waitErr)
		code = 1
	}
	if readErr != nil {
		fmt.Fprintf(stderr, "testlog: reading the test events: %v\n", readErr)
		code = max(code, 1)
	}
	if len(f.Failed) > 0 {
		fmt.Fprintf(stdout, "testlog: %d failed:\n", len(f.Failed))
		for _, name := range f.Failed {
			fmt.Fprintf(stdout, "  FAIL %s\n", name)
		}
		code = max(code, 1)
	}
	if times != "" {
		if err := appendTimes(times, f.Times); err != nil {
			fmt.Fprintf(stderr, "testlog: %v\n", err)
			code = max(code, 1)
		}
	}
	if ps := cmd.ProcessState; ps != nil {
		// The command's CPU and that of every process it waited for (go
		// test's compiles and test binaries): on a shared machine the
		// measure of a step, where its wall time is the load's.
		fmt.Fprintf(stdout, "testlog: %s: %.1f CPU s (user %.1f + sys %.1f) in %.0f s\n", cmp.Or(label, argv[0]),
			(ps.UserTime() + ps.SystemTime()).Seconds(), ps.UserTime().Seconds(), ps.SystemTime().Seconds(), time.Since(start).Seconds())
	}
	return code
}

// appendTimes appends ts to the times file in one write, so runs side
// by side can share the file.
func appendTimes(name string, ts []Timing) error {
	var b bytes.Buffer
	if err := WriteTimes(&b, ts); err != nil {
		return err
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b.Bytes()); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
