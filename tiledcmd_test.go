//go:build !js

package main

import (
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"sightline/internal/tiledcmd"
)

// TestTiledPlayCommand: the project's "Play in Sightline" command (F5 in
// Tiled), expanded as Tiled 1.8 expands it for a map open in the editor,
// runs this game from the repository root on that map, saving first. Run
// with two flags more that make it quit after a frame, it plays the map.
func TestTiledPlayCommand(t *testing.T) {
	levels, err := filepath.Abs("levels")
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := tiledcmd.Read(filepath.Join(levels, "sightline.tiled-project"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := tiledcmd.Find(cmds, "Play in Sightline")
	if err != nil {
		t.Fatal(err)
	}
	if !c.Enabled || !c.SaveBeforeExecute || !c.ShowOutput || c.Shortcut != "F5" {
		t.Errorf("Play in Sightline: %+v; want enabled, saving first, output shown, on F5", c)
	}
	if cmds[0].Name != c.Name {
		t.Errorf("the first command is %q; Tiled's toolbar button runs the first, want Play in Sightline", cmds[0].Name)
	}
	mapFile := filepath.Join(levels, "maps", "crossroads.tmx")
	v := tiledcmd.Vars{MapFile: mapFile, MapPath: filepath.Dir(mapFile), ProjectPath: levels}
	argv, dir := c.Argv(v), c.Dir(v)
	if want := []string{"go", "run", ".", "-level", mapFile}; !reflect.DeepEqual(argv, want) {
		t.Fatalf("Play in Sightline runs %q, want %q", argv, want)
	}
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if a, err1 := os.Stat(dir); err1 != nil {
		t.Fatalf("working directory %s: %v", dir, err1)
	} else if b, err2 := os.Stat(here); err2 != nil || !os.SameFile(a, b) {
		t.Fatalf("Play in Sightline runs in %s, want the repository root %s", dir, here)
	}
	shot := filepath.Join(t.TempDir(), "play.png")
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, goTool(t), append(argv[1:], "-screenshot", shot, "-frames", "2")...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%q in %s: %v\n%s", argv, dir, err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.DecodeConfig(f); err != nil {
		t.Errorf("the game's screenshot: %v", err)
	}
}
