import { dispatch } from '../../core/dispatch';
import { getEntitlements } from './entitlements';
import { createFolder, deleteFolder, listFolders, renameFolder } from './folders';
import { createGuide, deleteGuide, duplicateGuide, getGuide, listGuides, updateGuide } from './guides';
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
  splitSlide,
  mergeSlide,
  changeScreenshot,
  createUpload,
  listFolders,
  createFolder,
  renameFolder,
  deleteFolder,
  getEntitlements,
});
