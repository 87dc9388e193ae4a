// Command headless runs a Sightline scenario, or checks a map, without
// linking the game window, so it works on machines with no display:
//
//	go run ./rules/scenario/headless FILE.json
//	go run ./rules/scenario/headless -level MAP.tmx
//
// `sightline scenario FILE.json` hands over to it when no X display is
// available (ebiten's window library cannot even start without one).
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"

	"sightline/levels"
	"sightline/rules/scenario"
)

func main() {
	// A copy built by the game binary's handover deletes itself (Linux
	// lets a running program's file be removed).
	if bin := os.Getenv("SIGHTLINE_HEADLESS_BIN"); bin != "" {
		os.RemoveAll(filepath.Dir(bin))
	}
	// The game binary passes on the directory it was started in, so that
	// relative paths in the scenario mean what the user meant.
	if dir := os.Getenv("SIGHTLINE_CWD"); dir != "" {
		if err := os.Chdir(dir); err != nil {
			fmt.Fprintf(os.Stderr, "sightline: %v\n", err)
			os.Exit(2)
		}
	}
	if len(os.Args) == 3 && os.Args[1] == "-level" {
		os.Exit(checkLevel(os.Args[2]))
	}
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: headless FILE.json   (FILE may be - for standard input)\n       headless -level MAP.tmx   (check a map)")
		os.Exit(2)
	}
	os.Exit(scenario.Main(os.Args[1], os.Stdin, bufio.NewWriter(os.Stdout), os.Stderr))
}

// checkLevel is `sightline -level MAP` without a display: a map that fails
// to load prints its error and exits 2, as the game would; a good map says
// the game itself needs a display.
func checkLevel(name string) int {
	if _, err := levels.OpenFile(name); err != nil {
		fmt.Fprintf(os.Stderr, "sightline: %v\n", err)
		return 2
	}
	fmt.Fprintf(os.Stderr, "sightline: %s loads fine, but the game needs a display to show it: run it in a desktop session or under xvfb-run\n", name)
	return 1
}
