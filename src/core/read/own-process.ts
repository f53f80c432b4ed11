/**
 * This process and others, as the kernel names them in `/proc`: a writer puts its id in the
 * files it leaves while it works (a lock, a temporary file), and the next writer removes them
 * when that process is gone (`kill -9` never lets a writer clean up). Where there is no `/proc`,
 * no process is known to be gone.
 */
import { lstatSync, readlinkSync } from 'node:fs';

/** This process's id (`/proc/self`); `''` where there is no `/proc`. */
export const OWN_PID = ((): string => {
  try {
    return readlinkSync('/proc/self');
  } catch {
    return '';
  }
})();

/** Whether the process `pid` (digits) is known to be gone. */
export function processGone(pid: string): boolean {
  if (!/^\d+$/.test(pid) || OWN_PID === '' || pid === OWN_PID) return false;
  try {
    lstatSync(`/proc/${pid}`);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}
