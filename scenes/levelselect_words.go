package scenes

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"sightline/ai"
	"sightline/campaign"
	"sightline/rules"
)

// The level select's words: who plays, a squad, a best score, and
// the helpers that clip and wrap them.

// best returns a level's best win against the chosen difficulty, and
// whether there is one; with no computer to choose, the level's best.
func (ls *LevelSelect) best(rec campaign.Record) (campaign.Best, bool) {
	if d := ls.difficulty(); d != "" {
		return rec.BestOn(d)
	}
	return campaign.Best{Score: rec.Best, Turns: rec.Turns, Lost: rec.Lost}, rec.Won
}

// plural is n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// squad lists side's units by type, most first: "3 troopers, a gunner".
func squad(s *rules.State, side rules.Side) string {
	var types []string
	count := map[string]int{}
	for _, u := range s.Units {
		if u.Side != side {
			continue
		}
		t := u.Type
		if t == "" {
			t = "soldier"
		}
		if count[t] == 0 {
			types = append(types, t)
		}
		count[t]++
	}
	slices.SortStableFunc(types, func(a, b string) int { return cmp.Compare(count[b], count[a]) })
	parts := make([]string, len(types))
	for i, t := range types {
		switch {
		case count[t] == 1:
			parts[i] = "a " + t
		case strings.HasSuffix(t, "man"): // marksman: marksmen
			parts[i] = strconv.Itoa(count[t]) + " " + strings.TrimSuffix(t, "man") + "men"
		default:
			parts[i] = plural(count[t], t)
		}
	}
	return strings.Join(parts, ", ")
}

func countSides(s *rules.State) (blue, red int) {
	for _, u := range s.Units {
		if u.Side == rules.SideBlue {
			blue++
		} else {
			red++
		}
	}
	return blue, red
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// clip shortens s to n runes with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// aboutRunes is how many runes the level select's line on the computer
// holds on a large window.
const aboutRunes = 150

// aboutLine returns the level select's line on what the computer on pr
// is like, with the key that changes it unless the window is touched.
func aboutLine(pr ai.Profile, touch bool) string {
	about := "The computer on " + difficultyName(pr.Name) + " — " + pr.About + "."
	if !touch {
		about += "  D: change"
	}
	return about
}

// wrap breaks s into lines of at most n runes at spaces.
func wrap(s string, n int) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			switch {
			case line == "":
				line = w
			case len([]rune(line))+1+len([]rune(w)) <= n:
				line += " " + w
			default:
				lines = append(lines, line)
				line = w
			}
			for len([]rune(line)) > n {
				r := []rune(line)
				lines = append(lines, string(r[:n]))
				line = string(r[n:])
			}
		}
		if line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

// playersLine says who will play each side.
func (ls *LevelSelect) playersLine() string {
	name := func(p Player) string {
		if p == Computer {
			return "computer"
		}
		return "player"
	}
	switch ls.players {
	case [2]Player{Human, Human}:
		return "Hot-seat: two players, one screen"
	case [2]Player{Human, Computer}:
		return "You play Blue against the computer"
	case [2]Player{Computer, Human}:
		return "You play Red against the computer"
	}
	return "Blue: " + name(ls.players[0]) + " · Red: " + name(ls.players[1])
}
