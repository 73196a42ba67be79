/**
 * For overlapping async calls where only the newest may apply its result
 * (a new search, another form opened): `begin()` returns a check that stays
 * true until `begin()` is called again.
 */
export function latestCall() {
  let current = 0
  return function begin() {
    const mine = ++current
    return () => mine === current
  }
}
