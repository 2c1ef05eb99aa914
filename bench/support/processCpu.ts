import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** [pid, parent pid, CPU ms used so far] of every process /proc lists. */
function processTable(): { pid: number; ppid: number; cpuMs: number }[] {
  const rows: { pid: number; ppid: number; cpuMs: number }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      const cpuTicks = Number(fields[11]) + Number(fields[12]);
      rows.push({ pid: Number(name), ppid, cpuMs: (cpuTicks * 1000) / TICKS_PER_SECOND });
    } catch {
      // The process ended while we read.
    }
  }
  return rows;
}

/**
 * CPU time (user + system, ms) used so far by `rootPid` and all its live descendants: the server
 * and its embedded PostgreSQL's processes. Measured before and after a load, its difference per
 * request is what a request costs the machine, which contention from other work does not change
 * the way it changes throughput. Linux only; 0 elsewhere.
 */
export function treeCpuMs(rootPid: number): number {
  let table: ReturnType<typeof processTable>;
  try {
    table = processTable();
  } catch {
    return 0;
  }
  const children = new Map<number, number[]>();
  for (const row of table) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row.pid]);
  const inTree = new Set<number>();
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    if (inTree.has(pid)) continue;
    inTree.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return table.filter((row) => inTree.has(row.pid)).reduce((sum, row) => sum + row.cpuMs, 0);
}
