import os from 'node:os';

interface CpuSample {
  idle: number;
  total: number;
}

function sampleCpu(): CpuSample {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const times = cpu.times;
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.irq + times.idle;
  }
  return { idle, total };
}

/**
 * CPU load between two readings (so a 5-second poll shows the last 5 seconds), and memory in use.
 * The first reading has no earlier one and falls back to the load average.
 */
export function createHostMetrics() {
  let previous = sampleCpu();
  return {
    read(): { cpu: number; ram: number } {
      const current = sampleCpu();
      const total = current.total - previous.total;
      const idle = current.idle - previous.idle;
      previous = current;
      const cores = Math.max(os.cpus().length, 1);
      const cpu = total > 0 ? (1 - idle / total) * 100 : ((os.loadavg()[0] ?? 0) / cores) * 100;
      const ram = (1 - os.freemem() / os.totalmem()) * 100;
      const clamp = (value: number) => Math.round(Math.min(Math.max(value, 0), 100) * 10) / 10;
      return { cpu: clamp(cpu), ram: clamp(ram) };
    },
  };
}
