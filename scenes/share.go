package scenes

import (
	"bytes"
	"path"

	"sightline/match"
)

// Shared is a save or replay the player gave the game from outside it
// (in the browser: a file picked or dropped on the page).
type Shared struct {
	// Name is the file's name, as the player's system gave it.
	Name string
	// Data is what it holds.
	Data []byte
}

// openShared opens a file given from outside with every check a file
// from a stranger gets (match.ReadReplay): a save (one with a camera or a
// time saved) is resumed, a replay is played back saying which file it
// came from, and a file refused goes to the title, which says why (and
// Env.Refused is told).
func openShared(m *Manager, f Shared) {
	name := match.SafeText(path.Base(f.Name))
	refuse := func(err error) {
		m.Env.Notice = clip(name+": "+match.SafeText(err.Error()), 160)
		if m.Env.Refused != nil {
			m.Env.Refused(m.Env.Notice)
		}
		m.GoTo(NewTitle(m.Env))
	}
	r, err := match.ReadReplay(bytes.NewReader(f.Data))
	if err != nil {
		refuse(err)
		return
	}
	// A file given from outside has no folder: only the game's own levels
	// are looked for, never a map on disk it names.
	r.From, r.Level.Path = path.Base(f.Name), ""
	if r.View != nil || r.Saved != "" {
		rs, err := NewResuming(m.Env, r, func(m *Manager, err error) { refuse(err) })
		if err != nil {
			refuse(err)
			return
		}
		m.GoTo(rs)
		return
	}
	lv, err := ReplayLevel(r)
	if err != nil {
		refuse(err)
		return
	}
	b, err := NewWatch(m.Env, SetupFromLevel(lv), r)
	if err != nil {
		refuse(err)
		return
	}
	m.GoTo(b)
}

// exportSave hands the save kept under name to the player as a file
// (Env.Export), and says what became of it.
func exportSave(env *Env, name string) string {
	data, err := env.Store.GetData(name)
	if err == nil {
		err = env.Export(path.Base(name)+".json", data)
	}
	if err != nil {
		return "Not exported: " + match.SafeText(err.Error())
	}
	return "Exported as " + path.Base(name) + ".json"
}
