package tiledcmd

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestSplitCommand(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string
	}{
		{`"go" run . -level "/a b/m.tmx"`, []string{"go", "run", ".", "-level", "/a b/m.tmx"}},
		{`  a   b  `, []string{"a", "b"}},
		{`say """hi"""`, []string{"say", `"hi"`}},
		{`x "" y`, []string{"x", "y"}},
		{``, nil},
	} {
		if got := SplitCommand(tc.line); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SplitCommand(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestArgvAndDir(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.tiled-project")
	doc := `{"commands": [{"name": "Play", "command": "go", "arguments": "run . -level %mapfile -in %mappath",
		"workingDirectory": "%projectpath/..", "enabled": true, "shortcut": "F5"}], "propertyTypes": []}`
	if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	cmds, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Find(cmds, "Play")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Find(cmds, "Stop"); err == nil {
		t.Error("found a command that is not there")
	}
	v := Vars{MapFile: "/my maps/a.tmx", MapPath: "/my maps", ProjectPath: "/proj dir/levels"}
	want := []string{"go", "run", ".", "-level", "/my maps/a.tmx", "-in", "/my maps"}
	if got := c.Argv(v); !reflect.DeepEqual(got, want) {
		t.Errorf("Argv = %q, want %q", got, want)
	}
	if got := c.Dir(v); got != "/proj dir/levels/.." {
		t.Errorf("Dir = %q", got)
	}
	if !c.Enabled || c.SaveBeforeExecute || c.Shortcut != "F5" {
		t.Errorf("flags read as %+v", c)
	}
}
