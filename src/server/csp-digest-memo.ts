import type { Plugin } from 'vite';

/** Astro's module with the function that hashes inline scripts and styles for the CSP header. */
const encryptionModule = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;

const original = `async function generateCspDigest(data, algorithm) {
  const hashBuffer = await crypto.subtle.digest(algorithm, encoder.encode(data));
  const hash = encodeBase64(new Uint8Array(hashBuffer));
  return \`\${ALGORITHMS[algorithm]}\${hash}\`;
}`;

const remembering = `const quireCspDigests = new Map();
async function generateCspDigest(data, algorithm) {
  const key = \`\${algorithm}:\${data}\`;
  let digest = quireCspDigests.get(key);
  if (digest === undefined) {
    const hashBuffer = await crypto.subtle.digest(algorithm, encoder.encode(data));
    digest = \`\${ALGORITHMS[algorithm]}\${encodeBase64(new Uint8Array(hashBuffer))}\`;
    if (quireCspDigests.size >= 1000) quireCspDigests.delete(quireCspDigests.keys().next().value);
    quireCspDigests.set(key, digest);
  }
  return digest;
}`;

/**
 * Build-time only (astro.config.ts): Astro hashes every inline script and style of a page for
 * its Content-Security-Policy header on every render, through WebCrypto's asynchronous digest,
 * although those texts are fixed by the build: about 5% of an uncached view's CPU. This makes
 * its digest function remember what it computed (a digest depends on the text alone). The
 * build fails if Astro's function no longer reads as expected, so an upgrade cannot silently
 * drop it (decision 0030).
 */
export function rememberCspDigests(): Plugin {
  return {
    name: 'quire:remember-csp-digests',
    applyToEnvironment: (environment) => environment.name !== 'client',
    transform(code, id) {
      if (!encryptionModule.test(id)) return undefined;
      if (!code.includes(original)) {
        this.error(
          'astro/dist/core/encryption.js: generateCspDigest changed; review src/server/csp-digest-memo.ts',
        );
      }
      return { code: code.replace(original, remembering), map: null };
    },
  };
}
