const { Spectral, Document } = require('@stoplight/spectral-core');
const Parsers = require('@stoplight/spectral-parsers');
const { createHttpAndFileResolver } = require('@stoplight/spectral-ref-resolver');
const fs = require('fs');
const ruleset = require(process.cwd() + '/dist/ruleset.js');
const file = process.argv[2];
const text = fs.readFileSync(file, 'utf8');
const times = {};
const rules = {};
let total = 0;
for (const [id, rule] of Object.entries(ruleset.rules)) {
  const fn = rule.then.function;
  const wrapped = function (...args) { const t = performance.now(); try { return fn.apply(this, args); } finally { const d = performance.now() - t; times[id] = (times[id] || 0) + d; total += d; } };
  Object.defineProperty(wrapped, 'name', { value: fn.name });
  rules[id] = { ...rule, then: { ...rule.then, function: wrapped } };
}
(async () => {
  const N = Number(process.env.N || 5);
  for (let i = 0; i < N; i++) {
    const s = new Spectral({ resolver: createHttpAndFileResolver() });
    s.setRuleset({ ...ruleset, rules });
    await s.run(new Document(text, Parsers.Json, file));
  }
  console.log('our functions per run:', (total / N).toFixed(1), 'ms');
  console.log(Object.entries(times).sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${k} ${(v / N).toFixed(1)}`).join('\n'));
})();
