import { t, type MessageKey } from './i18n.svelte';

/** What a text field must hold: the limits the bridge's schema for it sets. */
export interface TextRule {
  required?: boolean;
  min?: number;
  max?: number;
  /** Passwords are sent as typed: spaces count. */
  keepSpaces?: boolean;
  kind?: 'email' | 'contactEmail' | 'webAddress' | 'shortName' | 'dnsName';
}

function matches(pattern: RegExp): (text: string) => boolean {
  return (text) => pattern.test(text);
}

// As loose as the bridge's schemas: the server still has its say.
const kinds: Record<
  NonNullable<TextRule['kind']>,
  { fits: (text: string) => boolean; says: MessageKey }
> = {
  // A sign-in name as a server holds it: an imported account may have no dot after the @.
  email: { fits: matches(/^[^\s@]+@[^\s@]+$/), says: 'common.field.email' },
  // An address someone writes to, as zod's email() takes it.
  contactEmail: { fits: matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/), says: 'common.field.email' },
  webAddress: {
    fits: (text) => /^https?:\/\/[^\s/]+/i.test(text) && URL.canParse(text),
    says: 'common.field.webAddress',
  },
  // The local part of an email address, as `<short name>-bot@…` becomes one (botCalls.ts).
  shortName: {
    fits: matches(/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/),
    says: 'common.field.shortName',
  },
  // A public DNS name, as the host's certificate is asked for (hostingCalls.ts).
  dnsName: {
    fits: (text) =>
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(text.toLowerCase()),
    says: 'common.field.dnsName',
  },
};

/** Why `value` would be refused, in the person's words; null when it may go. */
export function textProblem(value: string, rule: TextRule): string | null {
  const text = rule.keepSpaces ? value : value.trim();
  if (text === '') return rule.required ? t('common.field.missing') : null;
  if (rule.min !== undefined && text.length < rule.min)
    return t('common.field.tooShort', { min: rule.min });
  if (rule.max !== undefined && text.length > rule.max)
    return t('common.field.tooLong', { max: rule.max });
  const kind = rule.kind && kinds[rule.kind];
  return kind && !kind.fits(text) ? t(kind.says) : null;
}

/**
 * A form's own look at its fields before it calls main. Nothing is said
 * until the person first sends it; from then on each field's problem
 * follows what they type, and goes as soon as the field is right.
 */
export class FieldChecks<Field extends string> {
  #tried = $state(false);

  // A field without a check is one the form leaves to main and the server.
  constructor(private readonly checks: { [F in Field]?: () => string | null }) {}

  /** What is wrong with `field`, once the person has tried to send the form. */
  problem(field: Field): string | null {
    return this.#tried ? (this.checks[field]?.() ?? null) : null;
  }

  /** Shows every field's problem; true when there is none and the form may go. */
  passed(): boolean {
    this.#tried = true;
    return (Object.keys(this.checks) as Field[]).every((field) => this.problem(field) === null);
  }

  /** The form went to main: its fields start again unjudged, whatever main answers. */
  reset(): void {
    this.#tried = false;
  }
}

/** The attributes that tie a field to its problem said beside it, and to any hints. */
export function problemAria(
  problemId: string,
  problem: string | null,
  ...hintIds: string[]
): { 'aria-invalid': 'true' | undefined; 'aria-describedby': string | undefined } {
  const described = [...(problem ? [problemId] : []), ...hintIds].join(' ');
  return {
    'aria-invalid': problem ? 'true' : undefined,
    'aria-describedby': described === '' ? undefined : described,
  };
}
