package rules_test

import (
	"fmt"

	"sightline/rules"
)

// A Blue rifleman eight tiles from a Red soldier standing
// behind a low wall: half cover, legs covered, the wall in contact.
func ExampleState_Cover() {
	s, err := rules.ParseASCII(`
		..........
		B.......lR
		..........`)
	if err != nil {
		fmt.Println(err)
		return
	}
	blue, red := s.Unit(1), s.Unit(2)
	c := s.Cover(blue, red)
	fmt.Println("line of sight:", c.LoS, "line of effect:", c.LoE)
	fmt.Printf("cover: %v (%+d) by %s, in contact: %v\n", c.Grade, c.Bonus, c.By.Name, c.InContact)
	fmt.Println("covered limbs:", c.CoveredLimbs)
	fmt.Println("origin:", c.Origin, "cone to:", c.Corners)

	// Destroying the wall updates every answer.
	s.Board.RemoveObstacle(c.By.ID)
	fmt.Println("after the wall is destroyed:", s.Cover(blue, red).Grade)
	// Output:
	// line of sight: true line of effect: true
	// cover: half (+2) by low cover, in contact: true
	// covered limbs: left leg, right leg
	// origin: {32 32} cone to: [{288 32} {288 64}]
	// after the wall is destroyed: exposed
}
