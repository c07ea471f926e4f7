// Minimal assertions for the e2e tests.
export function assert(cond, msg) { if (!cond) throw new Error('assertion failed: ' + msg); }
export function eq(a, b, msg) { if (a !== b) throw new Error(`${msg}: expected ${JSON.stringify(b)}, got ${JSON.stringify(a)}`); }
