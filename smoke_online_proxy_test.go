//go:build !js

package main

import (
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"sync"
	"testing"
)

// wsCutter forwards TCP connections to a game server and loses the
// answers to the first commands the pages send over their WebSockets:
// the first command of all never reaches the server (the page must send
// it again, with the same sequence number, once it is back), and the
// connection of the second is cut as soon as it is passed on (the page
// must learn from the next view that it was applied, and not send it
// again).
type wsCutter struct {
	ln   net.Listener
	addr string // the server's

	mu       sync.Mutex
	commands int // the commands seen, over every connection
	dropped  int // the commands that never reached the server
	cutAfter int // the commands whose connection was cut once they were passed on
}

// newWSCutter forwards a loopback port to addr until the test ends.
func newWSCutter(t *testing.T, addr string) *wsCutter {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &wsCutter{ln: ln, addr: addr}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			a, err := ln.Accept()
			if err != nil {
				return
			}
			go p.serve(a)
		}
	}()
	return p
}

// URL is the cutter's address as a server's.
func (p *wsCutter) URL() string { return "http://" + p.ln.Addr().String() }

// serve forwards one connection: the server's bytes as they come, the
// page's request and then its frames one by one.
func (p *wsCutter) serve(a net.Conn) {
	defer a.Close()
	b, err := net.Dial("tcp", p.addr)
	if err != nil {
		return
	}
	defer b.Close()
	go func() { io.Copy(a, b); a.Close(); b.Close() }()
	var buf []byte
	chunk := make([]byte, 32<<10)
	upgraded, data := false, 0
	for {
		n, err := a.Read(chunk)
		if err != nil {
			return
		}
		buf = append(buf, chunk[:n]...)
		if !upgraded {
			end := bytes.Index(buf, []byte("\r\n\r\n"))
			if end < 0 {
				continue
			}
			if _, err := b.Write(buf[:end+4]); err != nil {
				return
			}
			buf, upgraded = buf[end+4:], true
		}
		for {
			size, opcode, ok := wsFrame(buf)
			if !ok {
				break
			}
			frame := buf[:size]
			buf = buf[size:]
			if opcode == 1 || opcode == 2 {
				data++ // the first is the hello, the next ones commands
			}
			act := "pass"
			if (opcode == 1 || opcode == 2) && data > 1 {
				act = p.command()
			}
			if act == "drop" {
				return
			}
			if _, err := b.Write(frame); err != nil {
				return
			}
			if act == "cut" {
				return
			}
		}
	}
}

// command counts a command and says what to do with it: "drop" it,
// "cut" its connection once it is passed on, or "pass" it.
func (p *wsCutter) command() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.commands++
	switch p.commands {
	case 1:
		p.dropped++
		return "drop"
	case 2:
		p.cutAfter++
		return "cut"
	}
	return "pass"
}

// wsFrame reads the head of a WebSocket frame at the start of b: its
// whole size and opcode, once b holds all of it.
func wsFrame(b []byte) (size int, opcode byte, ok bool) {
	if len(b) < 2 {
		return 0, 0, false
	}
	opcode = b[0] & 0x0f
	head, n := 2, uint64(b[1]&0x7f)
	switch n {
	case 126:
		if len(b) < 4 {
			return 0, 0, false
		}
		head, n = 4, uint64(binary.BigEndian.Uint16(b[2:4]))
	case 127:
		if len(b) < 10 {
			return 0, 0, false
		}
		head, n = 10, binary.BigEndian.Uint64(b[2:10])
	}
	if b[1]&0x80 != 0 {
		head += 4 // the mask of a client's frame
	}
	if n > 1<<30 || uint64(len(b)) < uint64(head)+n {
		return 0, 0, false
	}
	return head + int(n), opcode, true
}

// counts returns how many commands the cutter dropped and cut after.
func (p *wsCutter) counts() (dropped, cutAfter int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.dropped, p.cutAfter
}

func TestWSFrame(t *testing.T) {
	long := append([]byte{0x81, 0xfe, 0x01, 0x00, 1, 2, 3, 4}, make([]byte, 256)...)
	for _, tc := range []struct {
		name   string
		have   []byte
		size   int
		opcode byte
		ok     bool
	}{
		{"empty", nil, 0, 0, false},
		{"masked text of 3", []byte{0x81, 0x83, 1, 2, 3, 4, 'a', 'b', 'c'}, 9, 1, true},
		{"masked text, its payload still coming", []byte{0x81, 0x83, 1, 2, 3, 4, 'a'}, 0, 0, false},
		{"unmasked close", []byte{0x88, 0x00}, 2, 8, true},
		{"16-bit length", long, 264, 1, true},
		{"16-bit length cut short", long[:200], 0, 0, false},
		{"a frame and the next one's head", append([]byte{0x82, 0x81, 0, 0, 0, 0, 7}, 0x81), 7, 2, true},
	} {
		size, opcode, ok := wsFrame(tc.have)
		if size != tc.size || opcode != tc.opcode || ok != tc.ok {
			t.Errorf("%s: have %d, %d, %v; want %d, %d, %v", tc.name, size, opcode, ok, tc.size, tc.opcode, tc.ok)
		}
	}
}
