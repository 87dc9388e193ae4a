package rules

import (
	"runtime"
	"sync/atomic"
)

// crew spreads Sightlines.Update's work over helper goroutines that stay
// awake between jobs. A goroutine started for each job waits for its
// thread to be woken, and on a virtual machine whose idle CPU sleeps that
// took longer than half the job (about 0.17 ms of a 0.5 ms phase). So a
// helper, once started, spins (yielding its thread to any other goroutine)
// while it waits for the next job, and stops after lingerSpins yields with
// none, a few milliseconds: back-to-back recomputes (the AI weighing moves,
// the benchmarks) find it awake, and an idle game holds no goroutine.
//
// Helpers only take jobs; the caller takes them too and waits until every
// job is done, so a job never waits for a helper to start, and the answers
// do not depend on how many helpers help.
//
// A crew belongs to a board's sight index, so that every Sightlines over
// the board shares it; like the index, it runs one job at a time.
type crew struct {
	cur  atomic.Pointer[crewJob]
	busy [maxWorkers]atomic.Bool // busy[h]: helper h is running
}

// lingerSpins is how many times an idle helper yields before it stops.
const lingerSpins = 1 << 14

// crewJob is one call of run: f(ws[h], k) for every k in [0, n).
type crewJob struct {
	ws         []*State
	n          int
	f          func(w *State, k int)
	next, done atomic.Int64
}

// work takes the job's next indexes on worker w until none are left.
func (j *crewJob) work(w *State) {
	done := int64(0)
	for k := int(j.next.Add(1) - 1); k < j.n; k = int(j.next.Add(1) - 1) {
		j.f(w, k)
		done++
	}
	j.done.Add(done)
}

// run calls f(w, k) for every k in [0, n), spread over the worker states
// ws: the caller works on ws[0], helper h on ws[h] (each state is used by
// one goroutine at a time). It returns when every call has returned.
func (c *crew) run(ws []*State, n int, f func(w *State, k int)) {
	if len(ws) == 1 || n < 2 {
		for k := 0; k < n; k++ {
			f(ws[0], k)
		}
		return
	}
	j := &crewJob{ws: ws, n: n, f: f}
	c.cur.Store(j)
	for h := 1; h < len(ws); h++ {
		if c.busy[h].CompareAndSwap(false, true) {
			go c.help(h)
		}
	}
	j.work(ws[0])
	for spins := 0; j.done.Load() < int64(n); spins++ {
		yield(spins)
	}
}

// help is helper h's loop: it works on every new job that has a state for
// it, and stops after lingerSpins yields without one.
func (c *crew) help(h int) {
	defer c.busy[h].Store(false)
	var last *crewJob
	for spins := 0; spins < lingerSpins; spins++ {
		if j := c.cur.Load(); j != last {
			last = j
			if h < len(j.ws) {
				j.work(j.ws[h])
			}
			spins = 0
			continue
		}
		yield(spins)
	}
}

// yield lets other goroutines run, and on every 64th spin other threads:
// a helper just woken can share the caller's CPU until the system moves
// one of them, and spinning there without giving the CPU away stalled the
// other (a cold Update took 2.9 ms instead of 1.6 here).
func yield(spins int) {
	runtime.Gosched()
	if spins%64 == 63 {
		osYield()
	}
}
