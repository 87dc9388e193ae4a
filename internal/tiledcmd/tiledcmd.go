package tiledcmd

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"unicode"
)

// Command is one command of a project file, under the JSON keys Tiled 1.8
// writes (Command::toVariant). Tiled reads a missing boolean as false, so
// a command without "enabled": true is not in the menu.
type Command struct {
	// Name is the menu entry.
	Name string `json:"name"`
	// Executable is the program ("command" in the file).
	Executable string `json:"command"`
	// Arguments is the rest of the command line, with variables.
	Arguments string `json:"arguments"`
	// WorkingDirectory is where the program starts ("": Tiled's own).
	WorkingDirectory string `json:"workingDirectory"`
	// Shortcut is the key sequence, in Qt's text form ("F5").
	Shortcut string `json:"shortcut"`
	// Enabled puts the command in the menu.
	Enabled bool `json:"enabled"`
	// SaveBeforeExecute saves the current file first.
	SaveBeforeExecute bool `json:"saveBeforeExecute"`
	// ShowOutput shows the program's output in Tiled's Console.
	ShowOutput bool `json:"showOutput"`
}

// Vars are the values Tiled substitutes for the variables of a command.
type Vars struct {
	// MapFile is %mapfile: the current file's full path.
	MapFile string
	// MapPath is %mappath: the folder of the current file.
	MapPath string
	// ProjectPath is %projectpath: the folder of the project file.
	ProjectPath string
}

// Read returns the commands of the project file at path.
func Read(path string) ([]Command, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var p struct {
		Commands []Command `json:"commands"`
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p.Commands, nil
}

// Find returns the command named name.
func Find(cmds []Command, name string) (Command, error) {
	for _, c := range cmds {
		if c.Name == name {
			return c, nil
		}
	}
	return Command{}, fmt.Errorf("no command named %q", name)
}

// Argv returns the program and its arguments as Tiled starts them: the
// executable quoted unless it already is, the arguments appended, each
// variable replaced by its value in double quotes, and the line split
// by QProcess::splitCommand.
func (c Command) Argv(v Vars) []string {
	exe := strings.TrimSpace(c.Executable)
	if !strings.HasPrefix(exe, `"`) && !strings.HasPrefix(exe, "'") {
		exe = `"` + exe + `"`
	}
	return SplitCommand(v.replace(exe+" "+c.Arguments, true))
}

// Dir returns the working directory as Tiled sets it: variables replaced
// without quotes ("" leaves Tiled's own). %executablepath is not
// supported.
func (c Command) Dir(v Vars) string { return v.replace(c.WorkingDirectory, false) }

// replace substitutes the variables in s, quoting each value when quote.
func (v Vars) replace(s string, quote bool) string {
	q := func(x string) string {
		if quote {
			return `"` + x + `"`
		}
		return x
	}
	return strings.NewReplacer("%mapfile", q(v.MapFile), "%mappath", q(v.MapPath), "%projectpath", q(v.ProjectPath)).Replace(s)
}

// SplitCommand splits a command line like Qt 5.15's
// QProcess::splitCommand: at white space outside double quotes; a pair
// of quotes groups, and three quotes in a row stand for one quote.
func SplitCommand(line string) []string {
	var args []string
	var tmp strings.Builder
	quotes, inQuote := 0, false
	for _, r := range line {
		if r == '"' {
			quotes++
			if quotes == 3 {
				quotes = 0
				tmp.WriteRune(r)
			}
			continue
		}
		if quotes == 1 {
			inQuote = !inQuote
		}
		quotes = 0
		if !inQuote && unicode.IsSpace(r) {
			if tmp.Len() > 0 {
				args = append(args, tmp.String())
				tmp.Reset()
			}
			continue
		}
		tmp.WriteRune(r)
	}
	if tmp.Len() > 0 {
		args = append(args, tmp.String())
	}
	return args
}
