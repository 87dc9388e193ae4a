package match

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"sightline/internal/mapgen"
	"sightline/internal/ruletest"
	"sightline/rules"
)

// asFormat1 returns r with the digests a build before digest format 2
// wrote: the start, every turn's end and the end, of format 1.
func asFormat1(t *testing.T, r *Replay, start *rules.State) *Replay {
	t.Helper()
	m := New(start.Clone(), r.Seed)
	old := *r
	old.Format, old.Start, old.Turns = 1, m.HashOf(1), []string{}
	for _, spec := range r.Commands {
		c, err := spec.Command(m.state)
		if err != nil {
			t.Fatal(err)
		}
		apply(t, m, c)
		if isEndTurn(c) {
			old.Turns = append(old.Turns, m.HashOf(1))
		}
	}
	old.End = m.HashOf(1)
	return &old
}

// wallBattle returns the start of a three-turn battle on wallMap and the
// battle as this build records it and as a build of format 1 did.
func wallBattle(t *testing.T) (start *rules.State, now, old *Replay) {
	t.Helper()
	start = ruletest.Troopers(t, wallMap)
	cmds := []rules.Command{rules.Attack{Unit: 1, Target: 3}, rules.EndTurn{}, rules.Attack{Unit: 3, Target: 1}, rules.EndTurn{},
		rules.Move{Unit: 1, To: rules.Point{X: 1, Y: 3}}, rules.EndTurn{}}
	m, err := Rebuild(start.Clone(), 42, cmds)
	if err != nil {
		t.Fatal(err)
	}
	now = m.Record(LevelRef{Name: "wall"}, [2]string{"human", "human"})
	return start, now, asFormat1(t, now, start)
}

// A file of format 1 is verified with the digests of format 1, turn by
// turn; each format's digests fail under the other's number; and a match
// re-played from a format-1 file records itself in this build's format,
// with the digests a battle played here would have.
func TestFormat1FilesVerify(t *testing.T) {
	start, now, old := wallBattle(t)
	if now.Format != ReplayFormat || ReplayFormat == 1 || old.Start == now.Start || old.End == now.End || len(old.Turns) != 3 {
		t.Fatalf("format %d: the digests of format 1 and %d do not differ (start %s / %s)", now.Format, ReplayFormat, old.Start, now.Start)
	}
	for _, r := range []*Replay{now, old} {
		p, err := r.Play(start.Clone())
		if err != nil {
			t.Fatalf("format %d: %v", r.Format, err)
		}
		again := p.Record(now.Level, now.Sides)
		if again.Format != ReplayFormat || again.Start != now.Start || again.End != now.End || !slices.Equal(again.Turns, now.Turns) {
			t.Errorf("re-played from format %d, recorded as format %d with other digests", r.Format, again.Format)
		}
	}
	edits := []struct {
		name   string
		change func(r *Replay)
		says   string
	}{
		{"a turn's digest", func(r *Replay) { r.Turns[1] = strings.Repeat("0", 64) }, "commands[3]: Red's turn 1: the state at its end differs"},
		{"the start", func(r *Replay) { r.Start = strings.Repeat("0", 64) }, "before the first command"},
		{"the end", func(r *Replay) { r.End = strings.Repeat("0", 64) }, "the state after the last command differs"},
		{"format 2's digests", func(r *Replay) { r.Start, r.Turns, r.End = now.Start, now.Turns, now.End }, "before the first command"},
	}
	for _, e := range edits {
		r := *old
		r.Turns = slices.Clone(old.Turns)
		e.change(&r)
		if _, err := r.Play(start.Clone()); !errors.Is(err, ErrDiverged) || !strings.Contains(err.Error(), e.says) {
			t.Errorf("format 1, %s changed: %v; want it to diverge saying %q", e.name, err, e.says)
		}
	}
	r := *now
	r.Start, r.Turns, r.End = old.Start, old.Turns, old.End
	if _, err := r.Play(start.Clone()); !errors.Is(err, ErrDiverged) {
		t.Errorf("format %d with format 1's digests: %v; want it to diverge", ReplayFormat, err)
	}
}

// A format-1 file whose digests would hash more than the bound (its
// turns, start and end, each the starting state's JSON) is refused before
// anything is re-played, naming the format, the turns, the board and the
// bound; one at the bound is re-played and verified; the bound does not
// apply to this build's format.
func TestFormat1FilesAreBounded(t *testing.T) {
	start, now, old := wallBattle(t)
	at := int64(len(old.Turns)+2) * start.Clone().HashFormat1Size()
	p, err := old.playback(start.Clone(), nil, at)
	for err == nil && !p.Done() {
		err = p.Step()
	}
	if err == nil {
		err = p.Finish()
	}
	if err != nil {
		t.Errorf("format 1 at the bound (%d bytes): %v", at, err)
	}
	_, err = old.playback(start.Clone(), nil, at-1)
	want := "format 1, 3 turns on 11×5 tiles: its digests would hash"
	if !errors.Is(err, ErrTooLong) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "format 2") {
		t.Errorf("format 1 a byte over the bound: %v; want ErrTooLong saying %q", err, want)
	}
	if _, err := now.playback(start.Clone(), nil, 1); err != nil {
		t.Errorf("format %d over format 1's bound: %v", ReplayFormat, err)
	}
}

// MaxFormat1Bytes lets a format-1 file hold every turn up to 64×64
// tiles and about 98 on 256×256: a file of the most turns the bound
// allows there passes the checks before the re-play (its start verified),
// read as a file; one turn more is refused.
func TestFormat1BoundOnTheLargestBoard(t *testing.T) {
	if testing.Short() { // the emulated lanes: 6 MB of JSON a state, thrice
		t.Skip("the largest boards' JSON, in -short")
	}
	big := ruletest.Troopers(t, mapgen.ASCII(64, 64, 64, 7))
	if n := int64(MaxTurns+2) * big.HashFormat1Size(); n > MaxFormat1Bytes {
		t.Errorf("64×64: %d turns hash %d bytes, over MaxFormat1Bytes", MaxTurns, n)
	}
	huge := ruletest.Troopers(t, mapgen.ASCII(256, 256, 2, 7))
	per := huge.HashFormat1Size()
	most := int(MaxFormat1Bytes/per) - 2
	if most < 80 || most > 120 {
		t.Errorf("256×256: %d turns within MaxFormat1Bytes (%d bytes a turn), want about 98", most, per)
	}
	file := func(turns int) *Replay {
		r := &Replay{Format: 1, Game: "0.4.0", Level: LevelRef{Name: "huge", File: "maps/huge.tmx", Sources: []Source{{Path: "maps/huge.tmx", SHA256: strings.Repeat("0", 64)}}},
			Data: DataHash(huge), Seed: 3, Sides: [2]string{"human", "human"}, Start: New(huge.Clone(), 3).HashOf(1),
			Commands: []rules.CommandSpec{}, Turns: []string{}, End: strings.Repeat("0", 64)}
		for range turns {
			r.Commands = append(r.Commands, rules.SpecOf(rules.EndTurn{}))
			r.Turns = append(r.Turns, strings.Repeat("0", 64))
		}
		var b strings.Builder
		if err := r.Write(&b); err != nil {
			t.Fatal(err)
		}
		back, err := ReadReplay(strings.NewReader(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		return back
	}
	if _, err := file(most).Playback(huge.Clone(), nil); err != nil {
		t.Errorf("256×256, %d turns: %v", most, err)
	}
	_, err := file(most+1).Playback(huge.Clone(), nil)
	want := fmt.Sprintf("format 1, %d turns on 256×256 tiles: its digests would hash", most+1)
	if !errors.Is(err, ErrTooLong) || !strings.Contains(err.Error(), want) {
		t.Errorf("256×256, %d turns: %v; want ErrTooLong saying %q", most+1, err, want)
	}
	t.Log(err)
}
