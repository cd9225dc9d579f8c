/** The report's worker (built into dist/report-worker.js): tinypool runs one per core, each linting descriptions one at a time. */
import { lintOne } from './lint-one';

export default lintOne;
