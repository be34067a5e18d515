package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"chimera/ai"
	"chimera/game"
)

// serveUCI makes this program a UCI engine playing with the ai package (the
// -uci mode), so that a build of one commit can play a build of another.
// Options: Level (1-8, default 8), Seed, Hash (MiB), UCI_Variant (any rule
// set id; positions and moves are then in this project's notation).
// "go" understands movetime, depth and nodes (and stops at 1 s with none).
func serveUCI(r io.Reader, w io.Writer) {
	var mu sync.Mutex
	say := func(format string, a ...any) {
		mu.Lock()
		fmt.Fprintf(w, format+"\n", a...)
		mu.Unlock()
	}
	v, _ := game.VariantByID("chess")
	level, seed, hash := ai.MaxLevel, uint64(1), 16
	eng := ai.NewEngine(hash)
	pos := game.NewPosition(v)
	var wg sync.WaitGroup
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			say("id name chimera")
			say("option name Level type spin default %d min 1 max %d", ai.MaxLevel, ai.MaxLevel)
			say("option name Seed type spin default 1 min 0 max 1000000000")
			say("option name Hash type spin default 16 min 1 max 1024")
			say("option name UCI_Variant type string default chess")
			say("uciok")
		case "isready":
			wg.Wait()
			say("readyok")
		case "ucinewgame":
			wg.Wait()
			eng.Clear()
		case "setoption":
			name, value := optionArgs(f)
			switch name {
			case "Level":
				level, _ = strconv.Atoi(value)
			case "Seed":
				seed, _ = strconv.ParseUint(value, 10, 64)
			case "Hash":
				hash, _ = strconv.Atoi(value)
				eng = ai.NewEngine(hash)
			case "UCI_Variant":
				if nv, err := game.VariantByID(value); err == nil {
					v = nv
				} else {
					say("info string %v", err)
				}
			}
		case "position":
			wg.Wait()
			p, err := parsePosition(v, f[1:])
			if err != nil {
				say("info string %v", err)
				continue
			}
			pos = p
		case "go":
			wg.Wait()
			cfg := ai.LevelConfig(level, time.Second, seed)
			if slices.Contains(f, "nodes") || slices.Contains(f, "depth") {
				cfg.MoveTime = 0 // no clock unless asked
			}
			for i := 1; i+1 < len(f); i += 2 {
				n, _ := strconv.Atoi(f[i+1])
				switch f[i] {
				case "movetime":
					cfg.MoveTime = time.Duration(n) * time.Millisecond
				case "depth":
					cfg.Depth = n
				case "nodes":
					cfg.Nodes = uint64(n)
				}
			}
			p := pos.Clone()
			cfg.OnInfo = func(i ai.Info) {
				sc := fmt.Sprintf("cp %d", i.Score)
				if i.Mate != 0 {
					sc = fmt.Sprintf("mate %d", i.Mate)
				}
				say("info depth %d score %s nodes %d time %d", i.Depth, sc, i.Nodes, i.Time.Milliseconds())
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := eng.Search(p, cfg)
				if res.Move == game.NoMove {
					say("bestmove 0000")
					return
				}
				say("bestmove %s", p.MoveString(res.Move))
			}()
		case "stop":
			eng.Stop()
			wg.Wait()
		case "quit":
			eng.Stop()
			wg.Wait()
			return
		}
	}
	eng.Stop()
	wg.Wait()
}

// optionArgs splits "setoption name N... value V..." into N and V.
func optionArgs(f []string) (string, string) {
	var name, value []string
	cur := &name
	for _, w := range f[1:] {
		switch w {
		case "name":
			cur = &name
		case "value":
			cur = &value
		default:
			*cur = append(*cur, w)
		}
	}
	return strings.Join(name, " "), strings.Join(value, " ")
}

// parsePosition reads the arguments of "position": startpos or fen F...,
// then optionally moves M....
func parsePosition(v *game.Variant, f []string) (*game.Position, error) {
	var p *game.Position
	i := 0
	switch {
	case len(f) > 0 && f[0] == "startpos":
		p = game.NewPosition(v)
		i = 1
	case len(f) > 0 && f[0] == "fen":
		j := 1
		for j < len(f) && f[j] != "moves" {
			j++
		}
		var err error
		if p, err = game.Parse(v, strings.Join(f[1:j], " ")); err != nil {
			return nil, err
		}
		i = j
	default:
		return nil, fmt.Errorf("position: want startpos or fen")
	}
	if i < len(f) && f[i] == "moves" {
		for _, s := range f[i+1:] {
			m, err := p.ParseMove(s)
			if err != nil {
				return nil, err
			}
			p.Make(m)
		}
	}
	return p, nil
}
