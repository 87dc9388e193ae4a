package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"sightline/levels"
	"sightline/rules"
)

// Scenario is a battle to play: where, who, with which dice and what
// commands.
type Scenario struct {
	// Seed seeds the one gameplay RNG.
	Seed uint64 `json:"seed"`
	// Map is an ASCII map, one string per row (rules.DefaultLegend plus
	// Legend); Level is a Tiled .tmx file instead. Exactly one is needed.
	Map    []string         `json:"map"`
	Level  string           `json:"level"`
	Legend map[string]Glyph `json:"legend"`
	// Data is an optional path to data tables replacing the defaults.
	Data string `json:"data"`
	// MapUnitType is the unit type of units placed by map glyphs and level
	// spawns (default trooper; 2x2 spawns become mechs).
	MapUnitType string `json:"mapUnitType"`
	// Units are placed after the map's own units, in order.
	Units []UnitSpec `json:"units"`
	// Commands are applied in order.
	Commands []CommandSpec `json:"commands"`
}

// Glyph is a legend entry: an obstacle filling the tile, a floor
// elevation, or both.
type Glyph struct {
	Obstacle *ObstacleSpec `json:"obstacle"`
	Floor    int           `json:"floor"`
}

// ObstacleSpec describes an obstacle for a legend glyph.
type ObstacleSpec struct {
	Name string `json:"name"`
	// Height is very-low, low, high or full.
	Height string `json:"height"`
	// Material names a row of the materials table; its DE is used unless
	// DE is given.
	Material     string `json:"material"`
	DE           *int   `json:"de"`
	BlocksSight  *bool  `json:"blocksSight"`
	BlocksEffect *bool  `json:"blocksEffect"`
	Destructible *bool  `json:"destructible"`
	Vaultable    *bool  `json:"vaultable"`
	ArrowSlit    bool   `json:"arrowSlit"`
}

// UnitSpec places one unit.
type UnitSpec struct {
	Name    string  `json:"name"`
	Side    string  `json:"side"`
	At      *[2]int `json:"at"`
	Type    string  `json:"type"`
	Stance  string  `json:"stance"`
	Weapon  *string `json:"weapon"`
	Holster *string `json:"holster"`
	HP      int     `json:"hp"`
}

// CommandSpec is one command (see rules.CommandSpec).
type CommandSpec = rules.CommandSpec

// Run reads a scenario from r, plays it and writes one JSON object per
// line to w: every event with "event" (its name) and "step" (the command's
// index), and a "rejected" object for each illegal command with the
// reason; first, a "warning" object for each field the data file lacks
// (it takes the default). A malformed scenario returns an error naming the bad field.
func Run(r io.Reader, w io.Writer) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var sc Scenario
	if err := dec.Decode(&sc); err != nil {
		return fmt.Errorf("scenario: %w", err)
	}
	s, cmds, err := sc.Build()
	if err != nil {
		return err
	}
	rng := rules.NewRNG(sc.Seed)
	out := json.NewEncoder(w)
	for _, msg := range s.Rules().Warnings {
		// A data file older than a field: it took the default.
		if err := out.Encode(map[string]any{"event": "warning", "warning": msg}); err != nil {
			return err
		}
	}
	for i, c := range cmds {
		ev, err := rules.Apply(s, c, rng)
		if err != nil {
			reason := err.Error()
			if u := errors.Unwrap(err); u != nil {
				reason = u.Error()
			}
			if err := out.Encode(map[string]any{"event": "rejected", "step": i, "command": c.CommandName(), "reason": reason, "error": err.Error()}); err != nil {
				return err
			}
			continue
		}
		for _, e := range ev {
			obj, err := eventObject(e, i)
			if err != nil {
				return err
			}
			if err := out.Encode(obj); err != nil {
				return err
			}
		}
	}
	return nil
}

// eventObject turns an event into a JSON object with its name and step.
func eventObject(e rules.Event, step int) (map[string]any, error) {
	b, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	obj := map[string]any{}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&obj); err != nil {
		return nil, err
	}
	obj["event"], obj["step"] = e.EventName(), step
	return obj, nil
}

// Build makes the battle and the commands, checking every field.
func (sc *Scenario) Build() (*rules.State, []rules.Command, error) {
	data := rules.DefaultData()
	if sc.Data != "" {
		b, err := os.ReadFile(sc.Data)
		if err != nil {
			return nil, nil, fmt.Errorf("scenario: data: %w", err)
		}
		if data, err = rules.ParseData(b); err != nil {
			return nil, nil, fmt.Errorf("scenario: data: %s: %w", sc.Data, err)
		}
	}
	var s *rules.State
	switch {
	case len(sc.Map) > 0 && sc.Level != "":
		return nil, nil, errors.New("scenario: map and level: give one, not both")
	case len(sc.Map) > 0:
		var err error
		if s, err = sc.buildMap(data); err != nil {
			return nil, nil, err
		}
	case sc.Level != "":
		lv, err := levels.OpenFile(sc.Level)
		if err != nil {
			return nil, nil, fmt.Errorf("scenario: level: %w", err)
		}
		s = lv.State
	default:
		return nil, nil, errors.New("scenario: map: missing (give an ASCII map or a level file)")
	}
	s.Data = data
	typ := sc.MapUnitType
	if typ == "" {
		typ = "trooper"
	}
	for _, u := range s.Units {
		t := typ
		if u.Size == 2 && sc.MapUnitType == "" {
			t = "mech"
		}
		st := u.Stance
		if err := data.Equip(u, t); err != nil {
			return nil, nil, fmt.Errorf("scenario: mapUnitType: %w", err)
		}
		u.Stance = st
	}
	for i, us := range sc.Units {
		if err := addUnit(s, data, us); err != nil {
			return nil, nil, fmt.Errorf("scenario: units[%d].%w", i, err)
		}
	}
	cmds := make([]rules.Command, len(sc.Commands))
	for i, cs := range sc.Commands {
		c, err := cs.Command(s)
		if err != nil {
			return nil, nil, fmt.Errorf("scenario: commands[%d].%w", i, err)
		}
		cmds[i] = c
	}
	return s, cmds, nil
}

func (sc *Scenario) buildMap(data *rules.Data) (*rules.State, error) {
	legend := rules.DefaultLegend()
	for _, g := range legend {
		if o := g.Obstacle; o != nil {
			switch o.Height {
			case rules.HeightVeryLow, rules.HeightLow:
				o.Material, o.Vaultable, o.Destructible = "wood", true, true
			case rules.HeightHigh:
				if !o.ArrowSlit {
					o.Material, o.Vaultable, o.Destructible = "brick", true, true
				}
			}
		}
	}
	keys := make([]string, 0, len(sc.Legend))
	for k := range sc.Legend {
		keys = append(keys, k)
	}
	sortStrings(keys)
	for _, k := range keys {
		r := []rune(k)
		if len(r) != 1 {
			return nil, fmt.Errorf("scenario: legend[%q]: a glyph is one character", k)
		}
		g, err := sc.Legend[k].glyph(data)
		if err != nil {
			return nil, fmt.Errorf("scenario: legend[%q].%w", k, err)
		}
		legend[r[0]] = g
	}
	s, err := rules.ParseASCIIWith(strings.Join(sc.Map, "\n"), legend)
	if err != nil {
		return nil, fmt.Errorf("scenario: map: %w", err)
	}
	return s, nil
}

func sortStrings(a []string) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func (g Glyph) glyph(data *rules.Data) (rules.Glyph, error) {
	out := rules.Glyph{Floor: g.Floor}
	if g.Floor < 0 {
		return out, fmt.Errorf("floor: %d, want 0 or more", g.Floor)
	}
	if g.Obstacle == nil {
		return out, nil
	}
	o := g.Obstacle
	ob := &rules.Obstacle{Name: o.Name, Class: "Cover", Material: o.Material, Size: rules.SizeMedium, BlocksSight: true, BlocksEffect: true, ArrowSlit: o.ArrowSlit}
	switch o.Height {
	case "very-low":
		ob.Height = rules.HeightVeryLow
	case "low":
		ob.Height = rules.HeightLow
	case "high":
		ob.Height = rules.HeightHigh
	case "full":
		ob.Height = rules.HeightFull
	default:
		return out, fmt.Errorf("obstacle.height: %q, want very-low, low, high or full", o.Height)
	}
	ob.Vaultable = ob.Height < rules.HeightFull
	if o.Material != "" {
		m, ok := data.Material(o.Material)
		if !ok {
			return out, fmt.Errorf("obstacle.material: unknown material %q", o.Material)
		}
		m.ApplyTo(ob)
	}
	if o.DE != nil {
		if *o.DE < 0 {
			return out, fmt.Errorf("obstacle.de: %d, want 0 or more", *o.DE)
		}
		ob.DE = *o.DE
	}
	for _, f := range []struct {
		p   *bool
		dst *bool
	}{{o.BlocksSight, &ob.BlocksSight}, {o.BlocksEffect, &ob.BlocksEffect}, {o.Destructible, &ob.Destructible}, {o.Vaultable, &ob.Vaultable}} {
		if f.p != nil {
			*f.dst = *f.p
		}
	}
	if ob.Name == "" {
		ob.Name = o.Height + " " + o.Material
	}
	out.Obstacle = ob
	return out, nil
}

func addUnit(s *rules.State, data *rules.Data, us UnitSpec) error {
	side, err := rules.ParseSide(us.Side)
	if err != nil {
		return fmt.Errorf("side: %w", err)
	}
	if us.At == nil {
		return errors.New("at: missing (want [x, y])")
	}
	u := rules.DefaultUnit(side, rules.Point{X: us.At[0], Y: us.At[1]})
	typ := us.Type
	if typ == "" {
		typ = "trooper"
	}
	if err := data.Equip(&u, typ); err != nil {
		return fmt.Errorf("type: %w", err)
	}
	if us.Stance != "" {
		if u.Stance, err = rules.ParseStance(us.Stance); err != nil {
			return fmt.Errorf("stance: %w", err)
		}
	}
	if us.Weapon != nil {
		if u.Hand, err = data.Load(*us.Weapon); err != nil {
			return fmt.Errorf("weapon: %w", err)
		}
	}
	if us.Holster != nil {
		if u.Holster, err = data.Load(*us.Holster); err != nil {
			return fmt.Errorf("holster: %w", err)
		}
	}
	if us.HP < 0 {
		return fmt.Errorf("hp: %d, want more than 0", us.HP)
	}
	if us.HP > 0 {
		u.HP, u.MaxHP = us.HP, us.HP
	}
	u.Name = us.Name
	for dy := 0; dy < u.Size; dy++ {
		for dx := 0; dx < u.Size; dx++ {
			p := u.Pos.Add(rules.Point{X: dx, Y: dy})
			if !s.Board.InBounds(p) {
				return fmt.Errorf("at: (%d,%d) is off the %dx%d map", p.X, p.Y, s.Board.Width, s.Board.Height)
			}
			if !s.Board.Passable(p) {
				return fmt.Errorf("at: (%d,%d) is blocked", p.X, p.Y)
			}
			if o := s.UnitAt(p); o != nil {
				return fmt.Errorf("at: (%d,%d) already holds %s", p.X, p.Y, o.Name)
			}
		}
	}
	s.AddUnit(u)
	return nil
}
