import { z } from 'zod';
import { removeOwnProfileData, updateOwnProfileData } from '../../actions/customProfileData';
import {
  createProfileField,
  customProfileFieldsState,
  removeProfileField,
  reorderProfileFields,
  updateProfileField,
} from '../../actions/customProfileFields';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

const fieldIdSchema = z.number().int();
const fieldDataSchema = z.record(
  z.string(),
  z.union([z.string(), z.record(z.string(), z.string())]),
);

// Zulip strips the label (and only the label) before checking it.
const label = z.string().transform((name) => name.trim());

export const getProfileFields = userEndpoint({
  method: 'GET',
  path: '/realm/profile_fields',
  params: {},
  handle: ({ services }) => ({ custom_fields: customProfileFieldsState(services.sql) }),
});

export const createProfileFieldEndpoint = userEndpoint({
  method: 'POST',
  path: '/realm/profile_fields',
  params: {
    name: optional('text', label, ''),
    hint: optional('text', z.string(), ''),
    field_data: optional('json', fieldDataSchema, {}),
    field_type: required('json', z.number().int()),
    display_in_profile_summary: optional('json', z.boolean(), false),
    required: optional('json', z.boolean(), false),
    editable_by_user: optional('json', z.boolean(), true),
    use_for_user_matching: optional('json', z.boolean(), false),
  },
  handle: ({ services, params, user }) => ({
    id: createProfileField(services, user, {
      name: params.name,
      hint: params.hint,
      fieldType: params.field_type,
      fieldData: params.field_data,
      displayInProfileSummary: params.display_in_profile_summary,
      required: params.required,
      editableByUser: params.editable_by_user,
      useForUserMatching: params.use_for_user_matching,
    }),
  }),
});

// Zulip 9 (feature level 252): every setting may be left out, and then stays.
export const updateProfileFieldEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/realm/profile_fields/:field_id',
  params: {
    field_id: required('json', fieldIdSchema),
    name: optional('text', label),
    hint: optional('text', z.string()),
    field_data: optional('json', fieldDataSchema),
    display_in_profile_summary: optional('json', z.boolean()),
    required: optional('json', z.boolean()),
    editable_by_user: optional('json', z.boolean()),
    use_for_user_matching: optional('json', z.boolean()),
  },
  handle: ({ services, params, user }) => {
    updateProfileField(services, user, params.field_id, {
      name: params.name,
      hint: params.hint,
      fieldData: params.field_data,
      displayInProfileSummary: params.display_in_profile_summary,
      required: params.required,
      editableByUser: params.editable_by_user,
      useForUserMatching: params.use_for_user_matching,
    });
    return {};
  },
});

export const deleteProfileFieldEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/realm/profile_fields/:field_id',
  params: { field_id: required('json', fieldIdSchema) },
  handle: ({ services, params, user }) => {
    removeProfileField(services, user, params.field_id);
    return {};
  },
});

export const reorderProfileFieldsEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/realm/profile_fields',
  params: { order: required('json', z.array(fieldIdSchema)) },
  handle: ({ services, params, user }) => {
    reorderProfileFields(services, user, params.order);
    return {};
  },
});

export const updateProfileDataEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/users/me/profile_data',
  params: {
    data: required(
      'json',
      z.array(
        z.strictObject({
          id: fieldIdSchema,
          value: z.union([z.string(), z.array(z.number().int())]),
        }),
      ),
    ),
  },
  handle: ({ services, params, user }) => {
    updateOwnProfileData(services, user, params.data);
    return {};
  },
});

export const removeProfileDataEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/users/me/profile_data',
  params: { data: required('json', z.array(fieldIdSchema)) },
  handle: ({ services, params, user }) => {
    removeOwnProfileData(services, user, params.data);
    return {};
  },
});
