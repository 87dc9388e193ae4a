// Command sightline-cli is Sightline without the window: the work that
// needs no display, for servers, CI and scripts. It never links ebiten.
//
//	sightline-cli scenario FILE.json   play a scenario, one JSON event per line (FILE may be -)
//	sightline-cli replay verify FILE   play a replay back and check it ends as recorded (-timeout, -levels)
//	sightline-cli replay info FILE     show what a replay holds
//	sightline-cli arena [FLAGS]        the computer against the baselines
//	sightline-cli check [-strict] [MAP...]  every problem in Tiled maps
//	sightline-cli netplay [FLAGS]      make a match on a server, or play a seat of one with the computer
//	sightline-cli sounds [-out DIR]    synthesize the sound cues, print their levels, write WAVs
//	sightline-cli help                 list the subcommands (also -h, --help)
//
// Relative paths are relative to the working directory. Exit status: 0
// done; 2 a usage error, a missing file or a bad scenario or replay; 1 a
// replay that does not verify.
package main

import (
	"fmt"
	"io"
	"os"
)

// usage lists the subcommands; help prints it to stdout, a usage error to
// stderr.
const usage = `usage: sightline-cli COMMAND [ARGS]

Sightline without the window: these need no display.

  scenario FILE.json   play a scenario, one JSON event per line (FILE may be -
                       for standard input); docs/SCENARIOS.md has the format
  replay verify FILE   play a replay back and check it ends as recorded
                       (-timeout D: give up after D, 1m; -levels DIR: a folder
                       its map may be in, besides its own and the user's)
  replay info FILE     show what a replay holds
  arena [FLAGS]        play the computer against the baseline controllers
                       on the shipped levels (arena -h for the flags)
  check [-strict] [MAP...]  every problem in Tiled maps (default: the
                       shipped levels), errors and warnings (check -h)
  netplay [FLAGS]      make a match on a server (-new LEVEL), or play a seat
                       of one with the computer (netplay -h for the flags)
  sounds [-out DIR] [CUE...]  synthesize the game's sound cues, print each
                       one's length, peak and RMS, and write them as WAVs
  help                 print this help

Exit status: 0 done; 2 a usage error, a missing file, a bad scenario or
replay or a map with errors; 1 a replay that does not verify, or maps
with warnings and no errors.
`

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// run dispatches to a subcommand and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	case "scenario":
		return runScenario(args[1:], stdin, stdout, stderr)
	case "replay":
		return runReplay(args[1:], stdout, stderr)
	case "arena":
		return runArena(args[1:], stdout, stderr)
	case "check":
		return runCheck(args[1:], stdout, stderr)
	case "netplay":
		return runNetplay(args[1:], stdout, stderr)
	case "sounds":
		return runSounds(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "sightline-cli: unknown command %q\n\n%s", args[0], usage)
	return 2
}
