//go:build !js

package netplay_test

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"sightline/ai"
	"sightline/netplay"
	"sightline/netplay/store"
	"sightline/rules"
)

// given is one command of a recorded match: the seat that gave it, its
// sequence number and the command, and as a spec.
type given struct {
	side rules.Side
	seq  int
	cmd  rules.Command
	spec rules.CommandSpec
}

// hostWith returns a Host over s drawing from a fixed seed, so that
// every Host made so plays the same match.
func hostWith(s netplay.Store) *netplay.Host {
	h := netplay.NewHost(s)
	netplay.SetRandom(h, rand.NewChaCha8([32]byte{7}))
	return h
}

// recordMatch plays a match on crossroads with the given turn limit (0:
// the default) between two normal computers through h, each deciding
// from the views its seat received, and returns the commands given, at
// most max, and how the match ended (nil when it had not).
func recordMatch(b *testing.B, h *netplay.Host, turns, max int) ([]given, *netplay.Result) {
	b.Helper()
	ctx := context.Background()
	c, err := h.Create(ctx, "crossroads", turns)
	if err != nil {
		b.Fatal(err)
	}
	var views [2]netplay.Message
	var seats [2]*netplay.Seat
	for side, tok := range []string{c.Blue, c.Red} {
		var keep netplay.Keeper
		seats[side], err = h.Join(ctx, c.Match, tok, func(m netplay.Message) {
			raw, err := m.JSON()
			if err != nil {
				panic(err)
			}
			if m, err = keep.Decode(raw); err != nil {
				panic(err)
			}
			if m.Type == netplay.TypeView {
				views[side] = m
			}
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	p, err := ai.ProfileNamed("normal")
	if err != nil {
		b.Fatal(err)
	}
	cs := [2]*ai.Computer{ai.NewComputer(p), ai.NewComputer(p)}
	var out []given
	for len(out) < max && views[0].Result == nil {
		side := views[0].View.ToMove
		v := views[side]
		cmd := cs[side].Next(v.View)
		spec := rules.SpecOf(cmd)
		if err := seats[side].Submit(ctx, v.Seq, spec); err != nil {
			cmd = rules.EndTurn{} // refused: end the turn, as a client does
			spec = rules.SpecOf(cmd)
			if err := seats[side].Submit(ctx, v.Seq, spec); err != nil {
				b.Fatal(err)
			}
		}
		out = append(out, given{side, v.Seq, cmd, spec})
	}
	return out, views[0].Result
}

// BenchmarkHostCommand measures the server's own work for one command,
// without the network or the computers: a recorded match (up to 300
// commands) is submitted again through a Host, each command checked,
// applied, committed and its messages written as JSON for both seats,
// as many times over as the benchmark asks (an op is one command; making
// the match and seating its two players is not timed). "sqlite" commits
// to a file as the server does, "memory" leaves the database out. Where
// the system tells, cpu-ns/op is the process's CPU time per command,
// which a busy machine disturbs much less than the time on the clock.
func BenchmarkHostCommand(b *testing.B) {
	cmds, _ := recordMatch(b, hostWith(netplay.NewMemoryStore()), 0, 300)
	b.Logf("a match of %d commands", len(cmds))
	for _, db := range []string{"memory", "sqlite"} {
		b.Run(db, func(b *testing.B) {
			ctx := context.Background()
			var s netplay.Store
			var seats [2]*netplay.Seat
			bytes, counting := 0, false
			var cpu time.Duration // the process's, while commands were submitted
			timed := false
			// start makes the match anew and seats its players.
			start := func() {
				if s != nil {
					s.Close()
				}
				s = netplay.NewMemoryStore()
				if db == "sqlite" {
					sq, err := store.OpenSQLite(ctx, filepath.Join(b.TempDir(), "bench.db"))
					if err != nil {
						b.Fatal(err)
					}
					s = sq
				}
				h := hostWith(s)
				c, err := h.Create(ctx, "crossroads", 0)
				if err != nil {
					b.Fatal(err)
				}
				for side, tok := range []string{c.Blue, c.Red} {
					seats[side], err = h.Join(ctx, c.Match, tok, func(m netplay.Message) {
						raw, err := m.JSON() // as the connection writes it
						if err != nil {
							panic(err)
						}
						if counting {
							bytes += len(raw)
						}
					})
					if err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportAllocs()
			k := len(cmds)
			for range b.N {
				if k == len(cmds) {
					b.StopTimer()
					start()
					k = 0
					b.StartTimer()
				}
				g := cmds[k]
				counting = true
				before, _ := processCPU()
				if err := seats[g.side].Submit(ctx, g.seq, g.spec); err != nil {
					b.Fatalf("%s's command %d: %v", g.side, g.seq, err)
				}
				after, ok := processCPU()
				cpu, timed = cpu+after-before, ok
				counting = false
				k++
			}
			b.StopTimer()
			s.Close()
			b.ReportMetric(float64(bytes)/float64(b.N), "bytes-sent/op")
			if timed {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
