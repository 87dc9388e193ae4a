package main

import (
	"flag"
	"fmt"
	"io"

	"sightline/levels"
)

const checkUsage = `usage: sightline-cli check [-strict] [MAP.tmx|MAP.tmj...]

Checks Tiled maps (TMX or JSON) as the game loads them and prints every problem found,
one a line, each naming the file, the object or unit and what to do:
errors (the map cannot be played) and warnings (a unit that cannot reach
any enemy, has no cover near its spawn or sees an enemy from its spawn,
an objective zone its side
cannot reach, an object with no class, a map with no name, a campaign
level with no briefing). With no maps, it checks the shipped levels, and
that no two share a name or a campaign place.

A map that fails to load still has its warnings listed after its errors.

Exit status: 0 no problem; 1 warnings only; 2 errors or a usage error.
-strict is accepted for older scripts: warnings always exit 1.
`

// runCheck is `sightline-cli check`; it returns the exit status.
func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, checkUsage) }
	fs.Bool("strict", true, "exit 1 on warnings (always so; kept for older scripts)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var problems []levels.Problem
	if fs.NArg() == 0 {
		problems = levels.CheckAll(levels.Embedded())
	}
	for _, file := range fs.Args() {
		problems = append(problems, levels.CheckFile(file)...)
	}
	errs, warns := 0, 0
	for _, p := range problems {
		fmt.Fprintln(stdout, p)
		if p.Warning {
			warns++
		} else {
			errs++
		}
	}
	fmt.Fprintf(stdout, "%d errors, %d warnings\n", errs, warns)
	switch {
	case errs > 0:
		return 2
	case warns > 0:
		return 1
	}
	return 0
}
