import { z } from 'zod';
import { FolderDto, GuideDto, GuideListDto, SlideDto, UploadDto } from '#shared/guides';

/**
 * The answers of /api/guides and /api/folders are the shared contract's schemas, under the names
 * this feature reads them by. Their query keys are in lib/query-keys.ts, shared with the features
 * that change a guide (translation, narration, drift).
 */
export const Slide = SlideDto;
export const Guide = GuideDto;
export const GuideList = GuideListDto;
export const Folder = FolderDto;
export const Upload = UploadDto;

/** A 204 answer. */
export const NoContent = z.unknown();

export { folderQueryKeys, guideQueryKeys, type GuideFilters } from '#web/lib/query-keys';
