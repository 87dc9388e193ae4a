package main

import (
	"os"
	"path"
	"strconv"
	"strings"
)

// clockTicks is the unit of /proc's CPU times (USER_HZ, 100 on Linux).
const clockTicks = 100

// procCPU reads a package's test binary's CPU from /proc (Linux): the
// process under the command testlog runs (its pid root, or root itself)
// with an argument that names PKG.test, as go test names the binary it
// builds and runs (directly, or under node or qemu with -exec).
type procCPU struct {
	root int
	pids map[string]int // each package's binary, once found
}

// read returns the CPU seconds (user + sys, every thread) that the test
// binary of pkg has used so far, and false when there is none to read.
func (c *procCPU) read(pkg string) (float64, bool) {
	want := "/" + path.Base(pkg) + ".test"
	if pid, ok := c.pids[pkg]; ok {
		if s, ok := binaryCPU(pid, want); ok {
			return s, true
		}
	}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0, false
	}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || !c.under(pid) {
			continue
		}
		if s, ok := binaryCPU(pid, want); ok {
			if c.pids == nil {
				c.pids = map[string]int{}
			}
			c.pids[pkg] = pid
			return s, true
		}
	}
	return 0, false
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
	user, err1 := strconv.ParseFloat(f[11], 64)
	sys, err2 := strconv.ParseFloat(f[12], 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return (user + sys) / clockTicks, true
}

// statFields returns the fields of /proc/PID/stat after the command's
// name: state, ppid, ... (utime at 11, stime at 12).
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
	if len(f) < 13 {
		return nil, false
	}
	return f, true
}
