//go:build !js

package netplay

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"sightline/ai"
	"sightline/levels"
	"sightline/match"
	"sightline/rules"
)

// inbox collects the messages sent to one seat, through JSON as a client
// reads them.
type inbox struct {
	mu   sync.Mutex
	msgs []Message
	raw  [][]byte
	keep Keeper
}

func (b *inbox) send(m Message) {
	raw, err := m.JSON() // as the server writes it
	if err != nil {
		panic(err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	got, err := b.keep.Decode(raw)
	if err != nil {
		panic(err)
	}
	b.msgs, b.raw = append(b.msgs, got), append(b.raw, raw)
}

// lastView returns the last view message received.
func (b *inbox) lastView(t *testing.T) Message {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := len(b.msgs) - 1; i >= 0; i-- {
		if b.msgs[i].Type == TypeView {
			return b.msgs[i]
		}
	}
	t.Fatal("no view received")
	return Message{}
}

// computer returns a normal computer.
func computer(t *testing.T) *ai.Computer {
	t.Helper()
	p, err := ai.ProfileNamed("normal")
	if err != nil {
		t.Fatal(err)
	}
	return ai.NewComputer(p)
}

// seated is a match on a Host with both seats joined.
type seated struct {
	h     *Host
	c     Created
	seats [2]*Seat
	in    [2]*inbox
}

// seat creates a match on level and joins both seats.
func seat(t *testing.T, s Store, level string, turns int) *seated {
	t.Helper()
	h := NewHost(s)
	c, err := h.Create(context.Background(), level, turns)
	if err != nil {
		t.Fatal(err)
	}
	return join(t, h, c)
}

// join joins both seats of match c on h.
func join(t *testing.T, h *Host, c Created) *seated {
	t.Helper()
	x := &seated{h: h, c: c}
	for side, tok := range []string{c.Blue, c.Red} {
		x.in[side] = &inbox{}
		st, err := h.Join(context.Background(), c.Match, tok, x.in[side].send)
		if err != nil {
			t.Fatal(err)
		}
		x.seats[side] = st
	}
	return x
}

// play has a computer per side give commands from the views its seat
// received, until the match is over or n commands were applied. It
// returns the result (nil: not over).
func (x *seated) play(t *testing.T, cs [2]*ai.Computer, n int) *Result {
	t.Helper()
	views := [2]*match.View{}
	for i := 0; i < n; i++ {
		var side rules.Side
		var msg Message
		for s := range x.in {
			msg = x.in[s].lastView(t)
			if msg.Result != nil {
				return msg.Result
			}
			if msg.View.ToMove == rules.Side(s) {
				side = rules.Side(s)
				break
			}
		}
		msg = x.in[side].lastView(t)
		v := msg.View
		if views[side] != nil && views[side].Turn == v.Turn && msg.Seq == x.seats[side].g.seqs[side] && sameJSON(views[side], v) {
			v = views[side] // the same view again: the computer knows its last command was refused
		}
		views[side] = v
		cmd := cs[side].Next(v)
		if cmd == nil {
			t.Fatalf("%s's computer gave no command", side)
		}
		err := x.seats[side].Submit(context.Background(), msg.Seq, rules.SpecOf(cmd))
		if r, ok := err.(*Refusal); ok && r.Code == CodeIllegal {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %s: %v", side, cmd.CommandName(), err)
		}
	}
	return x.in[0].lastView(t).Result
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// Two computers play a whole match through a Host, each from the views
// and events its seat received: the match ends, its replay verifies, and
// no message to either seat carries the seed.
func TestHostPlaysAMatchToItsEnd(t *testing.T) {
	x := seat(t, NewMemoryStore(), "crossroads", 3)
	r := x.play(t, [2]*ai.Computer{computer(t), computer(t)}, 2000)
	if r == nil {
		t.Fatal("the match did not end")
	}
	for side, in := range x.in {
		if res := in.lastView(t).Result; res == nil || *res != *r {
			t.Errorf("side %d's last view says %+v, want %+v", side, res, r)
		}
	}
	g := x.seats[0].g
	if r.End != g.m.Hash() {
		t.Errorf("result's end %s, the match's hash %s", r.End, g.m.Hash())
	}
	seed := strconv.FormatUint(g.rec.Seed, 10)
	for side, in := range x.in {
		for _, raw := range in.raw {
			if strings.Contains(string(raw), seed) {
				t.Fatalf("a message to side %d holds the seed %s", side, seed)
			}
		}
	}
	rp, err := x.h.Replay(context.Background(), x.c.Match)
	if err != nil {
		t.Fatal(err)
	}
	lv, err := levels.Load(levels.Embedded(), "maps/crossroads.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rp.Play(lv.State); err != nil {
		t.Errorf("the served replay does not verify: %v", err)
	}
	if len(rp.Commands) != len(g.m.Log()) || len(rp.Commands) < 4 {
		t.Errorf("replay of %d commands, the match applied %d", len(rp.Commands), len(g.m.Log()))
	}
}

// A match served by a new Host over the same store (a restarted server)
// is the same match: same views, same sequence numbers, and it plays on
// to its end.
func TestHostRebuildsAMatchFromTheStore(t *testing.T) {
	s := NewMemoryStore()
	x := seat(t, s, "crossroads", 3)
	cs := [2]*ai.Computer{computer(t), computer(t)}
	if r := x.play(t, cs, 12); r != nil {
		t.Fatal("the match ended before the restart: play fewer commands")
	}
	y := join(t, NewHost(s), x.c)
	for side := range x.in {
		have, want := y.in[side].lastView(t), x.in[side].lastView(t)
		if !sameJSON(have, want) {
			t.Errorf("side %d: the rebuilt match's view differs from the served one", side)
		}
	}
	if y.seats[0].g.m.Hash() != x.seats[0].g.m.Hash() {
		t.Error("the rebuilt match's hash differs")
	}
	if r := y.play(t, cs, 2000); r == nil {
		t.Error("the rebuilt match did not end")
	}
}

// Every refused command changes nothing: the stored commands, the match's
// hash and the seat's sequence stay as they were, and the refusal names
// its reason.
func TestHostRefusesBadCommands(t *testing.T) {
	ctx := context.Background()
	s := NewMemoryStore()
	x := seat(t, s, "crossroads", 3)
	g := x.seats[0].g
	var blueUnit, redUnit int
	for _, u := range g.m.State().Units {
		if u.Side == rules.SideBlue && blueUnit == 0 {
			blueUnit = u.ID
		}
		if u.Side == rules.SideRed && redUnit == 0 {
			redUnit = u.ID
		}
	}
	if _, err := x.h.Join(ctx, x.c.Match, "0123456789abcdef0123456789abcdef", (&inbox{}).send); code(err) != CodeToken {
		t.Errorf("a wrong token: %v, want code %s", err, CodeToken)
	}
	other, err := x.h.Create(ctx, "crossroads", 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := x.h.Join(ctx, x.c.Match, other.Blue, (&inbox{}).send); code(err) != CodeToken {
		t.Errorf("another match's token: %v, want code %s", err, CodeToken)
	}
	// Blue applies one command, so a sequence can be replayed.
	if err := x.seats[0].Submit(ctx, 0, rules.SpecOf(rules.ChangeStance{Unit: blueUnit, To: rules.Crouched})); err != nil {
		t.Fatal(err)
	}
	hash, seq := g.m.Hash(), g.seqs
	for _, tc := range []struct {
		name string
		side rules.Side
		seq  int
		spec rules.CommandSpec
		want string
	}{
		{"replayed", rules.SideBlue, 0, rules.SpecOf(rules.EndTurn{}), CodeReplayed},
		{"ahead", rules.SideBlue, 5, rules.SpecOf(rules.EndTurn{}), CodeSequence},
		{"out of turn", rules.SideRed, 0, rules.SpecOf(rules.EndTurn{}), CodeOutOfTurn},
		{"other side's unit", rules.SideBlue, 1, rules.SpecOf(rules.TakeCover{Unit: redUnit}), CodeOtherSide},
		{"unknown command", rules.SideBlue, 1, rules.CommandSpec{Do: "teleport", Unit: blueUnit}, CodeIllegal},
		{"illegal", rules.SideBlue, 1, rules.SpecOf(rules.Move{Unit: blueUnit, To: rules.Point{X: -5, Y: -5}}), CodeIllegal},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := x.seats[tc.side].Submit(ctx, tc.seq, tc.spec)
			if code(err) != tc.want {
				t.Errorf("error %v, want code %s", err, tc.want)
			}
			if g.m.Hash() != hash || g.seqs != seq {
				t.Error("the refused command changed the match")
			}
			if cs, err := s.Commands(ctx, x.c.Match); err != nil || len(cs) != 1 {
				t.Errorf("%d commands stored (%v), want 1", len(cs), err)
			}
		})
	}
}

// A client's messages are read strictly: another version, an unknown
// field or type, or a server's field is refused with its code.
func TestDecodeClient(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"hello", `{"v":3,"type":"hello","match":"m","seat":"s"}`, ""},
		{"command", `{"v":3,"type":"command","seq":3,"command":{"do":"end_turn"}}`, ""},
		{"version", `{"v":1,"type":"hello","match":"m","seat":"s"}`, CodeVersion},
		{"unknown field", `{"v":3,"type":"hello","match":"m","seat":"s","x":1}`, CodeMalformed},
		{"unknown type", `{"v":3,"type":"view"}`, CodeMalformed},
		{"server field", `{"v":3,"type":"command","seq":0,"command":{"do":"end_turn"},"ack":true}`, CodeMalformed},
		{"hello without seat", `{"v":3,"type":"hello","match":"m"}`, CodeMalformed},
		{"negative seq", `{"v":3,"type":"command","seq":-1,"command":{"do":"end_turn"}}`, CodeMalformed},
		{"two values", `{"v":3,"type":"hello","match":"m","seat":"s"} {}`, CodeMalformed},
		{"kept", `{"v":3,"type":"hello","match":"m","seat":"s","kept":true}`, CodeMalformed},
		{"kept obstacles", `{"v":3,"type":"hello","match":"m","seat":"s","keptObstacles":true}`, CodeMalformed},
		{"not json", `hello`, CodeMalformed},
		{"too large", `{"v":3,"type":"hello","match":"` + strings.Repeat("m", MaxClientMessage) + `","seat":"s"}`, CodeTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeClient([]byte(tc.in))
			if code(err) != tc.want {
				t.Errorf("error %v, want code %q", err, tc.want)
			}
		})
	}
}

// Two servers over one store (PostgreSQL behind a load balancer): a
// command stored by one makes the other's next command stale, refused
// and not stored, and the other then serves the match as stored.
func TestHostsSharingAStoreNeverApplyTwice(t *testing.T) {
	ctx := context.Background()
	s := NewMemoryStore()
	a := seat(t, s, "crossroads", 3)
	var blue int
	for _, u := range a.seats[0].g.m.State().Units {
		if u.Side == rules.SideBlue {
			blue = u.ID
			break
		}
	}
	if err := a.seats[0].Submit(ctx, 0, rules.SpecOf(rules.ChangeStance{Unit: blue, To: rules.Crouched})); err != nil {
		t.Fatal(err)
	}
	b := join(t, NewHost(s), a.c)
	if err := b.seats[0].Submit(ctx, 1, rules.SpecOf(rules.ChangeStance{Unit: blue, To: rules.Prone})); err != nil {
		t.Fatal(err)
	}
	if err := a.seats[0].Submit(ctx, 1, rules.SpecOf(rules.EndTurn{})); code(err) != CodeStale {
		t.Fatalf("the first server's command on its stale match: %v, want code %s", err, CodeStale)
	}
	if cs, err := s.Commands(ctx, a.c.Match); err != nil || len(cs) != 2 {
		t.Fatalf("%d commands stored (%v), want 2", len(cs), err)
	}
	again := join(t, a.h, a.c)
	if have, want := again.seats[0].g.m.Hash(), b.seats[0].g.m.Hash(); have != want {
		t.Errorf("the first server rebuilt the match as %s, the second serves %s", have, want)
	}
	if !sameJSON(again.in[0].lastView(t), b.in[0].lastView(t)) {
		t.Error("the two servers show Blue different views")
	}
}

// A command naming a unit Blue does not see is refused in the same words
// as one naming no unit at all: the refusal tells neither that the hidden
// unit exists nor its name, tile or the number of units in the battle.
func TestHostRefusalsTellNothingOfUnseenUnits(t *testing.T) {
	ctx := context.Background()
	x := seat(t, NewMemoryStore(), "crossroads", 3)
	g := x.seats[0].g
	st := g.m.State()
	blue, hidden := 0, (*rules.Unit)(nil)
	for _, u := range st.Units {
		switch {
		case u.Side == rules.SideBlue && blue == 0:
			blue = u.ID
		case u.Side == rules.SideRed && hidden == nil && g.m.View(rules.SideBlue).Unit(u.ID) == nil:
			hidden = u
		}
	}
	if blue == 0 || hidden == nil {
		t.Fatal("test level: want a Blue unit and a Red unit Blue does not see")
	}
	none := len(st.Units) + 7
	hash := g.m.Hash()
	for _, tc := range []struct {
		name string
		spec func(id int) rules.CommandSpec
	}{
		{"attack", func(id int) rules.CommandSpec { return rules.SpecOf(rules.Attack{Unit: blue, Target: id}) }},
		{"charge", func(id int) rules.CommandSpec { return rules.SpecOf(rules.Charge{Unit: blue, Target: id}) }},
		{"order", func(id int) rules.CommandSpec { return rules.SpecOf(rules.TakeCover{Unit: id}) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			words := func(id int) (string, string) {
				err := x.seats[0].Submit(ctx, 0, tc.spec(id))
				if err == nil {
					t.Fatalf("a command naming unit %d was applied", id)
				}
				return code(err), strings.ReplaceAll(err.Error(), strconv.Itoa(id), "N")
			}
			hc, hw := words(hidden.ID)
			nc, nw := words(none)
			if hc != nc || hw != nw {
				t.Errorf("unseen unit: %s %q; no unit: %s %q: want the same", hc, hw, nc, nw)
			}
			for _, leak := range []string{hidden.Name, strconv.Itoa(len(st.Units)), fmt.Sprintf("%d,%d", hidden.Pos.X, hidden.Pos.Y)} {
				if strings.Contains(hw, leak) {
					t.Errorf("the refusal %q names %q", hw, leak)
				}
			}
		})
	}
	if g.m.Hash() != hash {
		t.Error("a refused command changed the match")
	}
}

// A match's spectator link sees nothing of it while it is played (no
// turn, no side to move, no replay, no seat), then its whole replay; with
// the "progress" setting it sees the turn and the side to move meanwhile.
func TestHostSpectatorSeesTheMatchOnceItEnds(t *testing.T) {
	ctx := context.Background()
	s := NewMemoryStore()
	x := seat(t, s, "crossroads", 1)
	spec := x.c.Spectator
	if len(spec) != 32 || spec == x.c.Blue || spec == x.c.Red {
		t.Fatalf("spectator token %q: want 128 bits of its own", spec)
	}
	if _, err := x.h.Join(ctx, x.c.Match, spec, (&inbox{}).send); code(err) != CodeToken {
		t.Errorf("the spectator token took a seat: %v", err)
	}
	if _, err := x.h.Spectate(ctx, x.c.Match, spec); code(err) != CodeOver {
		t.Errorf("a match in progress was shown to its spectator: %v, want code %s", err, CodeOver)
	}
	if _, err := x.h.Spectate(ctx, x.c.Match, x.c.Blue); code(err) != CodeToken {
		t.Errorf("a seat's token opened the spectator link: %v", err)
	}
	st, err := x.h.Status(ctx, spec)
	if want := (Status{Match: x.c.Match, Side: "spectator", Level: "crossroads", Turns: 1}); err != nil || st != want {
		t.Errorf("the spectator's status in progress: %+v, %v; want %+v", st, err, want)
	}
	if r := x.play(t, [2]*ai.Computer{computer(t), computer(t)}, 200); r == nil {
		t.Fatal("the one-turn match did not end")
	}
	rp, err := x.h.Spectate(ctx, x.c.Match, spec)
	if err != nil {
		t.Fatalf("the spectator of a finished match: %v", err)
	}
	if n := len(x.seats[0].g.m.Log()); len(rp.Commands) != n {
		t.Errorf("the spectator's replay holds %d commands, want all %d", len(rp.Commands), n)
	}
	for _, tok := range []string{x.c.Blue, x.c.Red, spec} {
		if rp, err := x.h.ReplayFor(ctx, x.c.Match, tok); err != nil || len(rp.Commands) != len(x.seats[0].g.m.Log()) {
			t.Errorf("the replay for a token of the finished match: %v", err)
		}
	}

	live, err := x.h.CreateMatch(ctx, NewMatch{Level: "crossroads", Spectate: SpectateProgress})
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range []string{"", "nope", live.Blue, live.Spectator} {
		if _, err := x.h.ReplayFor(ctx, x.c.Match, tok); code(err) != CodeToken {
			t.Errorf("the replay for token %q, not the finished match's: %v, want code %s", tok, err, CodeToken)
		}
	}
	if st, err := x.h.Status(ctx, spec); err != nil || st.Winner == "" || st.Turn == 0 {
		t.Errorf("the spectator's status at the end: %+v, %v; want the turn and the winner", st, err)
	}
	if st, err := x.h.Status(ctx, live.Spectator); err != nil || st.Turn != 1 || st.ToMove != "blue" {
		t.Errorf("a progress spectator's status: %+v, %v; want turn 1, blue to move", st, err)
	}
	if _, err := x.h.Spectate(ctx, live.Match, live.Spectator); code(err) != CodeOver {
		t.Errorf("a match in progress gave its replay to a progress spectator: %v", err)
	}
	if _, err := x.h.CreateMatch(ctx, NewMatch{Level: "crossroads", Spectate: "always"}); code(err) != CodeMalformed {
		t.Errorf("an unknown spectate setting: %v, want code %s", err, CodeMalformed)
	}
}

// A seat gets the map tiles and data tables with its first view only,
// and the obstacles only when they changed: the later views leave them
// out, are much smaller, and every view put back by a Keeper equals the
// side's whole view when it was sent; a new connection gets them again.
func TestHostSendsTheMapOncePerConnection(t *testing.T) {
	x := seat(t, NewMemoryStore(), "crossroads", 3)
	in := &inbox{}
	var want [][]byte // Blue's whole view at each view message
	_, err := x.h.Join(context.Background(), x.c.Match, x.c.Blue, func(m Message) {
		if m.Type == TypeView {
			b, err := json.Marshal(x.seats[0].g.m.View(rules.SideBlue))
			if err != nil {
				panic(err)
			}
			want = append(want, b)
		}
		in.send(m)
	})
	if err != nil {
		t.Fatal(err)
	}
	if r := x.play(t, [2]*ai.Computer{computer(t), computer(t)}, 12); r != nil {
		t.Fatal("the match ended in 12 commands")
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	var whole, kept []int
	obstacles := [2]int{} // views that held their obstacles, that kept them
	k := 0
	for i, m := range in.msgs {
		if m.Type != TypeView {
			continue
		}
		var sent struct {
			Kept, KeptObstacles bool
			View                struct{ Tiles, Data, Obstacles json.RawMessage }
		}
		if err := json.Unmarshal(in.raw[i], &sent); err != nil {
			t.Fatal(err)
		}
		if sent.Kept {
			kept = append(kept, len(in.raw[i]))
			if string(sent.View.Tiles) != "null" || string(sent.View.Data) != "null" {
				t.Error("a kept view carries the map")
			}
		} else {
			whole = append(whole, len(in.raw[i]))
		}
		if sent.KeptObstacles {
			obstacles[1]++
			if string(sent.View.Obstacles) != "null" {
				t.Error("a view that keeps its obstacles carries them")
			}
		} else {
			obstacles[0]++
		}
		if got, _ := json.Marshal(m.View); !bytes.Equal(got, want[k]) {
			t.Errorf("view %d put back together is not Blue's view when it was sent", k)
		}
		k++
	}
	if len(whole) != 1 || len(kept) == 0 {
		t.Fatalf("%d whole views and %d kept: want the first whole, the rest kept", len(whole), len(kept))
	}
	if obstacles[0] == 0 || obstacles[1] == 0 {
		t.Errorf("%d views held their obstacles and %d kept them: want some of each", obstacles[0], obstacles[1])
	}
	for _, n := range kept {
		if n*5 > whole[0]*3 { // the map and the tables are half of it
			t.Errorf("a kept view of %d bytes: the whole one is %d", n, whole[0])
		}
	}
	again := &inbox{}
	if _, err := x.h.Join(context.Background(), x.c.Match, x.c.Blue, again.send); err != nil {
		t.Fatal(err)
	}
	var first Message
	if err := json.Unmarshal(again.raw[len(again.raw)-1], &first); err != nil || first.Kept || first.KeptObstacles || first.View == nil || first.View.Obstacles == nil {
		t.Errorf("a new connection's first view: kept %v, obstacles kept %v, %v: want the map and the obstacles", first.Kept, first.KeptObstacles, err)
	}
}

// A Keeper refuses a view that leaves out what no earlier view on the
// connection gave it, or that carries what it says it leaves out.
func TestKeeperRefusesWhatItCannotFill(t *testing.T) {
	x := seat(t, NewMemoryStore(), "crossroads", 3)
	whole := x.in[0].raw[len(x.in[0].raw)-1]
	// edit returns the whole view message with its view's fields and its
	// own set as given (null for nil).
	edit := func(view map[string]any, msg map[string]any) []byte {
		var m map[string]any
		if err := json.Unmarshal(whole, &m); err != nil {
			t.Fatal(err)
		}
		v := m["view"].(map[string]any)
		maps.Copy(v, view)
		maps.Copy(m, msg)
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, tc := range []struct {
		name  string
		first bool // a whole view is read first
		msg   []byte
		want  string // "" for none
	}{
		{"whole", false, whole, ""},
		{"map left out first", false, edit(map[string]any{"Tiles": nil, "Data": nil}, map[string]any{"kept": true}), "map out before"},
		{"obstacles left out first", false, edit(map[string]any{"Obstacles": nil}, map[string]any{"keptObstacles": true}), "obstacles out before"},
		{"map left out", true, edit(map[string]any{"Tiles": nil, "Data": nil}, map[string]any{"kept": true}), ""},
		{"obstacles left out", true, edit(map[string]any{"Obstacles": nil}, map[string]any{"keptObstacles": true}), ""},
		{"kept with a map", true, edit(nil, map[string]any{"kept": true}), "holds a map"},
		{"kept with obstacles", true, edit(nil, map[string]any{"keptObstacles": true}), "holds some"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var k Keeper
			if tc.first {
				if _, err := k.Decode(whole); err != nil {
					t.Fatal(err)
				}
			}
			m, err := k.Decode(tc.msg)
			switch {
			case tc.want != "":
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v, want one saying %q", err, tc.want)
				}
			case err != nil:
				t.Fatal(err)
			case m.Kept || m.KeptObstacles || !sameJSON(m.View, x.seats[0].g.m.View(rules.SideBlue)):
				t.Error("the view put back together is not Blue's view")
			}
		})
	}
}

// Two obstacles that differ in any one field are not the same: a view
// keeps no obstacles that changed.
func TestSameObstacleComparesEveryField(t *testing.T) {
	base := rules.Obstacle{ID: 3, Name: "wall", Shape: rules.RectShape(0, 0, 32, 16)}
	var paths [][]int // the index paths of the leaf fields
	var walk func(reflect.Type, []int)
	walk = func(typ reflect.Type, at []int) {
		for i := range typ.NumField() {
			p := append(slices.Clone(at), i)
			if f := typ.Field(i); f.Type.Kind() == reflect.Struct {
				walk(f.Type, p)
			} else {
				paths = append(paths, p)
			}
		}
	}
	walk(reflect.TypeOf(base), nil)
	for _, p := range paths {
		changed := base
		changed.Shape.Points = slices.Clone(base.Shape.Points)
		f := reflect.ValueOf(&changed).Elem().FieldByIndex(p)
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		case reflect.Float64:
			f.SetFloat(f.Float() + 1)
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Slice:
			f.Set(reflect.Append(f, reflect.Zero(f.Type().Elem())))
		default:
			t.Fatalf("field %v: a %s, which this test cannot change", reflect.TypeOf(base).FieldByIndex(p).Name, f.Kind())
		}
		name := reflect.TypeOf(base).FieldByIndex(p).Name
		if sameObstacle(base, changed) || sameObstacles([]rules.Obstacle{base}, []rules.Obstacle{changed}) {
			t.Errorf("obstacles differing in %s (%v) are the same", name, p)
		}
	}
	if !sameObstacle(base, cloneObstacles([]rules.Obstacle{base})[0]) {
		t.Error("an obstacle and its copy differ")
	}
	if len(paths) < 15 {
		t.Errorf("%d fields changed: the walk missed some", len(paths))
	}
}

// A match whose last units of both sides fell together ends as a draw,
// with the rules' reason; at the turn limit a draw says none.
func TestHostCallsBothSidesDownADraw(t *testing.T) {
	x := seat(t, NewMemoryStore(), "crossroads", 3)
	g := x.seats[0].g
	if r := g.result(); r != nil {
		t.Fatalf("a new match has a result: %+v", r)
	}
	for _, u := range g.m.State().Units {
		u.HP = 0
	}
	want := Result{Winner: "draw", Turns: 1, End: g.m.Hash(), Why: rules.DrawWhy}
	if r := g.result(); r == nil || *r != want {
		t.Errorf("both sides down: result %+v, want %+v", r, want)
	}
	if err := x.seats[0].Submit(context.Background(), 0, rules.SpecOf(rules.EndTurn{})); err == nil {
		t.Error("a command was taken after the draw")
	}
}
