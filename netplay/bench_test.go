//go:build !js

package netplay_test

import (
	"context"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"sightline/match"
	"sightline/netplay"
	"sightline/netplay/store"
	"sightline/rules"
)

// benchSeed is the seed of every match of BenchmarkServerMatches.
const benchSeed = 0x5157_4e4c_494e_4531

// scripted is a seat that gives its side's commands of a recorded match
// in turn, once start is closed, each after a pause drawn from think: a
// player thinking, or a computer that thought on a machine of its own.
// It uses no CPU to decide, so the round trips it sees are the server's.
type scripted struct {
	cmds  []rules.Command
	next  int
	start <-chan struct{}
	think func() time.Duration
}

// Next implements match.Controller: past the recorded commands it ends
// the turn, which the benchmark then finds in the match's end.
func (s *scripted) Next(*match.View) rules.Command {
	<-s.start
	time.Sleep(s.think())
	if s.next == len(s.cmds) {
		return rules.EndTurn{}
	}
	s.next++
	return s.cmds[s.next-1]
}

// benchEnv returns the positive number in the environment variable
// name, or def when it is not set.
func benchEnv(b *testing.B, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		b.Fatalf("%s=%q: want a positive number", name, s)
	}
	return n
}

// loadAverage returns the system's load averages over 1, 5 and 15
// minutes as Linux tells them, or "unknown".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

// benchStore opens the benchmark's database: the PostgreSQL database at
// the URL in SIGHTLINE_BENCH_POSTGRES (the matches stay in it), or else
// a new SQLite file.
func benchStore(b *testing.B) (*store.SQLStore, error) {
	if url := os.Getenv("SIGHTLINE_BENCH_POSTGRES"); url != "" {
		return store.OpenPostgres(context.Background(), url)
	}
	return store.OpenSQLite(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
}

// BenchmarkServerMatches measures the server's command round trip with
// SIGHTLINE_BENCH_MATCHES (default 200) matches played at once, a turn
// each on Crossroads, through one server over loopback with SQLite on
// disk (or PostgreSQL: benchStore). Every match is one recorded match between two normal computers
// (the same seed, the same commands), played again by scripted seats that
// think SIGHTLINE_BENCH_THINK_MS (default 2000) milliseconds on average
// before each command, without using the CPU: the round trip (sent to
// acknowledged) is then the server's, the clients' reading of views and
// the loopback, not the computers' thinking. The seats wait until all of
// them have joined (the server rebuilding each match, the first views
// whole), which is not timed. It reports the p50, p95 and
// largest round trip, the time inside the server, the process's CPU time
// per command, how long its threads waited for a CPU (on a busy machine,
// most of the tail) and the errors, which must be none; every match must end
// as the recorded one did. Run it with -benchtime 1x (make bench-server).
func BenchmarkServerMatches(b *testing.B) {
	n := benchEnv(b, "SIGHTLINE_BENCH_MATCHES", 200)
	think := time.Duration(benchEnv(b, "SIGHTLINE_BENCH_THINK_MS", 2000)) * time.Millisecond
	rec := netplay.NewHost(netplay.NewMemoryStore())
	netplay.SameSeed(rec, benchSeed)
	recorded, want := recordMatch(b, rec, 1, 1000)
	if want == nil {
		b.Fatal("the recorded match did not end")
	}
	var script [2][]rules.Command
	for _, g := range recorded {
		script[g.side] = append(script[g.side], g.cmd)
	}
	for range b.N {
		var mu sync.Mutex
		db, err := benchStore(b)
		if err != nil {
			b.Fatal(err)
		}
		dbName := "SQLite"
		if os.Getenv("SIGHTLINE_BENCH_POSTGRES") != "" {
			dbName = "PostgreSQL"
		}
		h := netplay.NewHost(db)
		netplay.SameSeed(h, benchSeed)
		var served []time.Duration // inside the server: checked, applied, committed, handed over
		h.Timing = func(d time.Duration) {
			mu.Lock()
			served = append(served, d)
			mu.Unlock()
		}
		srv := netplay.NewServer(h)
		srv.Log = log.New(benchLog{b}, "", 0)
		ts := httptest.NewServer(srv.Handler())
		var trips []time.Duration
		var errs []error
		client := &netplay.Client{Base: ts.URL, Reconnect: 10 * time.Second, RoundTrip: func(d time.Duration) {
			mu.Lock()
			trips = append(trips, d)
			mu.Unlock()
		}, Log: log.New(failLog{&mu, &errs}, "", 0)}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		created := make([]netplay.Created, n)
		for i := range created {
			if created[i], err = client.Create(ctx, "crossroads", 1); err != nil {
				b.Fatal(err)
			}
		}
		joining := time.Now()
		gate := make(chan struct{})
		var wg sync.WaitGroup
		for i, c := range created {
			for side, tok := range []string{c.Blue, c.Red} {
				r := rand.New(rand.NewPCG(uint64(i), uint64(side)))
				seat := &scripted{cmds: script[side], start: gate, think: func() time.Duration {
					return think/2 + time.Duration(r.Int64N(int64(think)+1)) // think/2 to 3think/2
				}}
				wg.Add(1)
				go func() {
					defer wg.Done()
					res, err := client.Play(ctx, c.Match, tok, seat)
					if err == nil && *res != *want {
						err = fmt.Errorf("match %s ended %+v, the recorded match %+v", c.Match, *res, *want)
					}
					if err != nil {
						mu.Lock()
						errs = append(errs, err)
						mu.Unlock()
					}
				}()
			}
		}
		failed := func() bool {
			mu.Lock()
			defer mu.Unlock()
			return len(errs) > 0
		}
		for netplay.SeatsJoined(h) < 2*n && ctx.Err() == nil && !failed() {
			time.Sleep(20 * time.Millisecond)
		}
		joined := time.Since(joining)
		load := loadAverage()
		cpu0, timed := processCPU()
		wait0, waited := cpuWait()
		start := time.Now()
		close(gate)
		wg.Wait()
		took := time.Since(start)
		cpu1, _ := processCPU()
		wait1, _ := cpuWait()
		loadAfter := loadAverage()
		cancel()
		ts.Close()
		db.Close()
		if len(trips) == 0 {
			b.Fatal("no command was answered")
		}
		slices.Sort(trips)
		p50, p95, most := trips[len(trips)/2], trips[len(trips)*95/100], trips[len(trips)-1]
		b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(p95.Microseconds())/1000, "p95-ms")
		b.ReportMetric(float64(most.Microseconds())/1000, "max-ms")
		slices.Sort(served)
		sp50, sp95 := served[len(served)/2], served[len(served)*95/100]
		b.ReportMetric(float64(sp95.Microseconds())/1000, "server-p95-ms")
		b.ReportMetric(float64(len(trips)), "commands")
		b.ReportMetric(float64(len(errs)), "errors")
		cpu := "unknown"
		if timed {
			per := (cpu1 - cpu0) / time.Duration(len(trips))
			b.ReportMetric(float64(per.Microseconds())/1000, "cpu-ms/command")
			cpu = per.Round(time.Microsecond).String()
		}
		wait := "unknown"
		if waited {
			// Threads that ended meanwhile take their waits with them:
			// a lower bound.
			share := float64(wait1-wait0) / float64(took)
			b.ReportMetric(share, "cpu-wait-s/s")
			wait = fmt.Sprintf("%.2f s a second", share)
		}
		b.Logf("%s: %d matches at once, all seats joined in %s, then %d commands in %s (%.0f a second), seats thinking %s on average: round trip p50 %s, p95 %s, max %s; in the server p50 %s, p95 %s; the process's CPU %s a command, its threads waiting for a CPU %s; load average %s before, %s after; %d errors",
			dbName, n, joined.Round(time.Millisecond), len(trips), took.Round(time.Millisecond), float64(len(trips))/took.Seconds(), think, p50.Round(time.Microsecond), p95.Round(time.Microsecond), most.Round(time.Microsecond),
			sp50.Round(time.Microsecond), sp95.Round(time.Microsecond), cpu, wait, load, loadAfter, len(errs))
		for i, err := range errs {
			if i == 5 {
				break
			}
			b.Error(err)
		}
	}
}

// benchLog writes the server's log lines to the benchmark's log.
type benchLog struct{ b *testing.B }

func (l benchLog) Write(p []byte) (int, error) { l.b.Log(string(p)); return len(p), nil }

// failLog counts each line a client logs (a command the server refused)
// as an error: the scripted seats give only commands the recorded match
// applied.
type failLog struct {
	mu   *sync.Mutex
	errs *[]error
}

func (l failLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	*l.errs = append(*l.errs, fmt.Errorf("a client: %s", strings.TrimSpace(string(p))))
	return len(p), nil
}

// cpuWait returns how long the process's threads have waited, runnable,
// for a CPU (the second field of Linux's /proc/self/task/*/schedstat,
// summed over the threads alive now), and whether the system tells.
func cpuWait() (time.Duration, bool) {
	tasks, err := filepath.Glob("/proc/self/task/*/schedstat")
	if err != nil || len(tasks) == 0 {
		return 0, false
	}
	var sum time.Duration
	for _, f := range tasks {
		b, err := os.ReadFile(f)
		fields := strings.Fields(string(b))
		if err != nil || len(fields) < 2 {
			continue // the thread ended
		}
		ns, err := strconv.ParseInt(fields[1], 10, 64)
		if err != nil {
			return 0, false
		}
		sum += time.Duration(ns)
	}
	return sum, true
}
