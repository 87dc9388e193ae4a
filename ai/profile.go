package ai

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
)

// Profile weighs the terms a Computer scores a tile with. Difficulty
// changes the weights, never what the computer knows. The profiles live
// in profiles.json.
type Profile struct {
	// Name names the profile; About says how it plays.
	Name  string `json:"name"`
	About string `json:"about"`
	// Offence weighs the expected damage of the best shot from the tile,
	// Kill the chance of killing with it.
	Offence float64 `json:"offence"`
	Kill    float64 `json:"kill"`
	// Exposure weighs the expected damage the believed enemies would deal
	// to the unit there in their next turn, every shot their AP buys (it
	// weighs more as the unit's HP falls).
	Exposure float64 `json:"exposure"`
	// Life weighs the chance that the believed enemies' next turn of
	// fire fells the unit there (in the units of a shot's value: a Kill
	// weight is one enemy felled).
	Life float64 `json:"life"`
	// Odds scales the risk by the balance of force: 1 plus Odds times
	// how far the believed enemies' force over its side's is from even
	// (0: the risk as it is), never bolder for a unit at half its HP.
	Odds float64 `json:"odds"`
	// ShareFire splits each enemy's fire between the unit and the
	// friends it may shoot now, in Exposure and Life: it cannot shoot
	// them all with every shot.
	ShareFire bool `json:"shareFire"`
	// Spacing is the cost of each friend within a tile of the unit, where
	// one suppressive fire could catch both (only with enemies about).
	Spacing float64 `json:"spacing"`
	// ThreatStep lets a threat that has no shot at a tile take a step
	// (to an open tile beside it) before it shoots, in Exposure.
	ThreatStep bool `json:"threatStep"`
	// StepOut weighs the fire of a believed enemy with no shot at a tile
	// that one move action would give a shot (0: none), at its best
	// trade: its shots count by the share of their damage that the
	// return fire of the unit and its friends there does not match.
	StepOut float64 `json:"stepOut"`
	// StepPeek also counts, in the step out, an enemy's peek round a
	// corner (the farthest tile within two that way) on maps of at most
	// 48×48 tiles (largeBoard; never on larger ones): a closer look, at
	// twice the step-out tiles.
	StepPeek bool `json:"stepPeek"`
	// Escort makes the unit its side must protect weigh, at every tile,
	// the chance that the fire of each believed enemy that one move
	// action would give a shot at it fells it (from every tile that move
	// reaches, in a battle fought over an object too), every shot
	// counted: the enemy trades anything for the battle (escort).
	Escort bool `json:"escort"`
	// Look is the most AP of walking to a tile it weighs (0: every tile
	// it reaches): a short look sees neither the flank nor the cover a
	// run away.
	Look int `json:"look"`
	// LookAhead is how many of its best tiles it weighs again against
	// the enemies' best answer, one ply (0: none): each believed enemy
	// may first move one action to where its remaining shots hurt the
	// unit most, a flank or a closer shot.
	LookAhead int `json:"lookAhead"`
	// AimObject weighs each tile by the shot it gives at an object its
	// side must destroy, when that is worth more than its shot at an
	// enemy (objectShot): it makes for a firing point.
	AimObject bool `json:"aimObject"`
	// Creep makes a unit whose side knows of no enemy walk a long move
	// (to look for the enemy or make for its objective) one bound to
	// cover at a time, at most one AP, and decide again with what its
	// side then sees: the enemy its move shows it is answered with the
	// AP it kept.
	Creep bool `json:"creep"`
	// Shots is the most shots a tile's score counts (0: every shot the
	// AP left there buys): a beginner looks one shot ahead, and walks
	// off the AP that would have bought the others.
	Shots int `json:"shots"`
	// ShootFirst also weighs, for each tile, shooting from where the unit
	// stands with the AP the move there leaves, then moving: shoot, then
	// get into cover.
	ShootFirst bool `json:"shootFirst"`
	// Approach weighs each tile of distance to the nearest threat beyond
	// Band times the range increment of the unit's weapon: a sniper
	// keeps its distance where a shotgun closes in.
	Approach float64 `json:"approach"`
	Band     float64 `json:"band"`
	// Objective weighs each tile of distance to the objective zone the
	// side makes for (its own, else the enemy's); with one, it takes the
	// place of Approach.
	Objective float64 `json:"objective"`
	// Support is the cost of each tile past supportRange from the
	// nearest friend, so that no unit fights out of its squad's reach
	// (only with enemies about).
	Support float64 `json:"support"`
	// CoverBlind judges its own shots as if no cover stood near the
	// target (the shot is rolled at its true odds all the same): a
	// beginner's mistake, it neither looks for the flank nor picks the
	// enemy in the open over the one behind a wall.
	CoverBlind bool `json:"coverBlind"`
	// MinChance is the least hit chance worth a shot.
	MinChance float64 `json:"minChance"`
	// Stay is the bonus for staying put, so a unit does not shuffle for
	// nothing.
	Stay float64 `json:"stay"`
	// Watch weighs an overwatch (or a covering fire zone) as that share
	// of a hit with the unit's weapon.
	Watch float64 `json:"watch"`
	// Focus weighs damage to a wounded enemy: a hit on an enemy at half
	// its HP counts 1+Focus/2 times.
	Focus float64 `json:"focus"`
	// Suppress weighs the enemy fire a suppressive fire takes away.
	Suppress float64 `json:"suppress"`
	// Commands are the commands beyond moving, shooting, stances,
	// reloading and overwatch that it plays: aim, take_cover,
	// suppressive_fire, covering_fire, blind_fire, charge, pile_through
	// (when walking cannot get it closer to the enemy it looks for),
	// attack_cover (shooting the cover an enemy hides behind), break_out
	// (a suppressed unit runs at full speed when the tile is worth its
	// suppressor's shot).
	Commands []string `json:"commands"`
	// Finish lets the ready unit likeliest to fell an enemy with its
	// shots where it stands act first, before the suppressors, when that
	// chance is at least Finish (0: never; with Coordinate).
	Finish float64 `json:"finish"`
	// Clock is the slack, in turns, below which the clock presses the
	// side that must win by a deadline (clockPressure): its risk weighs
	// less and the objective zone pulls more as the slack runs out, to
	// at most a quarter of the risk and three times the pull with none
	// (0: the clock weighs only through urgency).
	Clock float64 `json:"clock"`
	// Memory is how many turns an enemy it saw and no longer sees stays
	// believed where it was last seen (0: contactMemory): what its side
	// saw, remembered longer, never more.
	Memory int `json:"memory"`
	// CoverDE counts, in every shot's odds, the cover's DE that a hit on
	// a limb it hides loses first (seed 004): a unit behind thick cover
	// takes less than the dice, and one in the open all of them.
	CoverDE bool `json:"coverDE"`
	// Straggler spares the straggler of the enemy's extraction: a shot's
	// fall term at an enemy whose fall would hand its side the
	// extraction (handsExtract: the rest stand in the zone, or a move
	// from it with the target farther, or can gather before the
	// deadline where it could not) is worth -winWorth kills rather than
	// the Kill weight.
	Straggler bool `json:"straggler"`
	// Coordinate makes the squad act in order of what each unit can do
	// now: suppressors first, then the best shots, then the movers.
	Coordinate bool `json:"coordinate"`
}

// memory returns the turns a contact stays believed: Memory, else
// contactMemory.
func (p Profile) memory() int {
	if p.Memory > 0 {
		return p.Memory
	}
	return contactMemory
}

// playable are the commands a profile's Commands may name.
var playable = []string{"aim", "take_cover", "suppressive_fire", "covering_fire", "blind_fire", "charge", "pile_through", "attack_cover", "break_out"}

//go:embed profiles.json
var profilesJSON []byte

// Profiles returns the named profiles of profiles.json, in its order.
func Profiles() ([]Profile, error) {
	var f struct {
		Profiles []Profile `json:"profiles"`
	}
	if err := json.Unmarshal(profilesJSON, &f); err != nil {
		return nil, fmt.Errorf("ai/profiles.json: %w", err)
	}
	for i, p := range f.Profiles {
		if p.Name == "" || p.MinChance < 0 || p.MinChance > 1 || p.Offence <= 0 || p.Shots < 0 || p.Memory < 0 {
			return nil, fmt.Errorf("ai/profiles.json: profile %d (%q): needs a name, offence above 0, minChance in 0..1, shots and memory 0 or more", i+1, p.Name)
		}
		for _, c := range p.Commands {
			if !slices.Contains(playable, c) {
				return nil, fmt.Errorf("ai/profiles.json: profile %q: command %q is not one of %v", p.Name, c, playable)
			}
		}
	}
	return f.Profiles, nil
}

// ProfileNamed returns the profile with the given name.
func ProfileNamed(name string) (Profile, error) {
	ps, err := Profiles()
	if err != nil {
		return Profile{}, err
	}
	for _, p := range ps {
		if p.Name == name {
			return p, nil
		}
	}
	return Profile{}, fmt.Errorf("no computer profile %q in ai/profiles.json", name)
}

// Normal is the default profile, "normal" of profiles.json (zero when the
// file is broken, which TestProfiles catches).
var Normal, _ = ProfileNamed("normal")
