// Command hello prints its arguments after "hello": the program
// runtool's tests build and run.
package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	fmt.Println("hello", strings.Join(os.Args[1:], " "))
}
