//go:build js

package main

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"syscall/js"
	"time"

	"sightline/rules"
	"sightline/scenes"
)

// publishScene sets window.sightlineScene to the scene's name so the page
// and browser smoke tests can see where the game is, and tells the page's
// sightlineOnScene (which shows the Import button on the title and the
// load screen).
func publishScene(name string) {
	js.Global().Set("sightlineScene", name)
	if f := js.Global().Get("sightlineOnScene"); f.Type() == js.TypeFunction {
		f.Invoke(name)
	}
}

// startMuted reports whether the page's address asks for no sound
// (index.html?mute), the browser's -mute: M still turns it on. The smoke
// test opens the page so, since mixing the ambient in the page's one
// thread slows the software-rendered headless browser to a crawl.
func startMuted() bool {
	q := js.Global().Get("location").Get("search").String()
	return strings.Contains(q, "mute")
}

// fingerFirst reports whether the page's main pointer is a finger (the
// media query pointer: coarse, a phone's or a tablet's): the screens then
// name touch controls from their first frame, before the first tap.
func fingerFirst() bool {
	mm := js.Global().Get("matchMedia")
	if mm.Type() != js.TypeFunction {
		return false
	}
	return js.Global().Call("matchMedia", "(pointer: coarse)").Get("matches").Truthy()
}

// pageLink returns the page's address when it names an online match
// (index.html?server=...&match=...&seat=..., a link a friend sent), else
// "": the browser's -join.
func pageLink() string {
	loc := js.Global().Get("location")
	if !strings.Contains(loc.Get("search").String(), "match=") {
		return ""
	}
	return loc.Get("href").String()
}

// pageBase returns the page's address without its query: the links to
// online matches made here open the same build.
func pageBase() string {
	loc := js.Global().Get("location")
	return loc.Get("origin").String() + loc.Get("pathname").String()
}

// publishChanges sets window.sightlineChanges to the number of screen
// changes the game has started (sceneChanges), so the browser smoke
// stops pressing a key once a press has started one.
func publishChanges(n int) { js.Global().Set("sightlineChanges", n) }

// publishBriefing sets window.sightlineBriefing to whether a battle's
// briefing card is up, from the battle's first frame on, so the browser
// smoke test can see that it opened with one and dismiss it.
func publishBriefing(up bool) { js.Global().Set("sightlineBriefing", up) }

// publishJoining sets window.sightlineJoining to the join screen's
// status, so a browser test that waits for an online battle can say where
// the connection stood.
func publishJoining(status string) { js.Global().Set("sightlineJoining", status) }

// mark notes in window.sightlineLoad[name] when a stage of the start
// ended (performance.now(), milliseconds from the navigation); the page
// notes the module's download and compilation there, and the browser
// smoke test records them all.
func mark(name string) {
	load := js.Global().Get("sightlineLoad")
	if load.Type() != js.TypeObject {
		return
	}
	load.Set(name, js.Global().Get("performance").Call("now"))
}

// publishDrawn sets window.sightlineDrawn to the name of the scene the
// game first drew and window.sightlineDrawnMs to when, in the page's
// performance.now() milliseconds (from the navigation), so the browser
// smoke test can record how long the page took to show the title.
func publishDrawn(scene string) {
	js.Global().Set("sightlineDrawnMs", js.Global().Get("performance").Call("now"))
	js.Global().Set("sightlineDrawn", scene)
}

// publishTop sets window.sightlineTop to the name of the scene on top of
// the frame just drawn, an overlay such as the hot-seat "handover" or the
// screen under none, so the browser smoke test can tell when the frame on
// the canvas is the handover.
func publishTop(name string) { js.Global().Set("sightlineTop", name) }

// publishThink sets window.sightlineThink to the think figures of the
// battle named level, times in milliseconds, so the browser smoke test
// can check that no frame waits long on the computer.
func publishThink(level string, st scenes.ThinkStats) {
	ms := func(d time.Duration) any { return float64(d) / float64(time.Millisecond) }
	js.Global().Set("sightlineThink", map[string]any{
		"level": level, "frames": st.Frames, "updates": st.Updates, "answers": st.Answers, "decisions": st.Decisions,
		"totalMs": ms(st.Total), "maxMs": ms(st.MaxFrame), "p95Ms": ms(st.P95Frame),
		"maxUpdateMs": ms(st.MaxUpdate), "maxAnswerMs": ms(st.MaxAnswer),
		"maxFrameStepMs": ms(st.MaxFrameStep),
	})
}

// warmUp has the computer play itself once after the first frame
// (scenes.WarmUp: the browser compiles code lazily) and sets
// window.sightlineWarmupMs to how long that took.
func warmUp() {
	d, err := scenes.WarmUp()
	if err != nil {
		fmt.Fprintf(os.Stderr, "sightline: %v\n", err)
	}
	js.Global().Set("sightlineWarmupMs", float64(d)/float64(time.Millisecond))
}

// setFullscreen asks the page to fill the screen, or leaves fullscreen.
// Browsers grant fullscreen only during a user's gesture and refuse it
// otherwise (a rejected promise, not an error here): the saved setting
// is not applied at start-up, only when the player changes it, with the
// key or click that changed it (startFullscreen does nothing).
func setFullscreen(on bool) {
	doc := js.Global().Get("document")
	if doc.IsUndefined() || doc.IsNull() {
		return
	}
	if !on {
		if !doc.Get("fullscreenElement").IsNull() && !doc.Get("fullscreenElement").IsUndefined() && doc.Get("exitFullscreen").Type() == js.TypeFunction {
			doc.Call("exitFullscreen")
		}
		return
	}
	el := doc.Get("documentElement")
	if el.Get("requestFullscreen").Type() == js.TypeFunction {
		p := el.Call("requestFullscreen")
		if p.Type() == js.TypeObject && p.Get("catch").Type() == js.TypeFunction {
			p.Call("catch", js.FuncOf(func(js.Value, []js.Value) any { return nil }))
		}
	}
}

// startFullscreen does nothing in the browser: without a gesture the page
// may not take the screen, and the page, not the game, owns its size.
func startFullscreen(bool) {}

// The screen region, in logical pixels, where publishBattle lists
// reachable tiles: clear of the HUD's bars and cards, the action bar, the
// log and the targeting panel, so a tap there lands on the map (and
// within the camera's free screen, which a larger interface narrows).
const (
	probeLeft, probeRight = 320.0, 960.0
	probeTop, probeBottom = 110.0, 560.0
	probeMaxTiles         = 40
)

// battleProbe is what publishBattle last published, to publish only
// changes.
type battleProbe struct {
	of  *scenes.Battle
	key string
}

// publishBattle sets window.sightlineBattle to what the browser touch
// test reads back, when it changed: the side to move, whether a command
// plays, whether the battle shows the touch controls, the selected unit
// (0: none), the tile a tap armed, the camera, each unit's tile, screen
// position and whether a tap there lands on the map (clear: clear of the
// bars and the left column), for the selected unit, up to probeMaxTiles
// tiles it can reach that are on the map's clear part of the screen, and
// in an online battle where it stands (scenes.OnlineStatus; null otherwise). Screen
// positions are the battle's screen's pixels (window.sightline.screen).
func publishBattle(p *battleProbe, b *scenes.Battle) {
	s := b.State()
	cam := b.Camera()
	sel := b.Selected()
	armed, armedOK := b.Armed()
	var key strings.Builder
	fmt.Fprintf(&key, "%d %v %v %.3f %.3f %.3f %v %v", s.Side, b.Busy(), b.TouchMode(), cam.X, cam.Y, cam.Zoom, armed, armedOK)
	for _, u := range s.Units {
		fmt.Fprintf(&key, " %d:%v:%d:%v", u.ID, u.Pos, u.AP, u.Alive())
	}
	if sel != nil {
		fmt.Fprintf(&key, " sel %d", sel.ID)
	}
	on, online := scenes.OnlineStatus(b)
	fmt.Fprintf(&key, " online %v", on)
	if p.of == b && p.key == key.String() {
		return
	}
	p.of, p.key = b, key.String()
	pt := func(q rules.Point) map[string]any {
		x, y := b.ScreenOf(q)
		return map[string]any{"tx": q.X, "ty": q.Y, "x": x, "y": y}
	}
	// onMap says a tile is whole on the camera's free screen, clear of
	// the bars and the left column, so a tap on it lands on the map.
	half := cam.Zoom * float64(s.Board.TileSize) / 2
	onMap := func(q rules.Point) bool { return cam.Shows(s.Board.TileCenter(q), half) }
	units := []any{}
	for _, u := range s.Units {
		m := pt(u.Pos)
		m["id"], m["side"], m["alive"], m["size"], m["clear"] = u.ID, int(u.Side), u.Alive(), u.Size, onMap(u.Pos)
		units = append(units, m)
	}
	reach := []any{}
	selID := 0
	if sel != nil {
		selID = sel.ID
		r := s.Reach(sel.ID, rules.MoveBudget(sel))
		// Zoomed in (a phone's battle opens so), tiles in the probe's
		// region may pass under the bars or the left column.
		for _, q := range r.Tiles() {
			x, y := b.ScreenOf(q)
			if q == sel.Pos || x < probeLeft || x > probeRight || y < probeTop || y > probeBottom || !onMap(q) {
				continue
			}
			if reach = append(reach, pt(q)); len(reach) == probeMaxTiles {
				break
			}
		}
	}
	var armedPt any
	if armedOK {
		armedPt = pt(armed)
	}
	var onlinePt any
	if online {
		onlinePt = map[string]any{"seat": on.Seat, "toMove": on.ToMove, "turn": on.Turn,
			"pending": on.Pending, "offline": on.Offline, "result": on.Result}
	}
	js.Global().Set("sightlineBattle", map[string]any{
		"side": int(s.Side), "busy": b.Busy(), "touch": b.TouchMode(), "selected": selID, "armed": armedPt,
		"camera": map[string]any{"x": cam.X, "y": cam.Y, "zoom": cam.Zoom},
		"units":  units, "reach": reach, "online": onlinePt,
	})
}

// targetProbe is what publishTargets last published, to publish only
// changes.
type targetProbe struct{ key string }

// publishTargets sets window.sightline to the scene on top and the
// controls a finger may tap on it (scenes.Targeted), when they changed:
// {scene, screen: {w, h}, targets: [{kind, name, x, y, w, h}]},
// rectangles in the pixels of the w×h screen the scene is drawn on
// (1280×720, or the battle's held upright), which the page shows as large
// as fits, centred. The browser touch tests tap controls by their names,
// so a change of layout cannot leave them tapping beside.
func publishTargets(p *targetProbe, scene string, ts []scenes.Target, sw, sh float64) {
	key := fmt.Sprint(scene, ts, sw, sh)
	if key == p.key {
		return
	}
	p.key = key
	list := make([]any, 0, len(ts))
	for _, t := range ts {
		list = append(list, map[string]any{"kind": t.Kind, "name": t.Name, "x": t.X, "y": t.Y, "w": t.W, "h": t.H})
	}
	js.Global().Set("sightline", map[string]any{"scene": scene, "targets": list, "screen": map[string]any{"w": sw, "h": sh}})
}

// stopOnSignal does nothing in the browser: a page has no signals.
func stopOnSignal(*atomic.Bool) {}
