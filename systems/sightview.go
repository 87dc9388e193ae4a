package systems

import (
	"fmt"

	"sightline/rules"
)

// Shield is the cover icon drawn next to an enemy in the hover preview: the
// cover the selected unit would have against that enemy.
type Shield int

// The shields, from worst to best for the unit.
const (
	// ShieldExposed: no cover at all anywhere near (a small warning mark).
	ShieldExposed Shield = iota
	// ShieldFlanked: in the open or flanked from this enemy's side.
	ShieldFlanked
	// ShieldHalf, ShieldThreeQuarter, ShieldFull and ShieldImproved fill the
	// shield a half, three quarters, wholly, and wholly with a star.
	ShieldHalf
	ShieldThreeQuarter
	ShieldFull
	ShieldImproved
)

var shieldNames = [...]string{"exposed", "flanked", "half", "three-quarter", "full", "improved"}

// String returns the shield's name.
func (s Shield) String() string {
	if s < 0 || int(s) >= len(shieldNames) {
		return fmt.Sprintf("Shield(%d)", int(s))
	}
	return shieldNames[s]
}

// ShieldOf returns the shield that shows a cover answer: its grade, with a
// target that has no cover from this side (flanked, or merely in the open)
// marked flanked.
func ShieldOf(g rules.CoverGrade) Shield {
	switch g {
	case rules.CoverExposed:
		return ShieldExposed
	case rules.CoverHalf:
		return ShieldHalf
	case rules.CoverThreeQuarter:
		return ShieldThreeQuarter
	case rules.CoverFull:
		return ShieldFull
	case rules.CoverImproved:
		return ShieldImproved
	}
	return ShieldFlanked
}

// SightLine is one enemy the previewed unit would see from the hovered tile.
type SightLine struct {
	// Enemy is the enemy's unit ID, and Name its name.
	Enemy int
	Name  string
	// From and To are the centres of the unit's space on the hovered tile
	// and of the enemy's space, in world pixels.
	From, To rules.Vec
	// Cover is the oracle's answer for the enemy attacking the unit at the
	// hovered tile: the cover the unit would have against it.
	Cover rules.CoverResult
	// Shield is the icon that shows Cover.
	Shield Shield
}

// SightPreview is what a unit would see, and how covered it would be, if it
// stood on Tile: one line per enemy in sight, in unit ID order.
type SightPreview struct {
	// Unit is the previewed unit's ID; Tile the hovered tile.
	Unit  int
	Tile  rules.Point
	Lines []SightLine
	// Tokens are the centres of the living units the side knows, with the
	// previewed unit on the hovered tile: the shields keep off them.
	Tokens []rules.Vec
}

// Line returns the line to the given enemy, if the unit would see it.
func (p *SightPreview) Line(enemy int) (SightLine, bool) {
	for _, l := range p.Lines {
		if l.Enemy == enemy {
			return l, true
		}
	}
	return SightLine{}, false
}

// PreviewSight asks the oracle what unit id would see from tile at: it
// clones s, puts the unit there (facing and stance kept) and calls the
// same LineOfSight and Cover the rules use. Enemies for which known
// returns false (hidden by the fog of war; nil: all known) are left out,
// so the preview never reveals a hidden enemy. s is not changed.
func PreviewSight(s *rules.State, id int, at rules.Point, known func(id int) bool) (SightPreview, error) {
	if u := s.Unit(id); u == nil || !u.Alive() {
		return SightPreview{}, fmt.Errorf("preview sight: no living unit %d", id)
	}
	if !s.Board.InBounds(at) {
		return SightPreview{}, fmt.Errorf("preview sight: tile %v is off the board", at)
	}
	h := s.Clone()
	u := h.Unit(id)
	u.Pos = at
	p := SightPreview{Unit: id, Tile: at}
	from := h.Board.SpaceCenter(u)
	for _, e := range h.Units {
		if e.Alive() && (e.Side == u.Side || known == nil || known(e.ID)) {
			p.Tokens = append(p.Tokens, h.Board.SpaceCenter(e))
		}
	}
	for _, e := range h.Units {
		if !e.Alive() || e.Side == u.Side || (known != nil && !known(e.ID)) {
			continue
		}
		if !h.LineOfSight(u, e) {
			continue
		}
		c := h.Cover(e, u)
		p.Lines = append(p.Lines, SightLine{Enemy: e.ID, Name: e.Name, From: from, To: h.Board.SpaceCenter(e), Cover: c, Shield: ShieldOf(c.Grade)})
	}
	return p, nil
}

// TargetInfo is the cover cone of one attacker against one target, as the
// targeting overlay draws it.
type TargetInfo struct {
	// Attacker and Target are the unit IDs.
	Attacker, Target int
	// Cover is the oracle's geometry: point of origin, the cone's corners,
	// the covering obstacle or unit, sight and effect.
	Cover rules.CoverResult
	// Legal is true when the attack could be made now; then Preview is the
	// plan Apply would roll, and Reason is empty. Otherwise Reason says
	// why not (the rules' own text).
	Legal   bool
	Preview rules.AttackPreview
	Reason  string
	// Origin is the point of origin drawn: the attack plan's when Legal
	// (it may lean out to peek), else the cone's.
	Origin rules.Vec
	// Grade and Flanked are the target's cover (from the plan when Legal);
	// Bonus its defence bonus from the rules' data.
	Grade   rules.CoverGrade
	Flanked bool
	Bonus   int
	// To is the centre of the target's space in world pixels.
	To rules.Vec
	// Label is the grade's text ("¾ cover +3", "Flanked", "Exposed −2");
	// Status is "no line of sight", "seen, not reachable" or "".
	Label, Status string
}

// The sight statuses of a target.
const (
	StatusNoSight    = "no line of sight"
	StatusNoEffect   = "seen, not reachable"
	statusClearSight = ""
)

// ComputeTarget asks the oracle about attacker against target: Cover for
// the cone and PreviewAttack for the plan (when the attack is legal).
func ComputeTarget(s *rules.State, attacker, target int) (TargetInfo, error) {
	a, t := s.Unit(attacker), s.Unit(target)
	if a == nil || t == nil || attacker == target {
		return TargetInfo{}, fmt.Errorf("target: bad units %d and %d", attacker, target)
	}
	c := s.Cover(a, t)
	ti := TargetInfo{Attacker: attacker, Target: target, Cover: c, Origin: c.Origin, Grade: c.Grade, Flanked: c.Flanked,
		To: s.Board.SpaceCenter(t)}
	pv, err := s.PreviewAttack(rules.Attack{Unit: attacker, Target: target})
	if err == nil {
		ti.Legal, ti.Preview = true, pv
		ti.Origin, ti.Grade, ti.Flanked = pv.Origin, pv.Grade, pv.Flanked
	} else {
		ti.Reason = readableReason(err)
	}
	corner := c.Corner
	if ti.Legal {
		corner = pv.Corner
	}
	ti.Bonus = s.CoverBonus(ti.Grade, corner)
	ti.Label = GradeLabel(ti.Grade, ti.Flanked, corner, ti.Bonus)
	switch {
	case !c.LoS && !(ti.Legal && ti.Preview.Peek):
		ti.Status = StatusNoSight
	case !c.LoE && !ti.Legal:
		ti.Status = StatusNoEffect
	default:
		ti.Status = statusClearSight
	}
	return ti, nil
}

// GradeLabel names a cover grade with its defence bonus for the targeting
// label: "½ cover +2", "¾ cover +3", "Full cover +4", "Improved cover +4",
// "Corner cover +3", "Flanked", "No cover", "Exposed −2".
func GradeLabel(g rules.CoverGrade, flanked, corner bool, bonus int) string {
	switch {
	case corner && g == rules.CoverFull:
		return "Corner cover " + signed(bonus)
	case g == rules.CoverExposed:
		return "Exposed " + signed(bonus)
	case flanked && g == rules.CoverNone:
		return "Flanked"
	case g == rules.CoverNone:
		return "No cover"
	}
	name := map[rules.CoverGrade]string{rules.CoverHalf: "½ cover", rules.CoverThreeQuarter: "¾ cover",
		rules.CoverFull: "Full cover", rules.CoverImproved: "Improved cover"}[g]
	return name + " " + signed(bonus)
}

// signed writes n with its sign, using a true minus.
func signed(n int) string {
	if n < 0 {
		return fmt.Sprintf("−%d", -n)
	}
	return fmt.Sprintf("+%d", n)
}

// readableReason is an illegal attack's reason without its sentinel.
func readableReason(err error) string {
	s := err.Error()
	for i := 0; i+1 < len(s); i++ {
		if s[i] == ':' && s[i+1] == ' ' {
			return s[i+2:]
		}
	}
	return s
}

// SightInput is what the sight view follows each frame.
type SightInput struct {
	// Selected is the selected unit's ID (0: none).
	Selected int
	// Hover is the tile under the pointer; HoverOK false when there is none.
	Hover   rules.Point
	HoverOK bool
	// Reach is the selected unit's reach this turn (nil: only its own tile
	// is previewed).
	Reach *rules.Reach
	// Know says which enemies the side to move may see (nil: all).
	// Hidden enemies get neither lines nor a target cone.
	Know Knowledge
}

// SightView is the sight and cover overlay of the battle: the hover
// preview (lines to the enemies the selected unit would see from the
// hovered tile, with a cover shield beside each) and the targeting cone.
// Both are recomputed only when their inputs or the board change, not
// every frame.
type SightView struct {
	// Computes counts the preview and target recomputations (for tests and
	// profiling).
	Computes int

	preview   SightPreview
	hasPrev   bool
	prevKey   sightKey
	target    TargetInfo
	hasTarget bool
	targetKey sightKey
	pinned    int // the target set by SetTarget (0: follow the pointer)
	side      rules.Side
}

// sightKey is what a preview or a target cone depends on.
type sightKey struct {
	unit  int
	tile  rules.Point
	other int
	board boardKey
}

// SetTarget pins the targeting cone on the enemy with the given ID, as the
// targeting mode does; 0 unpins it (the cone then follows the pointer).
func (v *SightView) SetTarget(id int) { v.pinned = id }

// Target returns the pinned target's ID (0: none).
func (v *SightView) Target() int { return v.pinned }

// Preview returns the current hover preview, if any.
func (v *SightView) Preview() (SightPreview, bool) { return v.preview, v.hasPrev }

// TargetInfo returns the current targeting cone, if any.
func (v *SightView) TargetInfo() (TargetInfo, bool) { return v.target, v.hasTarget }

// Update follows the selection and the pointer: a pinned target or a
// hovered known enemy gets the targeting cone; a hovered reachable tile (or
// the unit's own tile) gets the sight preview.
func (v *SightView) Update(s *rules.State, in SightInput) {
	sel := s.Unit(in.Selected)
	if sel == nil || !sel.Alive() {
		v.clear()
		return
	}
	v.side = sel.Side
	k := keyOf(s)
	known := func(id int) bool { return knows(in.Know, id) }

	target := v.pinned
	if !known(target) {
		target = 0
	}
	if target == 0 && in.HoverOK {
		if e := s.UnitAt(in.Hover); e != nil && e.Alive() && e.Side != sel.Side && known(e.ID) {
			target = e.ID
		}
	}
	if t := s.Unit(target); t != nil && t.Alive() && t.Side != sel.Side {
		tk := sightKey{unit: sel.ID, other: target, board: k}
		if !v.hasTarget || tk != v.targetKey {
			ti, err := ComputeTarget(s, sel.ID, target)
			v.target, v.hasTarget, v.targetKey = ti, err == nil, tk
			v.Computes++
		}
	} else {
		v.hasTarget = false
	}

	tile := in.Hover
	ok := in.HoverOK && (tile == sel.Pos || (in.Reach != nil && in.Reach.Reachable(tile)))
	if !ok || v.hasTarget {
		v.hasPrev = false
		return
	}
	pk := sightKey{unit: sel.ID, tile: tile, board: k}
	if v.hasPrev && pk == v.prevKey {
		return
	}
	p, err := PreviewSight(s, sel.ID, tile, knowsFunc(in.Know))
	v.preview, v.hasPrev, v.prevKey = p, err == nil, pk
	v.Computes++
}

func (v *SightView) clear() { v.hasPrev, v.hasTarget = false, false }
