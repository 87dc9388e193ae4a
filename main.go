// Command sightline is a turn-based tactics game of cover and line of
// sight. It opens a window; `sightline -h` lists its flags:
//
//	sightline                      title screen, then the level select
//	sightline -level MAP.tmx       play a map (.tmx or .tmj) straight from disk, reloading it
//	                               whenever it, a tileset or a template is saved
//	sightline -screenshot OUT.png  render -frames frames, save the screen, quit
//	sightline -briefing=false      open battles on the board, not the briefing card
//	sightline -scene levels        start at the level select (for screenshots)
//	sightline -replay FILE         watch a replay
//	sightline -join LINK           play an online match from the link a friend sent
//	sightline -mute                start with the sound muted (M toggles it)
//	sightline -fullscreen=false    this run in a window, whatever the settings say
//
// The settings (volumes, animation speed, fullscreen, interface size,
// side colours) are kept with the saves (match.DefaultStore) and loaded
// at start-up; a flag overrides its setting for the run without saving.
//
// Work without a window (scenarios, replays) is cmd/sightline-cli's. On
// Linux, display_linux.go answers -h, or says the game needs a display,
// before ebiten can panic for want of one.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/internal/fpsmeter"
	"sightline/levels"
	"sightline/match"
	"sightline/netplay"
	"sightline/scenes"
	"sightline/sound"
	"sightline/systems"
)

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	mark("mainMs")
	var stop atomic.Bool
	stopOnSignal(&stop)
	if len(args) > 0 && args[0] == "scenario" {
		// Scenarios moved to the command that needs no display.
		fmt.Fprintln(os.Stderr, "sightline: scenarios run in sightline-cli: sightline-cli scenario FILE")
		return 2
	}
	fs := flag.NewFlagSet("sightline", flag.ContinueOnError)
	level := fs.String("level", "", "open this Tiled map (.tmx or .tmj) from disk and go straight to battle")
	shot := fs.String("screenshot", "", "render -frames frames, write the screen to this PNG and exit")
	frames := fs.Int("frames", 60, "frames to render before -screenshot is taken")
	briefing := fs.Bool("briefing", true, "open a battle on its briefing card (-briefing=false: on the board, as for a screenshot of the map)")
	seed := fs.Uint64("seed", 0, "seed of the first battle's dice (0: from the clock)")
	scene := fs.String("scene", "title", "first scene: title, levels or settings (with -level: that map's level-select card)")
	watch := fs.String("replay", "", "watch this replay")
	join := fs.String("join", "", "play an online match from its link (a URL with ?server=...&match=...&seat=...)")
	vs := fs.String("vs", "none", "with -level: the side the computer plays: blue, red, both or none")
	mute := fs.Bool("mute", false, "start with the sound muted (M toggles it)")
	full := fs.Bool("fullscreen", false, "fill the screen this run (-fullscreen=false: a window), whatever the settings say")
	record := fs.String("record-audio", "", "when the game ends, write its sound as played to this WAV file (with no sound device too)")
	// Hidden (not in the usage text): measure a battle's frame rate.
	fpsSecs := fs.Float64("fps-report", 0, "play Outpost for this many seconds, print the frame rate and quit")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *scene != "title" && *scene != "levels" && *scene != "settings" {
		fmt.Fprintf(os.Stderr, "sightline: -scene %q: want title, levels or settings\n", *scene)
		return 2
	}

	var first func(*scenes.Env) (scenes.Scene, error)
	if *join == "" {
		*join = pageLink() // the browser build opened from a link
	}
	switch {
	case *join != "":
		link, err := netplay.ParseLink(*join)
		if err != nil {
			fmt.Fprintf(os.Stderr, "sightline: -join: %v\n", err)
			return 2
		}
		first = func(e *scenes.Env) (scenes.Scene, error) { return scenes.NewJoining(e, link), nil }
	case *level != "" && *watch != "":
		fmt.Fprintln(os.Stderr, "sightline: -level and -replay: give one, not both")
		return 2
	case *level != "" && *scene == "levels":
		file := *level
		first = func(e *scenes.Env) (scenes.Scene, error) { return scenes.NewLevelSelectFile(e, file) }
	case *level != "":
		// The battle follows the map's files: each save in Tiled (or any
		// editor) reloads it, and a broken save shows its error in game.
		lv, files, err := levels.OpenFileWatch(*level)
		if err != nil {
			fmt.Fprintf(os.Stderr, "sightline: %v\n", err)
			return 2
		}
		setup := scenes.SetupFromLevel(lv)
		setup.Reload = &scenes.Reload{Files: files}
		players, ok := map[string][2]scenes.Player{
			"none": {scenes.Human, scenes.Human}, "blue": {scenes.Computer, scenes.Human},
			"red": {scenes.Human, scenes.Computer}, "both": {scenes.Computer, scenes.Computer},
		}[*vs]
		if !ok {
			fmt.Fprintf(os.Stderr, "sightline: -vs %q: want blue, red, both or none\n", *vs)
			return 2
		}
		setup.Players = players
		first = func(e *scenes.Env) (scenes.Scene, error) { return scenes.NewBattle(e, setup), nil }
	case *watch != "":
		r, err := match.ReadFile(*watch)
		if err != nil {
			fmt.Fprintf(os.Stderr, "sightline: %v\n", err)
			return 2
		}
		lv, err := scenes.ReplayLevel(r)
		if err != nil {
			fmt.Fprintf(os.Stderr, "sightline: %s: %v\n", *watch, err)
			return 2
		}
		first = func(e *scenes.Env) (scenes.Scene, error) { return scenes.NewWatch(e, scenes.SetupFromLevel(lv), r) }
	}
	var meter *fpsMeter
	if *fpsSecs > 0 {
		meter = &fpsMeter{Meter: fpsmeter.Meter{Span: time.Duration(*fpsSecs * float64(time.Second)), WarmUp: fpsmeter.WarmUp}}
		first = fpsBattle
		*mute = true
	}
	fonts, err := systems.NewFonts()
	if err != nil {
		fmt.Fprintf(os.Stderr, "sightline: %v\n", err)
		return 1
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	env := &scenes.Env{Fonts: fonts, Levels: levels.Embedded(), Seed: *seed, NoBriefing: !*briefing, Page: pageBase(), Portrait: true}
	if env.Store, err = match.DefaultStore(); err != nil {
		fmt.Fprintf(os.Stderr, "sightline: replays will not be kept: %v\n", err)
	}
	var rec *systems.Recorder
	switch {
	case *record != "":
		env.Audio, rec = startRecording(*shot == "", *mute || startMuted())
	case *shot == "":
		env.Audio = startAudio(*mute || startMuted())
	}
	shareFiles(env)
	if err := env.LoadSettings(); err != nil {
		fmt.Fprintf(os.Stderr, "sightline: %v\n", err)
	}
	fullSet := false
	fs.Visit(func(f *flag.Flag) { fullSet = fullSet || f.Name == "fullscreen" })
	switch {
	case *shot != "":
		// A screenshot is the same picture on any machine: no fullscreen.
	case fullSet:
		// The flag wins for this run; the saved setting is left as it is.
		startFullscreen(*full)
		env.SetFullscreen = func(bool) {}
	default:
		startFullscreen(env.Settings.Fullscreen)
		env.SetFullscreen = setFullscreen
	}
	g := &game{env: env, first: first, scene: *scene, shot: *shot, frames: max(*frames, 1), fps: meter, stop: &stop}
	g.input.Clipboard = newClipboard()
	env.Paste = g.input.Clipboard != nil
	if fingerFirst() {
		env.Finger = true
		g.input.FingerFirst()
	}

	mark("setupMs")
	ebiten.SetWindowSize(scenes.ScreenWidth, scenes.ScreenHeight)
	ebiten.SetWindowTitle("Sightline")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	// The screen keeps its picture between frames: a frame with nothing
	// new is not drawn (game.Draw), and Ebitengine then presents nothing.
	ebiten.SetScreenClearedEveryFrame(false)
	err = ebiten.RunGame(g)
	if err != nil {
		fmt.Fprintf(os.Stderr, "sightline: %v\n", err)
	}
	if rec != nil && !writeRecording(rec, *record) {
		return 1
	}
	if err != nil {
		return 1
	}
	if meter != nil {
		fmt.Println(meter.report)
	}
	return 0
}

// startAudio opens the sound device and starts the ambient loop. With no
// device the game plays silent: it says so once and returns nil.
func startAudio(muted bool) *systems.Audio {
	a, err := systems.NewAudio()
	if err != nil {
		fmt.Fprintf(os.Stderr, "sightline: playing without sound: %v\n", err)
		return nil
	}
	a.SetMuted(muted)
	if err := a.StartAmbient(); err != nil {
		fmt.Fprintf(os.Stderr, "sightline: no ambient sound: %v\n", err)
	}
	return a
}

// startRecording returns a player that records what it plays for
// -record-audio, on the sound device if device is set and one opens
// (else silently), with the ambient loop started.
func startRecording(device, muted bool) (*systems.Audio, *systems.Recorder) {
	a, rec, err := systems.NewRecordingAudio(device)
	if err != nil {
		fmt.Fprintf(os.Stderr, "sightline: recording the sound without playing it: %v\n", err)
	}
	a.SetMuted(muted)
	if err := a.StartAmbient(); err != nil {
		fmt.Fprintf(os.Stderr, "sightline: no ambient sound: %v\n", err)
	}
	return a, rec
}

// writeRecording writes rec's mix to path and says how long and loud it
// is; it reports false, with the error said, when it cannot.
func writeRecording(rec *systems.Recorder, path string) bool {
	c, err := rec.WriteWAV(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "sightline: %v\n", err)
		return false
	}
	fmt.Fprintf(os.Stderr, "sightline: recorded %.1f s of sound to %s (peak %.1f dBFS, RMS %.1f dBFS)\n",
		c.Duration().Seconds(), path, sound.DBFS(c.Peak()), sound.DBFS(c.RMS()))
	return true
}

// parseFlags parses args into fs, whose usage is gameUsage. It returns
// ok, or the exit status: 0 after -h (the usage on stdout), 2 after a bad
// flag (the error and the usage on stderr).
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	var msg bytes.Buffer
	fs.SetOutput(&msg)
	fs.Usage = func() {
		if u := gameUsage(); u != "" {
			fmt.Fprint(fs.Output(), u)
			return
		}
		fmt.Fprintln(fs.Output(), "usage: sightline [flags]")
		fs.PrintDefaults()
	}
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		os.Stdout.Write(msg.Bytes())
		return 0, false
	default:
		os.Stderr.Write(msg.Bytes())
		return 2, false
	}
}

// game is the thin ebiten.Game: it reads input into intents and hands
// Update, Draw and Layout to the scene manager.
type game struct {
	env   *scenes.Env
	first func(*scenes.Env) (scenes.Scene, error) // the first scene, or nil: scene
	scene string                                  // the first scene's name when first is nil
	mgr   *scenes.Manager
	input systems.Input

	shot   string
	frames int
	frame  int
	done   bool
	err    error
	// think and thinkOf are the think figures last published
	// (publishThink) and their battle.
	think   scenes.ThinkStats
	thinkOf *scenes.Battle
	// briefing is whether a briefing card was up when last published,
	// over the battle briefed (published at its first frame too).
	briefing bool
	briefed  *scenes.Battle
	// joining is the join screen's status last published.
	joining string
	// probe is what publishBattle last published, targets what
	// publishTargets did.
	probe   battleProbe
	targets targetProbe
	// drawn is whether the first frame has been drawn (publishDrawn);
	// warmed whether the browser's warm-up has run since.
	drawn, warmed bool
	// top is the name of the scene on top that the last frame drew
	// (publishTop).
	top string
	// fps, when set, measures the frame rate (-fps-report).
	fps *fpsMeter
	// catchUp runs the ticks Ebitengine skips after a long frame.
	catchUp tickClock
	// changes counts the screen changes started (publishChanges).
	changes sceneChanges
	// stop is set on an interrupt or terminate signal (stopOnSignal):
	// the game ends at its next Update, as if quit, so what is written at
	// the end (a -record-audio file) is written.
	stop *atomic.Bool
}

// Update builds the first scene on the first tick, then runs the manager.
func (g *game) Update() error {
	if g.stop.Load() {
		g.done = true
	}
	if g.done {
		if g.err != nil {
			return g.err
		}
		return ebiten.Termination
	}
	if g.drawn && !g.warmed && g.mgr.Current().Name() == "title" {
		// The browser's warm-up (warmUp) runs once the title is on
		// screen, not before it: the page shows the game sooner, and the
		// title, which is still, takes the pause. A page opened on an
		// online match's link never waits on the computer: its join
		// screen is not held up (the page would answer the server late).
		g.warmed = true
		warmUp()
		mark("warmedMs")
	}
	if g.mgr == nil {
		var first scenes.Scene
		switch {
		case g.first != nil:
			var err error
			if first, err = g.first(g.env); err != nil {
				return err
			}
		case g.scene == "levels":
			first = scenes.NewLevelSelect(g.env)
		case g.scene == "settings":
			first = scenes.NewSettings(g.env, scenes.NewTitle(g.env))
		default:
			first = scenes.NewTitle(g.env)
		}
		g.mgr = scenes.NewManager(g.env, first)
		mark("firstUpdateMs")
		g.mgr.OnChange = publishScene
		// Animations run by the clock, so a slow frame rate does not
		// slow them; -screenshot keeps whole ticks, for the same picture
		// on any machine.
		if g.shot == "" {
			g.mgr.Now = time.Now
		}
		g.mgr.Start()
		mark("firstSceneMs")
	}
	start := time.Now()
	owed := g.catchUp.update(start)
	sw, sh := g.env.Screen()
	in := g.input.Read(int(sw), int(sh))
	if g.fps != nil {
		in = g.fps.intents(in)
	}
	g.env.Unfocused = !ebiten.IsFocused()
	err := g.changes.update(g.mgr, in)
	g.countTick(start)
	if g.shot != "" {
		// Screenshots step whole ticks, one an Update, for the same
		// picture on any machine.
		owed = 0
	}
	held := heldIntents(in)
	for i := 0; i < owed && err == nil && time.Since(start) < catchUpBudget; i++ {
		t0 := time.Now()
		err = g.changes.update(g.mgr, held)
		g.countTick(t0)
	}
	return err
}

// countTick counts an Update started at t0 for -fps-report, and ends the
// game once the report is done.
func (g *game) countTick(t0 time.Time) {
	// The warm-up starts after the first frame, which uploads the
	// battle's images (some 3 s here).
	if g.fps != nil && g.drawn && g.fps.update(time.Now(), time.Since(t0)) {
		g.done = true
	}
}

// Draw draws the scene, publishes the controls a finger may tap on the
// scene on top and a battle's think figures when they change and, in
// screenshot mode, saves the chosen frame.
func (g *game) Draw(screen *ebiten.Image) {
	if g.mgr == nil {
		return
	}
	// Only a frame that shows something new is drawn (Manager.NeedsDraw);
	// the frame-rate report and a screenshot draw every frame.
	if g.fps != nil || g.shot != "" || g.mgr.NeedsDraw(screen) {
		g.mgr.Draw(screen)
	}
	g.catchUp.drawn()
	if g.fps != nil {
		g.fps.draw()
	}
	if !g.drawn {
		g.drawn = true
		publishDrawn(g.mgr.Current().Name())
	}
	if top := g.mgr.Top().Name(); top != g.top {
		g.top = top
		publishTop(top)
	}
	var tappable []scenes.Target
	if tg, ok := g.mgr.Top().(scenes.Targeted); ok {
		tappable = tg.Targets()
	}
	sw, sh := g.mgr.TopScreen()
	publishTargets(&g.targets, g.mgr.Top().Name(), tappable, sw, sh)
	if j, ok := g.mgr.Current().(*scenes.Joining); ok && j.Status() != g.joining {
		g.joining = j.Status()
		publishJoining(g.joining)
	}
	if b, ok := g.mgr.Current().(*scenes.Battle); ok {
		if up := g.mgr.Top().Name() == "briefing"; up != g.briefing || b != g.briefed {
			g.briefing, g.briefed = up, b
			publishBriefing(up)
		}
		publishBattle(&g.probe, b)
		if st := b.ThinkStats(); st != g.think || b != g.thinkOf {
			g.think, g.thinkOf = st, b
			publishThink(b.Title(), st)
		}
	}
	if g.shot == "" || g.done {
		return
	}
	g.frame++
	if g.frame >= g.frames {
		g.err = writePNG(screen, g.shot)
		g.done = true
	}
}

// Layout keeps the logical screen at 1280×720 whatever the window size,
// but on a phone's page held upright, where it is Env.Screen's, taller
// than wide; it tells the scenes the window's size (Env.Window: a small
// one, a phone's, gets the battle's largest interface size).
func (g *game) Layout(w, h int) (int, int) {
	if g.env == nil {
		return scenes.ScreenWidth, scenes.ScreenHeight
	}
	g.env.Window = [2]float64{float64(w), float64(h)}
	sw, sh := g.env.Screen()
	return int(sw), int(sh)
}

func writePNG(screen *ebiten.Image, path string) error {
	img := image.NewRGBA(screen.Bounds())
	screen.ReadPixels(img.Pix)
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("screenshot: %w", err)
	}
	return errors.Join(f.Close())
}
