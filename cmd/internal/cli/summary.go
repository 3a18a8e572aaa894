package cli

import (
	"fmt"
	"math"
	"time"
)

// summary tallies the outcomes of a batch in constant memory: counts by
// status, and times in a histogram with buckets 1% wide, so the median and
// the 90th percentile are exact to 1% however long the batch.
type summary struct {
	n, bad   int
	tally    map[string]int
	capped   int   // unknown: stopped at --limit
	multiple int   // of tally[unknown]: at least two solutions found
	mcapped  int   // of multiple: stopped at --limit
	guesses  int64 // search nodes beyond the root, over instances that ran
	ran      int
	buckets  [histBuckets]int64
	maxTime  time.Duration
	sumTimes time.Duration
	// An interrupt stopped the batch; unread: before the whole input was
	// read.
	interrupted, unread bool
}

// Histogram buckets: bucket k holds times t with growth^k <= t/1ns <
// growth^(k+1); 2,800 buckets reach past 10^12 ns (17 minutes), the last
// one holds anything longer.
const (
	histBuckets = 2800
	histGrowth  = 1.01
)

func bucketOf(d time.Duration) int {
	if d < 1 {
		return 0
	}
	return min(int(math.Log(float64(d))/math.Log(histGrowth)), histBuckets-1)
}

// Add counts one outcome.
func (s *summary) Add(o *outcome) {
	if s.tally == nil {
		s.tally = map[string]int{}
	}
	s.n++
	s.tally[o.Status]++
	switch several := o.Status == Unknown && o.Res.Solutions >= 2; {
	case several && o.capped:
		s.multiple++
		s.mcapped++
	case several:
		s.multiple++
	case o.capped:
		s.capped++
	}
	if !o.ok() {
		s.bad++
	}
	if !o.ran {
		return
	}
	s.ran++
	s.guesses += o.Res.Stats.Nodes
	s.buckets[bucketOf(o.elapsed)]++
	s.maxTime = max(s.maxTime, o.elapsed)
	s.sumTimes += o.elapsed
}

// quantile returns the time below which a share q of the instances ran,
// to 1%: the geometric middle of its bucket.
func (s *summary) quantile(q float64) time.Duration {
	rank := int64(math.Ceil(q * float64(s.ran)))
	seen := int64(0)
	for k, c := range s.buckets {
		seen += c
		if seen >= max(rank, 1) {
			return min(time.Duration(math.Pow(histGrowth, float64(k)+0.5)), s.maxTime)
		}
	}
	return s.maxTime
}

// stopped says what an interrupt left undone, of the input named in.
func (s *summary) stopped(in string) string {
	msg := fmt.Sprintf("%d %s not run", s.tally[notRun], plural(s.tally[notRun], "instance"))
	if s.unread {
		msg += fmt.Sprintf(", the rest of %s not read", in)
	}
	return msg
}

// write prints the summary as two comment lines, or three after an
// interrupt; in names the input. Instances stopped before the end with
// two solutions found or more (at --limit 2, or by another limit) are
// "multiple": their count is unknown, their verdict is not.
func (s *summary) write(w *Output, c *Config, wall time.Duration, in string) {
	atCap := func(k int) string {
		if k == 0 {
			return ""
		}
		return fmt.Sprintf(" (%d at %s)", k, c.capFlag())
	}
	mult := ""
	if s.multiple > 0 {
		mult = fmt.Sprintf(", %d multiple%s", s.multiple, atCap(s.mcapped))
	}
	nr := ""
	if s.tally[notRun] > 0 {
		nr = fmt.Sprintf(", %d not run", s.tally[notRun])
	}
	w.Printf("%% %d instances: %d solved, %d unsatisfiable%s, %d unknown%s, %d %s%s\n",
		s.n, s.tally[Solved], s.tally[Unsatisfiable], mult, s.tally[Unknown]-s.multiple, atCap(s.capped), s.tally[Failed], plural(s.tally[Failed], "error"), nr)
	if s.interrupted {
		w.Printf("%% interrupted: %s\n", s.stopped(in))
	}
	if s.ran == 0 {
		return
	}
	rate := float64(s.n) / max(wall.Seconds(), 1e-9)
	w.Printf("%% time per instance: median %s, p90 %s, max %s, mean %s; %.0f instances/s with %d %s; %.2f guesses per instance\n",
		roundDuration(s.quantile(0.5)), roundDuration(s.quantile(0.9)), roundDuration(s.maxTime),
		roundDuration(s.sumTimes/time.Duration(s.ran)), rate, c.Jobs, plural(c.Jobs, "job"),
		float64(s.guesses)/float64(s.ran))
}
