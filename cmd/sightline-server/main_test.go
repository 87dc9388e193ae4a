//go:build !js

package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"sightline/internal/runtool"
	"sightline/netplay"
)

// binaries finds sightline-server and sightline-cli once for the tests,
// by name: the go command's kept executables (runtool.Built), linked once
// for every package and run until a source changes.
var binaries = sync.OnceValues(func() (map[string]string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out := map[string]string{}
	for _, name := range []string{"sightline-server", "sightline-cli"} {
		path, err := runtool.Built(ctx, "go", ".", "sightline/cmd/"+name)
		if err != nil {
			return nil, err
		}
		out[name] = path
	}
	return out, nil
})

// bin returns the path of a built binary.
func bin(t *testing.T, name string) string {
	t.Helper()
	paths, err := binaries()
	if err != nil {
		t.Fatal(err)
	}
	return paths[name]
}

// server is a sightline-server child process.
type server struct {
	cmd  *exec.Cmd
	url  string
	errs *bytes.Buffer
}

// start runs sightline-server on addr with the database db and waits
// until it listens.
func start(t *testing.T, addr, db string) *server {
	t.Helper()
	cmd := exec.Command(bin(t, "sightline-server"), "-addr", addr, "-db", db)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd, errs: &bytes.Buffer{}}
	cmd.Stderr = s.errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if !strings.HasPrefix(line, "listening on ") {
		t.Fatalf("the server said %q (%v), want listening on ...; stderr:\n%s", line, err, s.errs)
	}
	s.url = strings.TrimSpace(strings.TrimPrefix(line, "listening on "))
	return s
}

// cli runs sightline-cli with args and returns its stdout, stderr and exit
// status.
func cli(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(bin(t, "sightline-cli"), args...)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errs.String(), code
}

// create makes a match through sightline-cli netplay -new.
func create(t *testing.T, url, level string, turns int) netplay.Created {
	t.Helper()
	out, errs, code := cli(t, "netplay", "-server", url, "-new", level, "-turns", fmt.Sprint(turns))
	var c netplay.Created
	if code != 0 || json.Unmarshal([]byte(out), &c) != nil || c.Match == "" {
		t.Fatalf("netplay -new: exit %d, %q, %s", code, out, errs)
	}
	return c
}

// seats plays both seats of c with sightline-cli netplay -ai, at once,
// and returns each one's output line once both ended.
func seats(t *testing.T, url string, c netplay.Created) <-chan [2]string {
	done := make(chan [2]string, 1)
	var wg sync.WaitGroup
	var outs [2]string
	for i, tok := range []string{c.Blue, c.Red} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(bin(t, "sightline-cli"), "netplay", "-server", url, "-match", c.Match, "-seat", tok, "-ai", "normal")
			var out, errs bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errs
			err := cmd.Run()
			outs[i] = out.String()
			if err != nil {
				outs[i] = fmt.Sprintf("exit: %v: %s", err, errs.String())
			}
		}()
	}
	go func() { wg.Wait(); done <- outs }()
	return done
}

// finished checks that both seats printed the same result and that the
// served replay verifies with sightline-cli replay verify.
func finished(t *testing.T, url string, c netplay.Created, outs [2]string) netplay.Result {
	t.Helper()
	var rs [2]netplay.Result
	for i, out := range outs {
		if err := json.Unmarshal([]byte(out), &rs[i]); err != nil || rs[i].End == "" {
			t.Fatalf("seat %d printed %q", i, out)
		}
	}
	if rs[0] != rs[1] {
		t.Errorf("the seats disagree on the result: %+v and %+v", rs[0], rs[1])
	}
	resp, err := http.Get(url + "/matches/" + c.Match + "/replay?token=" + c.Red)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET replay: %s: %s", resp.Status, b)
	}
	var rp struct{ End string }
	if err := json.Unmarshal(b, &rp); err != nil || rp.End != rs[0].End {
		t.Errorf("the replay ends at %q (%v), the seats at %q", rp.End, err, rs[0].End)
	}
	file := filepath.Join(t.TempDir(), "match.json")
	if err := os.WriteFile(file, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, errs, code := cli(t, "replay", "verify", file); code != 0 {
		t.Errorf("replay verify: exit %d: %s%s", code, out, errs)
	}
	return rs[0]
}

// Two computer seats, each a sightline-cli process, play a whole match
// through a sightline-server process on loopback.
func TestTwoComputersPlayThroughTheServer(t *testing.T) {
	s := start(t, "127.0.0.1:0", filepath.Join(t.TempDir(), "server.db"))
	c := create(t, s.url, "crossroads", 3)
	select {
	case outs := <-seats(t, s.url, c):
		finished(t, s.url, c, outs)
	case <-time.After(2 * time.Minute):
		t.Fatal("the match did not end in 2 minutes")
	}
	// A refused token exits 2 and says why.
	_, errs, code := cli(t, "netplay", "-server", s.url, "-match", c.Match, "-seat", strings.Repeat("0", 32), "-ai", "normal")
	if code != 2 || !strings.Contains(errs, "refused the seat's token") {
		t.Errorf("a wrong token: exit %d, %q; want exit 2 saying the token was refused", code, errs)
	}
}

// The server killed with SIGKILL mid-match and restarted on the same
// database: the seats reconnect, the match finishes, and the stored
// commands hold each seat's commands once each, in order.
func TestServerKilledMidMatchFinishesIt(t *testing.T) {
	db := filepath.Join(t.TempDir(), "server.db")
	s := start(t, "127.0.0.1:0", db)
	c := create(t, s.url, "crossroads", 6)
	done := seats(t, s.url, c)
	deadline := time.Now().Add(time.Minute)
	for turn := 0; turn < 3; {
		if time.Now().After(deadline) {
			t.Fatal("the match did not reach turn 3 in a minute")
		}
		var st []netplay.Status
		if resp, err := http.Get(s.url + "/matches?seat=" + c.Blue); err == nil {
			json.NewDecoder(resp.Body).Decode(&st)
			resp.Body.Close()
		}
		if len(st) == 1 {
			if st[0].Winner != "" {
				t.Fatal("the match ended before the kill: give it more turns")
			}
			turn = st[0].Turn
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	s.cmd.Wait()
	time.Sleep(500 * time.Millisecond) // the seats find the server gone
	r := start(t, strings.TrimPrefix(s.url, "http://"), db)
	select {
	case outs := <-done:
		finished(t, r.url, c, outs)
	case <-time.After(2 * time.Minute):
		t.Fatalf("the match did not end in 2 minutes after the restart; server:\n%s", r.errs)
	}
	d, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	rows, err := d.Query(`SELECT idx, side, seq FROM commands WHERE match_id = $1 ORDER BY idx`, c.Match)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var next [2]int
	n := 0
	for rows.Next() {
		var idx, side, seq int
		if err := rows.Scan(&idx, &side, &seq); err != nil {
			t.Fatal(err)
		}
		if idx != n || seq != next[side] {
			t.Errorf("command %d: index %d, side %d's command %d; want index %d, command %d", n, idx, side, seq, n, next[side])
		}
		next[side]++
		n++
	}
	if n < 10 {
		t.Errorf("%d commands stored: the match was too short to test a restart", n)
	}
}
