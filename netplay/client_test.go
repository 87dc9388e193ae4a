//go:build !js

package netplay

import (
	"bytes"
	"context"
	"log"
	"strings"
	"sync"
	"testing"
	"time"

	"sightline/match"
	"sightline/rules"
)

// blindShooter is a controller that, while its side has a unit standing,
// orders it to shoot an enemy its side does not see: a command the rules
// refuse on every view it is given. It counts the views it was asked on.
type blindShooter struct {
	mu    sync.Mutex
	asked int
}

// Next implements match.Controller.
func (b *blindShooter) Next(v *match.View) rules.Command {
	b.mu.Lock()
	b.asked++
	b.mu.Unlock()
	var shooter int
	for _, u := range v.Units {
		if u.Side == v.Side && u.Alive() {
			shooter = u.ID
			break
		}
	}
	for id := 1; shooter != 0; id++ {
		if v.Unit(id) == nil {
			return rules.Attack{Unit: shooter, Target: id}
		}
	}
	return rules.EndTurn{}
}

// enders ends every turn at once.
type enders struct{}

// Next implements match.Controller.
func (enders) Next(*match.View) rules.Command { return rules.EndTurn{} }

// A seat whose controller asks, on every view, for a command the server
// refuses does not ask again forever on the same view (which the same
// controller answers the same way): Play logs the refusal, ends the turn
// and the match reaches its turn limit.
func TestClientPlayEndsTheTurnOnARefusedCommand(t *testing.T) {
	_, c := serveProxied(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	made, err := c.Create(ctx, "crossroads", 2)
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	var logMu sync.Mutex
	blue := &Client{Base: c.Base, Log: log.New(&lockedWriter{w: &logged, mu: &logMu}, "", 0)}
	shooter := &blindShooter{}
	red := make(chan error, 1)
	go func() {
		_, err := c.Play(ctx, made.Match, made.Red, enders{})
		red <- err
	}()
	res, err := blue.Play(ctx, made.Match, made.Blue, shooter)
	if err != nil {
		t.Fatalf("Blue's seat: %v (asked %d times)", err, shooter.asked)
	}
	if err := <-red; err != nil {
		t.Fatalf("Red's seat: %v", err)
	}
	if res.Winner != "draw" || res.Turns != 2 {
		t.Errorf("result %+v: want a draw at the turn limit of 2", res)
	}
	if shooter.asked != 2 {
		t.Errorf("the controller was asked %d times, want once a turn (2)", shooter.asked)
	}
	logMu.Lock()
	defer logMu.Unlock()
	lines := strings.Split(strings.TrimSpace(logged.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("logged %q: want a line per refused command (2)", logged.String())
	}
	for _, l := range lines {
		if !strings.Contains(l, "refused blue's attack") || !strings.Contains(l, "ending the turn") {
			t.Errorf("log line %q: want the refused attack and the turn ended", l)
		}
	}
}

// lockedWriter writes to w under mu.
type lockedWriter struct {
	w  *bytes.Buffer
	mu *sync.Mutex
}

// Write implements io.Writer.
func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
