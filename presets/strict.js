'use strict';
// `extends: ["spectral-api-conventions/strict"]`: our rules with every MUST of the conventions at
// `error` (createRuleset({ strict: true })). Like the main bundle, this file requires nothing but
// that bundle, so the Spectral VS Code extension loads it from node_modules, without the network.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as Spectral loads it
module.exports = require('../dist/ruleset.js').createRuleset({ strict: true });
