import os from 'node:os';

/**
 * The machine's load as a benchmark prints it beside its figures (issue "The largest agencies": every figure with
 * its baseline and the machine's load): the 1-minute load average over the core count. A load near or above the
 * cores means other work competed with the run, and its figures are worth repeating on a quiet machine.
 * @returns e.g. "load 0.42 on 2 cores".
 */
export function machineLoad(): string {
  return `load ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores`;
}
