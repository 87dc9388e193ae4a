package levels

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

// project holds the custom property types of a .tiled-project file.
type project struct {
	// file is the project file's path, for errors.
	file string
	// enums and classes are keyed by type name.
	enums   map[string]enum
	classes map[string][]member
}

// member is one member of a class with its default value as TMX writes it.
type member struct {
	name, typ, value string
}

// findProject loads the first *.tiled-project file at the root of fsys, or
// the embedded project when there is none.
func findProject(fsys fs.FS) (*project, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err == nil {
		for _, e := range entries {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".tiled-project") {
				return loadProject(fsys, e.Name())
			}
		}
	}
	return loadProject(Embedded(), embeddedProject)
}

// loadProject reads and parses a project file.
func loadProject(fsys fs.FS, name string) (*project, error) {
	data, err := readFile(fsys, name)
	if err != nil {
		return nil, err
	}
	p, err := parseProject(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	p.file = name
	return p, nil
}

// parseProject parses the "propertyTypes" of a project file.
func parseProject(data []byte) (*project, error) {
	var raw struct {
		PropertyTypes []struct {
			Name        string   `json:"name"`
			Type        string   `json:"type"`
			StorageType string   `json:"storageType"`
			Values      []string `json:"values"`
			Members     []struct {
				Name  string          `json:"name"`
				Type  string          `json:"type"`
				Value json.RawMessage `json:"value"`
			} `json:"members"`
		} `json:"propertyTypes"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	p := &project{enums: map[string]enum{}, classes: map[string][]member{}}
	for _, t := range raw.PropertyTypes {
		if t.Type == "enum" {
			p.enums[t.Name] = enum{name: t.Name, values: t.Values, intStorage: t.StorageType == "int"}
		}
	}
	for _, t := range raw.PropertyTypes {
		if t.Type != "class" {
			continue
		}
		var ms []member
		for _, m := range t.Members {
			if m.Type == "class" {
				continue // nested classes carry no value the loader reads
			}
			v, err := jsonScalar(m.Value)
			if err != nil {
				return nil, fmt.Errorf("class %s: member %q: %w", t.Name, m.Name, err)
			}
			ms = append(ms, member{name: m.Name, typ: m.Type, value: v})
		}
		p.classes[t.Name] = ms
	}
	return p, nil
}

// jsonScalar turns a JSON string, number or boolean into TMX text.
func jsonScalar(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return "", err
	}
	switch v := v.(type) {
	case string:
		return v, nil
	case bool:
		return strconv.FormatBool(v), nil
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	}
	return "", fmt.Errorf("value %s is not a string, number or boolean", raw)
}

// enum returns the loader's enum e with the project's storage type.
func (p *project) enum(e enum) enum {
	if pe, ok := p.enums[e.name]; ok {
		e.intStorage = pe.intStorage
	}
	return e
}

// classNames returns the project's class names, sorted, for messages.
func (p *project) classNames() string {
	var names []string
	for n := range p.classes {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
