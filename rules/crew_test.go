package rules

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// TestCrewRunsEveryJobOnce: a crew calls f once for every index of every
// job, back to back and after its helpers have stopped; no worker state is
// used by two goroutines at once; and idle helpers stop.
func TestCrewRunsEveryJobOnce(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	var c crew
	ws := []*State{{}, {}, {}, {}}
	var inUse [4]atomic.Bool
	slot := func(w *State) int {
		for i, v := range ws {
			if v == w {
				return i
			}
		}
		t.Fatal("unknown worker state")
		return -1
	}
	waitIdle := func() {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			idle := true
			for h := range c.busy {
				idle = idle && !c.busy[h].Load()
			}
			if idle {
				return
			}
			if time.Now().After(deadline) {
				t.Fatal("helpers still running 10 s after the last job")
			}
		}
	}
	var helped atomic.Bool
	for round := range 100 {
		if round == 50 {
			waitIdle() // the next jobs start new helpers
		}
		n := 1 + round%40
		calls := make([]atomic.Int32, n)
		c.run(ws, n, func(w *State, k int) {
			i := slot(w)
			if !inUse[i].CompareAndSwap(false, true) {
				t.Errorf("worker state %d used by two goroutines at once", i)
			}
			if i > 0 {
				helped.Store(true)
			}
			for range 300 { // long enough for helpers to take some
				runtime.Gosched()
			}
			inUse[i].Store(false)
			calls[k].Add(1) // last: run must not return before this
		})
		for k := range calls {
			if got := calls[k].Load(); got != 1 {
				t.Fatalf("round %d: index %d called %d times", round, k, got)
			}
		}
	}
	if !helped.Load() {
		t.Error("no helper took a job")
	}
	waitIdle()
}
