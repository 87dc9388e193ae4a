package match

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SafeText returns s fit to print on a terminal or the screen: control
// characters (escape sequences among them), invisible formatting ones
// (a right-to-left override) and bytes that are not UTF-8 are written as
// \xNN or \uNNNN, so a name from a file cannot move the cursor, recolour
// the terminal or hide what follows.
func SafeText(s string) string {
	safe := true
	for _, r := range s {
		if !printable(r) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case printable(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += n
	}
	return b.String()
}

// printable reports whether r prints as itself.
func printable(r rune) bool {
	return r != utf8.RuneError && (r == ' ' || unicode.IsPrint(r)) && !unicode.Is(unicode.Cf, r)
}
