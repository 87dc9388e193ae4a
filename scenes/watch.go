package scenes

import (
	"fmt"
	"path/filepath"
	"strings"

	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// watchSpeeds are the replay speeds keys 1-4 choose: the animations'
// speed, and the pause after each command's events in seconds.
var watchSpeeds = [...]struct {
	fx    float64
	pause float64
}{{1, 0.66}, {2, 0.33}, {4, 0.13}, {8, 0.016}}

// watch drives a battle played back from a replay (a driver): both sides
// follow the replay's script, and the viewer pauses, steps, changes speed
// and chooses whose view to see.
type watch struct {
	*stage
	steps  stepper
	fx     *systems.EventFX // the effects, whose speed the viewer sets
	script *match.Script
	replay *replayer // both sides' controller, over script
	paused bool
	step   bool    // play one command while paused
	due    bool    // the next command is being played (a shadow thinks)
	speed  int     // index in watchSpeeds
	wait   float64 // seconds before the next command
	view   int     // 0 Blue's view, 1 Red's, 2 both (no fog)
	ended  bool
	// whyNote says why the overlay has no account to show (Battle.why is
	// nil), about whySide's command.
	whyNote []string
	whySide rules.Side
	// from is the screen Esc returns to (nil: the title).
	from Scene
	// source says where the replay came from ("from shared.json"; "":
	// this run's battle).
	source string
}

// leave returns the screen Esc goes back to from the replay: the one it
// was watched from, else the title.
func (w *watch) leave(env *Env) Scene {
	if w.from != nil {
		return w.from
	}
	return NewTitle(env)
}

// NewWatch returns the battle scene that plays replay r back on setup
// (the level r names, as loaded): Space pauses, N steps one command while
// paused, 1-4 set the speed, V shows Blue's view, Red's or both, and Y
// shows why the computer made its last decision, as in a live battle.
func NewWatch(env *Env, setup Setup, r *match.Replay) (*Battle, error) {
	cmds := make([]rules.Command, len(r.Commands))
	for i, spec := range r.Commands {
		c, err := spec.Command(setup.State)
		if err != nil {
			return nil, fmt.Errorf("replay: commands[%d]: %w", i, err)
		}
		cmds[i] = c
	}
	env.Seed = r.Seed
	// No autosave: watching a replay must not replace the battle Continue
	// resumes.
	b := newBattle(env, setup, match.New(setup.State, env.NextSeed()))
	w := &watch{stage: b.stage, steps: b, fx: b.ui.fx, script: &match.Script{Commands: cmds}, view: 2, speed: 1, whyNote: noAccountYet}
	w.replay = newReplayer(w.script, b.state, r.Sides)
	if r.From != "" {
		w.source = "from " + match.SafeText(clip(filepath.Base(r.From), 40))
	}
	if !w.replay.computers() {
		w.whyNote = noComputerSide
	}
	b.watch, b.drive = w, w
	b.opening = nil // a replay plays at once; its level's lesson is for the battle
	b.SetController(rules.SideBlue, w.replay)
	b.SetController(rules.SideRed, w.replay)
	b.fog.Off = true
	b.ui.fx.Speed = watchSpeeds[w.speed].fx
	return b, nil
}

// Watching reports whether the battle plays a replay back.
func (b *Battle) Watching() bool { return b.watch != nil }

// input handles the viewer's keys.
func (w *watch) input(in []systems.Intent) {
	for _, it := range in {
		switch it.Kind {
		case systems.IntentSkip:
			w.paused = !w.paused
		case systems.IntentKey:
			switch k := systems.KeyOf(it); {
			case k == 'n':
				w.paused, w.step = true, true
			case k >= '1' && k <= '4':
				w.speed = int(k - '1')
				w.fx.Speed = watchSpeeds[w.speed].fx
			case k == 'v':
				w.view = (w.view + 1) % 3
				w.fog.Off = w.view == 2
			}
		}
	}
}

// skips reports false: the replay's orders are recorded, and its keys
// do not cut its playback short.
func (w *watch) skips([]systems.Intent) bool { return false }

// back leaves the replay for the title screen.
func (w *watch) back(m *Manager) bool {
	m.GoTo(w.leave(m.Env))
	return true
}

// decided reports false: a replay plays to its end and stays on it.
func (w *watch) decided() (rules.Side, bool) { return 0, false }

// play plays the replay's next command when it is time, dt seconds
// after the last call: not paused (or a step asked for) and the pause
// after the last command is over. A
// command of the computer plays once its shadow has re-thought it, which
// may take a few frames.
func (w *watch) play(_ []systems.Intent, dt float64) {
	if w.replay.Done() {
		if !w.ended {
			w.ended = true
			w.hud.Banner("END OF REPLAY", "Esc: leave", systems.ColorAccent)
		}
		return
	}
	if !w.due {
		if w.wait > 0 && !w.step {
			w.wait -= dt
			return
		}
		if w.paused && !w.step {
			return
		}
		w.step, w.due = false, true
	}
	n := len(w.m.Log())
	w.steps.step()
	if w.replay.Thinking() {
		return
	}
	w.due = false
	w.wait = watchSpeeds[w.speed].pause
	if log := w.m.Log(); len(log) > n {
		w.whyOf(log[len(log)-1].Side)
	}
}

// side returns the side whose view the fog shows.
func (w *watch) side() rules.Side {
	if w.view == 1 {
		return rules.SideRed
	}
	return rules.SideBlue
}

// hint is the help line of a replay.
func (w *watch) hint() string {
	state := "playing"
	if w.paused {
		state = "paused"
	}
	views := [...]string{"Blue's view", "Red's view", "both sides"}
	status := fmt.Sprintf("Replay %s · %d/%d · speed %dx · %s",
		state, len(w.m.Log()), len(w.script.Commands), int(watchSpeeds[w.speed].fx), views[w.view])
	if w.source != "" {
		status = strings.Replace(status, "Replay", "Replay "+w.source+" ·", 1)
	}
	if w.finger {
		return status // the touch keys in the top bar are the controls
	}
	return status + "   Space: pause  N: step  1-4: speed  V: view  Y: why  Esc: leave"
}
