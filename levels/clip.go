package levels

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// MaxQuoted is how many characters of a value quoted in a message (a
// property's value, a name, a path) are shown; a longer one is cut, and
// the message says how long it was.
const MaxQuoted = 120

// maxMessage bounds a whole message, in bytes, whatever it quotes.
const maxMessage = 2000

// clip bounds a message: every double-quoted value in it (as %q writes
// them) longer than MaxQuoted characters is cut to that many, followed by
// "… (N characters)", and a message still longer than maxMessage bytes is
// cut there. A map's text can thus never flood the terminal or the
// game's error panel.
func clip(msg string) string {
	if len(msg) <= MaxQuoted && !strings.Contains(msg, `"`) {
		return msg
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			b.WriteString(cutWords(msg))
			break
		}
		b.WriteString(cutWords(msg[:i+1]))
		msg = msg[i+1:]
		end := closingQuote(msg)
		if end < 0 {
			b.WriteString(cutWords(msg))
			break
		}
		b.WriteString(cutQuoted(msg[:end]))
		msg = msg[end+1:]
	}
	out := b.String()
	if len(out) > maxMessage {
		cut := maxMessage
		for cut > 0 && !utf8.RuneStart(out[cut]) {
			cut--
		}
		out = fmt.Sprintf("%s… (the message is %d bytes)", out[:cut], len(out))
	}
	return out
}

// closingQuote returns the index in s of the quote that ends a quoted
// value opened just before s, skipping escaped quotes, or -1.
func closingQuote(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// cutQuoted returns the inside of a quoted value and its closing quote,
// the value cut to MaxQuoted characters ("…" the last) and its length
// stated after the quote when it is longer. A value cut once is not cut
// again.
func cutQuoted(q string) string {
	n := utf8.RuneCountInString(q)
	if n <= MaxQuoted {
		return q + `"`
	}
	cut, k := 0, 0
	for i := range q {
		if k == MaxQuoted-1 {
			cut = i
			break
		}
		k++
	}
	// Do not end inside an escape such as \" or \u00e9.
	if j := strings.LastIndexByte(q[:cut], '\\'); j >= 0 && cut-j < 10 {
		cut = j
	}
	return fmt.Sprintf(`%s…" (%d characters)`, q[:cut], n)
}

// clipped returns p with its place, message and hint clipped (clip).
func (p Problem) clipped() Problem {
	p.File, p.Where, p.Msg, p.Fix = clip(p.File), clip(p.Where), clip(p.Msg), clip(p.Fix)
	return p
}

// clipAll clips every problem of ps in place and returns ps.
func clipAll(ps []Problem) []Problem {
	for i := range ps {
		ps[i] = ps[i].clipped()
	}
	return ps
}

// cutWords cuts each word (a run without spaces, such as a path) of an
// unquoted part of a message that is longer than MaxQuoted characters.
func cutWords(s string) string {
	if len(s) <= MaxQuoted {
		return s
	}
	words := strings.Split(s, " ")
	for i, w := range words {
		if n := utf8.RuneCountInString(w); n > MaxQuoted {
			k, cut := 0, len(w)
			for j := range w {
				if k == MaxQuoted-1 {
					cut = j
					break
				}
				k++
			}
			words[i] = fmt.Sprintf("%s… (%d characters)", w[:cut], n)
		}
	}
	return strings.Join(words, " ")
}
