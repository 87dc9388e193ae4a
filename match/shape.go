package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// listLimits bounds the lists of a replay, by field path.
var listLimits = map[string]int{"commands": MaxCommands, "turns": MaxTurns, "level.sources": maxSources}

// checkShape walks data token by token against the fields of Replay,
// before anything is decoded: every key spelled exactly as written (so
// "Seed" is not "seed"), none twice, no unknown ones, every value of its
// field's type and within range, lists no longer than their limit
// (counted as they are read, so a file of millions of commands is refused
// after MaxCommands+1), nothing after the end.
func checkShape(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	w := walker{dec: dec, data: data}
	if err := w.value(reflect.TypeFor[Replay](), ""); err != nil {
		return w.fail(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return w.fail(errors.New("data after the end of the replay"))
	}
	return nil
}

// walker is the state of checkShape.
type walker struct {
	dec  *json.Decoder
	data []byte
}

// fail wraps err with where the walk stopped.
func (w *walker) fail(err error) error {
	line, col := lineCol(w.data, int(w.dec.InputOffset()))
	return fmt.Errorf("%w: %v (line %d, column %d)", ErrReplayFormat, err, line, col)
}

// value checks the next value against type t, at path (for messages).
func (w *walker) value(t reflect.Type, path string) error {
	tok, err := w.dec.Token()
	if err != nil {
		return fmt.Errorf("%s: %v", name(path), err)
	}
	if t.Kind() == reflect.Pointer {
		if tok == nil {
			return nil
		}
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		if tok != json.Delim('{') {
			return want(path, "an object", tok)
		}
		return w.object(t, path)
	case reflect.Slice, reflect.Array:
		if tok != json.Delim('[') {
			return want(path, "a list", tok)
		}
		return w.list(t, path)
	case reflect.String:
		s, ok := tok.(string)
		if !ok {
			return want(path, "a string", tok)
		}
		if len(s) > maxText {
			return fmt.Errorf("%s: %d bytes of text, more than the %d allowed", name(path), len(s), maxText)
		}
	case reflect.Bool:
		if _, ok := tok.(bool); !ok {
			return want(path, "true or false", tok)
		}
	case reflect.Int:
		n, ok := tok.(json.Number)
		if !ok {
			return want(path, "a whole number", tok)
		}
		if _, err := strconv.ParseInt(string(n), 10, 32); err != nil {
			return fmt.Errorf("%s: %s is not a whole number from %d to %d", name(path), clipText(string(n)), math.MinInt32, math.MaxInt32)
		}
	case reflect.Uint64:
		n, ok := tok.(json.Number)
		if !ok {
			return want(path, "a whole number", tok)
		}
		if _, err := strconv.ParseUint(string(n), 10, 64); err != nil {
			return fmt.Errorf("%s: %s is not a whole number from 0 to %d", name(path), clipText(string(n)), uint64(math.MaxUint64))
		}
	case reflect.Float64:
		n, ok := tok.(json.Number)
		if !ok {
			return want(path, "a number", tok)
		}
		if f, err := strconv.ParseFloat(string(n), 64); err != nil || math.IsInf(f, 0) {
			return fmt.Errorf("%s: %s is out of range", name(path), clipText(string(n)))
		}
	default: // a field type this walk does not know: a bug, said plainly
		return fmt.Errorf("%s: cannot check a %s", name(path), t)
	}
	return nil
}

// object checks the fields of an object of struct type t, after its '{'.
func (w *walker) object(t reflect.Type, path string) error {
	fields := jsonFields(t)
	seen := map[string]bool{}
	for w.dec.More() {
		tok, err := w.dec.Token()
		if err != nil {
			return fmt.Errorf("%s: %v", name(path), err)
		}
		key := tok.(string) // the decoder gives only strings as keys
		at := join(path, key)
		var f reflect.Type
		for _, fd := range fields {
			if fd.key == key {
				f = fd.typ
				break
			}
		}
		if f == nil {
			for _, fd := range fields {
				if strings.EqualFold(fd.key, key) {
					return fmt.Errorf("%s: keys are case-sensitive: write %q", name(at), fd.key)
				}
			}
			return fmt.Errorf("%s: unknown field", name(at))
		}
		if seen[key] {
			return fmt.Errorf("%s: given twice", name(at))
		}
		seen[key] = true
		if err := w.value(f, at); err != nil {
			return err
		}
	}
	_, err := w.dec.Token() // '}'
	return err
}

// list checks the elements of a list of type t, after its '['.
func (w *walker) list(t reflect.Type, path string) error {
	limit := math.MaxInt
	if t.Kind() == reflect.Array {
		limit = t.Len()
	} else if l, ok := listLimits[path]; ok {
		limit = l
	}
	n := 0
	for ; w.dec.More(); n++ {
		if n == limit {
			if t.Kind() == reflect.Array {
				return fmt.Errorf("%s: more than %d values", name(path), limit)
			}
			return fmt.Errorf("%s: more than %d, the most a replay may hold", name(path), limit)
		}
		if err := w.value(t.Elem(), fmt.Sprintf("%s[%d]", path, n)); err != nil {
			return err
		}
	}
	if t.Kind() == reflect.Array && n != t.Len() {
		return fmt.Errorf("%s: has %d values, want %d", name(path), n, t.Len())
	}
	_, err := w.dec.Token() // ']'
	return err
}

// field is a struct field as JSON writes it.
type field struct {
	key string
	typ reflect.Type
}

// jsonFields returns t's fields with the key that encodes each, in order.
func jsonFields(t reflect.Type) []field {
	var out []field
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch key {
		case "-":
			continue
		case "":
			key = f.Name
		}
		out = append(out, field{key, f.Type})
	}
	return out
}

// want says what a value should have been.
func want(path, what string, tok json.Token) error {
	got := "null"
	switch v := tok.(type) {
	case json.Delim:
		got = map[json.Delim]string{'{': "an object", '[': "a list"}[v]
	case string:
		got = "a string"
	case bool:
		got = "true or false"
	case json.Number:
		got = "the number " + clipText(string(v))
	}
	return fmt.Errorf("%s: %s, want %s", name(path), got, what)
}

// join appends key to path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// name is path for a message, its keys' control characters escaped.
func name(path string) string {
	if path == "" {
		return "the replay"
	}
	return SafeText(clipText(path))
}
