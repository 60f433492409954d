/**
 * When `npm start`, the bundle budget and the journeys rebuild the web app (tools/launcher/web-build.ts):
 * only when a build input is newer than the build's manifest — never for a test file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MANIFEST_PATH, webBuildIsFresh } from '../launcher/web-build';

describe('web build freshness', () => {
  let webDir: string;
  const write = (relative: string, secondsAgo: number) => {
    const file = path.join(webDir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, relative);
    const when = new Date(Date.now() - secondsAgo * 1000);
    fs.utimesSync(file, when, when);
    // A new file also changes its folder's time; keep folders old unless a test says otherwise.
    for (let dir = path.dirname(file); dir.startsWith(webDir) && dir !== webDir; dir = path.dirname(dir)) {
      fs.utimesSync(dir, new Date(0), new Date(0));
    }
  };

  beforeEach(() => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-web-build-'));
    write('index.html', 100);
    write('src/main.tsx', 100);
    write('src/app/router.tsx', 100);
  });
  afterEach(() => fs.rmSync(webDir, { recursive: true, force: true }));

  const build = (secondsAgo: number) => {
    write('dist/index.html', secondsAgo);
    write(path.join('dist', MANIFEST_PATH), secondsAgo);
  };

  it('is stale without a build, fresh after one', () => {
    expect(webBuildIsFresh(webDir)).toBe(false);
    build(50);
    expect(webBuildIsFresh(webDir)).toBe(true);
  });

  it('is stale when a source, public file or config changed after the build', () => {
    build(50);
    write('src/app/router.tsx', 10);
    expect(webBuildIsFresh(webDir)).toBe(false);
    build(5);
    write('public/theme-init.js', 1);
    expect(webBuildIsFresh(webDir)).toBe(false);
    build(0);
    write('vite.config.ts', -5);
    expect(webBuildIsFresh(webDir)).toBe(false);
  });

  it('is stale when a file was deleted (its folder changed)', () => {
    build(50);
    const folder = path.join(webDir, 'src', 'app');
    fs.utimesSync(folder, new Date(), new Date());
    expect(webBuildIsFresh(webDir)).toBe(false);
  });

  it('ignores test files and test helpers', () => {
    build(50);
    write('src/app/router.test.tsx', 10);
    write('src/test-support/setup.ts', 10);
    expect(webBuildIsFresh(webDir)).toBe(true);
  });
});
