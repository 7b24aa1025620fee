/**
 * Marks a region holding unsaved work that is not a plain form field (an editor, a wizard, a form
 * whose fields React controls): the update prompt and a kiosk's automatic update wait while it
 * is there, so a reload never discards it. `="false"` counts as absent.
 */
export const UNSAVED_CHANGES_ATTRIBUTE = 'data-unsaved-changes'
