// The per-client limits raised for a server whose clients all share one loopback address: the
// browser tests' pages, the ops and resilience tests' applicants, the benches' connections.
// The limits guard the site from one abusive client; these runs are one client on purpose, so
// a 429 or a 503 from them would be a failure. A test of a limit sets that limit again after.
export const LOOPBACK_LIMITS = {
  RATE_LIMIT_REQUESTS: '100000000',
  RATE_LIMIT_APPLICATIONS: '100000000',
  UPLOAD_BODIES_PER_CLIENT: '100000000',
};
