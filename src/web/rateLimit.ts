// A token bucket per client address: a reader paging through a campaign never meets it, a script
// guessing tokens or pulling every page soon does. The table of addresses is bounded: when full,
// the addresses seen longest ago are forgotten first.

export class RateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()

  constructor(
    /** Requests an address may make at once. */
    readonly burst = 60,
    /** Requests an address regains each second. */
    readonly perSecond = 2,
    readonly maxAddresses = 10_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Whether `address` may make a request now (and counts it). */
  take(address: string): boolean {
    const t = this.now()
    const b = this.buckets.get(address)
    const tokens = b ? Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.perSecond) : this.burst
    // Re-inserted, so the Map's order is the order of last use.
    this.buckets.delete(address)
    if (this.buckets.size >= this.maxAddresses) this.buckets.delete(this.buckets.keys().next().value!)
    const allowed = tokens >= 1
    this.buckets.set(address, { tokens: allowed ? tokens - 1 : tokens, at: t })
    return allowed
  }
}
