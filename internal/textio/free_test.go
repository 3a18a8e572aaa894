package textio

import "testing"

func TestFreeGivesBackWhatWasPut(t *testing.T) {
	var f Free[*[4]int]
	if _, ok := f.Get(); ok {
		t.Fatal("Get on an empty list: ok")
	}
	v := &[4]int{1, 2, 3, 4}
	f.Put(v)
	// sync.Pool may drop what it holds; on one goroutine without a
	// collection in between it gives it back.
	got, ok := f.Get()
	if !ok || got != v {
		t.Fatalf("Get = %p, %v; want %p, true", got, ok, v)
	}
}

func TestFreeCostsNoAllocation(t *testing.T) {
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
