// `npm run build`: builds the site and the server, and records what they were built from
// (scripts/fresh-build.mjs), so `npm start` knows the build is fresh.
import { ensureFresh } from './fresh-build.mjs';

try {
  ensureFresh({ force: true });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
