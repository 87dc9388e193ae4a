package rules

import (
	"errors"
	"reflect"
	"testing"
)

func TestApplyMove(t *testing.T) {
	s, err := ParseASCII(`
B.........
.........R`)
	if err != nil {
		t.Fatal(err)
	}
	rng := NewRNG(1)
	ev, err := Apply(s, Move{Unit: 1, To: Point{X: 3, Y: 0}}, rng)
	if err != nil {
		t.Fatal(err)
	}
	want := []Event{Moved{Unit: 1, From: Point{X: 0, Y: 0}, Path: []Point{{X: 1, Y: 0}, {X: 2, Y: 0}, {X: 3, Y: 0}}, AP: 1}}
	if !reflect.DeepEqual(ev, want) {
		t.Errorf("events have %#v, want %#v", ev, want)
	}
	u := s.Unit(1)
	if u.Pos != (Point{X: 3, Y: 0}) || u.AP != 2 || u.Facing != East {
		t.Errorf("unit have pos %v AP %d facing %v, want (3,0) 2 East", u.Pos, u.AP, u.Facing)
	}
}

func TestApplyIllegalChangesNothing(t *testing.T) {
	tests := []struct {
		name string
		cmd  Command
		want error
	}{
		{"unknown unit", Move{Unit: 9, To: Point{X: 1, Y: 0}}, ErrUnknownUnit},
		{"other side", Move{Unit: 2, To: Point{X: 8, Y: 1}}, ErrNotYourTurn},
		{"too far", Move{Unit: 1, To: Point{X: 9, Y: 0}}, ErrUnreachable},
		{"into a wall", Move{Unit: 1, To: Point{X: 1, Y: 1}}, ErrUnreachable},
		{"onto a unit", Move{Unit: 1, To: Point{X: 2, Y: 1}}, ErrUnreachable},
		{"nowhere", Move{Unit: 1, To: Point{X: 0, Y: 0}}, ErrUnreachable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseASCII(`
B.........
.#R.......`)
			if err != nil {
				t.Fatal(err)
			}
			s.Unit(1).Speed = 2
			before := *s.Unit(1)
			ev, err := Apply(s, tt.cmd, NewRNG(1))
			if !errors.Is(err, tt.want) {
				t.Fatalf("error have %v, want %v", err, tt.want)
			}
			if ev != nil {
				t.Errorf("events have %v, want none", ev)
			}
			if *s.Unit(1) != before {
				t.Errorf("unit changed: have %+v, want %+v", *s.Unit(1), before)
			}
		})
	}
}

func TestApplyNoAP(t *testing.T) {
	s, err := ParseASCII(`B..R`)
	if err != nil {
		t.Fatal(err)
	}
	s.Unit(1).AP = 0
	if _, err := Apply(s, Move{Unit: 1, To: Point{X: 1, Y: 0}}, NewRNG(1)); !errors.Is(err, ErrNoAP) {
		t.Errorf("have %v, want ErrNoAP", err)
	}
}

func TestEndTurn(t *testing.T) {
	s, err := ParseASCII(`B..R`)
	if err != nil {
		t.Fatal(err)
	}
	rng := NewRNG(1)
	s.Unit(1).AP = 1
	s.Unit(2).AP = 0
	ev, err := Apply(s, EndTurn{}, rng)
	if err != nil {
		t.Fatal(err)
	}
	if want := (TurnEnded{Side: SideBlue, Next: SideRed, Turn: 1}); !reflect.DeepEqual(ev, []Event{want}) {
		t.Errorf("have %v, want %v", ev, want)
	}
	if s.Side != SideRed || s.Unit(2).AP != 3 || s.Unit(1).AP != 1 {
		t.Errorf("after Blue ends: side %v, red AP %d, blue AP %d", s.Side, s.Unit(2).AP, s.Unit(1).AP)
	}
	if _, err := Apply(s, EndTurn{}, rng); err != nil {
		t.Fatal(err)
	}
	if s.Side != SideBlue || s.Turn != 2 || s.Unit(1).AP != 3 {
		t.Errorf("after Red ends: side %v turn %d blue AP %d", s.Side, s.Turn, s.Unit(1).AP)
	}
}

func TestGameOver(t *testing.T) {
	s, err := ParseASCII(`B..R`)
	if err != nil {
		t.Fatal(err)
	}
	s.Unit(2).HP = 0
	if v := s.Verdict(); !v.Over || v.Draw || v.Winner != SideBlue {
		t.Fatalf("verdict have %+v, want Blue won", v)
	}
	if _, err := Apply(s, EndTurn{}, NewRNG(1)); !errors.Is(err, ErrGameOver) {
		t.Errorf("have %v, want ErrGameOver", err)
	}
}

func TestRNGReplay(t *testing.T) {
	a := NewRNG(42)
	for i := 0; i < 10; i++ {
		a.D(20)
	}
	saved, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var b RNG
	if err := b.UnmarshalBinary(saved); err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for i := 0; i < 200; i++ {
		x, y := a.D(20), b.D(20)
		if x != y {
			t.Fatalf("roll %d: restored generator diverged: %d vs %d", i, x, y)
		}
		if x < 1 || x > 20 {
			t.Fatalf("roll %d out of range", x)
		}
		seen[x] = true
	}
	if len(seen) != 20 {
		t.Errorf("200 d20 rolls showed only %d faces", len(seen))
	}
	if NewRNG(1).D(1000000) == NewRNG(2).D(1000000) {
		t.Errorf("different seeds gave the same first roll")
	}
}
