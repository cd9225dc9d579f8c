// Spectral's core from Node's module cache, shared by every mutant run (environment.cjs).
module.exports = globalThis.__spectralOutside__('@stoplight/spectral-core');
