'use strict';
// `extends: ["spectral-api-conventions/recommended"]`: our rules on top of Spectral's own OpenAPI
// rules (`spectral:oas`). Like the main bundle, this file requires nothing but that bundle (which
// takes `spectral:oas` from @stoplight/spectral-rulesets, provided by the CLI or the extension).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as Spectral loads it
module.exports = require('../dist/ruleset.js').recommended;
