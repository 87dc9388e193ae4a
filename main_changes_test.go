package main

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/scenes"
	"sightline/systems"
)

// goer is a screen that asks for a change to another goer on every
// Enter it is given.
type goer struct{ name string }

func (g *goer) Name() string { return g.name }

func (g *goer) Update(m *scenes.Manager, in []systems.Intent) error {
	for _, it := range in {
		if it.Kind == systems.IntentConfirm {
			m.GoTo(&goer{name: g.name + "+"})
		}
	}
	return nil
}

func (g *goer) Draw(*ebiten.Image) {}

func TestSceneChangesCountsTheFadesBegun(t *testing.T) {
	enter := []systems.Intent{{Kind: systems.IntentConfirm}}
	// Each step is the Updates in a row, pressing Enter or not.
	type step struct {
		updates int
		enter   bool
	}
	tests := []struct {
		name   string
		steps  []step
		want   int
		screen string
	}{
		{"no key: no change", []step{{40, false}}, 0, "title"},
		{"one Enter", []step{{1, true}, {40, false}}, 1, "title+"},
		{"Enters during the fade start no other", []step{{24, true}}, 1, "title+"},
		{"Enter again after the fade", []step{{1, true}, {40, false}, {1, true}, {40, false}}, 2, "title++"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := scenes.NewManager(nil, &goer{name: "title"})
			var c sceneChanges
			for _, s := range tt.steps {
				for range s.updates {
					var in []systems.Intent
					if s.enter {
						in = enter
					}
					if err := c.update(m, in); err != nil {
						t.Fatal(err)
					}
				}
			}
			if c.n != tt.want || m.Current().Name() != tt.screen {
				t.Errorf("have %d changes on %q, want %d on %q", c.n, m.Current().Name(), tt.want, tt.screen)
			}
		})
	}
}
