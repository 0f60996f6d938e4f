// How many builds each side has in a build phase (RB 14.23, 15.31), apart from what the builds buy so
// that the optional purchases (militia.ts and its kin) can read the count without importing builds.ts.

/** RB 14.23: five builds with four or fewer cities and ports lost, one fewer for each four more (ruling RR-B1 past the stated two brackets). */
export function confederateBuilds(citiesLost: number): number {
  return Math.max(0, 5 - Math.floor(Math.max(0, citiesLost - 1) / 4))
}

/** RB 15.31: 5, 5, 6, 6 ... 10, 10 by turn (the middle of the track is inferred, ruling RR-B1); a 13th turn keeps 10. */
export function unionBuilds(turn: number): number {
  return Math.min(10, 5 + Math.floor((turn - 1) / 2))
}
