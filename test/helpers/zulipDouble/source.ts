/**
 * Where the double's examples come from: Zulip's own API documentation in a
 * fork of zulip/zulip that holds a recent copy (the zulip/zulip copy in the
 * tool index predates feature level 300).
 */
export const zulipSource = {
  repo: 'xandylearning/zulip',
  /** zerver/openapi/zulip.yaml: its newest documented change is feature level 477. */
  openapiCommit: '15d564aaccb55d7414000285dd06e1205a8abd3b',
  /** api_docs/changelog.md and version.py, which read feature level 489. */
  changelogCommit: '11b90c66bf115d2dd4ccf7de89ab4030ee5cd5ae',
} as const;

/**
 * The level the examples describe. The OpenAPI file is the source of the
 * examples, so the double claims its level rather than the changelog's newer one.
 */
export const documentedFeatureLevel = 477;

// Zulip's main branch between 11.x and 12.0-beta1 calls itself so.
export const documentedZulipVersion = '12.0-dev+git';

export const zulipMergeBase = `${zulipSource.repo}@${zulipSource.openapiCommit}`;
