// Drift checks of a guide against its live app, their findings, and the guides' health.
import { GuidePath } from '#shared/guides';
import { CheckPath, CheckStepPath, GuideHealthQuery, ScheduleBody } from '#shared/drift';
import { Reply, defineHandler } from '../../core/http';
import * as DriftCheck from '../../domain/drift';
import { requireMember } from '../actor';

// POST /api/guides/{id}/checks — start a check (or answer the one under way): 202 { checkId }
export const startCheck = defineHandler({ params: GuidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  return new Reply(202, await DriftCheck.start(member.orgId, params.id));
});

// GET /api/guides/{id}/checks/latest — the newest check of a guide, or null
export const latestCheck = defineHandler({ params: GuidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  return { check: await DriftCheck.latest(member.orgId, params.id) };
});

// GET /api/guides/{id}/checks/{checkId} — a check's progress and findings
export const getCheck = defineHandler({ params: CheckPath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  return DriftCheck.fromId(member.orgId, params.id, params.checkId);
});

// POST /api/guides/{id}/checks/{checkId}/steps/{slideId}/apply — the slide takes the step's fresh screenshot
export const applyStep = defineHandler({ params: CheckStepPath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  return DriftCheck.applyStep(member.orgId, params.id, params.checkId, params.slideId);
});

// PATCH /api/guides/{id}/check-schedule — check the guide daily, weekly, or only when asked
export const setSchedule = defineHandler({ params: GuidePath, body: ScheduleBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return DriftCheck.schedule(member.orgId, params.id, member.userId, body.schedule);
});

// GET /api/guides/health?ids=a,b — the health badges of some guides
export const guideHealth = defineHandler({ query: GuideHealthQuery }, async ({ query, event }) => {
  const { member } = await requireMember(event);
  return DriftCheck.health(member.orgId, query.ids);
});
