/**
 * Languages by their names in `windowLanguage`, in its alphabetical order; a
 * tag Intl cannot name (a dictionary's own spelling) keeps its tag.
 */
export function namedLanguages(
  tags: readonly string[],
  windowLanguage: string,
): { tag: string; name: string }[] {
  const names = new Intl.DisplayNames([windowLanguage], { type: 'language' });
  const nameOf = (tag: string) => {
    try {
      return names.of(tag) ?? tag;
    } catch {
      return tag;
    }
  };
  const collator = new Intl.Collator(windowLanguage);
  return tags
    .map((tag) => ({ tag, name: nameOf(tag) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
