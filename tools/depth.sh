#!/bin/sh
# depth.sh: the depth a UCI engine completes in 2 s in the three chess test
# positions of issue 26 (Kiwipete, the chess programming wiki's positions 5
# and 6): the last "info depth" line that is neither a lower nor an upper
# bound, with its nodes, one line per position (ai/README.md, "Issue 26").
#
#   tools/depth.sh /tmp/match -uci                # our level 8 (tools/match)
#   tools/depth.sh /usr/games/fairy-stockfish
#   tools/depth.sh env CHIMERA_SEARCH=see=0 /tmp/e -uci   # an experiment build
set -eu
for fen in \
	'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' \
	'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8' \
	'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/2NP1N2/PPP1QPPP/R4RK1 w - - 0 10'; do
	(echo uci; echo isready; echo "position fen $fen"; echo "go movetime 2000"; sleep 2.6; echo quit) |
		"$@" 2>/dev/null | grep -E '^info depth [0-9]+ .*score' | grep -v -e lowerbound -e upperbound |
		tail -n 1 | grep -oE ' depth [0-9]+| nodes [0-9]+' | tr -d '\n'
	echo
done
