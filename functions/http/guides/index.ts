import { dispatch } from '../../core/dispatch';
import { getEntitlements } from './entitlements';
import { createFolder, deleteFolder, listFolders, renameFolder } from './folders';
import { createGuide, deleteGuide, duplicateGuide, getGuide, listGuides, updateGuide } from './guides';
import { leavePresence, renewPresence } from './presence';
import { redactSlide } from './redaction';
import { discardDraft, listVersions, publishGuide, restoreVersion } from './versions';
import { addSlide, createUpload, deleteSlide, duplicateSlide, restoreSlide, updateSlide } from './slides';
import { changeScreenshot, mergeSlide, splitSlide } from './slide-tools';

export const handler = dispatch('guides', {
  listGuides,
  createGuide,
  getGuide,
  updateGuide,
  deleteGuide,
  duplicateGuide,
  addSlide,
  updateSlide,
  deleteSlide,
  restoreSlide,
  duplicateSlide,
  redactSlide,
  splitSlide,
  mergeSlide,
  changeScreenshot,
  createUpload,
  listFolders,
  createFolder,
  renameFolder,
  deleteFolder,
  getEntitlements,
  publishGuide,
  discardDraft,
  listVersions,
  restoreVersion,
  renewPresence,
  leavePresence,
});
