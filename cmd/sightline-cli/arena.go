package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"sightline/ai"
	"sightline/arena"
)

// arenaUsage is `sightline-cli arena -h`.
const arenaUsage = `usage: sightline-cli arena [-n N] [-seed S] [-turns T] [-levels A,B] [-opponents random,greedy,rival,computer:P] [-profile P] [-ladder P1,P2,...] [-by-level] [-workers W] [-json]

Plays the computer opponent against the baseline controllers: N seeded
matches per shipped level and opponent, the computer taking Blue and Red in
turn, and prints per opponent wins, losses and draws with a 95% Wilson
interval and split by its side, turns per match, the computer's think time per turn and per unit,
its idle units per turn, its firing commands with no roll at 20% or more
(of all its firing commands) and how often it gave
each command. With -json, one
JSON object per opponent. -profile picks the computer's profile from
ai/profiles.json (default normal); an opponent computer:P is the computer
playing profile P, and rival the yardstick written apart from it
(package arena/rival). -levels names shipped levels (maps/outpost.tmx) or
Tiled maps on disk, to measure it on levels it was not tuned on.
-by-level adds a table per opponent with each level's results and how
often Blue won there (with -opponents computer:P and -profile P, the
level's balance). -ladder easy,normal,hard plays each profile against the
one before it (normal against easy, hard against normal) in place of the
opponents, and prints each pair's result. -workers plays W matches at once:
the same results, with think times that the matches beside raise.
`

// runArena is `sightline-cli arena`; it returns the exit status.
func runArena(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, arenaUsage) }
	n := fs.Int("n", 20, "matches per level and opponent")
	seed := fs.Uint64("seed", 1, "the first match's seed")
	turns := fs.Int("turns", 40, "turn limit (a draw after it)")
	only := fs.String("levels", "", "comma-separated levels: shipped paths (maps/outpost.tmx) or Tiled maps on disk (default: every shipped level)")
	opps := fs.String("opponents", "random,greedy", "comma-separated opponents: random, greedy, rival, computer:PROFILE")
	asJSON := fs.Bool("json", false, "print one JSON object per opponent")
	profileName := fs.String("profile", "normal", "the computer's profile (ai/profiles.json)")
	ladder := fs.String("ladder", "", "comma-separated profiles, weakest first: play each against the one before it")
	byLevel := fs.Bool("by-level", false, "print each level's results too")
	workers := fs.Int("workers", 1, "matches played at once (the same results; the think times rise)")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *n < 1 || *turns < 1 || *workers < 1 {
		if err == nil {
			fs.Usage()
		}
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "sightline-cli: arena: %v\n", err)
		return 2
	}
	profile, err := ai.ProfileNamed(*profileName)
	if err != nil {
		return fail(err)
	}
	var paths []string
	if *only != "" {
		paths = strings.Split(*only, ",")
	}
	lvs, err := arena.Load(paths...)
	if err != nil {
		return fail(err)
	}
	type pair struct{ a, b arena.Player }
	var pairs []pair
	if *ladder != "" {
		rungs := strings.Split(*ladder, ",")
		if len(rungs) < 2 {
			return fail(fmt.Errorf("a ladder needs at least two profiles, got %q", *ladder))
		}
		for i, name := range rungs {
			p, err := ai.ProfileNamed(name)
			if err != nil {
				return fail(err)
			}
			if i > 0 {
				pairs[i-1].a = arena.Computer(p)
			}
			if i < len(rungs)-1 {
				pairs = append(pairs, pair{b: arena.Computer(p)})
			}
		}
	} else {
		for _, name := range strings.Split(*opps, ",") {
			opp, err := arena.Named(name)
			if err != nil {
				return fail(err)
			}
			pairs = append(pairs, pair{arena.Computer(profile), opp})
		}
	}
	cfg := arena.Config{Levels: lvs, Matches: *n, Seed: *seed, Turns: *turns, Workers: *workers}
	var all []arena.Result
	for _, p := range pairs {
		r, err := arena.Run(cfg, p.a, p.b)
		if err != nil {
			fmt.Fprintf(stderr, "sightline-cli: arena: %v\n", err)
			return 1
		}
		if !*byLevel {
			r.Levels = nil
		}
		all = append(all, r)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		for _, r := range all {
			_ = enc.Encode(r)
		}
		return 0
	}
	if *ladder != "" {
		printLadder(stdout, cfg, *ladder, all)
	} else {
		printArena(stdout, cfg, profile.Name, all)
	}
	for _, r := range all {
		if *byLevel {
			printByLevel(stdout, r)
		}
	}
	return 0
}

// printArena prints the computer's results against each opponent: the
// table, then its commands.
func printArena(w io.Writer, cfg arena.Config, profile string, all []arena.Result) {
	fmt.Fprintf(w, "arena: the %s computer, %d level(s) x %d matches per opponent, sides swapped, seeds %d-%d, turn limit %d\n\n",
		profile, len(cfg.Levels), cfg.Matches, cfg.Seed, cfg.Seed+uint64(cfg.Matches)-1, cfg.Turns)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "opponent\tmatches\tW-L-D\twin rate\t95% CI\twins as Blue/Red\tturns\tthink/turn p50/p95/max ms\tthink/unit p95 ms\tidle/turn\tshots <20%\tillegal\t")
	for _, r := range all {
		fmt.Fprintf(tw, "%s\t%s\t%.1f\t%.1f / %.1f / %.1f\t%.1f\t%.2f\t%d of %d\t%d\t\n",
			r.Opponent, record(r.Tally), r.TurnsPerMatch, r.ThinkP50ms, r.ThinkP95ms, r.ThinkMaxMs, r.UnitThinkP95ms, r.IdlePerTurn, r.LowShots, r.Shots, r.Illegal)
	}
	_ = tw.Flush()
	for _, r := range all {
		fmt.Fprintf(w, "\n%s: the computer's commands: %s\n", r.Opponent, commandCounts(r.Commands))
	}
}

// printLadder prints each rung of a ladder against the one below it.
func printLadder(w io.Writer, cfg arena.Config, ladder string, all []arena.Result) {
	fmt.Fprintf(w, "arena ladder %s: each profile against the one before it, %d level(s) x %d matches, sides swapped, seeds %d-%d, turn limit %d\n\n",
		ladder, len(cfg.Levels), cfg.Matches, cfg.Seed, cfg.Seed+uint64(cfg.Matches)-1, cfg.Turns)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\topponent\tmatches\tW-L-D\twin rate\t95% CI\twins as Blue/Red\tturns\tthink/turn p95 ms\tthink/unit p95 ms\t")
	for _, r := range all {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.1f\t%.1f\t%.1f\t\n",
			r.Player, r.Opponent, record(r.Tally), r.TurnsPerMatch, r.ThinkP95ms, r.UnitThinkP95ms)
	}
	_ = tw.Flush()
}

// printByLevel prints one result's table by level.
func printByLevel(w io.Writer, r arena.Result) {
	fmt.Fprintf(w, "\n%s against %s, by level:\n", r.Player, r.Opponent)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "level\tmatches\tW-L-D\twin rate\t95% CI\twins as Blue/Red\tBlue won\tturns\t")
	for _, l := range r.Levels {
		fmt.Fprintf(tw, "%s\t%s\t%.1f%%\t%.1f\t\n", l.Level, record(l.Tally), 100*l.BlueRate(), l.TurnsPerMatch)
	}
	_ = tw.Flush()
}

// record is a tally's columns of the tables: matches, W-L-D, win rate,
// its 95% interval and the wins by side.
func record(t arena.Tally) string {
	return fmt.Sprintf("%d\t%d-%d-%d\t%.1f%%\t[%.1f, %.1f]\t%d/%d",
		t.Matches, t.Wins, t.Losses, t.Draws, 100*t.WinRate, 100*t.WilsonLow, 100*t.WilsonHigh, t.WinsAsBlue, t.WinsAsRed)
}

// commandCounts lists command counts by name, sorted.
func commandCounts(c map[string]int) string {
	names := slices.Sorted(maps.Keys(c))
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%s %d", name, c[name])
	}
	return strings.Join(parts, ", ")
}
