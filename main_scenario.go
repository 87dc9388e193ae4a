package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"sightline/rules/scenario"
)

// runScenario is `sightline scenario FILE`: it plays a scenario headless
// and prints one JSON object per event to stdout. It returns the exit
// status: 2 for a bad scenario or a missing file. (Without an X display the
// process never gets here: see headless_linux.go.)
func runScenario(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: sightline scenario FILE.json   (FILE may be - for standard input)")
		return 2
	}
	return scenario.Main(args[0], os.Stdin, bufio.NewWriter(stdout), stderr)
}
