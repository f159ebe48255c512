// Bare domains Zulip links without a scheme. Zulip leaves out top-level
// domains that are mostly file extensions (readme.md, views.py, clip.mov).
const fileExtensionLookalikes = new Set(['java', 'md', 'mov', 'py', 'zip']);

const genericDomains = [
  'aero',
  'app',
  'asia',
  'biz',
  'blog',
  'cloud',
  'com',
  'coop',
  'dev',
  'edu',
  'gov',
  'info',
  'int',
  'io',
  'mil',
  'museum',
  'name',
  'net',
  'org',
  'page',
  'pro',
  'shop',
  'site',
  'tech',
  'xyz',
];

const letters = 'abcdefghijklmnopqrstuvwxyz';
const countryLikeDomains = [...letters].flatMap((first) =>
  [...letters].map((second) => first + second),
);

export const autolinkDomains: readonly string[] = [...genericDomains, ...countryLikeDomains].filter(
  (domain) => !fileExtensionLookalikes.has(domain),
);
