package arena

import (
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// battle builds a level from an ASCII board, its units troopers.
func battle(t *testing.T, name, board string) Level {
	t.Helper()
	s := ruletest.Troopers(t, board)
	return Level{Name: name, State: s}
}

// idler only ends its turns.
type idler struct{}

func (idler) Next(*match.View) rules.Command { return rules.EndTurn{} }

// ponderer thinks for two answers (nil, Thinking) before each EndTurn, as
// a computer thinking across frames does.
type ponderer struct{ left int }

func (p *ponderer) Thinking() bool { return p.left > 0 }

func (p *ponderer) Next(*match.View) rules.Command {
	if p.left == 0 {
		p.left = 2
	}
	if p.left--; p.left > 0 {
		return nil
	}
	return rules.EndTurn{}
}

// mute never answers, and is not thinking: a stall.
type mute struct{}

func (mute) Next(*match.View) rules.Command { return nil }

var (
	idle    = Player{"idle", func(uint64) match.Controller { return idler{} }}
	ponder  = Player{"ponder", func(uint64) match.Controller { return &ponderer{} }}
	silent  = Player{"silent", func(uint64) match.Controller { return mute{} }}
	noMaker = Player{Name: "nobody"}
)

// open is a field where both squads see each other from the start.
const open = `
......
.B..R.
......
.B..R.
......
`

// walled: a wall parts the squads; nobody can see or reach the other.
const walled = `
B.#.R
B.#.R
..#..
`

// TestRun: the outcomes of controllers whose play is known, counted from
// the first player's side, by side and by level.
func TestRun(t *testing.T) {
	fields := []Level{battle(t, "open", open), battle(t, "walled", walled)}
	for _, tt := range []struct {
		name       string
		levels     []Level
		a, b       Player
		matches    int
		turns      int
		wantTally  Tally
		wantLevels []Tally
	}{
		{
			name:   "a shooter beats a player that only ends turns, on either side",
			levels: fields[:1], a: Greedy(), b: idle, matches: 4, turns: 20,
			wantTally: Tally{Matches: 4, Wins: 4, WinsAsBlue: 2, WinsAsRed: 2, BlueWins: 2},
		},
		{
			name:   "and loses to it from the other chair",
			levels: fields[:1], a: idle, b: Greedy(), matches: 4, turns: 20,
			wantTally: Tally{Matches: 4, Losses: 4, BlueWins: 2},
		},
		{
			name:   "two idlers draw at the turn limit",
			levels: fields[:1], a: idle, b: idle, matches: 3, turns: 5,
			wantTally: Tally{Matches: 3, Draws: 3},
		},
		{
			name:   "a thinking controller is asked again until it answers",
			levels: fields[:1], a: ponder, b: ponder, matches: 2, turns: 3,
			wantTally: Tally{Matches: 2, Draws: 2},
		},
		{
			name:   "by level: greedy wins in the open and draws behind a wall",
			levels: fields, a: Greedy(), b: idle, matches: 2, turns: 6,
			wantTally:  Tally{Matches: 4, Wins: 2, Draws: 2, WinsAsBlue: 1, WinsAsRed: 1, BlueWins: 1},
			wantLevels: []Tally{{Matches: 2, Wins: 2, WinsAsBlue: 1, WinsAsRed: 1, BlueWins: 1}, {Matches: 2, Draws: 2}},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Run(Config{Levels: tt.levels, Matches: tt.matches, Seed: 7, Turns: tt.turns}, tt.a, tt.b)
			if err != nil {
				t.Fatal(err)
			}
			if have := counts(r.Tally); have != tt.wantTally {
				t.Errorf("have %+v, want %+v", have, tt.wantTally)
			}
			if r.Player != tt.a.Name || r.Opponent != tt.b.Name || len(r.Levels) != len(tt.levels) {
				t.Errorf("players %q, %q and %d level rows; want %q, %q and %d", r.Player, r.Opponent, len(r.Levels), tt.a.Name, tt.b.Name, len(tt.levels))
			}
			for i, want := range tt.wantLevels {
				if have := counts(r.Levels[i].Tally); have != want || r.Levels[i].Level != tt.levels[i].Name {
					t.Errorf("level %d: have %s %+v, want %s %+v", i, r.Levels[i].Level, have, tt.levels[i].Name, want)
				}
			}
			if want := float64(tt.wantTally.Wins) / float64(tt.wantTally.Matches); r.WinRate != want || r.WilsonLow > want+1e-9 || r.WilsonHigh < want-1e-9 {
				t.Errorf("win rate %v in [%v, %v], want %v inside", r.WinRate, r.WilsonLow, r.WilsonHigh, want)
			}
			if tt.wantTally.Draws == tt.wantTally.Matches && r.TurnsPerMatch != float64(tt.turns+1) {
				t.Errorf("drawn matches last %v turns, want the limit %d passed", r.TurnsPerMatch, tt.turns)
			}
		})
	}
}

// counts is a tally's counts without its rates.
func counts(t Tally) Tally {
	return Tally{Matches: t.Matches, Wins: t.Wins, Losses: t.Losses, Draws: t.Draws, WinsAsBlue: t.WinsAsBlue, WinsAsRed: t.WinsAsRed, BlueWins: t.BlueWins}
}

// TestRunMeasuresTheFirstPlayer: its commands, shots and turns are counted,
// and the same seeds give the same outcome and the same commands, however
// many matches play at once.
func TestRunMeasuresTheFirstPlayer(t *testing.T) {
	cfg := Config{Levels: []Level{battle(t, "open", open), battle(t, "walled", walled)}, Matches: 4, Seed: 11, Turns: 10}
	r1, err := Run(cfg, Greedy(), Random())
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 3
	r2, err := Run(cfg, Greedy(), Random())
	if err != nil {
		t.Fatal(err)
	}
	if counts(r1.Tally) != counts(r2.Tally) || r1.TurnsPerMatch != r2.TurnsPerMatch || r1.Shots != r2.Shots || len(r1.Commands) != len(r2.Commands) || r1.IdlePerTurn != r2.IdlePerTurn {
		t.Errorf("the same seeds gave %+v and %+v", r1, r2)
	}
	for i := range r1.Levels {
		if counts(r1.Levels[i].Tally) != counts(r2.Levels[i].Tally) {
			t.Errorf("level %d: the same seeds gave %+v and %+v", i, r1.Levels[i], r2.Levels[i])
		}
	}
	for k, n := range r1.Commands {
		if r2.Commands[k] != n {
			t.Errorf("command %s: %d then %d", k, n, r2.Commands[k])
		}
	}
	if r1.Commands["attack"] == 0 || r1.Commands["end_turn"] == 0 || r1.Shots < r1.Commands["attack"] || r1.Illegal != 0 {
		t.Errorf("greedy's commands %v, shots %d, illegal %d: want attacks, end turns, a shot per attack, none refused", r1.Commands, r1.Shots, r1.Illegal)
	}
	if r1.ThinkMaxMs < r1.ThinkP95ms || r1.ThinkP95ms < r1.ThinkP50ms || r1.ThinkP50ms < 0 {
		t.Errorf("think times p50 %v p95 %v max %v out of order", r1.ThinkP50ms, r1.ThinkP95ms, r1.ThinkMaxMs)
	}
}

// TestRunErrors: a bad configuration or a stalled match is an error that
// says which.
func TestRunErrors(t *testing.T) {
	lv := []Level{battle(t, "open", open)}
	for _, tt := range []struct {
		name string
		cfg  Config
		a, b Player
		want string
	}{
		{"no levels", Config{Matches: 1, Turns: 1}, idle, idle, "at least one level"},
		{"no matches", Config{Levels: lv, Turns: 1}, idle, idle, "at least one level, match and turn"},
		{"no factory", Config{Levels: lv, Matches: 1, Turns: 1}, idle, noMaker, "no controller factory"},
		{"no battle", Config{Levels: []Level{{Name: "void"}}, Matches: 1, Turns: 1}, idle, idle, `level "void" has no battle`},
		{"a stall", Config{Levels: lv, Matches: 1, Seed: 3, Turns: 1}, silent, idle, "open, seed 3: turn 1: Blue's controller gave no command"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Run(tt.cfg, tt.a, tt.b)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}

// TestNamed: the names the command line takes.
func TestNamed(t *testing.T) {
	for _, tt := range []struct{ have, want string }{
		{"random", "random"}, {"greedy", "greedy"}, {"computer:normal", "computer:normal"}, {"computer:easy", "computer:easy"},
		{"chess", `unknown opponent "chess"`}, {"computer:godlike", `unknown opponent "computer:godlike"`},
	} {
		p, err := Named(tt.have)
		have := p.Name
		if err != nil {
			have = err.Error()
		}
		if !strings.HasPrefix(have, tt.want) {
			t.Errorf("Named(%q) = %q, want %q", tt.have, have, tt.want)
		}
	}
}
