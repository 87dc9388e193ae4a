package scenes

import (
	"context"
	"encoding/json"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/match"
	"sightline/netplay"
	"sightline/rules"
	"sightline/systems"
)

// DefaultServer is the server "Play online" talks to until another is
// remembered (`make server` serves there).
const DefaultServer = "http://127.0.0.1:8090"

// onlineFile is the name, in the saves store, of the player's online
// book: the server and the seats the player holds.
const onlineFile = "online"

// maxSeatsKept bounds the seats the book keeps (the oldest go first).
const maxSeatsKept = 50

// onlineBook is what the player keeps of online play, with the saves
// (a file on the desktop, localStorage in the browser).
type onlineBook struct {
	Server string     `json:"server"`
	Seats  []heldSeat `json:"seats"`
	// Briefed lists the matches whose briefing was shown, newest first.
	Briefed []string `json:"briefed,omitempty"`
}

// heldSeat is a seat the player holds: the link back to it, the side and
// the level.
type heldSeat struct {
	Link  netplay.Link `json:"link"`
	Side  string       `json:"side"`
	Level string       `json:"level"`
}

// readBook reads the player's online book; a missing or unreadable one
// is an empty book on the default server.
func readBook(env *Env) onlineBook {
	b := onlineBook{Server: DefaultServer}
	if env.Store == nil {
		return b
	}
	data, err := env.Store.GetData(onlineFile)
	if err != nil || json.Unmarshal(data, &b) != nil {
		return onlineBook{Server: DefaultServer}
	}
	kept := b.Seats[:0]
	for _, s := range b.Seats {
		if _, err := netplay.ParseLink(s.Link.String("")); err == nil {
			kept = append(kept, s)
		}
	}
	b.Seats = kept
	if _, err := netplay.ParseLink(netplay.Link{Server: b.Server, Match: "0", Seat: "0"}.String("")); err != nil {
		b.Server = DefaultServer
	}
	return b
}

// hold adds s to the book, newest first, and saves it.
func (b *onlineBook) hold(env *Env, s heldSeat) error {
	b.Seats = append([]heldSeat{s}, b.Seats...)
	if len(b.Seats) > maxSeatsKept {
		b.Seats = b.Seats[:maxSeatsKept]
	}
	return b.save(env)
}

// brief reports whether match id's briefing is yet to be shown, and
// notes in the book that it is shown now. Without a saves store nothing
// is noted: it is always yet to be shown.
func (b *onlineBook) brief(env *Env, id string) bool {
	if slices.Contains(b.Briefed, id) {
		return false
	}
	b.Briefed = append([]string{id}, b.Briefed...)
	if len(b.Briefed) > maxSeatsKept {
		b.Briefed = b.Briefed[:maxSeatsKept]
	}
	b.save(env) // a book not saved shows the briefing again: no worse
	return true
}

// save writes the book to the saves store, if there is one.
func (b *onlineBook) save(env *Env) error {
	if env.Store == nil {
		return nil
	}
	data, err := json.Marshal(b)
	if err != nil {
		return err
	}
	return env.Store.PutData(onlineFile, data)
}

// OnlineMenu is "Play online": create a match on a level as Blue or Red
// and get the link to send for the other seat, or go back to a match of
// "Your matches" (the seats kept in the saves store), each with whose
// turn it is. A link a friend sent is typed or pasted into the "Join a
// link" field (or opened with `sightline -join LINK`, or, in the browser,
// by opening it); the server's field changes the server, kept in the
// settings.
type OnlineMenu struct {
	env    *Env
	book   onlineBook
	levels []string // the shipped levels' names
	level  int      // the one chosen
	menu   systems.Menu
	paint  systems.Painter
	note   string
	// link is the link to send for the seat just made, and mine the
	// player's own seat.
	link string
	mine *heldSeat
	// work is the server's answer being waited for (nil: none).
	work chan func()
	// status is each held seat's status by match ID, once listed.
	status map[string]netplay.Status
	// fields are the server's address and the link to join.
	fields onlineFields
}

// NewOnlineMenu returns the "Play online" screen.
func NewOnlineMenu(env *Env) *OnlineMenu {
	o := &OnlineMenu{env: env, book: readBook(env), status: map[string]netplay.Status{}, paint: env.painter()}
	o.book.Server = serverAddr(env, o.book)
	o.fields = newOnlineFields(o.book.Server, env.Paste)
	for _, e := range env.levelEntries() {
		if e.Err == nil && strings.HasPrefix(e.Path, "maps/") && path.Ext(e.Path) == ".tmx" {
			o.levels = append(o.levels, strings.TrimSuffix(path.Base(e.Path), ".tmx"))
		}
	}
	for i, l := range o.levels {
		if l == "crossroads" {
			o.level = i
		}
	}
	o.menu.Top, o.menu.ItemH, o.menu.Gap = 222, 38, 6
	o.build()
	o.list()
	return o
}

// Name returns "online".
func (o *OnlineMenu) Name() string { return "online" }

// build lays out the menu's items.
func (o *OnlineMenu) build() {
	lvl := "no level"
	if len(o.levels) > 0 {
		lvl = o.env.levelTitle(o.levels[o.level])
	}
	another := "Left / Right: another level"
	if o.env.Finger {
		another = "tap: the next level"
	}
	items := []systems.MenuItem{
		{Label: "Level: " + lvl, Note: another},
		{Label: "Create a match as Blue", Note: "Blue moves first", Disabled: len(o.levels) == 0},
		{Label: "Create a match as Red", Note: "your friend moves first", Disabled: len(o.levels) == 0},
	}
	if o.mine != nil {
		items = append(items, systems.MenuItem{Label: "Play the match just made", Note: "as " + o.mine.Side})
	}
	seats := min(len(o.book.Seats), 5)
	if o.upright() {
		seats = min(seats, o.uprightSeats())
	}
	for _, s := range o.book.Seats[:seats] {
		lvl := o.env.levelTitle(s.Level)
		it := systems.MenuItem{Label: clip(lvl+" · "+s.Side+" · "+o.standing(s), 40)}
		if o.upright() { // room for a second line: where the match stands
			it = systems.MenuItem{Label: clip(lvl+" · "+s.Side, 40), Note: o.standing(s)}
		}
		items = append(items, it)
	}
	items = append(items, systems.MenuItem{Label: itemBack, Note: "to the title"})
	o.menu.Items = items
}

// standing says where a held seat's match stands: whose turn, or how it
// ended.
func (o *OnlineMenu) standing(s heldSeat) string {
	st, ok := o.status[s.Link.Match]
	switch {
	case !ok:
		return "..."
	case st.Winner == "draw":
		return "a draw"
	case st.Winner != "":
		if st.Winner == st.Side {
			return "won"
		}
		return "lost"
	case st.ToMove == st.Side:
		return "your turn (" + strconv.Itoa(st.Turn) + ")"
	}
	return "their turn (" + strconv.Itoa(st.Turn) + ")"
}

// list asks each server of the held seats where their matches stand, in
// the background.
func (o *OnlineMenu) list() {
	by := map[string][]string{}
	for _, s := range o.book.Seats {
		by[s.Link.Server] = append(by[s.Link.Server], s.Link.Seat)
	}
	if len(by) == 0 {
		return
	}
	o.work = make(chan func(), len(by))
	for server, seats := range by {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			sts, err := (&netplay.Client{Base: server}).List(ctx, seats)
			o.work <- func() {
				if err != nil {
					o.note = "Your matches on " + server + ": " + match.SafeText(err.Error())
				}
				for _, st := range sts {
					o.status[st.Match] = st
				}
			}
		}()
	}
}

// create asks the server for a match on the chosen level, the player
// holding side's seat, in the background.
func (o *OnlineMenu) create(side rules.Side) {
	server, level := o.book.Server, o.levels[o.level]
	o.note = "Asking " + server + " for a match ..."
	o.work = make(chan func(), 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		made, err := (&netplay.Client{Base: server}).Create(ctx, level, 0)
		o.work <- func() {
			if err != nil {
				o.note = match.SafeText(err.Error())
				return
			}
			mine, theirs := made.Blue, made.Red
			if side == rules.SideRed {
				mine, theirs = theirs, mine
			}
			o.link = netplay.Link{Server: server, Match: made.Match, Seat: theirs}.String(o.env.Page)
			o.mine = &heldSeat{Link: netplay.Link{Server: server, Match: made.Match, Seat: mine}, Side: side.String(), Level: level}
			o.note = ""
			if err := o.book.hold(o.env, *o.mine); err != nil {
				o.note = "The match is not kept: " + match.SafeText(err.Error())
			}
			o.build()
		}
	}()
}

// Update runs the fields and the menu: S and J (or a click) focus the
// server's field and the link's (Enter keeps the server or joins the
// link), Left and Right change the level, the create items ask the
// server for a match, a held match is joined, Esc or Back returns to
// the title.
func (o *OnlineMenu) Update(m *Manager, in []systems.Intent) error {
	if m.Transitioning() {
		return nil
	}
	select {
	case f := <-o.work:
		f()
		o.build()
	default:
	}
	w, h := o.layout()
	if o.updateFields(m, in) {
		return nil
	}
	if o.menu.Focus() == 0 && len(o.levels) > 0 {
		switch {
		case systems.Has(in, systems.IntentLeft):
			o.level = (o.level + len(o.levels) - 1) % len(o.levels)
			o.build()
		case systems.Has(in, systems.IntentRight):
			o.level = (o.level + 1) % len(o.levels)
			o.build()
		}
	}
	i := o.menu.Update(in, w, h)
	n := len(o.menu.Items)
	switch {
	case i == systems.MenuBack || i == n-1:
		m.GoTo(NewTitle(m.Env))
	case i == 0 && len(o.levels) > 0: // a click or Enter on the level: the next
		o.level = (o.level + 1) % len(o.levels)
		o.build()
	case i == 1 || i == 2:
		o.create(rules.Side(i - 1))
	case i >= 3 && o.mine != nil && i == 3:
		m.GoTo(NewJoining(m.Env, o.mine.Link))
	case i >= 3:
		k := i - 3
		if o.mine != nil {
			k--
		}
		if k >= 0 && k < len(o.book.Seats) {
			m.GoTo(NewJoining(m.Env, o.book.Seats[k].Link))
		}
	}
	return nil
}

// Draw draws the heading, the fields, the menu and the link to send.
func (o *OnlineMenu) Draw(dst *ebiten.Image) {
	f := o.env.Fonts
	dst.Fill(systems.ColorBackground)
	if w, h := o.layout(); h > w && isUpright(dst) {
		o.drawUpright(dst, w, h)
		return
	}
	cx := float64(ScreenWidth) / 2
	f.Draw(dst, "PLAY ONLINE", 48, true, cx, 90, systems.ColorText, systems.AlignCenter)
	o.drawFields(dst)
	o.menu.DrawItems(dst, &o.paint, f, ScreenWidth, ScreenHeight)
	y := float64(ScreenHeight) - 96
	if o.link != "" {
		f.Draw(dst, "Send this link to your friend ("+o.env.levelTitle(o.mine.Level)+", they play "+otherSide(o.mine.Side)+"):", 16, false, cx, y, systems.ColorText, systems.AlignCenter)
		f.Draw(dst, o.link, 14, false, cx, y+24, systems.ColorAccent, systems.AlignCenter)
	}
	if o.note != "" {
		f.Draw(dst, o.note, 15, false, cx, ScreenHeight-20, systems.ColorError, systems.AlignCenter)
	}
}

// otherSide names the side that is not the named one.
func otherSide(s string) string {
	if s == rules.SideBlue.String() {
		return rules.SideRed.String()
	}
	return rules.SideBlue.String()
}
