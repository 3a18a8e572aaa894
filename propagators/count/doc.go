// Package count posts the counting constraint: n is the number of the
// variables xs that equal y.
//
//	count.Post(m, xs, y, n) // MiniZinc's count_eq(xs, y, n)
//
// Once y is assigned a value v, the propagator counts the xs surely equal
// to v (assigned v) and those possibly equal (holding v): n lies between
// the two; when n's upper bound is the sure count, v leaves every other x;
// when n's lower bound is the possible count, every x that holds v is
// assigned v. This is domain consistency on xs and n (for distinct
// variables): every value of n between the two counts is reachable, so
// bounds suffice for n. While y is unassigned, each value of y is
// weighed the same way: n lies within the least sure and the greatest
// possible count over y's values, and y loses a value whose counts leave
// n's bounds (bounds reasoning; the xs are narrowed once y is assigned).
// Values are read through Contains, Min, Max and Value only, so every
// domain representation works; y's values are enumerated only while y
// has at most MaxWeighed of them.
package count
