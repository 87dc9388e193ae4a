package main

import (
	"bufio"
	"fmt"
	"io"

	"sightline/cmd/internal/scenario"
)

// runScenario is `sightline-cli scenario FILE`: it plays the scenario and
// prints one JSON object per event to stdout. It returns the exit status:
// 0, or 2 for a usage error, a bad scenario or a missing file.
func runScenario(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: sightline-cli scenario FILE.json   (FILE may be - for standard input)")
		return 2
	}
	return scenario.Main(args[0], stdin, bufio.NewWriter(stdout), stderr)
}
