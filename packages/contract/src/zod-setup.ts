import { z } from 'zod';

// Every schema module takes `z` from here, so this runs before any schema is built. In
// browsers our CSP forbids eval: zod's `new Function` probe would be reported as a CSP
// violation, so schemas there are built jitless. Node keeps the faster compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
