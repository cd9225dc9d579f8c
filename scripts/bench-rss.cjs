// Preloaded into the benchmarked `spectral` process (node --require): reports its peak memory and
// CPU time (user + system, all threads).
const { writeSync } = require('node:fs');
process.on('exit', () => {
  try {
    const usage = process.resourceUsage();
    writeSync(
      2,
      `\nbench-maxrss-kb ${usage.maxRSS}\nbench-cpu-ms ${Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000)}\n`,
    );
  } catch {
    // nothing to report to
  }
});
