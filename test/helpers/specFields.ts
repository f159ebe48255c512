import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the interface spec lives: shared/ beside the repository. */
export const specPath = fileURLToPath(
  new URL('../../../shared/spec/interface.md', import.meta.url),
);

export interface SpecField {
  name: string;
  type: string;
  notes: string;
}

/** The text of one `### Heading` of section 2, up to the next heading. */
function subsection(spec: string, heading: string): string {
  const resources = spec.split(/^## /m).find((part) => part.startsWith('2. Resources'));
  if (!resources) throw new Error('the spec has no section "2. Resources and their fields"');
  const part = resources.split(/^### /m).find((chunk) => chunk.startsWith(heading));
  if (!part) throw new Error(`section 2 of the spec has no "### ${heading}"`);
  return part;
}

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/** The rows of the first Field | Type | Notes table under a heading of section 2. */
export function specTable(spec: string, heading: string): SpecField[] {
  const rows = subsection(spec, heading)
    .split('\n')
    .filter((line) => line.trim().startsWith('|'));
  const [header, , ...body] = rows;
  if (!header || cells(header)[0] !== 'Field') {
    throw new Error(`"### ${heading}" has no Field | Type | Notes table`);
  }
  return body.map((line) => {
    const [name = '', type = '', notes = ''] = cells(line);
    return { name, type, notes };
  });
}

/** The profile-only fields, which the spec lists in prose: `name` (type, …). */
export function profileOnlyFields(spec: string): SpecField[] {
  const line = subsection(spec, 'User')
    .split('\n')
    .find((text) => text.startsWith('Profile-only fields'));
  if (!line) throw new Error('the spec names no profile-only fields');
  return [...line.matchAll(/`(\w+)` \((\w+)([^)]*)\)/g)].map((match) => ({
    name: match[1] ?? '',
    type: match[2] ?? '',
    notes: (match[3] ?? '').replace(/^,\s*/, ''),
  }));
}

export const readSpec = (): string => readFileSync(specPath, 'utf8');

/** Whether a value has the type the spec states, in the spec's words. */
export function hasSpecType(value: unknown, type: string): boolean {
  return type.split(' or ').some((alternative) => {
    switch (alternative.trim()) {
      case 'integer':
        return Number.isInteger(value);
      case 'string':
        return typeof value === 'string';
      case 'boolean':
        return typeof value === 'boolean';
      case 'null':
        return value === null;
      case 'object':
        return typeof value === 'object' && value !== null && !Array.isArray(value);
      case 'array':
        return Array.isArray(value);
      case 'array of strings':
        return Array.isArray(value) && value.every((item) => typeof item === 'string');
      default:
        throw new Error(`the spec states a type this test cannot read: "${alternative}"`);
    }
  });
}
