package systems

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

func TestWhyLinesEqualPreviewBreakdown(t *testing.T) {
	tests := []struct {
		name string
		m    string
		// cause is a line that must name its cause ("" to skip).
		label, cause string
	}{
		{"open ground", `
			B.....R`, "Exposed: no cover anywhere near", "Red 2"},
		{"behind low cover", `
			B....lR
			.......`, "Half cover", "low cover"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, pv := blueAttacksRed(t, tc.m)
			lines := WhyLines(s, pv.Breakdown)
			if len(lines) != len(pv.Breakdown.Mods) {
				t.Fatalf("have %d lines, want one per modifier (%d)", len(lines), len(pv.Breakdown.Mods))
			}
			found := false
			for i, m := range pv.Breakdown.Mods {
				ln := lines[i]
				if ln.Label != playerLabel(s, m) || ln.Source != m.Source || ln.Kind != m.Kind {
					t.Errorf("line %d: have %+v, want %+v", i, ln, m)
				}
				want := signedNum(m.Value)
				if i == 0 {
					want = itoa(m.Value)
				}
				if ln.Value != want {
					t.Errorf("line %d value: have %q, want %q", i, ln.Value, want)
				}
				if ln.Label == tc.label {
					found = true
					if ln.Cause != tc.cause {
						t.Errorf("%s: cause %q, want %q", ln.Label, ln.Cause, tc.cause)
					}
				}
			}
			if !found {
				t.Errorf("no %q line in %+v", tc.label, lines)
			}
			tp := NewTargetPanel(s, "Attack", "Blue 1 → Red 2", pv, nil)
			if tp.Preview.Chance != pv.Chance || len(tp.Lines) != len(lines) {
				t.Error("the panel must show the preview it was given")
			}
		})
	}
}

// TestWhyLinesNameTheirSource: a unit's own defence and attack bonus
// and the base target number say where they come from, in words a player
// knows, so that a target with no cover does not show a bare "+2 Defence
// of Jay" the player takes for cover; the numbers stay the rules'.
func TestWhyLinesNameTheirSource(t *testing.T) {
	tests := []struct {
		name, m string
		// want maps each label that must be shown to its value.
		want map[string]string
		// not are labels that must not be shown.
		not []string
	}{
		{"open ground", `
			B.....R`, map[string]string{
			"Base target of every attack":   "10",
			"Red 2's own defence (Trooper)": "+2",
			"Blue 1's own attack (Trooper)": "+3",
		}, []string{"Base", "Defence of Red 2", "Attack of Blue 1"}},
		{"behind low cover", `
			B....lR
			.......`, map[string]string{
			"Red 2's own defence (Trooper)": "+2",
			"Half cover":                    "+2",
		}, []string{"Defence of Red 2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, pv := blueAttacksRed(t, tc.m)
			have := map[string]string{}
			for _, ln := range WhyLines(s, pv.Breakdown) {
				have[ln.Label] = ln.Value
			}
			for label, v := range tc.want {
				if have[label] != v {
					t.Errorf("%q: have %q, want %q (lines %v)", label, have[label], v, have)
				}
			}
			for _, label := range tc.not {
				if _, ok := have[label]; ok {
					t.Errorf("a line still reads %q (lines %v)", label, have)
				}
			}
		})
	}
}

func TestWhySectionsAddUp(t *testing.T) {
	for _, m := range []string{`
		B.................lR
		....................`, `
		B.....R`} {
		s := troopers(t, m)
		pv, err := s.PreviewAttack(rules.Attack{Unit: 1, Target: 2})
		if err != nil {
			t.Fatal(err)
		}
		bd := pv.Breakdown
		secs := WhySections(WhyLines(s, bd), bd)
		if len(secs) < 2 || secs[0].Title != "Target number" || secs[1].Title != "Your roll" {
			t.Fatalf("sections %+v", secs)
		}
		// Each section's values, looked up in the breakdown by label,
		// must add up to the total it shows.
		sums := map[string]int{}
		n := 0
		for _, sec := range secs {
			for _, ln := range sec.Lines {
				n++
				for _, m := range bd.Mods {
					if playerLabel(s, m) == ln.Label && m.Kind == ln.Kind {
						sums[sec.Title] += m.Value
						break
					}
				}
				if want := map[string]string{"Target number": rules.ModDefence, "Your roll": rules.ModAttack}[sec.Title]; want != "" && ln.Kind != want {
					t.Errorf("%s holds a %s line %q", sec.Title, ln.Kind, ln.Label)
				}
			}
		}
		if n != len(bd.Mods) {
			t.Errorf("sections hold %d lines, the breakdown %d", n, len(bd.Mods))
		}
		if sums["Target number"] != bd.Target() || secs[0].Total != itoa(bd.Target()) {
			t.Errorf("target terms add to %d, shown %q, want %d", sums["Target number"], secs[0].Total, bd.Target())
		}
		if sums["Your roll"] != bd.Attack() || secs[1].Total != "d20 "+signedNum(bd.Attack()) {
			t.Errorf("roll modifiers add to %d, shown %q, want %d", sums["Your roll"], secs[1].Total, bd.Attack())
		}
		if want := "need " + itoa(bd.Need()) + "+ on the d20"; NeedText(bd) != want {
			t.Errorf("need %q, want %q", NeedText(bd), want)
		}
	}
}

func TestTargetPanelGolden(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	s := troopers(t, `
		B.................lR
		....................`)
	pv, err := s.PreviewAttack(rules.Attack{Unit: 1, Target: 2})
	if err != nil {
		t.Fatal(err)
	}
	tp := NewTargetPanel(s, "Attack", "Blue 1 → Red 2", pv, nil)
	dst := ebiten.NewImage(int(tp.Width())+32, int(tp.Height())+32)
	dst.Fill(ColorBackground)
	var paint Painter
	tp.Draw(dst, &paint, fonts, 16, 16)
	paint.FlushText(dst, fonts)
	checkGolden(t, "whypanel", readImage(dst))
}

// The hit panel's cover tag gives the same number as the breakdown's
// cover line: "Exposed −2" in the open, never "+0".
func TestCoverTagMatchesTheBreakdown(t *testing.T) {
	tests := []struct {
		name, m, want string
	}{
		{"open ground", `
			B.....R`, "Exposed −2"},
		{"behind low cover", `
			B....lR
			.......`, "½ cover +2"},
	}
	for _, tc := range tests {
		_, pv := blueAttacksRed(t, tc.m)
		if have := GradeLabel(pv.Grade, pv.Flanked, pv.Corner, coverValue(pv)); have != tc.want {
			t.Errorf("%s: the cover tag reads %q, want %q", tc.name, have, tc.want)
		}
	}
}

// The hit panel says which object gives the cover and where it stands,
// in a player's words (issue 30: a barrel five tiles in front of the
// target baffled a player).
func TestCoverPlace(t *testing.T) {
	tests := []struct {
		name, m, want string
	}{
		{"beside the target", `
			B....lR
			.......`, "the low cover beside Red 2"},
		{"far in front of the target", `
			B...h....R.
			...........`, "the high cover between Blue 1 and Red 2, 4 tiles in front of Red 2"},
		{"one tile in front of the target", `
			B.....l.R
			.........`, "the low cover between Blue 1 and Red 2, 1 tile in front of Red 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, pv := blueAttacksRed(t, tc.m)
			tp := NewTargetPanel(s, "Attack", "Blue 1 → Red 2", pv, nil)
			var have []string
			for _, ln := range tp.Lines {
				if ln.Where != "" {
					have = append(have, ln.Label+": "+ln.Where)
				}
			}
			if len(have) != 1 || !strings.HasSuffix(have[0], ": "+tc.want) {
				t.Errorf("lines saying where: %q, want one cover line saying %q", have, tc.want)
			}
		})
	}
	// Cover attacked on its own has no target to be in front of.
	s := troopers(t, `
		B....lR`)
	pv, err := s.PreviewAttack(rules.Attack{Unit: 1, Obstacle: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, ln := range NewTargetPanel(s, "Attack", "Blue 1 → low cover", pv, nil).Lines {
		if ln.Where != "" {
			t.Errorf("attacking the cover itself: line %q says %q", ln.Label, ln.Where)
		}
	}
}

// blueAttacksRed returns the battle of troopers on ASCII map m and the
// preview of unit 1's attack on unit 2.
func blueAttacksRed(t *testing.T, m string) (*rules.State, rules.AttackPreview) {
	t.Helper()
	s := troopers(t, m)
	pv, err := s.PreviewAttack(rules.Attack{Unit: 1, Target: 2})
	if err != nil {
		t.Fatal(err)
	}
	return s, pv
}
