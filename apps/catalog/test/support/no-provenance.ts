/** sim2l's provenance fields of a simulation registered without any: as stored, and as a response carries them. */
export const NO_PROVENANCE = {
  installation_id: null,
  workflow_type: null,
  workflow_hash: null,
  workflow_bundle: null,
  dependencies: null,
  metadata: null,
  auto_approve: false,
  visibility: null,
  license: null,
};
