/**
 * A V8 `.cpuprofile` (node --cpu-prof) in a few lines: self time by area (a package under
 * node_modules, one of our workspaces, a Node internal) and the top self-time functions.
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: `node_modules/<package>`, `<workspace group>/<name>`, `node:<module>`, or a V8 pseudo-frame. */
function areaOf(url: string): string {
  if (!url) return '(V8: GC, program)';
  const packages = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/g);
  if (packages) return packages[packages.length - 1]!;
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const workspace = url.match(/\/(packages|services|tools|web|bench)\/([^/]+)/);
  return workspace ? `${workspace[1]}/${workspace[2]}` : url;
}

function top(totals: Map<string, number>, count: number, all: number): string[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([key, us]) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((us / all) * 100).toFixed(1).padStart(5)} %  ${key}`,
    );
}

export function summariseProfile(file: string, count: number): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let all = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    // Waiting for I/O is not work: shares are of the busy time.
    if (functionName === '(idle)') {
      idle += us;
      return;
    }
    all += us;
    const area = areaOf(url);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    const where = url ? ` ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'}${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  });
  return [
    `CPU profile of the server process: ${(all / 1e6).toFixed(1)} s busy (${(idle / 1e6).toFixed(1)} s idle left out) — self time by area:`,
    ...top(byArea, count, all),
    '',
    'Top functions by self time:',
    ...top(byFunction, count, all),
  ].join('\n');
}
