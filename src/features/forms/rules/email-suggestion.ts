/**
 * A "did you mean" for addresses at a mistyped mail provider, after mailcheck.js: compare the
 * domain with well-known mail domains, else its first label with well-known provider names
 * and the rest with well-known top-level domains. Where it differs, it is to keep a plausible
 * unknown address (`someone@company.org`, `x@ibm.com`, `x@ge.com`) free of suggestions:
 * - the distance counts a swap of neighbours as one edit (`gmial`, `cmo`);
 * - a known name is only suggested when fewer than half of its characters would change, so
 *   short names (`me.com`, `de`) need an exact match and are never "corrected to";
 * - more top-level domains are known (`dev`, `io`, `co`, `xyz`, `com.br`…), and the name of a
 *   known domain is not "corrected" to a provider name (`gmail.de` is not `mail.de`).
 * The lists are ordered by how common the entry is; on a tie the earlier one wins.
 */
const knownDomains = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'msn.com',
  'live.com',
  'googlemail.com',
  'mail.com',
  'email.com',
  'protonmail.com',
  'proton.me',
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'bellsouth.net',
  'charter.net',
  'cox.net',
  'earthlink.net',
  'optonline.net',
  'btinternet.com',
  'sky.com',
  'me.com',
  'mac.com',
  'ymail.com',
  'rocketmail.com',
  'aim.com',
  'google.com',
  'qq.com',
  'web.de',
  'rogers.com',
  'shaw.ca',
  'sympatico.ca',
  'telus.net',
  'optusnet.com.au',
  'xtra.co.nz',
];

/** Providers that keep their name across countries: `yahoo.co.uk`, `hotmail.fr`. */
const knownSecondLevelDomains = ['yahoo', 'hotmail', 'outlook', 'live', 'mail', 'gmx'];

const knownTopLevelDomains = [
  'com',
  'net',
  'org',
  'co',
  'io',
  'dev',
  'app',
  'info',
  'biz',
  'edu',
  'gov',
  'mil',
  'me',
  'ai',
  'xyz',
  'online',
  'site',
  'tech',
  'blog',
  'email',
  'cloud',
  'tv',
  'us',
  'uk',
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'ca',
  'de',
  'fr',
  'it',
  'es',
  'nl',
  'be',
  'ch',
  'at',
  'se',
  'no',
  'dk',
  'fi',
  'ie',
  'pl',
  'cz',
  'hu',
  'gr',
  'pt',
  'ru',
  'eu',
  'jp',
  'co.jp',
  'kr',
  'co.kr',
  'cn',
  'com.cn',
  'hk',
  'tw',
  'com.tw',
  'sg',
  'com.sg',
  'in',
  'co.in',
  'au',
  'com.au',
  'net.au',
  'nz',
  'co.nz',
  'br',
  'com.br',
  'mx',
  'com.mx',
  'ar',
  'com.ar',
  'za',
  'co.za',
  'il',
  'co.il',
];

/** Optimal string alignment: insertions, deletions, substitutions and adjacent swaps. */
export function typoDistance(a: string, b: string): number {
  let twoRowsUp: number[] = [];
  let rowAbove = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = rowAbove[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      let best = Math.min(rowAbove[j]! + 1, row[j - 1]! + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, twoRowsUp[j - 2]! + 1);
      }
      row.push(best);
    }
    twoRowsUp = rowAbove;
    rowAbove = row;
  }
  return rowAbove[b.length]!;
}

/** `significant` gives the part of a known entry whose length bounds the edits. */
function closest(
  typed: string,
  known: readonly string[],
  significant: (entry: string) => string = (entry) => entry,
): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const entry of known) {
    const distance = typoDistance(typed, entry);
    if (distance < bestDistance && distance <= 2 && distance * 2 < significant(entry).length) {
      best = entry;
      bestDistance = distance;
    }
  }
  return best;
}

const firstLabel = (domain: string) => domain.split('.')[0] ?? '';

/** The whole suggested address, or undefined when the domain looks right or is unknown. */
export function suggestEmail(email: string): string | undefined {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  const localPart = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1).toLowerCase();
  if (at < 1 || domain === '' || knownDomains.includes(domain)) return undefined;
  const dot = domain.indexOf('.');
  if (dot < 1) return undefined;
  const secondLevel = domain.slice(0, dot);
  const topLevel = domain.slice(dot + 1);
  const knownSecondLevel = knownSecondLevelDomains.includes(secondLevel);
  const knownTopLevel = knownTopLevelDomains.includes(topLevel);
  if (knownSecondLevel && knownTopLevel) return undefined;

  const closeDomain = closest(domain, knownDomains, firstLabel);
  if (closeDomain) return `${localPart}@${closeDomain}`;

  // `gmail.de` is not `mail.de` misspelt: a known domain's name stays, like a known provider's.
  const knownName =
    knownSecondLevel || knownDomains.some((known) => firstLabel(known) === secondLevel);
  const fixedSecondLevel = knownName
    ? secondLevel
    : (closest(secondLevel, knownSecondLevelDomains) ?? secondLevel);
  const fixedTopLevel = knownTopLevel
    ? topLevel
    : (closest(topLevel, knownTopLevelDomains) ?? topLevel);
  const suggestion = `${fixedSecondLevel}.${fixedTopLevel}`;
  return suggestion === domain ? undefined : `${localPart}@${suggestion}`;
}
