package rules

// MoveCoverModifier is seed 001's "moving to/from/within cover" rule on
// its cover value scale (exposed -1, light 0, medium 1, heavy 2; active
// cover one more): +1 when the start or the area moved through was better
// than the end, -1 when worse, 0 when both or neither.
func MoveCoverModifier(start int, path []int, end int) int {
	better, worse := start > end, start < end
	for _, v := range path {
		better = better || v > end
		worse = worse || v < end
	}
	switch {
	case better && !worse:
		return 1
	case worse && !better:
		return -1
	}
	return 0
}

// coverValue is u's cover value where it stands on seed 001's scale: the
// passive grade of the area, one step more while taking cover (light
// cover, none passive, taken actively counts as medium: 1).
func coverValue(s *State, u *Unit) int {
	g, _ := oracleArea(s, u, u.Pos, u.Stance)
	v := coverScale(g)
	if u.Status.TakingCover && g >= CoverNone && v < 3 {
		v++
	}
	return v
}

// moveCoverMod is the defence modifier u carries for having moved this
// turn (seed 001), until its next turn starts.
func moveCoverMod(s *State, u *Unit) int {
	if !u.Status.Moved {
		return 0
	}
	var path []int
	if u.Status.PathLow <= u.Status.PathHigh {
		path = []int{u.Status.PathLow, u.Status.PathHigh}
	}
	return MoveCoverModifier(u.Status.MoveStart, path, coverValue(s, u))
}

// notePath records the cover value of a tile u passes through.
func notePath(u *Unit, v int) {
	if v < u.Status.PathLow {
		u.Status.PathLow = v
	}
	if v > u.Status.PathHigh {
		u.Status.PathHigh = v
	}
}

// resetMoveCover records u's cover as its turn begins (seed 001: the
// start value includes active cover).
func resetMoveCover(s *State, u *Unit) {
	u.Status.Moved = false
	u.Status.StartKnown = true
	u.Status.MoveStart = coverValue(s, u)
}

// beginMove prepares the moving-through-cover record before a move.
func beginMove(s *State, u *Unit) {
	if u.Status.Moved {
		notePath(u, coverValue(s, u))
		return
	}
	if !u.Status.StartKnown {
		u.Status.MoveStart = coverValue(s, u)
		u.Status.StartKnown = true
	}
	u.Status.Moved = true
	u.Status.PathLow, u.Status.PathHigh = 99, -99
}

// scaleBonus is the defence bonus of a value on seed 001's cover scale:
// exposed (-1), light (0), medium (1), heavy (2), heavy taken actively (3)
// give the exposed, none, half, three-quarter and full bonuses; values
// past either end go one point further per step.
func scaleBonus(v int, tn Tuning) int {
	grades := [...]CoverGrade{CoverExposed, CoverNone, CoverHalf, CoverThreeQuarter, CoverFull}
	switch {
	case v < -1:
		return gradeBonus(CoverExposed, tn) - (-1 - v)
	case v > 3:
		return gradeBonus(CoverFull, tn) + (v - 3)
	}
	return gradeBonus(grades[v+1], tn)
}
