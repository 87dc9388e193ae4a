package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// titleMap is the little skirmish drawn behind the title.
const titleMap = `
............................................
............................................
.....#####.............hhh..................
.....#...#....R........h..........lll.......
.....#.R.#.............h...........r........
.....##.##..........................R.......
...........vvv...........ggg................
....................s.......................
.......lll..........ss.........#######......
........B...........s..........#.....#......
.................................R...#......
.........hh.....aaa..........#.......#......
.........hB......B.............####.##......
............................l...............
.....B.....lll.......vv.....l....hh.........
............b..............B.....h..........
......................hhh...................
...........#####............................
...........#...g.......B.....lll............
...........#.b.#...............R............
...........#####............................
............................................
............................................
`

// Title is the opening screen: the name and a tagline over a dimmed
// little battle, and the choices: Continue (the newest save), Campaign,
// the skirmishes (vs computer, hot-seat, watching) and Load.
type Title struct {
	env   *Env
	tick  int
	menu  systems.Menu
	last  *match.Replay // the newest readable save, or nil
	note  string        // why Continue failed, shown under the menu
	state *rules.State
	world *entities.World
	rend  systems.Renderer
	paint systems.Painter
	over  systems.Overlays
	back  *ebiten.Image // the dimmed backdrop, drawn once
}

// NewTitle returns the title screen.
func NewTitle(env *Env) *Title {
	t := &Title{env: env}
	saves := listSaves(env)
	cont := systems.MenuItem{Label: "Continue", Disabled: true, Note: "no saved battle yet"}
	if len(saves) > 0 && saves[0].replay != nil {
		t.last = saves[0].replay
		cont = saves[0].item()
		cont.Label = "Continue · " + cont.Label
	}
	t.menu.Top = menuTop
	t.menu.Items = []systems.MenuItem{cont,
		{Label: "Campaign", Note: "the levels in order, each teaching one cover system"},
		{Label: "Play vs computer", Note: "you are Blue and move first"},
		{Label: "Play vs computer as Red", Note: "the computer is Blue and moves first"},
		{Label: "Hot-seat", Note: "two players, one keyboard"},
		{Label: "Watch the computer", Note: "the computer plays both sides"},
		{Label: "Load", Disabled: len(saves) == 0}}
	if t.last == nil {
		t.menu.Update(nil, ScreenWidth, ScreenHeight) // the focus skips the greyed Continue
	}
	s, err := rules.ParseASCII(titleMap)
	if err != nil {
		return t // the backdrop is decoration; the title still works without it
	}
	for i, u := range s.Units {
		u.Facing = rules.Dir((i * 3) % 8)
		if i%4 == 3 {
			u.Stance = rules.Crouched
		}
	}
	t.state = s
	t.world = entities.NewWorld(s)
	b := s.Board
	t.rend.Terrain = systems.NewTerrain(systems.TerrainSpec{Board: b})
	return t
}

// Name returns "title".
func (t *Title) Name() string { return "title" }

// Update runs the menu: Continue resumes the newest save, the games
// against the computer, Hot-seat and watching the computer open the level
// select for those players, Load lists the saves. Keys 1-7 pick an item.
func (t *Title) Update(m *Manager, in []systems.Intent) error {
	t.tick++
	switch t.menu.Update(in, ScreenWidth, ScreenHeight) {
	case 0:
		b, err := Resume(m.Env, t.last)
		if err != nil {
			t.note = "Continue: " + err.Error()
			return nil
		}
		m.GoTo(b)
	case 1:
		m.GoTo(NewCampaignSelect(m.Env))
	case 2:
		m.GoTo(NewLevelSelectFor(m.Env, [2]Player{Human, Computer}))
	case 3:
		m.GoTo(NewLevelSelectFor(m.Env, [2]Player{Computer, Human}))
	case 4:
		m.GoTo(NewLevelSelect(m.Env))
	case 5:
		m.GoTo(NewLevelSelectFor(m.Env, [2]Player{Computer, Computer}))
	case 6:
		m.GoTo(NewLoad(m.Env, nil))
	}
	return nil
}

// menuTop is where the title's menu starts, under the name.
const menuTop = 276

// drawBackdrop renders the little battle, dimmed, into t.back.
func (t *Title) drawBackdrop() {
	if t.state == nil {
		t.back = ebiten.NewImage(ScreenWidth, ScreenHeight)
		t.back.Fill(systems.ColorBackground)
		return
	}
	b := t.state.Board
	w, h := b.Width*b.TileSize, b.Height*b.TileSize
	t.back = ebiten.NewImage(w, h)
	cam := systems.NewCamera(float64(w), float64(h), float64(w), float64(h))
	cam.Zoom, cam.X, cam.Y = 1, 0, 0
	v := &systems.View{Cam: cam, Board: b, Paint: &t.paint, Fonts: t.env.Fonts}
	t.rend.Draw(t.back, v, t.world, &t.over)
	t.paint.Rect(t.back, 0, 0, float64(w), float64(h), color.NRGBA{0x0b, 0x10, 0x18, 0xb8})
}

// Draw draws the backdrop, the name and the prompt.
func (t *Title) Draw(dst *ebiten.Image) {
	f := t.env.Fonts
	if t.back == nil {
		t.drawBackdrop()
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(-32-28*math.Sin(float64(t.tick)/400), 0)
	dst.Fill(systems.ColorBackground)
	dst.DrawImage(t.back, op)

	// The name sits above the menu (menuTop).
	cx, cy := float64(ScreenWidth)/2, float64(menuTop)-190
	// A sight line struck through the name.
	t.paint.Line(dst, cx-420, cy+40, cx+420, cy-30, 3, color.NRGBA{0xfa, 0xcc, 0x15, 0x90})
	t.paint.Circle(dst, cx-420, cy+40, 14, systems.ColorBlue)
	t.paint.Ring(dst, cx-420, cy+40, 14, 3, systems.ColorOutline)
	t.paint.Circle(dst, cx+420, cy-30, 14, systems.ColorRed)
	t.paint.Ring(dst, cx+420, cy-30, 14, 3, systems.ColorOutline)

	f.Draw(dst, "SIGHTLINE", 112, true, cx+4, cy+14, color.NRGBA{0, 0, 0, 0xa0}, systems.AlignCenter)
	f.Draw(dst, "SIGHTLINE", 112, true, cx, cy+8, systems.ColorText, systems.AlignCenter)
	f.Draw(dst, "A turn-based tactics game of cover and line of sight", 24, false, cx, cy+100, systems.ColorTextDim, systems.AlignCenter)
	t.menu.DrawItems(dst, &t.paint, f, ScreenWidth, ScreenHeight)
	if t.note != "" {
		f.Draw(dst, t.note, 15, false, cx, ScreenHeight-9, systems.ColorAccent, systems.AlignCenter)
	}
}
