package netplay

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// List asks the server for the matches of the seats whose tokens are
// given (at most 100): whose turn it is, the turn, and the winner once
// one is over. Tokens the server does not know are left out.
func (c *Client) List(ctx context.Context, seats []string) ([]Status, error) {
	if len(seats) == 0 {
		return nil, nil
	}
	q := url.Values{}
	for _, s := range seats {
		q.Add("seat", s)
	}
	resp, err := request(ctx, "GET", strings.TrimSuffix(c.Base, "/")+"/matches?"+q.Encode(), nil, 1<<20)
	if err != nil {
		return nil, err
	}
	b := resp.body
	if resp.status != statusOK {
		return nil, fmt.Errorf("the server refused the list (%s): %s", resp.statusLine, clip(string(b)))
	}
	var out []Status
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("the server's list is not a list of matches: %s", clip(string(b)))
	}
	return out, nil
}
