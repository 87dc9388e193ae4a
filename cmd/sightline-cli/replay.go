package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"sightline/levels"
	"sightline/match"
)

// replayUsage is the usage of `sightline-cli replay`.
const replayUsage = `usage: sightline-cli replay verify [-timeout D] [-levels DIR] FILE
       sightline-cli replay info FILE`

// runReplay is `sightline-cli replay verify|info FILE`. It returns the
// exit status: 0; 1 when verify finds the replay does not play back as
// recorded (or its level or data have changed, or it takes longer than
// -timeout); 2 for a usage error or a file that cannot be read as a
// replay. Everything a file says is printed with its control characters
// escaped.
func runReplay(args []string, stdout, stderr io.Writer) int {
	if len(args) < 1 || (args[0] != "verify" && args[0] != "info") {
		fmt.Fprintln(stderr, replayUsage)
		return 2
	}
	verb := args[0]
	fs := flag.NewFlagSet("replay "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	timeout := fs.Duration("timeout", time.Minute, "give up re-playing after this long")
	folder := fs.String("levels", "", "a level folder a replay may name a map in, besides its own folder and the user's level folder")
	if verb == "info" {
		fs = flag.NewFlagSet("replay info", flag.ContinueOnError)
		fs.SetOutput(stderr)
	}
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() != 1 || *timeout <= 0 {
		fmt.Fprintln(stderr, replayUsage)
		return 2
	}
	name := fs.Arg(0)
	r, err := match.ReadFile(name)
	if err != nil {
		fmt.Fprintf(stderr, "sightline-cli: %s\n", match.SafeText(err.Error()))
		return 2
	}
	safe := match.SafeText
	if verb == "info" {
		fmt.Fprintf(stdout, "level    %s (%s)\n", safe(r.Level.Name), safe(r.Level.File))
		if r.Level.Path != "" {
			fmt.Fprintf(stdout, "map file %s\n", safe(r.Level.Path))
		}
		fmt.Fprintf(stdout, "game     Sightline %s, replay format %d\n", safe(r.Game), r.Format)
		fmt.Fprintf(stdout, "seed     %d\n", r.Seed)
		fmt.Fprintf(stdout, "sides    Blue: %s, Red: %s\n", safe(r.Sides[0]), safe(r.Sides[1]))
		fmt.Fprintf(stdout, "played   %d commands, %d turns ended\n", len(r.Commands), len(r.Turns))
		return 0
	}
	m, err := verify(r, *folder, time.Now().Add(*timeout))
	if err != nil {
		fmt.Fprintf(stderr, "sightline-cli: %s: %s\n", safe(name), safe(err.Error()))
		return 1
	}
	outcome := "undecided"
	switch v := m.Verdict(); {
	case v.Draw:
		outcome = "a draw"
	case v.Over:
		outcome = v.Winner.String() + " won"
	}
	fmt.Fprintf(stdout, "%s: verified: %d commands, %d turns, every turn's hash matches; %s\n", safe(name), len(r.Commands), len(r.Turns), outcome)
	return 0
}

// verify finds the level r names (a map on disk only in r's folder, the
// user's level folder or folder), checks its files, and re-plays r on it,
// giving up at deadline.
func verify(r *match.Replay, folder string, deadline time.Time) (*match.Match, error) {
	user, _ := levels.UserFolder() // none: only the replay's folder and folder
	lv, err := levels.FindNamed(levels.Named{Name: r.Level.Name, File: r.Level.File, Path: r.Level.Path, Sources: r.Level.Digests()}, r.From, user, folder)
	if err != nil {
		return nil, err
	}
	p, err := r.Playback(lv.State, nil)
	if err != nil {
		return p.Match(), err
	}
	for !p.Done() {
		if err := p.Step(); err != nil {
			return p.Match(), err
		}
		if time.Now().After(deadline) {
			done, total := p.Progress()
			return p.Match(), fmt.Errorf("gave up after %d of %d commands: re-playing took longer than -timeout", done, total)
		}
	}
	return p.Match(), p.Finish()
}
