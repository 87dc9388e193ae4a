package settings_test

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"sightline/match"
	"sightline/settings"
)

func TestParse(t *testing.T) {
	changed := settings.Default()
	changed.Master, changed.AnimSpeed, changed.UIScale, changed.ColorBlind, changed.ShowSources = 0.3, 2, 150, true, false
	changed.Difficulty, changed.Server = "easy", "https://play.example.org:8443"
	tests := []struct {
		name string
		data string
		want settings.Settings
		err  string // a part of the error, "" for none
	}{
		{"round trip", string(changed.Marshal()), changed, ""},
		{"missing fields keep defaults", `{"version":1,"master":0.5}`, func() settings.Settings {
			s := settings.Default()
			s.Master = 0.5
			return s
		}(), ""},
		{"not json", `{"version":1,`, settings.Settings{}, "unexpected EOF"},
		{"garbage", "\x00\x01binary", settings.Settings{}, "invalid character"},
		{"other version", `{"version":9}`, settings.Settings{}, "version 9"},
		{"no version", `{}`, settings.Settings{}, "version 0"},
		{"unknown field", `{"version":1,"volume":1}`, settings.Settings{}, `unknown field "volume"`},
		{"volume too loud", `{"version":1,"effects":1.5}`, settings.Settings{}, "effects volume 1.5"},
		{"negative volume", `{"version":1,"master":-1}`, settings.Settings{}, "master volume -1"},
		{"odd scale", `{"version":1,"uiScale":300}`, settings.Settings{}, "uiScale 300"},
		{"odd speed", `{"version":1,"animSpeed":0}`, settings.Settings{}, "animSpeed 0"},
		{"no difficulty", `{"version":1,"difficulty":""}`, settings.Settings{}, `difficulty ""`},
		{"odd difficulty", `{"version":1,"difficulty":"../x"}`, settings.Settings{}, `difficulty "../x"`},
		{"odd server", `{"version":1,"server":"ftp://x"}`, settings.Settings{}, "server: want an http"},
		{"wrong type", `{"version":1,"fullscreen":"yes"}`, settings.Settings{}, "fullscreen"},
		{"two values", `{"version":1} {"version":1}`, settings.Settings{}, "more after"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			have, err := settings.Parse([]byte(tt.data))
			if tt.err == "" {
				if err != nil || have != tt.want {
					t.Fatalf("Parse(%q):\nhave %+v, %v\nwant %+v", tt.data, have, err, tt.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("Parse(%q): error %v, want one saying %q", tt.data, err, tt.err)
			}
		})
	}
}

func TestDefaultIsValid(t *testing.T) {
	if err := settings.Default().Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestLoad(t *testing.T) {
	good := settings.Default()
	good.Ambient = 0.1
	tests := []struct {
		name   string
		file   string // "" for no file
		backup string // "" for no backup
		want   settings.Settings
		err    string // a part of the error, "" for none
	}{
		{"first start", "", "", settings.Default(), ""},
		{"good file", string(good.Marshal()), "", good, ""},
		{"corrupt, no backup", "{not json", "", settings.Default(), "using the defaults"},
		{"corrupt, good backup", "{not json", string(good.Marshal()), good, "using its backup"},
		{"corrupt, corrupt backup", "{not json", "nor this", settings.Default(), "using the defaults"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := match.NewStore(t.TempDir())
			if tt.backup != "" {
				if err := st.PutData(settings.File, []byte(tt.backup)); err != nil {
					t.Fatal(err)
				}
			}
			if tt.file != "" {
				if err := st.PutData(settings.File, []byte(tt.file)); err != nil {
					t.Fatal(err)
				}
			}
			have, err := settings.Load(st)
			if have != tt.want {
				t.Errorf("have %+v, want %+v", have, tt.want)
			}
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("error %v, want none", err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), st.Where(settings.File))):
				t.Errorf("error %v, want one naming %s and saying %q", err, st.Where(settings.File), tt.err)
			}
			if data, _ := st.GetData(settings.File); tt.file != "" && string(data) != tt.file {
				t.Errorf("Load changed the file: %q, was %q", data, tt.file)
			}
		})
	}
}

func TestSaveThenLoad(t *testing.T) {
	st := match.NewStore(t.TempDir())
	if _, err := st.GetData(settings.File); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a new store holds settings: %v", err)
	}
	s := settings.Default()
	s.Effects, s.SkipAnimations, s.Fullscreen, s.UIScale = 0.2, true, true, 125
	if err := settings.Save(st, s); err != nil {
		t.Fatal(err)
	}
	have, err := settings.Load(st)
	if err != nil || have != s {
		t.Fatalf("have %+v, %v; want %+v", have, err, s)
	}
	if have, err := settings.Load(nil); err != nil || have != settings.Default() {
		t.Fatalf("no storage: have %+v, %v; want the defaults", have, err)
	}
}

func TestCheckServer(t *testing.T) {
	tests := []struct {
		addr string
		err  string // a part of the error, "" for none
	}{
		{"http://127.0.0.1:8090", ""},
		{"https://play.example.org", ""},
		{"https://play.example.org/sightline", ""},
		{"", "want an http"},
		{"play.example.org", "want an http"},
		{"ftp://play.example.org", "want an http"},
		{"http://", "want a host"},
		{"http://user@play.example.org", "want a host"},
		{"http://play.example.org/", "alone"},
		{"http://play.example.org/?match=1", "alone"},
		{"http://play.example.org#x", "alone"},
		{"http://play.example.org /x", "alone"},
		{"http://" + strings.Repeat("a", 200) + ".org", "more than 200"},
	}
	for _, tt := range tests {
		err := settings.CheckServer(tt.addr)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("CheckServer(%q) = %v, want nil", tt.addr, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("CheckServer(%q) = %v, want an error saying %q", tt.addr, err, tt.err)
		}
	}
}
