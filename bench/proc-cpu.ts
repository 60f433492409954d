import fs from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU times in these ticks. */
const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a live process, in ms (from /proc/<pid>/stat). */
export function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}
