/** A process's resources as Linux reports them in /proc: what the hardening tests and benchmarks measure. */
import { readFileSync } from 'node:fs';

/** Resident memory of a process, in MiB. */
export function rssMiB(pid: number): number {
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

/** User plus system CPU time a process (all its threads) has used so far, in ms (clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  return ticksToMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** The same for one thread of it; the main thread's id is the process's. */
export function threadCpuMs(pid: number, tid: number): number {
  return ticksToMs(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
}

function ticksToMs(stat: string): number {
  // After "pid (comm) ", state is field 0; utime and stime are fields 11 and 12.
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** System calls that wrote (to a pipe, a socket or a file) a process has made so far. */
export function writeCalls(pid: number): number {
  return Number(/^syscw:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);
}
