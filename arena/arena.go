package arena

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"sightline/ai"
	"sightline/match"
	"sightline/rules"
)

// Player is a controller under measurement: a name for the tables and a
// factory that makes a fresh controller for each match, given the match's
// seed (a controller that draws dice seeds its generator with it).
type Player struct {
	Name string
	New  func(seed uint64) match.Controller
}

// Level is a battle the arena plays: a name for the tables and the state
// each match starts from (cloned, never changed).
type Level struct {
	Name  string
	State *rules.State
}

// Config says what a Run plays: Matches seeded matches on each level,
// seeds Seed to Seed+Matches-1, the first player taking Blue in the even
// ones and Red in the odd ones (Blue moves first); a match still on after
// turn Turns is a draw, as is one whose last units of both sides fell
// together.
type Config struct {
	Levels  []Level
	Matches int
	Seed    uint64
	Turns   int
	// Workers is how many matches are played at once (at most 1: one
	// after the other). The figures are the same however many play,
	// but for the think times, which other matches beside slow down.
	Workers int
}

// Tally counts the outcomes of a set of matches, from the first player's
// side: its wins, losses and draws, its wins by side, and how often Blue
// (whoever played it) won.
type Tally struct {
	Matches int `json:"matches"`
	Wins    int `json:"wins"`
	Losses  int `json:"losses"`
	Draws   int `json:"draws"`
	// WinsAsBlue and WinsAsRed split the wins by the first player's side
	// (Blue moves first); it plays each in half the matches.
	WinsAsBlue int `json:"winsAsBlue"`
	WinsAsRed  int `json:"winsAsRed"`
	// BlueWins counts the matches Blue won, whichever player had it: a
	// level's balance when both players are the same.
	BlueWins   int     `json:"blueWins"`
	WinRate    float64 `json:"winRate"`
	WilsonLow  float64 `json:"wilsonLow"`
	WilsonHigh float64 `json:"wilsonHigh"`
	// TurnsPerMatch is the mean of the turn each match ended on.
	TurnsPerMatch float64 `json:"turnsPerMatch"`

	turns int
}

// LevelResult is the tally on one level.
type LevelResult struct {
	Level string `json:"level"`
	Tally
}

// Result is what a Run measures, the first player against the second.
type Result struct {
	Player   string `json:"player"`
	Opponent string `json:"opponent"`
	Tally
	// ThinkP50ms, ThinkP95ms and ThinkMaxMs are percentiles of the first
	// player's think time in a turn, its answers from the turn's first to
	// its EndTurn; UnitThinkP95ms the 95th percentile of that divided by
	// its side's living units.
	ThinkP50ms     float64 `json:"thinkP50ms"`
	ThinkP95ms     float64 `json:"thinkP95ms"`
	ThinkMaxMs     float64 `json:"thinkMaxMs"`
	UnitThinkP95ms float64 `json:"unitThinkP95ms"`
	// IdlePerTurn is the mean count of the first player's units that
	// spent no AP and are not on overwatch when it ends a turn.
	IdlePerTurn float64 `json:"idlePerTurn"`
	// Shots counts its firing commands, LowShots those with no roll at
	// 20% or more, Illegal its commands the rules refused.
	Shots    int `json:"shots"`
	LowShots int `json:"lowShots"`
	Illegal  int `json:"illegal"`
	// Commands counts its accepted commands by name (an attack on cover
	// is attack_cover).
	Commands map[string]int `json:"commands"`
	// Levels is the tally on each level, in the order of Config.Levels.
	Levels []LevelResult `json:"levels,omitempty"`

	idle, turns          int
	turnThink, unitThink []float64
}

// Run plays a against b as Config says and returns the result from a's
// side. It stops with an error naming the level and seed when a match
// stalls (a controller gives no command or never ends) or runs on past
// its turn limit.
func Run(cfg Config, a, b Player) (Result, error) {
	if cfg.Matches < 1 || cfg.Turns < 1 || len(cfg.Levels) == 0 {
		return Result{}, fmt.Errorf("arena: want at least one level, match and turn (got %d, %d, %d)", len(cfg.Levels), cfg.Matches, cfg.Turns)
	}
	if a.New == nil || b.New == nil {
		return Result{}, errors.New("arena: a player has no controller factory")
	}
	r := Result{Player: a.Name, Opponent: b.Name, Commands: map[string]int{}}
	for _, lv := range cfg.Levels {
		if lv.State == nil {
			return Result{}, fmt.Errorf("arena: level %q has no battle", lv.Name)
		}
	}
	type job struct {
		lv   int
		seed uint64
		ours rules.Side
	}
	var jobs []job
	for l := range cfg.Levels {
		for i := range cfg.Matches {
			jobs = append(jobs, job{l, cfg.Seed + uint64(i), rules.Side(i % 2)})
		}
	}
	type outcome struct {
		part   Result
		winner rules.Side
		over   bool
		turn   int
		err    error
	}
	outs := make([]outcome, len(jobs))
	play := func(k int) {
		j, o := jobs[k], &outs[k]
		o.part.Commands = map[string]int{}
		o.winner, o.over, o.turn, o.err = o.part.play(cfg.Levels[j.lv].State.Clone(), j.seed, j.ours, a, b, cfg.Turns)
	}
	if cfg.Workers <= 1 {
		for k := range jobs {
			if play(k); outs[k].err != nil {
				break
			}
		}
	} else {
		next := make(chan int)
		var wg sync.WaitGroup
		for range cfg.Workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := range next {
					play(k)
				}
			}()
		}
		for k := range jobs {
			next <- k
		}
		close(next)
		wg.Wait()
	}
	for l, lv := range cfg.Levels {
		lr := LevelResult{Level: lv.Name}
		for k, j := range jobs {
			if j.lv != l {
				continue
			}
			o := outs[k]
			if o.err != nil {
				return Result{}, fmt.Errorf("%s, seed %d: %w", lv.Name, j.seed, o.err)
			}
			if o.part.Commands == nil {
				continue // not played: an earlier match failed
			}
			r.merge(&o.part)
			lr.add(o.winner, o.over, j.ours, o.turn)
			r.Tally.add(o.winner, o.over, j.ours, o.turn)
		}
		lr.finish()
		r.Levels = append(r.Levels, lr)
	}
	r.finish()
	return r, nil
}

// play plays one match of a (on side ours) against b and returns its
// winner, whether a side won (false for a draw, at the turn limit or
// with both sides down) and the turn it ended on.
func (r *Result) play(s *rules.State, seed uint64, ours rules.Side, a, b Player, turns int) (rules.Side, bool, int, error) {
	m := match.New(s, seed)
	t := &timed{c: a.New(seed), m: m, r: r}
	m.SetController(ours, t)
	m.SetController(ours.Other(), b.New(seed))
	err := ai.Play(m, turns, func(step ai.Step) {
		if step.Side != ours {
			return
		}
		if step.Err != nil {
			r.Illegal++
			return
		}
		name := step.Result.Command.CommandName()
		if at, ok := step.Result.Command.(rules.Attack); ok && at.Obstacle != 0 {
			name = "attack_cover"
		}
		r.Commands[name]++
	})
	if err != nil {
		return 0, false, 0, err
	}
	v := m.Verdict()
	return v.Winner, v.Over && !v.Draw, m.State().Turn, nil
}

// merge adds one match's measures, p, to r's.
func (r *Result) merge(p *Result) {
	r.Illegal += p.Illegal
	r.Shots += p.Shots
	r.LowShots += p.LowShots
	for k, n := range p.Commands {
		r.Commands[k] += n
	}
	r.idle += p.idle
	r.turns += p.turns
	r.turnThink = append(r.turnThink, p.turnThink...)
	r.unitThink = append(r.unitThink, p.unitThink...)
}

// add counts one match that ended on turn, won by winner when over (a
// draw when not), with the first player on side ours.
func (t *Tally) add(winner rules.Side, over bool, ours rules.Side, turn int) {
	t.Matches++
	t.turns += turn
	switch {
	case !over:
		t.Draws++
		return
	case winner == ours:
		t.Wins++
		if ours == rules.SideBlue {
			t.WinsAsBlue++
		} else {
			t.WinsAsRed++
		}
	default:
		t.Losses++
	}
	if winner == rules.SideBlue {
		t.BlueWins++
	}
}

// finish turns the counts into rates.
func (t *Tally) finish() {
	if t.Matches == 0 {
		return
	}
	n := float64(t.Matches)
	t.WinRate = float64(t.Wins) / n
	t.WilsonLow, t.WilsonHigh = Wilson(t.Wins, t.Matches)
	t.TurnsPerMatch = float64(t.turns) / n
}

// BlueRate is the share of the matches Blue won.
func (t Tally) BlueRate() float64 {
	if t.Matches == 0 {
		return 0
	}
	return float64(t.BlueWins) / float64(t.Matches)
}

// finish turns the tallies into rates and percentiles.
func (r *Result) finish() {
	r.Tally.finish()
	r.ThinkP50ms, r.ThinkP95ms, r.ThinkMaxMs = Percentile(r.turnThink, 0.5), Percentile(r.turnThink, 0.95), Percentile(r.turnThink, 1)
	r.UnitThinkP95ms = Percentile(r.unitThink, 0.95)
	if r.turns > 0 {
		r.IdlePerTurn = float64(r.idle) / float64(r.turns)
	}
}

// timed wraps the first player's controller to measure it: think time per
// turn and per unit, idle units and the chance of its shots. It passes on
// the controller's Thinking, so one that thinks across answers is asked
// again as it would be unwrapped.
type timed struct {
	c     match.Controller
	m     *match.Match
	r     *Result
	think time.Duration
}

// Thinking reports whether the wrapped controller is still thinking.
func (t *timed) Thinking() bool {
	th, ok := t.c.(interface{ Thinking() bool })
	return ok && th.Thinking()
}

// Next implements match.Controller.
func (t *timed) Next(v *match.View) rules.Command {
	t0 := time.Now()
	cmd := t.c.Next(v)
	t.think += time.Since(t0)
	if cmd == nil {
		return nil
	}
	s := t.m.State()
	if rolls, err := s.PreviewFire(cmd); err == nil && len(rolls) > 0 {
		// A firing command is a low shot when none of its rolls has 20%.
		t.r.Shots++
		if slices.IndexFunc(rolls, func(r rules.Roll) bool { return r.Chance >= 0.2 }) < 0 {
			t.r.LowShots++
		}
	}
	if _, ok := cmd.(rules.EndTurn); ok {
		ms := float64(t.think.Microseconds()) / 1000
		t.r.turnThink = append(t.r.turnThink, ms)
		idle, units := 0, 0
		for _, u := range s.Units {
			if u.Side == s.Side && u.Alive() {
				units++
				if u.AP == u.MaxAP && !u.Status.Overwatch {
					idle++
				}
			}
		}
		t.r.unitThink = append(t.r.unitThink, ms/float64(max(units, 1)))
		t.r.idle += idle
		t.r.turns++
		t.think = 0
	}
	return cmd
}
