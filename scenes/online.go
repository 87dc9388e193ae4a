package scenes

import (
	"errors"

	"sightline/ai"
	"sightline/levels"
	"sightline/match"
	"sightline/netplay"
	"sightline/rules"
	"sightline/systems"
)

// online drives a battle played over the network (one job: the seat's
// side is played here, the server applies the commands and rolls the
// dice). The battle never holds the match: the stage's match and state
// are the battle the side believes in (ai.Belief of the last View the
// server sent), rebuilt on each view, so the screen, the fog and the
// previews show what the side knows and nothing else. The side's orders
// go to the server; the events its side witnessed come back and play
// as a local battle's do, and the next view is believed once they have
// played.
type online struct {
	*stage
	ctl    *controls
	remote *netplay.Remote
	// side is the seat's side; inbox stands for it in the believed
	// match, so the controls and the action bar take it as played here.
	side  rules.Side
	inbox *match.Inbox
	// units is the level's count of units: the belief is padded to it,
	// so an enemy first seen later has its entity ready.
	units int
	// last is the view the state was last believed from.
	last *match.View
	// queue holds what the server sent that has not been shown yet.
	queue []netplay.Update
	// result is how the match ended, once the server says so.
	result *netplay.Result
	// offline says the connection is down (the HUD says so).
	offline bool
	// stopped is why the session ended for good ("": it has not).
	stopped string
}

// newOnline returns the driver of the seat side over remote on a level
// of units units.
func newOnline(st *stage, ctl *controls, remote *netplay.Remote, side rules.Side, units int) *online {
	return &online{stage: st, ctl: ctl, remote: remote, side: side, inbox: &match.Inbox{}, units: units}
}

// input reads no keys of its own: the controls read the player's.
func (o *online) input([]systems.Intent) {}

// skips reports whether in gives an order while events play.
func (o *online) skips(in []systems.Intent) bool { return o.playback.Busy() && skipsPlayback(in) }

// back leaves the targeting mode, if there is one.
func (o *online) back(*Manager) bool { return o.ctl.ui.cancelMode() }

// decided reports the server's verdict once everything it sent has
// played: the winner, or not over for a draw, at the turn limit or with
// both sides down (the HUD says so, and drawn ends the battle).
func (o *online) decided() (rules.Side, bool) {
	if o.result == nil || o.playback.Busy() || len(o.queue) > 0 {
		return 0, false
	}
	side, err := rules.ParseSide(o.result.Winner)
	return side, err == nil
}

// play shows what the server sent since the last call, in order, one
// command's events at a time; then, on the seat's turn, sends the
// player's order.
func (o *online) play(in []systems.Intent, _ float64) {
	o.queue = append(o.queue, o.remote.Poll()...)
	o.take()
	if o.playback.Busy() || o.result != nil || o.stopped != "" || o.state.Side != o.side {
		return
	}
	cmd := o.ctl.command(in)
	if cmd == nil {
		return
	}
	if err := o.remote.Send(rules.SpecOf(cmd)); err != nil {
		o.hud.Toast(readable(err))
		o.env.Audio.Deny()
	}
}

// take shows the queued updates until a command's events start playing.
func (o *online) take() {
	for len(o.queue) > 0 && !o.playback.Busy() {
		u := o.queue[0]
		o.queue = o.queue[1:]
		switch {
		case u.Err != nil:
			o.stopped = match.SafeText(u.Err.Error())
			o.hud.Toast("Online play stopped: " + o.stopped)
		case u.Type == "":
			o.offline = !u.Online
			if o.offline {
				o.hud.Toast("Connection to the server lost: reconnecting...")
			}
		case u.Type == netplay.TypeHello:
			o.offline = false
			o.hud.ClearToast()
		case u.Type == netplay.TypeView:
			o.believe(u.View)
			if u.Result != nil {
				o.result = u.Result
				switch {
				case u.Result.Winner == "draw" && u.Result.Why != "":
					o.hud.Toast("A draw: " + match.SafeText(u.Result.Why))
				case u.Result.Winner == "draw":
					o.hud.Toast("A draw: the turn limit was reached.")
				}
			}
		case u.Type == netplay.TypeEvents:
			o.show(u.Events)
		case u.Type == netplay.TypeError:
			o.hud.Toast(readable(errors.New(match.SafeText(u.Error))))
			o.env.Audio.Deny()
		}
	}
}

// isOnline reports whether the battle driven by d is played over the
// network.
func isOnline(d driver) bool {
	_, ok := d.(*online)
	return ok
}

// drawn reports whether the server called the match a draw and
// everything it sent has played.
func (o *online) drawn() bool {
	return o.result != nil && o.result.Winner == "draw" && !o.playback.Busy() && len(o.queue) == 0
}

// believe makes v the battle shown: the state becomes the side's belief
// (the same State value, so every part keeps its pointer), over a new
// match that knows only it.
func (o *online) believe(v *match.View) {
	o.last = v
	*o.state = *believed(v, o.units)
	o.m = match.New(o.state, 0)
	o.m.SetController(o.side, o.inbox)
	o.mapView.Board = o.state.Board
	o.ctl.ui.fx.Board = o.state.Board
	o.version++
	if u := o.state.Unit(o.selected); u == nil || !u.Alive() || u.Side != o.state.Side {
		o.selected = 0
	}
}

// show queues the witnessed events of one command for playback. The
// server sent only what the side saw, a move seen in part cut to that
// part, so no Witness filters them again.
func (o *online) show(sent []netplay.Event) {
	evs := make([]rules.Event, 0, len(sent))
	for _, e := range sent {
		ev, err := systems.DecodeEvent(e.Type, e.Event)
		if err != nil {
			o.hud.Toast("The server sent an event this game cannot show: " + match.SafeText(err.Error()))
			continue
		}
		evs = append(evs, ev)
	}
	o.ctl.ui.log.Witness, o.fog.Witness = nil, nil
	o.playback.Queue(evs...)
	for _, ev := range evs {
		if _, ok := ev.(rules.TurnEnded); ok {
			o.hud.ClearToast()
			o.selected = 0
		}
	}
	o.ctl.ui.afterApply(evs)
}

// believed returns the battle the screen shows of v, padded to n units:
// v's side's belief (ai.Belief: the map, the obstacles it remembers, its
// units and the enemies it knows of now), with every other enemy a
// fallen placeholder on a tile v does not see, so the screen neither
// draws it nor has it stand where it was last seen.
func believed(v *match.View, n int) *rules.State {
	s := ai.Belief(v)
	spot := unseenTile(v)
	for len(s.Units) < n {
		s.Units = append(s.Units, &rules.Unit{ID: len(s.Units) + 1, Side: v.Side.Other()})
	}
	for i, u := range s.Units {
		if u.Side != v.Side && v.Unit(u.ID) == nil {
			s.Units[i] = &rules.Unit{ID: u.ID, Side: v.Side.Other(), Pos: spot, Size: 1}
		}
	}
	return s
}

// unseenTile returns the first tile v's side does not see (the corner
// when it sees them all).
func unseenTile(v *match.View) rules.Point {
	for y := 0; y < v.Height; y++ {
		for x := 0; x < v.Width; x++ {
			if p := (rules.Point{X: x, Y: y}); !v.Seen(p) {
				return p
			}
		}
	}
	return rules.Point{}
}

// NewOnlineBattle returns the battle of the seat over remote: the server
// said hello (the seat's side and the level) and sent view, the side's
// first view; rest are the updates that came after it. The level is the shipped level the server names, loaded
// from env's levels; the side is played here, the other side by whoever
// holds its seat.
func NewOnlineBattle(env *Env, remote *netplay.Remote, hello netplay.Message, view *match.View, rest []netplay.Update) (*Battle, error) {
	side, err := rules.ParseSide(hello.Side)
	if err != nil {
		return nil, err
	}
	if env.Levels == nil {
		return nil, errors.New("this game has no levels")
	}
	lv, err := levels.Load(env.Levels, "maps/"+hello.Level+".tmx")
	if err != nil {
		return nil, err
	}
	setup := SetupFromLevel(lv)
	units := len(lv.State.Units)
	setup.State = believed(view, units)
	setup.Players[side], setup.Players[side.Other()] = Human, Computer
	setup.Level = match.LevelRef{} // the server keeps the replay
	b := newBattle(env, setup, match.New(setup.State, 0))
	o := newOnline(b.stage, &b.ctl, remote, side, units)
	b.turns.inbox = [2]*match.Inbox{}
	b.turns.inbox[side] = o.inbox
	b.m.SetController(side, o.inbox)
	b.m.SetController(side.Other(), nil)
	o.queue, o.last = rest, view
	b.drive = o
	b.hud.Title = b.hudTitle()
	// The briefing opens the seat's first join of the match only.
	if book := readBook(env); !book.brief(env, hello.Match) || hello.Seq > 0 {
		b.opening = nil
	}
	return b, nil
}

// OnlineState is where an online battle stands, as the page publishes it
// for the browser test: the seat's side, the side to move and the turn
// as the seat knows them, whether a command is on its way, whether the
// connection is down, and the winner once the server said ("blue",
// "red" or "draw"; "" while it goes on).
type OnlineState struct {
	Seat, ToMove     string
	Turn             int
	Pending, Offline bool
	Result           string
}

// OnlineStatus returns where b stands when it is an online battle.
func OnlineStatus(b *Battle) (OnlineState, bool) {
	o, ok := b.drive.(*online)
	if !ok {
		return OnlineState{}, false
	}
	st := OnlineState{Seat: o.side.String(), ToMove: o.state.Side.String(), Turn: o.state.Turn,
		Pending: o.remote.Pending(), Offline: o.offline}
	if o.result != nil {
		st.Result = o.result.Winner
	}
	return st, true
}
