package netplay

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
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
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(c.Base, "/")+"/matches?"+q.Encode(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.httpClient().Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("the server refused the list (%s): %s", resp.Status, clip(string(b)))
	}
	var out []Status
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("the server's list is not a list of matches: %s", clip(string(b)))
	}
	return out, nil
}
