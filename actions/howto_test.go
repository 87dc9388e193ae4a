package actions_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The docs' recipe for a new command, and their picture of the battle
// screen's parts, name files and identifiers; the code must have them.
var docSections = []string{"## The battle screen's parts", "## How to add a command"}

// indexedPackages are the folders (from the module's root) whose names
// the sections may use.
var indexedPackages = []string{"rules", "match", "actions", "ai", "systems", "scenes", "netplay"}

// declared is what the indexed packages declare: per package its
// top-level names, and over all of them "Type.Member" (methods, struct
// fields, interface methods) and every name of any kind.
type declared struct {
	top     map[string]map[string]bool
	members map[string]bool
	any     map[string]bool
}

func (d *declared) add(pkg, name string) {
	if d.top[pkg] == nil {
		d.top[pkg] = map[string]bool{}
	}
	d.top[pkg][name] = true
	d.any[name] = true
}

func (d *declared) member(typ, name string) {
	d.members[typ+"."+name] = true
	d.any[name] = true
}

// fieldsOf notes the fields of a struct type and the methods of an
// interface type named typ.
func (d *declared) fieldsOf(typ string, t ast.Expr) {
	var list *ast.FieldList
	switch t := t.(type) {
	case *ast.StructType:
		list = t.Fields
	case *ast.InterfaceType:
		list = t.Methods
	default:
		return
	}
	for _, f := range list.List {
		for _, n := range f.Names {
			d.member(typ, n.Name)
		}
	}
}

func index(t *testing.T, root string) *declared {
	t.Helper()
	d := &declared{top: map[string]map[string]bool{}, members: map[string]bool{}, any: map[string]bool{}}
	fset := token.NewFileSet()
	for _, pkg := range indexedPackages {
		files, err := filepath.Glob(filepath.Join(root, pkg, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s: %v", pkg, err)
		}
		for _, name := range files {
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, decl := range f.Decls {
				switch decl := decl.(type) {
				case *ast.FuncDecl:
					if decl.Recv == nil {
						d.add(pkg, decl.Name.Name)
						continue
					}
					recv := decl.Recv.List[0].Type
					if star, ok := recv.(*ast.StarExpr); ok {
						recv = star.X
					}
					if idx, ok := recv.(*ast.IndexExpr); ok { // a generic type's method
						recv = idx.X
					}
					if id, ok := recv.(*ast.Ident); ok {
						d.member(id.Name, decl.Name.Name)
					}
				case *ast.GenDecl:
					for _, spec := range decl.Specs {
						switch spec := spec.(type) {
						case *ast.TypeSpec:
							d.add(pkg, spec.Name.Name)
							d.fieldsOf(spec.Name.Name, spec.Type)
						case *ast.ValueSpec:
							for _, n := range spec.Names {
								d.add(pkg, n.Name)
							}
						}
					}
				}
			}
		}
	}
	return d
}

// section returns the doc's text from heading to the next "## ".
func section(doc, heading string) (string, bool) {
	_, rest, ok := strings.Cut(doc, "\n"+heading+"\n")
	if !ok {
		return "", false
	}
	if i := strings.Index(rest, "\n## "); i >= 0 {
		rest = rest[:i]
	}
	return rest, true
}

var (
	// pathRe finds the files a section names: a folder and a file, or a
	// bare Go file (the parts' files, in scenes/).
	pathRe = regexp.MustCompile(`\b(?:[a-z]+/)*[a-z_]+\.(?:go|md|json)\b`)
	// codeRe finds the identifiers in backquotes: a name, pkg.Name or
	// Type.Member, with or without "()".
	codeRe = regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)?)(?:\\(\\))?`")
)

func TestHowToAddACommand(t *testing.T) {
	root := ".."
	doc, err := os.ReadFile(filepath.Join(root, "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	d := index(t, root)
	for _, heading := range docSections {
		text, ok := section(string(doc), heading)
		if !ok {
			t.Errorf("docs/ARCHITECTURE.md has no section %q", heading)
			continue
		}
		paths, names := 0, 0
		for _, p := range pathRe.FindAllString(text, -1) {
			if !strings.Contains(p, "/") {
				p = "scenes/" + p
			}
			paths++
			if _, err := os.Stat(filepath.Join(root, p)); err != nil {
				t.Errorf("%s names %s, which does not exist", heading, p)
			}
		}
		for _, m := range codeRe.FindAllStringSubmatch(text, -1) {
			names++
			if !d.has(m[1]) {
				t.Errorf("%s names `%s`, which the code does not declare", heading, m[1])
			}
		}
		if paths == 0 || names == 0 {
			t.Errorf("%s: found %d files and %d identifiers, want some of each", heading, paths, names)
		}
	}
}

// countedRe finds the files the count names: a folder and a file, the
// docs' upper-case names included.
var countedRe = regexp.MustCompile(`\b(?:[a-z]+/)+[A-Za-z_]+\.(?:go|md|json)\b`)

// maxCommandFiles is issue 28's target: a new command costs at most six
// non-test files, its rule's text included.
const maxCommandFiles = 6

// The recipe's count ("That is six files, … ; one fewer when …") names
// the files it counts: as many as it says, and no more than the target.
// The command's own file is named by its folder ("its own file in
// rules/"), the others by their paths.
func TestHowToAddACommandCount(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	text, ok := section(string(doc), "## How to add a command")
	if !ok {
		t.Fatal("docs/ARCHITECTURE.md has no section on adding a command")
	}
	m := regexp.MustCompile(`That is (\w+) files([^;]*);`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal(`the section has no count ("That is N files … ;")`)
	}
	words := map[string]int{"four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11}
	said, ok := words[m[1]]
	if !ok {
		t.Fatalf("count %q: want a number word", m[1])
	}
	named := len(countedRe.FindAllString(m[2], -1)) + strings.Count(m[2], "own file in rules/")
	if named != said {
		t.Errorf("the count says %d files and names %d: %q", said, named, m[2])
	}
	if said > maxCommandFiles {
		t.Errorf("a new command costs %d files, want at most %d", said, maxCommandFiles)
	}
}

// has reports whether name is declared: pkg.Name by that package,
// Type.Member as a method or a field, a bare name anywhere.
func (d *declared) has(name string) bool {
	left, right, dotted := strings.Cut(name, ".")
	if !dotted {
		return d.any[name]
	}
	if top, ok := d.top[left]; ok {
		return top[right]
	}
	return d.members[name]
}
