package systems

import (
	"bytes"
	"encoding/json"
	"fmt"

	"sightline/match"
	"sightline/rules"
)

// DecodeEvent reads an event a server sent, by its rules name and its
// JSON fields (what rules' event types marshal to), into the rules event
// its presenter shows. An unknown name, a field the event does not have
// or a malformed value is an error: the event is not shown.
func DecodeEvent(name string, raw []byte) (rules.Event, error) {
	p, ok := presenters[name]
	if !ok {
		return nil, fmt.Errorf("event %q: no such event", clipName(name))
	}
	return p.decode(raw)
}

// decode reads an event of type E from its JSON.
func (k kind[E]) decode(raw []byte) (rules.Event, error) {
	var e E
	if any(e) == nil {
		return nil, fmt.Errorf("an event of no kind")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		return nil, fmt.Errorf("event %s: %v", e.EventName(), err)
	}
	if dec.More() {
		return nil, fmt.Errorf("event %s: more than one JSON value", e.EventName())
	}
	return e, nil
}

// clipName cuts a name from a stranger for an error message.
func clipName(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return match.SafeText(s)
}
