/**
 * The texts of the lazily loaded widgets (drop zone, camera, signature pad, combobox): the
 * forms' catalogue for what only these widgets show, kept apart from messages.ts so that a
 * form without such fields does not load them (decision 0038).
 */
export const widgetMessages = {
  fileDrop: 'Drop files here, or choose them below',
  fileDropActive: 'Drop to add the files',
  fileRemove: 'Remove {name}',
  cameraStart: 'Use the camera',
  cameraTake: 'Take photo',
  cameraRetake: 'Retake',
  cameraPreview: 'Camera preview',
  cameraPhoto: 'The photo you took',
  cameraUnavailable: 'The camera is not available here; choose a photo instead.',
  signaturePad: 'Signature: draw with a mouse, pen or finger',
  signatureDrawn: 'Signed by drawing.',
  comboboxChosen: 'Chosen',
  comboboxRemove: 'Remove {name}',
  comboboxSearch: 'Type to search',
  comboboxNoMatches: 'No matches',
} as const;
