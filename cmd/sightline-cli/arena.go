package main

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"sightline/ai"
	"sightline/levels"
	"sightline/match"
	"sightline/rules"
)

// arenaUsage is `sightline-cli arena -h`.
const arenaUsage = `usage: sightline-cli arena [-n N] [-seed S] [-turns T] [-levels A,B] [-opponents random,greedy,computer:P] [-profile P] [-json]

Plays the computer opponent against the baseline controllers: N seeded
matches per shipped level and opponent, the computer taking Blue and Red in
turn, and prints per opponent wins, losses and draws with a 95% Wilson
interval and split by its side, turns per match, the computer's think time per turn and per unit,
its idle units per turn, its firing commands with no roll at 20% or more
(of all its firing commands) and how often it gave
each command. With -json, one
JSON object per opponent. -profile picks the computer's profile from
ai/profiles.json (default normal); an opponent computer:P is the computer
playing profile P. -levels names shipped levels (maps/outpost.tmx) or
Tiled maps on disk, to measure it on levels it was not tuned on.
`

// arenaStats is what the arena measures against one opponent.
type arenaStats struct {
	Opponent string `json:"opponent"`
	Matches  int    `json:"matches"`
	Wins     int    `json:"wins"`
	Losses   int    `json:"losses"`
	Draws    int    `json:"draws"`
	// WinsAsBlue and WinsAsRed split the wins by the computer's side
	// (Blue moves first); it plays each in half the matches.
	WinsAsBlue     int     `json:"winsAsBlue"`
	WinsAsRed      int     `json:"winsAsRed"`
	WinRate        float64 `json:"winRate"`
	WilsonLow      float64 `json:"wilsonLow"`
	WilsonHigh     float64 `json:"wilsonHigh"`
	TurnsPerMatch  float64 `json:"turnsPerMatch"`
	ThinkP50ms     float64 `json:"thinkP50ms"`
	ThinkP95ms     float64 `json:"thinkP95ms"`
	ThinkMaxMs     float64 `json:"thinkMaxMs"`
	UnitThinkP95ms float64 `json:"unitThinkP95ms"`
	IdlePerTurn    float64 `json:"idlePerTurn"`
	Shots          int     `json:"shots"`
	LowShots       int     `json:"lowShots"`
	Illegal        int     `json:"illegal"`
	// Commands counts the computer's accepted commands by name.
	Commands map[string]int `json:"commands"`

	profile              ai.Profile
	turns, idle, aiTurns int
	turnThink, unitThink []float64
}

// runArena is `sightline-cli arena`; it returns the exit status.
func runArena(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, arenaUsage) }
	n := fs.Int("n", 20, "matches per level and opponent")
	seed := fs.Uint64("seed", 1, "the first match's seed")
	turns := fs.Int("turns", 40, "turn limit (a draw after it)")
	only := fs.String("levels", "", "comma-separated levels: shipped paths (maps/outpost.tmx) or Tiled maps on disk (default: every shipped level)")
	opps := fs.String("opponents", "random,greedy", "comma-separated opponents: random, greedy, computer:PROFILE")
	asJSON := fs.Bool("json", false, "print one JSON object per opponent")
	profileName := fs.String("profile", "normal", "the computer's profile (ai/profiles.json)")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *n < 1 {
		if err == nil {
			fs.Usage()
		}
		return 2
	}
	profile, err := ai.ProfileNamed(*profileName)
	if err != nil {
		fmt.Fprintf(stderr, "sightline-cli: arena: %v\n", err)
		return 2
	}
	lvs, err := arenaLevels(*only)
	if err != nil {
		fmt.Fprintf(stderr, "sightline-cli: arena: %v\n", err)
		return 2
	}
	var all []*arenaStats
	for _, opp := range strings.Split(*opps, ",") {
		if _, err := ai.ProfileNamed(strings.TrimPrefix(opp, "computer:")); opp != "random" && opp != "greedy" && (!strings.HasPrefix(opp, "computer:") || err != nil) {
			fmt.Fprintf(stderr, "sightline-cli: arena: unknown opponent %q (want random, greedy or computer:PROFILE)\n", opp)
			return 2
		}
		st := &arenaStats{Opponent: opp, profile: profile}
		for _, lv := range lvs {
			for i := range *n {
				if err := st.play(lv.State.Clone(), *seed+uint64(i), rules.Side(i%2), opp, *turns); err != nil {
					fmt.Fprintf(stderr, "sightline-cli: arena: %s, seed %d: %v\n", cmp.Or(lv.Path, lv.File), *seed+uint64(i), err)
					return 1
				}
			}
		}
		st.finish()
		all = append(all, st)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		for _, st := range all {
			_ = enc.Encode(st)
		}
		return 0
	}
	fmt.Fprintf(stdout, "arena: the %s computer, %d level(s) x %d matches per opponent, sides swapped, seeds %d-%d, turn limit %d\n\n",
		profile.Name, len(lvs), *n, *seed, *seed+uint64(*n)-1, *turns)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "opponent\tmatches\tW-L-D\twin rate\t95% CI\twins as Blue/Red\tturns\tthink/turn p50/p95/max ms\tthink/unit p95 ms\tidle/turn\tshots <20%\tillegal\t")
	for _, st := range all {
		fmt.Fprintf(tw, "%s\t%d\t%d-%d-%d\t%.1f%%\t[%.1f, %.1f]\t%d/%d\t%.1f\t%.1f / %.1f / %.1f\t%.1f\t%.2f\t%d of %d\t%d\t\n",
			st.Opponent, st.Matches, st.Wins, st.Losses, st.Draws, 100*st.WinRate, 100*st.WilsonLow, 100*st.WilsonHigh, st.WinsAsBlue, st.WinsAsRed,
			st.TurnsPerMatch, st.ThinkP50ms, st.ThinkP95ms, st.ThinkMaxMs, st.UnitThinkP95ms, st.IdlePerTurn, st.LowShots, st.Shots, st.Illegal)
	}
	_ = tw.Flush()
	for _, st := range all {
		names := slices.Sorted(maps.Keys(st.Commands))
		parts := make([]string, len(names))
		for i, name := range names {
			parts[i] = fmt.Sprintf("%s %d", name, st.Commands[name])
		}
		fmt.Fprintf(stdout, "\n%s: the computer's commands: %s\n", st.Opponent, strings.Join(parts, ", "))
	}
	return 0
}

// play plays one match of the computer (on side ours) against opp.
func (st *arenaStats) play(s *rules.State, seed uint64, ours rules.Side, opp string, turnLimit int) error {
	m := match.New(s, seed)
	t := &timed{c: ai.NewComputer(st.profile), m: m, st: st}
	m.SetController(ours, t)
	switch {
	case opp == "random":
		m.SetController(ours.Other(), ai.NewRandom(seed))
	case opp == "greedy":
		m.SetController(ours.Other(), ai.NewGreedy())
	default:
		p, err := ai.ProfileNamed(strings.TrimPrefix(opp, "computer:"))
		if err != nil {
			return err
		}
		m.SetController(ours.Other(), ai.NewComputer(p))
	}
	err := ai.Play(m, turnLimit, func(step ai.Step) {
		if step.Side != ours {
			return
		}
		if step.Err != nil {
			st.Illegal++
			return
		}
		if st.Commands == nil {
			st.Commands = map[string]int{}
		}
		name := step.Result.Command.CommandName()
		if a, ok := step.Result.Command.(rules.Attack); ok && a.Obstacle != 0 {
			name = "attack_cover"
		}
		st.Commands[name]++
	})
	if err != nil {
		return err
	}
	st.Matches++
	st.turns += m.State().Turn
	switch w, over := m.Over(); {
	case !over:
		st.Draws++
	case w == ours:
		st.Wins++
		if ours == rules.SideBlue {
			st.WinsAsBlue++
		} else {
			st.WinsAsRed++
		}
	default:
		st.Losses++
	}
	return nil
}

// finish turns the tallies into rates and percentiles.
func (st *arenaStats) finish() {
	n := float64(st.Matches)
	st.WinRate = float64(st.Wins) / n
	st.WilsonLow, st.WilsonHigh = wilson(st.Wins, st.Matches)
	st.TurnsPerMatch = float64(st.turns) / n
	st.ThinkP50ms, st.ThinkP95ms, st.ThinkMaxMs = percentile(st.turnThink, 0.5), percentile(st.turnThink, 0.95), percentile(st.turnThink, 1)
	st.UnitThinkP95ms = percentile(st.unitThink, 0.95)
	if st.aiTurns > 0 {
		st.IdlePerTurn = float64(st.idle) / float64(st.aiTurns)
	}
}

// wilson returns the 95% Wilson score interval of k successes in n.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.96
	p, nf := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return max(0, c-h), min(1, c+h)
}

// percentile returns the q-quantile (nearest rank) of xs, 0 when empty.
func percentile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// timed wraps the computer's controller to measure it: think time per
// turn and per unit that acted, idle units and the chance of its shots.
type timed struct {
	c     match.Controller
	m     *match.Match
	st    *arenaStats
	think time.Duration
}

// Next implements match.Controller.
func (t *timed) Next(v *match.View) rules.Command {
	t0 := time.Now()
	cmd := t.c.Next(v)
	t.think += time.Since(t0)
	s := t.m.State()
	if rolls, err := s.PreviewFire(cmd); err == nil && len(rolls) > 0 {
		// A firing command is a low shot when none of its rolls has 20%.
		t.st.Shots++
		if slices.IndexFunc(rolls, func(r rules.Roll) bool { return r.Chance >= 0.2 }) < 0 {
			t.st.LowShots++
		}
	}
	switch cmd.(type) {
	case rules.EndTurn:
		ms := float64(t.think.Microseconds()) / 1000
		t.st.turnThink = append(t.st.turnThink, ms)
		idle, units := 0, 0
		for _, u := range s.Units {
			if u.Side == s.Side && u.Alive() {
				units++
				if u.AP == u.MaxAP && !u.Status.Overwatch {
					idle++
				}
			}
		}
		t.st.unitThink = append(t.st.unitThink, ms/float64(max(units, 1)))
		t.st.idle += idle
		t.st.aiTurns++
		t.think = 0
	}
	return cmd
}

// arenaLevels loads the levels named in only, comma-separated: a shipped
// level's path (maps/outpost.tmx) or a Tiled map on disk, so the arena
// can play levels the computer was not tuned on. An empty only is every
// shipped level.
func arenaLevels(only string) ([]*levels.Level, error) {
	var out []*levels.Level
	if only == "" {
		for _, e := range levels.List(levels.Embedded()) {
			lv, err := levels.Load(levels.Embedded(), e.Path)
			if err != nil {
				return nil, err
			}
			out = append(out, lv)
		}
		return out, nil
	}
	shipped := map[string]bool{}
	for _, e := range levels.List(levels.Embedded()) {
		shipped[e.Path] = true
	}
	for _, p := range strings.Split(only, ",") {
		var lv *levels.Level
		var err error
		switch _, statErr := os.Stat(p); {
		case shipped[p]:
			lv, err = levels.Load(levels.Embedded(), p)
		case statErr == nil:
			lv, err = levels.OpenFile(p)
		default:
			err = fmt.Errorf("%q is neither a shipped level nor a map on disk", p)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, lv)
	}
	return out, nil
}
