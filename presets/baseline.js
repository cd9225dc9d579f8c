'use strict';
// `extends: ["spectral-api-conventions/baseline"]`: our rules, leaving out the known findings
// recorded in `.spectral-baseline.json` by `npx spectral-api-conventions baseline` (docs/baseline.md).
// The file is looked for in the working directory, else beside the linted document and in the
// folders above it. Like the main bundle, this file requires nothing but that bundle.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as Spectral loads it
module.exports = require('../dist/ruleset.js').createRuleset({ baseline: '.spectral-baseline.json' });
