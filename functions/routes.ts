import type { WorkerName } from '#shared/workers';

/**
 * The one table of API routes. The local adapter mounts it at /api and the CDK api stack
 * turns it into HTTP API routes; nothing else lists routes. Data only: no handler imports,
 * so infra can read it without bundling function code.
 */

/** What a function may touch; the CDK api stack grants exactly this and nothing more. */
export interface FunctionAccess {
  table?: 'read' | 'readwrite';
  /**
   * With `table: 'readwrite'`, the only items it may write: partition keys matching these
   * patterns (IAM's `dynamodb:LeadingKeys`, `*` a wildcard), by UpdateItem alone (no put, delete
   * or batch write). For a public function whose writes are counters. @default any item, any write
   */
  tableWriteKeys?: readonly string[];
  bucket?: 'read' | 'readwrite';
  /** sends mail (SES in AWS, SMTP locally) */
  mail?: boolean;
  /** lists the bucket (HeadBucket, ListObjects) */
  bucketList?: boolean;
  /** reads the session-signing secret (it verifies session cookies) */
  secrets?: boolean;
  /** calls Stripe with the Stripe secret (and verifies webhook signatures) */
  stripe?: boolean;
  /** the worker queues it sends messages to (functions/domain/platform/queue.ts): SendMessage, and each queue's URL in its environment */
  queues?: readonly WorkerName[];
  /** Amazon Polly: DescribeVoices and SynthesizeSpeech only */
  polly?: boolean;
  /** Amazon Bedrock: the Converse API on the configured model only */
  bedrock?: boolean;
  /** Amazon Translate: TranslateText only (TRANSLATION_PROVIDER=amazon-translate in its environment) */
  translate?: boolean;
  /**
   * the KMS key of saved sign-ins (functions/domain/drift/seal.ts): `seal` makes data keys
   * (GenerateDataKey), `open` unwraps them (Decrypt); its id in SITE_SESSION_KMS_KEY_ID
   */
  siteSessionKey?: 'seal' | 'open';
  /**
   * changes what a share link shows (publish, visibility, redaction, the organisation's name):
   * SendMessage on the CloudFront invalidation queue, its URL in CDN_INVALIDATION_QUEUE_URL
   * (functions/domain/platform/share-cache.ts)
   */
  clearsShares?: boolean;
}

export interface FunctionSpec {
  /** entry module, relative to the repository root; exports `handler` */
  entry: string;
  access: FunctionAccess;
  /** @default 10 seconds; API Gateway stops waiting at 29 s */
  timeoutSeconds?: number;
  /** @default 512 */
  memoryMb?: number;
  /**
   * Native addons and binaries the function uses (`ffmpeg`: the static binary; `fonts`: the font
   * files renderers draw text with); the CDK ships their linux-x64 packages with it and runs it on
   * x86_64 (infra/cdk/native-modules.ts). A bundle importing an undeclared one fails synth.
   * @default none
   */
  nativeModules?: readonly ('argon2' | 'sharp' | 'ffmpeg' | 'fonts' | 'emojiFont' | 'chromium' | 'playwright')[];
}

export const FUNCTIONS = {
  health: {
    entry: 'functions/http/health/index.ts',
    access: { table: 'read', bucket: 'read', bucketList: true },
    timeoutSeconds: 5,
  },
  auth: {
    entry: 'functions/http/auth/index.ts',
    // delete-user removes the organisations it alone belongs to, assets included
    access: { clearsShares: true, table: 'readwrite', bucket: 'readwrite', mail: true, secrets: true },
    memoryMb: 1024,
    nativeModules: ['argon2'],
  },
  guides: {
    entry: 'functions/http/guides/index.ts',
    // deleting a guide removes its screenshots; uploads are verified by reading them back
    access: { clearsShares: true, table: 'readwrite', bucket: 'readwrite', bucketList: true, secrets: true },
    memoryMb: 1024,
    // uploads are checked and social previews made with sharp
    nativeModules: ['sharp'],
  },
  billing: {
    entry: 'functions/http/billing/index.ts',
    access: { table: 'readwrite', secrets: true, stripe: true },
    // two Stripe calls of at most 8 s each (one retry) fit well inside API Gateway's 29 s
    timeoutSeconds: 20,
  },
  stripeWebhook: {
    entry: 'functions/http/billing/webhook.ts',
    access: { table: 'readwrite', mail: true, stripe: true },
    timeoutSeconds: 20,
  },
  share: {
    entry: 'functions/http/share/index.ts',
    // reads only: the guide, its organisation's name, and the viewer's membership for private
    // guides, whose asset URLs it presigns (a presigned GET works only with the signer's read access)
    access: { table: 'read', bucket: 'read', secrets: true },
    timeoutSeconds: 5,
  },
  organization: {
    entry: 'functions/http/organization/index.ts',
    access: { clearsShares: true, table: 'readwrite', bucket: 'readwrite', bucketList: true, mail: true, secrets: true },
  },
  brand: {
    entry: 'functions/http/brand/index.ts',
    // the brand is kept on the organisation; a logo is checked by reading it back and kept in the
    // bucket; a change clears the organisation's share answers from CloudFront
    access: { clearsShares: true, table: 'readwrite', bucket: 'readwrite', secrets: true },
    // logos are checked with sharp (their header's size, and that they decode)
    nativeModules: ['sharp'],
  },
  exports: {
    entry: 'functions/http/exports/index.ts',
    // signs download links (reads), deletes export files (writes), queues the export worker
    access: { table: 'readwrite', bucket: 'readwrite', bucketList: true, secrets: true, queues: ['export'] },
  },
  events: {
    entry: 'functions/http/events/index.ts',
    // public and hot: counters and rate limits in the table; the session key verifies a viewer's
    // cookie (an organisation's members are not counted) and keys the source-address limit
    access: {
      table: 'readwrite',
      // what events write, and nothing else: the rollups (analytics-store.ts), their rate limits
      // (analytics-limits.ts) and a remembered session's new expiry (session.ts, Session.verify)
      tableWriteKeys: ['$analytics#*', '$ratelimit#events#*', '$stepcast#sessionId_*'],
      secrets: true,
    },
    timeoutSeconds: 5,
  },
  analytics: {
    entry: 'functions/http/analytics/index.ts',
    // reads rollups, the guides they count, membership and the organisation's plan; writes only
    // when the session check extends a remembered session (Session.verify)
    access: { table: 'readwrite', secrets: true },
    timeoutSeconds: 10,
  },
  narration: {
    entry: 'functions/http/narration/index.ts',
    // voices and their samples (Polly), the voiceover job (its queue), the transcript (Bedrock,
    // reading screenshots of uncaptured slides); the bucket list makes a missing sample a 404
    access: { table: 'readwrite', bucket: 'readwrite', bucketList: true, secrets: true, queues: ['voiceover', 'translation'], polly: true, bedrock: true },
    // a sample's first synthesis, or Bedrock's answer (its own timeout is 12 s, then the local provider)
    timeoutSeconds: 25,
    memoryMb: 1024,
  },
  drift: {
    entry: 'functions/http/drift/index.ts',
    // starts checks (their queue), reads findings and presigns their fresh screenshots, applies
    // one to its slide (the guide's thumbnail and social preview follow, made with sharp)
    access: { table: 'readwrite', bucket: 'readwrite', bucketList: true, secrets: true, queues: ['drift'], siteSessionKey: 'seal' },
    memoryMb: 1024,
    nativeModules: ['sharp'],
  },
} as const satisfies Record<string, FunctionSpec>;

export type FunctionName = keyof typeof FUNCTIONS;
export type { WorkerName } from '#shared/workers';

/** @default deliveries of a worker message before it goes to the dead-letter queue */
export const DEFAULT_MAX_RECEIVE_COUNT = 3;

export interface WorkerSpec extends FunctionSpec {
  /**
   * how long one message may take; a worker is not behind API Gateway, so up to Lambda's 900 s
   * (the queue's visibility timeout is six times this, as AWS advises for SQS event sources)
   * @default 10 seconds, as for any function
   */
  timeoutSeconds?: number;
  /**
   * the worker's /tmp in MB (Lambda's ephemeral storage, 512-10240), e.g. for video frames
   * @default 512
   */
  ephemeralStorageMb?: number;
  /**
   * deliveries of one message before it goes to the dead-letter queue (SQS maxReceiveCount; the
   * local queue retries as many times)
   * @default DEFAULT_MAX_RECEIVE_COUNT
   */
  maxReceiveCount?: number;
  /**
   * how many messages run at once at most (the SQS event source's maximum concurrency, 2-1000):
   * a burst of jobs waits in the queue instead of taking the account's Lambda concurrency from
   * the API. Sized in infra/cdk/README.md (Limits). @default DEFAULT_WORKER_MAX_CONCURRENCY
   */
  maxConcurrency?: number;
}

/** @default most messages of one worker running at once (SQS allows no fewer than 2) */
export const DEFAULT_WORKER_MAX_CONCURRENCY = 2;

/**
 * Queue-fed workers (functions/domain/platform/queue.ts): an SQS queue with a dead-letter queue and a Lambda
 * in AWS, the same module called in process by the local server. Entries are added by the features
 * that need long work; each entry's module exports `handler(event: SQSEvent)` and answers
 * `{ batchItemFailures }` for the messages to retry.
 */
export const WORKERS: Record<WorkerName, WorkerSpec> = {
  voiceover: {
    entry: 'functions/workers/voiceover.ts',
    // reads the guide, writes each slide's audio (Polly) and the job's progress; bucketList makes a missing audio file a 404
    // its own queue: the end of a job sends the next of its organisation's line (functions/domain/platform/work-line.ts)
    access: { table: 'readwrite', bucket: 'readwrite', bucketList: true, polly: true, queues: ['voiceover'] },
    // a long guide: two Polly calls per stale slide, about a second each
    timeoutSeconds: 300,
    memoryMb: 1024,
    // Polly allows 8 SynthesizeSpeech calls per second for neural voices; each run makes about two a second
    maxConcurrency: 4,
  },
  export: {
    entry: 'functions/workers/export.ts',
    // its own queue: the end of a job sends the next of its organisation's line (functions/domain/platform/work-line.ts);
    // Polly voices a narrated video's intro and outro cards in the slides' voice (export/card-voice.ts)
    access: { table: 'readwrite', bucket: 'readwrite', bucketList: true, polly: true, queues: ['export'] },
    // A 100-slide narrated guide (about 10 minutes of 1080p video) renders well inside Lambda's
    // 15 minutes at this size; the README (infra) has the figures and where longer guides go.
    timeoutSeconds: 900,
    // Lambda's CPU grows with memory (1,769 MB a vCPU) and the renderer encodes one video segment
    // per core: a 10-slide narrated 1080p guide (50.5 s of video) is ~31 CPU seconds spread over
    // 13 lanes of work with nothing serial but a 0.15 s join (npm run bench -- exports, 1 lane vs 2).
    // 0.25× real time needs ~2.5 vCPUs busy; 4 vCPUs (7,076 MB) give about 0.19× with the lanes'
    // uneven ends, for ~15% more GB-seconds a render than 4 GB (infra/cdk/README.md).
    memoryMb: 7076,
    // the slides' screenshots and voiceovers, the video segments and the finished file
    ephemeralStorageMb: 4096,
    // A render that fails fails again; one more delivery covers a worker that died or a dependency blip.
    maxReceiveCount: 2,
    // 7 GB for up to 15 minutes each: the costliest worker, so the fewest at once
    maxConcurrency: 3,
    // screenshots are composed with sharp; the video is encoded by ffmpeg's static binary
    nativeModules: ['sharp', 'ffmpeg', 'fonts', 'emojiFont'],
  },
  translation: {
    entry: 'functions/workers/translation.ts',
    // reads the guide, translates its words (Translate), voices them in the language (Polly) and
    // writes the translation item's words, audio and progress
    // and its own queue: the end of a job sends the next of its organisation's line
    access: { table: 'readwrite', bucket: 'readwrite', bucketList: true, polly: true, translate: true, queues: ['translation'] },
    // one Translate call per text and two Polly calls per narrated slide
    timeoutSeconds: 300,
    memoryMb: 1024,
    maxConcurrency: 2,
  },
  drift: {
    entry: 'functions/workers/drift.ts',
    // replays a guide in headless Chromium (the one it ships: functions/domain/drift/browser.ts),
    // reads the slides' screenshots, writes the fresh ones and the findings, opens saved sign-ins
    // and its own queue: the sweep starts due checks, and the end of one sends the next of its organisation's line
    access: { table: 'readwrite', bucket: 'readwrite', bucketList: true, siteSessionKey: 'open', queues: ['drift'] },
    // a step waits at most 8 s for its element and 16 s for its page
    timeoutSeconds: 600,
    memoryMb: 2048,
    // Chromium unpacks to /tmp (about 300 MB) beside the screenshots of the check
    ephemeralStorageMb: 1024,
    maxReceiveCount: 2,
    // a browser each (2 GB); the scheduled sweep may queue many checks at once
    maxConcurrency: 2,
    // screenshots are compared with sharp and pixelmatch
    nativeModules: ['sharp', 'chromium', 'playwright'],
  },
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';

export interface RouteSpec {
  method: HttpMethod;
  /** API Gateway syntax: `{name}` for a parameter, `{proxy+}` for the rest of the path */
  path: string;
  fn: FunctionName;
  /** the key of the handler in the function's dispatch table */
  handler: string;
}

export const ROUTES = [
  { method: 'GET', path: '/api/health', fn: 'health', handler: 'health' },
  { method: 'GET', path: '/api/health/live', fn: 'health', handler: 'live' },
  { method: 'GET', path: '/api/openapi.json', fn: 'health', handler: 'openapi' },

  { method: 'POST', path: '/api/auth/sign-up/email', fn: 'auth', handler: 'signUpEmail' },
  { method: 'POST', path: '/api/auth/sign-in/email', fn: 'auth', handler: 'signInEmail' },
  { method: 'GET', path: '/api/auth/get-session', fn: 'auth', handler: 'getSession' },
  { method: 'POST', path: '/api/auth/sign-out', fn: 'auth', handler: 'signOut' },
  { method: 'GET', path: '/api/auth/list-sessions', fn: 'auth', handler: 'listSessions' },
  { method: 'POST', path: '/api/auth/revoke-session', fn: 'auth', handler: 'revokeSession' },
  { method: 'POST', path: '/api/auth/revoke-sessions', fn: 'auth', handler: 'revokeSessions' },
  { method: 'POST', path: '/api/auth/revoke-other-sessions', fn: 'auth', handler: 'revokeOtherSessions' },
  { method: 'POST', path: '/api/auth/update-user', fn: 'auth', handler: 'updateUser' },
  { method: 'POST', path: '/api/auth/change-email', fn: 'auth', handler: 'changeEmail' },
  { method: 'POST', path: '/api/auth/change-password', fn: 'auth', handler: 'changePassword' },
  { method: 'POST', path: '/api/auth/delete-user', fn: 'auth', handler: 'deleteUser' },
  { method: 'POST', path: '/api/auth/send-verification-email', fn: 'auth', handler: 'sendVerificationEmail' },
  { method: 'GET', path: '/api/auth/verify-email', fn: 'auth', handler: 'verifyEmail' },
  { method: 'POST', path: '/api/auth/request-password-reset', fn: 'auth', handler: 'requestPasswordReset' },
  { method: 'POST', path: '/api/auth/reset-password', fn: 'auth', handler: 'resetPassword' },

  { method: 'GET', path: '/api/auth/organization/list', fn: 'organization', handler: 'list' },
  { method: 'POST', path: '/api/auth/organization/create', fn: 'organization', handler: 'create' },
  { method: 'POST', path: '/api/auth/organization/update', fn: 'organization', handler: 'update' },
  { method: 'POST', path: '/api/auth/organization/delete', fn: 'organization', handler: 'remove' },
  { method: 'POST', path: '/api/auth/organization/set-active', fn: 'organization', handler: 'setActive' },
  { method: 'GET', path: '/api/auth/organization/get-full-organization', fn: 'organization', handler: 'getFullOrganization' },
  { method: 'POST', path: '/api/auth/organization/has-permission', fn: 'organization', handler: 'checkPermission' },
  { method: 'POST', path: '/api/auth/organization/leave', fn: 'organization', handler: 'leave' },
  { method: 'GET', path: '/api/auth/organization/get-active-member', fn: 'organization', handler: 'getActiveMember' },
  { method: 'GET', path: '/api/auth/organization/get-active-member-role', fn: 'organization', handler: 'getActiveMemberRole' },
  { method: 'POST', path: '/api/auth/organization/update-member-role', fn: 'organization', handler: 'updateMemberRole' },
  { method: 'POST', path: '/api/auth/organization/remove-member', fn: 'organization', handler: 'removeMember' },
  { method: 'POST', path: '/api/auth/organization/invite-member', fn: 'organization', handler: 'inviteMember' },
  { method: 'POST', path: '/api/auth/organization/accept-invitation', fn: 'organization', handler: 'acceptInvitation' },
  { method: 'POST', path: '/api/auth/organization/reject-invitation', fn: 'organization', handler: 'rejectInvitation' },
  { method: 'POST', path: '/api/auth/organization/cancel-invitation', fn: 'organization', handler: 'cancelInvitation' },
  { method: 'GET', path: '/api/auth/organization/list-invitations', fn: 'organization', handler: 'listInvitations' },
  { method: 'GET', path: '/api/auth/organization/get-invitation', fn: 'organization', handler: 'getInvitation' },
  { method: 'GET', path: '/api/auth/organization/list-user-invitations', fn: 'organization', handler: 'listUserInvitations' },
  { method: 'POST', path: '/api/auth/organization/create-team', fn: 'organization', handler: 'createTeam' },
  { method: 'POST', path: '/api/auth/organization/update-team', fn: 'organization', handler: 'updateTeam' },
  { method: 'POST', path: '/api/auth/organization/remove-team', fn: 'organization', handler: 'removeTeam' },
  { method: 'POST', path: '/api/auth/organization/add-team-member', fn: 'organization', handler: 'addTeamMember' },
  { method: 'POST', path: '/api/auth/organization/remove-team-member', fn: 'organization', handler: 'removeTeamMember' },
  { method: 'GET', path: '/api/auth/organization/list-user-teams', fn: 'organization', handler: 'listUserTeams' },
  { method: 'GET', path: '/api/auth/organization/list-team-members', fn: 'organization', handler: 'listTeamMembers' },

  { method: 'GET', path: '/api/brand', fn: 'brand', handler: 'getBrand' },
  { method: 'PUT', path: '/api/brand', fn: 'brand', handler: 'putBrand' },
  { method: 'POST', path: '/api/brand/logo-uploads', fn: 'brand', handler: 'createLogoUpload' },

  { method: 'GET', path: '/api/guides', fn: 'guides', handler: 'listGuides' },
  { method: 'POST', path: '/api/guides', fn: 'guides', handler: 'createGuide' },
  { method: 'GET', path: '/api/guides/{id}', fn: 'guides', handler: 'getGuide' },
  { method: 'PATCH', path: '/api/guides/{id}', fn: 'guides', handler: 'updateGuide' },
  { method: 'DELETE', path: '/api/guides/{id}', fn: 'guides', handler: 'deleteGuide' },
  { method: 'POST', path: '/api/guides/{id}/duplicate', fn: 'guides', handler: 'duplicateGuide' },
  { method: 'POST', path: '/api/guides/{id}/slides', fn: 'guides', handler: 'addSlide' },
  { method: 'PATCH', path: '/api/guides/{id}/slides/{slideId}', fn: 'guides', handler: 'updateSlide' },
  { method: 'DELETE', path: '/api/guides/{id}/slides/{slideId}', fn: 'guides', handler: 'deleteSlide' },
  { method: 'POST', path: '/api/guides/{id}/slides/{slideId}/restore', fn: 'guides', handler: 'restoreSlide' },
  { method: 'POST', path: '/api/guides/{id}/slides/{slideId}/duplicate', fn: 'guides', handler: 'duplicateSlide' },
  { method: 'POST', path: '/api/guides/{id}/slides/{slideId}/redact', fn: 'guides', handler: 'redactSlide' },
  { method: 'POST', path: '/api/guides/{id}/slides/{slideId}/split', fn: 'guides', handler: 'splitSlide' },
  { method: 'POST', path: '/api/guides/{id}/slides/{slideId}/merge', fn: 'guides', handler: 'mergeSlide' },
  { method: 'POST', path: '/api/guides/{id}/slides/{slideId}/screenshot', fn: 'guides', handler: 'changeScreenshot' },
  { method: 'POST', path: '/api/guides/{id}/uploads', fn: 'guides', handler: 'createUpload' },
  { method: 'POST', path: '/api/guides/{id}/publish', fn: 'guides', handler: 'publishGuide' },
  { method: 'POST', path: '/api/guides/{id}/discard-draft', fn: 'guides', handler: 'discardDraft' },
  { method: 'GET', path: '/api/guides/{id}/versions', fn: 'guides', handler: 'listVersions' },
  { method: 'POST', path: '/api/guides/{id}/versions/{version}/restore', fn: 'guides', handler: 'restoreVersion' },
  { method: 'POST', path: '/api/guides/{id}/presence', fn: 'guides', handler: 'renewPresence' },
  { method: 'DELETE', path: '/api/guides/{id}/presence/{clientId}', fn: 'guides', handler: 'leavePresence' },
  { method: 'GET', path: '/api/share/{id}', fn: 'share', handler: 'getSharedGuide' },
  { method: 'GET', path: '/api/share/{id}/guide-me', fn: 'share', handler: 'getGuideMe' },

  { method: 'POST', path: '/api/stripe/subscription/checkout-session', fn: 'billing', handler: 'checkoutSession' },
  { method: 'GET', path: '/api/stripe/subscription/confirm', fn: 'billing', handler: 'confirm' },
  { method: 'GET', path: '/api/stripe/subscription/details', fn: 'billing', handler: 'details' },
  { method: 'POST', path: '/api/stripe/billing-portal', fn: 'billing', handler: 'billingPortal' },
  { method: 'POST', path: '/api/stripe/webhook', fn: 'stripeWebhook', handler: 'webhook' },

  { method: 'POST', path: '/api/guides/{id}/exports', fn: 'exports', handler: 'createExport' },
  { method: 'GET', path: '/api/guides/{id}/exports', fn: 'exports', handler: 'listExports' },
  { method: 'GET', path: '/api/exports/{id}', fn: 'exports', handler: 'getExport' },
  { method: 'DELETE', path: '/api/exports/{id}', fn: 'exports', handler: 'deleteExport' },
  { method: 'POST', path: '/api/exports/{id}/retry', fn: 'exports', handler: 'retryExport' },

  { method: 'GET', path: '/api/folders', fn: 'guides', handler: 'listFolders' },
  { method: 'POST', path: '/api/folders', fn: 'guides', handler: 'createFolder' },
  { method: 'PATCH', path: '/api/folders/{id}', fn: 'guides', handler: 'renameFolder' },
  { method: 'DELETE', path: '/api/folders/{id}', fn: 'guides', handler: 'deleteFolder' },
  { method: 'GET', path: '/api/entitlements', fn: 'guides', handler: 'getEntitlements' },

  { method: 'POST', path: '/api/events', fn: 'events', handler: 'postEvents' },
  { method: 'GET', path: '/api/guides/{id}/analytics', fn: 'analytics', handler: 'guideAnalytics' },
  { method: 'GET', path: '/api/analytics', fn: 'analytics', handler: 'workspaceAnalytics' },
  { method: 'GET', path: '/api/analytics/guides', fn: 'analytics', handler: 'guideStats' },

  { method: 'GET', path: '/api/voices', fn: 'narration', handler: 'listVoices' },
  { method: 'GET', path: '/api/voices/{voiceId}/sample', fn: 'narration', handler: 'voiceSample' },
  { method: 'POST', path: '/api/guides/{id}/voiceover', fn: 'narration', handler: 'startVoiceover' },
  { method: 'POST', path: '/api/guides/{id}/transcript', fn: 'narration', handler: 'regenerateTranscript' },
  { method: 'GET', path: '/api/jobs/{id}', fn: 'narration', handler: 'getJob' },
  { method: 'GET', path: '/api/guides/{id}/translations', fn: 'narration', handler: 'listTranslations' },
  { method: 'POST', path: '/api/guides/{id}/translations', fn: 'narration', handler: 'startTranslation' },
  { method: 'GET', path: '/api/guides/{id}/translations/{language}', fn: 'narration', handler: 'getTranslation' },
  { method: 'PATCH', path: '/api/guides/{id}/translations/{language}', fn: 'narration', handler: 'updateTranslationTexts' },
  { method: 'DELETE', path: '/api/guides/{id}/translations/{language}', fn: 'narration', handler: 'removeTranslation' },
  { method: 'PATCH', path: '/api/guides/{id}/translations/{language}/slides/{slideId}', fn: 'narration', handler: 'updateTranslationSlide' },

  { method: 'POST', path: '/api/guides/{id}/checks', fn: 'drift', handler: 'startCheck' },
  { method: 'GET', path: '/api/guides/{id}/checks/latest', fn: 'drift', handler: 'latestCheck' },
  { method: 'GET', path: '/api/guides/{id}/checks/{checkId}', fn: 'drift', handler: 'getCheck' },
  { method: 'POST', path: '/api/guides/{id}/checks/{checkId}/steps/{slideId}/apply', fn: 'drift', handler: 'applyStep' },
  { method: 'PATCH', path: '/api/guides/{id}/check-schedule', fn: 'drift', handler: 'setSchedule' },
  { method: 'GET', path: '/api/guides/health', fn: 'drift', handler: 'guideHealth' },
  { method: 'POST', path: '/api/site-sessions', fn: 'drift', handler: 'saveSiteSession' },
  { method: 'GET', path: '/api/site-sessions', fn: 'drift', handler: 'listSiteSessions' },
  { method: 'DELETE', path: '/api/site-sessions/{id}', fn: 'drift', handler: 'deleteSiteSession' },

  // Anything under /api that no route matches answers 404 (or 405) in the one error shape,
  // instead of API Gateway's own `{"message":"Not Found"}`.
  { method: 'ANY', path: '/api/{proxy+}', fn: 'health', handler: 'notFound' },
] as const satisfies readonly RouteSpec[];

export type Route = (typeof ROUTES)[number];

export function routeKey(route: Pick<RouteSpec, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

interface CompiledRoute {
  route: RouteSpec;
  pattern: RegExp;
  names: string[];
  specificity: number;
}

function compile(route: RouteSpec): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const greedy = /^\{(\w+)\+\}$/.exec(segment);
      if (greedy?.[1]) {
        names.push(greedy[1]);
        return '(.+)';
      }
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param?.[1]) {
        names.push(param[1]);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names, specificity: specificity(route) };
}

const COMPILED = ROUTES.map((route) => compile(route));
/**
 * The routes without parameters, by method and path: a request to one of them needs no scan,
 * since no other route can beat an exact method on an all-literal path (specificity below).
 */
const LITERAL = new Map(COMPILED.filter((c) => c.names.length === 0 && c.route.method !== 'ANY').map((c) => [routeKey(c.route), c]));

function specificity(route: RouteSpec): number {
  // Literal segments beat parameters, parameters beat a greedy tail; an exact method beats ANY,
  // as API Gateway orders them.
  let score = 0;
  for (const segment of route.path.split('/')) {
    score += segment.endsWith('+}') ? 0 : segment.startsWith('{') ? 1 : 2;
  }
  return score * 2 + (route.method === 'ANY' ? 0 : 1);
}

export interface RouteMatch {
  route: RouteSpec;
  pathParameters: Record<string, string>;
}

/** Finds the route API Gateway would pick for a request. */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  const literal = LITERAL.get(`${method} ${path}`);
  if (literal) return { route: literal.route, pathParameters: {} };
  let best: { compiled: CompiledRoute; values: string[] } | undefined;
  for (const compiled of COMPILED) {
    if (compiled.route.method !== 'ANY' && compiled.route.method !== method) continue;
    const found = compiled.pattern.exec(path);
    if (!found) continue;
    if (!best || compiled.specificity > best.compiled.specificity) {
      best = { compiled, values: found.slice(1) };
    }
  }
  if (!best) return undefined;
  const pathParameters: Record<string, string> = {};
  best.compiled.names.forEach((name, i) => {
    pathParameters[name] = best.values[i] ?? '';
  });
  return { route: best.compiled.route, pathParameters };
}

/** The methods some route allows at this path, ignoring catch-alls: for 405 answers. */
export function allowedMethods(path: string): string[] {
  return COMPILED.filter((c) => c.route.method !== 'ANY' && c.pattern.test(path)).map((c) => c.route.method);
}
