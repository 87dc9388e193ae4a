package main

import (
	"fmt"
	"io"

	"sightline/levels"
	"sightline/match"
)

// runReplay is `sightline-cli replay verify|info FILE`. It returns the
// exit status: 0; 1 when verify finds the replay does not play back as
// recorded (or its level or data have changed); 2 for a usage error or a
// file that cannot be read as a replay.
func runReplay(args []string, stdout, stderr io.Writer) int {
	if len(args) != 2 || (args[0] != "verify" && args[0] != "info") {
		fmt.Fprintln(stderr, "usage: sightline-cli replay verify FILE\n       sightline-cli replay info FILE")
		return 2
	}
	verb, name := args[0], args[1]
	r, err := match.ReadFile(name)
	if err != nil {
		fmt.Fprintf(stderr, "sightline-cli: %v\n", err)
		return 2
	}
	if verb == "info" {
		fmt.Fprintf(stdout, "level    %s (%s)\n", r.Level.Name, r.Level.File)
		if r.Level.Path != "" {
			fmt.Fprintf(stdout, "map file %s\n", r.Level.Path)
		}
		fmt.Fprintf(stdout, "game     Sightline %s, replay format %d\n", r.Game, r.Format)
		fmt.Fprintf(stdout, "seed     %d\n", r.Seed)
		fmt.Fprintf(stdout, "sides    Blue: %s, Red: %s\n", r.Sides[0], r.Sides[1])
		fmt.Fprintf(stdout, "played   %d commands, %d turns ended\n", len(r.Commands), len(r.Turns))
		return 0
	}
	m, err := verify(r)
	if err != nil {
		fmt.Fprintf(stderr, "sightline-cli: %s: %v\n", name, err)
		return 1
	}
	outcome := "undecided"
	if side, over := m.Over(); over {
		outcome = side.String() + " won"
	}
	fmt.Fprintf(stdout, "%s: verified: %d commands, %d turns, every turn's hash matches; %s\n", name, len(r.Commands), len(r.Turns), outcome)
	return 0
}

// verify finds the level r names, checks its files, and re-plays r on it.
func verify(r *match.Replay) (*match.Match, error) {
	lv, err := levels.Find(r.Level.File, r.Level.Path, r.Level.Digests())
	if err != nil {
		return nil, err
	}
	return r.Play(lv.State)
}
