// A vitest reporter for CI (.ci/run): each tier's wall time (first file started to last file
// ended; the tiers run side by side), its files and its tests, once the run ends.
import type { Reporter, TestModule } from 'vitest/node'

export default class TierTimes implements Reporter {
  private readonly spans = new Map<string, { start: number; end: number; files: number; tests: number }>()
  private readonly started = new Map<TestModule, number>()

  onTestModuleStart(module: TestModule): void {
    this.started.set(module, Date.now())
  }

  onTestModuleEnd(module: TestModule): void {
    const name = module.project.name
    const start = this.started.get(module) ?? Date.now()
    const span = this.spans.get(name) ?? { start, end: start, files: 0, tests: 0 }
    span.start = Math.min(span.start, start)
    span.end = Math.max(span.end, Date.now())
    span.files++
    span.tests += [...module.children.allTests()].length
    this.spans.set(name, span)
  }

  onTestRunEnd(): void {
    for (const [name, s] of [...this.spans].sort()) {
      const secs = Math.round((s.end - s.start) / 1000)
      console.log(`tier ${name}: ${secs} s, ${s.files} files, ${s.tests} tests`)
    }
  }
}
