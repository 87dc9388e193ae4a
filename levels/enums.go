package levels

import "sightline/rules"

import (
	"fmt"
	"strconv"
	"strings"
)

// enum is one of the project's enum property types as the loader knows it.
type enum struct {
	// name is the enum's name in the project file, e.g. "CoverHeight".
	name string
	// values are the allowed values, in the project's order.
	values []string
	// intStorage is true when Tiled stores the value's index, not its name.
	intStorage bool
}

// coverHeightEnum and the functions below return the enums the loader
// interprets. Their values are fixed by the code; the project file must
// list the same ones (a test checks the embedded one).
func coverHeightEnum() enum {
	return enum{name: "CoverHeight", values: []string{"very-low", "low", "high", "full"}}
}

func materialEnum() enum {
	return enum{name: "Material", values: append([]string(nil), materialNames[:]...)}
}

func sideEnum() enum { return enum{name: "Side", values: []string{"blue", "red"}} }

func stanceEnum() enum {
	return enum{name: "Stance", values: []string{"standing", "crouched", "prone"}}
}

func sizeEnum() enum {
	return enum{name: "Size", values: []string{"tiny", "small", "medium", "large", "huge", "gargantuan"}}
}

// unitTypeEnum lists the unit types of the rules' unit table
// (rules/data/defaults.json), in its order.
func unitTypeEnum() enum {
	d := rules.DefaultData()
	e := enum{name: "UnitType"}
	for _, u := range d.Units {
		e.values = append(e.values, u.Name)
	}
	return e
}

// goalEnum lists the objectives' goals (rules.Goals).
func goalEnum() enum {
	e := enum{name: "Goal"}
	for _, g := range rules.Goals {
		e.values = append(e.values, string(g))
	}
	return e
}

// knownEnums returns every enum the loader interprets.
func knownEnums() []enum {
	return []enum{coverHeightEnum(), materialEnum(), sideEnum(), stanceEnum(), sizeEnum(), unitTypeEnum(), goalEnum()}
}

// parse returns the value named by v: a listed value, or its index when the
// enum is stored as int.
func (e enum) parse(v string) (string, error) {
	for _, s := range e.values {
		if s == v {
			return s, nil
		}
	}
	if e.intStorage {
		if i, err := strconv.Atoi(v); err == nil && i >= 0 && i < len(e.values) {
			return e.values[i], nil
		}
	}
	return "", fmt.Errorf("unknown %s %q (want %s)", e.name, v, strings.Join(e.values, ", "))
}

// coverHeight returns the height in bricks of a CoverHeight value.
func coverHeight(v string) int {
	switch v {
	case "very-low":
		return 1
	case "low":
		return 2
	case "high":
		return 3
	}
	return 5
}
