// Installs Debian packages a test needs (CI machines start with Node and npm only). Runs as root;
// waits for the dpkg lock so test files installing at the same time do not trip over each other.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export function ensureDebianPackage(binary: string, pkg: string): void {
  if (existsSync(binary)) return
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const apt = (...args: string[]) =>
    execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', '-o', 'Acquire::Retries=3', ...args], {
      env,
      stdio: 'pipe',
      timeout: 600_000,
    })
  apt('update', '-qq')
  apt('install', '-y', '-qq', '--no-install-recommends', pkg)
  if (!existsSync(binary)) throw new Error(`installing ${pkg} did not provide ${binary}`)
}
