// Package actions is the catalogue of what a unit can be ordered to do:
// each action of the action bar is declared once, with everything the
// player's input and the computer both need. For the
// player: its button label, hotkey, the hint line of its mode, what it is
// pointed at and the greyed-out reason when it cannot be given. For both:
// how its rules command is built from a unit and a target, how the rules
// are asked whether it is legal (only with the enemies the side knows of,
// so no reason names one the fog hides), which rules preview answers it,
// and the candidate commands the computer weighs.
//
// The rules stay the referee: the catalogue builds commands and asks
// rules.Check and the rules' previews; it decides nothing itself. It is
// pure (no ebiten), so the computer opponent and the tools may read it.
//
// A new action is one entry in the catalogue (catalogue.go): its ID in
// the bar's order and its Spec; the action bar, the hotkeys, the help
// card and the battle's targeting modes read it from there.
package actions
