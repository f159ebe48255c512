/**
 * One of Zulip's WebhookUrlOption: a URL parameter of an integration that a
 * client's URL generator offers (`url_options` in register, feature level 403).
 */
export interface WebhookUrlOption {
  key: string;
  /** Blank where the client draws a field of its own, as for `branches`. */
  label: string;
  /** The field the client draws for it (named `validator` before feature level 485). */
  input_type: 'text' | 'checkbox';
}

// Zulip's PresetUrlOption values, and the options of single integrations.
export const branchesOption: WebhookUrlOption = { key: 'branches', label: '', input_type: 'text' };

export const ignorePrivateRepositoriesOption: WebhookUrlOption = {
  key: 'ignore_private_repositories',
  label: 'Exclude notifications from private repositories',
  input_type: 'checkbox',
};

/** GitHub's (Zulip 12): a push of commits names the repository it went to. */
export const includeRepositoryNameOption: WebhookUrlOption = {
  key: 'include_repository_name',
  label: 'Include repository name in the notifications',
  input_type: 'checkbox',
};

export const euRegionOption: WebhookUrlOption = {
  key: 'eu_region',
  label: "Use Opsgenie's European service region",
  input_type: 'checkbox',
};
