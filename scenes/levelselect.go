package scenes

import (
	"cmp"
	"io/fs"
	"slices"

	"sightline/ai"
	"sightline/campaign"
	"sightline/levels"
	"sightline/systems"
)

// Level select layout.
const (
	listX     = 80
	listY     = 150
	listW     = 520
	rowH      = 56
	detailX   = 660
	detailW   = 540
	previewH  = 230
	maxErrLen = 64
)

// LevelSelect lists the levels; Up/Down and Enter, or a click, start one.
// Levels that failed to load are greyed out with their error.
type LevelSelect struct {
	env      *Env
	fsys     fs.FS     // where the entries are: env.Levels, or a map's folder on disk
	players  [2]Player // who will play each side of the chosen level
	profiles []ai.Profile
	profile  int // the computer's, in profiles (difficulty.go)
	entries  []levels.Entry
	cursor   int
	shown    float64 // seconds on screen: the prompt blinks by it
	paint    systems.Painter
	loaded   map[string]*levels.Level
	message  string
	msgLeft  float64 // seconds the message stays
	// campaign lists the campaign's levels in order, locked until the one
	// before is won; order holds their files.
	campaign bool
	order    []string
	progress campaign.Progress
	progErr  string // why the progress could not be read ("" when it was)
	// touch is whether a finger was the last pointer: the help line names
	// taps, and the Back button (a tap's Esc) shows.
	touch bool
}

// backTapped reports whether it is a tap on the Back button.
func (ls *LevelSelect) backTapped(it systems.Intent) bool {
	b := ls.backButton()
	return it.Kind == systems.IntentClick && it.Touch && ls.backShown() && b.Contains(it.X, it.Y)
}

// levelsBack returns the level select's Back button, shown to touch.
func levelsBack() systems.Button {
	return systems.Button{X: detailX + detailW - 130, Y: 22, W: 130, H: 48, Label: buttonBack}
}

// NewLevelSelect lists the levels of env.Levels for a hot-seat battle.
func NewLevelSelect(env *Env) *LevelSelect { return NewLevelSelectFor(env, [2]Player{}) }

// NewLevelSelectFor lists the levels of env.Levels for a battle played by
// players (Blue, Red).
func NewLevelSelectFor(env *Env, players [2]Player) *LevelSelect {
	ls := &LevelSelect{env: env, touch: env.Finger, players: players, loaded: map[string]*levels.Level{}, paint: env.painter()}
	if players != [2]Player{} {
		ls.profiles, _ = ai.Profiles() // none (a broken file): the computer plays Normal
		sortProfiles(ls.profiles)
		ls.profile = max(slices.IndexFunc(ls.profiles, func(p ai.Profile) bool { return p.Name == ai.Normal.Name }), 0)
		ls.chooseProfile(env.prefs().Difficulty) // the last one chosen
	}
	if env.Levels != nil {
		ls.fsys, ls.entries = env.Levels, env.levelEntries()
		// The campaign's levels first, in its order; then the others.
		slices.SortStableFunc(ls.entries, func(a, b levels.Entry) int {
			return cmp.Compare(campaignRank(a), campaignRank(b))
		})
	}
	// Best scores; the campaign screen also says when the file is damaged.
	var err error
	if ls.progress, err = env.progress(); err != nil {
		ls.progErr = err.Error()
	}
	for i, e := range ls.entries {
		if e.Err == nil {
			ls.cursor = i
			break
		}
	}
	return ls
}

// NewCampaignSelect lists the campaign's levels in order, for a person
// playing Blue against the computer: the first open, each other once the
// one before it is won. The cursor starts on the first open level not yet
// won.
func NewCampaignSelect(env *Env) *LevelSelect {
	ls := NewLevelSelectFor(env, [2]Player{Human, Computer})
	ls.campaign = true
	ls.entries, ls.order = campaignOrder(ls.entries)
	ls.cursor = 0
	for i := range ls.entries {
		if ls.locked(i) {
			break
		}
		ls.cursor = i
		if !ls.progress.Levels[ls.order[i]].Won {
			break
		}
	}
	return ls
}

// locked reports whether entry i is a campaign level not yet open.
func (ls *LevelSelect) locked(i int) bool {
	return ls.campaign && !ls.progress.Unlocked(ls.order, i)
}

// choose puts the cursor on the level at path, if it is listed and open.
func (ls *LevelSelect) choose(path string) {
	for i, e := range ls.entries {
		if e.Path == path && !ls.locked(i) {
			ls.cursor = i
		}
	}
}

// chooseProfile chooses the computer's profile by name, if it is listed.
func (ls *LevelSelect) chooseProfile(name string) {
	if i := slices.IndexFunc(ls.profiles, func(p ai.Profile) bool { return p.Name == name }); i >= 0 {
		ls.profile = i
	}
}

// NewLevelSelectFile lists one map on disk, as a designer sees it on the
// level-select screen (sightline -level FILE -scene levels).
func NewLevelSelectFile(env *Env, file string) (*LevelSelect, error) {
	fsys, rel, err := levels.Folder(file)
	if err != nil {
		return nil, err
	}
	lv, err := levels.Load(fsys, rel)
	if err != nil {
		return nil, err
	}
	ls := NewLevelSelect(env)
	ls.fsys, ls.entries, ls.cursor = fsys, []levels.Entry{{Path: rel, Name: lv.Name}}, 0
	ls.loaded[rel] = lv
	return ls, nil
}

// Name returns "levels".
func (ls *LevelSelect) Name() string { return "levels" }

// Entries returns the listed levels.
func (ls *LevelSelect) Entries() []levels.Entry { return ls.entries }

// Update moves the cursor, starts the chosen level, or goes back.
// F1 or ? opens the help card over it.
func (ls *LevelSelect) Update(m *Manager, in []systems.Intent) error {
	ls.Tick(m, in)
	if systems.Has(in, systems.IntentHelp) {
		m.Push(newHelp(m.Env, nil))
		return nil
	}
	ls.touch = ls.env.notePointer(in)
	for _, it := range in {
		if ls.backTapped(it) {
			it.Kind = systems.IntentBack
		}
		switch it.Kind {
		case systems.IntentBack:
			m.GoTo(NewTitle(m.Env))
			return nil
		case systems.IntentUp:
			ls.move(-1)
		case systems.IntentDown:
			ls.move(1)
		case systems.IntentHover:
			// A tap's hover does not move the cursor: its click does.
			if i, ok := ls.rowAt(it.X, it.Y); ok && !it.Touch {
				ls.cursor = i
			}
		case systems.IntentClick:
			if i, ok := ls.difficultyAt(it.X, it.Y); ok {
				ls.chooseDifficulty(i)
				continue
			}
			if i, ok := ls.rowAt(it.X, it.Y); ok {
				// A finger cannot hover to read a level's card: the
				// first tap on a row shows it, a tap on the row shown
				// starts it.
				if it.Touch && i != ls.cursor {
					ls.cursor = i
					continue
				}
				ls.cursor = i
				ls.start(m)
				return nil
			}
		case systems.IntentConfirm:
			ls.start(m)
			return nil
		case systems.IntentKey:
			if systems.KeyOf(it) == 'd' && len(ls.profiles) > 0 {
				ls.chooseDifficulty((ls.profile + 1) % len(ls.profiles))
			}
		}
	}
	return nil
}

func (ls *LevelSelect) move(d int) {
	if len(ls.entries) == 0 {
		return
	}
	ls.cursor = (ls.cursor + d + len(ls.entries)) % len(ls.entries)
}

// rowAt returns the entry whose row is at (x, y).
func (ls *LevelSelect) rowAt(x, y float64) (int, bool) {
	for i := range ls.entries {
		if rx, ry, rw, rh := ls.rowRect(i); x >= rx && x < rx+rw && y >= ry && y < ry+rh {
			return i, true
		}
	}
	return 0, false
}

// start loads the level under the cursor afresh and fades to its battle.
func (ls *LevelSelect) start(m *Manager) {
	if ls.cursor >= len(ls.entries) {
		return
	}
	e := ls.entries[ls.cursor]
	if e.Err != nil {
		ls.flash("This level cannot be played: fix the map and restart.")
		return
	}
	if ls.locked(ls.cursor) {
		ls.flash("Locked: win " + ls.entries[ls.cursor-1].Name + " first.")
		return
	}
	lv, err := levels.Load(ls.fsys, e.Path)
	if err != nil {
		ls.flash(err.Error())
		return
	}
	setup := SetupFromLevel(lv)
	setup.Players, setup.Campaign = ls.players, ls.campaign
	if len(ls.profiles) > 0 {
		setup.Profile = ls.profiles[ls.profile].Name
	}
	m.GoTo(NewBattle(m.Env, setup))
}

// flash shows a message (why the level cannot start) with the UI buzz.
func (ls *LevelSelect) flash(s string) {
	ls.message, ls.msgLeft = s, 3
	ls.env.Audio.Deny()
}

// level returns the cached loaded level of an entry, loading it on first use.
func (ls *LevelSelect) level(e levels.Entry) *levels.Level {
	if e.Err != nil {
		return nil
	}
	if lv, ok := ls.loaded[e.Path]; ok {
		return lv
	}
	lv, err := levels.Load(ls.fsys, e.Path)
	if err != nil {
		lv = nil
	}
	ls.loaded[e.Path] = lv
	return lv
}

// Tick runs the screen's clock and its message's time, under the help
// card too.
func (ls *LevelSelect) Tick(m *Manager, _ []systems.Intent) {
	ls.shown += m.Dt()
	ls.msgLeft -= m.Dt()
}

// frameKey returns what the level select shows that changes by itself:
// the prompt's blink and the message, until its time is up.
func (ls *LevelSelect) frameKey() (any, bool) {
	return [2]bool{int(ls.shown*2)%2 == 0, ls.msgLeft > 0}, true
}

// campaignRank orders entries by campaign place, the others after.
func campaignRank(e levels.Entry) int {
	if e.Campaign > 0 {
		return e.Campaign
	}
	return levels.MaxCampaign + 1
}
