package systems

import "testing"

func TestIntentKindPress(t *testing.T) {
	tests := []struct {
		kind IntentKind
		want bool
	}{
		{IntentNone, false},
		{IntentHover, false},
		{IntentPan, false},
		{IntentDrag, false},
		{IntentZoom, false},
		{IntentAnyKey, true},
		{IntentConfirm, true},
		{IntentBack, true},
		{IntentClick, true},
		{IntentCancel, true},
		{IntentEndTurn, true},
		{IntentCycle, true},
		{IntentSkip, true},
		{IntentKey, true},
	}
	for _, tc := range tests {
		if got := tc.kind.Press(); got != tc.want {
			t.Errorf("IntentKind(%d).Press() = %v, want %v", tc.kind, got, tc.want)
		}
	}
}
