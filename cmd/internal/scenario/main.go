package scenario

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

// Main plays the scenario in the named file ("-" for in) and writes its
// events to out, which it flushes. It returns the process exit status: 0,
// or 2 with the error on stderr for a bad scenario or an unreadable file.
func Main(name string, in io.Reader, out *bufio.Writer, stderr io.Writer) int {
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "sightline: %v\n", err)
			return 2
		}
		defer f.Close()
		in = f
	}
	err := Run(in, out)
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(stderr, "sightline: %s: %v\n", name, err)
		return 2
	}
	return 0
}
