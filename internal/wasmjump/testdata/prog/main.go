// Command prog exercises what Go's wasm backend compiles into dispatch loops
// (branches, loops, switches, calls through closures and interfaces,
// goroutine switches that unwind and resume the stack, panics) and prints
// what it computed: the wasmjump test runs it before and after threading.
package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

type shape interface{ area() int }

type rect struct{ w, h int }
type square int

func (r rect) area() int   { return r.w * r.h }
func (s square) area() int { return int(s) * int(s) }

func collatz(n int) int {
	steps := 0
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	return steps
}

func classify(n int) string {
	switch {
	case n < 0:
		return "negative"
	case n == 0:
		return "zero"
	case n%15 == 0:
		return "fizzbuzz"
	case n%5 == 0:
		return "buzz"
	case n%3 == 0:
		return "fizz"
	}
	return "plain"
}

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return a / b, nil
}

func main() {
	sum := 0
	for i := 1; i < 3000; i++ {
		sum += collatz(i)
	}
	fmt.Println("collatz", sum)

	counts := map[string]int{}
	for i := -5; i < 200; i++ {
		counts[classify(i)]++
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Println(k, counts[k])
	}

	shapes := []shape{rect{2, 3}, square(4), rect{5, 7}}
	total := 0
	for _, s := range shapes {
		total += s.area()
	}
	add := func(k int) func(int) int { return func(x int) int { return x + k } }
	fmt.Println("areas", total, add(3)(total))

	// goroutines: each channel operation may switch goroutines, unwinding
	// the stack through the dispatch loops and resuming it later
	ch := make(chan int)
	done := make(chan []int)
	go func() {
		var got []int
		for v := range ch {
			got = append(got, v*v)
		}
		done <- got
	}()
	for i := 0; i < 50; i++ {
		ch <- i
	}
	close(ch)
	sq := <-done
	s := 0
	for _, v := range sq {
		s += v
	}
	fmt.Println("squares", len(sq), s)

	if _, err := safeDiv(1, 0); err != nil {
		fmt.Println(strings.Contains(err.Error(), "divide by zero"), errors.Unwrap(err) == nil)
	}
	q, err := safeDiv(17, 5)
	fmt.Println("div", q, err)
}
