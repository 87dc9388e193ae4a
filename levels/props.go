package levels

import (
	"fmt"
	"strconv"

	"github.com/lafriks/go-tiled"
)

// source says where a property value came from.
type source int

// The property sources, weakest first: own values beat template values,
// which beat a tile object's tile's, which beat class defaults.
const (
	fromClass source = iota
	fromTile
	fromTemplate
	fromOwn
)

// prop is one property value as TMX writes it.
type prop struct {
	value string
	src   source
}

// props is a merged property set, keyed by name.
type props map[string]prop

// add sets the plain (non-class) properties of ps from src, keeping the
// first of duplicated names, over weaker values already present.
func (p props) add(ps tiled.Properties, src source) {
	seen := map[string]bool{}
	for _, q := range ps {
		if q == nil || seen[q.Name] || q.Type == "class" {
			continue
		}
		seen[q.Name] = true
		p[q.Name] = prop{value: q.Value, src: src}
	}
}

// addDefaults fills in the class members that are not set yet.
func (p props) addDefaults(members []member) {
	for _, m := range members {
		if _, ok := p[m.name]; !ok {
			p[m.name] = prop{value: m.value, src: fromClass}
		}
	}
}

// explicit reports whether the property was set on the object or its
// template rather than left at the class default.
func (p props) explicit(name string) bool {
	q, ok := p[name]
	return ok && q.src > fromClass
}

// propError names the property in an error.
func propError(name string, err error) error { return fmt.Errorf("property %q: %w", name, err) }

// str returns a string property, or def when absent.
func (p props) str(name, def string) string {
	if q, ok := p[name]; ok {
		return q.value
	}
	return def
}

// enum returns an enum property, or def when absent.
func (p props) enum(name string, e enum, def string) (string, error) {
	q, ok := p[name]
	if !ok || (q.value == "" && q.src == fromClass) {
		return def, nil
	}
	v, err := e.parse(q.value)
	if err != nil {
		return "", propError(name, err)
	}
	return v, nil
}

// int returns a whole-number property, or def when absent.
func (p props) int(name string, def int) (int, error) {
	q, ok := p[name]
	if !ok {
		return def, nil
	}
	v, err := strconv.Atoi(q.value)
	if err != nil {
		return 0, propError(name, fmt.Errorf("%q is not a whole number", q.value))
	}
	return v, nil
}

// bool returns a boolean property, or def when absent.
func (p props) bool(name string, def bool) (bool, error) {
	q, ok := p[name]
	if !ok {
		return def, nil
	}
	switch q.value {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, propError(name, fmt.Errorf("%q is not true or false", q.value))
}
