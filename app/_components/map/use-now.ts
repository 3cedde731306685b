"use client";
import { useEffect, useState } from "react";

/**
 * The clock, re-read every `everyMs`, so "2 min ago" and offline statuses age without new data. 0 until mounted: the
 * server's render and the browser's first render must agree (hydration), and they run at different times.
 */
export function useNow(everyMs = 10_000): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
