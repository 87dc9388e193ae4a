//go:build !js

package netplay_test

import (
	"context"
	"log"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"sightline/ai"
	"sightline/match"
	"sightline/netplay"
	"sightline/netplay/store"
	"sightline/rules"
)

// throttled is a computer that thinks only while it holds a slot of
// slots: the benchmark's seats are load, not what is measured, so they
// leave the server its share of the CPUs.
type throttled struct {
	c     *ai.Computer
	slots chan struct{}
}

// Next implements match.Controller.
func (t *throttled) Next(v *match.View) rules.Command {
	t.slots <- struct{}{}
	defer func() { <-t.slots }()
	return t.c.Next(v)
}

// BenchmarkServerMatches plays SIGHTLINE_BENCH_MATCHES (default 200)
// computer-vs-computer matches at once, a turn each on crossroads, through
// one server over loopback with SQLite on disk, and reports the p95 and
// the largest round trip of a command (sent to acknowledged) and the
// errors, which must be none. Run it with -benchtime 1x (make
// bench-server).
func BenchmarkServerMatches(b *testing.B) {
	n := 200
	if s := os.Getenv("SIGHTLINE_BENCH_MATCHES"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil || n < 1 {
			b.Fatalf("SIGHTLINE_BENCH_MATCHES=%q: want a positive number", s)
		}
	}
	profile, err := ai.ProfileNamed("normal")
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		var mu sync.Mutex
		db, err := store.OpenSQLite(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		h := netplay.NewHost(db)
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
		slots := make(chan struct{}, max(1, runtime.NumCPU()/2))
		client := &netplay.Client{Base: ts.URL, Reconnect: 10 * time.Second, RoundTrip: func(d time.Duration) {
			mu.Lock()
			trips = append(trips, d)
			mu.Unlock()
		}}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		start := time.Now()
		var wg sync.WaitGroup
		for range n {
			c, err := client.Create(ctx, "crossroads", 1)
			if err != nil {
				b.Fatal(err)
			}
			for _, tok := range []string{c.Blue, c.Red} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, err := client.Play(ctx, c.Match, tok, &throttled{c: ai.NewComputer(profile), slots: slots})
					if err != nil {
						mu.Lock()
						errs = append(errs, err)
						mu.Unlock()
					}
				}()
			}
		}
		wg.Wait()
		took := time.Since(start)
		cancel()
		ts.Close()
		db.Close()
		if len(trips) == 0 {
			b.Fatal("no command was answered")
		}
		slices.Sort(trips)
		p95 := trips[len(trips)*95/100]
		b.ReportMetric(float64(p95.Microseconds())/1000, "p95-ms")
		b.ReportMetric(float64(trips[len(trips)-1].Microseconds())/1000, "max-ms")
		slices.Sort(served)
		sp95 := served[len(served)*95/100]
		b.ReportMetric(float64(sp95.Microseconds())/1000, "server-p95-ms")
		b.ReportMetric(float64(len(trips)), "commands")
		b.ReportMetric(float64(len(errs)), "errors")
		b.Logf("%d matches at once, %d commands in %s: round trip p50 %s, p95 %s, max %s; in the server p50 %s, p95 %s; %d errors",
			n, len(trips), took.Round(time.Millisecond), trips[len(trips)/2], p95, trips[len(trips)-1], served[len(served)/2], sp95, len(errs))
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
