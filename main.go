// Command sightline is a turn-based tactics game of cover and line of
// sight.
//
//	sightline                      title screen, then the level select
//	sightline -level MAP.tmx       play a map straight from disk
//	sightline -screenshot OUT.png  render -frames frames, save the screen, quit
//	sightline -scene levels        start at the level select (for screenshots)
//	sightline scenario FILE.json   play a scenario headless, one JSON event per line
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/levels"
	"sightline/scenes"
	"sightline/systems"
)

func main() { os.Exit(run()) }

func run() int {
	if len(os.Args) > 1 && os.Args[1] == "scenario" {
		return runScenario(os.Args[2:], os.Stdout, os.Stderr)
	}
	level := flag.String("level", "", "open this .tmx map from disk and go straight to battle")
	shot := flag.String("screenshot", "", "render -frames frames, write the screen to this PNG and exit")
	frames := flag.Int("frames", 60, "frames to render before -screenshot is taken")
	seed := flag.Uint64("seed", 0, "seed of the first battle's dice (0: from the clock)")
	scene := flag.String("scene", "title", "first scene without -level: title or levels")
	flag.Parse()
	if *scene != "title" && *scene != "levels" {
		fmt.Fprintf(os.Stderr, "sightline: -scene %q: want title or levels\n", *scene)
		return 2
	}

	var lv *levels.Level
	if *level != "" {
		var err error
		if lv, err = levels.OpenFile(*level); err != nil {
			fmt.Fprintf(os.Stderr, "sightline: %v\n", err)
			return 2
		}
	}
	fonts, err := systems.NewFonts()
	if err != nil {
		fmt.Fprintf(os.Stderr, "sightline: %v\n", err)
		return 1
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	env := &scenes.Env{Fonts: fonts, Levels: levels.Embedded(), Seed: *seed}
	g := &game{env: env, level: lv, scene: *scene, shot: *shot, frames: max(*frames, 1)}

	ebiten.SetWindowSize(scenes.ScreenWidth, scenes.ScreenHeight)
	ebiten.SetWindowTitle("Sightline")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintf(os.Stderr, "sightline: %v\n", err)
		return 1
	}
	return 0
}

// game is the thin ebiten.Game: it reads input into intents and hands
// Update, Draw and Layout to the scene manager.
type game struct {
	env   *scenes.Env
	level *levels.Level
	scene string // the first scene's name when level is nil
	mgr   *scenes.Manager
	input systems.Input

	shot   string
	frames int
	frame  int
	done   bool
	err    error
}

// Update builds the first scene on the first tick, then runs the manager.
func (g *game) Update() error {
	if g.done {
		if g.err != nil {
			return g.err
		}
		return ebiten.Termination
	}
	if g.mgr == nil {
		var first scenes.Scene
		switch {
		case g.level != nil:
			first = scenes.NewBattle(g.env, scenes.SetupFromLevel(g.level))
		case g.scene == "levels":
			first = scenes.NewLevelSelect(g.env)
		default:
			first = scenes.NewTitle(g.env)
		}
		g.mgr = scenes.NewManager(g.env, first)
		g.mgr.OnChange = publishScene
		g.mgr.Start()
	}
	return g.mgr.Update(g.input.Read(scenes.ScreenWidth, scenes.ScreenHeight))
}

// Draw draws the scene and, in screenshot mode, saves the chosen frame.
func (g *game) Draw(screen *ebiten.Image) {
	if g.mgr == nil {
		return
	}
	g.mgr.Draw(screen)
	if g.shot == "" || g.done {
		return
	}
	g.frame++
	if g.frame >= g.frames {
		g.err = writePNG(screen, g.shot)
		g.done = true
	}
}

// Layout keeps the logical screen at 1280×720 whatever the window size.
func (g *game) Layout(int, int) (int, int) { return scenes.ScreenWidth, scenes.ScreenHeight }

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
