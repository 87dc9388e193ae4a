package systems

import "testing"

// Cover named by a plural noun takes plural verbs: "The sandbags shrug
// off", "The crates hold"; singular names and words ending in ss, us or
// is keep theirs.
func TestPluralNoun(t *testing.T) {
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"sandbags", true}, {"The flour sacks", true}, {"crates", true}, {"roof sandbags", true},
		{"low cover", false}, {"glass", false}, {"brick wall", false}, {"cactus", false}, {"trellis", false}, {"hay bale", false},
	} {
		if have := pluralNoun(tt.name); have != tt.want {
			t.Errorf("pluralNoun(%q) = %v, want %v", tt.name, have, tt.want)
		}
	}
	if have, want := agree(pluralNoun("The sandbags"), "shrugs", "shrug"), "shrug"; have != want {
		t.Errorf("the sandbags %s off, want %s", have, want)
	}
}
