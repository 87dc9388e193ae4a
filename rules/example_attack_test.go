package rules

import "fmt"

// A shot at a target behind low cover: the breakdown lists every modifier
// with its rule, and the hit chance is computed from it.
func ExampleBreakdown() {
	s, _ := ParseASCII(`
..........
B.....lR..
..........`)
	for _, u := range s.Units {
		_ = DefaultData().Equip(u, "trooper")
	}
	ev, _ := Apply(s, Attack{Unit: 1, Target: 2}, NewRNG(1))
	a := ev[0].(Attacked)
	for _, m := range a.Breakdown.Mods {
		fmt.Printf("%-8s %+3d  %-18s %s\n", m.Kind, m.Value, m.Label, m.Source)
	}
	fmt.Printf("need %d on the d20: %.0f%%\n", a.Breakdown.Need(), a.Chance*100)
	// Output:
	// defence  +10  Base               ruleset §5, Attack resolution
	// defence   +2  Defence of Red 2   ruleset §5, Target defence
	// defence   +2  Half cover         seed 004, Low cover
	// attack    +3  Attack of Blue 1   ruleset §5, Attack bonus
	// attack    -1  Recoil             seed 003, Recoil
	// need 12 on the d20: 45%
}
