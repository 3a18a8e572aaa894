#!/bin/sh
# Regenerates the Solo game IDs of this folder with Simon Tatham's Solo
# (Debian/Ubuntu package sgt-puzzles). Each gen call names a file, then
# pairs of "PARAMS#SEED" and a count: the seed makes the run repeatable, so
# the files only change when Solo's generator does. Usage: ./generate.sh
# (from this folder).
set -eu
solo=${SOLO:-/usr/games/sgt-solo}

gen() { # file, then "params#seed count" pairs
	file=$1
	shift
	: >"$file.tmp"
	while [ $# -gt 0 ]; do
		"$solo" --generate "$2" "$1" 2>/dev/null >>"$file.tmp"
		shift 2
	done
	mv "$file.tmp" "$file"
}

gen plain.txt       2x2#1 3  2x3du#1 5  3x2du#1 3  3x3du#1 20  3x4du#1 3  4x4db#1 2
gen x.txt           2x3xdu#1 5  3x3xdu#1 30  3x4xdu#1 2
gen jigsaw.txt      6jdu#1 5  7jdu#1 5  8jdu#1 3  9jdu#1 30
gen killer.txt      2x2kdu#1 3  2x3kdu#1 5  3x3kdu#1 30
gen jigsaw_x.txt    7jxdu#1 3  9jxdu#1 24
gen killer_x.txt    2x3xkdu#1 3  3x3xkdu#1 24
gen killer_jigsaw.txt 6jkdu#1 3  9jkdu#1 24
gen killer_jigsaw_x.txt 9jxkdt#1 12  9jxkdb#1 12
# Every difficulty (t trivial, b basic, i intermediate, a advanced, e
# extreme, u unreasonable) of the 9x9 plain, killer, jigsaw and X games.
gen levels.txt      3x3dt#2 4  3x3db#2 4  3x3di#2 4  3x3da#2 4  3x3de#2 4  3x3du#2 4 \
                    3x3kdt#2 4  3x3kdb#2 4  3x3kdi#2 4  3x3kda#2 4  3x3kde#2 4  3x3kdu#2 4 \
                    9jdt#2 2  9jdb#2 2  9jdi#2 2  9jda#2 2  9jde#2 2  9jdu#2 2 \
                    3x3xdt#2 2  3x3xdb#2 2  3x3xdi#2 2  3x3xda#2 2  3x3xde#2 2  3x3xdu#2 2
