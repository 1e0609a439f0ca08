/** The ad naming convention's texts (issue 17 "Beyond the seeds"): the form, its checks and misfits. */
export const namingConventionMessages = {
  title: 'Ad naming convention',
  delimiterLength: 'The delimiter is 1 to 3 characters',
  tooManyFields: 'At most 12 fields',
  duplicatePosition: 'Each position holds one field',
  duplicateField: 'Each field appears once',
  labelRequired: 'A custom field needs a label',
  /** Misfits: why an ad name does not follow the convention. */
  tooFewParts: 'Only {count} of the {expected} parts',
  tooManyParts: '{count} parts where the convention has {expected}',
  emptyPart: 'Nothing at position {position} ({field})',
  /** A naming filter or group naming no field of a convention. */
  unknownField: 'Unknown naming field: use format, hookType, creator, aspect, version or custom:{label}',
  saved: 'Naming convention saved',
  readOnly: 'Only admins can change the naming convention',
  noSample: 'No ads yet: the preview fills in once ads are synced or imported',
} as const;
