// Exports of a guide: MP4, PDF, Markdown and HTML files rendered by the export worker.
import { CreateExportBody, ExportPath, GuideExportsPath } from '#shared/exports';
import { Reply, defineHandler } from '../../core/http';
import { Export } from '../../domain/export';
import { requireMember } from '../actor';

// POST /api/guides/{id}/exports — queue an export (202), or answer the finished or running one of the same request (200)
export const createExport = defineHandler({ params: GuideExportsPath, body: CreateExportBody }, async ({ params, body, event }) => {
  const { session, member } = await requireMember(event);
  const created = await Export.create({ orgId: member.orgId, userId: session.userId }, params.id, body);
  return new Reply(created.reused ? 200 : 202, created.export);
});

// GET /api/guides/{id}/exports — a guide's exports, newest first, with progress and download links
export const listExports = defineHandler({ params: GuideExportsPath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  return Export.list(member.orgId, params.id);
});

// GET /api/exports/{id} — one export's state and progress, and its download link once done
export const getExport = defineHandler({ params: ExportPath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  return Export.detail(member.orgId, params.id);
});

// DELETE /api/exports/{id} — remove an export and its file
export const deleteExport = defineHandler({ params: ExportPath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  await Export.remove(member.orgId, params.id);
  return new Reply(204);
});

// POST /api/exports/{id}/retry — render a failed export again (a new export replaces it)
export const retryExport = defineHandler({ params: ExportPath }, async ({ params, event }) => {
  const { session, member } = await requireMember(event);
  return new Reply(202, await Export.retry({ orgId: member.orgId, userId: session.userId }, params.id));
});
