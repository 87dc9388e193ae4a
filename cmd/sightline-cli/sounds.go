package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"sightline/sound"
)

const soundsUsage = `usage: sightline-cli sounds [-out DIR] [CUE...]

Synthesizes the game's sound cues (all of them, or the ones named) and
prints each one's duration, peak and RMS level in dBFS. With -out, it
also writes each cue to DIR/CUE.wav (16-bit stereo PCM, 44100 Hz),
making DIR if need be.

Exit status: 0 done; 2 an unknown cue, a usage error or a file that
could not be written.
`

// runSounds is `sightline-cli sounds`; it returns the exit status.
func runSounds(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sounds", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, soundsUsage) }
	out := fs.String("out", "", "write each cue to this folder as CUE.wav")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	names := fs.Args()
	if len(names) == 0 {
		names = sound.Names()
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			fmt.Fprintf(stderr, "sightline-cli: sounds: %v\n", err)
			return 2
		}
	}
	fmt.Fprintf(stdout, "%-16s %8s %11s %11s\n", "cue", "seconds", "peak dBFS", "RMS dBFS")
	for _, n := range names {
		c, err := sound.Make(n)
		if err != nil {
			fmt.Fprintf(stderr, "sightline-cli: sounds: %v\n", err)
			return 2
		}
		where := ""
		if *out != "" {
			where = filepath.Join(*out, n+".wav")
			if err := writeWAV(where, c); err != nil {
				fmt.Fprintf(stderr, "sightline-cli: sounds: %v\n", err)
				return 2
			}
		}
		loop := ""
		if c.Loop {
			loop = " (loop)"
		}
		fmt.Fprintf(stdout, "%-16s %8.3f %11.1f %11.1f  %s%s\n", n, c.Duration().Seconds(), sound.DBFS(c.Peak()), sound.DBFS(c.RMS()), where, loop)
	}
	return 0
}

// writeWAV writes a clip to a WAV file.
func writeWAV(path string, c sound.Clip) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := c.WriteWAV(w); err != nil {
		f.Close()
		return err
	}
	return errors.Join(w.Flush(), f.Close())
}
