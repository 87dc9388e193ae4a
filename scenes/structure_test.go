package scenes

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The battle screen stays cut into parts with one job each: the Battle
// keeps the match and the scene's lifecycle, and no type in scenes/
// grows into a bag of everything.
const (
	maxBattleMethods = 40 // methods of *Battle, its embedded types' included
	maxStructFields  = 25 // fields of any struct type in scenes/
)

// sourceTypes parses the package's non-test files and returns, per type
// name, its struct type (nil when it is not a struct) and its methods.
func sourceTypes(t *testing.T) (map[string]*ast.StructType, map[string][]string) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	structs := map[string]*ast.StructType{}
	methods := map[string][]string{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil || len(d.Recv.List) == 0 {
					continue
				}
				recv := d.Recv.List[0].Type
				if star, ok := recv.(*ast.StarExpr); ok {
					recv = star.X
				}
				if id, ok := recv.(*ast.Ident); ok {
					methods[id.Name] = append(methods[id.Name], d.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok {
						st, _ := ts.Type.(*ast.StructType)
						structs[ts.Name.Name] = st
					}
				}
			}
		}
	}
	return structs, methods
}

// fieldCount counts a struct's fields: each name, and each embedded type.
func fieldCount(st *ast.StructType) int {
	n := 0
	for _, f := range st.Fields.List {
		n += max(len(f.Names), 1)
	}
	return n
}

// embedded returns the names of the types st embeds.
func embedded(st *ast.StructType) []string {
	var out []string
	for _, f := range st.Fields.List {
		if len(f.Names) > 0 {
			continue
		}
		typ := f.Type
		if star, ok := typ.(*ast.StarExpr); ok {
			typ = star.X
		}
		if id, ok := typ.(*ast.Ident); ok {
			out = append(out, id.Name)
		}
	}
	return out
}

func TestBattleIsCutIntoParts(t *testing.T) {
	structs, methods := sourceTypes(t)
	battle := structs["Battle"]
	if battle == nil {
		t.Fatal("no Battle struct in scenes/")
	}
	// Methods promoted from an embedded type are the Battle's too.
	n := len(methods["Battle"])
	for _, e := range embedded(battle) {
		n += len(methods[e])
	}
	if n > maxBattleMethods {
		t.Errorf("*Battle has %d methods, want at most %d: give the new job to a part (see stage)", n, maxBattleMethods)
	}
	largest, most := "", 0
	for name, st := range structs {
		if st == nil {
			continue
		}
		c := fieldCount(st)
		if c > maxStructFields {
			t.Errorf("struct %s has %d fields, want at most %d", name, c, maxStructFields)
		}
		if c > most || c == most && name < largest {
			largest, most = name, c
		}
	}
	t.Logf("*Battle: %d methods; largest struct: %s, %d fields", n, largest, most)
}
