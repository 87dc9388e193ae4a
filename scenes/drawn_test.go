package scenes

import (
	"testing"

	"sightline/levels"
	"sightline/rules"
	"sightline/systems"
)

// TestScenesKeepShapesInTheEnv: the painters of every screen and of a
// battle's parts keep their shapes in their Env's one store, which the
// Env makes once; a nil Env gives none.
func TestScenesKeepShapesInTheEnv(t *testing.T) {
	env := testEnv(t)
	env.shapes = nil // made by the first painter
	lv, err := levels.Load(levels.Embedded(), "maps/outpost.tmx")
	if err != nil {
		t.Fatal(err)
	}
	b := NewBattle(env, SetupFromLevel(lv))
	store := env.shapes
	if store == nil {
		t.Fatal("the battle made no store in its Env")
	}
	tests := []struct {
		name string
		have *systems.ShapeStore
	}{
		{"title", NewTitle(env).paint.Shapes},
		{"level select", NewLevelSelect(env).paint.Shapes},
		{"campaign", NewCampaignSelect(env).paint.Shapes},
		{"load", NewLoad(env, nil).paint.Shapes},
		{"settings", NewSettings(env, nil).paint.Shapes},
		{"result", NewResult(env, rules.SideBlue, "Outpost", 3).paint.Shapes},
		{"help", newHelp(env, b).paint.Shapes},
		{"the battle's map", b.look.paint.Shapes},
		{"the battle's furniture", b.ui.paint.Shapes},
		{"the HUD", b.hud.Shapes},
		{"the action bar", b.ui.bar.Shapes},
		{"the log", b.ui.logPanel.Shapes},
	}
	for _, tt := range tests {
		if tt.have != store {
			t.Errorf("%s: its painter keeps its shapes in %p, want the Env's %p", tt.name, tt.have, store)
		}
	}
	if s := (*Env)(nil).painter().Shapes; s != nil {
		t.Errorf("a nil Env's painter has the store %p, want none", s)
	}
}
