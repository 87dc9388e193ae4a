package netplay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"sightline/match"
	"sightline/rules"
)

// Version is the protocol version every message carries as "v". Version
// 2 sends a view's map tiles and data tables once per connection (Kept);
// version 3 its obstacles only when they changed (KeptObstacles).
const Version = 3

// Limits of the protocol.
const (
	// MaxClientMessage bounds a message a client sends (a command is a
	// few hundred bytes).
	MaxClientMessage = 8 << 10
	// MaxServerMessage bounds a message the server sends (a view holds the
	// map and the data tables): a client reads no more.
	MaxServerMessage = 4 << 20
)

// Message types.
const (
	TypeHello   = "hello"
	TypeCommand = "command"
	TypeView    = "view"
	TypeEvents  = "events"
	TypeError   = "error"
)

// Message is one message either way. Which fields it carries depends on
// its Type; every message carries V, the protocol version.
type Message struct {
	V    int    `json:"v"`
	Type string `json:"type"`
	// Match and Seat (hello, from the client) name the match and the
	// seat's token.
	Match string `json:"match,omitempty"`
	Seat  string `json:"seat,omitempty"`
	// Side, Level and Turns (hello, from the server) say which side the
	// seat plays, on which level, and the turn after which the match is a
	// draw.
	Side  string `json:"side,omitempty"`
	Level string `json:"level,omitempty"`
	Turns int    `json:"turns,omitempty"`
	// Seq is, in a command, the number of this seat's commands applied
	// before it; in a view or events message, the number applied so far.
	Seq int `json:"seq"`
	// Command is a command message's command.
	Command *rules.CommandSpec `json:"command,omitempty"`
	// View is a view message's view of the seat's side.
	View *match.View `json:"view,omitempty"`
	// Events are the events the seat's side witnessed of one command, and
	// Ack says the command was the seat's own.
	Events []Event `json:"events,omitempty"`
	Ack    bool    `json:"ack,omitempty"`
	// Result is set in a view once the match is over.
	Result *Result `json:"result,omitempty"`
	// Kept says a view leaves out its Tiles and Data: they are those of
	// the last view sent on this connection (Keeper puts them back).
	Kept bool `json:"kept,omitempty"`
	// KeptObstacles says a view leaves out its Obstacles: they are those
	// of the last view sent on this connection that held them.
	KeptObstacles bool `json:"keptObstacles,omitempty"`
	// Code and Error say why a message was refused: a code from the
	// Code* constants and words.
	Code  string `json:"code,omitempty"`
	Error string `json:"error,omitempty"`

	raw []byte // the message as JSON, when made already (never sent as a field)
}

// JSON returns the message as JSON.
func (m *Message) JSON() ([]byte, error) {
	if m.raw != nil {
		return m.raw, nil
	}
	return json.Marshal(m)
}

// Event is one witnessed event: its rules name and its fields.
type Event struct {
	Type  string          `json:"type"`
	Event json.RawMessage `json:"event"`
}

// Result is how a match ended.
type Result struct {
	// Winner is "blue", "red" or "draw".
	Winner string `json:"winner"`
	// Turns is the turn the match ended on.
	Turns int `json:"turns"`
	// End is the match's digest after its last command (match.Hash).
	End string `json:"end"`
	// Why says what decided a draw other than the turn limit (the last
	// units of both sides fell together); "" at the turn limit and for a
	// win.
	Why string `json:"why,omitempty"`
}

// Codes of refused messages.
const (
	CodeMalformed = "malformed"   // not a message of this protocol
	CodeVersion   = "version"     // another protocol version
	CodeTooLarge  = "too_large"   // over MaxClientMessage
	CodeRate      = "rate"        // too many messages too fast
	CodeToken     = "token"       // no seat has this token in this match
	CodeHello     = "hello"       // a command before hello, or a second hello
	CodeOtherSide = "other_side"  // a command for the other side's unit
	CodeOutOfTurn = "out_of_turn" // not this seat's turn
	CodeReplayed  = "replayed"    // seq already applied
	CodeSequence  = "sequence"    // seq ahead of the commands applied
	CodeIllegal   = "illegal"     // the rules refuse the command
	CodeOver      = "over"        // the match is over
	CodeStale     = "stale"       // another server applied a command first: send again on the new view
	CodeInternal  = "internal"    // the server failed; nothing changed
)

// Refusal is a refused message: a Code and words.
type Refusal struct {
	Code string
	Msg  string
}

// Error returns the words.
func (r *Refusal) Error() string { return r.Msg }

// refuse returns a Refusal.
func refuse(code, format string, args ...any) *Refusal {
	return &Refusal{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// ErrorMessage returns the error message for err: its Refusal's code, or
// CodeInternal.
func ErrorMessage(err error, seq int) Message {
	var r *Refusal
	if !errors.As(err, &r) {
		r = &Refusal{Code: CodeInternal, Msg: "the server failed; nothing changed"}
	}
	return Message{V: Version, Type: TypeError, Code: r.Code, Error: r.Msg, Seq: seq}
}

// DecodeClient reads a message a client sent: one JSON object of a known
// type and this version, with no unknown field, within MaxClientMessage.
func DecodeClient(b []byte) (Message, error) {
	var m Message
	if len(b) > MaxClientMessage {
		return m, refuse(CodeTooLarge, "message of %d bytes: the limit is %d", len(b), MaxClientMessage)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return Message{}, refuse(CodeMalformed, "not a message: %v", clip(err.Error()))
	}
	if dec.More() {
		return Message{}, refuse(CodeMalformed, "not a message: more than one JSON value")
	}
	if m.V != Version {
		return Message{}, refuse(CodeVersion, "protocol version %d: this server speaks %d", m.V, Version)
	}
	switch {
	case m.Type == TypeHello && m.Match != "" && m.Seat != "" && m.Command == nil:
	case m.Type == TypeCommand && m.Command != nil && m.Match == "" && m.Seat == "" && m.Seq >= 0:
	case m.Type == TypeHello || m.Type == TypeCommand:
		return Message{}, refuse(CodeMalformed, "a %s message needs %s", m.Type, map[string]string{
			TypeHello: `"match" and "seat", and nothing else`, TypeCommand: `"seq" (0 or more) and "command", and no "match" or "seat"`}[m.Type])
	default:
		return Message{}, refuse(CodeMalformed, "message type %q: a client sends hello or command", clip(m.Type))
	}
	if m.View != nil || m.Events != nil || m.Result != nil || m.Kept || m.KeptObstacles || m.Side != "" || m.Level != "" || m.Turns != 0 || m.Code != "" || m.Error != "" || m.Ack {
		return Message{}, refuse(CodeMalformed, "a client's %s message carries fields only the server sends", m.Type)
	}
	return m, nil
}

// clip cuts text from a stranger to a length fit for an error message.
func clip(s string) string {
	s = match.SafeText(s)
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

// Keeper reads the server's messages on one connection and puts back
// into a view what the server left out because it sent it earlier on
// that connection: the map tiles and data tables (Kept) and the
// obstacles (KeptObstacles). A client keeps one per connection. The
// views it returns share what was put back: none may change it.
type Keeper struct {
	tiles     []rules.Tile
	data      *rules.Data
	obstacles []rules.Obstacle
	whole     bool // a view with its map was read
	known     bool // a view with its obstacles was read
}

// Decode reads one server message, a kept view made whole again from the
// last ones that held what it leaves out, then checked as any view
// (match.View.UnmarshalFilled).
func (k *Keeper) Decode(b []byte) (Message, error) {
	var w struct {
		Message
		View json.RawMessage `json:"view"` // read below, once filled
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return Message{}, err
	}
	m := w.Message
	if len(w.View) == 0 || string(w.View) == "null" {
		return m, nil
	}
	switch {
	case m.Kept && !k.whole:
		return Message{}, errors.New("the server left a view's map out before it sent one")
	case m.KeptObstacles && !k.known:
		return Message{}, errors.New("the server left a view's obstacles out before it sent them")
	}
	v := new(match.View)
	err := v.UnmarshalFilled(w.View, func(v *match.View) error {
		if m.Kept {
			if v.Tiles != nil || v.Data != nil {
				return errors.New("view: a kept view holds a map")
			}
			v.Tiles, v.Data = k.tiles, k.data
		}
		if m.KeptObstacles {
			if v.Obstacles != nil {
				return errors.New("view: a view that keeps its obstacles holds some")
			}
			v.Obstacles = k.obstacles
		}
		return nil
	})
	if err != nil {
		return Message{}, err
	}
	if !m.Kept {
		k.tiles, k.data, k.whole = v.Tiles, v.Data, true
	}
	if !m.KeptObstacles {
		k.obstacles, k.known = v.Obstacles, true
	}
	m.View, m.Kept, m.KeptObstacles = v, false, false
	return m, nil
}

// NewMatch is the body of POST /matches.
type NewMatch struct {
	// Level names a shipped level; Turns is the turn limit (0: DefaultTurns).
	Level string `json:"level"`
	Turns int    `json:"turns,omitempty"`
	// Spectate is what the spectator link shows while the match is
	// played: SpectateAtEnd (""; nothing) or SpectateProgress.
	Spectate string `json:"spectate,omitempty"`
}
