import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { chromium } from 'playwright-core';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { DriftCheckDto } from '#shared/drift';
import type { GuideDto } from '#shared/guides';
import { db } from '../../functions/db/service';
import { OPERATIONS, type Operation } from '../../functions/http/health/operations';
import { ROUTES, routeKey } from '../../functions/routes';
import { localS3Client } from '../../infra/local/emulators';
import { ApiClient, uniqueEmail } from '../support/api-client';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { captureFlow } from '../fixtures/drift-app/flow';
import { startDriftApp } from '../fixtures/drift-app/server';
import { pngImage, postUpload } from '../support/images';
import { linkIn, waitForMail } from '../support/mailbox';
import { useIsolatedStack } from '../support/isolated-stack';

/**
 * The contract test: every route of the routes table is called for real (DynamoDB Local, s3rver,
 * the Stripe double, the mail catcher, the local workers), and its answer is parsed with the very
 * schema the OpenAPI document, the web app and the extension read it by. A route whose answer
 * drifted from its shared schema fails here.
 */
const stack = useIsolatedStack({ env: { SITE_SESSION_KEY: randomBytes(32).toString('base64url') } });
const PASSWORD = 'correct horse battery';
const covered = new Set<string>();

function operation(method: string, template: string): Operation {
  const found = OPERATIONS.find((o) => o.method === method && o.path === template);
  if (!found) throw new Error(`${method} ${template} is not in the operations`);
  return found;
}

/**
 * Calls one route and parses its answer with the operation's response schema. `status` is the
 * success status the operation documents unless another is given (an export reused, a browser's
 * redirect).
 */
async function call<T = unknown>(
  client: ApiClient,
  method: Operation['method'],
  template: string,
  options: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; status?: number; headers?: Record<string, string> } = {},
): Promise<T> {
  const op = operation(method, template);
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(options.params?.[name] ?? ''));
  const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const response = await client.request(method, `${path}${search}`, options.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}), options.headers);
  expect(response.status, `${method} ${template}: ${response.text}`).toBe(options.status ?? op.success[0]);
  covered.add(routeKey(op));
  if (!op.response) return undefined as T;
  const parsed = z.safeParse(op.response, response.json);
  expect(parsed.error?.issues, `${method} ${template} answered ${response.text.slice(0, 500)}`).toBeUndefined();
  return parsed.data as T;
}

const client = () => new ApiClient(stack().url);

/** Signs up through the routes and follows the mailed link (which verifies and signs in). */
async function person(name: string) {
  const c = client();
  const email = uniqueEmail(name.toLowerCase());
  const created = await call<{ user: { id: string } }>(c, 'POST', '/api/auth/sign-up/email', { body: { name, email, password: PASSWORD } });
  const link = new URL(linkIn(await waitForMail(stack().mailApiUrl, email, /Verify your email/), '/api/auth/verify-email'));
  await call(c, 'GET', '/api/auth/verify-email', { query: Object.fromEntries(link.searchParams), headers: { accept: 'application/json' } });
  return { client: c, email, userId: created.user.id };
}

async function invitationIdFor(email: string) {
  return linkIn(await waitForMail(stack().mailApiUrl, email, /invited you/), '/accept-invitation/').split('/accept-invitation/')[1]!;
}

describe('the contract: every route answers in the shape of its shared schema', () => {
  let owner: Awaited<ReturnType<typeof person>>;
  let orgId: string;
  let guide: GuideDto;
  let slideId: string;

  it('platform', async () => {
    const c = client();
    await call(c, 'GET', '/api/health');
    await call(c, 'GET', '/api/health/live');
    await call(c, 'GET', '/api/openapi.json');
  });

  it('accounts and sessions', async () => {
    owner = await person('Olive');
    const c = owner.client;
    await call(c, 'GET', '/api/auth/get-session');
    const other = client();
    await call(other, 'POST', '/api/auth/sign-in/email', { body: { email: owner.email, password: PASSWORD } });
    const sessions = await call<Array<{ token: string; current?: boolean }>>(c, 'GET', '/api/auth/list-sessions');
    const otherToken = sessions.find((s) => !s.current)!.token;
    await call(c, 'POST', '/api/auth/revoke-session', { body: { token: otherToken } });
    await call(c, 'POST', '/api/auth/update-user', { body: { name: 'Olive Owner' } });
    await call(c, 'POST', '/api/auth/change-email', { body: { newEmail: uniqueEmail('olive-new') } });
    await call(c, 'POST', '/api/auth/send-verification-email', { body: { email: owner.email } });
    await call(c, 'POST', '/api/auth/revoke-other-sessions');

    // A second account for what ends sessions or the account itself.
    const leaver = await person('Lee');
    await call(leaver.client, 'POST', '/api/auth/change-password', { body: { currentPassword: PASSWORD, newPassword: 'a brand new one' } });
    const anonymous = client();
    await call(anonymous, 'POST', '/api/auth/request-password-reset', { body: { email: leaver.email } });
    const token = new URL(linkIn(await waitForMail(stack().mailApiUrl, leaver.email, /Reset your/), '/auth')).searchParams.get('token')!;
    await call(anonymous, 'POST', '/api/auth/reset-password', { body: { token, newPassword: PASSWORD } });
    const again = client();
    await call(again, 'POST', '/api/auth/sign-in/email', { body: { email: leaver.email, password: PASSWORD } });
    await call(again, 'POST', '/api/auth/sign-out');
    await call(again, 'POST', '/api/auth/sign-in/email', { body: { email: leaver.email, password: PASSWORD } });
    await call(again, 'POST', '/api/auth/revoke-sessions');
    await call(again, 'POST', '/api/auth/sign-in/email', { body: { email: leaver.email, password: PASSWORD } });
    await call(again, 'POST', '/api/auth/delete-user', { body: { password: PASSWORD } });
  });

  it('organisations, members, invitations and teams', async () => {
    const c = owner.client;
    const slug = `contract-${Math.random().toString(36).slice(2, 8)}`;
    const created = await call<{ id: string }>(c, 'POST', '/api/auth/organization/create', { body: { name: 'Contract Co', slug } });
    orgId = created.id;
    await call(c, 'GET', '/api/auth/organization/list');
    await call(c, 'POST', '/api/auth/organization/update', { body: { organizationId: orgId, data: { name: 'Contract Company' } } });
    await call(c, 'POST', '/api/auth/organization/set-active', { body: { organizationId: orgId } });
    await call(c, 'GET', '/api/auth/organization/get-full-organization');
    await call(c, 'POST', '/api/auth/organization/has-permission', { body: { permissions: { organization: ['update'] } } });
    await call(c, 'GET', '/api/auth/organization/get-active-member');
    await call(c, 'GET', '/api/auth/organization/get-active-member-role');

    const [mia, rita, lou] = await Promise.all([person('Mia'), person('Rita'), person('Lou')]);
    await call(c, 'POST', '/api/auth/organization/invite-member', { body: { email: mia.email, role: 'member', organizationId: orgId } });
    await call(c, 'GET', '/api/auth/organization/list-invitations');
    const miaInvitation = await invitationIdFor(mia.email);
    await call(mia.client, 'GET', '/api/auth/organization/get-invitation', { query: { id: miaInvitation } });
    await call(mia.client, 'GET', '/api/auth/organization/list-user-invitations');
    const accepted = await call<{ member: { id: string } }>(mia.client, 'POST', '/api/auth/organization/accept-invitation', { body: { invitationId: miaInvitation } });

    await call(c, 'POST', '/api/auth/organization/invite-member', { body: { email: rita.email, role: 'member', organizationId: orgId } });
    await call(rita.client, 'POST', '/api/auth/organization/reject-invitation', { body: { invitationId: await invitationIdFor(rita.email) } });
    const canceled = await call<{ id: string }>(c, 'POST', '/api/auth/organization/invite-member', { body: { email: uniqueEmail('nobody'), role: 'member', organizationId: orgId } });
    await call(c, 'POST', '/api/auth/organization/cancel-invitation', { body: { invitationId: canceled.id } });

    await call(c, 'POST', '/api/auth/organization/update-member-role', { body: { memberId: accepted.member.id, role: 'admin' } });
    const team = await call<{ id: string }>(c, 'POST', '/api/auth/organization/create-team', { body: { name: 'Docs' } });
    await call(c, 'POST', '/api/auth/organization/update-team', { body: { teamId: team.id, data: { name: 'Docs team' } } });
    await call(c, 'POST', '/api/auth/organization/add-team-member', { body: { teamId: team.id, userId: mia.userId } });
    await call(c, 'GET', '/api/auth/organization/list-team-members', { query: { teamId: team.id } });
    await call(mia.client, 'GET', '/api/auth/organization/list-user-teams');
    await call(c, 'POST', '/api/auth/organization/remove-team-member', { body: { teamId: team.id, userId: mia.userId } });
    await call(c, 'POST', '/api/auth/organization/remove-team', { body: { teamId: team.id } });
    await call(c, 'POST', '/api/auth/organization/remove-member', { body: { memberIdOrEmail: mia.email } });

    await call(c, 'POST', '/api/auth/organization/invite-member', { body: { email: lou.email, role: 'member', organizationId: orgId } });
    await call(lou.client, 'POST', '/api/auth/organization/accept-invitation', { body: { invitationId: await invitationIdFor(lou.email) } });
    await call(lou.client, 'POST', '/api/auth/organization/leave', { body: { organizationId: orgId } });

    const doomed = await call<{ id: string }>(c, 'POST', '/api/auth/organization/create', { body: { name: 'Short Lived', slug: `${slug}-gone` } });
    await call(c, 'POST', '/api/auth/organization/delete', { body: { organizationId: doomed.id } });
    await call(c, 'POST', '/api/auth/organization/set-active', { body: { organizationId: orgId } });
  });

  it('guides, slides, uploads and folders', async () => {
    const c = owner.client;
    // Pro belongs to an organisation any of whose owners subscribed.
    await db().entities.subscription.put({ userId: owner.userId, stripeCustomerId: `cus_${owner.userId}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
    await call(c, 'GET', '/api/entitlements');
    await call(c, 'GET', '/api/brand');
    const logo = await pngImage(120, 40);
    const logoUpload = await call<{ url: string; fields: Record<string, string>; key: string }>(c, 'POST', '/api/brand/logo-uploads', { body: { contentType: 'image/png', contentLength: logo.length } });
    expect(await postUpload(logoUpload, logo, 'image/png')).toBeLessThan(300);
    await call(c, 'PUT', '/api/brand', { body: { logoKey: logoUpload.key, primaryColor: '#0f766e', accentColor: '#b91c1c', font: 'serif', showBadge: false } });
    const folder = await call<{ id: string }>(c, 'POST', '/api/folders', { body: { name: 'Onboarding' } });
    await call(c, 'GET', '/api/folders');
    await call(c, 'PATCH', '/api/folders/{id}', { params: { id: folder.id }, body: { name: 'Onboarding flows' } });
    guide = await call<GuideDto>(c, 'POST', '/api/guides', { body: { title: 'Invite a teammate', folderId: folder.id } });
    const image = await pngImage(320, 200);
    for (const narration of ['Open the team page.', 'Click Invite.']) {
      const upload = await call<{ url: string; fields: Record<string, string>; key: string }>(c, 'POST', '/api/guides/{id}/uploads', {
        params: { id: guide.id },
        body: { contentType: 'image/png', contentLength: image.length },
      });
      await postUpload(upload, image, 'image/png');
      const slide = await call<{ id: string }>(c, 'POST', '/api/guides/{id}/slides', {
        params: { id: guide.id },
        body: {
          screenshotKey: upload.key,
          text: 'Click **Next**',
          narration,
          click: { x: 40, y: 60 },
          // Captured in an app: Guide me can walk it (GET /api/share/{id}/guide-me answers 200).
          capture: { action: 'click', element: { tag: 'button', role: 'button', name: 'Next' }, page: { title: 'Team', url: 'https://app.example.com/team', viewportWidth: 1280 } },
        },
      });
      slideId = slide.id;
    }
    await call(c, 'PATCH', '/api/guides/{id}/slides/{slideId}', { params: { id: guide.id, slideId }, body: { zoomLevel: 2 } });
    await call(c, 'GET', '/api/guides');
    await call(c, 'GET', '/api/guides/{id}', { params: { id: guide.id } });
    await call(c, 'POST', '/api/guides/{id}/presence', { params: { id: guide.id }, body: { clientId: 'contract-tab-1', slideId } });
    await call(c, 'DELETE', '/api/guides/{id}/presence/{clientId}', { params: { id: guide.id, clientId: 'contract-tab-1' } });
    guide = await call<GuideDto>(c, 'PATCH', '/api/guides/{id}', { params: { id: guide.id }, body: { status: 'published' } });
    // Drafts and versions: publishing took version 1; an edit, version 2, then the draft back and forth.
    await call(c, 'PATCH', '/api/guides/{id}/slides/{slideId}', { params: { id: guide.id, slideId }, body: { text: 'Click **Invite**' } });
    await call(c, 'POST', '/api/guides/{id}/publish', { params: { id: guide.id } });
    await call(c, 'GET', '/api/guides/{id}/versions', { params: { id: guide.id } });
    await call(c, 'POST', '/api/guides/{id}/versions/{version}/restore', { params: { id: guide.id, version: '1' } });
    guide = await call<GuideDto>(c, 'POST', '/api/guides/{id}/discard-draft', { params: { id: guide.id } });
    const copy = await call<{ id: string }>(c, 'POST', '/api/guides/{id}/duplicate', { params: { id: guide.id } });
    const copied = await call<GuideDto>(c, 'GET', '/api/guides/{id}', { params: { id: copy.id } });
    await call(c, 'POST', '/api/guides/{id}/slides/{slideId}/duplicate', { params: { id: copy.id, slideId: copied.slides[1]!.id } });
    await call(c, 'DELETE', '/api/guides/{id}/slides/{slideId}', { params: { id: copy.id, slideId: copied.slides[0]!.id } });
    await call(c, 'POST', '/api/guides/{id}/slides/{slideId}/restore', { params: { id: copy.id, slideId: copied.slides[0]!.id }, body: { afterSlideId: null } });
    await call(c, 'POST', '/api/guides/{id}/slides/{slideId}/redact', { params: { id: copy.id, slideId: copied.slides[0]!.id }, body: { boxes: [{ x: 10, y: 10, width: 40, height: 20, style: 'pixelate' }] } });
    const first = copied.slides[0]!.id;
    await call(c, 'POST', '/api/guides/{id}/slides/{slideId}/split', { params: { id: copy.id, slideId: first }, body: { at: 8 } });
    await call(c, 'POST', '/api/guides/{id}/slides/{slideId}/merge', { params: { id: copy.id, slideId: first } });
    await call(c, 'POST', '/api/guides/{id}/slides/{slideId}/screenshot', { params: { id: copy.id, slideId: first }, body: { kind: 'crop', rect: { x: 0, y: 0, width: 100, height: 100 } } });
    await call(c, 'PATCH', '/api/guides/{id}', { params: { id: copy.id }, body: { introCard: { title: 'Invite' }, outroCard: { title: 'Done', cta: { label: 'Go', url: 'https://app.example/' } } } });
    await call(c, 'DELETE', '/api/guides/{id}', { params: { id: copy.id } });
    await call(c, 'DELETE', '/api/folders/{id}', { params: { id: folder.id } });
  });

  it('narration: voices, transcript, voiceover and its job', async () => {
    const c = owner.client;
    const voices = await call<{ defaultVoiceId: string }>(c, 'GET', '/api/voices');
    await call(client(), 'GET', '/api/voices/{voiceId}/sample', { params: { voiceId: voices.defaultVoiceId } });
    await call(c, 'POST', '/api/guides/{id}/transcript', { params: { id: guide.id }, body: { overwriteEdited: false } });
    const started = await call<{ jobId: string }>(c, 'POST', '/api/guides/{id}/voiceover', { params: { id: guide.id } });
    await stack().server.workers.idle();
    await call(c, 'GET', '/api/jobs/{id}', { params: { id: started.jobId } });

    await call(c, 'POST', '/api/guides/{id}/translations', { params: { id: guide.id }, body: { language: 'es' } });
    await stack().server.workers.idle();
    await call(c, 'GET', '/api/guides/{id}/translations', { params: { id: guide.id } });
    await call(c, 'GET', '/api/guides/{id}/translations/{language}', { params: { id: guide.id, language: 'es' } });
    await call(c, 'PATCH', '/api/guides/{id}/translations/{language}/slides/{slideId}', { params: { id: guide.id, language: 'es', slideId }, body: { text: 'Haz clic en **Siguiente**' } });
    await call(c, 'PATCH', '/api/guides/{id}/translations/{language}', { params: { id: guide.id, language: 'es' }, body: { texts: { title: 'Una guía' } } });
    await call(client(), 'GET', '/api/share/{id}', { params: { id: guide.id }, query: { lang: 'es' } });
    await call(c, 'DELETE', '/api/guides/{id}/translations/{language}', { params: { id: guide.id, language: 'es' } });
  }, 60_000);

  it('exports', async () => {
    const c = owner.client;
    const done = await call<{ id: string }>(c, 'POST', '/api/guides/{id}/exports', { params: { id: guide.id }, body: { format: 'markdown' } });
    await stack().server.workers.idle();
    await call(c, 'GET', '/api/exports/{id}', { params: { id: done.id } });
    await call(c, 'GET', '/api/guides/{id}/exports', { params: { id: guide.id } });
    await call(c, 'DELETE', '/api/exports/{id}', { params: { id: done.id } });

    // A failed export (its screenshot went missing) is the one kind that can be retried.
    const broken = await call<GuideDto>(c, 'POST', '/api/guides/{id}/duplicate', { params: { id: guide.id } });
    await localS3Client(stack().s3Endpoint).send(new DeleteObjectCommand({ Bucket: stack().bucketName, Key: broken.slides[0]!.screenshotKey! }));
    const failed = await call<{ id: string }>(c, 'POST', '/api/guides/{id}/exports', { params: { id: broken.id }, body: { format: 'pdf' } });
    await stack().server.workers.idle();
    await call(c, 'POST', '/api/exports/{id}/retry', { params: { id: failed.id } });
    await stack().server.workers.idle();
  }, 120_000);

  it('sharing, viewer events and analytics', async () => {
    const viewer = client();
    await call(viewer, 'GET', '/api/share/{id}', { params: { id: guide.id } });
    await call(viewer, 'GET', '/api/share/{id}/guide-me', { params: { id: guide.id } });
    await call(viewer, 'POST', '/api/events', {
      body: { guideId: guide.id, viewerId: 'contract-viewer-0001', load: 1, embed: false, referrer: '', events: [{ type: 'view' }, { type: 'step', step: 1 }] },
    });
    const today = new Date().toISOString().slice(0, 10);
    const c = owner.client;
    await call(c, 'GET', '/api/guides/{id}/analytics', { params: { id: guide.id }, query: { from: today, to: today } });
    await call(c, 'GET', '/api/analytics', { query: { from: today, to: today } });
    await call(c, 'GET', '/api/analytics/guides', { query: { ids: guide.id } });
  });

  it('drift checks against a live app, schedules and saved sign-ins', async () => {
    const c = owner.client;
    const app = await startDriftApp();
    process.env.DRIFT_ALLOWED_HOSTS = new URL(app.origin).host;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const captured = await call<GuideDto>(c, 'POST', '/api/guides', { body: { title: 'Add a contact' } });
      for (const step of await captureFlow(browser, app.origin)) {
        const upload = await call<{ url: string; fields: Record<string, string>; key: string }>(c, 'POST', '/api/guides/{id}/uploads', {
          params: { id: captured.id },
          body: { contentType: 'image/png', contentLength: step.png.length },
        });
        await postUpload(upload, step.png, 'image/png');
        const { text, narration, click, capture } = step;
        await call(c, 'POST', '/api/guides/{id}/slides', { params: { id: captured.id }, body: { screenshotKey: upload.key, text, narration, click, capture } });
      }
      const { checkId } = await call<{ checkId: string }>(c, 'POST', '/api/guides/{id}/checks', { params: { id: captured.id } });
      await stack().server.workers.idle();
      const result = await call<DriftCheckDto>(c, 'GET', '/api/guides/{id}/checks/{checkId}', { params: { id: captured.id, checkId } });
      expect(result.state).toBe('done');
      await call(c, 'GET', '/api/guides/{id}/checks/latest', { params: { id: captured.id } });
      await call(c, 'POST', '/api/guides/{id}/checks/{checkId}/steps/{slideId}/apply', { params: { id: captured.id, checkId, slideId: result.steps[0]!.slideId } });
      await call(c, 'PATCH', '/api/guides/{id}/check-schedule', { params: { id: captured.id }, body: { schedule: 'weekly' } });
      await call(c, 'GET', '/api/guides/health', { query: { ids: captured.id } });
      const saved = await call<{ id: string }>(c, 'POST', '/api/site-sessions', {
        body: { origin: app.origin, cookies: [{ name: 'sid', value: 'contract', domain: new URL(app.origin).hostname }] },
      });
      await call(c, 'GET', '/api/site-sessions');
      await call(c, 'DELETE', '/api/site-sessions/{id}', { params: { id: saved.id } });
    } finally {
      await browser.close();
      await app.close();
    }
  }, 180_000);

  it('billing through the Stripe double, and its webhook', async () => {
    const buyer = await person('Bea');
    const checkout = await call<{ url: string }>(buyer.client, 'POST', '/api/stripe/subscription/checkout-session');
    const completed = await fetch(`${checkout.url}/complete`, { method: 'POST', redirect: 'manual' });
    await stack().stripe.flush();
    const sessionId = new URL(completed.headers.get('location')!).searchParams.get('stripe_session_id')!;
    await call(buyer.client, 'GET', '/api/stripe/subscription/confirm', { query: { sessionId } });
    await call(buyer.client, 'GET', '/api/stripe/subscription/details');
    await call(buyer.client, 'POST', '/api/stripe/billing-portal');

    const payload = JSON.stringify({ id: `evt_contract_${Date.now()}`, object: 'event', type: 'customer.updated', data: { object: { id: 'cus_contract', object: 'customer' } } });
    const header = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret: stack().stripeWebhookSecret });
    const hook = await fetch(`${stack().url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    expect(hook.status).toBe(200);
    expect(z.safeParse(operation('POST', '/api/stripe/webhook').response!, await hook.json()).success).toBe(true);
    covered.add('POST /api/stripe/webhook');
  });

  it('answers every value that breaks its rules with 422 validation_failed, in path, query and body alike', async () => {
    // For each route, a value its own schema rejects: the first candidate the schema refuses.
    const firstRejected = (schema: z.ZodType | undefined, candidates: unknown[]) => candidates.find((value) => schema && !z.safeParse(schema, value).success);
    const badParam = (op: Operation) => (op.params ? Object.fromEntries(Object.keys(op.params.shape).map((name) => [name, 'x!'])) : undefined);
    const cases: Array<{ name: string; method: Operation['method']; path: string; body?: unknown; client: ApiClient }> = [];
    const fill = (template: string, params: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    const validParams = { id: guide.id, slideId, version: '1', language: 'es', voiceId: 'slt', checkId: 'x', teamId: 'x' };
    for (const op of OPERATIONS) {
      if (op.path === '/api/stripe/webhook') continue; // a signature, not a schema, decides there
      const params = badParam(op);
      if (params && !z.safeParse(op.params!, params).success) cases.push({ name: `${op.method} ${op.path} (path)`, method: op.method, path: fill(op.path, params), client: owner.client });
      const query = firstRejected(op.query, [{}, Object.fromEntries(Object.keys(op.query?.shape ?? {}).map((k) => [k, '\u0000']))]) as Record<string, string> | undefined;
      if (query) cases.push({ name: `${op.method} ${op.path} (query)`, method: op.method, path: `${fill(op.path, validParams)}?${new URLSearchParams(query).toString()}`, client: owner.client });
      const body = firstRejected(op.body, [42, [], {}, { unexpected: true }]);
      if (body !== undefined) cases.push({ name: `${op.method} ${op.path} (body)`, method: op.method, path: fill(op.path, validParams), body, client: owner.client });
    }
    // The same kind of mistake found past the schema, by the domain: it answers alike.
    cases.push(
      { name: 'an export format there is none of', method: 'POST', path: `/api/guides/${guide.id}/exports`, body: { format: 'gif' }, client: owner.client },
      { name: 'a voice there is none of', method: 'POST', path: `/api/guides/${guide.id}/voiceover`, body: { voiceId: 'no-such-voice' }, client: owner.client },
      { name: 'a list cursor that is not one', method: 'GET', path: '/api/guides?cursor=not-a-cursor', client: owner.client },
      { name: 'a redaction box outside the screenshot', method: 'POST', path: `/api/guides/${guide.id}/slides/${slideId}/redact`, body: { boxes: [{ x: 5000, y: 5000, width: 10, height: 10, style: 'solid' }] }, client: owner.client },
    );
    expect(cases.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const c of cases) {
      const answer = await c.client.request(c.method, c.path, c.body ?? (c.method === 'GET' || c.method === 'DELETE' ? undefined : {}));
      const error = (answer.json as { error?: { code?: string; details?: unknown } } | undefined)?.error;
      if (answer.status !== 422 || error?.code !== 'validation_failed') wrong.push(`${c.name}: ${answer.status} ${answer.text.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('covered every route of the routes table', () => {
    const routes = ROUTES.filter((r) => r.method !== 'ANY').map(routeKey);
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
    expect(covered.size).toBe(routes.length);
  });
});
