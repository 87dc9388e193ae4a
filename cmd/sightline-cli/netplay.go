package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"time"

	"sightline/ai"
	"sightline/netplay"
)

const netplayUsage = `usage: sightline-cli netplay -server URL -new LEVEL [-turns N]
       sightline-cli netplay -server URL -match ID -seat TOKEN -ai PROFILE

With -new, creates a match on a shipped level (crossroads, outpost...) and
prints one JSON line {"match":ID,"blue":TOKEN,"red":TOKEN}. With -match and
-seat, the computer (profile from ai/profiles.json: easy, normal, hard)
plays that seat from what the server sends it, reconnecting for up to
-reconnect while the server is away, until the match ends, then prints one
JSON line {"winner":"blue"|"red"|"draw","turns":N,"end":HASH}.

Exit status: 0 done; 2 a usage error or a token the server refuses; 1 any
other failure.
`

// runNetplay plays or makes a match on a server.
func runNetplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("netplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, netplayUsage) }
	server := fs.String("server", "http://127.0.0.1:8090", "the server's address")
	level := fs.String("new", "", "create a match on this level")
	turns := fs.Int("turns", 0, "with -new: the turn limit (0: the server's default)")
	id := fs.String("match", "", "the match to play")
	seat := fs.String("seat", "", "the seat's token")
	profileName := fs.String("ai", "normal", "the computer's profile")
	reconnect := fs.Duration("reconnect", time.Minute, "how long to keep reconnecting while the server is away")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || (*level == "") == (*id == "") || *id != "" && *seat == "" || *turns < 0 {
		if err == nil {
			fs.Usage()
		}
		return 2
	}
	fail := func(code int, err error) int {
		fmt.Fprintf(stderr, "sightline-cli: netplay: %v\n", err)
		return code
	}
	ctx := context.Background()
	c := &netplay.Client{Base: *server, Reconnect: *reconnect, Log: log.New(stderr, "sightline-cli: netplay: ", 0)}
	if *level != "" {
		m, err := c.Create(ctx, *level, *turns)
		if err != nil {
			return fail(1, err)
		}
		return printJSON(stdout, stderr, m)
	}
	profile, err := ai.ProfileNamed(*profileName)
	if err != nil {
		return fail(2, err)
	}
	r, err := c.Play(ctx, *id, *seat, ai.NewComputer(profile))
	if errors.Is(err, netplay.ErrRefusedToken) {
		return fail(2, err)
	}
	if err != nil {
		return fail(1, err)
	}
	return printJSON(stdout, stderr, r)
}

// printJSON prints v as one JSON line.
func printJSON(stdout, stderr io.Writer, v any) int {
	b, err := json.Marshal(v)
	if err != nil {
		fmt.Fprintf(stderr, "sightline-cli: netplay: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", b)
	return 0
}
