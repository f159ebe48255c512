import { errors } from '../errors';
import { FieldType } from '../shape/profileFields';
import { isValidUrl } from './urlValidation';

/** `field_data` as a request carries it: option objects or plain strings. */
export type FieldData = Record<string, string | Record<string, string>>;

export interface FieldDefinition {
  name: string;
  hint: string;
  fieldType: number;
  fieldData: FieldData;
  displayInProfileSummary: boolean;
  useForUserMatching: boolean;
}

/** What is stored for a field once its definition is accepted. */
export interface CheckedDefinition {
  name: string;
  hint: string;
  fieldData: string;
}

// Zulip 7.0's predefined external accounts; a field of one of these subtypes
// takes its label and hint from here, whatever the request said.
const defaultExternalAccounts: ReadonlyMap<string, { name: string; hint: string }> = new Map([
  ['twitter', { name: 'Twitter username', hint: 'Enter your Twitter username' }],
  ['github', { name: 'GitHub username', hint: 'Enter your GitHub username' }],
]);

const NAME_MAX_LENGTH = 40;
const HINT_MAX_LENGTH = 80;
const codePoints = (text: string) => [...text].length;

export function isDefaultExternalAccount(fieldType: number, fieldData: FieldData): boolean {
  return fieldType === FieldType.externalAccount && fieldData.subtype !== 'custom';
}

/**
 * Zulip's validate_custom_profile_field: the field data for the type first,
 * then label and hint, then the type itself and where it may be shown.
 */
export function checkFieldDefinition(definition: FieldDefinition): CheckedDefinition {
  const { fieldType, fieldData } = definition;
  if (fieldType === FieldType.select) checkOptions(fieldData);
  if (fieldType === FieldType.externalAccount) checkExternalAccount(fieldData);

  const preset = isDefaultExternalAccount(fieldType, fieldData)
    ? defaultExternalAccounts.get(String(fieldData.subtype))
    : undefined;
  if (!preset) checkNameAndHint(definition.name, definition.hint);
  if (!(Object.values(FieldType) as number[]).includes(fieldType)) {
    throw errors.badRequest('Invalid field type.');
  }
  // Zulip 12 (feature level 476) shows paragraphs in the summary too; its
  // clients still cannot show people there.
  if (definition.displayInProfileSummary && fieldType === FieldType.user) {
    throw errors.badRequest('Field type not supported for display in profile summary.');
  }
  // Zulip 12 (feature level 455) matches typeahead against short texts and
  // external accounts only.
  if (
    definition.useForUserMatching &&
    fieldType !== FieldType.shortText &&
    fieldType !== FieldType.externalAccount
  ) {
    throw errors.badRequest('Field type not supported for user matching.');
  }

  if (preset) {
    return { ...preset, fieldData: JSON.stringify({ subtype: fieldData.subtype }) };
  }
  const keepsData = fieldType === FieldType.select || fieldType === FieldType.externalAccount;
  return {
    name: definition.name,
    hint: definition.hint,
    fieldData: keepsData ? JSON.stringify(fieldData) : '',
  };
}

function checkNameAndHint(name: string, hint: string): void {
  if (name.trim() === '') throw errors.badRequest('Label cannot be blank.');
  if (codePoints(hint) > HINT_MAX_LENGTH) {
    throw errors.badRequest(`hint is too long (limit: ${HINT_MAX_LENGTH} characters)`);
  }
  if (codePoints(name) > NAME_MAX_LENGTH) {
    throw errors.badRequest(`name is too long (limit: ${NAME_MAX_LENGTH} characters)`);
  }
}

// Zulip's validate_select_field_data: every option an object of exactly a
// non-blank `text` and `order`, under a non-blank key, no text twice.
function checkOptions(fieldData: FieldData): void {
  const options = Object.entries(fieldData);
  if (options.length === 0) throw errors.badRequest('Field must have at least one choice.');
  const texts = new Set<string>();
  for (const [key, option] of options) {
    if (key.trim() === '') throw errors.badRequest("'value' cannot be blank.");
    if (typeof option === 'string') throw errors.badRequest('field_data is not a dict');
    const text = requiredString(option, 'text');
    requiredString(option, 'order');
    refuseUnexpected(option, ['text', 'order']);
    texts.add(text);
  }
  if (texts.size !== options.length) {
    throw errors.badRequest('Field must not have duplicate choices.');
  }
}

// Zulip's validate_external_account_field_data: a subtype that is one of the
// predefined accounts, or `custom` with a URL pattern holding the username once.
function checkExternalAccount(fieldData: FieldData): void {
  const subtype = requiredString(fieldData, 'subtype');
  const pattern = fieldData.url_pattern;
  if (pattern !== undefined) {
    if (typeof pattern !== 'string') {
      throw errors.badRequest('field_data["url_pattern"] is not a string');
    }
    if (pattern.split('%(username)s').length !== 2) {
      throw errors.badRequest("URL pattern must contain '%(username)s'.");
    }
    if (!isValidUrl(pattern.replace('%(username)s', 'username'))) {
      throw errors.badRequest('field_data["url_pattern"] is not a URL');
    }
  }
  refuseUnexpected(fieldData, ['subtype', 'url_pattern']);
  if (defaultExternalAccounts.has(subtype)) return;
  if (subtype !== 'custom') throw errors.badRequest('Invalid external account type');
  if (pattern === undefined) {
    throw errors.badRequest('Custom external account must define URL pattern');
  }
}

function requiredString(data: Readonly<Record<string, unknown>>, key: string): string {
  const value = data[key];
  if (value === undefined) throw errors.badRequest(`${key} key is missing from field_data`);
  if (typeof value !== 'string') throw errors.badRequest(`field_data["${key}"] is not a string`);
  if (value.trim() === '') throw errors.badRequest(`field_data["${key}"] cannot be blank.`);
  return value;
}

function refuseUnexpected(data: Readonly<Record<string, unknown>>, known: readonly string[]) {
  const unexpected = Object.keys(data).filter((key) => !known.includes(key));
  if (unexpected.length > 0) {
    throw errors.badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
  }
}
