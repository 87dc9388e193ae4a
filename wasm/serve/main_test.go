package main

import "testing"

func TestCheckAddr(t *testing.T) {
	tests := []struct {
		addr   string
		public bool
		ok     bool
	}{
		{"127.0.0.1:8080", false, true},
		{"127.0.0.2:80", false, true},
		{"localhost:8080", false, true},
		{"[::1]:8080", false, true},
		{":8080", false, false},
		{"0.0.0.0:8080", false, false},
		{"192.168.1.5:8080", false, false},
		{"0.0.0.0:8080", true, true},
		{"no-port", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			err := checkAddr(tt.addr, tt.public)
			if (err == nil) != tt.ok {
				t.Errorf("checkAddr(%q, %v) = %v, want ok=%v", tt.addr, tt.public, err, tt.ok)
			}
		})
	}
}
