//go:build !js

package scenes

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"sightline/ai"
	"sightline/match"
	"sightline/netplay"
	netstore "sightline/netplay/store"
	"sightline/rules"
	"sightline/systems"
)

// onlineServer starts a game server over a new SQLite store on a
// loopback port, as the server's own tests do.
func onlineServer(t *testing.T) *netplay.Client {
	t.Helper()
	store, err := netstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "matches.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	srv := httptest.NewServer(netplay.NewServer(netplay.NewHost(store)).Handler())
	t.Cleanup(srv.Close)
	return &netplay.Client{Base: srv.URL}
}

// until steps h, a few milliseconds apart so the network answers, until
// done says so, for up to two minutes.
func until(t *testing.T, h *harness, what string, done func() bool) {
	t.Helper()
	// A safety net, not a timing: under make test the computer seat thinks
	// beside two other test lanes on two CPUs.
	end := time.Now().Add(8 * time.Minute)
	for i := 0; !done(); i++ {
		if time.Now().After(end) {
			if j, ok := h.m.Current().(*Joining); ok {
				t.Logf("joining: %s", j.status)
			}
			t.Fatalf("no %s within eight minutes (scenes %v)", what, h.names)
		}
		h.step()
		if i%20 == 0 {
			h.draw()
		}
		time.Sleep(5 * time.Millisecond) // room for the server and the seats
	}
}

// TestOnlineBattle: a player joins a match from its link and plays Blue
// through the battle screen against the normal computer playing Red over
// the network (netplay.Client.Play). The screen holds only Blue's
// belief: every enemy it shows is one the server's view of Blue lists.
// A move clicked on the map is applied by the server (the unit stands
// where it was sent once the view comes back), Red's witnessed turn
// plays on the screen, and at the turn limit the server's draw is said.
// The server's replay holds the move exactly once.
func TestOnlineBattle(t *testing.T) {
	c := onlineServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	made, err := c.Create(ctx, "crossroads", 2)
	if err != nil {
		t.Fatal(err)
	}
	red := make(chan error, 1)
	go func() {
		_, err := c.Play(ctx, made.Match, made.Red, ai.NewComputer(ai.Normal))
		red <- err
	}()
	env := testEnv(t)
	link := netplay.Link{Server: c.Base, Match: made.Match, Seat: made.Blue}
	h := newHarness(t, env, func(e *Env) Scene { return NewJoining(e, link) })
	defer env.closeOnline()
	until(t, h, "battle", func() bool { _, ok := h.m.Current().(*Battle); return ok && !h.m.Transitioning() })
	b := h.m.Current().(*Battle)
	o := b.drive.(*online)
	screenshot(t, h, "online-battle.png")
	if b.State().Side != rules.SideBlue || o.side != rules.SideBlue {
		t.Fatalf("side to move %v, seat %v: want Blue's first turn", b.State().Side, o.side)
	}
	if side, all := b.fog.Viewer(); all || side != rules.SideBlue {
		t.Fatalf("the fog shows %v (all %v), want Blue", side, all)
	}
	if b.Match().Seed() != 0 || len(b.Match().Log()) != 0 {
		t.Fatal("the screen's match is not a belief: it has a seed or a log")
	}
	if !strings.HasSuffix(b.hud.Title, " · Online: Red") {
		t.Errorf("the top bar reads %q, want the opponent named (Online: Red)", b.hud.Title)
	}
	pm := newPauseMenu(b)
	if it := pm.menu.Items; !it[1].Disabled || !it[2].Disabled || !strings.Contains(it[1].Note, "online") || !strings.Contains(it[2].Note, "online") {
		t.Errorf("the pause menu offers %+v: want Save and Load refused with an online line", it[1:3])
	}

	// Select a Blue unit and click a reachable tile on screen.
	var u *rules.Unit
	for _, cand := range b.State().Units {
		if cand.Side == rules.SideBlue && cand.Alive() {
			u = cand
			break
		}
	}
	c0 := b.State().Board.TileCenter(u.Pos)
	b.Camera().CenterOn(c0.X, c0.Y)
	x, y := b.ScreenOf(u.Pos)
	h.step(hover(x, y), click(x, y))
	if b.Selected() == nil || b.Selected().ID != u.ID {
		t.Fatalf("clicking %s selected %v", u.Name, b.Selected())
	}
	id := u.ID
	target, cost := farthestVisible(b, b.State().Reach(id, rules.MoveBudget(u)), u.Pos)
	if cost <= 0 {
		t.Fatal("no reachable tile on screen")
	}
	tx, ty := b.ScreenOf(target)
	h.step(hover(tx, ty))
	h.step(hover(tx, ty), click(tx, ty))
	if !o.remote.Pending() {
		t.Fatal("the click sent no command to the server")
	}
	until(t, h, "the move's view", func() bool {
		return !o.remote.Pending() && !b.Busy() && len(o.queue) == 0 && b.State().Unit(id).Pos == target
	})
	screenshot(t, h, "online-moved.png")

	// End Blue's turn: Red's computer plays over the network and Blue's
	// turn comes back.
	endTurn(h, b)
	sawRed := false
	until(t, h, "Blue's second turn", func() bool {
		sawRed = sawRed || b.State().Side == rules.SideRed
		checkBelief(t, b, o)
		return b.State().Side == rules.SideBlue && b.State().Turn == 2 && !b.Busy()
	})
	if !sawRed {
		t.Error("the screen never showed Red's turn")
	}
	endTurn(h, b)
	until(t, h, "the end of the match", func() bool { return o.result != nil && !b.Busy() })
	if o.result.Winner != "draw" || o.result.Turns != 2 {
		t.Errorf("result %+v: want a draw at the turn limit of 2", o.result)
	}
	if _, over := b.drive.decided(); over {
		t.Error("a draw shows a winner")
	}
	screenshot(t, h, "online-draw.png")
	until(t, h, "the draw's result screen", func() bool { _, ok := h.m.Current().(*Result); return ok && !h.m.Transitioning() })
	r := h.m.Current().(*Result)
	if kicker, head := r.Headline(); head != "DRAW" || kicker != "BATTLE OVER" {
		t.Errorf("the draw is headed %q / %q, want BATTLE OVER / DRAW", kicker, head)
	}
	var labels []string
	for _, bt := range r.buttons {
		labels = append(labels, bt.Label)
	}
	if want := []string{"Back to online", "Title"}; !slices.Equal(labels, want) {
		t.Errorf("the online result offers %v, want %v (no local game)", labels, want)
	}
	screenshot(t, h, "online-draw-result.png")
	for i := 0; i < 40; i++ { // past the result's guard
		h.step()
	}
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.want("online")

	resp, err := http.Get(c.Base + "/matches/" + made.Match + "/replay?token=" + made.Blue)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	rp, err := match.ReadReplay(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	moves := 0
	for _, cmd := range rp.Commands {
		if cmd.Do == "move" && cmd.Unit == id && cmd.To != nil && *cmd.To == [2]int{target.X, target.Y} {
			moves++
		}
	}
	if moves != 1 {
		t.Errorf("the replay holds the screen's move %d times, want once", moves)
	}
	select {
	case err := <-red:
		if err != nil {
			t.Errorf("the computer's seat: %v", err)
		}
	case <-time.After(time.Minute):
		t.Error("the computer's seat did not see the match end")
	}
}

// endTurn presses End Turn, and again when the screen asks first
// because units of the side could still act, as a player does: pressed
// once on Blue's second turn the screen only asks, and the match waits
// for Blue's end of turn for ever.
func endTurn(h *harness, b *Battle) {
	s := b.State()
	asked := [2]int{s.Turn, int(s.Side) + 1}
	h.step(key(systems.IntentEndTurn))
	if b.ctl.ui.endAsked == asked {
		h.step(key(systems.IntentEndTurn))
	}
}

// checkBelief fails when the screen's state holds a living enemy that
// Blue's last view from the server does not list (a last-seen contact
// included: it is not shown standing), or one the view lists elsewhere.
func checkBelief(t *testing.T, b *Battle, o *online) {
	t.Helper()
	v := o.last
	if v == nil || b.Busy() || len(o.queue) > 0 {
		return
	}
	for _, u := range b.State().Units {
		if u.Side == o.side || !u.Alive() {
			continue
		}
		if w := v.Unit(u.ID); w == nil {
			t.Fatalf("the screen shows enemy %d at %v, which Blue's view does not know", u.ID, u.Pos)
		} else if w != nil && w.Pos != u.Pos {
			t.Fatalf("the screen shows enemy %d at %v, Blue's view at %v", u.ID, u.Pos, w.Pos)
		}
	}
}

// TestOnlineMenu: from the title, "Play online" creates a match on the
// chosen level as Blue, shows the link to send for Red's seat, and keeps
// Blue's seat in the saves store; opened again, the screen lists the
// match with whose turn it is, and choosing it joins the battle as Blue.
func TestOnlineMenu(t *testing.T) {
	c := onlineServer(t)
	env := testEnv(t)
	env.Store = match.NewStore(t.TempDir())
	if err := env.Store.PutData(onlineFile, []byte(`{"server":"`+c.Base+`","seats":[]}`)); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	defer env.closeOnline()
	h.step()
	h.step(systems.KeyIntent('9'))
	h.settle()
	h.want("online")
	om := h.m.Current().(*OnlineMenu)
	first := om.levels[om.level]
	if got := om.menu.Items[0].Label; got != "Level: Crossroads" {
		t.Errorf("the level item reads %q, want the level's name %q", got, "Level: Crossroads")
	}
	h.step(key(systems.IntentRight))
	if om.levels[om.level] == first || om.menu.Items[0].Label != "Level: "+env.levelTitle(om.levels[om.level]) {
		t.Fatalf("Right left the level at %q (item %q)", first, om.menu.Items[0].Label)
	}
	level := om.levels[om.level]
	h.step(systems.KeyIntent('2')) // Create a match as Blue
	until(t, h, "the link", func() bool { return om.link != "" || strings.Contains(om.note, "refused") })
	link, err := netplay.ParseLink(om.link)
	if err != nil || link.Server != c.Base || link.Seat == om.mine.Link.Seat {
		t.Fatalf("link %q: %+v, %v; want the other seat on %s", om.link, link, err, c.Base)
	}
	sts, err := c.List(context.Background(), []string{link.Seat})
	if err != nil || len(sts) != 1 || sts[0].Side != "red" || sts[0].Level != level {
		t.Fatalf("the link's seat is %+v, %v: want Red on %s", sts, err, level)
	}
	screenshot(t, h, "online-menu.png")

	h.m.GoTo(NewOnlineMenu(env))
	h.settle()
	om = h.m.Current().(*OnlineMenu)
	if len(om.book.Seats) != 1 || om.book.Seats[0].Link.Match != link.Match {
		t.Fatalf("the book holds %+v, want the match made", om.book.Seats)
	}
	until(t, h, "the match's standing", func() bool {
		return strings.Contains(om.menu.Items[3].Label, "your turn (1)")
	})
	screenshot(t, h, "online-menu-matches.png")
	env.NoBriefing = false
	h.step(systems.KeyIntent('4'))
	until(t, h, "the battle", func() bool { _, ok := h.m.Current().(*Battle); return ok })
	if o := h.m.Current().(*Battle).drive.(*online); o.side != rules.SideBlue {
		t.Errorf("joined as %v, want Blue", o.side)
	}
	h.settle()
	if top := h.m.Top().Name(); top != "briefing" {
		t.Errorf("the first join opens on %q, want the briefing", top)
	}

	// Joined again, the match's briefing is not shown again.
	h.m.GoTo(NewOnlineMenu(env))
	h.settle()
	until(t, h, "the match's standing", func() bool {
		return strings.Contains(h.m.Current().(*OnlineMenu).menu.Items[3].Label, "your turn (1)")
	})
	h.step(systems.KeyIntent('4'))
	until(t, h, "the battle again", func() bool { _, ok := h.m.Current().(*Battle); return ok && !h.m.Transitioning() })
	h.settle()
	if top := h.m.Top().Name(); top != "battle" {
		t.Errorf("joined again, the battle opens on %q: want no briefing", top)
	}
}
