// What the browser tests need on a fresh machine: Debian's Chromium and a Korean font (fonts-nanum).
// Installs them with apt-get when missing (as root); otherwise stops at once with the exact command.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const APT_COMMAND = 'apt-get update && apt-get install -y chromium fonts-nanum';

function hasKoreanFont() {
  const r = spawnSync('fc-list', [], { encoding: 'utf8' });
  return r.status === 0 && /nanum/i.test(r.stdout);
}

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Returns true when the browser and fonts are there (installing them if it can). */
export function ensureBrowser() {
  const missing = () => !existsSync(chromiumPath()) || !hasKoreanFont();
  if (!missing()) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
    console.log('[test] installing chromium and fonts-nanum (apt-get, about a minute)');
    const r = spawnSync('sh', ['-c', `${APT_COMMAND} -qq >/dev/null`], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.status === 0 && !missing()) return true;
  }
  console.error(
    `[test] the browser tests need Chromium at ${chromiumPath()} and fonts-nanum. Install them with:\n  sudo sh -c '${APT_COMMAND}'`,
  );
  return false;
}
