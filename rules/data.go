package rules

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

//go:embed data/defaults.json
var defaultsJSON []byte

// defaultData is parsed once from the embedded file and never modified.
var defaultData, defaultDataErr = parseData(defaultsJSON, nil)

// DefaultData returns the embedded default tables (rules/data/defaults.json).
// The tables are shared: treat them as read-only. It panics only if the
// embedded file is broken, which the package tests rule out.
func DefaultData() *Data {
	if defaultDataErr != nil {
		panic("rules: embedded data/defaults.json: " + defaultDataErr.Error())
	}
	return defaultData
}

// Rules returns the state's data tables, or the defaults when none are set.
func (s *State) Rules() *Data {
	if s.Data != nil {
		return s.Data
	}
	return DefaultData()
}

// Data is the designer-tunable part of the rules: weapons, unit types,
// cover materials, the hit-location table and the numbers of the ruleset.
type Data struct {
	Tuning       Tuning        `json:"tuning"`
	HitLocations []HitLocation `json:"hitLocations"`
	Weapons      []Weapon      `json:"weapons"`
	Units        []UnitType    `json:"units"`
	Materials    []Material    `json:"materials"`
	// Warnings are what ParseData noticed that does not stop play: each
	// field the file lacks that took its default, one warning a field.
	Warnings []string `json:"-"`
}

// Tuning holds the ruleset's numbers (docs/RULES.md cites each).
type Tuning struct {
	BaseDefence          int        `json:"baseDefence"`
	RangePenalty         int        `json:"rangePenalty"`
	MaxIncrements        int        `json:"maxIncrements"`
	ReflexDC             int        `json:"reflexDC"`
	PerceptionDC         int        `json:"perceptionDC"`
	FlankedDivePenalty   int        `json:"flankedDivePenalty"`
	SuppressPenalty      int        `json:"suppressPenalty"`
	UntrainedPenalty     int        `json:"untrainedPenalty"`
	TwoWeaponPenalty     int        `json:"twoWeaponPenalty"`
	AimPerception        int        `json:"aimPerception"`
	AimConeTiles         int        `json:"aimConeTiles"`
	AimConeDegrees       int        `json:"aimConeDegrees"`
	SuppressDefence      int        `json:"suppressDefence"`
	SuppressRounds       int        `json:"suppressRounds"`
	SuppressAP           int        `json:"suppressAP"`
	ChargeAttack         int        `json:"chargeAttack"`
	ChargeDefence        int        `json:"chargeDefence"`
	OverCoverAttack      int        `json:"overCoverAttack"`
	OverCoverDefence     int        `json:"overCoverDefence"`
	BraceBonus           int        `json:"braceBonus"`
	HighVaultTiles       int        `json:"highVaultTiles"`
	BlindMissPercent     int        `json:"blindMissPercent"`
	BlindEmptyPercent    int        `json:"blindEmptyPercent"`
	WatchRangeIncrements int        `json:"watchRangeIncrements"`
	WatchConeDegrees     int        `json:"watchConeDegrees"`
	CoverBonus           CoverBonus `json:"coverBonus"`
}

// CoverBonus is the defence bonus of each cover grade (ruleset §3).
type CoverBonus struct {
	Exposed      int `json:"exposed"`
	None         int `json:"none"`
	Half         int `json:"half"`
	ThreeQuarter int `json:"threeQuarter"`
	Full         int `json:"full"`
	Improved     int `json:"improved"`
	// Corner is full cover's bonus for a standing or crouched target at a
	// corner (seed 004, Corner cover).
	Corner int `json:"corner"`
}

// HitLocation maps d20 rolls up to UpTo (after the previous entry's UpTo)
// to a limb: head, torso, leftArm, rightArm, leftLeg or rightLeg.
type HitLocation struct {
	Limb string `json:"limb"`
	UpTo int    `json:"upTo"`
}

// Dice is a damage roll such as 2d6+1.
type Dice struct {
	N, Sides, Plus int
}

// ParseDice reads "NdS" or "NdS+K" (or "NdS-K").
func ParseDice(s string) (Dice, error) {
	bad := fmt.Errorf("dice %q: want NdS or NdS+K, e.g. 2d6+1", s)
	n, rest, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "d")
	if !ok {
		return Dice{}, bad
	}
	var d Dice
	var err error
	if d.N, err = strconv.Atoi(n); err != nil || d.N < 1 {
		return Dice{}, bad
	}
	sides, plus := rest, ""
	if i := strings.IndexAny(rest, "+-"); i >= 0 {
		sides, plus = rest[:i], rest[i:]
	}
	if d.Sides, err = strconv.Atoi(sides); err != nil || d.Sides < 1 {
		return Dice{}, bad
	}
	if plus != "" {
		if d.Plus, err = strconv.Atoi(plus); err != nil {
			return Dice{}, bad
		}
	}
	return d, nil
}

// String returns the dice in NdS+K form.
func (d Dice) String() string {
	s := fmt.Sprintf("%dd%d", d.N, d.Sides)
	if d.Plus > 0 {
		s += "+" + strconv.Itoa(d.Plus)
	} else if d.Plus < 0 {
		s += strconv.Itoa(d.Plus)
	}
	return s
}

// Roll rolls the dice and returns the total and the single dice.
func (d Dice) Roll(rng *RNG) (int, []int) {
	t := d.Plus
	faces := make([]int, d.N)
	for i := range faces {
		faces[i] = rng.D(d.Sides)
		t += faces[i]
	}
	if t < 0 {
		t = 0
	}
	return t, faces
}

// MarshalJSON writes the dice as a string.
func (d Dice) MarshalJSON() ([]byte, error) { return json.Marshal(d.String()) }

// UnmarshalJSON reads the dice from a string such as "2d6".
func (d *Dice) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("dice: want a string like \"2d6\"")
	}
	v, err := ParseDice(s)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Fire modes: how fast a weapon shoots (seed 003).
const (
	FireSingle = "single"
	FireSemi   = "semi"
	FireAuto   = "auto"
)

// Weapon is one row of the weapon table.
type Weapon struct {
	// Name is the weapon's key in the table; empty means no weapon.
	Name string `json:"name"`
	// AP is the cost of one attack (2 for heavy weapons).
	AP int `json:"ap"`
	// Damage is the damage roll.
	Damage Dice `json:"damage"`
	// Range is the range increment in tiles; melee weapons reach 1.
	Range int `json:"range"`
	// Threat is the lowest natural d20 roll that is a critical threat (20,
	// or 19 for 19-20).
	Threat int `json:"threat"`
	// Crit multiplies the damage of a critical hit.
	Crit int `json:"crit"`
	// Magazine is how many rounds a reload holds (0 for melee weapons).
	Magazine int `json:"magazine"`
	// Fire is single, semi or auto; covering and suppressive fire need
	// semi or auto.
	Fire string `json:"fire"`
	// Burst is the rounds one covering-fire attack action uses.
	Burst int `json:"burst"`
	// Recoil is the recoil penalty to hit (0 or negative).
	Recoil int `json:"recoil"`
	// AimAP is the cost of Aim with this weapon (2 for sniper rifles).
	AimAP int `json:"aimAP"`
	// Heavy weapons cost 2 AP to fire.
	Heavy bool `json:"heavy"`
	// Melee weapons strike adjacent targets and need no ammunition.
	Melee bool `json:"melee"`
	// TwoWeapon marks a weapon a unit may fight with two at a time (seed
	// 003, Two-Weapon Combat: pistols and submachine guns).
	TwoWeapon bool `json:"twoWeapon,omitempty"`
}

// Carried is a weapon a unit holds or has stowed, with its loaded rounds.
type Carried struct {
	Weapon Weapon
	Ammo   int
}

// Empty reports whether nothing is carried in this slot.
func (c Carried) Empty() bool { return c.Weapon.Name == "" }

// UnitType is one row of the unit table.
type UnitType struct {
	Name       string `json:"name"`
	AP         int    `json:"ap"`
	Speed      int    `json:"speed"`
	Defence    int    `json:"defence"`
	Attack     int    `json:"attack"`
	ST         int    `json:"st"`
	INT        int    `json:"int"`
	Perception int    `json:"perception"`
	Reflex     int    `json:"reflex"`
	HP         int    `json:"hp"`
	Size       int    `json:"size"`
	Weapon     string `json:"weapon"`
	Holster    string `json:"holster"`
	// Untrained units lack seed 003's Advanced Firearms Proficiency: -4
	// on suppressive fire. Absent, a type is trained.
	Untrained bool `json:"untrained,omitempty"`
	// FluidMovement makes the first change of stance in each of the
	// unit's turns free (seed 000). Absent, every change costs 1 AP.
	FluidMovement bool `json:"fluidMovement,omitempty"`
}

// Stats are a unit's combat statistics.
type Stats struct {
	// Defence adds to the target number of attacks against the unit.
	Defence int
	// Attack adds to the unit's attack rolls.
	Attack int
	// ST is strength (piling through cover: d6 + ST > DE).
	ST int
	// INT caps the overwatch threat bonus at INT x3.
	INT int
	// Perception adds to perception checks (blind fire spotting).
	Perception int
	// Reflex adds to Reflex saves (diving for cover).
	Reflex int
	// Untrained is true for a unit without Advanced Firearms Proficiency
	// (seed 003): -4 on suppressive fire.
	Untrained bool `json:",omitempty"`
	// FluidMovement is true when the unit's first change of stance each
	// turn is free (seed 000).
	FluidMovement bool `json:",omitempty"`
}

// Material is one row of the cover material table: what cover made of it
// is like unless a map says otherwise.
type Material struct {
	Name string `json:"name"`
	// DE is the defence against penetration (seed 004: soft 3, hard 12,
	// very hard 18).
	DE int `json:"de"`
	// BlocksSight and BlocksEffect say which lines it stops (glass stops
	// shots, not sight; smoke and foliage stop sight, not shots).
	BlocksSight  bool `json:"blocksSight"`
	BlocksEffect bool `json:"blocksEffect"`
	// Destructible says whether attacks can break it.
	Destructible bool `json:"destructible"`
	// Walkable says units walk through it (smoke).
	Walkable bool `json:"walkable,omitempty"`
}

// ApplyTo gives obstacle o this material and its defaults.
func (m Material) ApplyTo(o *Obstacle) {
	o.Material, o.DE = m.Name, m.DE
	o.BlocksSight, o.BlocksEffect, o.Destructible, o.Walkable = m.BlocksSight, m.BlocksEffect, m.Destructible, m.Walkable
}

// ParseData reads and validates data tables in the format of
// rules/data/defaults.json. Errors name the offending entry and field.
//
// A file written before a field was added still loads: a field it lacks
// takes the default (rules/data/defaults.json's value; in a row of the
// weapon, unit or material tables, the value of the default row of the
// same name), with one warning naming it in Data.Warnings. Fields marked
// optional (omitempty: twoWeapon, untrained, fluidMovement, walkable) are
// off when absent, and a field whose default is zero or off reads as its
// default, both without a warning. A row the defaults do not have must
// give its fields itself.
func ParseData(b []byte) (*Data, error) { return parseData(b, DefaultData()) }

// parseData is ParseData, taking what the file lacks from def (nil: the
// file must be whole, as the defaults are).
func parseData(b []byte, def *Data) (*Data, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var d Data
	if err := dec.Decode(&d); err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	if def != nil {
		d.Warnings = fillMissing("", b, reflect.ValueOf(&d).Elem(), reflect.ValueOf(def).Elem())
	}
	if err := d.Validate(); err != nil {
		return nil, err
	}
	return &d, nil
}

// fillMissing gives each field of the struct dst that the JSON object raw
// lacks the value of the same field of def, and returns one warning for
// each, its path after prefix ("tuning.aimConeTiles"). It goes into the
// objects raw has (tuning.coverBonus) and into the rows of tables whose
// row of the same name def has. Fields marked omitempty are optional and
// left as they are, as are those whose default is the zero value.
func fillMissing(prefix string, raw []byte, dst, def reflect.Value) []string {
	var keys map[string]json.RawMessage
	if json.Unmarshal(raw, &keys) != nil {
		return nil
	}
	var out []string
	t := dst.Type()
	for i := 0; i < t.NumField(); i++ {
		name, opts, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name == "" || name == "-" || strings.Contains(opts, "omitempty") {
			continue
		}
		v, ok := keys[name]
		f, df := dst.Field(i), def.Field(i)
		switch {
		case !ok && df.IsZero():
			// The default is what an absent field reads as: nothing to say.
		case !ok:
			f.Set(df)
			shown, _ := json.Marshal(df.Interface())
			out = append(out, fmt.Sprintf("data: %s%s: missing (the file is older than the field); the default %s is used", prefix, name, shown))
		case f.Kind() == reflect.Struct:
			out = append(out, fillMissing(prefix+name+".", v, f, df)...)
		case f.Kind() == reflect.Slice && f.Type().Elem().Kind() == reflect.Struct:
			out = append(out, fillRows(prefix+name, v, f, df)...)
		}
	}
	return out
}

// fillRows fills the rows of the table dst that have a row of the same
// name in def (fillMissing), and returns the warnings.
func fillRows(path string, raw []byte, dst, def reflect.Value) []string {
	var rows []json.RawMessage
	if json.Unmarshal(raw, &rows) != nil || len(rows) != dst.Len() {
		return nil
	}
	name := func(v reflect.Value) string {
		if f := v.FieldByName("Name"); f.IsValid() && f.Kind() == reflect.String {
			return f.String()
		}
		return ""
	}
	var out []string
	for i := range rows {
		row := dst.Index(i)
		n := name(row)
		if n == "" {
			continue
		}
		for j := 0; j < def.Len(); j++ {
			if name(def.Index(j)) == n {
				out = append(out, fillMissing(fmt.Sprintf("%s[%d] %q.", path, i, n), rows[i], row, def.Index(j))...)
				break
			}
		}
	}
	return out
}

// Validate checks every table and returns the first problem found.
func (d *Data) Validate() error {
	t := d.Tuning
	for _, f := range []struct {
		name string
		v    int
	}{{"baseDefence", t.BaseDefence}, {"maxIncrements", t.MaxIncrements}, {"reflexDC", t.ReflexDC}, {"perceptionDC", t.PerceptionDC}, {"suppressRounds", t.SuppressRounds}, {"suppressAP", t.SuppressAP}, {"watchRangeIncrements", t.WatchRangeIncrements}, {"watchConeDegrees", t.WatchConeDegrees}, {"aimConeTiles", t.AimConeTiles}, {"aimConeDegrees", t.AimConeDegrees}} {
		if f.v < 1 {
			return fmt.Errorf("data: tuning.%s: %d, want at least 1", f.name, f.v)
		}
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"blindMissPercent", t.BlindMissPercent}, {"blindEmptyPercent", t.BlindEmptyPercent}} {
		if f.v < 0 || f.v > 100 {
			return fmt.Errorf("data: tuning.%s: %d, want 0 to 100", f.name, f.v)
		}
	}
	if t.UntrainedPenalty < 0 || t.AimPerception < 0 || t.TwoWeaponPenalty < 0 {
		return fmt.Errorf("data: tuning.untrainedPenalty %d, aimPerception %d and twoWeaponPenalty %d: want 0 or more", t.UntrainedPenalty, t.AimPerception, t.TwoWeaponPenalty)
	}
	if t.HighVaultTiles < 0 {
		return fmt.Errorf("data: tuning.highVaultTiles: %d, want 0 or more", t.HighVaultTiles)
	}
	last := 0
	for i, h := range d.HitLocations {
		if _, ok := parseLimb(h.Limb); !ok {
			return fmt.Errorf("data: hitLocations[%d].limb: unknown limb %q (want %s)", i, h.Limb, strings.Join(limbKeys[:], ", "))
		}
		if h.UpTo <= last || h.UpTo > 20 {
			return fmt.Errorf("data: hitLocations[%d].upTo: %d, want more than %d and at most 20", i, h.UpTo, last)
		}
		last = h.UpTo
	}
	if last != 20 {
		return fmt.Errorf("data: hitLocations: the last upTo is %d, want 20 so every d20 roll lands somewhere", last)
	}
	for i, w := range d.Weapons {
		if err := w.validate(); err != nil {
			return fmt.Errorf("data: weapons[%d] %q: %w", i, w.Name, err)
		}
		for _, v := range d.Weapons[:i] {
			if v.Name == w.Name {
				return fmt.Errorf("data: weapons[%d].name: %q is listed twice", i, w.Name)
			}
		}
	}
	if _, ok := d.Weapon("unarmed"); !ok {
		return errors.New("data: weapons: the table needs an \"unarmed\" entry (empty-handed attacks)")
	}
	for i, u := range d.Units {
		if err := d.validateUnit(u); err != nil {
			return fmt.Errorf("data: units[%d] %q: %w", i, u.Name, err)
		}
		for _, v := range d.Units[:i] {
			if v.Name == u.Name {
				return fmt.Errorf("data: units[%d].name: %q is listed twice", i, u.Name)
			}
		}
	}
	for i, m := range d.Materials {
		if m.Name == "" {
			return fmt.Errorf("data: materials[%d].name: empty", i)
		}
		if m.DE < 0 {
			return fmt.Errorf("data: materials[%d] %q: de: %d, want 0 or more", i, m.Name, m.DE)
		}
		for _, v := range d.Materials[:i] {
			if v.Name == m.Name {
				return fmt.Errorf("data: materials[%d].name: %q is listed twice", i, m.Name)
			}
		}
	}
	return nil
}

func (w Weapon) validate() error {
	switch {
	case w.Name == "":
		return errors.New("name: empty")
	case w.AP < 1:
		return fmt.Errorf("ap: %d, want at least 1", w.AP)
	case w.Damage.N < 1:
		return errors.New("damage: missing (want dice like \"2d6\")")
	case w.Range < 1:
		return fmt.Errorf("range: %d, want at least 1 tile", w.Range)
	case w.Threat < 2 || w.Threat > 20:
		return fmt.Errorf("threat: %d, want 2 to 20", w.Threat)
	case w.Crit < 1:
		return fmt.Errorf("crit: %d, want at least 1", w.Crit)
	case w.Recoil > 0:
		return fmt.Errorf("recoil: %d, want 0 or negative", w.Recoil)
	case w.TwoWeapon && (w.Melee || w.Heavy):
		return errors.New("twoWeapon: only a light firearm (a pistol or a submachine gun) is fought with two at a time")
	}
	if w.Melee {
		if w.Magazine != 0 {
			return fmt.Errorf("magazine: %d, melee weapons have none", w.Magazine)
		}
		return nil
	}
	switch {
	case w.Magazine < 1:
		return fmt.Errorf("magazine: %d, want at least 1", w.Magazine)
	case w.Fire != FireSingle && w.Fire != FireSemi && w.Fire != FireAuto:
		return fmt.Errorf("fire: %q, want single, semi or auto", w.Fire)
	case w.Burst < 1 || w.Burst > w.Magazine:
		return fmt.Errorf("burst: %d, want 1 to the magazine (%d)", w.Burst, w.Magazine)
	case w.AimAP < 1:
		return fmt.Errorf("aimAP: %d, want at least 1", w.AimAP)
	}
	return nil
}

func (d *Data) validateUnit(u UnitType) error {
	switch {
	case u.Name == "":
		return errors.New("name: empty")
	case u.AP < 1:
		return fmt.Errorf("ap: %d, want at least 1", u.AP)
	case u.Speed < 1:
		return fmt.Errorf("speed: %d, want at least 1", u.Speed)
	case u.HP < 1:
		return fmt.Errorf("hp: %d, want at least 1", u.HP)
	case u.Size != 1 && u.Size != 2:
		return fmt.Errorf("size: %d, want 1 or 2", u.Size)
	case u.INT < 0 || u.ST < 0:
		return errors.New("st and int: want 0 or more")
	}
	for _, f := range []struct{ field, name string }{{"weapon", u.Weapon}, {"holster", u.Holster}} {
		if f.name == "" {
			continue
		}
		if _, ok := d.Weapon(f.name); !ok {
			return fmt.Errorf("%s: unknown weapon %q", f.field, f.name)
		}
	}
	return nil
}

// Weapon returns the weapon with the given name.
func (d *Data) Weapon(name string) (Weapon, bool) {
	for _, w := range d.Weapons {
		if w.Name == name {
			return w, true
		}
	}
	return Weapon{}, false
}

// UnitType returns the unit type with the given name.
func (d *Data) UnitType(name string) (UnitType, bool) {
	for _, u := range d.Units {
		if u.Name == name {
			return u, true
		}
	}
	return UnitType{}, false
}

// Material returns the cover material with the given name.
func (d *Data) Material(name string) (Material, bool) {
	for _, m := range d.Materials {
		if m.Name == name {
			return m, true
		}
	}
	return Material{}, false
}

// Load returns a full magazine of the named weapon, or an error naming it.
func (d *Data) Load(name string) (Carried, error) {
	if name == "" {
		return Carried{}, nil
	}
	w, ok := d.Weapon(name)
	if !ok {
		return Carried{}, fmt.Errorf("unknown weapon %q", name)
	}
	return Carried{Weapon: w, Ammo: w.Magazine}, nil
}

// Equip gives u the statistics and weapons of the named unit type, full
// AP and HP. Position, side, stance, facing and name are kept.
func (d *Data) Equip(u *Unit, typeName string) error {
	t, ok := d.UnitType(typeName)
	if !ok {
		names := make([]string, len(d.Units))
		for i, v := range d.Units {
			names[i] = v.Name
		}
		return fmt.Errorf("unknown unit type %q (want one of %s)", typeName, strings.Join(names, ", "))
	}
	hand, err := d.Load(t.Weapon)
	if err != nil {
		return err
	}
	holster, err := d.Load(t.Holster)
	if err != nil {
		return err
	}
	u.Type = t.Name
	u.Size = t.Size
	u.Speed = t.Speed
	u.AP, u.MaxAP = t.AP, t.AP
	u.HP, u.MaxHP = t.HP, t.HP
	u.Stats = Stats{Defence: t.Defence, Attack: t.Attack, ST: t.ST, INT: t.INT, Perception: t.Perception, Reflex: t.Reflex, Untrained: t.Untrained, FluidMovement: t.FluidMovement}
	u.Hand, u.Holster = hand, holster
	return nil
}

// wielded returns the weapon the unit fights with: its held weapon, or
// its bare hands.
func (s *State) wielded(u *Unit) Weapon {
	if !u.Hand.Empty() {
		return u.Hand.Weapon
	}
	if w, ok := s.Rules().Weapon("unarmed"); ok {
		return w
	}
	return Weapon{Name: "unarmed", AP: 1, Damage: Dice{N: 1, Sides: 3}, Range: 1, Threat: 20, Crit: 2, Melee: true}
}
