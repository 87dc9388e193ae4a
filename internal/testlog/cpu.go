package main

import (
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// clockTicks is the unit of /proc's CPU times (USER_HZ, 100 on Linux).
const clockTicks = 100

// procCPU reads a package's test binary's CPU from /proc (Linux): the
// process under the command testlog runs (its pid root, or root itself)
// with an argument that names PKG.test, as go test names the binary it
// builds and runs (directly, or under node or qemu with -exec).
type procCPU struct {
	root int
	mu   sync.Mutex
	pids map[string]int     // each package's binary, once found
	last map[string]float64 // its last reading, kept when it exits
	// gone marks the packages whose binary was looked for and not found:
	// it had exited (go test holds back the output of all packages but
	// one until each binary ends) and is not looked for again.
	gone map[string]bool
}

// read returns the CPU seconds (user + sys, every thread) that the test
// binary of pkg has used so far, and false when there is none to read.
func (c *procCPU) read(pkg string) (float64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	want := "/" + path.Base(pkg) + ".test"
	if pid, ok := c.pids[pkg]; ok {
		if s, ok := binaryCPU(pid, want); ok {
			c.last[pkg] = s
			return s, true
		}
		// Exited: its last test's end comes after, and reads the last
		// sample (sample).
		return c.last[pkg], true
	}
	if c.gone[pkg] {
		return 0, false
	}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0, false
	}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if s, ok := binaryCPU(pid, want); ok && c.under(pid) {
			if c.pids == nil {
				c.pids, c.last = map[string]int{}, map[string]float64{}
			}
			c.pids[pkg], c.last[pkg] = pid, s
			return s, true
		}
	}
	if c.gone == nil {
		c.gone = map[string]bool{}
	}
	c.gone[pkg] = true
	return 0, false
}

// sample reads each found binary's CPU every interval until stop is
// closed, so that a binary's last test, whose end is reported after the
// binary exited, reads what it had used at most an interval before.
func (c *procCPU) sample(interval time.Duration, stop <-chan struct{}) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		c.mu.Lock()
		for pkg, pid := range c.pids {
			if s, ok := binaryCPU(pid, "/"+path.Base(pkg)+".test"); ok {
				c.last[pkg] = s
			}
		}
		c.mu.Unlock()
	}
}

// under reports whether pid is root or one of its descendants.
func (c *procCPU) under(pid int) bool {
	for range 64 {
		if pid == c.root {
			return true
		}
		f, ok := statFields(pid)
		if !ok || pid <= 1 {
			return false
		}
		pid, _ = strconv.Atoi(f[1])
	}
	return false
}

// binaryCPU returns the CPU seconds of process pid if one of its
// arguments ends in want.
func binaryCPU(pid int, want string) (float64, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil {
		return 0, false
	}
	named := false
	for _, a := range strings.Split(string(b), "\x00") {
		named = named || strings.HasSuffix(a, want)
	}
	f, ok := statFields(pid)
	if !named || !ok {
		return 0, false
	}
	// utime, stime, and those of the children it waited for (the
	// programs a test runs: the CLI, the game, go build, node).
	var sum float64
	for _, x := range f[11:15] {
		v, err := strconv.ParseFloat(x, 64)
		if err != nil {
			return 0, false
		}
		sum += v
	}
	return sum / clockTicks, true
}

// statFields returns the fields of /proc/PID/stat after the command's
// name: state, ppid, ... (utime at 11, stime, cutime, cstime at 14).
func statFields(pid int) ([]string, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return nil, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return nil, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 15 {
		return nil, false
	}
	return f, true
}
