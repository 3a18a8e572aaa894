package textio

import "testing"

func TestFreeGivesBackWhatWasPut(t *testing.T) {
	var f Free[*[4]int]
	if _, ok := f.Get(); ok {
		t.Fatal("Get on an empty list: ok")
	}
	// sync.Pool may drop what it holds (at a collection, under the race
	// detector, or when the goroutine moved to another processor between
	// Put and Get, leaving it in that one's private slot), so of many
	// given back most come back, and nothing else does.
	put := map[*[4]int]bool{}
	for i := range 100 {
		v := &[4]int{i}
		put[v] = true
		f.Put(v)
	}
	got := 0
	for {
		v, ok := f.Get()
		if !ok {
			break
		}
		if !put[v] {
			t.Fatalf("Get = %p, which was not put", v)
		}
		delete(put, v)
		got++
	}
	if !raceDetector && got < 90 {
		t.Errorf("%d of 100 came back", got)
	}
}

func TestFreeCostsNoAllocation(t *testing.T) {
	if raceDetector {
		t.Skip("under the race detector sync.Pool drops what it is given at random")
	}
	var f Free[*[4]int]
	v := &[4]int{}
	f.Put(v)
	if n := testing.AllocsPerRun(100, func() {
		if w, ok := f.Get(); ok {
			f.Put(w)
		}
	}); n != 0 {
		t.Errorf("Get and Put: %v allocations, want 0", n)
	}
}
