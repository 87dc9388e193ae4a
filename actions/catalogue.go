package actions

import (
	"sightline/rules"
)

// The actions, in the action bar's order.
const (
	Move ID = iota
	Attack
	TakeCover
	Stand
	Crouch
	Prone
	Aim
	Overwatch
	Covering
	Suppress
	Blind
	Charge
	Reload
	DrawHolster
	Drop
	Pile
	Dash
	EndTurn
	count
)

// catalogue declares every action, indexed by ID; it is never changed.
// An entry names its rules command twice: build makes it, owns
// recognises it. Candidates and the legality check follow from what it
// Takes unless the entry says otherwise.
var catalogue = [count]Spec{
	{ID: Move, Label: "Move", Key: '1', Takes: TargetTile, Preview: PreviewReach,
		Help:  "Click a lit tile to move",
		build: walk(false, false),
		owns:  func(c rules.Command) bool { m, ok := c.(rules.Move); return ok && !m.Pile && !m.Dash },
		Cost:  "1 AP per Speed tiles", Effect: "walk to a lit tile; diagonal steps count 1.5, rough ground more"},
	{ID: Attack, Label: "Attack", Key: '2', Takes: TargetUnit, Cover: true, Preview: PreviewAttack, Fires: true,
		Help:  "Click an enemy to attack it, or a piece of cover to shoot the cover",
		build: attack, owns: is[rules.Attack], candidates: attacks,
		Cost: "weapon's AP (LMG 2)", Effect: "shoot or strike an enemy, or shoot the cover in front of one"},
	{ID: TakeCover, Label: "Take Cover", Key: '3',
		build: func(_ *rules.State, u int, _ Target) rules.Command { return rules.TakeCover{Unit: u} },
		owns:  is[rules.TakeCover],
		Cost:  "1 AP", Effect: "next to cover that stops shots: one grade more cover till your next turn"},
	{ID: Stand, Label: "Stand", Key: 'z', build: stance(rules.Standing), owns: stanceIs(rules.Standing),
		Cost: "1 AP", Effect: "stand up (4 bricks tall): see, and be seen, over more cover"},
	{ID: Crouch, Label: "Crouch", Key: 'c', build: stance(rules.Crouched), owns: stanceIs(rules.Crouched),
		Cost: "1 AP", Effect: "crouch (3 bricks tall): low and high cover hide more of you"},
	{ID: Prone, Label: "Prone", Key: 'v', build: stance(rules.Prone), owns: stanceIs(rules.Prone),
		Cost: "1 AP", Effect: "lie flat (1 brick): the smallest target; you still see over low cover"},
	{ID: Aim, Label: "Aim", Key: '4',
		build: func(_ *rules.State, u int, _ Target) rules.Command { return rules.Aim{Unit: u} },
		owns:  is[rules.Aim],
		Cost:  "1 AP (sniper 2)", Effect: "till your next turn your hits are critical on one more roll"},
	{ID: Overwatch, Label: "Overwatch", Key: '5', Takes: TargetPoint, Preview: PreviewWatchZone,
		Help:  "Click a tile to watch the cone toward it",
		build: func(_ *rules.State, u int, t Target) rules.Command { return rules.Overwatch{Unit: u, At: t.Tile} },
		owns:  is[rules.Overwatch],
		Cost:  "all AP left", Effect: "watch a cone: the first enemy to move or act in it draws a shot first"},
	{ID: Covering, Label: "Cover Fire", Key: '6', Takes: TargetPoint, Preview: PreviewCoverZone, Fires: true,
		Help:  "Click a tile to spray the cone toward it",
		build: func(_ *rules.State, u int, t Target) rules.Command { return rules.CoveringFire{Unit: u, At: t.Tile} },
		owns:  is[rules.CoveringFire],
		Cost:  "all AP", Effect: "sweep a cone: shoot whoever moves into it, once per weapon AP"},
	{ID: Suppress, Label: "Suppress", Key: '7', Takes: TargetArea, Preview: PreviewArea, Fires: true,
		Help:  "Click the top-left tile of the 2×2 area to suppress",
		build: func(_ *rules.State, u int, t Target) rules.Command { return rules.SuppressiveFire{Unit: u, At: t.Tile} },
		owns:  is[rules.SuppressiveFire],
		Cost:  "2 AP, 10 rounds", Effect: "pin everyone in a 2×2 area: −4 to hit and half speed"},
	{ID: Blind, Label: "Blind Fire", Key: '8', Takes: TargetUnit, Preview: PreviewAttack, Fires: true,
		Help:  "Click an enemy hidden behind your cover",
		build: func(_ *rules.State, u int, t Target) rules.Command { return rules.BlindFire{Unit: u, Target: t.Unit} },
		owns:  is[rules.BlindFire],
		Cost:  "weapon's AP", Effect: "fire round your cover at an enemy you cannot see: half the shots miss"},
	{ID: Charge, Label: "Charge", Key: '9', Takes: TargetUnit, Preview: PreviewAttack, Fires: true,
		Help:  "Click an enemy to charge it",
		build: func(_ *rules.State, u int, t Target) rules.Command { return rules.Charge{Unit: u, Target: t.Unit} },
		owns:  is[rules.Charge],
		Cost:  "all AP (at least 2)", Effect: "run straight at an enemy and strike: +2 to hit, −2 defence"},
	{ID: Reload, Label: "Reload", Key: 'r',
		build: func(_ *rules.State, u int, _ Target) rules.Command { return rules.Reload{Unit: u} },
		owns:  is[rules.Reload],
		Cost:  "1 AP", Effect: "fill the weapon in hand"},
	{ID: DrawHolster, Label: "Draw", Key: 'h', build: drawHolster, label: drawHolsterLabel,
		owns: func(c rules.Command) bool { return is[rules.Draw](c) || is[rules.Holster](c) },
		Cost: "1 AP", Effect: "draw a weapon or put one away; a second drawn gives two guns"},
	{ID: Drop, Label: "Drop", Key: 'x',
		build: func(_ *rules.State, u int, _ Target) rules.Command { return rules.Drop{Unit: u} },
		owns:  is[rules.Drop],
		Cost:  "free", Effect: "drop what you hold, drawing no reaction"},
	{ID: Pile, Label: "Pile Through", Key: 'p', Takes: TargetTile, Preview: PreviewPileReach,
		Help:  "Click a lit tile to move there smashing through cover on the way",
		build: walk(true, false),
		owns:  func(c rules.Command) bool { m, ok := c.(rules.Move); return ok && m.Pile },
		check: pileCheck,
		Cost:  "a move", Effect: "walk smashing through breakable cover; the path shows the odds"},
	{ID: Dash, Label: "Break Out", Key: 'b', Takes: TargetTile, Preview: PreviewDashReach,
		Help:  "Click a lit tile to run there at full speed, drawing your suppressor's shot",
		build: walk(false, true),
		owns:  func(c rules.Command) bool { m, ok := c.(rules.Move); return ok && m.Dash && !m.Pile },
		check: dashCheck, candidates: breakOuts,
		Cost: "a move", Effect: "suppressed: run at full speed, drawing your suppressor's shot"},
	{ID: EndTurn, Label: "End Turn", Key: 'e',
		build: func(*rules.State, int, Target) rules.Command { return rules.EndTurn{} },
		owns:  is[rules.EndTurn],
		Cost:  "free", Effect: "hand over to the other side; AP left unspent is lost"},
}

// is reports whether c is a T.
func is[T rules.Command](c rules.Command) bool {
	_, ok := c.(T)
	return ok
}

// walk builds a move to the target tile, piling through cover or
// breaking out of suppression as asked.
func walk(pile, dash bool) func(*rules.State, int, Target) rules.Command {
	return func(_ *rules.State, u int, t Target) rules.Command {
		return rules.Move{Unit: u, To: t.Tile, Pile: pile, Dash: dash}
	}
}

// stance builds a change to stance st.
func stance(st rules.Stance) func(*rules.State, int, Target) rules.Command {
	return func(_ *rules.State, u int, _ Target) rules.Command { return rules.ChangeStance{Unit: u, To: st} }
}

// stanceIs recognises a change to stance st.
func stanceIs(st rules.Stance) func(rules.Command) bool {
	return func(c rules.Command) bool { cs, ok := c.(rules.ChangeStance); return ok && cs.To == st }
}

// attack builds an attack on t's unit or cover; a unit with two weapons
// attacks with both when the second can fire too (seed 003, Two-Weapon
// Combat).
func attack(s *rules.State, unit int, t Target) rules.Command {
	c := rules.Attack{Unit: unit, Target: t.Unit, Obstacle: t.Obstacle}
	if u := s.Unit(unit); u != nil && u.TwoWeapons() {
		both := c
		both.Both = true
		if _, err := s.PreviewAttack(both); err == nil {
			return both
		}
	}
	return c
}

// drawHolster picks whichever applies: a unit with empty hands draws; one
// with a pistol or SMG in hand and another stowed draws it as a second
// weapon; otherwise it holsters.
func drawHolster(s *rules.State, unit int, _ Target) rules.Command {
	u := s.Unit(unit)
	switch {
	case u == nil || u.Holster.Empty():
	case u.Hand.Empty():
		return rules.Draw{Unit: unit}
	case !u.TwoWeapons() && u.Hand.Weapon.TwoWeapon && u.Holster.Weapon.TwoWeapon:
		return rules.Draw{Unit: unit, Second: true}
	}
	return rules.Holster{Unit: unit}
}

// drawHolsterLabel is "Draw" when the unit would draw, "Two Guns" when it
// would draw a second weapon, else "Holster".
func drawHolsterLabel(s *rules.State, u *rules.Unit) string {
	if d, ok := drawHolster(s, u.ID, Target{}).(rules.Draw); ok {
		if d.Second {
			return "Two Guns"
		}
		return "Draw"
	}
	return "Holster"
}
