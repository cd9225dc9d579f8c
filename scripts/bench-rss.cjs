// Preloaded into the benchmarked `spectral` process (node --require): reports its peak memory.
const { writeSync } = require('node:fs');
process.on('exit', () => {
  try {
    writeSync(2, `\nbench-maxrss-kb ${process.resourceUsage().maxRSS}\n`);
  } catch {
    // nothing to report to
  }
});
