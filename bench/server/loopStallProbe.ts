// Loaded into a bench host with `node --import`: each SIGUSR2 asks for the
// longest stall of the host's event loop since the last ask, answered on
// stderr, where the bench reads the child's last lines.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { stallLine } from './loopStallLine';

// Sampled every millisecond: a stall is seen to within one.
const delays = monitorEventLoopDelay({ resolution: 1 });
delays.enable();
let asks = 0;
process.on('SIGUSR2', () => {
  asks += 1;
  console.error(stallLine(asks, delays.max / 1e6));
  delays.reset();
});
