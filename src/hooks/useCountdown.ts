import { useEffect, useState } from 'react'

/** Seconds left of a countdown that `start(seconds)` begins; 0 when none runs. */
export function useCountdown() {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return undefined
    const timer = setTimeout(() => setLeft(left - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])
  return { left, start: setLeft }
}
