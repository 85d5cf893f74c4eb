import { z } from 'zod';

// zod compiles object parsers with `new Function` when eval is allowed, and probes for it once. Hearth's
// Content-Security-Policy forbids eval (apps/server/src/http/security.ts), so the probe would only be reported as a
// violation: parse without compiling, and without probing.
z.config({ jitless: true });
