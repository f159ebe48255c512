// Python's ordering of str, which Zulip sorts the subscription lists by.
export const byStreamName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
